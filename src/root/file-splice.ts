import { createHash } from 'node:crypto';
import { closeSync, fstatSync, readSync } from 'node:fs';
import { openOwnedFile, type Confinement } from './owned-paths.js';

/** One part of a file replaced: the bytes `before` found at `at` become `after`. */
export interface SpliceCut {
  at: number;
  before: Buffer;
  after: Buffer;
}

/**
 * A file's bytes with some parts replaced, located in the file without holding it whole in memory
 * (`locateSplice`), and streamed to a writer the same way (`splicedChunks`). On a 2-core VM, a 20 MB
 * file read into a new buffer and put together again cost ~130 ms of page faults alone; read through one
 * buffer of a megabyte, the same splice costs the copy.
 */
export interface FileSplice {
  file: string;
  /** The file's size when the cuts were located: a file of another size is refused when streamed. */
  size: number;
  /** In the file's order, none overlapping. */
  cuts: SpliceCut[];
  confinement: Confinement;
  /** The size of the one buffer reads go through (tests make it small to put parts across its edges). */
  chunkBytes: number;
}

export interface SpliceOptions extends Confinement {
  /** The file's expected sha256 (hex): a file whose bytes are not those (cut short by a power cut, edited by hand) is not spliced. */
  sha256?: string;
  /** Default a megabyte. */
  chunkBytes?: number;
}

/**
 * Where each `before` is in the file, when each is there exactly once (and not empty) and no two
 * overlap (and the file has the expected hash); undefined otherwise. Throws like `openOwnedFile` when
 * the file cannot be opened.
 */
export function locateSplice(file: string, parts: ReadonlyArray<{ before: Buffer; after: Buffer }>, options: SpliceOptions = {}): FileSplice | undefined {
  const { chunkBytes = 1024 * 1024, sha256, ...confinement } = options;
  if (parts.length === 0 || parts.some(({ before }) => before.length === 0)) return undefined;
  const found: Array<number[]> = parts.map(() => []);
  const overlap = Math.max(...parts.map(({ before }) => before.length)) - 1;
  const fd = openOwnedFile(file, confinement);
  const hash = sha256 === undefined ? undefined : createHash('sha256');
  // The bytes read, not the size a stat gave: the cuts and the hash are of these.
  let size = 0;
  try {
    const window = Buffer.allocUnsafe(Math.max(chunkBytes, 2 * overlap) + overlap);
    // `carried`: the window's first bytes, the end of the last one; an occurrence counts in the window where it ends.
    let carried = 0;
    let windowStart = 0;
    for (;;) {
      const read = readSync(fd, window, carried, window.length - carried, null);
      if (read === 0) break;
      const filled = carried + read;
      size += read;
      hash?.update(window.subarray(carried, filled));
      const view = window.subarray(0, filled);
      parts.forEach(({ before }, index) => {
        const at = found[index]!;
        for (let from = Math.max(0, carried - before.length + 1); at.length < 2; ) {
          const hit = view.indexOf(before, from);
          if (hit === -1) break;
          at.push(windowStart + hit);
          from = hit + 1;
        }
      });
      if (found.some((at) => at.length > 1)) return undefined;
      carried = Math.min(overlap, filled);
      window.copy(window, 0, filled - carried, filled);
      windowStart += filled - carried;
    }
  } finally {
    closeSync(fd);
  }
  if (found.some((at) => at.length !== 1) || (hash && hash.digest('hex') !== sha256)) return undefined;
  const cuts = parts.map(({ before, after }, index) => ({ at: found[index]![0]!, before, after })).sort((a, b) => a.at - b.at);
  if (cuts.some((cut, index) => index > 0 && cuts[index - 1]!.at + cuts[index - 1]!.before.length > cut.at)) return undefined;
  return { file, size, cuts, confinement, chunkBytes };
}

/**
 * The spliced file's bytes in order, for a writer that uses each chunk before asking for the next (one
 * buffer is read into again). Throws when the file is not the one located: another size, or a cut's
 * bytes not what they were.
 */
export function* splicedChunks(splice: FileSplice): Generator<Uint8Array, void, undefined> {
  const fd = openOwnedFile(splice.file, splice.confinement);
  try {
    if (fstatSync(fd).size !== splice.size) throw new Error(`${splice.file} changed after its parts were located`);
    const buffer = Buffer.allocUnsafe(Math.min(splice.chunkBytes, Math.max(splice.size, 1)));
    let position = 0;
    const copy = function* (end: number, expected?: Buffer): Generator<Uint8Array, void, undefined> {
      const start = position;
      while (position < end) {
        const read = readSync(fd, buffer, 0, Math.min(buffer.length, end - position), position);
        if (read === 0) throw new Error(`${splice.file} ended before its parts were copied`);
        const chunk = buffer.subarray(0, read);
        if (expected && !chunk.equals(expected.subarray(position - start, position - start + read))) throw new Error(`${splice.file} changed after its parts were located`);
        position += read;
        if (!expected) yield chunk;
      }
    };
    for (const cut of splice.cuts) {
      yield* copy(cut.at);
      yield* copy(cut.at + cut.before.length, cut.before);
      yield cut.after;
    }
    yield* copy(splice.size);
  } finally {
    closeSync(fd);
  }
}
