/**
 * The benchmark suite of docs-build: `npm run bench` (= `npm run build && tsx bench/run.ts`).
 *
 * For each site (docs-example; synthetic 1k / 5k / 20k pages from bench/generate.ts; and, when
 * ../shared/corpora is present, firecrawl-docs, box, dify-docs and one docs root per folder of
 * _openapi-stress) it measures, in a temporary COPY of the site:
 *   cold          build with a fresh, empty cache folder
 *   warm          rebuild with the cache of the previous build, nothing changed
 *   page          rebuild after one page changed (a line appended, a new one each run)
 *   spec          rebuild after the largest spec changed (an `x-bench-edit` key added), sites with a spec
 * and the baselines, each its own child process:
 *   (a) read      read every file the cold build read
 *   (b) pages     parse every page with unified + remark-parse + remark-mdx + remark-frontmatter, one thread
 *   (c) specs     parse every spec with JSON.parse, or js-yaml for YAML
 * Every figure is the median of several runs of a child process (wall time from spawn to exit, CPU =
 * user + system of the child, all threads), with the peak RSS of the child; ratios compare wall times.
 * Builds and baselines are interleaved run by run so that noise from other processes hits both alike.
 *
 * Prints a table and writes bench/results/<timestamp>.json and bench/results/latest.json.
 * Options: --quick (a fast subset, 1-2 runs), --runs N, --only name[,name], --stages (also run the
 * per-stage benches of bench/openapi.ts and bench/mdx.ts: about 1.5 more minutes), --help. See docs/bench.md.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { ChildReport, ChildRequest, Inventory } from './child.js';
import type { BenchRow } from './row.js';
import { ensureSite, GENERATOR_VERSION } from './generate.js';
import { pagesUsing } from './snippet-users.js';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const projectDir = path.dirname(benchDir);
const builtDir = path.join(projectDir, 'dist');
const runtimeDir = path.join(benchDir, '.sites', '.runtime');
/** The compiler the children run: a snapshot of dist/ taken at start (see prepareRuntime). */
const distDir = path.join(runtimeDir, 'dist');
const sitesDir = path.join(benchDir, '.sites');
const resultsDir = path.join(benchDir, 'results');
const corporaDir = path.resolve(projectDir, '../shared/corpora');

// ---------------------------------------------------------------------------------------------------
// Types

type Scenario = 'cold' | 'warm' | 'page' | 'spec';

export interface SuiteRow extends BenchRow {
  site: string;
  scenario: Scenario;
  /** Which baseline `baselineMs` is, e.g. `(b)+(c)`. */
  baseline: string;
  /** The issue's target for this figure, when it sets one. */
  target?: string;
  pass?: boolean;
}

interface Sample {
  wallMs: number;
  cpuMs: number;
  maxRssMb: number;
  workMs: number;
}

interface Figure {
  wallMs: number;
  cpuMs: number;
  /** Largest peak RSS over the runs. */
  peakRssMb: number;
  /** Median time of the work inside the child (no process start-up or module loading). */
  workMs: number;
  samples: Sample[];
}

interface SiteSource {
  name: string;
  kind: 'example' | 'synthetic' | 'corpus' | 'openapi-stress';
  /** Makes the docs root to copy (generated sites are generated here, stress roots written here). */
  prepare: (workRoot: string) => string | void;
  /** Runs per figure when not forced by --runs/--quick. */
  runs: number;
}

export interface SiteResult {
  name: string;
  kind: SiteSource['kind'];
  runs: number;
  mdxPages: number;
  mdxBytes: number;
  specs: number;
  specBytes: number;
  inputFiles: number;
  inputBytes: number;
  manifestPages: number;
  errors: number;
  warnings: number;
  changedPage?: string;
  /** The pages that use `changedPage` (a snippet), whose parse the page baseline includes. */
  changedPageUsers?: string[];
  changedSpec?: string;
  builds: Partial<Record<Scenario, Figure>>;
  baselines: { read: Figure; pages: Figure; specs?: Figure; pageParseMs: number };
  rows: SuiteRow[];
}

