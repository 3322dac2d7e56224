import { closeSync, fstatSync, lstatSync, readdirSync, readSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createNewFile, openOwnedFile, readOwnedFile, sha256, writeFileAtomic, type GrowingFile } from '../root/index.js';

const INDEX_FORMAT = 'docs-build-pack-index';
const INDEX_FILE = 'index.json';
/** A pruning run keeps what this many earlier pruning runs used (other roots or option sets sharing the folder). */
const KEEP_RUNS = 4;
/** More live packs than this are merged into one, so a long series of edits does not pile up small files. */
const MAX_PACKS = 8;
/** A pack no index names is removed once it is this old (left by a killed writer or a lost race). */
const ORPHAN_AGE_MS = 60 * 60 * 1000;

/** Where an entry's bytes are, and the pruning run that last used it. */
type IndexEntry = [pack: string, offset: number, length: number, usedInRun: number, sum: string];

interface PackIndex {
  format: typeof INDEX_FORMAT;
  /** Number of pruning runs so far. */
  run: number;
  entries: Record<string, IndexEntry>;
}

export interface PackStoreOptions {
  readOnly: boolean;
  /** The cache folder: no file of the store is reached through a link leading out of it. */
  within: string;
  /** Called when the index cannot be read as one: the store starts empty (the caller warns). */
  onCorruptIndex: () => void;
}

/**
 * The entries of one cache namespace, stored in pack files instead of a file each: a run writes all
 * its new entries into one pack, and an index maps each key to its pack, offset and length. Creating
 * a file costs ~0.3 ms of CPU on these machines whatever its size, so one file per page cost a cold
 * build of 1,416 pages about a second; one pack costs ~20 ms. Reading an entry is one positioned read.
 *
 * The store hands out and takes raw entry text; verifying it (the envelope's key) is the caller's.
 * A run's new entries go into its pack as they are written (a cold build's parses and tokens held in
 * memory until the end were ~70 MB of firecrawl-docs' heap); `flush` completes the pack, then writes
 * the index atomically: a reader sees the old index or the new one, and the new one names only
 * complete packs (a run that never flushes leaves a pack no index names, removed later as an orphan).
 * Concurrent writers each write a complete index; the last rename wins and the loser's entries are
 * only lost speed.
 */
export class PackStore {
  private index: PackIndex | undefined;
  /** Where each entry written by this run is in `writing`: offset, length, checksum. */
  private readonly pending = new Map<string, [offset: number, length: number, sum: string]>();
  private writing: { pack: string; file: GrowingFile } | undefined;
  private readonly used = new Set<string>();
  private readonly open = new Map<string, { fd: number; size: number } | undefined>();

  constructor(
    private readonly dir: string,
    private readonly options: PackStoreOptions,
  ) {}

  /** The entry's text, or undefined when the key is unknown or its pack is gone. */
  read(key: string): string | undefined {
    const waiting = this.pending.get(key);
    if (waiting !== undefined) return this.writing!.file.read(waiting[0], waiting[1]).toString('utf8');
    const entry = this.loadIndex().entries[key];
    let bytes: Buffer | undefined;
    try {
      bytes = entry ? this.bytesAt(entry) : undefined;
    } catch {
      return undefined;
    }
    if (bytes === undefined) return undefined;
    this.used.add(key);
    // Bytes that are not the ones written (a truncated pack, an entry edited in place) read as '': the
    // caller finds it corrupt.
    return intact(bytes, entry!) ? bytes.toString('utf8') : '';
  }

  /** Whether any entry is stored or waiting to be. */
  hasEntries(): boolean {
    return this.pending.size > 0 || Object.keys(this.loadIndex().entries).length > 0;
  }

  /** Never throws: an entry that cannot be written (a full disk, a vanished folder) is only a later miss. */
  write(key: string, text: string): void {
    if (this.options.readOnly) return;
    try {
      this.writing ??= this.newPack();
      this.pending.set(key, appendEntry(this.writing.file, text));
      this.used.add(key);
    } catch {
      // The pack is gone with everything this run wrote into it: those entries are misses again.
      this.pending.clear();
      this.writing = undefined;
    }
  }

