import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { StageResult } from '../diagnostics/index.js';
import { parseMdxPage, type ParsedPage } from '../mdx/index.js';
import type { SourceFile } from '../root/index.js';

export interface ParseRequest {
  batch: number;
  files: SourceFile[];
}

export interface ParseResponse {
  batch: number;
  results: Array<{ path: string; result: StageResult<ParsedPage> }>;
}

export interface PoolOptions {
  /** Worker threads; default: available parallelism (at most 4). 0 parses on the main thread. */
  workers?: number;
  /** Below this many pages the pool is not worth its start-up (~40 ms a worker). Default 48. */
  minPages?: number;
  /** Called after each page with the number parsed so far. */
  onParsed?: (done: number) => void;
}

const batchSize = 8;

/**
 * Parses pages with the MDX stage, on worker threads when there are enough of them to pay for
 * starting the workers. Results come back as plain data (ParsedPage holds no AST), in any order.
 */
export async function parsePages(files: readonly SourceFile[], options: PoolOptions = {}): Promise<Map<string, StageResult<ParsedPage>>> {
  const results = new Map<string, StageResult<ParsedPage>>();
  const workerCount = Math.min(options.workers ?? Math.min(availableParallelism(), 4), Math.ceil(files.length / batchSize));
  if (workerCount < 1 || availableParallelism() < 2 || files.length < (options.minPages ?? 48)) {
    for (const file of files) {
      results.set(file.path, parseMdxPage(file));
      options.onParsed?.(results.size);
    }
    return results;
  }

  const batches: SourceFile[][] = [];
  for (let i = 0; i < files.length; i += batchSize) batches.push(files.slice(i, i + batchSize));
  let next = 0;
  const workers = Array.from({ length: workerCount }, () => startWorker());
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            let inFlight = 0;
            const send = (): void => {
              if (next >= batches.length) {
                if (inFlight === 0) resolve();
                return;
              }
              inFlight++;
              const batch = next++;
              worker.postMessage({ batch, files: batches[batch]! } satisfies ParseRequest);
            };
            worker.on('message', (response: ParseResponse) => {
              inFlight--;
              for (const { path, result } of response.results) results.set(path, result);
              options.onParsed?.(results.size);
              send();
            });
            worker.once('error', reject);
            worker.once('exit', (code) => (next < batches.length || code !== 0 ? reject(new Error(`MDX worker exited with code ${code}`)) : undefined));
            // Two batches in flight: a worker never waits while the main thread is busy (loading specs).
            send();
            send();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return results;
}

function startWorker(): Worker {
  const url = new URL('./parse-worker.js', import.meta.url);
  // Under the test runner the sources are TypeScript: the worker then needs tsx to load them.
  if (import.meta.url.endsWith('.ts')) {
    const source = new URL('./parse-worker.ts', import.meta.url).href;
    return new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`, { eval: true });
  }
  return new Worker(url);
}
