import { readdirSync, rmSync, type Stats } from 'node:fs';
import path from 'node:path';
// Not the diagnostics barrel: it would load the reporters and source maps on every warm run.
import { createDiagnostic } from '../diagnostics/catalog.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { linkFileAtomic, locatePath, patchFileInPlace, readOwnedFile, readOwnedRange, sha256, stampAt, writeFileAtomic, type Confinement, type FileStamp, type InPlaceEdit } from '../root/index.js';
import { locateCacheFolder } from './cache-folder.js';
import { entryChecks, type CacheEntries } from './entries.js';
import { PackStore } from './pack-store.js';

const FORMAT = 'docs-build-cache';
// 2: a page entry holds the page's invalid-UTF-8 diagnostic. 3: page entries live in packs. 4: each
// pack index entry carries a checksum of the entry's bytes. 5: the stored content state holds a hash of
// what reaches past each page (`PageFacts.surface`), not its parts.
const LAYOUT = 5;
const META_FILE = 'cache-meta.json';
/** The entry folders of a cache: all that is ever removed, and only from a folder marked as a cache. */
const NAMESPACES = ['pages', 'specs', 'builds', 'links', 'contents'] as const satisfies ReadonlyArray<keyof CacheEntries>;
/** What a folder may hold and still be taken as a new cache without a marker: fetched remote specs are kept there even with the cache off. */
const UNMARKED_CONTENT = new Set(['remote']);
/** Namespaces with an entry per page or per external URL: one file each would cost more than the parse or request it saves. */
const PACKED_NAMESPACES = new Set<string>(['pages', 'links', 'highlight', 'snippets', 'texts']);

interface Meta {
  format: typeof FORMAT;
  layout: number;
  generator: string;
}

interface Envelope {
  key: string;
  value: unknown;
}

export interface DiskCacheOptions {
  /** Only read; never create, repair or write anything. Default false. */
  readOnly?: boolean;
  /** The docs root's folder: a cache inside it may not be reached through a link leading out of it. */
  rootDir?: string;
}

/**
 * An on-disk, content-addressed cache. Entries are keyed by a hash of everything the cached value
 * depends on (including the generator version), so an entry is either exactly right or never looked
 * up. Nothing in the folder is trusted: a cache written by another version is started afresh, a folder
 * that is not a cache (no marker, not empty) or cannot be one (a file, a link out of the docs root) is
 * not used at all and never changed, an entry without its kind's shape is a miss, each with a warning,
 * and no path is ever built from what an entry holds. Files are read and written only through
 * `src/root`'s owned-path checks (no link out of the folder, nothing but regular files opened).
 */
export class DiskCache {
  private readonly problems: Diagnostic[] = [];
  private warnedCorruptEntry = false;

  private usable = true;
  private readonly packs = new Map<string, PackStore>();

  private constructor(
    /** The cache's real folder. */
    readonly dir: string,
    readonly generator: string,
    private readonly readOnly: boolean,
  ) {}

  /**
   * Opens (or, unless read-only, creates) the cache folder for this generator version. A read-only
   * cache that is foreign or corrupt is not repaired, only ignored.
   */
  static open(dir: string, generator: string, options: DiskCacheOptions = {}): DiskCache {
    const folder = locateCacheFolder(dir, options.rootDir ?? path.parse(path.resolve(dir)).root);
    const cache = new DiskCache(folder.dir, generator, options.readOnly ?? false);
    if (!folder.ok) cache.refuse(`${folder.problem}; the run goes on without it`);
    else cache.checkMeta();
    return cache;
  }

  /** Warnings about a foreign, corrupt or unusable cache met so far. */
  diagnostics(): Diagnostic[] {
    return [...this.problems];
  }

  /** A key from the parts a value depends on; the generator version is always one of them. */
  key(...parts: string[]): string {
    return sha256([this.generator, ...parts].join('\u0000'));
  }

