import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/pipeline/index.js';
import { writeSite } from '../../bench/generate.js';
import { parsePages, parseOnMainThread, startPagePool } from '../../src/mdx/page-pool.js';
import { serializeManifest } from '../../src/manifest/serialize.js';
import { parseMdxPage } from '../../src/mdx/index.js';
import { DocsRoot } from '../../src/root/index.js';
import { expectValidManifest } from '../helpers/temp-root.js';

const example = path.resolve(import.meta.dirname, '../../docs-example');
const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function copyOfExample(): { root: string; cacheDir: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'docs-build-cache-'));
  made.push(dir);
  const root = path.join(dir, 'site');
  cpSync(example, root, { recursive: true, filter: (src) => !src.includes('.docs-build') });
  return { root, cacheDir: path.join(dir, 'cache') };
}

async function coldAndWarm(root: string, cacheDir: string): Promise<{ cold: string; warm: string; coldDiagnostics: unknown; warmDiagnostics: unknown }> {
  const cold = await build({ root, cache: false });
  const warm = await build({ root, cache: true, cacheDir });
  return {
    cold: serializeManifest(cold.manifest!),
    warm: serializeManifest(warm.manifest!),
    coldDiagnostics: cold.diagnostics,
    warmDiagnostics: warm.diagnostics,
  };
}

