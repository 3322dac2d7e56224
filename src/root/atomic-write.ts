import { closeSync, constants, copyFileSync, fdatasyncSync, fstatSync, fsyncSync, linkSync, lstatSync, mkdirSync, openSync, readSync, renameSync, rmSync, statSync, writeSync, type Stats } from 'node:fs';
import path from 'node:path';
import { locatePath, nonRegularProblem, UnsafePathError, type Confinement } from './owned-paths.js';
import { removeAbandonedTemporaries, temporaryBeside } from './temporaries.js';

/**
 * The one writer of docs-build: the manifest, the incremental cache, fetched remote specs, migrate's
 * edits and drafts all write through here, so each gets the same checks (`owned-paths.ts`) and the
 * same all-or-nothing replacement.
 */
export interface WriteOptions extends Confinement {
  /**
   * Flush the bytes and the folder to disk before returning. Default true. Caches pass false: an entry
   * lost to a power cut is only a miss, and a flush costs milliseconds.
   */
  durable?: boolean;
  /** Why this destination (the located real path) must not be written, if it must not: e.g. it is an input. */
  refuse?: (destination: string) => string | undefined;
}

/**
 * Writes a file atomically (its bytes, or chunks of them in order): the bytes go to a temporary file in
 * the same folder, are flushed to disk, and the temporary file is renamed over the target. Readers (and
 * a build killed mid-write) see either the previous file or the complete new one, never a torn file.
 * Concurrent writers each rename a complete file; the last rename wins.
 *
 * The target is located first (`locatePath`): a link at or below `within` must stay inside it (else
 * `UnsafePathError`); a link elsewhere is written through (the link stays a link). The destination must
 * be a regular file or absent: a folder, a device (`/dev/null`), a FIFO or a socket is refused, never
 * replaced. An existing file keeps its permission bits. Temporary files left by a writer that was killed
 * (SIGKILL, power loss) are removed by the next successful write of the same target.
 */
