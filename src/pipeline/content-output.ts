import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { BuiltPageContent } from './content-stage.js';
import type { SearchRecord } from '../content/search.js';
import { codeBlocks } from '../content/highlight.js';
import { compareCodeUnits } from '../diagnostics/index.js';
import type { ContentCode, ContentReference, PageContent } from '../content/types.js';
import { locatePath, OUTPUT_FOLDER_MARKER, removeFile, sameStamp, sha256, splicedChunks, stampAt, UnsafePathError, writeFileAtomic, type FileSplice, type FileStamp, type WriteOptions } from '../root/index.js';

/**
 * The content files beside the manifest (docs/content.md, "Files"): `content/<page id>.json` (the
 * tree), `content/<page id>.md` (the Markdown twin), and `content/.docs-build-written.json`, the list of what the
 * last build wrote with each file's hash. The index is how the build knows which files it owns: it
 * rewrites only files whose bytes changed and removes only files an earlier build of its own wrote.
 */

export const contentFolderName = 'content';
// A dot file (no page id maps to it: segments starting with a dot are escaped); the root's listing
// skips a folder holding it, so content written inside a docs root is never read back as pages.
const indexName = OUTPUT_FOLDER_MARKER;

interface ContentIndex {
  /** Relative path (inside the content folder) -> sha256 of its bytes. */
  files: Record<string, string>;
}

export interface ContentWrite {
  /** Page id -> the manifest's reference. */
  references: Map<string, ContentReference>;
  written: number;
  unchanged: number;
  removed: number;
}

/** The content file of a page, relative to the manifest's folder. */
export function contentFileOf(id: string): string {
  return `${contentFolderName}/${safeId(id)}.json`;
}

/** The Markdown twin of a page beside its content file. */
export function twinFileOf(id: string): string {
  return contentFileOf(id).replace(/\.json$/, '.md');
}

/** A page's content file: its content as JSON (the keys in construction order, no white space) and a newline. */
export function contentFileBytes(content: PageContent): Buffer {
  return Buffer.from(`${JSON.stringify(content)}\n`, 'utf8');
}

/**
 * Content made before its code blocks have tokens: a cold build finishes each page while the
 * highlighting workers work, and keeps its content file's bytes instead of its tree (the trees of
 * firecrawl-docs were ~110 MB of heap beside the workers). Bytes, not text: outside the JavaScript heap,
 * which V8 lets grow well past what is live while pages come and go, and half the size of the
 * two-byte strings that translated pages' text makes. Each highlightable block's `tokens` is a slot (a
 * marker with a nonce of this run and the block's key), filled once every block has its tokens; the
 * filled bytes are `contentFileBytes` of the highlighted tree, byte for byte.
 */
export class TokenSlots {
  private readonly marker = `\u0000${randomBytes(8).toString('hex')}:`;
  /** How a slot starts in JSON text: `tokens` is always a code node's last key, after `type`. */
  private readonly slotStart = Buffer.from(`,"tokens":${JSON.stringify(this.marker)}`.slice(0, -1), 'utf8');
  private static readonly quote = 0x22;

  /** The content file's bytes with a slot for each block `keyOf` names; other blocks have no tokens. */
  serialize(content: PageContent, keyOf: (code: ContentCode) => string | undefined): Buffer {
    const blocks = codeBlocks(content.tree);
    for (const code of blocks) {
      const key = keyOf(code);
      delete code.tokens;
      // Set last, so the slot is where the tokens would be.
      if (key !== undefined) (code as { tokens?: unknown }).tokens = `${this.marker}${key}`;
    }
    const bytes = contentFileBytes(content);
    for (const code of blocks) delete code.tokens;
    return bytes;
  }

  /** The bytes with each slot replaced by its block's tokens (JSON bytes), or removed when it has none. */
  fill(bytes: Buffer, tokensOf: (key: string) => Buffer | undefined): Buffer {
    if (bytes.indexOf(this.slotStart) < 0) return bytes;
    const parts: Buffer[] = [];
    for (const { before, key } of this.slots(bytes)) {
      parts.push(before);
      const tokens = key && tokensOf(key.toString('latin1'));
      if (tokens) parts.push(tokensPrefix, tokens);
    }
    return Buffer.concat(parts);
  }

