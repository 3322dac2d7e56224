import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, realpathSync, type Stats } from 'node:fs';
import path from 'node:path';

/**
 * The file-system edge of what docs-build writes and keeps: outputs, the incremental cache, fetched
 * remote specs, migrate's edits. Their paths are not trusted any more than the docs root's content is:
 * a repository can commit symbolic links where docs-build writes (`.docs-build/manifest.json ->
 * /elsewhere`), or a FIFO where it reads a cache file. Every such path is located here first.
 *
 * The rule: below a folder that owns a path (`within`: the docs root for an output, the cache folder
 * for an entry), a symbolic link is followed only when its target stays in that folder; above it, the
 * user's own file system, links are followed as the user set them. What is read or replaced must be a
 * regular file (or absent); nothing else (a folder, a device, a FIFO, a socket) is ever opened.
 */
export class UnsafePathError extends Error {
  /** Like an errno code, so callers that print `error.code` say what happened. */
  readonly code = 'EUNSAFEPATH';

  constructor(message: string) {
    super(message);
    this.name = 'UnsafePathError';
  }
}

export interface Confinement {
  /**
   * The folder the path belongs to: at and below it no symbolic link may lead out of it. Reached
   * through real folders only (the docs root's `dir`, a cache folder located with `locatePath`);
   * otherwise every path in it is refused.
   */
  within?: string;
}

/** Whether `candidate` is `folder` or inside it (both absolute, same spelling). */
export function isWithin(candidate: string, folder: string): boolean {
  return candidate === folder || candidate.startsWith(folder.endsWith(path.sep) ? folder : folder + path.sep);
}

/**
 * Where `target` really is: every existing folder on the way with its links resolved, the missing rest
 * appended as written. A final component that is a link is resolved too (a dangling one is the link
 * itself, which a rename replaces). Throws `UnsafePathError` when a link at or below `within` leads out
 * of it, or `within` itself is reached through a link. A target outside `within` is located all the
 * same: the rule holds for whatever part of its way lies inside (an output outside the docs root may
 * still be reached through it).
 */
export function locatePath(target: string, confinement: Confinement = {}): string {
  const absolute = path.resolve(target);
  const { within } = confinement;
  if (within !== undefined) checkReal(within);
  const { root } = path.parse(absolute);
  const parts = absolute.slice(root.length).split(path.sep).filter(Boolean);
  let real = root;
  for (let i = 0; i < parts.length; i++) {
    const next = path.join(real, parts[i]!);
    let stats: Stats;
    try {
      stats = lstatSync(next);
    } catch {
      // Missing (or under a file): nothing further on can be a link yet.
      return path.join(next, ...parts.slice(i + 1));
    }
    if (!stats.isSymbolicLink()) {
      real = next;
      continue;
    }
    let resolved: string;
    try {
      resolved = realpathSync.native(next);
    } catch {
      // A dangling link: a write replaces the link itself, a read finds nothing.
      return path.join(next, ...parts.slice(i + 1));
    }
    if (within !== undefined && isWithin(next, within) && !isWithin(resolved, within)) {
      throw new UnsafePathError(`${next} is a symbolic link to ${resolved}, outside ${within}`);
    }
    real = resolved;
  }
  return real;
}

/** `folder` (or, while it does not exist, its nearest existing ancestor) is its own real path. */
function checkReal(folder: string): void {
  let existing = folder;
  for (;;) {
    try {
      lstatSync(existing);
      break;
    } catch {
      const parent = path.dirname(existing);
      if (parent === existing) return;
      existing = parent;
    }
  }
  let real: string;
  try {
    real = realpathSync.native(existing);
  } catch {
    return;
  }
  if (real !== existing) throw new UnsafePathError(`${folder} is reached through a symbolic link (${existing} is ${real})`);
}

/**
 * Opens a file for reading after `locatePath`'s checks, never blocking and never following a final
 * link (O_NONBLOCK, O_NOFOLLOW), and keeps it open only when it is a regular file. Throws like
 * `openSync` (ENOENT...) or with `UnsafePathError`.
 */
export function openOwnedFile(file: string, confinement: Confinement = {}): number {
  const located = locatePath(file, confinement);
  const fd = openSync(located, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  let regular = false;
  try {
    regular = fstatSync(fd).isFile();
  } finally {
    if (!regular) closeSync(fd);
  }
  if (!regular) throw new UnsafePathError(`${file} is not a regular file`);
  return fd;
}

/**
 * `length` bytes of a regular file from `offset`, read after `openOwnedFile`'s checks, when `isExpected`
 * holds for the open file (its stamp, its size); undefined when it does not or the file is shorter.
 */
export function readOwnedRange(file: string, offset: number, length: number, isExpected: (stats: Stats) => boolean, confinement: Confinement = {}): Buffer | undefined {
  const fd = openOwnedFile(file, confinement);
  try {
    if (!isExpected(fstatSync(fd))) return undefined;
    const bytes = Buffer.alloc(length);
    return readSync(fd, bytes, 0, length, offset) === length ? bytes : undefined;
  } finally {
    closeSync(fd);
  }
}

/** The bytes of a regular file, read after `openOwnedFile`'s checks. Throws like `readFileSync`. */
export function readOwnedFile(file: string, confinement: Confinement = {}): Buffer {
  const fd = openOwnedFile(file, confinement);
  try {
    const size = fstatSync(fd).size;
    const chunks: Buffer[] = [];
    let total = 0;
    // Read to the end, whatever the size said: a file may grow meanwhile.
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.max(size - total, 64 * 1024));
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      total += read;
    }
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

/**
 * Why `target` cannot be replaced by a write: it is there and not a regular file (a folder, a device
 * such as /dev/null, a FIFO, a socket). Undefined when it is a regular file or absent.
 */
export function nonRegularProblem(target: string): string | undefined {
  let stats: Stats;
  try {
    stats = lstatSync(target);
  } catch {
    return undefined;
  }
  if (stats.isFile() || stats.isSymbolicLink()) return undefined;
  const kind = stats.isDirectory() ? 'a folder' : stats.isFIFO() ? 'a FIFO' : stats.isSocket() ? 'a socket' : stats.isCharacterDevice() || stats.isBlockDevice() ? 'a device' : 'not a regular file';
  return `${target} is ${kind}, not a regular file`;
}
