import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureSite, generateFiles, GENERATOR_VERSION, Random, SPEC_OPERATIONS, writeSite } from '../../bench/generate.js';
import { build } from '../../src/pipeline/index.js';

const made: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'docs-build-bench-test-'));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Every file under `dir` with its bytes, sorted by path. */
function snapshot(dir: string): Array<[string, Buffer]> {
  return readdirSync(dir, { recursive: true, encoding: 'utf8', withFileTypes: false })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => !file.endsWith('/') && path.extname(file) !== '')
    .sort()
    .map((file): [string, Buffer] => [file, readFileSync(path.join(dir, file))]);
}

describe('bench/generate.ts', () => {
  it('is deterministic: the same seed gives byte-identical sites', () => {
    const first = tempDir();
    const second = tempDir();
    const a = writeSite(first, { pages: 80, seed: 7 });
    const b = writeSite(second, { pages: 80, seed: 7 });
    expect(b.digest).toBe(a.digest);
    const filesA = snapshot(first);
    const filesB = snapshot(second);
    expect(filesB.map(([file]) => file)).toEqual(filesA.map(([file]) => file));
    for (const [i, [file, bytes]] of filesA.entries()) expect(bytes.equals(filesB[i]![1]), file).toBe(true);
    expect(a.files).toBe(filesA.length);
  });

  it('gives a different site for a different seed', () => {
    const digest = (seed: number): string[] => [...generateFiles({ pages: 40, seed })].map((f) => f.text);
    expect(digest(1)).not.toEqual(digest(2));
    expect(digest(1)).toEqual(digest(1));
  });

  it('uses a seeded PRNG with a pinned sequence (mulberry32): no Math.random, same numbers everywhere', () => {
    const random = new Random(42);
    expect([random.next(), random.next(), random.next()]).toEqual([0.6011037519201636, 0.44829055899754167, 0.8524657934904099]);
    expect(new Random(1).int(1, 1000)).toBe(628);
  });

  it('writes the requested number of pages, about 10% of them API pages, and a 500-operation spec', () => {
    const files = [...generateFiles({ pages: 300 })];
    const pages = files.filter((f) => /\.mdx?$/.test(f.path) && !f.path.startsWith('snippets/'));
    expect(pages).toHaveLength(300);
    const apiPages = pages.filter((f) => /^api: /m.test(f.text));
    expect(apiPages.length).toBe(30);
    expect(apiPages.some((f) => f.text.includes('<Expandable'))).toBe(true);
    const spec = JSON.parse(files.find((f) => f.path.endsWith('.json') && f.path !== 'docs.json')!.text) as { openapi: string; paths: Record<string, object> };
    expect(spec.openapi).toBe('3.1.0');
    expect(Object.values(spec.paths).reduce((n, item) => n + Object.keys(item).length, 0)).toBe(SPEC_OPERATIONS);
  });

  it('generates a site that builds with zero errors and zero warnings', async () => {
    const root = tempDir();
    writeSite(root, { pages: 150 });
    const result = await build({ root, cache: false, workers: 0 });
    const problems = result.diagnostics.filter((d) => d.severity !== 'info');
    expect(problems.map((d) => `${d.code} ${d.file ?? ''}:${d.line ?? ''} ${d.message}`)).toEqual([]);
    expect(result.stats).toMatchObject({ mdxPages: 150, generatedPages: SPEC_OPERATIONS, specs: 1 });
    // Hand-written API pages, `openapi:` frontmatter pages and generated pages all carry endpoint data.
    expect(result.stats!.endpointPages).toBeGreaterThanOrEqual(SPEC_OPERATIONS + 15);
    expect(result.stats!.fields).toBeGreaterThan(1000);
  }, 120_000);

  it('reuses a site on disk made by the same generator version and options', () => {
    const base = tempDir();
    const first = ensureSite(base, 'tiny', { pages: 20 });
    expect(first.reused).toBe(false);
    expect(first.summary.generatorVersion).toBe(GENERATOR_VERSION);
    expect(ensureSite(base, 'tiny', { pages: 20 }).reused).toBe(true);
    const other = ensureSite(base, 'tiny', { pages: 21 });
    expect(other.reused).toBe(false);
    expect(other.summary.digest).not.toBe(first.summary.digest);
  });
});