  /**
   * The bytes in parts that are the same in every run for the same content: each slot's marker (which
   * holds this run's nonce) is left out, its key kept.
   */
  *stableParts(bytes: Buffer): Generator<Uint8Array> {
    for (const { before, key } of this.slots(bytes)) {
      yield before;
      if (key) {
        yield slotSeparator;
        yield key;
      }
    }
  }

  /** The bytes before each slot with the slot's block key, in order; then the rest, without a key. */
  private *slots(bytes: Buffer): Generator<{ before: Buffer; key?: Buffer }> {
    let from = 0;
    for (let slot = bytes.indexOf(this.slotStart); slot >= 0; slot = bytes.indexOf(this.slotStart, from)) {
      const keyStart = slot + this.slotStart.length;
      const keyEnd = bytes.indexOf(TokenSlots.quote, keyStart);
      yield { before: bytes.subarray(from, slot), key: bytes.subarray(keyStart, keyEnd) };
      from = keyEnd + 1;
    }
    yield { before: bytes.subarray(from) };
  }
}

/** Where a slot was, in `stableParts`: a NUL never occurs in JSON text. */
const slotSeparator = new Uint8Array([0]);

const tokensPrefix = Buffer.from(',"tokens":', 'utf8');

/** A page's search records as `search.json` holds them: its part of the array, without brackets. */
export function searchSegment(records: readonly SearchRecord[]): string {
  return records.map((record) => JSON.stringify(record)).join(',');
}

/** `search.json` from every page's part in page-id order (empty parts left out): the bytes of `JSON.stringify` of the records. */
export function searchFileBytes(segments: Iterable<string>): Buffer {
  const parts: string[] = [];
  for (const segment of segments) if (segment !== '') parts.push(segment);
  return Buffer.from(`[${parts.join(',')}]\n`, 'utf8');
}

/**
 * Serializes every page's content and computes its reference. Pure: nothing is written. The bytes
 * depend only on the content (keys in construction order, no time stamps), so a rebuild of the same
 * input gives the same files and the same hashes.
 */
export function serializeContent(pages: ReadonlyMap<string, BuiltPageContent>): { files: Map<string, Buffer>; references: Map<string, ContentReference> } {
  const files = new Map<string, Buffer>();
  const references = new Map<string, ContentReference>();
  const segments: string[] = [];
  for (const [id, built] of [...pages].sort(([a], [b]) => compareCodeUnits(a, b))) {
    const file = contentFileOf(id);
    files.set(file, built.bytes);
    files.set(twinFileOf(id), Buffer.from(built.markdown, 'utf8'));
    references.set(id, { file, hash: sha256(built.bytes), toc: built.toc, deps: built.deps });
    segments.push(built.searchSegment);
  }
  files.set(searchFile, searchFileBytes(segments));
  return { files, references };
}

/** Every page's search records, in page-id order (`SearchRecord[]`), beside the manifest. */
export const searchFile = `${contentFolderName}/search.json`;
/** llms.txt and llms-full.txt beside the manifest (docs/content.md, "Text projections"). */
export const llmsFiles = { index: `${contentFolderName}/llms.txt`, full: `${contentFolderName}/llms-full.txt` } as const;
/** The files a patch splices rather than makes again (20 MB on firecrawl-docs): once written, a session reads them where they are. */
export const splicedFiles: readonly string[] = [searchFile, llmsFiles.full];

/**
 * A content file as a run wrote it: its bytes in memory, or where it is beside the manifest (inside
 * `within`, with the hash the content folder's index gives it), to be spliced there without being read whole.
 */
export type WrittenFile = Buffer | { path: string; within: string; sha256: string };

/**
 * A file of the content folder beside the manifest, as its index says the last run wrote it (the index
 * of the moment: a session keeps this across its patches); undefined for a file the index does not list.
 */
export function writtenFileAt(manifestFile: string): (relative: string) => WrittenFile | undefined {
  const outDir = path.dirname(path.resolve(manifestFile));
  const folder = path.join(outDir, contentFolderName);
  return (relative) => {
    const file = path.join(outDir, relative);
    const sha256 = file.startsWith(folder + path.sep) ? writtenContentHashes(outDir)[relative] : undefined;
    return sha256 === undefined ? undefined : { path: file, within: folder, sha256 };
  };
}

/**
 * Writes the serialized files under the manifest's folder: each atomically, and only when its bytes
 * changed; files the previous build listed and this one does not are removed. Writes stay inside the
 * content folder (`within`), so a page id can never lead a write elsewhere.
 */