  private newPack(): { pack: string; file: GrowingFile } {
    const pack = `${randomBytes(8).toString('hex')}.pack`;
    // Named uniquely and named by no index until the index is renamed into place: no temporary needed.
    return { pack, file: createNewFile(path.join(this.dir, pack), { within: this.options.within }) };
  }

  /**
   * Completes this run's pack and writes the index that names it. With `prune`, the caller
   * has looked up every entry its run needs: entries no recent pruning run used are dropped, and packs
   * no entry needs any more are removed. Never throws: a cache that cannot be written only costs speed.
   */
  flush(options: { prune: boolean }): void {
    let named = false;
    try {
      if (this.options.readOnly || (this.pending.size === 0 && !options.prune)) return;
      const previous = this.loadIndex();
      const run = options.prune ? previous.run + 1 : previous.run;
      const entries: Record<string, IndexEntry> = {};
      for (const [key, entry] of Object.entries(previous.entries)) {
        const usedInRun = this.used.has(key) ? run : entry[3];
        if (!options.prune || usedInRun > run - KEEP_RUNS) entries[key] = [entry[0], entry[1], entry[2], usedInRun, entry[4]];
      }
      if (this.pending.size > 0) Object.assign(entries, this.completePack(run));
      if (new Set(Object.values(entries).map(([pack]) => pack)).size > MAX_PACKS) Object.assign(entries, this.compact(entries));
      this.writeIndex({ format: INDEX_FORMAT, run, entries });
      named = true;
      const live = new Set(Object.values(entries).map(([pack]) => pack));
      this.closePacks();
      // This run's pack too, when a merge took its entries.
      const unnamed = [...Object.values(previous.entries).map(([pack]) => pack), ...(this.writing ? [this.writing.pack] : [])];
      for (const pack of new Set(unnamed)) if (!live.has(pack)) rmSync(path.join(this.dir, pack), { force: true });
      this.removeOrphans(live);
      this.index = { format: INDEX_FORMAT, run, entries };
    } catch {
      // Unwritable or vanished folder: the next run parses again. A pack no index names goes at once.
      if (!named) this.writing?.file.discard();
    } finally {
      this.closePacks();
      this.pending.clear();
      this.writing = undefined;
    }
  }

  /** Completes the pack of this run's entries and names each entry in it. */
  private completePack(run: number): Record<string, IndexEntry> {
    const { pack, file } = this.writing!;
    file.close();
    const entries: Record<string, IndexEntry> = {};
    for (const [key, [offset, length, sum]] of this.pending) entries[key] = [pack, offset, length, run, sum];
    return entries;
  }

  private writePack(items: Array<[key: string, text: string]>, run: number): Record<string, IndexEntry> {
    const { pack, file } = this.newPack();
    const entries: Record<string, IndexEntry> = {};
    try {
      for (const [key, text] of items) {
        const [offset, length, sum] = appendEntry(file, text);
        entries[key] = [pack, offset, length, run, sum];
      }
      file.close();
    } catch (error) {
      file.discard();
      throw error;
    }
    return entries;
  }

  /** Copies every live entry into one new pack. */
  private compact(entries: Record<string, IndexEntry>): Record<string, IndexEntry> {
    const items: Array<[string, string]> = [];
    for (const [key, entry] of Object.entries(entries)) {
      const bytes = this.bytesAt(entry);
      // A truncated or altered entry is left out of the merged pack.
      if (bytes !== undefined && intact(bytes, entry)) items.push([key, bytes.toString('utf8')]);
    }
    return this.writePack(items, Math.max(...Object.values(entries).map((entry) => entry[3])));
  }

  /** The bytes of an entry, fewer than its length if its pack is truncated; undefined if the pack is gone. */
  private bytesAt([pack, offset, length]: IndexEntry): Buffer | undefined {
    const file = this.packFd(pack);
    if (file === undefined) return undefined;
    // Never more than the pack holds, whatever the index says: a forged length must not allocate gigabytes.
    const bytes = Buffer.allocUnsafe(Math.max(0, Math.min(length, file.size - offset)));
    return bytes.subarray(0, readSync(file.fd, bytes, 0, bytes.length, offset));
  }

