/**
 * Benchmark of the MDX stage on every page of the firecrawl-docs corpus (5.5k pages, 12 MB), next to
 * plain remark-parse (CommonMark + frontmatter, no MDX) of the same pages measured in the same run.
 * Every measurement runs in its own child process so that peak RSS (`process.resourceUsage().maxRSS`)
 * belongs to that measurement alone; the two kinds alternate so machine noise hits both alike.
 *
 *   npx tsx bench/mdx.ts            (BENCH_RUNS=5 for more runs; default 3)
 */
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import remarkFrontmatter from 'remark-frontmatter';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { parseMdxPage } from '../src/mdx/index.js';
import { DocsRoot, type SourceFile } from '../src/root/index.js';
import type { BenchRow } from './row.js';

/** A row of the MDX stage bench: the shared row, plus throughput. */
export interface MdxBenchRow extends BenchRow {
  mbPerSec: number;
}

type Kind = 'mdx' | 'plain';

interface Measurement {
  wallMs: number;
  cpuMs: number;
  maxRssMb: number;
  pages: number;
  bytes: number;
  errors: number;
}

const corpus = fileURLToPath(new URL('../../shared/corpora/firecrawl-docs', import.meta.url));
const self = fileURLToPath(import.meta.url);

function loadPages(): SourceFile[] {
  const root = DocsRoot.open(corpus);
  if (!root) throw new Error(`no corpus at ${corpus}`);
  const files: SourceFile[] = [];
  for (const path of root.files()) {
    if (!/\.(mdx|md)$/i.test(path)) continue;
    const read = root.read(path);
    if (read.ok) files.push(read.file);
  }
  return files;
}

/** One pass in this (child) process: load, warm up on a slice, then time every page. */
function measure(kind: Kind): Measurement {
  const pages = loadPages();
  const plain = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']);
  let errors = 0;
  const parse =
    kind === 'mdx'
      ? (file: SourceFile): void => {
          errors += parseMdxPage(file).diagnostics.filter((d) => d.code === 'mdx/syntax-error').length;
        }
      : (file: SourceFile): void => void plain.parse(file.text);
  for (const file of pages.slice(0, 200)) parse(file);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (const file of pages) parse(file);
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    wallMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    // maxRSS is in kilobytes.
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    pages: pages.length,
    bytes: pages.reduce((sum, file) => sum + file.byteLength, 0),
    errors: kind === 'mdx' ? errors : 0,
  };
}

function runChild(kind: Kind): Promise<Measurement> {
  return new Promise((resolve, reject) => {
    const child = fork(self, ['--child', kind], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let result: Measurement | undefined;
    child.on('message', (message) => (result = message as Measurement));
    child.on('error', reject);
    child.on('exit', (code) => (result ? resolve(result) : reject(new Error(`bench child (${kind}) exited with ${code}`))));
  });
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const round = (value: number, digits = 1): number => Math.round(value * 10 ** digits) / 10 ** digits;

export async function benchMdx(runs = Number(process.env['BENCH_RUNS'] ?? 3)): Promise<MdxBenchRow[]> {
  if (!existsSync(corpus)) return [];
  const results: Record<Kind, Measurement[]> = { mdx: [], plain: [] };
  for (let run = 0; run < runs; run++) {
    for (const kind of run % 2 === 0 ? (['plain', 'mdx'] as const) : (['mdx', 'plain'] as const)) results[kind].push(await runChild(kind));
  }
  const bytes = results.mdx[0]?.bytes ?? 0;
  const pages = results.mdx[0]?.pages ?? 0;
  const baselineMs = median(results.plain.map((m) => m.wallMs));
  const row = (name: string, measurements: Measurement[]): MdxBenchRow => {
    const medianMs = median(measurements.map((m) => m.wallMs));
    return {
      name,
      medianMs: round(medianMs, 0),
      cpuMs: round(median(measurements.map((m) => m.cpuMs)), 0),
      peakRssMb: round(Math.max(...measurements.map((m) => m.maxRssMb))),
      baselineMs: round(baselineMs, 0),
      ratio: round(medianMs / baselineMs, 2),
      mbPerSec: round(bytes / 1e6 / (medianMs / 1000), 2),
    };
  };
  const label = `firecrawl-docs, ${pages} pages, ${round(bytes / 1e6)} MB`;
  return [row(`mdx stage: parseMdxPage (${label})`, results.mdx), row(`baseline: remark-parse, no MDX (${label})`, results.plain)];
}

if (process.argv[2] === '--child' && process.send) {
  const kind = process.argv[3] === 'mdx' ? 'mdx' : 'plain';
  process.send(measure(kind), () => process.exit(0));
} else if (process.argv[1] && path.resolve(process.argv[1]) === self) {
  const rows = await benchMdx();
  if (rows.length === 0) console.log(`skipped: ${corpus} is absent`);
  else console.table(rows);
}
