/**
 * Speed of the site (docs/site.md#speed): `tsx bench/site.ts [--root DIR] [--runs N]`.
 *
 * On a temporary copy of the docs root (default ../shared/corpora/firecrawl-docs, else docs-example):
 *   export cold     `exportSite` with an empty cache: pages/s and the child's peak RSS
 *   export warm     again, nothing changed
 *   export page     again after one page changed (a line appended): the median of --runs such edits
 *   export search  the reader's first search in the export served on 127.0.0.1: click to first hit
 *   dev first paint `docs-build dev` started with a warm cache until Chromium painted the home page
 *   dev edit        an edit of a page until the open browser shows it (median of --runs edits)
 * Each export runs in its own child process (`--child`), so its RSS and its cold start are its own.
 * Everything runs the compiled code (`dist/`, built first), as the CLI does: from the sources, tsx's
 * loader and Vite's transform of TypeScript would add their own time to every figure.
 */
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
// The static host the export's browser tests serve it with.
import { staticServer } from '../test/site/helpers.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const project = path.resolve(here, '..');
const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};

interface ChildResult {
  ms: number;
  pages: number;
  rssMb: number;
  ok: boolean;
  /** Why nothing was written: the first error codes by count (an export with errors writes nothing). */
  errors?: Record<string, number>;
  timings?: Record<string, number>;
  /** `full` (a new folder) or `update` (the previous export updated in place), and the pages rendered. */
  mode?: string;
  rendered?: number;
}

/**
 * The export child: plain Node on the compiled code (no TypeScript loader in the measured process). It
 * prints one JSON line, a `ChildResult`.
 */
const childScript = `
const [root, out, dist, settings] = process.argv.slice(2);
// The process as \`docs-build export\` runs: bin/docs-build.js makes these settings first.
(await import(settings)).configureCliProcess();
const { exportSite } = await import(dist);
const started = performance.now();
const result = await exportSite({ root, outDir: out, offline: true });
const report = { ms: performance.now() - started, pages: result.pages, rssMb: process.resourceUsage().maxRSS / 1024, ok: result.written !== undefined, timings: result.timings, mode: result.mode, rendered: result.rendered };
if (!report.ok) {
  const errors = {};
  for (const d of result.result.diagnostics) if (d.severity === 'error') errors[d.code] = (errors[d.code] ?? 0) + 1;
  report.errors = errors;
}
process.stdout.write(JSON.stringify(report) + '\\n');
`;

function runExport(root: string, out: string): ChildResult {
  // The bundle `docs-build export` runs (its chunks), not the one-file-per-module dist/site/export.js.
  const dist = pathToFileURL(path.join(project, 'dist', 'bin', 'export.js')).href;
  const settings = pathToFileURL(path.join(project, 'dist', 'bin', 'process-settings.js')).href;
  // A file, not `-e`: worker threads inherit the process's flags, and `--input-type` fails them.
  const script = path.join(path.dirname(out), 'export-child.mjs');
  writeFileSync(script, childScript);
  const run = spawnSync(process.execPath, [script, root, out, dist, settings], { cwd: project, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: plainEnv() });
  const line = run.stdout.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(line) as ChildResult;
  } catch {
    throw new Error(`export child failed:\n${run.stderr.slice(-2000)}`);
  }
}

/** The measured processes run without tsx's loader, which the bench itself runs under (it passes it on in NODE_OPTIONS). */
const plainEnv = (): NodeJS.ProcessEnv => ({ ...process.env, NODE_OPTIONS: '' });

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** `docs-build dev` as users start it (the CLI, its own process): resolves with its URL once it printed it. */
async function startDev(root: string): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [path.join(project, 'bin', 'docs-build.js'), 'dev', root, '--port', '0', '--offline'], { cwd: project, stdio: ['ignore', 'pipe', 'pipe'], env: plainEnv() });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const look = (chunk: Buffer): void => {
      output += chunk.toString();
      const found = /docs-build dev: (http:\/\/\S+)/.exec(output);
      if (found) resolve(found[1]!);
    };
    child.stdout.on('data', look);
    child.stderr.on('data', look);
    child.once('exit', () => reject(new Error(`docs-build dev ended:\n${output.slice(-2000)}`)));
  });
  const stop = async (): Promise<void> => {
    const ended = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    await ended;
  };
  return { url, stop };
}

/**
 * From the start of `docs-build dev` to the first contentful paint of its home page in Chromium, by the
 * page's own paint timing (not when playwright notices it: the page's load event waits for every
 * module of the client, which comes after the paint).
 */