describe('incremental cache', () => {
  it('warm and cold output are byte-identical across a series of edits', async () => {
    const { root, cacheDir } = copyOfExample();
    const edits: Array<[string, () => void]> = [
      ['nothing changed yet', () => {}],
      ['nothing changed (fully warm)', () => {}],
      ['one page body changed', () => writeFileSync(path.join(root, 'quickstart.mdx'), readFileSync(path.join(root, 'quickstart.mdx'), 'utf8') + '\nOne more line.\n')],
      ['a page title changed', () => writeFileSync(path.join(root, 'guides/webhooks.mdx'), readFileSync(path.join(root, 'guides/webhooks.mdx'), 'utf8').replace('Receiving webhooks', 'Webhooks, received'))],
      ['a page broken', () => writeFileSync(path.join(root, 'guides/index.mdx'), '---\ntitle: Guides\n---\n<Note>unclosed\n')],
      ['the page repaired', () => writeFileSync(path.join(root, 'guides/index.mdx'), '---\ntitle: Guides\n---\nFixed.\n')],
      ['docs.json setting changed', () => writeFileSync(path.join(root, 'docs.json'), readFileSync(path.join(root, 'docs.json'), 'utf8').replace('"method": "bearer"', '"method": "basic"'))],
      ['a new page added to the navigation', () => {
        writeFileSync(path.join(root, 'extra.mdx'), '---\ntitle: Extra\n---\nNew.\n');
        writeFileSync(path.join(root, 'docs.json'), readFileSync(path.join(root, 'docs.json'), 'utf8').replace('"pages": ["index", "quickstart"]', '"pages": ["index", "quickstart", "extra"]'));
      }],
      ['a listed page deleted', () => rmSync(path.join(root, 'extra.mdx'))],
      ['the spec made invalid', () => writeFileSync(path.join(root, 'api/openapi.yaml'), readFileSync(path.join(root, 'api/openapi.yaml'), 'utf8').replace(/operationId: listProjects/, 'operationId: [not, a, string]'))],
      ['the spec repaired', () => writeFileSync(path.join(root, 'api/openapi.yaml'), readFileSync(path.join(root, 'api/openapi.yaml'), 'utf8').replace('operationId: [not, a, string]', 'operationId: listProjects'))],
    ];
    for (const [what, edit] of edits) {
      edit();
      const { cold, warm, coldDiagnostics, warmDiagnostics } = await coldAndWarm(root, cacheDir);
      expect(warm, what).toBe(cold);
      expect(warmDiagnostics, what).toEqual(coldDiagnostics);
    }
    expect(readdirSync(path.join(cacheDir, 'pages')).length).toBeGreaterThan(0);
    expect(readdirSync(path.join(cacheDir, 'specs')).length).toBeGreaterThan(0);
  });

  it('a spec change is seen on the warm path', async () => {
    const { root, cacheDir } = copyOfExample();
    const specs = readdirSync(root, { recursive: true }).map(String).filter((f) => /\.(ya?ml|json)$/.test(f) && f.includes('api/'));
    expect(specs.length).toBeGreaterThan(0);
    for (const spec of specs) {
      await build({ root, cache: true, cacheDir });
      const file = path.join(root, spec);
      writeFileSync(file, readFileSync(file, 'utf8').replace(/title: ([^\n]+)/, 'title: $1 (edited)'));
      const { cold, warm } = await coldAndWarm(root, cacheDir);
      expect(warm).toBe(cold);
    }
  });

  it('a reused run leaves an up-to-date output alone, reads its manifest on demand, and rewrites an output edited since', async () => {
    const { root, cacheDir } = copyOfExample();
    const outFile = path.join(path.dirname(cacheDir), 'out', 'manifest.json');
    const first = await build({ root, cache: true, cacheDir, outFile });
    const written = readFileSync(outFile, 'utf8');
    const reused = await build({ root, cache: true, cacheDir, outFile });
    expect(reused.written).toBe(outFile);
    expect(serializeManifest(reused.manifest!)).toBe(serializeManifest(first.manifest!));
    expect(readFileSync(outFile, 'utf8')).toBe(written);

    const edited = written.replace('"manifestVersion": 1', '"manifestVersion": 2');
    expect(edited).not.toBe(written);
    writeFileSync(outFile, edited);
    const again = await build({ root, cache: true, cacheDir, outFile });
    expect(readFileSync(outFile, 'utf8')).toBe(written);
    expect(serializeManifest(again.manifest!)).toBe(written);
  });

  it('runs that find their output current leave no temporary links in the cache', async () => {
    const { root, cacheDir } = copyOfExample();
    const outFile = path.join(path.dirname(cacheDir), 'out', 'manifest.json');
    await build({ root, cache: true, cacheDir, outFile });
    const before = statSync(outFile);
    // A docs.json edit that changes no output: the stages run and find the output already holds their manifest.
    for (let run = 0; run < 3; run++) {
      writeFileSync(path.join(root, 'docs.json'), `${readFileSync(path.join(root, 'docs.json'), 'utf8')}\n`);
      expect((await build({ root, cache: true, cacheDir, outFile })).written).toBe(outFile);
    }
    expect(statSync(outFile).ino).toBe(before.ino);
    const files = readdirSync(cacheDir, { recursive: true }).map(String);
    expect(files.filter((file) => file.endsWith('.tmp'))).toEqual([]);
    // The output and the cache's copy of the manifest: one file, two names.
    expect(statSync(outFile).nlink).toBe(2);
  });

  it('a corrupt cache entry is ignored with a warning, never trusted', async () => {
    const { root, cacheDir } = copyOfExample();
    await build({ root, cache: true, cacheDir });
    for (const shard of readdirSync(path.join(cacheDir, 'builds'))) {
      for (const entry of readdirSync(path.join(cacheDir, 'builds', shard))) writeFileSync(path.join(cacheDir, 'builds', shard, entry), '{"key": "x", "value": ');
    }
    // Page entries live in packs: every byte of them garbled, the index left intact.
    const packs = readdirSync(path.join(cacheDir, 'pages')).filter((name) => name.endsWith('.pack'));
    expect(packs).toHaveLength(1);
    for (const pack of packs) {
      const file = path.join(cacheDir, 'pages', pack);
      writeFileSync(file, '{'.repeat(readFileSync(file).length));
    }
    const warm = await build({ root, cache: true, cacheDir });
    const cold = await build({ root, cache: false });
    expect(warm.diagnostics.filter((d) => d.code === 'cache/ignored')).toHaveLength(1);
    expect(serializeManifest(warm.manifest!)).toBe(serializeManifest(cold.manifest!));
    expect(warm.manifest!.diagnostics).toEqual(cold.manifest!.diagnostics);
  });

  it('a corrupt page index is ignored with a warning and rewritten', async () => {
    const { root, cacheDir } = copyOfExample();
    await build({ root, cache: true, cacheDir });
    const index = path.join(cacheDir, 'pages', 'index.json');
    writeFileSync(index, '{"format": "docs-build-pack-index", "run": 1, "entries": {"k": ["../../etc/passwd", 0, 10, 1]}}');
    // docs.json edited: the stages run and look every page up.
    writeFileSync(path.join(root, 'docs.json'), readFileSync(path.join(root, 'docs.json'), 'utf8').replace('"name": "Acme Platform"', '"name": "Acme Platform, edited"'));
    const warm = await build({ root, cache: true, cacheDir });
    const cold = await build({ root, cache: false });
    expect(warm.diagnostics.filter((d) => d.code === 'cache/ignored')).toMatchObject([{ severity: 'warning', message: expect.stringContaining('corrupt cache entry') }]);
    expect(serializeManifest(warm.manifest!)).toBe(serializeManifest(cold.manifest!));
    const rewritten = JSON.parse(readFileSync(index, 'utf8'));
    expect(Object.keys(rewritten.entries).length).toBe(cold.stats!.mdxPages);
    const again = await build({ root, cache: true, cacheDir });
    expect(again.diagnostics.filter((d) => d.code === 'cache/ignored')).toEqual([]);
  });

  it('a foreign cache is ignored with a warning and started afresh; --strict does not fail on it', async () => {
    const { root, cacheDir } = copyOfExample();
    await build({ root, cache: true, cacheDir });
    writeFileSync(path.join(cacheDir, 'cache-meta.json'), JSON.stringify({ format: 'docs-build-cache', layout: 1, generator: 'docs-build@0.0.0-other' }));
    const warm = await build({ root, cache: true, cacheDir, strict: true, outFile: path.join(root, 'out.json') });
    expect(warm.diagnostics.filter((d) => d.code === 'cache/ignored')).toMatchObject([{ severity: 'warning' }]);
    expect(warm.diagnostics[0]!.message).toContain('docs-build@0.0.0-other');
    expect(warm.written).toBeDefined();
    expect(JSON.parse(readFileSync(path.join(cacheDir, 'cache-meta.json'), 'utf8')).generator).not.toBe('docs-build@0.0.0-other');
    expectValidManifest(warm.manifest);
  });

  it('a read-only cache (check) writes nothing', async () => {
    const { root, cacheDir } = copyOfExample();
    await build({ root, cache: 'read-only', cacheDir });
    expect(existsSync(cacheDir)).toBe(false);
  });
});

