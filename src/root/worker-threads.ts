import { availableParallelism } from 'node:os';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Worker threads of the stages (the parse pool, the highlighting pool): one way to start them and one
 * rule for how many, beside the other edges of the process.
 */

/** Workers for a pool when the main thread has work of its own meanwhile: it keeps a core (at most 4 workers). */
export function defaultWorkerCount(): number {
  return Math.max(1, Math.min(availableParallelism() - 1, 4));
}

/**
 * Starts the worker module `name` beside the calling module (`callerUrl`: its `import.meta.url`):
 * `name.js` when compiled; under the test runner the sources are TypeScript, and the worker then loads
 * `name.ts` through tsx.
 */
export function startModuleWorker(callerUrl: string, name: string, options: WorkerOptions = {}): Worker {
  if (callerUrl.endsWith('.ts')) {
    const source = new URL(`./${name}.ts`, callerUrl).href;
    return new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`, { eval: true, ...options });
  }
  return new Worker(new URL(`./${name}.js`, callerUrl), options);
}