  private writeIndex(index: PackIndex): void {
    writeFileAtomic(path.join(this.dir, INDEX_FILE), JSON.stringify(index), { within: this.options.within, durable: false });
  }

  private removeOrphans(live: ReadonlySet<string>): void {
    const now = Date.now();
    for (const name of readdirSync(this.dir)) {
      if (live.has(name) || !(name.endsWith('.pack') || name.endsWith('.tmp'))) continue;
      const file = path.join(this.dir, name);
      try {
        if (now - lstatSync(file).mtimeMs > ORPHAN_AGE_MS) rmSync(file, { force: true });
      } catch {
        // Removed by another writer meanwhile.
      }
    }
  }

  private loadIndex(): PackIndex {
    if (this.index) return this.index;
    let text: string | undefined;
    try {
      text = readOwnedFile(path.join(this.dir, INDEX_FILE), { within: this.options.within }).toString('utf8');
    } catch (error) {
      // No index yet: an empty store. Anything else (a link out, a FIFO, a folder) is a corrupt one.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') text = '';
    }
    this.index = { format: INDEX_FORMAT, run: 0, entries: {} };
    if (text === undefined) return this.index;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (isPackIndex(parsed)) this.index = parsed;
    else this.options.onCorruptIndex();
    return this.index;
  }

  private packFd(pack: string): { fd: number; size: number } | undefined {
    if (this.open.has(pack)) return this.open.get(pack);
    let file: { fd: number; size: number } | undefined;
    try {
      // Never blocks (a FIFO put there) nor follows a link out of the cache.
      const fd = openOwnedFile(path.join(this.dir, pack), { within: this.options.within });
      file = { fd, size: fstatSync(fd).size };
    } catch {
      file = undefined;
    }
    this.open.set(pack, file);
    return file;
  }

  private closePacks(): void {
    for (const file of this.open.values()) if (file !== undefined) closeSync(file.fd);
    this.open.clear();
  }
}

function isPackIndex(value: unknown): value is PackIndex {
  if (typeof value !== 'object' || value === null) return false;
  const index = value as Partial<PackIndex>;
  if (index.format !== INDEX_FORMAT || !Number.isSafeInteger(index.run) || typeof index.entries !== 'object' || index.entries === null) return false;
  // Thousands of entries name a handful of packs: each name is matched once. (A checksum of the wrong
  // form needs no check: it never equals the bytes' own, so its entry reads as corrupt.)
  const packs = new Set<string>();
  const isPack = (name: unknown): boolean => typeof name === 'string' && (packs.has(name) || (/^[0-9a-f]{16}\.pack$/.test(name) && packs.add(name) !== undefined));
  for (const key in index.entries) {
    const entry: unknown = index.entries[key];
    if (!Array.isArray(entry) || entry.length !== 5 || !isPack(entry[0]) || typeof entry[4] !== 'string') return false;
    if (!isCount(entry[1]) || !isCount(entry[2]) || !isCount(entry[3])) return false;
  }
  return true;
}

function isCount(value: unknown): boolean {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

/**
 * The first 64 bits of the entry's sha256, kept in the index: an entry is read only as the bytes that
 * were written (hashing them costs about a third of parsing them; recomputing the stage fingerprint
 * from the parsed entry cost more than the parse).
 */
function checksum(bytes: Uint8Array): string {
  return sha256(bytes).slice(0, 16);
}

/** Appends an entry's text and a newline to a pack: where the text is, and its checksum. */
function appendEntry(file: GrowingFile, text: string): [offset: number, length: number, sum: string] {
  const bytes = Buffer.from(`${text}\n`, 'utf8');
  const body = bytes.subarray(0, bytes.length - 1);
  const offset = file.size;
  file.append(bytes);
  return [offset, body.length, checksum(body)];
}

function intact(bytes: Buffer, entry: IndexEntry): boolean {
  return bytes.length === entry[2] && checksum(bytes) === entry[4];
}
