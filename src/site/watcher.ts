import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';

/*
 * The one file watcher of `build --watch` and `docs-build dev`. Node 20's recursive fs.watch loses a
 * file after a rename-over save (`sed -i`, JetBrains' safe write, vim's backupcopy=no): the inode it
 * watched is gone and the new one is never watched. chokidar re-watches on rename and, with `atomic`,
 * folds the delete-then-create of such a save into one change. Vite's own `server.watcher` is chokidar
 * too, and is given the same `ignoredPath`, so both modes see the same files.
 */

/** Folders that are never docs input: the tool's own output and cache, dependencies, version control. */
const ignoredFolders = new Set(['.docs-build', 'node_modules', '.git', '.hg', '.svn', '.idea', '.vscode']);

/**
 * Names editors and tools write beside a file while saving it, never docs input: vim's swap and backup
 * files and its `4913` probe, emacs' lock and autosave files, JetBrains' safe-write temporaries, GNOME's
 * `.goutputstream-*`, Chrome's `.crswap`, macOS' `.DS_Store`, and the temporaries of docs-build's own
 * atomic writer (`.<name>.<pid>.<random>.tmp`).
 */
const editorTemporary = [
  /\.sw[a-p]$/,
  /\.swx$/,
  /~$/,
  /^4913$/,
  /^\.#/,
  /^#.*#$/,
  /___jb_(tmp|old|bak)___$/,
  /^\.goutputstream-/,
  /\.crswap$/,
  /^\.DS_Store$/,
  /\.tmp$/,
  /\.kate-swp$/,
];

/** Whether a path relative to the docs root (`/`-separated) is never a docs input. */
export function ignoredPath(relative: string): boolean {
  if (relative === '' || relative === '.') return false;
  const parts = relative.split('/');
  if (parts.slice(0, -1).some((part) => ignoredFolders.has(part))) return true;
  const name = parts[parts.length - 1]!;
  return ignoredFolders.has(name) || editorTemporary.some((pattern) => pattern.test(name));
}

/** A chokidar `ignored` matcher for paths under `root` (absolute, as chokidar hands them). */
export function ignoredUnder(root: string, alsoIgnore: readonly string[] = []): (file: string) => boolean {
  const absoluteRoot = path.resolve(root);
  const extra = alsoIgnore.map((file) => path.resolve(file));
  return (file) => {
    const absolute = path.resolve(file);
    if (extra.includes(absolute)) return true;
    const relative = path.relative(absoluteRoot, absolute);
    if (relative.startsWith('..') || path.isAbsolute(relative)) return false;
    return ignoredPath(relative.split(path.sep).join('/'));
  };
}

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