describe('MDX worker pool', () => {
  it('parses on worker threads with the same results as the main thread', async () => {
    const root = DocsRoot.open(example)!;
    const pages = root.files().filter((f) => /\.mdx?$/.test(f));
    const files = Array.from({ length: 60 }, (_, i) => {
      const read = root.read(pages[i % pages.length]!);
      if (!read.ok) throw new Error('unreadable example page');
      return { ...read.file, path: `copy-${i}/${read.file.path}` };
    });
    const reported = new Map<string, unknown>();
    const pooled = await parsePages(files, { workers: 2, minPages: 1, onResult: (file, result) => reported.set(file, result) });
    expect([...reported.keys()].sort()).toEqual(files.map((f) => f.path).sort());
    for (const [file, result] of reported) expect(result).toBe(pooled.get(file));
    expect(pooled.size).toBe(files.length);
    for (const file of files) expect(pooled.get(file.path)).toEqual(parseMdxPage(file));
  });

  it('a pool started before its pages are known parses them like the main thread, reporting each as it arrives', async () => {
    const files = examplePages(60);
    const pool = startPagePool({ workers: 2 })!;
    try {
      const reported: string[] = [];
      const pooled = await pool.parse(files, (file) => reported.push(file));
      expect(reported.sort()).toEqual(files.map((f) => f.path).sort());
      expect(pooled).toEqual(parseOnMainThread(files));
    } finally {
      await pool.close();
    }
  });

  it('a pool whose workers stopped rejects the parse instead of waiting forever', async () => {
    const pool = startPagePool({ workers: 1 })!;
    await pool.close();
    await expect(pool.parse(examplePages(10))).rejects.toThrow(/MDX worker exited/);
  });

  it('a site parsed on workers, its specs resolved meanwhile, equals the same site parsed on the main thread', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docs-build-pool-'));
    made.push(dir);
    writeSite(dir, { pages: 120, seed: 11 });
    const pooled = await build({ root: dir, cache: false, workers: 1 });
    const mainThread = await build({ root: dir, cache: false, workers: 0 });
    expect(pooled.stats!.mdxPages).toBe(120);
    // The generator's openapi: frontmatter pages, decorated from the spec while the other pages parsed.
    expect(Object.values(pooled.manifest!.pages).filter((page) => page.kind === 'endpoint' && page.source.file.endsWith('.mdx') && page.operation).length).toBeGreaterThan(0);
    expect(serializeManifest(pooled.manifest!)).toBe(serializeManifest(mainThread.manifest!));
    expect(pooled.diagnostics).toEqual(mainThread.diagnostics);
  });
});

function examplePages(count: number): Array<ReturnType<typeof readExamplePage>> {
  const root = DocsRoot.open(example)!;
  const pages = root.files().filter((f) => /\.mdx?$/.test(f));
  return Array.from({ length: count }, (_, i) => readExamplePage(root, pages[i % pages.length]!, i));
}

function readExamplePage(root: DocsRoot, file: string, copy: number) {
  const read = root.read(file);
  if (!read.ok) throw new Error(`unreadable example page ${file}`);
  return { ...read.file, path: `copy-${copy}/${read.file.path}` };
}