  /**
   * The entry, when it is there, is stored under this very key, and has its namespace's shape.
   * (`T` only narrows what the namespace's check proved: callers name their own view of an entry.)
   */
  get<T extends CacheEntries[N], N extends keyof CacheEntries = keyof CacheEntries>(namespace: N, key: string): T | undefined {
    if (!this.usable) return undefined;
    const pack = this.packOf(namespace);
    let text: string | undefined;
    try {
      text = pack ? pack.read(key) : readOwnedFile(this.entryPath(namespace, key), this.confinement()).toString('utf8');
    } catch {
      return undefined;
    }
    if (text === undefined) return undefined;
    try {
      const envelope = JSON.parse(text) as Partial<Envelope> | null;
      const check = entryChecks[namespace];
      if (envelope?.key === key && check(envelope.value)) return envelope.value as T;
    } catch {
      // Not JSON, or nested too deep to check: fall through to the warning.
    }
    this.warnCorrupt();
    return undefined;
  }

  /** Entries of packed namespaces are written by `flush`. */
  set<N extends keyof CacheEntries>(namespace: N, key: string, value: CacheEntries[N]): void {
    if (this.readOnly || !this.usable) return;
    const text = JSON.stringify({ key, value } satisfies Envelope);
    const pack = this.packOf(namespace);
    if (pack) pack.write(key, text);
    else this.writeEntry(this.entryPath(namespace, key), text);
  }

  /** Whether a packed namespace holds any entry (a first build has none). */
  hasEntries(namespace: keyof CacheEntries): boolean {
    return this.usable && (this.packOf(namespace)?.hasEntries() ?? false);
  }

  /**
   * Writes what `set` buffered for the packed namespaces. `prune`: the run looked up every page entry
   * it needs, so entries no recent run used can go.
   */
  flush(options: { prune: boolean }): void {
    for (const pack of this.packs.values()) pack.flush(options);
  }

  /** A raw entry (a serialized manifest: stored as is, so reusing it needs no JSON round trip). */
  getBytes(namespace: keyof CacheEntries, key: string): Buffer | undefined {
    if (!this.usable) return undefined;
    try {
      return readOwnedFile(this.entryPath(namespace, key, '.txt'), this.confinement());
    } catch {
      return undefined;
    }
  }

  /** The stamp of a raw entry's file (its own, never through a link); undefined when there is none. */
  bytesStamp(namespace: keyof CacheEntries, key: string): FileStamp | undefined {
    if (!this.usable) return undefined;
    try {
      return stampAt(locatePath(this.entryPath(namespace, key, '.txt'), this.confinement()));
    } catch {
      return undefined;
    }
  }

  /**
   * Stores `bytes`; as a hard link to `sameAs` when that file holds exactly these bytes and can be
   * linked (same file system), else as a copy (`bytes` may be a function, called only then). Readers
   * verify the bytes by hash in any case.
   */
  setBytes(namespace: keyof CacheEntries, key: string, bytes: string | Uint8Array | (() => Uint8Array), sameAs?: string): void {
    if (this.readOnly || !this.usable) return;
    const target = this.entryPath(namespace, key, '.txt');
    if (sameAs !== undefined && linkFileAtomic(sameAs, target, this.confinement())) return;
    this.writeEntry(target, typeof bytes === 'function' ? bytes() : bytes);
  }

  /**
   * Changes a raw entry's bytes in place (`patchFileInPlace`: equal lengths, only when `isExpected`
   * holds for the open file and the old bytes are where the edits go). False, with nothing written,
   * for a read-only or unusable cache or when anything does not match.
   */
  patchBytesInPlace(namespace: keyof CacheEntries, key: string, edits: readonly InPlaceEdit[], isExpected: (stats: Stats) => boolean, afterWrite?: (fd: number) => void): boolean {
    if (this.readOnly || !this.usable) return false;
    try {
      return patchFileInPlace(this.entryPath(namespace, key, '.txt'), edits, isExpected, afterWrite, this.confinement());
    } catch {
      return false;
    }
  }

  /** `length` bytes of a raw entry from `offset`, when `isExpected` holds for the open file; else undefined. */
  bytesAt(namespace: keyof CacheEntries, key: string, offset: number, length: number, isExpected: (stats: Stats) => boolean): Buffer | undefined {
    if (!this.usable) return undefined;
    try {
      return readOwnedRange(this.entryPath(namespace, key, '.txt'), offset, length, isExpected, this.confinement());
    } catch {
      return undefined;
    }
  }

