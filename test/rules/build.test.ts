import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { build } from '../../src/pipeline/build.js';
import { ignoreFileText } from '../../src/rules/index.js';
import { docsJsonWith, expectValidManifest, removeTempRoots, tempRoot } from '../helpers/temp-root.js';
import { corpusCacheDir } from '../helpers/corpus-cache.js';

afterAll(removeTempRoots);

const corpora = path.resolve(import.meta.dirname, '../../../shared/corpora');
const summary = (d: { code: string; severity: string; file?: string; line?: number }): string => `${d.code} ${d.severity} ${d.file ?? ''}:${d.line ?? ''}`;

const spec = `openapi: 3.1.0
info: { title: Views, version: 1.0.0 }
servers: [{ url: https://api.example.com }]
paths:
  /v1/views:
    get: { summary: Views, responses: { '200': { description: ok } } }
`;

/** A site whose translated copy of an endpoint page names an operation its spec no longer has. */
function staleTranslation(extra: Record<string, string> = {}): string {
  return tempRoot({
    'docs.json': docsJsonWith({ groups: [{ group: 'API', openapi: 'openapi.yaml', pages: ['api/views', 'es/api/views'] }] }),
    'openapi.yaml': spec,
    'api/views.mdx': '---\ntitle: Views\nopenapi: GET /v1/views\n---\n',
    'es/api/views.mdx': '---\ntitle: Vistas\nopenapi: GET /v1/visits\n---\n',
    ...extra,
  });
}

const turnToWarnInEs = JSON.stringify({ overrides: [{ files: 'es/**', rules: { 'openapi/unknown-endpoint': 'warn' } }] });

