/**
 * The process the benchmark suite (`bench/run.ts`) measures. One run of this script is one measured
 * child process: a build with the compiled compiler (the bundle in `dist/bin/`, as the CLI runs it), or
 * one of the baselines.
 *
 * `run.ts` transpiles this file to plain JavaScript (`bench/.sites/.runtime/child.mjs`) with the
 * project's TypeScript before the suite starts, so a measured process is `node child.mjs ...` with no
 * TypeScript loader in it: tsx's hooks would add their own start-up and per-module cost to every
 * figure, and do so unevenly between a build (hundreds of modules) and a baseline (a few).
 *
 * Usage: `node child.mjs '<ChildRequest as JSON>'`; prints one line `BENCH <ChildReport as JSON>`.
 */
import { readFileSync, statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

export type ChildRequest =
  | {
      mode: 'build';
      /** Absolute path of the compiled compiler (`<project>/dist`). */
      distDir: string;
      root: string;
      outFile: string;
      /** Cache folder; absent with `cache: false`. */
      cacheDir?: string;
      cache: boolean;
      /** Report which files the build read (the first cold run of a site). */
      inventory: boolean;
    }
  /** Baseline (a): read every input file. */
  | { mode: 'read'; listFile: string }
  /** Baseline (b): parse every page with unified + remark-parse + remark-mdx + remark-frontmatter. */
  | { mode: 'pages'; listFile: string; firstPages?: string[] }
  /** Baseline (c): parse every spec as plain JSON, or YAML with js-yaml. */
  | { mode: 'specs'; listFile: string }
  /** Node start-up alone: subtracted once when two baselines are added up. */
  | { mode: 'noop' };

export interface Inventory {
  /** Every file the build read (root-relative), with its size. */
  files: Array<{ path: string; bytes: number }>;
  /** Root-relative paths of the local OpenAPI files in the manifest. */
  specs: string[];
}

export interface ChildReport {
  mode: ChildRequest['mode'];
  /** Wall time of the work itself, inside the process (no start-up, no module loading). */
  workMs: number;
  /** user + system CPU time of the whole process (all threads), from process.resourceUsage(). */
  cpuMs: number;
  /** Peak resident set size of the process, in kilobytes. */
  maxRssKb: number;
  /**
   * pages: the parse of `firstPages` (the edited file and, for a snippet, the pages that use it), first
   * in the process: what a one-file rebuild has to parse.
   */
  firstParseMs?: number;
  /** Files handled and their bytes (baselines). */
  files?: number;
  bytes?: number;
  /** pages: files remark-mdx refused (real corpora have a few). */
  parseErrors?: number;
  errors?: number;
  warnings?: number;
  pages?: number;
  inventory?: Inventory;
}

/** The parts of `dist/bin/build.js`, `dist/bin/root.js` and `dist/bin/process-settings.js` (the bundle the CLI runs) this script uses (types from the sources). */
type BuildModule = typeof import('../src/pipeline/index.js');
type RootModule = typeof import('../src/root/index.js');
type ProcessSettingsModule = typeof import('../src/cli/process-settings.js');
type DocsRoot = import('../src/root/index.js').DocsRoot;

async function runBuild(request: Extract<ChildRequest, { mode: 'build' }>): Promise<Partial<ChildReport>> {
  const importDist = (file: string): Promise<unknown> => import(pathToFileURL(path.join(request.distDir, file)).href);
  // The process as `docs-build build` runs: bin/docs-build.js makes these settings before anything else.
  const { configureCliProcess } = (await importDist('bin/process-settings.js')) as ProcessSettingsModule;
  configureCliProcess();
  const { build } = (await importDist('bin/build.js')) as BuildModule;
  const opened: DocsRoot[] = [];
  if (request.inventory) {
    // build() opens its DocsRoot itself; wrapping the factory is the only way to ask that root
    // afterwards which files it read. The inventory run is timed like the others: one wrapper call
    // and one sort are noise next to a build.
    const { DocsRoot } = (await importDist('bin/root.js')) as RootModule;
    const open = DocsRoot.open.bind(DocsRoot);
    DocsRoot.open = (dir, options) => {
      const root = open(dir, options);
      if (root) opened.push(root);
      return root;
    };
  }
  const started = performance.now();
  const result = await build({ root: request.root, outFile: request.outFile, cache: request.cache, ...(request.cacheDir !== undefined ? { cacheDir: request.cacheDir } : {}) });
  const workMs = performance.now() - started;
  const report: Partial<ChildReport> = {
    workMs,
    errors: result.diagnostics.filter((d) => d.severity === 'error').length,
    warnings: result.diagnostics.filter((d) => d.severity === 'warning').length,
    ...(result.stats ? { pages: result.stats.pages } : {}),
  };
  const root = opened[0];
  if (root) {
    report.inventory = {
      files: root.readFiles().map((file) => ({ path: file.path, bytes: fileSize(path.join(root.dir, file.path)) })),
      specs: Object.values(result.manifest?.openapi ?? {})
        .filter((spec) => spec.url === undefined)
        .map((spec) => spec.file),
    };
  }
  return report;
}

function fileSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

function readList(listFile: string): string[] {
  return JSON.parse(readFileSync(listFile, 'utf8')) as string[];
}

function runRead(listFile: string): Partial<ChildReport> {
  const files = readList(listFile);
  const started = performance.now();
  let bytes = 0;
  for (const file of files) {
    try {
      bytes += readFileSync(file).byteLength;
    } catch {
      // A file the build reported as unreadable is unreadable here too: nothing to time.
    }
  }
  return { workMs: performance.now() - started, files: files.length, bytes };
}

async function runPages(listFile: string, firstPages: string[]): Promise<Partial<ChildReport>> {
  const [{ unified }, { default: remarkParse }, { default: remarkMdx }, { default: remarkFrontmatter }] = await Promise.all([
    import('unified'),
    import('remark-parse'),
    import('remark-mdx'),
    import('remark-frontmatter'),
  ]);
  const files = readList(listFile);
  const processor = unified().use(remarkParse).use(remarkMdx).use(remarkFrontmatter, ['yaml']);
  let parseErrors = 0;
  const parse = (file: string): number => {
    const text = readFileSync(file, 'utf8');
    try {
      processor.parse(text);
    } catch {
      parseErrors++;
    }
    return text.length;
  };
  const started = performance.now();
  let firstParseMs: number | undefined;
  let bytes = 0;
  if (firstPages.length > 0) {
    for (const file of firstPages) bytes += parse(file);
    firstParseMs = performance.now() - started;
  }
  const parsedFirst = new Set(firstPages);
  for (const file of files) if (!parsedFirst.has(file)) bytes += parse(file);
  return { workMs: performance.now() - started, files: files.length, bytes, parseErrors, ...(firstParseMs !== undefined ? { firstParseMs } : {}) };
}

async function runSpecs(listFile: string): Promise<Partial<ChildReport>> {
  const files = readList(listFile);
  // js-yaml only when there is YAML: a JSON-only site should not pay for loading it.
  const yaml = files.some((file) => !file.endsWith('.json')) ? (await import('js-yaml')).default : undefined;
  const started = performance.now();
  let bytes = 0;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    bytes += text.length;
    if (file.endsWith('.json') || !yaml) JSON.parse(text);
    else yaml.load(text);
  }
  return { workMs: performance.now() - started, files: files.length, bytes };
}

async function main(): Promise<void> {
  const request = JSON.parse(process.argv[2] ?? '{"mode":"noop"}') as ChildRequest;
  let partial: Partial<ChildReport>;
  switch (request.mode) {
    case 'build':
      partial = await runBuild(request);
      break;
    case 'read':
      partial = runRead(request.listFile);
      break;
    case 'pages':
      partial = await runPages(request.listFile, request.firstPages ?? []);
      break;
    case 'specs':
      partial = await runSpecs(request.listFile);
      break;
    default:
      partial = { workMs: 0 };
  }
  const usage = process.resourceUsage();
  const report: ChildReport = {
    mode: request.mode,
    workMs: 0,
    ...partial,
    // resourceUsage() times are in microseconds and cover every thread of the process (MDX workers too).
    cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000,
    maxRssKb: usage.maxRSS,
  };
  process.stdout.write(`BENCH ${JSON.stringify(report)}\n`);
}

await main();
