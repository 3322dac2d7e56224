import type { Worker } from 'node:worker_threads';
import { defaultWorkerCount, startModuleWorker } from '../root/worker-threads.js';
import { resolveLanguage, type CodeThemes, type HighlightEngine } from './highlight.js';
import type { HighlightedLines } from './types.js';

export interface HighlightRequest {
  batch: number;
  themes: CodeThemes;
  engine?: HighlightEngine;
  blocks: Array<{ code: string; lang: string }>;
}

export interface HighlightResponse {
  batch: number;
  /** One entry per block: null for no tokens. */
  results: Array<HighlightedLines | null>;
  /** A highlighter that could not start or a block that threw (a bug): the batch fails. */
  failure?: string;
  /** The worker's heap and external memory after the batch. */
  retainedBytes?: number;
}

/** Blocks per message: enough to amortize a post, few enough that both workers stay busy to the end. */
const batchSize = 24;

/**
 * A worker holding more than this when its next block needs a grammar it has not compiled yet is
 * replaced by a fresh one. Each grammar it compiles stays in Oniguruma's WASM memory, which never shrinks
 * (the JavaScript, TypeScript, JSX and TSX grammars are ~50 MB each there): on firecrawl-docs one worker
 * ended at ~500 MB. Blocks come in language order (`planHighlighting`), so a fresh worker compiles only
 * the grammars still to come, and replacing it only where the grammar changes compiles each one once.
 */
export const defaultRetireBytes = 128 * 1024 * 1024;

/**
 * A pool released holding at most this much in its one kept worker (heap and WebAssembly memory after its
 * last batch) is kept warm for the next run of this process, instead of closed. Starting a worker and
 * Shiki costs ~0.4 s before the first token: a preview whose edit changes a code block, or a program that
 * builds again and again, would pay it each time. docs-example's worker holds ~55 MB; a worker of a large
 * site is closed, so a cold build's memory after highlighting is what it was.
 */
export const keepWarmBytes = 96 * 1024 * 1024;

/**
 * How long a released pool waits, idle, for the next run before its worker stops: 30 s after a run of its
 * own, 10 minutes after a run of a session (a preview, whose author may read a while between two edits).
 */
export const keepWarmMs = { run: 30_000, session: 600_000 } as const;

type PoolOptions = { workers?: number; engine?: HighlightEngine; retireBytes?: number };

/** The pool a run released, waiting for the next (one per process: the last released). */
let warm: { pool: HighlightPool; timer: NodeJS.Timeout } | undefined;

/** What a pool is made for: a warm pool serves only a run that would make an equal one. */
const poolKey = (themes: CodeThemes, options: PoolOptions): string => JSON.stringify([themes, options.workers, options.engine, options.retireBytes]);

/** A pool for a run: the warm one when it was made for the same themes and options, else a new one. */
export function takePool(themes: CodeThemes, options: PoolOptions = {}): HighlightPool {
  const waiting = warm;
  if (waiting?.pool.key !== poolKey(themes, options)) return new HighlightPool(themes, options);
  warm = undefined;
  clearTimeout(waiting.timer);
  waiting.pool.ref();
  return waiting.pool;
}

/**
 * Ends a run's use of `pool`: kept warm with one worker (replacing the pool kept before) when it is
 * healthy, idle and that worker holds at most `keepBytes`, else closed. A warm pool never keeps the
 * process alive.
 */
export async function releasePool(pool: HighlightPool, { keepBytes = keepWarmBytes, keepMs = keepWarmMs.run }: { keepBytes?: number; keepMs?: number } = {}): Promise<void> {
  if (!(await pool.keepOne(keepBytes))) return pool.close();
  const previous = warm;
  pool.unref();
  const timer = setTimeout(() => void dropWarm(pool), keepMs);
  timer.unref();
  warm = { pool, timer };
  if (previous) {
    clearTimeout(previous.timer);
    await previous.pool.close();
  }
}

