import { lstatSync } from 'node:fs';
import path from 'node:path';
import { isWithin, locatePath, UnsafePathError } from '../root/index.js';

/** Where the cache really is, or why it cannot be used (then `dir` is the folder as named). */
export type CacheFolder = { ok: true; dir: string } | { ok: false; dir: string; problem: string };

/**
 * Locates a cache folder before anything is read or written there: its real path, with links above the
 * docs root followed (the user's), a link inside the docs root only if it stays inside (the
 * repository's: `.docs-build/cache -> /elsewhere` is refused), and what is there a folder or nothing.
 * Nothing is created.
 */
export function locateCacheFolder(dir: string, rootDir: string): CacheFolder {
  const named = path.resolve(dir);
  let real: string;
  try {
    real = locatePath(named, isWithin(named, rootDir) ? { within: rootDir } : {});
  } catch (error) {
    if (error instanceof UnsafePathError) return { ok: false, dir: named, problem: error.message };
    throw error;
  }
  try {
    if (!lstatSync(real).isDirectory()) return { ok: false, dir: named, problem: `${named} is not a folder` };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Absent is fine (created on the first write); under a file is not.
    if (code !== 'ENOENT') return { ok: false, dir: named, problem: `${named} cannot be a folder (${code ?? 'error'})` };
  }
  return { ok: true, dir: real };
}
