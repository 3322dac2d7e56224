import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type { DiagnosticCode } from '../diagnostics/catalog.js';

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
  private readonly cache = new Map<string, ReadResult>();
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
      const real = realpathSync(dir);
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
      const walk = (relativeDir: string): void => {
        let entries;
        try {
          entries = readdirSync(path.join(this.dir, relativeDir), { withFileTypes: true });
        } catch {
          return;
        }
        for (const entry of entries) {
          const relative = relativeDir ? `${relativeDir}/${entry.name}` : entry.name;
          if (entry.isDirectory()) {
            if (!ignoredDirectories.has(entry.name)) walk(relative);
          } else if (entry.isFile() || entry.isSymbolicLink()) {
            found.push(relative);
          }
        }
      };
      walk('');
      found.sort();
      this.fileList = found;
      this.fileSet = new Set(found);
    }
    return this.fileList;
  }

  /** Whether a file (not a folder) exists at this root-relative path. */
  exists(relativePath: string): boolean {
    this.files();
    return this.fileSet!.has(relativePath);
  }

  /** Reads a root-relative file, checking the boundary again on the real path (symlinks). */
  read(relativePath: string): ReadResult {
    const cached = this.cache.get(relativePath);
    if (cached) return cached;
    const result = this.readUncached(relativePath);
    this.cache.set(relativePath, result);
    return result;
  }

  /** Drops cached reads (watch mode re-reads changed files). */
  invalidate(relativePaths?: Iterable<string>): void {
    if (!relativePaths) {
      this.cache.clear();
      this.fileList = undefined;
      this.fileSet = undefined;
      return;
    }
    for (const p of relativePaths) this.cache.delete(p);
    this.fileList = undefined;
    this.fileSet = undefined;
  }

  private readUncached(relativePath: string): ReadResult {
    const resolved = this.resolve(relativePath);
    if (!resolved.ok) return resolved;
    const absolutePath = this.absolute(resolved.path);
    let real: string;
    try {
      real = realpathSync(absolutePath);
    } catch {
      return refuse('root/file-not-found', `"${relativePath}" does not exist`);
    }
    if (real !== this.dir && !real.startsWith(this.dir + path.sep)) {
      return refuse('root/symlink-outside', `"${relativePath}" is a symbolic link to a file outside the docs root`);
    }
    try {
      const stat = lstatSync(real);
      if (!stat.isFile()) return refuse('root/file-not-found', `"${relativePath}" is not a file`);
      if (stat.size > this.maxFileBytes) {
        return refuse('root/file-too-large', `"${relativePath}" is ${(stat.size / 1048576).toFixed(1)} MiB; the limit is ${(this.maxFileBytes / 1048576).toFixed(0)} MiB`);
      }
      this.options.onOpen?.(real);
      const bytes = readFileSync(real);
      if (looksBinary(bytes)) return refuse('root/binary-file', `"${relativePath}" holds binary data, not text`);
      let text: string;
      let invalidUtf8 = false;
      try {
        text = decoder.decode(bytes);
      } catch {
        text = lenientDecoder.decode(bytes);
        invalidUtf8 = true;
      }
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      const file: SourceFile = { path: resolved.path, absolutePath: real, text, hash: sha256(bytes), byteLength: bytes.length };
      if (invalidUtf8) file.invalidUtf8 = true;
      return { ok: true, file };
    } catch (error) {
      return refuse('root/unreadable', `"${relativePath}" could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
}

function refuse(code: PathProblem['code'], message: string): { ok: false; problem: PathProblem } {
  return { ok: false, problem: { code, message } };
}

function hasTraversal(p: string): boolean {
  return p.replace(/\\/g, '/').split('/').includes('..');
}

/** A NUL byte in the first 8 KiB is the usual, cheap test for binary content. */
function looksBinary(bytes: Uint8Array): boolean {
  const limit = Math.min(bytes.length, 8192);
  for (let i = 0; i < limit; i++) if (bytes[i] === 0) return true;
  return false;
}