async function firstPaint(browser: import('playwright-core').Browser, root: string): Promise<{ ms: number; dev: Awaited<ReturnType<typeof startDev>> }> {
  const startedAt = Date.now();
  const dev = await startDev(root);
  try {
    const page = await browser.newPage();
    await page.goto(dev.url, { waitUntil: 'commit' });
    // The site's paint, not the building page's (shown when the first build takes over 1.5 s; it reloads
    // itself into the site): the paint timing read is the document's that shows the site.
    await page.waitForSelector('[data-testid="site"]', { timeout: 300_000 });
    // A string: the bench runs under tsx, whose helpers a function passed to the page would name.
    const paintedAt = (await page.evaluate(`new Promise((resolve) => {
      const check = () => {
        const entry = performance.getEntriesByName('first-contentful-paint')[0];
        if (entry) resolve(performance.timeOrigin + entry.startTime);
        return entry !== undefined;
      };
      if (!check()) new PerformanceObserver(() => { check(); }).observe({ type: 'paint', buffered: true });
    })`)) as number;
    await page.close();
    return { ms: paintedAt - startedAt, dev };
  } catch (error) {
    await dev.stop();
    throw error;
  }
}

async function devFigures(root: string, runs: number): Promise<{ firstPaintMs: number[]; editMs: number[] }> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  // The first start in this root also pre-bundles the theme's dependencies for Vite (its own cache); the others find them.
  const firstPaintMs: number[] = [];
  for (let i = 0; i < 2; i++) {
    const { ms, dev } = await firstPaint(browser, root);
    firstPaintMs.push(ms);
    if (i === 0) await dev.stop();
    else return { firstPaintMs, editMs: await editFigures(browser, root, dev, runs) };
  }
  throw new Error('unreachable');
}

async function editFigures(browser: import('playwright-core').Browser, root: string, dev: Awaited<ReturnType<typeof startDev>>, runs: number): Promise<number[]> {
  const manifest = JSON.parse(readFileSync(path.join(root, '.docs-build', 'manifest.json'), 'utf8')) as { pages: Record<string, { id: string; kind: string; source: { file: string } }> };
  const target = Object.values(manifest.pages).find((p) => p.kind === 'page' && p.id !== 'index' && p.source.file.endsWith('.mdx'))!;
  const page = await browser.newPage();
  await page.goto(`${dev.url}${target.id}`);
  await page.waitForSelector('[data-testid="site"]');
  const editMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const word = `benchedit${i}x${Date.now()}`;
    const t0 = performance.now();
    appendFileSync(path.join(root, target.source.file), `\n\n${word}\n`);
    const shown = await page.waitForFunction((w) => document.body.textContent?.includes(w), word, { timeout: 30_000 }).then(() => true, () => false);
    if (!shown) break; // a theme that does not render page bodies yet: no figure rather than a wrong one
    editMs.push(performance.now() - t0);
  }
  await browser.close();
  await dev.stop();
  return editMs;
}

/**
 * The reader's first search in the export: from the click on the search button, a word typed at once,
 * to the first hit shown (the worker started, the records of the reader's scope fetched, parsed and
 * indexed, the query answered), each run in a fresh browser context (nothing cached). The word: the
 * first one of four letters or more in the home page's own search records.
 */
async function searchFigures(out: string, runs: number): Promise<{ ms: number[]; word: string }> {
  const parts = path.join(out, '_docs-build', 'search');
  const records = readdirSync(parts).flatMap((file) => JSON.parse(readFileSync(path.join(parts, file), 'utf8')) as Array<{ page: string; text: string }>);
  const home = existsSync(path.join(out, '_docs-build', 'pages', 'index.json')) ? 'index' : records[0]?.page;
  const word = records.filter((record) => record.page === home).flatMap((record) => record.text.match(/[A-Za-z]{4,}/g) ?? [])[0] ?? 'docs';
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  const server = await staticServer(out);
  const ms: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(server.url, { waitUntil: 'load' });
      await page.waitForSelector('[data-testid="search-button"]');
      const t0 = performance.now();
      await page.getByTestId('search-button').click();
      await page.getByTestId('search-input').fill(word);
      await page.getByTestId('search-result').first().waitFor({ timeout: 120_000 });
      ms.push(performance.now() - t0);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return { ms, word };
}

/** Sets `codes` to "warn" in the root's docs-build.json (kept, with its other rules, when there is one). */
function relaxRules(root: string, codes: string[]): void {
  const file = path.join(root, 'docs-build.json');
  const settings = (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}) as { rules?: Record<string, string> };
  settings.rules = { ...settings.rules, ...Object.fromEntries(codes.map((code) => [code, 'warn'])) };
  writeFileSync(file, `${JSON.stringify(settings, null, 2)}\n`);
}

