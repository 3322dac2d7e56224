import { closeSync, fstatSync, openSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from '../pipeline/build.js';
import { ContentSession } from '../pipeline/content-session.js';
import type { BuildOptions, BuildResult } from '../pipeline/index.js';
import { formatHuman, hasErrors, printable, summaryLine } from '../diagnostics/index.js';
import { ExitCode, internalErrorText, type CliIo } from './io.js';
import { ignoredPath } from '../root/index.js';
import { watchDocsRoot, type DocsWatcher } from '../site/watcher.js';

export interface WatchOptions {
  build: BuildOptions & { outFile: string };
  /** Prints the result of one build (the same output as a single `build`). */
  report: (result: BuildResult, elapsedMs: number) => void;
  /** Quiet period after the last change before rebuilding, in ms. Default 80. */
  debounceMs?: number;
  /** How often the root is checked for having been deleted or renamed, in ms. Default 500. */
  rootCheckMs?: number;
  /** The build function. Default `build()`; tests hand in one that fails. */
  runBuild?: (options: BuildOptions) => Promise<BuildResult>;
}

/**
 * How a watch ends: Ctrl-C gives the last build's code (0, 1, or 2 when it hit an internal error); a
 * root deleted or renamed (or missing from the start) gives 1, as a build of a missing root does; a
 * watcher that fails gives 2.
 */
export const WatchExitCode = { rootGone: ExitCode.errors, watcherFailed: ExitCode.usage } as const;

type RootIdentity = { dev: number; ino: number } | undefined;

/** The folder's identity, so that a root renamed away (or replaced by another folder) is told apart. */
function identityOf(root: string): RootIdentity {
  try {
    const stat = statSync(root);
    return stat.isDirectory() ? { dev: stat.dev, ino: stat.ino } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the folder watched is still the one at `root`. A descriptor held open on it keeps its inode
 * number from being given to a folder created in its place (deleted and re-created at once, as a
 * checkout can), and says when it was deleted (no links left) even before the path says so.
 */
function rootKeeper(root: string, identity: NonNullable<RootIdentity>): { holds(): boolean; release(): void } {
  let fd: number | undefined;
  try {
    fd = openSync(root, 'r');
  } catch {
    fd = undefined; // Where a folder cannot be opened, the path alone is checked.
  }
  return {
    holds() {
      if (fd !== undefined && fstatSync(fd).nlink === 0) return false;
      const now = identityOf(root);
      return now !== undefined && now.dev === identity.dev && now.ino === identity.ino;
    },
    release() {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
}

/**
 * `build --watch`: builds once, then rebuilds with the incremental cache whenever a file of the docs
 * root changes, printing what changed and how long the rebuild took. Runs until the signal aborts
 * (Ctrl-C), the root is deleted or renamed, or the watcher fails; resolves with an exit code (see
 * `WatchExitCode`). A build that throws (a bug) is reported and watching goes on.
 */
export async function watchAndBuild(io: CliIo, options: WatchOptions, signal: AbortSignal): Promise<number> {
  const root = options.build.root;
  const shownRoot = path.relative(io.cwd, root) || '.';
  const outRelative = path.relative(root, options.build.outFile).split(path.sep).join('/');
  const runBuild = options.runBuild ?? build;
  const identity = identityOf(root);
  // Kept from one build to the next: an edit of a page's text then rebuilds that page's content alone.
  const session = new ContentSession();

  /** Runs one build; an exception is reported as the bug it is, and gives exit code 2. */
  const attempt = async (describe: (result: BuildResult, elapsedMs: number) => void): Promise<number> => {
    const started = performance.now();
    try {
      const result = await runBuild({ ...options.build, cache: true, session });
      describe(result, performance.now() - started);
      return hasErrors(result.diagnostics) ? ExitCode.errors : ExitCode.ok;
    } catch (error) {
      io.stderr(internalErrorText(error, io.env));
      io.stderr('docs-build: still watching; the next change rebuilds\n');
      return ExitCode.usage;
    }
  };

  let code = await attempt(options.report);
  if (signal.aborted) return code;
  if (identity === undefined) {
    io.stderr(`docs-build: the docs root ${shownRoot} is not a folder; nothing to watch\n`);
    return WatchExitCode.rootGone;
  }

  const rebuild = (files: string[]): Promise<void> => {
    io.stdout(`\nchanged: ${printable(files.slice(0, 5).join(', '))}${files.length > 5 ? ` and ${files.length - 5} more` : ''}\n`);
    return attempt((result, elapsedMs) => {
      const errors = hasErrors(result.diagnostics) ? formatHuman(result.diagnostics, { color: io.isTTY }) : '';
      io.stdout(`${errors}rebuilt in ${Math.round(elapsedMs)} ms: ${summaryLine(result.diagnostics)}${result.written ? '' : ' (manifest not written)'}\n`);
    }).then((rebuilt) => {
      code = rebuilt;
    });
  };

  const keeper = rootKeeper(root, identity);
  return new Promise<number>((resolve) => {
    const changed = new Set<string>();
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> = Promise.resolve();
    let watcher: DocsWatcher | undefined;
    let finished = false;

    const finish = (exit?: number): void => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      clearInterval(rootCheck);
      signal.removeEventListener('abort', onAbort);
      void watcher?.close();
      keeper.release();
      void running.then(() => resolve(exit ?? code));
    };
    const onAbort = (): void => finish();
    /** Whether the root is gone (then watching has ended with a message). */
    const rootGone = (): boolean => {
      if (finished) return true;
      if (keeper.holds()) return false;
      if (!finished) io.stderr(`docs-build: the docs root ${shownRoot} was deleted or renamed; stopped watching\n`);
      finish(WatchExitCode.rootGone);
      return true;
    };
    // The watcher may say nothing when its folder goes away (and then holds the process open no more):
    // this check notices, and keeps the process alive until it does.
    const rootCheck = setInterval(rootGone, options.rootCheckMs ?? 500);
    signal.addEventListener('abort', onAbort, { once: true });

    const onChange = (relative: string): void => {
      if (finished) return;
      if (ignoredPath(relative) || relative === outRelative || rootGone()) return;
      changed.add(relative);
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (finished || rootGone()) return;
        const files = [...changed].sort();
        changed.clear();
        running = running.then(() => rebuild(files));
      }, options.debounceMs ?? 80);
    };
    const failed = (error: Error): void => {
      if (finished || rootGone()) return;
      io.stderr(`docs-build: watching stopped: ${error.message}\n`);
      finish(WatchExitCode.watcherFailed);
    };
    try {
      // chokidar, not fs.watch: it keeps a file that a rename-over save replaced (site/watcher.ts).
      watcher = watchDocsRoot(root, { onChange, onError: failed, alsoIgnore: [options.build.outFile],
        // Said once the watcher sees changes: an edit right after the message is never missed.
        onReady: () => {
          if (!finished) io.stdout(`watching ${shownRoot} for changes (Ctrl-C to stop)\n`);
        },
      });
    } catch (error) {
      failed(error instanceof Error ? error : new Error(String(error)));
    }
    if (signal.aborted) finish();
  });
}
