import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { isWithin } from './owned-paths.js';
import { ignoredPath } from './ignored-paths.js';

/*
 * Which of the docs root's own files (images, logos, downloads, specs) the site publishes at their
 * paths: the one rule of the export (`rootFiles` in export.ts, which walks the root with it), of the
 * preview's server (which checks one requested path with it), so the preview serves exactly what the
 * export would publish, and of the link check (a link to a file the site does not publish is broken).
 */

/** Extensions of source files of the docs root (pages, scripts), never published as files. */
const sourceExtensions = ['md', 'mdx', 'js', 'jsx', 'ts', 'tsx', 'mjs', 'cjs'];
const notPublished = new RegExp(`\\.(${sourceExtensions.join('|')})$`, 'i');
/** Top-level folders of sources that are never served (snippets are inlined into the pages). */
const sourceFolders = new Set(['snippets']);
/** Settings files at the top of the docs root, never published. */
const settingsFiles = new Set(['docs.json', 'mint.json', 'docs-build.json', 'package.json', 'package-lock.json']);

/** Files this large or larger are not published. */
export const maxPublishedFileBytes = 100 * 1024 * 1024;

/**
 * Whether an entry of the docs root may be published, its folder being so already: `relative` is its
 * path from the root (`/`-separated), `kind` whether it is a folder (walked) or a file (published). A
 * hidden name, what `ignoredPath` ignores, the top-level `snippets` folder, page sources, scripts and
 * the root's settings files are not.
 */
export function publishedEntry(relative: string, kind: 'folder' | 'file'): boolean {
  const slash = relative.lastIndexOf('/');
  const name = relative.slice(slash + 1);
  const topLevel = slash === -1;
  // A hidden name; also `.`, `..` and the empty part of `a//b`, which a walk never meets.
  if (name === '' || name.startsWith('.') || ignoredPath(relative) || (topLevel && sourceFolders.has(name))) return false;
  return kind === 'folder' || (!notPublished.test(name) && !(topLevel && settingsFiles.has(name)));
}

/** Whether a path of the docs root names a published file by its name and its folders' names (no file system). */
export function publishedPath(relative: string): boolean {
  const parts = relative.split('/');
  return parts.every((_, index) => publishedEntry(parts.slice(0, index + 1).join('/'), index === parts.length - 1 ? 'file' : 'folder'));
}

/**
 * The bytes of the docs root's file at `relative` (a URL's decoded path, without its leading `/`) when
 * the export would publish it, else undefined. As the export's walk: every folder on the way a real
 * folder and the file a regular file, never a symbolic link (the walk's `Dirent`s do not follow them:
 * `images/leak.txt -> /etc/passwd` and `up -> ..` are not published), and smaller than
 * `maxPublishedFileBytes`. The file's real path is checked to be inside the root's as well, and it is
 * opened without following a link, so a link put in place after these checks is not read either.
 */
export function readPublishedFile(root: string, relative: string): Buffer | undefined {
  if (relative === '' || !publishedPath(relative)) return undefined;
  const parts = relative.split('/');
  let current = root;
  try {
    for (const [index, part] of parts.entries()) {
      current = path.join(current, part);
      const stats = lstatSync(current);
      if (index < parts.length - 1 ? !stats.isDirectory() : !stats.isFile()) return undefined;
    }
    const realRoot = realpathSync.native(root);
    const real = realpathSync.native(current);
    if (real === realRoot || !isWithin(real, realRoot)) return undefined;
    const fd = openSync(current, constants.O_RDONLY | constants.O_NOFOLLOW);
    try {
      const stats = fstatSync(fd);
      if (!stats.isFile() || stats.size >= maxPublishedFileBytes) return undefined;
      return readFileSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

/**
 * The same rule as glob patterns (picomatch, on absolute `/`-separated paths, as Vite's `server.fs.deny`
 * takes them) for the files below `root`: hidden files and folders, `node_modules`, the top-level
 * `snippets` folder and settings files, page sources and scripts (case-insensitive, as Vite matches).
 * Coarser than `readPublishedFile`: links and editors' temporaries cannot be told by a glob.
 */
export function unpublishedGlobs(root: string): string[] {
  const at = `${path.resolve(root).split(path.sep).join('/').replace(/[\\*?[\]{}()!+@|^$]/g, '\\$&')}/`;
  return [
    `${at}**/.*`,
    `${at}**/.*/**`,
    `${at}**/node_modules/**`,
    ...[...sourceFolders].flatMap((folder) => [`${at}${folder}`, `${at}${folder}/**`]),
    `${at}{${[...settingsFiles].join(',')}}`,
    `${at}**/*.{${sourceExtensions.join(',')}}`,
  ];
}
