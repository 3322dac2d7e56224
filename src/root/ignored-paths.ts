import path from 'node:path';

/*
 * What is never docs input, for the watcher, the preview's server and the export. Apart from the watcher:
 * the export only needs the names, not chokidar.
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
