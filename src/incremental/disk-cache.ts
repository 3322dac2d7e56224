import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createDiagnostic, type Diagnostic } from '../diagnostics/index.js';
import { sha256 } from '../root/index.js';
import { PackStore } from './pack-store.js';

const FORMAT = 'docs-build-cache';
// 2: a page entry holds the page's invalid-UTF-8 diagnostic. 3: page entries live in packs.
const LAYOUT = 3;
/** Namespaces with an entry per page: one file each would cost more than the parse it saves. */
const PACKED_NAMESPACES = new Set(['pages']);

interface Meta {
  format: typeof FORMAT;
  layout: number;
  generator: string;
}

interface Envelope<T> {
  key: string;
  value: T;
}

/**
 * An on-disk, content-addressed cache. Entries are keyed by a hash of everything the cached value
 * depends on (including the generator version), so an entry is either exactly right or never looked
 * up. A cache written by another version, another program, or left corrupt is ignored with a warning
 * and started afresh: never trusted.
 */
export class DiskCache {
  private readonly problems: Diagnostic[] = [];
  private warnedCorruptEntry = false;

  private usable = true;
  private readonly packs = new Map<string, PackStore>();

  private constructor(
    readonly dir: string,
    readonly generator: string,
    private readonly readOnly: boolean,
  ) {}

  /**
   * Opens (or, unless read-only, creates) the cache folder for this generator version. A read-only
   * cache that is foreign or corrupt is not repaired, only ignored.
   */
  static open(dir: string, generator: string, options: { readOnly?: boolean } = {}): DiskCache {
    const cache = new DiskCache(dir, generator, options.readOnly ?? false);
    cache.checkMeta();
    return cache;
  }

  /** Warnings about a foreign or corrupt cache met so far. */
  diagnostics(): Diagnostic[] {
    return [...this.problems];
  }

  /** A key from the parts a value depends on; the generator version is always one of them. */
  key(...parts: string[]): string {
    return sha256([this.generator, ...parts].join('\u0000'));
  }

  get<T>(namespace: string, key: string): T | undefined {
    if (!this.usable) return undefined;
    const pack = this.packOf(namespace);
    let text: string | undefined;
    try {
      text = pack ? pack.read(key) : readFileSync(this.entryPath(namespace, key), 'utf8');
    } catch {
      return undefined;
    }
    if (text === undefined) return undefined;
    try {
      const envelope = JSON.parse(text) as Envelope<T>;
      if (envelope && envelope.key === key && 'value' in envelope) return envelope.value;
    } catch {
      // fall through to the warning
    }
    this.warnCorrupt();
    return undefined;
  }

  /** Entries of packed namespaces are written by `flush`. */
  set<T>(namespace: string, key: string, value: T): void {
    if (this.readOnly || !this.usable) return;
    const text = JSON.stringify({ key, value } satisfies Envelope<T>);
    const pack = this.packOf(namespace);
    if (pack) pack.write(key, text);
    else this.writeEntry(this.entryPath(namespace, key), text);
  }

  /** Whether a packed namespace holds any entry (a first build has none). */
  hasEntries(namespace: string): boolean {
    return this.usable && (this.packOf(namespace)?.hasEntries() ?? false);
  }

  /**
   * Writes what `set` buffered for the packed namespaces. `prune`: the run looked up every page entry
   * it needs, so entries no recent run used can go.
   */
  flush(options: { prune: boolean }): void {
    for (const pack of this.packs.values()) pack.flush(options);
  }

  private packOf(namespace: string): PackStore | undefined {
    if (!PACKED_NAMESPACES.has(namespace)) return undefined;
    let pack = this.packs.get(namespace);
    if (!pack) {
      pack = new PackStore(path.join(this.dir, namespace), { readOnly: this.readOnly, onCorruptIndex: () => this.warnCorrupt() });
      this.packs.set(namespace, pack);
    }
    return pack;
  }