describe('build() with docs-build.json and the ignore file', () => {
  it('an error set to warn for its paths no longer blocks the manifest', async () => {
    const blocked = staleTranslation();
    const before = await build({ root: blocked, outFile: path.join(blocked, 'out.json') });
    expect(before.diagnostics.map(summary)).toEqual(['openapi/unknown-endpoint error es/api/views.mdx:3']);
    expect(before.written).toBeUndefined();

    const root = staleTranslation({ 'docs-build.json': turnToWarnInEs });
    const result = await build({ root, outFile: path.join(root, 'out.json') });
    expect(result.diagnostics.map(summary)).toEqual(['openapi/unknown-endpoint warning es/api/views.mdx:3']);
    expect(result.written).toBe(path.join(root, 'out.json'));
    expectValidManifest(result.manifest);
    expect(result.manifest.diagnostics).toEqual({ errors: 0, warnings: 1 });
  });

  it('--strict still promotes the warnings that remain: flags override the file', async () => {
    const root = staleTranslation({ 'docs-build.json': turnToWarnInEs });
    const result = await build({ root, outFile: path.join(root, 'out.json'), strict: true });
    expect(result.diagnostics.map(summary)).toEqual(['openapi/unknown-endpoint error es/api/views.mdx:3']);
    expect(result.written).toBeUndefined();
  });

  it('an error turned off is counted as ignored, and a broken docs-build.json blocks the build', async () => {
    const off = staleTranslation({ 'docs-build.json': JSON.stringify({ rules: { 'openapi/unknown-endpoint': 'off' } }) });
    const result = await build({ root: off, outFile: path.join(off, 'out.json') });
    expect(result.diagnostics).toEqual([]);
    expect(result.ignored).toEqual({ off: 1, ignoreFile: 0, byCode: { 'openapi/unknown-endpoint': 1 } });
    expect(result.written).toBeDefined();

    const broken = staleTranslation({ 'docs-build.json': '{ "rules": { "openapi/unknown-endpoint": "of" } }' });
    const refused = await build({ root: broken, outFile: path.join(broken, 'out.json') });
    expect(refused.diagnostics.map(summary)).toEqual(['rules/invalid-setting error docs-build.json:1', 'openapi/unknown-endpoint error es/api/views.mdx:3']);
    expect(refused.written).toBeUndefined();
  });

  it('the errors a run stopped on stay errors: no setting or ignore entry makes a run that built nothing pass', async () => {
    const cases: Array<{ files: Record<string, string>; code: string }> = [
      { files: { 'mint.json': '{ "name": "Legacy" }' }, code: 'config/legacy-mint-json' },
      { files: { 'docs.json': '{ "name": ' }, code: 'config/invalid-json' },
      { files: { 'index.mdx': '# Home' }, code: 'config/missing' },
    ];
    for (const { files, code } of cases) {
      for (const level of ['warn', 'off', 'info']) {
        const root = tempRoot({ ...files, 'docs-build.json': JSON.stringify({ rules: { [code]: level } }) });
        const result = await build({ root, outFile: path.join(root, 'out.json') });
        expect(result.diagnostics.map((d) => `${d.code} ${d.severity}`), `${code} set to ${level}`).toEqual([`${code} error`]);
        expect(result.ignored?.off ?? 0).toBe(0);
        expect(result.written).toBeUndefined();
      }
      // Accepted in the ignore file: the entry is used (not reported as stale), the error stays.
      const root = tempRoot(files);
      const first = await build({ root });
      const read = (file: string): string | undefined => readFileSync(path.join(root, file), 'utf8');
      writeFileSync(path.join(root, '.docs-build-ignore.json'), ignoreFileText(first.diagnostics, read).text);
      const accepted = await build({ root });
      expect(accepted.diagnostics.map((d) => `${d.code} ${d.severity}`)).toEqual([`${code} error`]);
    }
    // An error of a run that went on to a manifest is still the settings' to change.
    const root = staleTranslation({ 'docs-build.json': JSON.stringify({ rules: { 'openapi/unknown-endpoint': 'warn' } }) });
    expect((await build({ root, outFile: path.join(root, 'out.json') })).written).toBeDefined();
  });

  it('accepted problems stay accepted when lines are inserted above them; a new one still counts; rules: false reads neither file', async () => {
    const page = (above: string, fields: string): string => `---\ntitle: Get\napi: GET https://api.example.com/v1/get\n---\n${above}<ResponseField type="string">\n  Value\n</ResponseField>\n${fields}`;
    const root = tempRoot({ 'docs.json': docsJsonWith({ pages: ['get'] }), 'get.mdx': page('', '') });
    const first = await build({ root });
    expect(first.diagnostics.map(summary)).toEqual(['mdx/response-name-missing error get.mdx:5']);
    const read = (file: string): string | undefined => readFileSync(path.join(root, file), 'utf8');
    writeFileSync(path.join(root, '.docs-build-ignore.json'), ignoreFileText(first.diagnostics, read).text);

    writeFileSync(path.join(root, 'get.mdx'), page('# Get\n\nIntro.\n\n', ''));
    const shifted = await build({ root, outFile: path.join(root, 'out.json') });
    expect(shifted.diagnostics).toEqual([]);
    expect(shifted.ignored).toEqual({ off: 0, ignoreFile: 1, byCode: { 'mdx/response-name-missing': 1 } });
    expect(shifted.written).toBeDefined();

    writeFileSync(path.join(root, 'get.mdx'), page('', '<ResponseField type="number" />\n'));
    const added = await build({ root });
    expect(added.diagnostics.map(summary)).toEqual(['mdx/response-name-missing error get.mdx:8']);
    expect((await build({ root, rules: false })).diagnostics).toHaveLength(2);
  });

  it('with the cache, a warm run reports what a cold one did without reading anything, and an edit of the settings is seen', async () => {
    const root = staleTranslation({ 'docs-build.json': JSON.stringify({ rules: { 'config/asset-not-found': 'off' }, overrides: [{ files: 'es/**', rules: { 'openapi/unknown-endpoint': 'warn' } }] }) });
    writeFileSync(path.join(root, 'docs.json'), docsJsonWith({ groups: [{ group: 'API', openapi: 'openapi.yaml', pages: ['api/views', 'es/api/views'] }] }, { favicon: '/favicon.png' }));
    const opened: string[] = [];
    const options = { root, cache: true as const, outFile: path.join(root, 'out.json'), onOpen: (file: string) => opened.push(file) };
    const cold = await build(options);
    expect(cold.written).toBeDefined();
    expect(cold.ignored).toEqual({ off: 1, ignoreFile: 0, byCode: { 'config/asset-not-found': 1 } });
    // An hour on, the files' stamps can be trusted: one run proves them by hash, the next opens nothing.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 3_600_000);
      await build(options);
      opened.length = 0;
      const warm = await build(options);
      expect(opened).toEqual([]);
      expect(warm.diagnostics.map(summary)).toEqual(['openapi/unknown-endpoint warning es/api/views.mdx:3']);
      expect(warm.ignored).toEqual(cold.ignored);
    } finally {
      vi.useRealTimers();
    }
    writeFileSync(path.join(root, 'docs-build.json'), JSON.stringify({ rules: { 'openapi/unknown-endpoint': 'off' } }));
    const edited = await build(options);
    expect(edited.diagnostics.map(summary)).toEqual(['config/asset-not-found warning docs.json:3']);
    expect(edited.ignored?.off).toBe(1);
    rmSync(path.join(root, 'docs-build.json'));
    const removed = await build(options);
    expect(removed.diagnostics.map(summary)).toEqual(['config/asset-not-found warning docs.json:3', 'openapi/unknown-endpoint error es/api/views.mdx:3']);
    expect(removed.ignored).toBeUndefined();
  });
});