/** Closes `pool` if it is the warm one (its time is up, or its worker died while it waited). */
async function dropWarm(pool: HighlightPool): Promise<void> {
  if (warm?.pool !== pool) return;
  clearTimeout(warm.timer);
  warm = undefined;
  await pool.close();
}

/** Stops the warm pool now, if there is one (a host process that closed its preview). */
export async function closeWarmPool(): Promise<void> {
  if (warm) await dropWarm(warm.pool);
}

interface Pending {
  code: string;
  lang: string;
  /** The grammar the block needs (`js` and `javascript` share one). */
  grammar: string;
  resolve: (tokens: HighlightedLines | undefined) => void;
  reject: (error: Error) => void;
}

/**
 * Highlighting on worker threads (Shiki costs milliseconds a block; a site has thousands): `highlight`
 * queues a block and answers when a worker has tokenized it. Each worker keeps one highlighter, so a
 * grammar is compiled once per worker. Blocks are handed out in batches as workers become free.
 */
export class HighlightPool {
  private readonly workers: Worker[] = [];
  private readonly idle: Worker[] = [];
  private readonly queue: Pending[] = [];
  private readonly inFlight = new Map<Worker, Pending[]>();
  /** The grammars each worker was given blocks of. */
  private readonly grammars = new Map<Worker, Set<string>>();
  private failure: Error | undefined;
  private batch = 0;
  private scheduled = false;

  /** What each worker held after its last batch. */
  private readonly retained = new Map<Worker, number>();

  constructor(
    private readonly themes: CodeThemes,
    private readonly options: PoolOptions = {},
  ) {
    this.key = poolKey(themes, options);
  }

  /** What the pool was made for (`poolKey`). */
  readonly key: string;

  /** Workers replaced for holding too much memory (`defaultRetireBytes`). */
  retired = 0;

  /** Workers started since the pool was made (a warm pool taken again starts none). */
  started = 0;

