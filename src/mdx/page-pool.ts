import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { inStage, StageFailure, type StageResult } from '../diagnostics/index.js';
import { parseMdxPage, type ParsedPage } from './index.js';
import type { SourceFile } from '../root/index.js';
import { defaultWorkerCount, startModuleWorker } from '../root/worker-threads.js';

export interface ParseRequest {
  batch: number;
  files: SourceFile[];
}

export interface ParseResponse {
  batch: number;
  /** A page whose parse threw (a bug in docs-build) carries the error's text instead of a result. */
  results: Array<{ path: string; result: StageResult<ParsedPage> } | { path: string; failure: string }>;
}

export interface PoolOptions {
  /** Worker threads; default: one per core but the main thread's, at most 4. 0 parses on the main thread. */
  workers?: number;
  /** Below this many pages the pool is not worth its start-up (~40 ms a worker). Default 48. */
  minPages?: number;
  /** Young-generation size of each worker's heap, in MB; default 192 (see `defaultYoungGenerationMb`). */
  youngGenerationMb?: number;
}

export type PageResultHandler = (path: string, result: StageResult<ParsedPage>) => void;

/** Worker threads that parse pages, started before the pages are known so the parser loads meanwhile. */
export interface PagePool {
  /** Parses `files` (once per pool), calling `onResult` as each page's result arrives, in no particular order. */
  parse(files: readonly SourceFile[], onResult?: PageResultHandler): Promise<Map<string, StageResult<ParsedPage>>>;
  /** Stops the workers; the pool cannot be used afterwards. */
  close(): Promise<void>;
}

const batchSize = 8;
export const defaultMinPages = 48;

/**
 * micromark allocates an object per token: with V8's default young generation (16 MB semi-spaces)
 * a parse spends a quarter of its time scavenging and promotes short-lived tokens. 192 MB (64 MB
 * semi-spaces) took the firecrawl-docs pages from 5.3 to 4.4 s and from 8.2 to 6.4 CPU-s on one
 * thread, for ~130 MB more peak RSS (docs/bench.md).
 */
const defaultYoungGenerationMb = 192;

/**
 * Starts the worker pool, or returns undefined when parsing on the main thread is as good: one core,
 * or `workers: 0`. The workers load the MDX parser at once, while the caller reads the config.
 */
export function startPagePool(options: PoolOptions = {}): PagePool | undefined {
  // The main thread has work of its own while pages parse (specs, imports): it keeps a core.
  const count = options.workers ?? defaultWorkerCount();
  if (count < 1 || availableParallelism() < 2) return undefined;
  const workers = Array.from({ length: count }, () => new PoolWorker(options.youngGenerationMb ?? defaultYoungGenerationMb));
  return {
    parse: (files, onResult) => parseOnWorkers(workers, files, onResult),
    close: async () => {
      await Promise.all(workers.map((worker) => worker.thread.terminate()));
    },
  };
}

/**
 * Parses pages with the MDX stage, on worker threads when there are enough of them to pay for
 * starting the workers. Results come back as plain data (ParsedPage holds no AST), in any order.
 */
export async function parsePages(files: readonly SourceFile[], options: PoolOptions & { onResult?: PageResultHandler } = {}): Promise<Map<string, StageResult<ParsedPage>>> {
  const pool = files.length >= (options.minPages ?? defaultMinPages) ? startPagePool(options) : undefined;
  if (!pool) return parseOnMainThread(files, options.onResult);
  try {
    return await pool.parse(files, options.onResult);
  } finally {
    await pool.close();
  }
}

export function parseOnMainThread(files: readonly SourceFile[], onResult?: PageResultHandler): Map<string, StageResult<ParsedPage>> {
  const results = new Map<string, StageResult<ParsedPage>>();
  for (const file of files) {
    const result = inStage('mdx', file.path, () => parseMdxPage(file));
    results.set(file.path, result);
    onResult?.(file.path, result);
  }
  return results;
}

/**
 * Every batch is posted at once: a worker never waits for the main thread, which is busy with the
 * specs while the pages parse. Batches go to the worker with the fewest bytes so far, so the workers
 * finish together and each walks the pages in their given order.
 */
async function parseOnWorkers(workers: readonly PoolWorker[], files: readonly SourceFile[], onResult?: PageResultHandler): Promise<Map<string, StageResult<ParsedPage>>> {
  const results = new Map<string, StageResult<ParsedPage>>();
  const assigned: SourceFile[][][] = workers.map(() => []);
  const load = workers.map(() => 0);
  for (let i = 0; i < files.length; i += batchSize) {
    const batch = files.slice(i, i + batchSize);
    const lightest = load.indexOf(Math.min(...load));
    assigned[lightest]!.push(batch);
    load[lightest]! += batch.reduce((bytes, file) => bytes + file.byteLength, 0);
  }
  await Promise.all(
    workers.map(
      (worker, index) =>
        new Promise<void>((resolve, reject) => {
          const batches = assigned[index]!;
          let remaining = batches.length;
          if (remaining === 0) return resolve();
          worker.onStop = reject;
          worker.thread.on('message', (response: ParseResponse) => {
            for (const item of response.results) {
              if ('failure' in item) {
                worker.onStop = undefined;
                reject(new StageFailure('mdx', item.path, new Error(item.failure)));
                return;
              }
              results.set(item.path, item.result);
              onResult?.(item.path, item.result);
            }
            if (--remaining === 0) {
              worker.onStop = undefined;
              resolve();
            }
          });
          batches.forEach((batch, number) => worker.thread.postMessage({ batch: number, files: batch } satisfies ParseRequest));
        }),
    ),
  );
  return results;
}


/**
 * A worker thread and how it stopped, if it did: a worker can fail (its module not loading, memory
 * exhausted) before it is given work, and must neither crash the process nor leave a parse waiting.
 */
class PoolWorker {
  readonly thread: Worker;
  private stopped: Error | undefined;
  private waiting: ((error: Error) => void) | undefined;

  constructor(youngGenerationMb: number) {
    this.thread = startWorker(youngGenerationMb);
    this.thread.on('error', (error) => this.stop(error));
    this.thread.on('exit', (code) => this.stop(new Error(`MDX worker exited with code ${code}`)));
  }

  /** Called (once) when the worker stops while a parse waits for it; at once if it stopped already. */
  set onStop(handler: ((error: Error) => void) | undefined) {
    this.waiting = handler;
    if (handler && this.stopped) handler(this.stopped);
  }

  private stop(error: Error): void {
    this.stopped ??= error;
    this.waiting?.(this.stopped);
    this.waiting = undefined;
  }
}

function startWorker(youngGenerationMb: number): Worker {
  return startModuleWorker(import.meta.url, 'parse-worker', { resourceLimits: { maxYoungGenerationSizeMb: youngGenerationMb } });
}
