import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * Writes a file atomically: the bytes go to a temporary file in the same folder, are flushed to disk,
 * and the temporary file is renamed over the target. Readers (and a build killed mid-write) see either
 * the previous file or the complete new one, never a torn file. Concurrent writers each rename a
 * complete file; the last rename wins.
 */
export function writeFileAtomic(target: string, contents: string): void {
  const directory = path.dirname(target);
  mkdirSync(directory, { recursive: true });
  const temporary = path.join(directory, `.${path.basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  let fd: number | undefined;
  try {
    fd = openSync(temporary, 'wx', 0o644);
    const bytes = Buffer.from(contents, 'utf8');
    let offset = 0;
    while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(temporary, target);
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** Removes a file the user asked docs-build to delete (`migrate --delete-pages`); absent is fine. */
export function removeFile(target: string): void {
  rmSync(target, { force: true });
}