  highlight(code: string, lang: string): Promise<HighlightedLines | undefined> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.queue.push({ code, lang, grammar: resolveLanguage(lang) ?? lang, resolve, reject });
      // Calls arrive in a burst (one per distinct block): dispatch once they are all queued.
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.dispatch();
        });
      }
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
    this.workers.length = 0;
    this.idle.length = 0;
    this.grammars.clear();
    this.retained.clear();
  }

  /**
   * Readies an idle, healthy pool to wait for a next run with one worker, the one holding least (the
   * others stop): whether that worker holds at most `bytes`. A failed or busy pool is not kept.
   */
  async keepOne(bytes: number): Promise<boolean> {
    if (this.failure !== undefined || this.queue.length > 0 || this.inFlight.size > 0) return false;
    const measured = this.workers.filter((worker) => this.retained.has(worker));
    if (measured.length === 0) return false;
    const kept = measured.reduce((least, worker) => (this.retained.get(worker)! < this.retained.get(least)! ? worker : least));
    const others = this.workers.filter((worker) => worker !== kept);
    for (const worker of others) this.forget(worker);
    await Promise.all(others.map((worker) => worker.terminate()));
    return this.retained.get(kept)! <= bytes;
  }

  /** The workers keep the process alive while a run uses the pool, and not while it waits for one. */
  ref(): void {
    for (const worker of this.workers) worker.ref();
  }

  unref(): void {
    for (const worker of this.workers) worker.unref();
  }

  private dispatch(): void {
    this.startWorkers();
    while (this.queue.length > 0 && this.idle.length > 0) {
      // A batch holds one grammar's blocks, so a worker can be replaced where the next grammar begins;
      // it goes to a worker that has compiled that grammar when one is idle.
      const grammar = this.queue[0]!.grammar;
      const knowing = this.idle.findIndex((idle) => this.grammars.get(idle)!.has(grammar));
      const worker = this.idle.splice(knowing >= 0 ? knowing : this.idle.length - 1, 1)[0]!;
      // Smaller batches near the end, so one worker is not left with the whole tail.
      const size = Math.max(1, Math.min(batchSize, Math.ceil(this.queue.length / this.workers.length)));
      let count = 1;
      while (count < size && this.queue[count]!.grammar === grammar) count++;
      const blocks = this.queue.splice(0, count);
      this.inFlight.set(worker, blocks);
      this.grammars.get(worker)!.add(grammar);
      const request: HighlightRequest = { batch: this.batch++, themes: this.themes, blocks: blocks.map(({ code, lang }) => ({ code, lang })) };
      if (this.options.engine) request.engine = this.options.engine;
      worker.postMessage(request);
    }
  }

  private startWorkers(): void {
    // The main thread finishes the pages' twins and search records while blocks are highlighted (content-stage.ts).
    const count = Math.max(1, this.options.workers ?? defaultWorkerCount());
    // A warm pool waits with one worker: a run of a batch or less keeps to it, a larger run gets the rest.
    if (this.workers.length >= count || (this.workers.length > 0 && this.queue.length <= batchSize)) return;
    while (this.workers.length < count) this.addWorker();
  }

  private addWorker(): void {
    const worker = startWorker();
    worker.on('message', (response: HighlightResponse) => this.answer(worker, response));
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => {
      if (this.workers.includes(worker)) this.fail(new Error(`highlight worker exited with code ${code}`));
    });
    this.workers.push(worker);
    this.started++;
    this.grammars.set(worker, new Set());
    this.idle.push(worker);
  }

  private answer(worker: Worker, response: HighlightResponse): void {
    const blocks = this.inFlight.get(worker) ?? [];
    this.inFlight.delete(worker);
    if (response.failure !== undefined) return this.fail(new Error(response.failure));
    this.retained.set(worker, response.retainedBytes ?? 0);
    blocks.forEach((block, index) => block.resolve(this.interned(response.results[index] ?? undefined)));
    const next = this.queue[0];
    const atNewGrammar = next !== undefined && !this.grammars.get(worker)!.has(next.grammar);
    if (atNewGrammar && (response.retainedBytes ?? 0) > (this.options.retireBytes ?? defaultRetireBytes)) this.retire(worker);
    else this.idle.push(worker);
    this.dispatch();
  }

  /** Replaces a worker by a fresh one: its memory goes when it exits. */
  private retire(worker: Worker): void {
    this.forget(worker);
    this.retired++;
    void worker.terminate();
    this.addWorker();
  }

  /** Takes a worker out of the pool (its exit is then no failure); the caller ends it. */
  private forget(worker: Worker): void {
    this.workers.splice(this.workers.indexOf(worker), 1);
    const idle = this.idle.indexOf(worker);
    if (idle >= 0) this.idle.splice(idle, 1);
    this.grammars.delete(worker);
    this.retained.delete(worker);
  }

  /**
   * A posted result arrives with its own copy of every color string: a site's blocks hold millions of
   * tokens and a handful of colors, so each color is kept once (a third of the tokens' memory).
   */
  private readonly colors = new Map<string, string>();

  private interned(lines: HighlightedLines | undefined): HighlightedLines | undefined {
    if (!lines) return lines;
    const intern = (color: string): string => {
      const known = this.colors.get(color);
      if (known !== undefined) return known;
      this.colors.set(color, color);
      return color;
    };
    for (const line of lines.lines) {
      for (const token of line) {
        token[1] = intern(token[1]);
        token[2] = intern(token[2]);
      }
    }
    return lines;
  }

  private fail(error: Error): void {
    this.failure ??= error;
    // A worker that died while the pool waited warm: no run may take it.
    void dropWarm(this);
    const waiting = [...this.queue.splice(0), ...[...this.inFlight.values()].flat()];
    this.inFlight.clear();
    for (const block of waiting) block.reject(this.failure);
  }
}

function startWorker(): Worker {
  return startModuleWorker(import.meta.url, 'highlight-worker');
}