async function main(): Promise<void> {
  const built = spawnSync('npm', ['run', 'build'], { cwd: project, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`npm run build failed:\n${built.stderr.slice(-2000)}`);
  const corpus = path.resolve(project, '../shared/corpora/firecrawl-docs');
  const source = path.resolve(option('--root') ?? (existsSync(corpus) ? corpus : path.join(project, 'docs-example')));
  const runs = Number(option('--runs') ?? 5);
  const work = mkdtempSync(path.join(os.tmpdir(), 'docs-build-bench-site-'));
  try {
    const root = path.join(work, 'docs');
    cpSync(source, root, { recursive: true, filter: (file) => !file.split(path.sep).includes('.docs-build') && !file.split(path.sep).includes('.git') });
    const out = path.join(work, 'site');
    let cold = runExport(root, out);
    if (!cold.ok && cold.errors && Object.keys(cold.errors).length > 0) {
      // An export with errors writes nothing. A real repository has real errors (firecrawl-docs: broken
      // links, missing assets and snippets): the copy's docs-build.json makes those codes warnings, and
      // the cold export runs again from an empty cache.
      console.log(`  (the export had errors ${JSON.stringify(cold.errors)}: measured with them as warnings)`);
      relaxRules(root, Object.keys(cold.errors));
      rmSync(path.join(root, '.docs-build'), { recursive: true, force: true });
      cold = runExport(root, out);
    }
    if (!cold.ok) throw new Error(`the export of ${source} failed: ${JSON.stringify(cold.errors)}`);
    const warm = runExport(root, out);
    const manifest = JSON.parse(readFileSync(path.join(root, '.docs-build', 'manifest.json'), 'utf8')) as { pages: Record<string, { kind: string; source: { file: string } }> };
    const edited = Object.values(manifest.pages).find((p) => p.kind === 'page' && p.source.file.endsWith('.mdx'))!;
    // One export is one sample of a figure near its target on a machine whose speed moves: the median of `runs` edits.
    const changes: ChildResult[] = [];
    for (let i = 0; i < runs; i++) {
      appendFileSync(path.join(root, edited.source.file), `\n\nOne more line ${i}.\n`);
      changes.push(runExport(root, out));
    }
    const changed = [...changes].sort((a, b) => a.ms - b.ms)[Math.floor(changes.length / 2)]!;
    const rows = [
      ['export cold', cold],
      ['export warm', warm],
      ['export, one page changed', changed],
    ] as const;
    console.log(`site bench on ${path.relative(process.cwd(), source) || source} (${cold.pages} pages)`);
    for (const [name, r] of rows) console.log(`  ${name.padEnd(26)} ${(r.ms / 1000).toFixed(2).padStart(6)} s  ${(r.pages / (r.ms / 1000)).toFixed(0).padStart(5)} pages/s  peak RSS ${r.rssMb.toFixed(0)} MB${r.ok ? '' : '  (FAILED)'}  ${r.mode ?? ''} ${r.rendered ?? ''} rendered  ${JSON.stringify(r.timings)}`);
    console.log(`  (one page changed: the median of ${changes.length} edits, each exported: ${changes.map((r) => (r.ms / 1000).toFixed(2)).join(', ')} s)`);
    if (existsSync('/usr/bin/chromium')) {
      const search = await searchFigures(out, runs);
      console.log(`  export, first search       ${median(search.ms).toFixed(0).padStart(6)} ms median of ${search.ms.length} ("${search.word}": ${search.ms.map((ms) => ms.toFixed(0)).join(', ')})`);
      const dev = await devFigures(root, runs).catch((error: unknown) => {
        // Shown before the cleanup below, which a dev server still writing its cache could make fail.
        console.error(error);
        throw error;
      });
      const [first, second] = dev.firstPaintMs.map((ms) => (ms / 1000).toFixed(1));
      console.log(`  dev start to first paint  ${second!.padStart(6)} s (warm cache; the first start in this copy, which pre-bundles Vite's dependencies too: ${first} s)`);
      if (dev.editMs.length === 0) console.log('  dev edit to update        n/a (the edited text never showed: page bodies not rendered)');
      else console.log(`  dev edit to update        ${median(dev.editMs).toFixed(0).padStart(6)} ms median of ${dev.editMs.length} (${dev.editMs.map((ms) => ms.toFixed(0)).join(', ')})`);
    } else console.log('  dev figures skipped: no /usr/bin/chromium');
  } finally {
    rmSync(work, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}

await main();
