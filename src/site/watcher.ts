import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { ignoredUnder } from './ignored-paths.js';

/*
 * The one file watcher of `build --watch` and `docs-build dev`. Node 20's recursive fs.watch loses a
 * file after a rename-over save (`sed -i`, JetBrains' safe write, vim's backupcopy=no): the inode it
 * watched is gone and the new one is never watched. chokidar re-watches on rename and, with `atomic`,
 * folds the delete-then-create of such a save into one change. Vite's own `server.watcher` is chokidar
 * too, and is given the same `ignoredPath` (`ignored-paths.ts`), so both modes see the same files.
 */

export interface DocsWatcher {
  close(): Promise<void>;
}

export interface DocsWatcherOptions {
  /** Called for every change, with the path relative to the root (`/`-separated). */
  onChange: (relative: string) => void;
  onError: (error: Error) => void;
  /** Absolute paths that are not inputs even inside the root (the manifest the build writes). */
  alsoIgnore?: readonly string[];
  /** Resolves once the initial scan is done and changes are reported. */
  onReady?: () => void;
}

/** Watches the docs root recursively (new folders included), reporting each change relative to it. */
export function watchDocsRoot(root: string, options: DocsWatcherOptions): DocsWatcher {
  const absoluteRoot = path.resolve(root);
  const watcher: FSWatcher = watch(absoluteRoot, {
    ignored: ignoredUnder(absoluteRoot, options.alsoIgnore),
    ignoreInitial: true,
    atomic: true,
    // The root itself going away is noticed by the caller; symbolic links stay links (the build refuses those leading out).
    followSymlinks: false,
  });
  watcher.on('all', (_event, file) => {
    const relative = path.relative(absoluteRoot, file).split(path.sep).join('/');
    if (relative !== '' && !relative.startsWith('..')) options.onChange(relative);
  });
  watcher.on('error', (error) => options.onError(error instanceof Error ? error : new Error(String(error))));
  if (options.onReady) watcher.on('ready', options.onReady);
  return { close: () => watcher.close() };
}
