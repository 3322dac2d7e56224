import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/pipeline/build.js';
import { upgradeRoot } from '../../src/upgrade/index.js';
import { removeTempRoots, tempRoot } from '../helpers/temp-root.js';

afterAll(removeTempRoots);

const corpora = path.resolve(import.meta.dirname, '../../../shared/corpora');
const mintJson = JSON.stringify({ name: 'Acme', colors: { primary: '#112233' }, navigation: [{ group: 'Start', pages: ['index'] }], feedback: { thumbsRating: true } }, null, 2);
const page = '---\ntitle: Home\n---\n# Home\n';

describe('upgradeRoot', () => {
  it('writes docs.json next to mint.json, which then builds; the legacy error names the command', async () => {
    const root = tempRoot({ 'mint.json': mintJson, 'index.mdx': page });
    const before = await build({ root });
    expect(before.diagnostics.map((d) => d.code)).toEqual(['config/legacy-mint-json']);
    expect(before.diagnostics[0]!.suggestion).toContain(`docs-build upgrade ${root}`);

    const { value, diagnostics } = upgradeRoot(root);
    expect(diagnostics.map((d) => `${d.code} ${d.file}:${d.line}:${d.column}`)).toEqual(['upgrade/key-not-mapped mint.json:14:3']);
    expect(value.written).toBe(path.join(root, 'docs.json'));
    expect(JSON.parse(readFileSync(path.join(root, 'docs.json'), 'utf8'))).toEqual(value.docs);
    // Written by rename: no temporary file is left beside it.
    expect(readdirSync(root).sort()).toEqual(['docs.json', 'index.mdx', 'mint.json']);
    const after = await build({ root });
    expect(after.diagnostics).toEqual([]);
  });

  it('never writes over an existing docs.json without force', () => {
    const root = tempRoot({ 'mint.json': mintJson, 'docs.json': '{"mine": true}\n' });
    const refused = upgradeRoot(root);
    expect(refused.diagnostics.map((d) => d.code)).toContain('upgrade/docs-json-exists');
    expect(refused.value.written).toBeUndefined();
    expect(readFileSync(path.join(root, 'docs.json'), 'utf8')).toBe('{"mine": true}\n');
    const forced = upgradeRoot(root, { force: true });
    expect(forced.value.written).toBe(path.join(root, 'docs.json'));
    expect(JSON.parse(readFileSync(path.join(root, 'docs.json'), 'utf8'))).toMatchObject({ name: 'Acme' });
  });

  it('reports a missing or broken mint.json and writes nothing', () => {
    const empty = tempRoot({ 'index.mdx': page });
    expect(upgradeRoot(empty).diagnostics.map((d) => d.code)).toEqual(['upgrade/no-mint-json']);
    const broken = tempRoot({ 'mint.json': '{\n  "name": "Acme",\n}\n' });
    expect(upgradeRoot(broken).diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`)).toEqual(['upgrade/invalid-mint-json 3:1']);
    const array = tempRoot({ 'mint.json': '[]' });
    expect(upgradeRoot(array).diagnostics.map((d) => d.code)).toEqual(['upgrade/invalid-mint-json']);
    for (const root of [empty, broken, array]) expect(existsSync(path.join(root, 'docs.json'))).toBe(false);
    expect(upgradeRoot(path.join(empty, 'nope')).diagnostics.map((d) => d.code)).toEqual(['root/not-found']);
  });

  it('a failed write is upgrade/write-failed, and nothing is left behind', () => {
    const root = tempRoot({ 'mint.json': mintJson });
    // A folder where docs.json goes: the writer refuses to replace anything but a regular file.
    const folder = path.join(root, 'docs.json');
    cpSync(path.join(root, 'mint.json'), path.join(folder, 'x'), { recursive: true });
    const result = upgradeRoot(root, { force: true });
    expect(result.diagnostics.map((d) => d.code)).toContain('upgrade/write-failed');
    expect(readdirSync(root).sort()).toEqual(['docs.json', 'mint.json']);
  });
});

describe.skipIf(!existsSync(path.join(corpora, 'agentops')))('agentops (a mint.json site)', () => {
  const made: string[] = [];
  afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('builds with no configuration error after the upgrade; pages missing on disk stay errors', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'docs-build-agentops-'));
    made.push(root);
    cpSync(path.join(corpora, 'agentops'), root, { recursive: true });
    const before = await build({ root, offline: true });
    expect(before.diagnostics.map((d) => d.code)).toEqual(['config/legacy-mint-json']);

    const { value, diagnostics } = upgradeRoot(root);
    expect(value.written).toBeDefined();
    expect(diagnostics.map((d) => `${d.code} ${d.pointer}`)).toEqual([
      'upgrade/key-not-mapped /colors/anchors',
      'upgrade/key-not-mapped /topAnchor',
      'upgrade/value-changed /versions/2',
    ]);
    const after = await build({ root, offline: true });
    const counts: Record<string, number> = {};
    for (const d of after.diagnostics) counts[`${d.code} ${d.severity}`] = (counts[`${d.code} ${d.severity}`] ?? 0) + 1;
    expect(after.diagnostics.filter((d) => d.stage === 'config' && d.severity === 'error')).toEqual([]);
    // The two pages with a quoted value continued on an unindented line read as the service reads them now.
    // Every published page is checked, links too: two pages outside the navigation do not parse, and the
    // corpus copy has no images (missing assets); its broken links and anchors are the repository's own.
    expect(counts).toEqual({
      'config/asset-not-found warning': 3,
      'navigation/page-not-found error': 1,
      'mdx/syntax-error error': 2,
      'links/broken-link error': 19,
      'links/broken-anchor warning': 3,
      'links/missing-asset error': 15,
      // Screenshots and GIFs written as <img> without alt (v1/introduction.mdx and others).
      'content/image-missing-alt warning': 41,
      // Pages whose first heading is an h3 under the title, or an h4 after an h2.
      'content/heading-level-skipped warning': 6,
    });
    expect(after.stats?.pages).toBeGreaterThan(80);
  }, 120_000);
});