/** A copy of a read-only corpus, so a settings file can be added to it. */
function copyOf(name: string, files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), `docs-build-${name}-`));
  cpSync(path.join(corpora, name), dir, { recursive: true, filter: (src) => !src.includes(`${path.sep}.docs-build`) && !src.endsWith(`${path.sep}.git`) });
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  made.push(dir);
  return dir;
}
const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!existsSync(path.join(corpora, 'mintlify-docs')))('mintlify-docs: 12 stale translated endpoint pages', () => {
  it('block the manifest until docs-build.json turns their code to warn for the translated paths', async () => {
    // The corpus copy has no images, and its links are the repository's own business here: the test is about the translated paths.
    const links = { 'links/missing-asset': 'off', 'links/broken-link': 'warn' } as const;
    const settings = { rules: links, overrides: [{ files: ['es/**', 'fr/**', 'zh/**'], rules: { 'openapi/unknown-endpoint': 'warn' } }] };
    const root = copyOf('mintlify-docs', { 'docs-build.json': JSON.stringify({ rules: links }) });
    // The cache makes the second build cheap: the pages are parsed once.
    // The run's shared cache of mintlify-docs: pages and code blocks another suite built are reused (this copy's run is its own).
    const options = { root, offline: true, cache: true as const, cacheDir: corpusCacheDir('mintlify-docs'), outFile: path.join(root, 'out', 'manifest.json') };
    const blocked = await build(options);
    expect(blocked.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)).toEqual(Array(12).fill('openapi/unknown-endpoint'));
    expect(blocked.written).toBeUndefined();
    writeFileSync(path.join(root, 'docs-build.json'), JSON.stringify(settings, null, 2));
    const result = await build(options);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.diagnostics.filter((d) => d.code === 'openapi/unknown-endpoint' && d.severity === 'warning')).toHaveLength(12);
    expect(result.written).toBeDefined();
    expectValidManifest(result.manifest);
  }, 240_000);
});

describe.skipIf(!existsSync(path.join(corpora, 'upstash-docs')))('upstash-docs: warnings accepted through the ignore file', () => {
  it('leaves out every warning written down, counts them, and keeps the errors', async () => {
    const root = copyOf('upstash-docs', {});
    const options = { root, offline: true, cache: true as const, cacheDir: corpusCacheDir('upstash-docs') };
    const before = await build(options);
    const warnings = before.diagnostics.filter((d) => d.severity === 'warning');
    expect(warnings.length).toBeGreaterThan(5);
    const read = (file: string): string | undefined => {
      try {
        return readFileSync(path.join(root, file), 'utf8');
      } catch {
        return undefined;
      }
    };
    writeFileSync(path.join(root, '.docs-build-ignore.json'), ignoreFileText(warnings, read).text);
    const after = await build(options);
    expect(after.diagnostics.filter((d) => d.severity === 'warning')).toEqual([]);
    expect(after.diagnostics.filter((d) => d.severity === 'error')).toEqual(before.diagnostics.filter((d) => d.severity === 'error'));
    expect(after.ignored?.ignoreFile).toBe(warnings.length);
  }, 240_000);
});