export function writeContent(manifestFile: string, files: ReadonlyMap<string, Buffer>, output: WriteOptions): { written: number; unchanged: number; removed: number } {
  const { outDir, folder, previous, checks } = openContentFolder(manifestFile, output);
  if (!previous.owned && holdsFiles(folder)) {
    throw new UnsafePathError(`${folder} holds files docs-build did not write (no ${indexName}); the page content goes there, beside the manifest: give the manifest a folder of its own`);
  }
  // The marker first, listing what the folder will hold: a build racing this one into the same folder
  // (two builds, one --out) then finds it docs-build's, never a folder of someone else's files.
  const pending: ContentIndex = { files: { ...previous.files } };
  for (const relative of files.keys()) pending.files[relative] ??= '';
  writeIndex(folder, pending);
  const index: ContentIndex = { files: {} };
  let written = 0;
  let unchanged = 0;
  for (const [relative, bytes] of files) {
    const hash = sha256(bytes);
    index.files[relative] = hash;
    const target = path.join(outDir, relative);
    if (previous.files[relative] === hash && sameSize(target, bytes.length)) {
      unchanged++;
      continue;
    }
    // Not flushed one by one (4,000 fsyncs were seconds of a cold build): the index, written last and
    // flushed, lists each file's hash, and a file a power cut left short is rewritten by the next build.
    writeFileAtomic(target, bytes, { ...checks, durable: false });
    written++;
  }
  let removed = 0;
  for (const relative of Object.keys(previous.files)) {
    if (index.files[relative] !== undefined || !relative.startsWith(`${contentFolderName}/`)) continue;
    removeFile(path.join(outDir, relative), { within: folder });
    removed++;
  }
  writeIndex(folder, index);
  return { written, unchanged, removed };
}

/** A content file's new bytes: made, or an earlier file of the folder with parts replaced (search.json, llms-full.txt). */
export type ContentFileBytes = Buffer | FileSplice;

/**
 * Writes some content files of an earlier `writeContent` again (a patch of a few pages): each
 * atomically, and the index updated with their hashes. Nothing is removed. Throws, like `writeContent`,
 * when the folder is not docs-build's, and when a spliced file is no longer the one its parts were found in.
 */
export function rewriteContent(manifestFile: string, files: ReadonlyMap<string, ContentFileBytes>, output: WriteOptions): void {
  const { outDir, folder, previous, checks } = openContentFolder(manifestFile, output);
  if (!previous.owned) throw new UnsafePathError(`${folder} has no ${indexName}: it is not the content folder docs-build wrote`);
  const index: ContentIndex = { files: { ...previous.files } };
  for (const [relative, bytes] of files) {
    // Not flushed, as `writeContent` writes them (search.json and llms-full.txt are 20 MB on
    // firecrawl-docs, flushed on every edit): the index, written last and flushed, has their hashes.
    if (Buffer.isBuffer(bytes)) {
      writeFileAtomic(path.join(outDir, relative), bytes, { ...checks, durable: false });
      index.files[relative] = sha256(bytes);
      continue;
    }
    const hash = createHash('sha256');
    writeFileAtomic(path.join(outDir, relative), hashedChunks(splicedChunks(bytes), hash), { ...checks, durable: false });
    index.files[relative] = hash.digest('hex');
  }
  writeIndex(folder, index);
}

/**
 * The content folder beside the manifest, with the manifest's own checks first (no link out of the
 * root, not a file the run reads: its content is not written where the manifest itself would be
 * refused), the index of what docs-build wrote there, and the checks each write takes (inside the folder).
 */
function openContentFolder(manifestFile: string, output: WriteOptions): { outDir: string; folder: string; previous: ContentIndex & { owned: boolean }; checks: WriteOptions } {
  const outDir = path.dirname(path.resolve(manifestFile));
  const folder = path.join(outDir, contentFolderName);
  const refused = output.refuse?.(locatePath(manifestFile, output));
  if (refused !== undefined) throw new UnsafePathError(refused);
  locatePath(folder, output);
  return { outDir, folder, previous: readIndex(folder), checks: { within: folder, ...(output.refuse ? { refuse: output.refuse } : {}) } };
}

