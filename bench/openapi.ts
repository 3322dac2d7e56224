/**
 * Benchmark of the OpenAPI stage on every spec of ../shared/corpora/_openapi-stress: load (read, parse,
 * reference scan) + swagger-parser validation + describing every operation into the page model, next to
 * the time to read and parse the same file as plain JSON/YAML in the same process.
 *
 * Each spec is measured in its own child process, so the peak RSS (`process.resourceUsage().maxRSS`)
 * belongs to that spec alone. Run alone with `npx tsx bench/openapi.ts [filter] [--runs N]`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';
import { createSpecLoader, describeOperation, SchemaTable } from '../src/openapi/index.js';
import { DocsRoot } from '../src/root/index.js';
import type { BenchRow } from './row.js';


const stressDir = fileURLToPath(new URL('../../shared/corpora/_openapi-stress', import.meta.url));
const thisFile = fileURLToPath(import.meta.url);

interface ChildResult {
  stageMs: number[];
  cpuMs: number[];
  baselineMs: number[];
  maxRssKb: number;
  operations: number;
  diagnostics: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function specFiles(): string[] {
  return readdirSync(stressDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(json|ya?ml)$/.test(f) && statSync(path.join(stressDir, f)).isFile())
    .map((f) => f.split(path.sep).join('/'))
    .sort();
}

/** One spec, `runs` times each: the stage on a fresh root and loader, then the plain-parse baseline. */
async function measureInChild(file: string, runs: number): Promise<ChildResult> {
  const result: ChildResult = { stageMs: [], cpuMs: [], baselineMs: [], maxRssKb: 0, operations: 0, diagnostics: 0 };
  for (let run = 0; run < runs; run++) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    const root = DocsRoot.open(stressDir)!;
    const loaded = await createSpecLoader(root).load(file, { file });
    const schemas = new SchemaTable();
    let operations = 0;
    if (loaded.value) {
      for (const op of [...loaded.value.operations, ...loaded.value.webhooks]) {
        describeOperation(loaded.value, op, { playgroundDisplay: null, schemas });
        operations++;
      }
    }
    JSON.stringify(schemas.toJSON());
    result.stageMs.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    result.cpuMs.push((used.user + used.system) / 1000);
    result.operations = operations;
    result.diagnostics = loaded.diagnostics.length;
  }
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    const text = readFileSync(path.join(stressDir, file), 'utf8');
    if (file.endsWith('.json')) JSON.parse(text);
    else yaml.load(text);
    result.baselineMs.push(performance.now() - start);
  }
  result.maxRssKb = process.resourceUsage().maxRSS;
  return result;
}

export async function benchOpenapi(options: { filter?: string; runs?: number } = {}): Promise<BenchRow[]> {
  if (!existsSync(stressDir)) return [];
  const runs = options.runs ?? 3;
  const rows: BenchRow[] = [];
  for (const file of specFiles().filter((f) => !options.filter || f.includes(options.filter))) {
    const child = spawnSync(process.execPath, ['--import', 'tsx', thisFile, '--child', file, '--runs', String(runs)], {
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    });
    const line = child.stdout.split('\n').find((l) => l.startsWith('{'));
    if (child.status !== 0 || !line) throw new Error(`benchmark child failed for ${file}: ${child.stderr.slice(0, 2000)}`);
    const measured = JSON.parse(line) as ChildResult;
    const medianMs = median(measured.stageMs);
    const baselineMs = median(measured.baselineMs);
    rows.push({
      name: `openapi ${file}`,
      medianMs: round(medianMs),
      cpuMs: round(median(measured.cpuMs)),
      peakRssMb: round(measured.maxRssKb / 1024),
      baselineMs: round(baselineMs),
      ratio: round(medianMs / Math.max(baselineMs, 0.01)),
    });
  }
  return rows;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

export function formatRows(rows: BenchRow[]): string {
  const header = ['spec', 'median ms', 'cpu ms', 'peak RSS MB', 'read+parse ms', 'ratio'];
  const body = rows.map((r) => [r.name.replace(/^openapi /, ''), String(r.medianMs), String(r.cpuMs ?? ''), String(r.peakRssMb), String(r.baselineMs), `${r.ratio}x`]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const format = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [format(header), format(widths.map((w) => '-'.repeat(w))), ...body.map(format)].join('\n');
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === thisFile;
if (isMain) {
  const args = process.argv.slice(2);
  const runsAt = args.indexOf('--runs');
  const runs = runsAt === -1 ? 3 : Number(args[runsAt + 1]);
  const childAt = args.indexOf('--child');
  if (childAt !== -1) {
    const result = await measureInChild(args[childAt + 1]!, runs);
    process.stdout.write(JSON.stringify(result) + '\n');
  } else {
    const filter = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--runs');
    const rows = await benchOpenapi({ filter, runs });
    if (rows.length === 0) console.log(`no specs found under ${stressDir}`);
    else console.log(formatRows(rows));
  }
}
