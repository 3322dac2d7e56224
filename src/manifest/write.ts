import { randomBytes } from 'node:crypto';
import { closeSync, fdatasyncSync, fstatSync, fsyncSync, mkdirSync, openSync, readdirSync, readSync, realpathSync, renameSync, rmSync, statSync, writeSync, type Stats } from 'node:fs';
import path from 'node:path';

/**
 * Writes a file atomically: the bytes go to a temporary file in the same folder, are flushed to disk,
 * and the temporary file is renamed over the target. Readers (and a build killed mid-write) see either
 * the previous file or the complete new one, never a torn file. Concurrent writers each rename a
 * complete file; the last rename wins.
 *
 * A target that is a symbolic link is written through (the link stays a link), and an existing file
 * keeps its permission bits. Temporary files left by a writer that was killed (SIGKILL, power loss)
 * are removed by the next successful write of the same target.
 */
export function writeFileAtomic(target: string, contents: string | Uint8Array): void {
  const destination = resolveTarget(target);
  const directory = path.dirname(destination);
  mkdirSync(directory, { recursive: true });
  const prefix = `.${path.basename(destination)}.`;
  const temporary = path.join(directory, `${prefix}${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  let mode = 0o644;
  try {
    mode = statSync(destination).mode & 0o7777;
  } catch {
    // A new file.
  }
  let fd: number | undefined;
  try {
    fd = openSync(temporary, 'wx', mode);
    const bytes = typeof contents === 'string' ? Buffer.from(contents, 'utf8') : contents;
    let offset = 0;
    while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(temporary, destination);
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
  syncDirectory(directory);
  removeStaleTemporaries(directory, prefix);
}

/** Bytes of a file to replace in place: at `offset`, `before` becomes `after` (same length). */
export interface InPlaceEdit {
  offset: number;
  before: Buffer;
  after: Buffer;
}

/**
 * Replaces byte ranges of an existing file in place and flushes them, for edits after which the file is
 * valid at every instant: a sha256 in hex swapped for another inside a JSON string is valid JSON
 * whichever of its bytes a reader or a crash catches. Nothing is written (false) unless the open file
 * passes `isExpected` (checked on the descriptor, so a file renamed over the target meanwhile is not
 * the one written) and every range holds its `before` bytes. `afterWrite` reads what it needs of the
 * written file through the same descriptor.
 */
export function patchFileInPlace(target: string, edits: readonly InPlaceEdit[], isExpected: (stats: Stats) => boolean, afterWrite?: (fd: number) => void): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(resolveTarget(target), 'r+');
    if (!isExpected(fstatSync(fd))) return false;
    for (const { offset, before, after } of edits) {
      if (before.length !== after.length) return false;
      const found = Buffer.alloc(before.length);
      if (readSync(fd, found, 0, found.length, offset) !== found.length || !found.equals(before)) return false;
    }
    for (const { offset, after } of edits) {
      let written = 0;
      while (written < after.length) written += writeSync(fd, after, written, after.length - written, offset + written);
    }
    fdatasyncSync(fd);
    // Still the file that was checked and written, whatever has been renamed over its path since.
    afterWrite?.(fd);
    return true;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The file a write to `target` must replace: the end of its symlink chain, or `target` itself. */
function resolveTarget(target: string): string {
  try {
    return realpathSync(target);
  } catch {
    return target;
  }
}

/** Makes the rename durable (best effort: not every platform can fsync a folder). */
function syncDirectory(directory: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(directory, 'r');
    fsyncSync(fd);
  } catch {
    // Windows and some file systems refuse; the rename is still atomic.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Removes `<prefix><pid>.<random>.tmp` files of this target whose writing process no longer runs. */
function removeStaleTemporaries(directory: string, prefix: string): void {
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
    const match = /^(\d+)\.[0-9a-f]+\.tmp$/.exec(name.slice(prefix.length));
    if (!match || isRunning(Number(match[1]))) continue;
    rmSync(path.join(directory, name), { force: true });
  }
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes a file the user asked docs-build to delete (`migrate --delete-pages`); absent is fine. */
export function removeFile(target: string): void {
  rmSync(target, { force: true });
}