  private packOf(namespace: string): PackStore | undefined {
    if (!PACKED_NAMESPACES.has(namespace)) return undefined;
    let pack = this.packs.get(namespace);
    if (!pack) {
      pack = new PackStore(path.join(this.dir, namespace), { readOnly: this.readOnly, within: this.dir, onCorruptIndex: () => this.warnCorrupt() });
      this.packs.set(namespace, pack);
    }
    return pack;
  }

  private confinement(): Confinement {
    return { within: this.dir };
  }

  private warnCorrupt(): void {
    if (this.warnedCorruptEntry) return;
    this.warnedCorruptEntry = true;
    this.problems.push(createDiagnostic('cache/ignored', `a corrupt cache entry in ${this.dir} was ignored and will be rewritten`));
  }

  private writeEntry(target: string, text: string | Uint8Array): void {
    try {
      writeFileAtomic(target, text, { ...this.confinement(), durable: false });
    } catch {
      // A cache that cannot be written only costs speed.
    }
  }

  /** Keys are sha256 hex: the only part of an entry's path that is not a constant. */
  private entryPath(namespace: keyof CacheEntries, key: string, extension = '.json'): string {
    if (!/^[0-9a-f]{64}$/.test(key)) throw new Error(`not a cache key: ${key}`);
    return path.join(this.dir, namespace, key.slice(0, 2), `${key}${extension}`);
  }

  private refuse(why: string): void {
    this.usable = false;
    this.problems.push(
      createDiagnostic('cache/unusable', `the cache folder was not used: ${why}`, undefined, {
        suggestion: 'point --cache-dir at an empty folder or a docs-build cache, or build with --no-cache',
      }),
    );
  }

  private checkMeta(): void {
    const metaPath = path.join(this.dir, META_FILE);
    let meta: Partial<Meta> | undefined;
    let present = true;
    try {
      meta = JSON.parse(readOwnedFile(metaPath, this.confinement()).toString('utf8')) as Partial<Meta>;
    } catch (error) {
      present = (error as NodeJS.ErrnoException).code !== 'ENOENT';
    }
    const ours = typeof meta === 'object' && meta !== null && meta.format === FORMAT;
    if (ours && meta!.layout === LAYOUT && meta!.generator === this.generator) return;
    if (!ours && !this.adoptable()) {
      const what = present ? `${this.dir} holds files and its ${META_FILE} is not a docs-build cache marker` : `${this.dir} holds files but is not a docs-build cache (no ${META_FILE})`;
      this.refuse(`${what}; docs-build uses only an empty folder or its own cache, and never changes another folder`);
      return;
    }
    if (this.readOnly) {
      // Nothing to repair from here; an absent cache is simply empty.
      this.usable = false;
      if (ours) this.problems.push(createDiagnostic('cache/ignored', `the cache in ${this.dir} was ignored (written by ${meta!.generator ?? 'another version'})`));
      return;
    }
    if (ours) this.problems.push(createDiagnostic('cache/ignored', `the cache in ${this.dir} was ignored (written by ${meta!.generator ?? 'another version'}) and started afresh`));
    this.reset();
  }

  /** A folder without our marker is taken only when it holds nothing (but fetched remote specs), or is not there. */
  private adoptable(): boolean {
    try {
      return readdirSync(this.dir).every((name) => UNMARKED_CONTENT.has(name));
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'ENOENT';
    }
  }

  /** Empties a folder proven to be a cache (ours, or adoptable) and marks it for this version. */
  private reset(): void {
    try {
      // Only our own entry folders are removed, never anything else kept there.
      for (const namespace of NAMESPACES) rmSync(path.join(this.dir, namespace), { recursive: true, force: true });
      writeFileAtomic(path.join(this.dir, META_FILE), JSON.stringify({ format: FORMAT, layout: LAYOUT, generator: this.generator } satisfies Meta) + '\n', {
        ...this.confinement(),
        durable: false,
      });
    } catch {
      // Unwritable: every lookup misses.
      this.usable = false;
    }
  }
}
