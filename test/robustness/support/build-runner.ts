import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { BuildReply, BuildRequest, OkReply } from './protocol.js';
import { balanceInTwo } from '../../helpers/balance.js';
import { projectDir } from './temp.js';

export { projectDir, removeTempDirs, tempDir } from './temp.js';

const childFile = fileURLToPath(new URL('./build-child.ts', import.meta.url));

export interface RunnerOptions {
  /** Heap limit of the child in MB (a build that needs more dies, and the run fails). Default 1536. */
  maxHeapMb?: number;
  /** Record file-system accesses (see build-child.ts). */
  traceFs?: boolean;
}

/**
 * Runs builds in one long-lived child process. A build that does not answer within its time limit is
 * a hang: the child is killed with SIGKILL and the next build starts a fresh one.
 */
export class BuildRunner {
  private child: ChildProcess | undefined;
  private ready: Promise<void> | undefined;
  private nextId = 1;
  private stderrTail = '';
  private readonly waiting = new Map<number, { resolve: (reply: BuildReply) => void; reject: (error: Error) => void }>();

  constructor(private readonly options: RunnerOptions = {}) {}

  private start(): Promise<void> {
    if (this.ready) return this.ready;
    const child = fork(childFile, [], {
      cwd: projectDir,
      execArgv: ['--import', 'tsx', `--max-old-space-size=${this.options.maxHeapMb ?? 1536}`],
      env: { ...process.env, ROBUST_TRACE_FS: this.options.traceFs ? '1' : '0' },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    this.child = child;
    this.stderrTail = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString()).slice(-4000);
    });
    this.ready = new Promise<void>((resolve, reject) => {
      child.once('error', reject);
      child.on('message', (message: BuildReply | { ready: true }) => {
        if ('ready' in message) return resolve();
        const waiter = this.waiting.get(message.id);
        this.waiting.delete(message.id);
        waiter?.resolve(message);
      });
      child.once('exit', (code, signal) => {
        if (this.child === child) {
          this.child = undefined;
          this.ready = undefined;
        }
        const error = new Error(`the build child process exited (code ${code}, signal ${signal}); stderr:\n${this.stderrTail}`);
        reject(error);
        for (const waiter of this.waiting.values()) waiter.reject(error);
        this.waiting.clear();
      });
    });
    return this.ready;
  }

  /** Runs one build; rejects when it takes longer than `timeoutMs` (a hang) or the child dies (a crash, out of memory). */
  async run(request: Omit<BuildRequest, 'id'>, timeoutMs: number): Promise<BuildReply> {
    await this.start();
    const child = this.child!;
    const id = this.nextId++;
    return new Promise<BuildReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        this.kill();
        reject(new Error(`build of ${request.root} did not finish within ${timeoutMs} ms (hang?)`));
      }, timeoutMs);
      this.waiting.set(id, {
        resolve: (reply) => {
          clearTimeout(timer);
          resolve(reply);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      child.send({ ...request, id });
    });
  }

  kill(): void {
    const child = this.child;
    this.child = undefined;
    this.ready = undefined;
    child?.kill('SIGKILL');
  }

  close(): void {
    this.kill();
  }
}


export const previousManifest = '{"previous":"manifest","manifestVersion":1}\n';

/** Puts a "previous build" manifest at `outFile`, so a run can show that errors leave it untouched. */
export function seedPreviousManifest(outFile: string): void {
  writeFileSync(outFile, previousManifest);
}

/**
 * The invariants every build must keep, whatever the input: it answered (no exception), every
 * position is inside its file, no prototype was polluted, the manifest serializes, and the output
 * file is the new manifest when there are no errors, or the untouched previous one when there are.
 */
export function expectBuildInvariants(reply: BuildReply, outFile?: string): asserts reply is OkReply {
  // FUZZ_DEBUG=1 prints each case's time and diagnostic codes (to see what the fuzzers reach).
  if (process.env.FUZZ_DEBUG && reply.ok) console.log(`${Math.round(reply.ms)} ms ${[...new Set(reply.diagnostics.map((d) => d.code))].join(' ') || 'clean'}`);
  if (!reply.ok) throw new Error(`build() threw (a docs-build bug):\n${reply.error}`);
  expect(reply.positionProblems, 'diagnostic positions outside their file').toEqual([]);
  expect(reply.pollution, 'prototype pollution').toEqual([]);
  expect(reply.manifestError, 'JSON.stringify(manifest) threw').toBeUndefined();
  const errors = reply.diagnostics.some((d) => d.severity === 'error');
  if (!reply.manifestBytes) expect(errors, 'no manifest, yet no error diagnostic says why').toBe(true);
  if (!outFile) return;
  const leftovers = readdirSync(path.dirname(outFile)).filter((name) => name.endsWith('.tmp'));
  expect(leftovers, 'temp files left next to the output').toEqual([]);
  if (errors) {
    expect(reply.written).toBeUndefined();
    expect(existsSync(outFile) ? readFileSync(outFile, 'utf8') : undefined, 'the previous manifest must stay untouched when there are errors').toBe(previousManifest);
  } else {
    expect(reply.written).toBe(outFile);
    const written = JSON.parse(readFileSync(outFile, 'utf8')) as { manifestVersion?: unknown };
    expect(written.manifestVersion).toBe(1);
  }
}

/** Compact `severity code file:line:col` lines, for readable assertions. */
export function summarize(reply: OkReply, filter: (code: string) => boolean = () => true): string[] {
  return reply.diagnostics.filter((d) => filter(d.code)).map((d) => `${d.severity} ${d.code} ${d.file ?? '-'}:${d.line ?? '-'}:${d.column ?? '-'}`);
}

/**
 * Builds every named root in one of two child processes side by side (largest first, each to the less
 * loaded one: these machines have 2 cores), checking the build invariants; by name, the reply or what
 * went wrong. The children are closed at the end.
 */
export async function buildInTwoChildren(
  names: readonly string[],
  weightOf: (name: string) => number,
  requestOf: (name: string) => Omit<BuildRequest, 'id'>,
  timeoutMs: number,
): Promise<Map<string, OkReply | Error>> {
  const runners = [new BuildRunner({ maxHeapMb: 3072 }), new BuildRunner({ maxHeapMb: 3072 })];
  const replies = new Map<string, OkReply | Error>();
  try {
    await Promise.all(
      balanceInTwo(names, weightOf).map(async (queue, i) => {
        for (const name of queue) {
          try {
            const reply = await runners[i]!.run(requestOf(name), timeoutMs);
            expectBuildInvariants(reply);
            replies.set(name, reply);
          } catch (error) {
            replies.set(name, error as Error);
          }
        }
      }),
    );
  } finally {
    for (const runner of runners) runner.close();
  }
  return replies;
}
