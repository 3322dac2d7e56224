import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync, type Dirent, type Stats } from 'node:fs';
import path from 'node:path';
import type { DiagnosticCode } from '../diagnostics/catalog.js';
import { compareCodeUnits } from '../diagnostics/diagnostic.js';
import { LineIndex } from '../diagnostics/positions.js';
import { looksBinary } from './encoding.js';

/** A text file of the docs root, read once. */
export interface SourceFile {
  /** Path relative to the docs root, forward slashes, no leading `./`. */
  path: string;
  absolutePath: string;
  /** Decoded text, BOM removed. */
  text: string;
  /** sha256 of the raw bytes, hex. */
  hash: string;
  byteLength: number;
  /** Set when the bytes were not valid UTF-8 and invalid sequences were replaced. */
  invalidUtf8?: boolean;
  /** Where in `text` the first invalid byte sequence was (its U+FFFD), when `invalidUtf8` is set. */
  invalidUtf8At?: { line: number; column: number };
}

/**
 * What lstat says about a file or folder. Two equal stamps of the same path mean the same bytes (a
 * write changes the change time; a replacement changes the inode; a new or removed entry changes its
 * folder's stamp) except when the first was taken within a clock tick of a write: callers trust only
 * stamps older than the run that took them (`incremental/run-record.ts`).
 */
export interface FileStamp {
  ino: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
}

/** Why a path or file was refused; `code` is the diagnostic code a stage should report. */
export interface PathProblem {
  code: Extract<DiagnosticCode, `root/${string}`>;
  message: string;
}

export type Resolved = { ok: true; path: string } | { ok: false; problem: PathProblem };
export type ReadResult = { ok: true; file: SourceFile } | { ok: false; problem: PathProblem };

export interface DocsRootOptions {
  /** Largest file read, in bytes. Default 100 MiB. */
  maxFileBytes?: number;
  /** Called with the absolute path of every file opened (tests prove nothing outside the root is read). */
  onOpen?: (absolutePath: string) => void;
}

const ignoredDirectories = new Set(['node_modules', '.git', '.docs-build']);
/**
 * A relative path `resolve` would change or refuse: absolute, `file:`, a drive, backslashes, escapes,
 * empty, `.` or `..` segments, a trailing slash.
 */
const notAsResolved = /^(?:\/|file:|[a-zA-Z]:)|[\\%]|\/\/|(?:^|\/)\.\.?(?:\/|$)|\/$/i;

/**
 * The file docs-build keeps in a folder of its own output (the page content beside a manifest): a
 * folder holding it is not part of the docs, so a manifest written inside the root (`--out
 * docs/site.json`) never turns its content files into pages or inputs of the next run.
 */
export const OUTPUT_FOLDER_MARKER = '.docs-build-written.json';
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
const lenientDecoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false });

export function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * The docs root: the only way docs-build turns a reference written by a user into a file. It enforces
 * the boundary (no `..` out, no absolute file-system paths, no encoded traversal, no symlinks leading
 * out) and reads each file at most once.
 */
export class DocsRoot {
  private fileList: string[] | undefined;
  private fileSet: Set<string> | undefined;
  private folderStamps: Array<{ path: string; stamp: FileStamp }> | undefined;
  /** Entries of the listing that are symbolic links (the walk does not follow them). */
  private links: Set<string> | undefined;
  /** Listings of the folders `exists` looked into while the root was not walked (undefined: unreadable). */
  private readonly folderEntries = new Map<string, Map<string, Dirent> | undefined>();
  /** See `knownIdentity`. */
  private readonly identities = new Map<string, string>();
  private readonly cache = new Map<string, ReadResult>();
  /** See `assumeListed`. */
  private readonly listed = new Set<string>();
  /** Hashes of files read with `keep: false`, or known unchanged by `unchangedHash`. */
  private readonly hashes = new Map<string, string>();
  /** Hashes an earlier run read, each with the stamp that stands for it (`rememberHashes`). */
  private readonly remembered = new Map<string, { hash: string; stamp: FileStamp }>();
  private readonly maxFileBytes: number;

  private constructor(
    /** Absolute, symlink-free path of the root folder. */
    readonly dir: string,
    private readonly options: DocsRootOptions,
  ) {
    this.maxFileBytes = options.maxFileBytes ?? 100 * 1024 * 1024;
  }

