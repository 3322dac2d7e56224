import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { build } from '../pipeline/build.js';
import type { BuildOptions, BuildResult } from '../pipeline/index.js';
import { formatHuman, hasErrors, summaryLine } from '../diagnostics/index.js';
import type { CliIo } from './io.js';

export interface WatchOptions {
  build: BuildOptions & { outFile: string };
  /** Prints the result of one build (the same output as a single `build`). */
  report: (result: BuildResult, elapsedMs: number) => void;
  /** Quiet period after the last change before rebuilding, in ms. Default 80. */
  debounceMs?: number;
}

const ignored = /(^|\/)(\.docs-build|node_modules|\.git)(\/|$)/;

/**
 * `build --watch`: builds once, then rebuilds with the incremental cache whenever a file of the docs
 * root changes, printing what changed and how long the rebuild took. Runs until the signal aborts
 * (Ctrl-C); resolves with the exit code of the last build.
 */
export async function watchAndBuild(io: CliIo, options: WatchOptions, signal: AbortSignal): Promise<number> {
  const root = options.build.root;
  const outRelative = path.relative(root, options.build.outFile).split(path.sep).join('/');
  const run = async (): Promise<BuildResult> => {
    const started = performance.now();
    const result = await build({ ...options.build, cache: true });
    options.report(result, performance.now() - started);
    return result;
  };

  let last = await run();
  if (signal.aborted) return hasErrors(last.diagnostics) ? 1 : 0;
  io.stdout(`watching ${path.relative(io.cwd, root) || '.'} for changes (Ctrl-C to stop)\n`);

  const changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let watcher: FSWatcher | undefined;

  await new Promise<void>((resolve) => {
    const stop = (): void => {
      if (timer) clearTimeout(timer);
      watcher?.close();
      void running.then(resolve);
    };
    signal.addEventListener('abort', stop, { once: true });
    try {
      watcher = watch(root, { recursive: true }, (_event, file) => {
        if (!file) return;
        const relative = file.toString().split(path.sep).join('/');
        if (ignored.test(relative) || relative === outRelative) return;
        changed.add(relative);
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => {
          const files = [...changed].sort();
          changed.clear();
          running = running.then(async () => {
            const started = performance.now();
            io.stdout(`\nchanged: ${files.slice(0, 5).join(', ')}${files.length > 5 ? ` and ${files.length - 5} more` : ''}\n`);
            last = await build({ ...options.build, cache: true });
            const elapsed = performance.now() - started;
            io.stdout(
              `${hasErrors(last.diagnostics) ? formatHuman(last.diagnostics, { color: io.isTTY }) : ''}rebuilt in ${Math.round(elapsed)} ms: ${summaryLine(last.diagnostics)}${last.written ? '' : ' (manifest not written)'}\n`,
            );
          });
        }, options.debounceMs ?? 80);
      });
      watcher.on('error', (error) => {
        io.stderr(`docs-build: watching stopped: ${error.message}\n`);
        stop();
      });
    } catch (error) {
      io.stderr(`docs-build: cannot watch ${root}: ${(error as Error).message}\n`);
      stop();
    }
    if (signal.aborted) stop();
  });
  return hasErrors(last.diagnostics) ? 1 : 0;
}