/** Whether the folder holds visible files (dot files are docs-build's marker and its writers' temporaries). */
function holdsFiles(folder: string): boolean {
  try {
    return readdirSync(folder).some((name) => !name.startsWith('.'));
  } catch {
    return false;
  }
}

/**
 * The sha256 of each file the last run wrote in the manifest's folder (relative to it,
 * `content/search.json`), from the content folder's index: what a reader keys on without reading them.
 */
export function writtenContentHashes(manifestDir: string): Readonly<Record<string, string>> {
  return readIndex(path.join(manifestDir, contentFolderName)).files;
}

/**
 * The index last read or written, by its file's stamp: a one-page patch asks for it four times (the
 * splices' hashes, the rewrite, the export's keys), and each parse of firecrawl-docs' 4,300 entries cost
 * ~10 ms. Never to be changed by its readers.
 */
let lastIndex: { file: string; stamp: FileStamp; files: Readonly<Record<string, string>> } | undefined;

function readIndex(folder: string): { files: Readonly<Record<string, string>>; owned: boolean } {
  const file = path.join(folder, indexName);
  const stamp = stampAt(file, { followLinks: true });
  if (stamp === undefined) return { files: {}, owned: false };
  if (lastIndex?.file === file && sameStamp(lastIndex.stamp, stamp)) return { files: lastIndex.files, owned: true };
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (parsed && typeof parsed === 'object' && 'files' in parsed && parsed.files && typeof parsed.files === 'object') {
      const files: Record<string, string> = {};
      for (const [key, value] of Object.entries(parsed.files as Record<string, unknown>)) if (typeof value === 'string' && !key.includes('..')) files[key] = value;
      // Kept only when the file is still the one stamped before the read.
      if (sameStamp(stampAt(file, { followLinks: true }), stamp)) lastIndex = { file, stamp, files };
      return { files, owned: true };
    }
  } catch {
    // A damaged index only costs a rewrite of every file: nothing it lists is trusted or removed.
  }
  return { files: {}, owned: true };
}

function writeIndex(folder: string, index: ContentIndex): void {
  const file = path.join(folder, indexName);
  writeFileAtomic(file, `${JSON.stringify(index, null, 1)}\n`, { within: folder });
  const stamp = stampAt(file, { followLinks: true });
  lastIndex = stamp ? { file, stamp, files: { ...index.files } } : undefined;
}

function* hashedChunks(chunks: Iterable<Uint8Array>, hash: ReturnType<typeof createHash>): Generator<Uint8Array, void, undefined> {
  for (const chunk of chunks) {
    hash.update(chunk);
    yield chunk;
  }
}

function sameSize(file: string, size: number): boolean {
  try {
    const stats = statSync(file);
    return stats.isFile() && stats.size === size;
  } catch {
    return false;
  }
}

/**
 * A page id as a relative path inside the content folder. Ids come from file paths and operation slugs;
 * segments that a file system would read as navigation (`..`, `.`, empty) are escaped, so the path
 * stays inside the folder whatever the id, and a segment too long for a file name is cut (below).
 */
function safeId(id: string): string {
  return id
    .split('/')
    .map((segment) => boundedSegment(segment === '' || segment.startsWith('.') ? `_${encodeURIComponent(segment)}` : segment.replace(/[\\:*?"<>|\u0000-\u001f]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`)))
    .join('/');
}

/** A `/`-separated path with every segment short enough for a file name (`boundedSegment`): the same path when all fit. */
export function boundedPath(relative: string): string {
  return relative.split('/').map(boundedSegment).join('/');
}

/**
 * Bytes a path segment may take: file systems allow 255 per name, and a content file's name adds
 * `.json` or `.md`, and the atomic writer's temporary name `.<name>.<pid>.<12 hex>.tmp` (~30 more).
 */
const maxSegmentBytes = 200;

/**
 * A segment short enough for a file name: as it is when it fits, else its first 150 bytes (whole
 * characters) and 16 hex digits of its sha256, so two long ids never share a file. Operation slugs made
 * from a summary paragraph reach 726 bytes (openai-openapi).
 */
function boundedSegment(segment: string): string {
  if (Buffer.byteLength(segment, 'utf8') <= maxSegmentBytes) return segment;
  let head = '';
  for (const character of segment) {
    if (Buffer.byteLength(head + character, 'utf8') > 150) break;
    head += character;
  }
  return `${head}~${sha256(segment).slice(0, 16)}`;
}