  /** Opens a docs root; `undefined` when the folder does not exist. */
  static open(dir: string, options: DocsRootOptions = {}): DocsRoot | undefined {
    try {
      const real = realpathSync.native(dir);
      if (!statSync(real).isDirectory()) return undefined;
      return new DocsRoot(real, options);
    } catch {
      return undefined;
    }
  }

  /**
   * Resolves a reference written in a file of the root. A leading `/` means the docs root (as in
   * docs.json: `/logo.svg`); otherwise the reference is relative to `from`'s folder, or to the root.
   */
  resolve(reference: string, from?: string): Resolved {
    if (/^[a-zA-Z]:[\\/]/.test(reference) || reference.startsWith('\\\\') || /^file:/i.test(reference)) {
      return refuse('root/absolute-path', `"${reference}" is an absolute file-system path; use a path relative to the docs root`);
    }
    let decoded = reference;
    if (/%[0-9a-fA-F]{2}/.test(reference)) {
      try {
        decoded = decodeURIComponent(reference);
      } catch {
        decoded = reference;
      }
      if (hasTraversal(decoded)) {
        return refuse('root/path-escapes-root', `"${reference}" decodes to a path with "..", which is not allowed`);
      }
    }
    const withSlashes = reference.replace(/\\/g, '/');
    const base = withSlashes.startsWith('/') || from === undefined ? '' : path.posix.dirname(from);
    const joined = path.posix.normalize(path.posix.join(base, withSlashes.replace(/^\/+/, '')));
    if (joined === '..' || joined.startsWith('../')) {
      return refuse('root/path-escapes-root', `"${reference}" leads outside the docs root`);
    }
    return { ok: true, path: joined === '.' ? '' : joined.replace(/^\.\//, '') };
  }

  absolute(relativePath: string): string {
    return path.join(this.dir, relativePath);
  }

  /** Every file under the root (relative paths, sorted), skipping node_modules, .git and .docs-build. */
  files(): readonly string[] {
    if (!this.fileList) {
      const found: string[] = [];
      const folders: Array<{ path: string; stamp: FileStamp }> = [];
      const links = new Set<string>();
      const walk = (relativeDir: string): void => {
        let entries;
        try {
          const stamp = stampAt(path.join(this.dir, relativeDir));
          entries = readdirSync(path.join(this.dir, relativeDir), { withFileTypes: true });
          if (relativeDir !== '' && entries.some((entry) => entry.name === OUTPUT_FOLDER_MARKER)) return;
          if (stamp) folders.push({ path: relativeDir, stamp });
        } catch {
          return;
        }
        for (const entry of entries) {
          const relative = relativeDir ? `${relativeDir}/${entry.name}` : entry.name;
          if (entry.isDirectory()) {
            if (!ignoredDirectories.has(entry.name)) walk(relative);
          } else if (entry.isFile()) {
            found.push(relative);
          } else if (entry.isSymbolicLink()) {
            found.push(relative);
            links.add(relative);
          }
        }
      };
      walk('');
      found.sort();
      this.fileList = found;
      this.fileSet = new Set(found);
      this.folderStamps = folders;
      this.links = links;
    }
    return this.fileList;
  }

  /**
   * The stamp of every folder `files()` walked (the root is `''`), taken just before it was listed:
   * while they are all unchanged, so is the list of files.
   */
  listingStamps(): ReadonlyArray<{ path: string; stamp: FileStamp }> {
    this.files();
    return this.folderStamps!;
  }

  /**
   * Whether a root-relative path is a regular file itself, not a symbolic link to one: the export
   * publishes only those (its walk does not follow links), so a link to `images/out.png -> /etc/hostname`
   * is a link to nothing on the published site.
   */
  isRegularFile(relativePath: string): boolean {
    const resolved = this.resolve(relativePath);
    if (!resolved.ok) return false;
    // Listed already: the walk told files from links, so no file is looked at again ("did you mean" asks for every file).
    if (this.fileSet) return this.fileSet.has(resolved.path) && !this.links!.has(resolved.path);
    try {
      return lstatSync(this.absolute(resolved.path)).isFile();
    } catch {
      return false;
    }
  }

  /**
   * The stamp of a root-relative path without following a final symbolic link (a link's target can
   * change under an unchanged link); undefined when nothing is there or the path leaves the root.
   * Nothing is opened.
   */
  stampOf(relativePath: string): FileStamp | undefined {
    // A rebuild stamps every recorded input (5,000 on firecrawl-docs): a path already in the form
    // `resolve` returns skips its normalizing.
    if (relativePath === '') return stampAt(this.dir);
    if (!notAsResolved.test(relativePath)) return this.stampRemembered(relativePath, `${this.dir}/${relativePath}`);
    const resolved = this.resolve(relativePath);
    return resolved.ok ? this.stampRemembered(resolved.path, this.absolute(resolved.path)) : undefined;
  }

  /** The stamp, with the file's identity kept when it is a regular file (not a link: then it is its target's). */
  private stampRemembered(relativePath: string, absolutePath: string): FileStamp | undefined {
    const stats = statsAt(absolutePath);
    if (stats?.isFile()) this.identities.set(relativePath, fileIdentityOf(stats));
    return stats && stampOfStats(stats);
  }

  /**
   * Device and inode of a regular file this run stamped (`stampOf`), as a stat of its path gives them:
   * the output guard compares its destinations with every input, and a patch stamps all 5,000 inputs of
   * firecrawl-docs before it writes (a second stat of each cost ~25 ms an edit). Undefined for a path
   * not stamped so (a link, a folder, nothing there).
   */
  knownIdentity(relativePath: string): string | undefined {
    return this.identities.get(relativePath);
  }

  /**
   * Files known to be listed regular files without walking the root: the inputs the last run stamped
   * (listed files reached through real folders) while every folder of its listing keeps its stamp, so
   * no entry was added, removed or renamed anywhere (`incremental/run-record.ts`). `exists` answers for
   * them without a walk (a one-page patch reading a snippet walked 5,000 files for one answer).
   */
  assumeListed(relativePaths: Iterable<string>): void {
    for (const relativePath of relativePaths) this.listed.add(relativePath);
  }

  /** Assumed listed (`assumeListed`) and not walked since: a walk's listing answers once there is one. */
  private assumedListed(relativePath: string): boolean {
    return this.fileSet === undefined && this.listed.has(relativePath);
  }

  /** Whether a file (not a folder) exists at this root-relative path: whether `files()` lists it. */
  exists(relativePath: string): boolean {
    if (this.assumedListed(relativePath)) return true;
    if (this.fileSet) return this.fileSet.has(relativePath);
    return this.listedByItsFolders(relativePath);
  }

  /**
   * What `files()` would say of one path, from the listings of its own folders: a run that patches a
   * page linking a file asks about one path, where walking the root costs ~60 ms on firecrawl-docs.
   */
  private listedByItsFolders(relativePath: string): boolean {
    const segments = relativePath.split('/');
    if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return false;
    let folder = '';
    for (let at = 0; at < segments.length; at++) {
      const entries = this.entriesOf(folder);
      if (!entries || (folder !== '' && entries.has(OUTPUT_FOLDER_MARKER))) return false;
      const entry = entries.get(segments[at]!);
      if (!entry) return false;
      if (at === segments.length - 1) return entry.isFile() || entry.isSymbolicLink();
      if (!entry.isDirectory() || ignoredDirectories.has(entry.name)) return false;
      folder = folder === '' ? entry.name : `${folder}/${entry.name}`;
    }
    return false;
  }

  private entriesOf(folder: string): Map<string, Dirent> | undefined {
    if (!this.folderEntries.has(folder)) {
      let entries: Map<string, Dirent> | undefined;
      try {
        entries = new Map(readdirSync(path.join(this.dir, folder), { withFileTypes: true }).map((entry) => [entry.name, entry]));
      } catch {
        entries = undefined;
      }
      this.folderEntries.set(folder, entries);
    }
    return this.folderEntries.get(folder);
  }

  /**
   * Why a path that exists must still not be used, without reading the file: it is (or runs through) a
   * symbolic link leading outside the root. For paths that are only checked for existence and handed on
   * (logo, favicon, imports): `read()` makes the same check itself. Undefined when the path is fine or
   * does not exist.
   */
  boundaryProblem(relativePath: string): PathProblem | undefined {
    const located = this.realPath(relativePath);
    return located.ok ? undefined : located.problem;
  }

  /**
   * The resolved path and the real path behind it (symlinks followed), refused when either leaves the
   * root. `real` is undefined when nothing exists there.
   */
  private realPath(relativePath: string): { ok: true; path: string; real: string | undefined } | { ok: false; problem: PathProblem } {
    const resolved = this.resolve(relativePath);
    if (!resolved.ok) return resolved;
    // A listed file that is not a link was reached by the walk through real folders only: it is its own
    // real path, and a realpath call per page is a good part of a rebuild. (Reads lstat it again.)
    if ((this.fileSet?.has(resolved.path) && !this.links!.has(resolved.path)) || this.assumedListed(resolved.path)) return { ok: true, path: resolved.path, real: this.absolute(resolved.path) };
    let real: string;
    try {
      real = realpathSync.native(this.absolute(resolved.path));
    } catch {
      return { ok: true, path: resolved.path, real: undefined };
    }
    if (real !== this.dir && !real.startsWith(this.dir + path.sep)) {
      return refuse('root/symlink-outside', `"${relativePath}" is a symbolic link to a file outside the docs root`);
    }
    return { ok: true, path: resolved.path, real };
  }

  /**
   * Reads a root-relative file, checking the boundary again on the real path (symlinks). The result
   * is kept for later reads unless `keep: false` (pages: their text is not needed once parsed, and
   * keeping 20k pages would make memory grow with the site).
   */
  read(relativePath: string, options: { keep?: boolean } = {}): ReadResult {
    const cached = this.cache.get(relativePath);
    if (cached) return cached;
    const result = this.readUncached(relativePath);
    if (options.keep !== false) this.cache.set(relativePath, result);
    else this.hashes.set(relativePath, result.ok ? result.file.hash : '');
    return result;
  }

  /**
   * Hashes of files as an earlier run read them, with stamps that earlier run could trust
   * (`incremental/run-record.ts`): `unchangedHash` answers from them without reading.
   */
  rememberHashes(entries: Iterable<{ path: string; hash: string; stamp: FileStamp }>): void {
    for (const { path: relativePath, hash, stamp } of entries) this.remembered.set(relativePath, { hash, stamp });
  }

  /**
   * A file's hash without opening it, when a remembered hash's stamp still matches and the file is still
   * a listed regular file (reached through real folders: no link to check); the file then counts as
   * read. Undefined otherwise: the caller reads it.
   */
  unchangedHash(relativePath: string): string | undefined {
    const remembered = this.remembered.get(relativePath);
    if (!remembered || !this.exists(relativePath) || this.links?.has(relativePath)) return undefined;
    if (!sameStamp(this.stampOf(relativePath), remembered.stamp)) return undefined;
    this.hashes.set(relativePath, remembered.hash);
    return remembered.hash;
  }

  /** Changes whenever a read adds to `readFiles` (or `invalidate` drops reads): a cheap check that the list is the same. */
  readsVersion(): number {
    return this.cache.size + this.hashes.size + this.invalidations;
  }

  private invalidations = 0;

  /** Every file read so far with its content hash ('' for a failed read), sorted by path. */
  readFiles(): Array<{ path: string; hash: string }> {
    const all = new Map(this.hashes);
    for (const [p, result] of this.cache) all.set(p, result.ok ? result.file.hash : '');
    return [...all].sort(([a], [b]) => compareCodeUnits(a, b)).map(([p, hash]) => ({ path: p, hash }));
  }

  /** Drops cached reads (watch mode re-reads changed files). */
  invalidate(relativePaths?: Iterable<string>): void {
    this.invalidations++;
    this.listed.clear();
    if (!relativePaths) {
      this.cache.clear();
      this.hashes.clear();
      this.remembered.clear();
      this.fileList = undefined;
      this.fileSet = undefined;
      this.folderStamps = undefined;
      this.links = undefined;
      this.folderEntries.clear();
      return;
    }
    for (const p of relativePaths) {
      this.cache.delete(p);
      this.hashes.delete(p);
      this.remembered.delete(p);
    }
    this.fileList = undefined;
    this.fileSet = undefined;
    this.folderStamps = undefined;
    this.links = undefined;
    this.folderEntries.clear();
  }

  /**
   * sha256 of a file's bytes as `read()` would hash them, or '' when `read()` would refuse the file:
   * the same boundary checks, without decoding. A warm run proves its inputs unchanged with it.
   */
  hashOf(relativePath: string): string {
    const read = this.readBytes(relativePath);
    return read.ok && !looksBinary(read.bytes) ? sha256(read.bytes) : '';
  }

  /** The bytes of a root-relative file, after the boundary checks on its real path and the size limit. */
  private readBytes(relativePath: string): { ok: true; path: string; real: string; bytes: Buffer } | { ok: false; problem: PathProblem } {
    const located = this.realPath(relativePath);
    if (!located.ok) return located;
    const { real } = located;
    if (real === undefined) return refuse('root/file-not-found', `"${relativePath}" does not exist`);
    try {
      const stat = lstatSync(real);
      if (!stat.isFile()) return refuse('root/file-not-found', `"${relativePath}" is not a file`);
      if (stat.size > this.maxFileBytes) {
        return refuse('root/file-too-large', `"${relativePath}" is ${(stat.size / 1048576).toFixed(1)} MiB; the limit is ${(this.maxFileBytes / 1048576).toFixed(0)} MiB`);
      }
      this.options.onOpen?.(real);
      return { ok: true, path: located.path, real, bytes: readFileSync(real) };
    } catch (error) {
      // Listed by the walk, removed before the read.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return refuse('root/file-not-found', `"${relativePath}" does not exist`);
      return refuse('root/unreadable', `"${relativePath}" could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }

  private readUncached(relativePath: string): ReadResult {
    const read = this.readBytes(relativePath);
    if (!read.ok) return read;
    const { real, bytes } = read;
    try {
      if (looksBinary(bytes)) return refuse('root/binary-file', `"${relativePath}" holds binary data, not text`);
      let text: string;
      let invalidAt = -1;
      try {
        text = decoder.decode(bytes);
      } catch {
        text = lenientDecoder.decode(bytes);
        invalidAt = firstInvalidUtf8(bytes);
      }
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      const file: SourceFile = { path: read.path, absolutePath: real, text, hash: sha256(bytes), byteLength: bytes.length };
      if (invalidAt !== -1) {
        file.invalidUtf8 = true;
        // The valid prefix decodes to the same code units as in `text`, so its length is the offset there.
        const offset = lenientDecoder.decode(bytes.subarray(0, invalidAt)).length;
        file.invalidUtf8At = new LineIndex(text).locate(offset);
      }
      return { ok: true, file };
    } catch (error) {
      return refuse('root/unreadable', `"${relativePath}" could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
}

export function sameStamp(a: FileStamp | undefined, b: FileStamp | undefined): boolean {
  return a !== undefined && b !== undefined && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;
}

/** The stamp in a file's stats (from `stat`, `lstat` or `fstat`). */
export function stampOfStats(stat: FileStamp): FileStamp {
  return { ino: stat.ino, size: stat.size, mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs };
}

/** The stamp of a file-system path (of the link itself unless `followLinks`); undefined when absent. */
export function stampAt(absolutePath: string, options: { followLinks?: boolean } = {}): FileStamp | undefined {
  const stats = statsAt(absolutePath, options);
  return stats && stampOfStats(stats);
}

/** A path's stats (of the link itself unless `followLinks`); undefined when absent or unreadable. */
function statsAt(absolutePath: string, options: { followLinks?: boolean } = {}): Stats | undefined {
  try {
    return options.followLinks ? statSync(absolutePath, { throwIfNoEntry: false }) : lstatSync(absolutePath, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/**
 * A path as the file systems of macOS and Windows compare it: two paths that differ only in letter case
 * (or, on macOS, in Unicode normalization) are one file there, and the second written replaces the
 * first. (Lower case after NFC stands in for those systems' own folding.)
 */
export function foldedPath(file: string): string {
  return file.normalize('NFC').toLowerCase();
}

/** What makes a file the same file whatever its path: device and inode (`refuseInputsOf` compares them). */
export function fileIdentityOf(stats: { dev: number; ino: number }): string {
  return `${stats.dev}:${stats.ino}`;
}

function refuse(code: PathProblem['code'], message: string): { ok: false; problem: PathProblem } {
  return { ok: false, problem: { code, message } };
}

function hasTraversal(p: string): boolean {
  return p.replace(/\\/g, '/').split('/').includes('..');
}

/**
 * Offset of the first byte that does not start a well-formed UTF-8 sequence (the WHATWG decoder's
 * rules: no overlongs, no surrogates, nothing above U+10FFFF), or -1 when every byte is well formed.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let low = 0x80;
    let high = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b === 0xe0) (need = 2), (low = 0xa0);
    else if ((b >= 0xe1 && b <= 0xec) || b === 0xee || b === 0xef) need = 2;
    else if (b === 0xed) (need = 2), (high = 0x9f);
    else if (b === 0xf0) (need = 3), (low = 0x90);
    else if (b >= 0xf1 && b <= 0xf3) need = 3;
    else if (b === 0xf4) (need = 3), (high = 0x8f);
    else return i;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined) return i;
      if (k === 1 ? c < low || c > high : c < 0x80 || c > 0xbf) return i;
    }
    i += need + 1;
  }
  return -1;
}