export function writeFileAtomic(target: string, contents: string | Uint8Array | Iterable<Uint8Array>, options: WriteOptions = {}): void {
  replaceAtomically(target, options, (temporary, mode) => {
    const fd = openSync(temporary, 'wx', mode);
    try {
      if (typeof contents === 'string') writeAll(fd, Buffer.from(contents, 'utf8'));
      else if (contents instanceof Uint8Array) writeAll(fd, contents);
      // Each chunk is written before the next is asked for: a producer may fill one buffer again.
      else for (const chunk of contents) writeAll(fd, chunk);
      if (options.durable !== false) fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  });
}

/**
 * Copies `source`, a regular file, over `target` the way `writeFileAtomic` writes (same checks, same
 * temporary file and rename), with the kernel copying the bytes: a file of megabytes never passes
 * through JavaScript's heap. The copy takes `source`'s permission bits.
 */
export function copyFileAtomic(source: string, target: string, options: WriteOptions = {}): void {
  if (!lstatSync(source).isFile()) throw new UnsafePathError(`${source} is not a regular file`);
  replaceAtomically(target, options, (temporary) => {
    copyFileSync(source, temporary, constants.COPYFILE_EXCL);
    if (options.durable === false) return;
    const fd = openSync(temporary, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  });
}

/**
 * The located, checked destination of `target` replaced by a temporary file beside it that `fill`
 * makes (created new, with the destination's permission bits when it exists).
 */
function replaceAtomically(target: string, options: WriteOptions, fill: (temporary: string, mode: number) => void): void {
  const destination = writableDestination(target, options);
  const directory = path.dirname(destination);
  mkdirSync(directory, { recursive: true });
  const temporary = temporaryBeside(destination);
  let mode = 0o644;
  try {
    mode = statSync(destination).mode & 0o7777;
  } catch {
    // A new file.
  }
  try {
    fill(temporary, mode);
    renameSync(temporary, destination);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  if (options.durable !== false) syncDirectory(directory);
  const name = path.basename(destination);
  removeAbandonedTemporaries(directory, (target) => target === name);
}

/** A new file filled in parts (`createNewFile`): what was appended reads back before it is closed. */
export interface GrowingFile {
  /** Bytes appended so far. */
  readonly size: number;
  append(bytes: Uint8Array): void;
  /** `length` bytes at `offset`, which must lie within what was appended. */
  read(offset: number, length: number): Buffer;
  /** Writes what is still held and closes the file. */
  close(): void;
  /** Closes and removes the file: nothing will ever name it. */
  discard(): void;
}

/** Appends smaller than this are held and written together: a syscall each cost more than the copy. */
const heldBytes = 1 << 20;

/**
 * Creates a file that must not exist yet, to be filled as a run goes (a uniquely named cache pack,
 * named by no index until one is renamed into place: it needs no temporary, and its entries do not wait
 * in memory until the run ends). Same checks as `writeFileAtomic`; created at the first append that
 * reaches the disk (or at `close`), never flushed. On a failed write the file is removed and the error thrown.
 */
export function createNewFile(target: string, options: Confinement = {}): GrowingFile {
  const destination = writableDestination(target, options);
  let fd: number | undefined;
  /** Only a file this writer created is ever removed (never one found at the destination). */
  let created = false;
  let onDisk = 0;
  let held: Uint8Array[] = [];
  let heldSize = 0;
  const failed = (error: unknown): never => {
    if (fd !== undefined) closeSync(fd);
    fd = undefined;
    rmSync(destination, { force: true });
    throw error;
  };
  const opened = (): number => {
    if (fd === undefined) {
      mkdirSync(path.dirname(destination), { recursive: true });
      fd = openSync(destination, 'wx+');
      created = true;
    }
    return fd;
  };
  const writeHeld = (): void => {
    if (heldSize === 0) return;
    // Opened outside the clean-up: a file already there (EEXIST) is not ours to remove.
    const file = opened();
    try {
      writeAll(file, held.length === 1 ? held[0]! : Buffer.concat(held));
    } catch (error) {
      failed(error);
    }
    onDisk += heldSize;
    held = [];
    heldSize = 0;
  };
  return {
    get size() {
      return onDisk + heldSize;
    },
    append(bytes) {
      held.push(bytes);
      heldSize += bytes.length;
      if (heldSize >= heldBytes) writeHeld();
    },
    read(offset, length) {
      if (offset >= onDisk) {
        const bytes = held.length === 1 ? held[0]! : Buffer.concat(held);
        return Buffer.from(bytes.subarray(offset - onDisk, offset - onDisk + length));
      }
      if (offset + length > onDisk) writeHeld();
      const bytes = Buffer.allocUnsafe(length);
      let done = 0;
      while (done < length) {
        const count = readSync(fd!, bytes, done, length - done, offset + done);
        if (count === 0) break;
        done += count;
      }
      return bytes.subarray(0, done);
    },
    close() {
      // Created here when nothing reached the disk yet, even when empty.
      const file = opened();
      writeHeld();
      closeSync(file);
      fd = undefined;
    },
    discard() {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
      held = [];
      heldSize = 0;
      if (created) rmSync(destination, { force: true });
    },
  };
}

/**
 * Makes `target` a hard link to `source` (a cache copy of a file that costs nothing), replacing what is
 * there atomically. False when it cannot be linked (another file system, no such file, a `source` that
 * is not a regular file): the caller copies instead. Same checks on `target` as `writeFileAtomic`.
 */
export function linkFileAtomic(source: string, target: string, options: Confinement = {}): boolean {
  let temporary: string | undefined;
  try {
    if (!lstatSync(source).isFile()) return false;
    const destination = writableDestination(target, options);
    mkdirSync(path.dirname(destination), { recursive: true });
    // Already a link to it: renaming a link over another link of the same file does nothing and
    // would leave the temporary link behind (POSIX rename).
    if (sameFile(destination, source)) return true;
    temporary = temporaryBeside(destination);
    linkSync(source, temporary);
    renameSync(temporary, destination);
    return true;
  } catch {
    if (temporary !== undefined) rmSync(temporary, { force: true });
    return false;
  }
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
 * is a regular file that passes `isExpected` (checked on the descriptor, so a file renamed over the
 * target meanwhile is not the one written) and every range holds its `before` bytes. `afterWrite` reads
 * what it needs of the written file through the same descriptor. The target is located as by
 * `writeFileAtomic` and opened without blocking (a FIFO put there never hangs the run).
 */
export function patchFileInPlace(target: string, edits: readonly InPlaceEdit[], isExpected: (stats: Stats) => boolean, afterWrite?: (fd: number) => void, options: Confinement = {}): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(writableDestination(target, options), constants.O_RDWR | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const stats = fstatSync(fd);
    if (!stats.isFile() || !isExpected(stats)) return false;
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

/** Removes a file the user asked docs-build to delete (`migrate --delete-pages`); absent is fine. */
export function removeFile(target: string, options: Confinement = {}): void {
  rmSync(locatePath(target, options), { force: true });
}

/** The real path a write to `target` replaces, after every check; throws `UnsafePathError` when refused. */
function writableDestination(target: string, options: WriteOptions): string {
  const destination = locatePath(target, options);
  const problem = nonRegularProblem(destination) ?? options.refuse?.(destination);
  if (problem !== undefined) throw new UnsafePathError(problem);
  return destination;
}

function writeAll(fd: number, bytes: Uint8Array): void {
  let offset = 0;
  while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
}

function sameFile(a: string, b: string): boolean {
  try {
    const [first, second] = [statSync(a, { bigint: true }), statSync(b, { bigint: true })];
    return first.ino === second.ino && first.dev === second.dev;
  } catch {
    return false;
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