export interface SuiteResult {
  startedAt: string;
  finishedAt: string;
  elapsedS: number;
  machine: { node: string; platform: string; cpus: number; cpuModel: string; totalMemMb: number; loadBefore: number[]; loadAfter: number[] };
  options: { quick: boolean; runs?: number; only?: string[]; stages: boolean; generatorVersion: number };
  /** Median wall time of a child that does nothing (node's start-up), for reference. */
  nodeStartupMs: number;
  sites: SiteResult[];
  scaling?: { timeRatio: number; rssRatio: number; timePass: boolean; rssPass: boolean };
  targets: Array<{ what: string; value: string; target: string; pass: boolean }>;
  stages?: { openapi?: BenchRow[]; mdx?: BenchRow[] };
}

// ---------------------------------------------------------------------------------------------------
// Options

interface Options {
  quick: boolean;
  runs?: number;
  only?: string[];
  stages: boolean;
}

function parseOptions(argv: string[]): Options {
  const options: Options = { quick: false, stages: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--quick') options.quick = true;
    else if (arg === '--stages') options.stages = true;
    else if (arg === '--runs') {
      const runs = Number(argv[++i]);
      if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs needs a positive integer');
      options.runs = runs;
    } else if (arg === '--only') options.only = (argv[++i] ?? '').split(',').filter(Boolean);
    else if (arg === '--help' || arg === '-h') {
      console.log('usage: npm run bench -- [--quick] [--runs N] [--only name[,name]] [--stages]\nsee docs/bench.md');
      process.exit(0);
    } else throw new Error(`unknown option ${arg} (try --help)`);
  }
  return options;
}

// ---------------------------------------------------------------------------------------------------
// Child processes

let childScript = '';

/**
 * Prepares what the children run, under bench/.sites/.runtime (inside the project, so that `unified`,
 * `js-yaml`, ... resolve from its node_modules):
 * - a snapshot of dist/ with package.json next to it (dist/ is ESM through its "type", and reads the
 *   version from ../package.json): a `tsc` run by someone else during a long bench must not change
 *   the compiler half-way through the figures;
 * - bench/child.ts transpiled to plain JavaScript. Type-checking it is `npm run typecheck`'s job.
 */
function prepareRuntime(): void {
  rmSync(runtimeDir, { recursive: true, force: true });
  mkdirSync(runtimeDir, { recursive: true });
  cpSync(builtDir, distDir, { recursive: true, filter: (file) => !file.endsWith('.map') });
  cpSync(path.join(projectDir, 'package.json'), path.join(runtimeDir, 'package.json'));
  const source = readFileSync(path.join(benchDir, 'child.ts'), 'utf8');
  const output = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
    fileName: 'child.ts',
  });
  childScript = path.join(runtimeDir, 'child.mjs');
  writeFileSync(childScript, output.outputText);
}

function runChild(request: ChildRequest): { report: ChildReport; wallMs: number } {
  const started = performance.now();
  const child = spawnSync(process.execPath, [childScript, JSON.stringify(request)], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024, timeout: 15 * 60_000 });
  const wallMs = performance.now() - started;
  const line = child.stdout?.split('\n').find((l) => l.startsWith('BENCH '));
  if (child.status !== 0 || !line) {
    throw new Error(`bench child (${request.mode}) failed with status ${child.status ?? child.signal}: ${(child.stderr ?? '').slice(0, 3000)}`);
  }
  return { report: JSON.parse(line.slice('BENCH '.length)) as ChildReport, wallMs };
}

function sampleOf(run: { report: ChildReport; wallMs: number }): Sample {
  return { wallMs: run.wallMs, cpuMs: run.report.cpuMs, maxRssMb: run.report.maxRssKb / 1024, workMs: run.report.workMs };
}

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function figureOf(samples: Sample[]): Figure {
  return {
    wallMs: median(samples.map((s) => s.wallMs)),
    cpuMs: median(samples.map((s) => s.cpuMs)),
    peakRssMb: Math.max(...samples.map((s) => s.maxRssMb)),
    workMs: median(samples.map((s) => s.workMs)),
    samples,
  };
}

const progress = (message: string): void => void process.stderr.write(`${message}\n`);

// ---------------------------------------------------------------------------------------------------
// Sites

const copyFilter = (source: string): boolean => !/(^|[\\/])(\.docs-build|\.git|node_modules)$/.test(source);