  private warnCorrupt(): void {
    if (this.warnedCorruptEntry) return;
    this.warnedCorruptEntry = true;
    this.problems.push(createDiagnostic('cache/ignored', `a corrupt cache entry in ${this.dir} was ignored and will be rewritten`));
  }

  private writeEntry(target: string, text: string | Uint8Array): void {
    try {
      mkdirSync(path.dirname(target), { recursive: true });
      const temporary = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      writeFileSync(temporary, text);
      renameSync(temporary, target);
    } catch {
      // A cache that cannot be written only costs speed.
    }
  }

  /** A raw entry (a serialized manifest: stored as is, so reusing it needs no JSON round trip). */
  getBytes(namespace: string, key: string): Buffer | undefined {
    if (!this.usable) return undefined;
    try {
      return readFileSync(this.entryPath(namespace, key, '.txt'));
    } catch {
      return undefined;
    }
  }

  /**
   * Stores `bytes`; as a hard link to `sameAs` when that file holds exactly these bytes and can be
   * linked (same file system), else as a copy (`bytes` may be a function, called only then). Readers
   * verify the bytes by hash in any case.
   */
  setBytes(namespace: string, key: string, bytes: string | Uint8Array | (() => Uint8Array), sameAs?: string): void {
    if (this.readOnly || !this.usable) return;
    const target = this.entryPath(namespace, key, '.txt');
    if (sameAs !== undefined && this.linkEntry(target, sameAs)) return;
    this.writeEntry(target, typeof bytes === 'function' ? bytes() : bytes);
  }

  private linkEntry(target: string, source: string): boolean {
    // Already a link to it: renaming a link over another link of the same file does nothing and
    // would leave the temporary link behind (POSIX rename), one per run that found its output current.
    if (sameFile(target, source)) return true;
    const temporary = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      mkdirSync(path.dirname(target), { recursive: true });
      linkSync(source, temporary);
      renameSync(temporary, target);
      return true;
    } catch {
      rmSync(temporary, { force: true });
      return false;
    }
  }

  private entryPath(namespace: string, key: string, extension = '.json'): string {
    return path.join(this.dir, namespace, key.slice(0, 2), `${key}${extension}`);
  }

  private checkMeta(): void {
    const metaPath = path.join(this.dir, 'cache-meta.json');
    let meta: Partial<Meta> | undefined;
    let present = true;
    try {
      meta = JSON.parse(readFileSync(metaPath, 'utf8')) as Partial<Meta>;
    } catch (error) {
      present = (error as NodeJS.ErrnoException).code !== 'ENOENT';
    }
    const valid = meta?.format === FORMAT && meta.layout === LAYOUT && meta.generator === this.generator;
    if (valid) return;
    if (this.readOnly) {
      // Nothing to repair from here; an absent cache is simply empty.
      this.usable = false;
      if (!present) return;
    }
    if (present) {
      const why = meta?.format === FORMAT ? `written by ${meta.generator ?? 'another version'}` : 'not a docs-build cache, or corrupt';
      this.problems.push(createDiagnostic('cache/ignored', `the cache in ${this.dir} was ignored (${why})${this.readOnly ? '' : ' and started afresh'}`));
    }
    if (this.readOnly) return;
    try {
      // Only our own entry folders are removed, never anything else a user keeps there.
      for (const namespace of ['pages', 'specs', 'builds']) rmSync(path.join(this.dir, namespace), { recursive: true, force: true });
      mkdirSync(this.dir, { recursive: true });
      writeFileSync(metaPath, JSON.stringify({ format: FORMAT, layout: LAYOUT, generator: this.generator } satisfies Meta) + '\n');
    } catch {
      // Unwritable: every lookup misses.
    }
  }
}

function sameFile(a: string, b: string): boolean {
  try {
    const [first, second] = [statSync(a, { bigint: true }), statSync(b, { bigint: true })];
    return first.ino === second.ino && first.dev === second.dev;
  } catch {
    return false;
  }
}
