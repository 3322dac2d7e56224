/**
 * Fuzz mode (issue 13): many more cases than the robustness suite runs, per kind of untrusted input.
 *
 *   npm run fuzz -- --runs 10000                       # every kind, 10,000 cases each
 *   npm run fuzz -- --kinds cache,admin --runs 2000
 *   npm run fuzz -- --kinds mdx --seed 42 --path 1234  # replay one case (the path fast-check printed)
 *
 * Kinds: docs.json, frontmatter, mdx, openapi (build() on a docs root with one file mutated), content (a
 * page or snippet of docs-example mutated: the pages it reaches must render in the theme), cache
 * (a cache entry, pack, index or marker mutated: the manifest must still be the clean build's), admin
 * (an admin API response mutated, served on 127.0.0.1: the client resolves a job or rejects with an
 * AdminApiError). The mutations are the robustness suite's (test/robustness/support/mutate.ts).
 *
 * Each kind runs in its own child process (two at a time, one per core) and its cases in-process there.
 * A case that throws or breaks an invariant is a finding, printed with the seed and path that replay it
 * (the run goes on; replaying a path lets fast-check shrink it). A case slower than --case-ms is a finding too (printed with its replay path, the
 * run goes on); one that does not answer within --hang-ms is a hang: its child is killed and the kind
 * stops there. Exit code 1 when there is any finding. Not part of `npm test` or CI.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { fuzzKinds, runKind, type FuzzMessage } from '../test/robustness/support/fuzz-kinds.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '10000' },
    kinds: { type: 'string', default: fuzzKinds.join(',') },
    seed: { type: 'string' },
    path: { type: 'string' },
    jobs: { type: 'string', default: '2' },
    'case-ms': { type: 'string', default: '10000' },
    'hang-ms': { type: 'string', default: '120000' },
    child: { type: 'string' },
  },
});

const runs = Number(values.runs);
const caseMs = Number(values['case-ms']);
const hangMs = Number(values['hang-ms']);

if (values.child !== undefined) {
  // A child: one kind, every case in this process, progress to the parent.
  const send = (message: FuzzMessage): void => void (process.send ? process.send(message) : console.log(JSON.stringify(message)));
  const seed = Number(values.seed);
  await runKind(values.child, { runs, seed, caseMs, send, ...(values.path !== undefined ? { path: values.path } : {}) });
  if (process.send) process.disconnect();
} else {
  const kinds = values.kinds.split(',').filter(Boolean);
  const unknown = kinds.filter((kind) => !fuzzKinds.includes(kind));
  if (unknown.length > 0 || !Number.isSafeInteger(runs) || runs < 1) {
    console.error(`usage: npm run fuzz -- [--runs N] [--kinds ${fuzzKinds.join(',')}] [--seed S] [--path P] (unknown: ${unknown.join(', ')})`);
    process.exit(2);
  }
  const started = performance.now();
  const results = await runAll(kinds, Number(values.jobs));
  console.log(`\n[fuzz] ${((performance.now() - started) / 1000).toFixed(0)} s`);
  for (const result of results) console.log(`[fuzz] ${result.kind}: ${result.cases} cases, seed ${result.seed}, ${result.findings.length === 0 ? 'no finding' : `${result.findings.length} finding(s)`}`);
  const findings = results.flatMap((result) => result.findings.map((finding) => `--- ${result.kind} (seed ${result.seed})\n${finding}`));
  if (findings.length > 0) console.log(`\n[fuzz] findings:\n${findings.join('\n')}`);
  process.exitCode = findings.length > 0 ? 1 : 0;
}

interface KindResult {
  kind: string;
  seed: number;
  cases: number;
  findings: string[];
}

async function runAll(kinds: string[], jobs: number): Promise<KindResult[]> {
  const results: KindResult[] = [];
  const queue = [...kinds];
  const worker = async (): Promise<void> => {
    for (let kind = queue.shift(); kind !== undefined; kind = queue.shift()) results.push(await runChild(kind));
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
  return results.sort((a, b) => kinds.indexOf(a.kind) - kinds.indexOf(b.kind));
}

/** Runs one kind in a child process, watching for hangs. */
function runChild(kind: string): Promise<KindResult> {
  const seed = values.seed !== undefined ? Number(values.seed) : (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
  const replay = `npm run fuzz -- --kinds ${kind} --seed ${seed} --path <path>`;
  console.log(`[fuzz] ${kind}: seed ${seed}, ${runs} cases (replay a case: ${replay})`);
  const result: KindResult = { kind, seed, cases: 0, findings: [] };
  const args = ['--child', kind, '--runs', String(runs), '--seed', String(seed), '--case-ms', String(caseMs), ...(values.path !== undefined ? ['--path', values.path] : [])];
  const child = fork(fileURLToPath(import.meta.url), args, { execArgv: ['--import', 'tsx', '--max-old-space-size=2048'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve) => {
    let current = -1;
    let last = performance.now();
    const watchdog = setInterval(() => {
      if (performance.now() - last < hangMs) return;
      result.findings.push(`hang: case path "${current}" gave no answer within ${hangMs / 1000} s; replay: npm run fuzz -- --kinds ${kind} --seed ${seed} --path ${current}`);
      child.kill('SIGKILL');
    }, 1000);
    child.on('message', (message: FuzzMessage) => {
      last = performance.now();
      if (message.type === 'case') {
        current = message.index;
        result.cases = message.index + 1;
        if ((message.index + 1) % 1000 === 0) console.log(`[fuzz] ${kind}: ${message.index + 1} cases`);
      } else if (message.type === 'finding') {
        result.findings.push(`case path "${message.index}" failed (replay and shrink: npm run fuzz -- --kinds ${kind} --seed ${seed} --path ${message.index}):\n${message.error}`);
      } else if (message.type === 'slow') {
        result.findings.push(`slow: case path "${message.index}" took ${Math.round(message.ms)} ms (limit ${caseMs}); replay: npm run fuzz -- --kinds ${kind} --seed ${seed} --path ${message.index}`);
      } else if (message.type === 'done') {
        result.cases = message.cases;
        if (message.failure) result.findings.push(message.failure);
      }
    });
    child.on('exit', (code, signal) => {
      clearInterval(watchdog);
      if (code !== 0 && signal !== 'SIGKILL') result.findings.push(`the child of ${kind} exited with code ${code} (signal ${signal}): a crash or out of memory near case path "${current}"`);
      resolve(result);
    });
  });
}