/** Bytes of the MDX/MD files under `dir`: what decides how many runs a corpus gets. */
function pageBytes(dir: string): number {
  let bytes = 0;
  const walk = (current: string): void => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (copyFilter(entry.name)) walk(path.join(current, entry.name));
      } else if (/\.mdx?$/i.test(entry.name)) bytes += statSync(path.join(current, entry.name)).size;
    }
  };
  walk(dir);
  return bytes;
}

/**
 * 5 runs for small sites, 3 for big ones (a cold build of a few MB of MDX takes seconds), 2 for the
 * 20k synthetic site (30 MB of MDX: one cold build and one baseline (b) take about a minute together,
 * and a third run would take the full suite well past ten minutes on two cores).
 */
const runsFor = (mdxBytes: number): number => (mdxBytes > 20e6 ? 2 : mdxBytes > 3e6 ? 3 : 5);

/** Every OpenAPI file of a stress folder, root-relative. */
function specFilesIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(json|ya?ml)$/i.test(file) && statSync(path.join(dir, file)).isFile())
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/**
 * A minimal docs root around the specs of one _openapi-stress folder: one tab per spec with bulk
 * generation into its own directory (page ids of different specs must not collide), and one page.
 */
function writeStressRoot(stressDir: string, workRoot: string): void {
  const specs = specFilesIn(stressDir);
  const slugOf = (file: string): string => file.toLowerCase().replace(/\.(json|ya?ml)$/, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  for (const file of specs) {
    mkdirSync(path.dirname(path.join(workRoot, 'specs', file)), { recursive: true });
    cpSync(path.join(stressDir, file), path.join(workRoot, 'specs', file));
  }
  const tabs = specs.map((file, i) => ({
    tab: slugOf(path.posix.basename(file)),
    openapi: { source: `specs/${file}`, directory: slugOf(file) },
    // Every tab needs content of its own; the same page in several sidebars is allowed.
    groups: [{ group: i === 0 ? 'Overview' : `About ${slugOf(path.posix.basename(file))}`, pages: ['index'] }],
  }));
  const config = { theme: 'mint', name: path.basename(stressDir), colors: { primary: '#0D9373' }, navigation: { tabs } };
  writeFileSync(path.join(workRoot, 'docs.json'), `${JSON.stringify(config, null, 2)}\n`);
  writeFileSync(path.join(workRoot, 'index.mdx'), `---\ntitle: ${path.basename(stressDir)}\n---\n\nThe API reference of ${specs.length} OpenAPI file${specs.length === 1 ? '' : 's'}.\n`);
}

function siteSources(options: Options): SiteSource[] {
  const sources: SiteSource[] = [];
  const fromDir = (dir: string) => (workRoot: string) => void cpSync(dir, workRoot, { recursive: true, filter: copyFilter });
  sources.push({ name: 'docs-example', kind: 'example', prepare: fromDir(path.join(projectDir, 'docs-example')), runs: 5 });
  // About 1.5 KB of MDX a page (bench/generate.ts), which sets the runs as for a corpus of that size.
  for (const [name, pages] of [
    ['synthetic-1k', 1000],
    ['synthetic-5k', 5000],
    ['synthetic-20k', 20000],
  ] as const) {
    const runs = runsFor(pages * 1500);
    sources.push({
      name,
      kind: 'synthetic',
      runs,
      prepare: (workRoot) => {
        const started = performance.now();
        const site = ensureSite(sitesDir, name, { pages });
        if (!site.reused) progress(`[${name}] generated ${site.summary.files} files (${(site.summary.bytes / 1e6).toFixed(1)} MB) in ${Math.round(performance.now() - started)} ms`);
        cpSync(site.dir, workRoot, { recursive: true, filter: copyFilter });
      },
    });
  }
  if (existsSync(corporaDir)) {
    for (const name of ['firecrawl-docs', 'box', 'dify-docs']) {
      const dir = path.join(corporaDir, name);
      if (!existsSync(dir)) continue;
      sources.push({ name, kind: 'corpus', prepare: fromDir(dir), runs: runsFor(pageBytes(dir)) });
    }
    const stressDir = path.join(corporaDir, '_openapi-stress');
    if (existsSync(stressDir)) {
      for (const entry of readdirSync(stressDir, { withFileTypes: true }).filter((e) => e.isDirectory()).sort((a, b) => (a.name < b.name ? -1 : 1))) {
        const dir = path.join(stressDir, entry.name);
        sources.push({ name: entry.name, kind: 'openapi-stress', prepare: (workRoot) => writeStressRoot(dir, workRoot), runs: 3 });
      }
    }
  }
  let selected = sources;
  if (options.only) selected = sources.filter((s) => options.only!.some((name) => s.name === name || s.name.includes(name) || (name === 'stress' && s.kind === 'openapi-stress')));
  else if (options.quick) selected = sources.filter((s) => ['docs-example', 'synthetic-1k', 'firecrawl-docs', 'openai-openapi'].includes(s.name));
  return selected;
}

// ---------------------------------------------------------------------------------------------------
// Measuring one site

/**
 * The OpenAPI files among the files a build read: the specs of the manifest plus every other JSON/YAML
 * file read (a `$ref`'d part of a spec, or a spec that failed to load, like the Swagger 2.0 one), but
 * not the configuration (docs.json / mint.json and the files its `$ref`s name).
 */
function specFilesOf(inventory: Inventory, root: string): Array<{ path: string; bytes: number }> {
  const config = new Set(['docs.json', 'mint.json']);
  for (const name of [...config]) {
    const file = path.join(root, name);
    if (!existsSync(file)) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(/"\$ref"\s*:\s*"\.?\/?([^"#]+)/g)) config.add(match[1]!);
  }
  const specs = new Set(inventory.specs);
  return inventory.files.filter((f) => f.bytes > 0 && (specs.has(f.path) || (/\.(json|ya?ml)$/i.test(f.path) && !config.has(f.path))));
}

/** Appends a line, different each run, so every measured rebuild sees a real one-page change. */
export function editedPage(original: string, run: number): string {
  return `${original.replace(/\n*$/, '\n')}\nThis paragraph was added by the benchmark (edit ${run + 1}).\n`;
}

/**
 * Adds a root `x-bench-edit` key (a specification extension: valid in every OpenAPI version), so the
 * spec's bytes change and it stays valid.
 */
export function editedSpec(file: string, original: string, run: number): string {
  return file.endsWith('.json') ? original.replace(/^(\s*\{)/, `$1"x-bench-edit": ${run + 1},`) : `${original.replace(/\n*$/, '\n')}x-bench-edit: ${run + 1}\n`;
}

function measureSite(source: SiteSource, workDir: string, runs: number): SiteResult {
  const siteDir = path.join(workDir, source.name);
  const root = path.join(siteDir, 'root');
  const cacheDir = path.join(siteDir, 'cache');
  const outFile = path.join(siteDir, 'manifest.json');
  mkdirSync(root, { recursive: true });
  const started = performance.now();
  source.prepare(root);
  progress(`[${source.name}] prepared a copy in ${Math.round(performance.now() - started)} ms; ${runs} run${runs === 1 ? '' : 's'} per figure`);

  const build = (cache: 'fresh' | 'reuse', inventory = false): { report: ChildReport; wallMs: number } => {
    if (cache === 'fresh') rmSync(cacheDir, { recursive: true, force: true });
    return runChild({ mode: 'build', distDir, root, outFile, cacheDir, cache: true, inventory });
  };
  const log = (scenario: string, run: number, sample: Sample): void =>
    progress(`[${source.name}] ${scenario} ${run + 1}/${runs}: ${Math.round(sample.wallMs)} ms wall, ${Math.round(sample.cpuMs)} ms CPU, ${Math.round(sample.maxRssMb)} MB`);

  // Cold builds, interleaved with baselines (b) and (c). The first one also says which files a build reads.
  const cold: Sample[] = [];
  const pagesBaseline: Sample[] = [];
  const specsBaseline: Sample[] = [];
  const firstParse: number[] = [];
  let inventory: Inventory | undefined;
  let lastCold: ChildReport | undefined;
  let lists: { read: string; pages: string; specs: string } | undefined;
  let changedPage: string | undefined;
  /** The pages that use `changedPage` when it is a snippet: their parse counts in the page target. */
  let changedPageUsers: string[] = [];
  let changedSpec: string | undefined;
  let pageFiles: Array<{ path: string; bytes: number }> = [];
  let specFiles: Array<{ path: string; bytes: number }> = [];
  for (let run = 0; run < runs; run++) {
    const result = build('fresh', run === 0);
    cold.push(sampleOf(result));
    lastCold = result.report;
    log('cold', run, cold[cold.length - 1]!);
    if (run === 0) {
      inventory = result.report.inventory;
      if (!inventory) throw new Error(`[${source.name}] the first build reported no inventory`);
      pageFiles = inventory.files.filter((f) => /\.mdx?$/i.test(f.path) && f.bytes > 0);
      specFiles = specFilesOf(inventory, root);
      const absolute = (files: Array<{ path: string }>): string[] => files.map((f) => path.join(root, f.path));
      lists = { read: path.join(siteDir, 'read.json'), pages: path.join(siteDir, 'pages.json'), specs: path.join(siteDir, 'specs.json') };
      writeFileSync(lists.read, JSON.stringify(absolute(inventory.files)));
      writeFileSync(lists.pages, JSON.stringify(absolute(pageFiles)));
      writeFileSync(lists.specs, JSON.stringify(absolute(specFiles)));
      // The page in the middle of the sorted list, and the largest spec: fixed choices, same every run.
      changedPage = pageFiles[pageFiles.length >> 1]?.path;
      if (changedPage !== undefined) {
        const texts = new Map(pageFiles.map((file) => [file.path.split(path.sep).join('/'), readFileSync(path.join(root, file.path), 'utf8')]));
        changedPageUsers = pagesUsing(changedPage.split(path.sep).join('/'), texts);
      }
      changedSpec = [...specFiles].sort((a, b) => b.bytes - a.bytes || (a.path < b.path ? -1 : 1))[0]?.path;
    }
    const firstPages = changedPage ? [changedPage, ...changedPageUsers].map((file) => path.join(root, file)) : [];
    const pagesRun = runChild({ mode: 'pages', listFile: lists!.pages, firstPages });
    pagesBaseline.push(sampleOf(pagesRun));
    if (pagesRun.report.firstParseMs !== undefined) firstParse.push(pagesRun.report.firstParseMs);
    if (specFiles.length > 0) specsBaseline.push(sampleOf(runChild({ mode: 'specs', listFile: lists!.specs })));
  }

  // Warm rebuilds (cache of the last cold build), interleaved with baseline (a).
  const warm: Sample[] = [];
  const readBaseline: Sample[] = [];
  for (let run = 0; run < runs; run++) {
    warm.push(sampleOf(build('reuse')));
    log('warm', run, warm[warm.length - 1]!);
    readBaseline.push(sampleOf(runChild({ mode: 'read', listFile: lists!.read })));
  }

  // One page changed: a different edit each run, each rebuild on the cache of the previous one.
  const page: Sample[] = [];
  if (changedPage) {
    const file = path.join(root, changedPage);
    const original = readFileSync(file, 'utf8');
    for (let run = 0; run < runs; run++) {
      writeFileSync(file, editedPage(original, run));
      page.push(sampleOf(build('reuse')));
      log('page', run, page[page.length - 1]!);
    }
  }

  // The largest spec changed.
  const spec: Sample[] = [];
  if (changedSpec) {
    const file = path.join(root, changedSpec);
    const original = readFileSync(file, 'utf8');
    for (let run = 0; run < runs; run++) {
      writeFileSync(file, editedSpec(file, original, run));
      spec.push(sampleOf(build('reuse')));
      log('spec', run, spec[spec.length - 1]!);
    }
  }

  const builds: SiteResult['builds'] = { cold: figureOf(cold), warm: figureOf(warm) };
  if (page.length) builds.page = figureOf(page);
  if (spec.length) builds.spec = figureOf(spec);
  const baselines: SiteResult['baselines'] = { read: figureOf(readBaseline), pages: figureOf(pagesBaseline), pageParseMs: median(firstParse) };
  if (specsBaseline.length) baselines.specs = figureOf(specsBaseline);

  const sum = (files: Array<{ bytes: number }>): number => files.reduce((total, f) => total + f.bytes, 0);
  const result: SiteResult = {
    name: source.name,
    kind: source.kind,
    runs,
    mdxPages: pageFiles.length,
    mdxBytes: sum(pageFiles),
    specs: specFiles.length,
    specBytes: sum(specFiles),
    inputFiles: inventory!.files.length,
    inputBytes: sum(inventory!.files),
    manifestPages: lastCold?.pages ?? 0,
    errors: lastCold?.errors ?? 0,
    warnings: lastCold?.warnings ?? 0,
    ...(changedPage ? { changedPage, changedPageUsers } : {}),
    ...(changedSpec ? { changedSpec } : {}),
    builds,
    baselines,
    rows: [],
  };
  result.rows = rowsOf(result);
  rmSync(siteDir, { recursive: true, force: true });
  return result;
}

// ---------------------------------------------------------------------------------------------------
// Ratios and targets

const round = (value: number, digits = 1): number => Math.round(value * 10 ** digits) / 10 ** digits;

export function rowsOf(site: SiteResult): SuiteRow[] {
  // A sum of baselines is one process: the first term is a whole child process (start-up, imports,
  // reading), the second only the work measured inside its own child (spec parsing, one page's parse).
  // Adding two whole processes would count node's start-up twice, which a build pays once.
  const a = site.baselines.read.wallMs;
  const b = site.baselines.pages.wallMs;
  const c = site.baselines.specs?.workMs ?? 0;
  const p = site.baselines.pageParseMs;
  const rows: SuiteRow[] = [];
  const add = (scenario: Scenario, baseline: string, baselineMs: number, target?: { text: string; limitMs: number }): void => {
    const figure = site.builds[scenario];
    if (!figure) return;
    const row: SuiteRow = {
      name: `${site.name} ${scenario}`,
      site: site.name,
      scenario,
      medianMs: round(figure.wallMs, 0),
      cpuMs: round(figure.cpuMs, 0),
      peakRssMb: round(figure.peakRssMb, 0),
      baseline,
      baselineMs: round(baselineMs, 0),
      ratio: round(figure.wallMs / Math.max(baselineMs, 1), 2),
    };
    if (target) {
      row.target = target.text;
      row.pass = figure.wallMs <= target.limitMs;
    }
    rows.push(row);
  };
  const coldBaseline = b + c;
  // Issue 14: the cold build with content and links at most 1.3 x (b), the parse of every page.
  add('cold', site.baselines.specs ? '(b)+(c)' : '(b)', coldBaseline, site.name === 'firecrawl-docs' ? { text: '<= 1.3x (b)', limitMs: 1.3 * b } : undefined);
  add('warm', '(a)', a, { text: '<= 2x', limitMs: 2 * a });
  add('page', '(a)+page', a + p, { text: '<= 2(a)+page', limitMs: 2 * a + p });
  add('spec', '(a)+(c)', a + c);
  return rows;
}

function suiteTargets(sites: SiteResult[]): Pick<SuiteResult, 'scaling' | 'targets'> {
  const targets: SuiteResult['targets'] = [];
  const firecrawlSite = sites.find((s) => s.name === 'firecrawl-docs');
  const firecrawlCold = firecrawlSite?.rows.find((r) => r.scenario === 'cold');
  if (firecrawlSite?.builds.cold && firecrawlCold?.target) {
    const ratio = round(firecrawlSite.builds.cold.wallMs / Math.max(firecrawlSite.baselines.pages.wallMs, 1), 2);
    targets.push({ what: 'firecrawl-docs cold vs (b)', value: `${ratio}x`, target: firecrawlCold.target, pass: firecrawlCold.pass ?? false });
  }
  // The warm and one-page targets hold for every site: one line each, with the range over the sites.
  for (const [scenario, what] of [
    ['warm', 'warm vs (a)'],
    ['page', 'page vs (a)+page'],
  ] as const) {
    const rows = sites.flatMap((s) => s.rows.filter((r) => r.scenario === scenario && r.target !== undefined));
    if (rows.length === 0) continue;
    const ratios = rows.map((r) => r.ratio);
    const passed = rows.filter((r) => r.pass).length;
    targets.push({
      what: `${what}, every site (${passed}/${rows.length} pass)`,
      value: `${Math.min(...ratios)}x-${Math.max(...ratios)}x`,
      target: rows[0]!.target!,
      pass: passed === rows.length,
    });
  }
  const firecrawl = sites.find((s) => s.name === 'firecrawl-docs');
  if (firecrawl?.builds.cold) {
    const rss = firecrawl.builds.cold.peakRssMb;
    targets.push({ what: 'firecrawl-docs cold peak RSS', value: `${Math.round(rss)} MB`, target: '< 600 MB', pass: rss < 600 });
  }
  const five = sites.find((s) => s.name === 'synthetic-5k')?.builds.cold;
  const twenty = sites.find((s) => s.name === 'synthetic-20k')?.builds.cold;
  let scaling: SuiteResult['scaling'];
  if (five && twenty) {
    const timeRatio = round(twenty.wallMs / five.wallMs, 2);
    const rssRatio = round(twenty.peakRssMb / five.peakRssMb, 2);
    scaling = { timeRatio, rssRatio, timePass: timeRatio <= 4.4, rssPass: rssRatio <= 2 };
    targets.push({ what: 'scaling: 20k / 5k cold wall time', value: `${timeRatio}x`, target: '<= 4.4x', pass: scaling.timePass });
    targets.push({ what: 'scaling: 20k / 5k cold peak RSS', value: `${rssRatio}x`, target: '<= 2x', pass: scaling.rssPass });
  }
  return { ...(scaling ? { scaling } : {}), targets };
}

// ---------------------------------------------------------------------------------------------------
// Output

function table(headers: string[], rows: string[][], leftColumns = 1): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string =>
    cells
      .map((cell, i) => (i < leftColumns ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

const ms = (value: number): string => (value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(1));
const mb = (bytes: number): string => (bytes / 1e6).toFixed(bytes >= 1e7 ? 0 : 1);

export function formatSuite(suite: SuiteResult): string {
  const out: string[] = [];
  const m = suite.machine;
  out.push(
    `docs-build bench, ${suite.startedAt}: node ${m.node}, ${m.cpus} CPUs (${m.cpuModel}), load average ${m.loadBefore.map((l) => l.toFixed(2)).join(' ')} before, ${m.loadAfter.map((l) => l.toFixed(2)).join(' ')} after; ${suite.elapsedS} s${suite.options.quick ? ' (--quick)' : ''}`,
  );
  out.push('');
  out.push(
    table(
      ['site', 'runs', 'MDX pages', 'MDX MB', 'specs', 'spec MB', 'manifest pages', 'errors', 'warnings'],
      suite.sites.map((s) => [s.name, String(s.runs), String(s.mdxPages), mb(s.mdxBytes), String(s.specs), mb(s.specBytes), String(s.manifestPages), String(s.errors), String(s.warnings)]),
    ),
  );
  out.push('');
  out.push(`Baselines (median wall ms of a child process; in-process: the work alone, without start-up and imports; node start-up: ${ms(suite.nodeStartupMs)} ms)`);
  out.push(
    table(
      ['site', '(a) read', '(b) parse pages', '(c) parse specs', '(c) in-process', 'page parse', '(b) peak RSS MB'],
      suite.sites.map((s) => [
        s.name,
        ms(s.baselines.read.wallMs),
        ms(s.baselines.pages.wallMs),
        s.baselines.specs ? ms(s.baselines.specs.wallMs) : '-',
        s.baselines.specs ? ms(s.baselines.specs.workMs) : '-',
        ms(s.baselines.pageParseMs),
        String(Math.round(s.baselines.pages.peakRssMb)),
      ]),
    ),
  );
  for (const s of suite.sites) {
    if (s.changedPageUsers?.length) out.push(`${s.name}: the page scenario edits ${s.changedPage}, a snippet used by ${s.changedPageUsers.join(', ')}; page parse counts them too`);
  }
  out.push('');
  out.push('Builds (median wall and CPU ms, peak RSS; ratio = wall / baseline wall)');
  const rows: string[][] = [];
  for (const site of suite.sites) {
    for (const [i, row] of site.rows.entries()) {
      rows.push([
        i === 0 ? site.name : '',
        row.scenario,
        ms(row.medianMs),
        ms(row.cpuMs ?? 0),
        String(row.peakRssMb),
        row.baseline,
        ms(row.baselineMs),
        `${row.ratio.toFixed(2)}x`,
        row.target ?? '',
        row.pass === undefined ? '' : row.pass ? 'pass' : 'FAIL',
      ]);
    }
  }
  out.push(table(['site', 'scenario', 'wall ms', 'CPU ms', 'RSS MB', 'baseline', 'base ms', 'ratio', 'target', ''], rows, 2));
  if (suite.targets.length) {
    out.push('');
    out.push('Targets (issue 7; the cold one of issue 14)');
    out.push(table(['figure', 'value', 'target', ''], suite.targets.map((t) => [t.what, t.value, t.target, t.pass ? 'pass' : 'FAIL'])));
  }
  for (const [title, stageRows] of [
    ['OpenAPI stage (bench/openapi.ts: load + validate + describe every operation vs read + parse)', suite.stages?.openapi],
    ['MDX stage (bench/mdx.ts: parseMdxPage on firecrawl-docs vs plain remark-parse)', suite.stages?.mdx],
  ] as const) {
    if (!stageRows?.length) continue;
    out.push('');
    out.push(title);
    out.push(table(['name', 'median ms', 'CPU ms', 'peak RSS MB', 'baseline ms', 'ratio'], stageRows.map((r) => [r.name, ms(r.medianMs), r.cpuMs === undefined ? '' : ms(r.cpuMs), String(Math.round(r.peakRssMb)), ms(r.baselineMs), `${r.ratio}x`])));
  }
  return out.join('\n');
}

// ---------------------------------------------------------------------------------------------------
// Main

async function runStages(runs: number): Promise<SuiteResult['stages']> {
  const stages: NonNullable<SuiteResult['stages']> = {};
  if (!existsSync(corporaDir)) return stages;
  progress('[stages] bench/openapi.ts');
  const { benchOpenapi } = await import('./openapi.js');
  stages.openapi = await benchOpenapi({ runs });
  progress('[stages] bench/mdx.ts');
  const { benchMdx } = await import('./mdx.js');
  stages.mdx = await benchMdx(runs);
  return stages;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (!existsSync(path.join(builtDir, 'bin', 'build.js'))) throw new Error('dist/ is missing: run `npm run build` first (npm run bench does)');
  const startedAt = new Date();
  const loadBefore = os.loadavg();
  prepareRuntime();
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'docs-build-bench-'));
  const cleanup = (): void => rmSync(workDir, { recursive: true, force: true });
  process.once('SIGINT', () => {
    cleanup();
    process.exit(130);
  });
  try {
    const startup: number[] = [];
    for (let i = 0; i < 5; i++) startup.push(runChild({ mode: 'noop' }).wallMs);
    const nodeStartupMs = median(startup);
    const sites: SiteResult[] = [];
    for (const source of siteSources(options)) {
      const runs = options.runs ?? (options.quick ? (source.kind === 'corpus' ? 1 : 2) : source.runs);
      sites.push(measureSite(source, workDir, runs));
    }
    // One run each: they are a breakdown by stage, and three runs would add three minutes.
    const stages = options.stages ? await runStages(options.runs ?? 1) : undefined;
    const finishedAt = new Date();
    const cpu = os.cpus();
    const suite: SuiteResult = {
      startedAt: startedAt.toISOString(),
      finishedAt: finishedAt.toISOString(),
      elapsedS: Math.round((finishedAt.getTime() - startedAt.getTime()) / 1000),
      machine: {
        node: process.version,
        platform: `${os.platform()} ${os.release()}`,
        cpus: cpu.length,
        cpuModel: cpu[0]?.model.trim() ?? 'unknown',
        totalMemMb: Math.round(os.totalmem() / 1048576),
        loadBefore,
        loadAfter: os.loadavg(),
      },
      options: { quick: options.quick, ...(options.runs ? { runs: options.runs } : {}), ...(options.only ? { only: options.only } : {}), stages: stages !== undefined, generatorVersion: GENERATOR_VERSION },
      nodeStartupMs: round(nodeStartupMs),
      sites,
      ...suiteTargets(sites),
      ...(stages ? { stages } : {}),
    };
    mkdirSync(resultsDir, { recursive: true });
    const json = `${JSON.stringify(suite, null, 2)}\n`;
    const stamp = suite.startedAt.replace(/:/g, '-').replace(/\.\d+Z$/, 'Z');
    writeFileSync(path.join(resultsDir, `${stamp}.json`), json);
    writeFileSync(path.join(resultsDir, 'latest.json'), json);
    console.log(formatSuite(suite));
    console.log(`\nwritten: ${path.relative(process.cwd(), path.join(resultsDir, `${stamp}.json`))} and latest.json`);
  } finally {
    cleanup();
  }
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 1;
  });
}
