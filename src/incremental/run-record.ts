import { lstatSync, readSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import type { DiskCache } from './index.js';
import type { Diagnostic } from '../diagnostics/index.js';
import type { IgnoredCounts } from '../rules/index.js';
import { patchFileInPlace, readOwnedFile, readOwnedRange, sameStamp, sha256, stampAt, stampOfStats, type DocsRoot, type FileStamp, type InPlaceEdit } from '../root/index.js';
import type { ContentHashEdit } from './page-patch.js';
import type { BuildOptions, BuildStats } from '../pipeline/types.js';
import type { PageEntryRanges } from '../manifest/serialize.js';

/**
 * The record of the last run on a docs root: what it read (with hashes, and stamps where a stamp can be
 * trusted), the manifest it produced, and its diagnostics. A later run with the same options whose
 * inputs are all unchanged returns that result without running a stage.
 *
 * Proving "unchanged" by hashing costs a read of every input (baseline (a) of the bench). A stamp
 * (inode, size, modification and change times) proves it for the cost of an lstat, as git's index does,
 * with the same caveat: a write within one clock tick of the stamp can leave it equal. So a stamp is
 * recorded only for a file whose change time is at least `stampMarginMs` older than the start of the
 * run that records it (files edited just before or during a run are hashed next time), and only for
 * regular files reached through the folders the listing walked (no symbolic link on the way, so the
 * stamp is the file's own). A change time cannot be set by a user, so restoring a modification time
 * after an edit does not hide it.
 */
export interface RunRecord {
  /** The file list of the root: its hash, and the folder stamps that prove it unchanged without a walk. */
  listing: { hash: string; folders?: Array<{ path: string; stamp: FileStamp }> };
  /** Every file the run read; `hash` is '' for a read that failed. */
  inputs: RecordedInput[];
  /** MDX pages by file, each with the id of the manifest page it alone produced (see `page-patch.ts`). */
  pageIds: Record<string, string>;
  /** The `stageFingerprint` of each page in `pageIds`: what a patch compares an edited page with. */
  pageFingerprints: Record<string, string>;
  /** Where each page of `pageIds` has its `contentHash` in the manifest (byte offset of the 64 hex digits). */
  contentHashAt: Record<string, number>;
  /** The id of the content state a run of the stages stored for patches of a page's text (`StoredContentState`). */
  contentState?: string;
  manifestKey: string;
  /** `manifestDigest` of the manifest: the hash, and the block hashes a patch updates. */
  manifestHash: string;
  manifestBlocks: string[];
  manifestBytes: number;
  /** The output file as this run left it (written or found up to date), stamped after the write. */
  output?: { file: string; stamp: FileStamp };
  /**
   * The cache's copy of the manifest (`manifestKey`), stamped after it was written: a copy with this
   * stamp is read without hashing it again (a run with errors writes no output: every patch reads the copy).
   */
  manifestCopy?: FileStamp;
  diagnostics: Diagnostic[];
  /** What the project's rule settings left out of `diagnostics` (docs/rules.md). */
  ignored?: IgnoredCounts;
  stats: BuildStats;
}

export interface RecordedInput {
  path: string;
  hash: string;
  stamp?: FileStamp;
}

/** Bytes per block of `manifestDigest`. */
export const manifestBlockBytes = 1 << 20;

export interface ManifestDigest {
  hash: string;
  /** sha256 of each `manifestBlockBytes` block, in order. */
  blocks: string[];
}

/**
 * The manifest's hash: sha256 over the sha256 of each 1 MiB block. Like a plain sha256 it covers every
 * byte and is checked by hashing the whole file; unlike it, a patch of a few bytes needs only the
 * blocks it touched hashed again (a text edit rewrote 11.5 MB of hashing for firecrawl-docs, 24 for box).
 */
export function manifestDigest(bytes: Uint8Array): ManifestDigest {
  const blocks: string[] = [];
  for (let at = 0; at < bytes.length; at += manifestBlockBytes) blocks.push(sha256(bytes.subarray(at, at + manifestBlockBytes)));
  return { hash: hashOfBlocks(blocks), blocks };
}

export function hashOfBlocks(blocks: readonly string[]): string {
  return sha256(`manifest-blocks\n${blocks.join('\n')}`);
}

/** How much older than a run's start a file's last change must be for its stamp to be trusted. */
export const stampMarginMs = 2000;

/**
 * A serialized manifest: its UTF-8 bytes (a patched manifest is never decoded), or, for an output
 * already up to date, a `load` that reads them only if a caller asks for the manifest.
 */
export type ManifestText = Buffer | { upToDate: true; load: () => Buffer; pages?: PageEntryRanges };

export interface ReusedRun {
  manifestText: ManifestText;
  diagnostics: Diagnostic[];
  stats: BuildStats;
}

/**
 * The key of the record: the root and the options that change output. Undefined when a run cannot be
 * reused at all (job checks must always run).
 */
export function recordKey(root: DocsRoot, options: BuildOptions): string | undefined {
  if (options.jobChecks) return undefined;
  return sha256([root.dir, options.strict ? 'strict' : '', options.offline ? 'offline' : ''].join('\n'));
}

/** Whether a stamp taken by a run that started at `startedAtMs` can stand for its file's bytes later. */
export function trustworthyStamp(stamp: FileStamp, startedAtMs: number): boolean {
  const before = startedAtMs - stampMarginMs;
  return stamp.ctimeMs < before && stamp.mtimeMs < before;
}

/** The record of the last run with this key, if one was kept. */
export function loadRecord(cache: DiskCache, key: string): RunRecord | undefined {
  const record = cache.get('builds', recordEntry(cache, key));
  // The manifest copy's key is derived again, never taken from the file: no path comes from the cache.
  return record && { ...record, manifestKey: cache.key('manifest', key) };
}

/** The inputs of a record whose stamps can stand for their hashes (see `DocsRoot.rememberHashes`). */
export function stampedInputs(record: RunRecord): Array<{ path: string; hash: string; stamp: FileStamp }> {
  return record.inputs.filter((input): input is { path: string; hash: string; stamp: FileStamp } => input.stamp !== undefined);
}

/** What a run found of the last run's inputs (see `checkInputs`). */
export interface InputCheck {
  /** Pages of the record (or other inputs `patchable` allowed) whose bytes changed (the only inputs that did). */
  changed: string[];
  /** The record's inputs and listing, with stamps added where this run proved a file by hash and its stamp is now old enough. */
  inputs: RecordedInput[];
  listing: RunRecord['listing'];
  /** Whether `inputs` or `listing` gained stamps: worth writing back, so the next run reads less. */
  restamped: boolean;
  /** Every folder of the record's listing kept its stamp: the root lists the same files, unwalked. */
  listedByFolders: boolean;
}

/**
 * Compares the record's inputs with the files now: by stamp where one was recorded, else by hash.
 * Undefined when the list of files or any input other than a page changed, so that only a run of the
 * stages can tell what follows.
 *
 * A run right after a checkout finds no trustworthy stamps (every file was just written), and runs that
 * reuse or patch its result would hash every input again and again: files proven by hash whose stamp
 * is old enough by now get one (when the listing was walked anyway, so no extra walk is paid).
 */
export function checkInputs(root: DocsRoot, record: RunRecord, startedAtMs: number, patchable: (path: string) => boolean = (path) => Object.hasOwn(record.pageIds, path)): InputCheck | undefined {
  const byFolders = record.listing.folders?.every(({ path, stamp }) => sameStamp(root.stampOf(path), stamp)) ?? false;
  if (!byFolders && sha256(root.files().join('\n')) !== record.listing.hash) return undefined;
  let listing = record.listing;
  let restamped = false;
  if (!byFolders) {
    const folders = root.listingStamps();
    if (folders.every(({ stamp }) => trustworthyStamp(stamp, startedAtMs))) {
      listing = { hash: record.listing.hash, folders: [...folders] };
      restamped = true;
    }
  }
  const changed: string[] = [];
  const inputs: RecordedInput[] = [];
  for (const input of record.inputs) {
    if (input.stamp && sameStamp(root.stampOf(input.path), input.stamp)) {
      inputs.push(input);
      continue;
    }
    if (root.hashOf(input.path) !== input.hash) {
      if (!patchable(input.path)) return undefined;
      changed.push(input.path);
      inputs.push(input);
      continue;
    }
    const proven = byFolders ? input : recordedInput(root, input.path, input.hash, startedAtMs);
    if (proven.stamp) restamped = true;
    inputs.push(proven);
  }
  return { changed, inputs, listing, restamped, listedByFolders: byFolders };
}

/** The previous run's result, when no input changed since (`checkInputs` found no change). */
export function reuseRecordedRun(cache: DiskCache, record: RunRecord, outFile: string | undefined): ReusedRun | undefined {
  if (outFile && outputHolds(outFile, { bytes: record.manifestBytes, hash: record.manifestHash }, record)) {
    // The output is already this manifest: its text is read (from the output, just proven) only on demand.
    const load = (): Buffer => {
      const bytes = recordedManifest(cache, record, outFile);
      if (bytes === undefined) throw new Error(`the manifest of the reused run changed on disk while it was read (${outFile})`);
      return bytes;
    };
    return { manifestText: { upToDate: true, load, pages: recordedPageRanges(record, recordedManifestRanges(cache, record, outFile)) }, diagnostics: record.diagnostics, stats: record.stats };
  }
  const manifestText = recordedManifest(cache, record, undefined);
  return manifestText === undefined ? undefined : { manifestText, diagnostics: record.diagnostics, stats: record.stats };
}

/**
 * The recorded manifest's bytes: from the output when its stamp is the one recorded, else from the
 * output or the cache's copy, whichever hashes to the recorded hash (a torn or edited copy is never
 * trusted).
 */
export function recordedManifest(cache: DiskCache, record: RunRecord, outFile: string | undefined): Buffer | undefined {
  const read = (file: string): Buffer | undefined => {
    try {
      // Not a regular file (a FIFO put there) is not read, and never blocks the run.
      return readOwnedFile(file);
    } catch {
      return undefined;
    }
  };
  if (outFile && record.output?.file === outFile && sameStamp(stampAt(outFile, { followLinks: true }), record.output.stamp)) {
    const bytes = read(outFile);
    if (bytes !== undefined && bytes.length === record.manifestBytes) return bytes;
  }
  if (record.manifestCopy && sameStamp(cache.bytesStamp('builds', record.manifestKey), record.manifestCopy)) {
    const bytes = cache.getBytes('builds', record.manifestKey);
    if (bytes !== undefined && bytes.length === record.manifestBytes) return bytes;
  }
  for (const bytes of [outFile ? read(outFile) : undefined, cache.getBytes('builds', record.manifestKey)]) {
    if (bytes !== undefined && manifestDigest(bytes).hash === record.manifestHash) return bytes;
  }
  return undefined;
}

/**
 * Reads parts of the last run's manifest: from the output or the cache's copy, whichever still has the
 * stamp the record took of it, `length` bytes at a time (a patch needs a page's old hash, not 24 MB);
 * else from the whole manifest `recordedManifest` finds and verifies.
 */
export function recordedManifestRanges(cache: DiskCache, record: RunRecord, outFile: string | undefined): (offset: number, length: number) => Buffer | undefined {
  let whole: Buffer | null | undefined;
  return (offset, length) => {
    const output = record.output;
    if (whole === undefined && outFile && output?.file === outFile) {
      try {
        const bytes = readOwnedRange(outFile, offset, length, isRecordedManifest(record, output.stamp));
        if (bytes) return bytes;
      } catch {
        // Gone or refused: the copy, or the whole manifest verified by its hash.
      }
    }
    if (whole === undefined && record.manifestCopy) {
      const bytes = cache.bytesAt('builds', record.manifestKey, offset, length, isRecordedManifest(record, record.manifestCopy));
      if (bytes) return bytes;
    }
    whole ??= recordedManifest(cache, record, outFile) ?? null;
    return whole && offset + length <= whole.length ? whole.subarray(offset, offset + length) : undefined;
  };
}

/** Whether an open file is the manifest the record describes: its size, and the stamp the record took of it. */
function isRecordedManifest(record: RunRecord, stamp: FileStamp): (stats: Stats) => boolean {
  return (stats) => stats.size === record.manifestBytes && sameStamp(stampOfStats(stats), stamp);
}

/**
 * Files still listed, known without walking the root, when `checkInputs` found every folder of the
 * record's listing unchanged (`listedByFolders`): the stamped inputs (listed regular files reached
 * through real folders), and the changed inputs that are regular files in a listed folder (their names
 * come from the record). For `DocsRoot.assumeListed`.
 */
export function listedInputs(root: DocsRoot, record: RunRecord, changed: readonly string[]): string[] {
  const folders = new Set(record.listing.folders?.map((folder) => folder.path));
  const listedFile = (file: string): boolean => folders.has(path.posix.dirname(file).replace(/^\.$/, '')) && lstatSync(path.join(root.dir, file), { throwIfNoEntry: false })?.isFile() === true;
  return [...stampedInputs(record).map((input) => input.path), ...changed.filter(listedFile)];
}

/** An input as a record keeps it: with its stamp when the stamp can be trusted (see `RunRecord`). */
export function recordedInput(root: DocsRoot, path: string, hash: string, startedAtMs: number): RecordedInput {
  // Only listed regular files: reached through real folders, so the stamp is the file's own.
  const stamp = hash !== '' && root.exists(path) ? root.stampOf(path) : undefined;
  return stamp && trustworthyStamp(stamp, startedAtMs) ? { path, hash, stamp } : { path, hash };
}

/**
 * Records a finished run. `startedAtMs` is when it began (before it read anything); `output` is the
 * file it wrote or left up to date, if any. `inputs` and `listing` default to what `root` read and
 * listed in this run.
 */
export function rememberRun(
  cache: DiskCache,
  root: DocsRoot,
  key: string,
  run: {
    /** The manifest's bytes, or how to read them (needed only when the cache's copy cannot be a link to the output). */
    manifest: Buffer | (() => Buffer);
    /** The cache's copy already holds the manifest (`patchRecordedCopy` wrote it in place). */
    copyInPlace?: boolean;
    digest: ManifestDigest;
    manifestBytes: number;
    contentHashAt: Record<string, number>;
    contentState?: string;
    diagnostics: Diagnostic[];
    ignored?: IgnoredCounts;
    stats: BuildStats;
    pageIds: Record<string, string>;
    pageFingerprints: Record<string, string>;
    startedAtMs: number;
    output?: string;
    inputs?: RecordedInput[];
    listing?: RunRecord['listing'];
  },
): void {
  const manifestKey = cache.key('manifest', key);
  // The copy is what a later run reuses when the output is gone or edited; when the output holds this
  // manifest, a hard link to it costs nothing. A patch written into the output in place changes the
  // copy too, and the record written next vouches for the new bytes; if the run stops in between,
  // neither matches the old record's hash and the next run runs the stages.
  if (!run.copyInPlace) cache.setBytes('builds', manifestKey, run.manifest, run.output);
  const record: RunRecord = {
    listing: run.listing ?? currentListing(root, run.startedAtMs),
    inputs: run.inputs ?? root.readFiles().map(({ path, hash }) => recordedInput(root, path, hash, run.startedAtMs)),
    pageIds: run.pageIds,
    pageFingerprints: run.pageFingerprints,
    contentHashAt: run.contentHashAt,
    ...(run.contentState ? { contentState: run.contentState } : {}),
    manifestKey,
    manifestHash: run.digest.hash,
    manifestBlocks: run.digest.blocks,
    manifestBytes: run.manifestBytes,
    diagnostics: run.diagnostics,
    ...(run.ignored ? { ignored: run.ignored } : {}),
    stats: run.stats,
  };
  // The output was just written, so its stamp is never old enough by the rule above. It is trusted
  // anyway, because only this program writes it by rename (a new inode each time) and the stamp is
  // taken right after: another writer would have to replace it in place, with the same size, within
  // the same clock tick.
  const outputStamp = run.output ? stampAt(run.output, { followLinks: true }) : undefined;
  if (run.output && outputStamp) record.output = { file: run.output, stamp: outputStamp };
  // The copy likewise (written by rename, or a link to the output just stamped). A link to the output
  // changes with a patch of the output in place: its stamp then differs, and the bytes are hashed.
  const copyStamp = cache.bytesStamp('builds', manifestKey);
  if (copyStamp) record.manifestCopy = copyStamp;
  saveRecord(cache, key, record);
}

/** Stores a record under its key (`rememberRun`, or a reuse that only added stamps). */
export function saveRecord(cache: DiskCache, key: string, record: RunRecord): void {
  cache.set('builds', recordEntry(cache, key), record);
}

function recordEntry(cache: DiskCache, key: string): string {
  return cache.key('run', key);
}

function currentListing(root: DocsRoot, startedAtMs: number): RunRecord['listing'] {
  const folders = root.listingStamps();
  const trusted = folders.every(({ stamp }) => trustworthyStamp(stamp, startedAtMs));
  return { hash: sha256(root.files().join('\n')), ...(trusted ? { folders: [...folders] } : {}) };
}

/**
 * Whether `file` holds exactly this manifest (its size and sha256): by the stamp the last run took of
 * its output when that output was this same manifest, else by hashing the file.
 */
export function outputHolds(file: string, manifest: { bytes: number; hash: string }, record: RunRecord | undefined): boolean {
  if (record?.output?.file === file && record.manifestHash === manifest.hash && sameStamp(stampAt(file, { followLinks: true }), record.output.stamp)) return true;
  try {
    // The size first: an unrelated big file is not read. Then only a regular file is (never a FIFO).
    return statSync(file).size === manifest.bytes && manifestDigest(readOwnedFile(file)).hash === manifest.hash;
  } catch {
    return false;
  }
}

/**
 * Writes a patch's hash edits into the output in place when the output is the very file the last run
 * left (its stamp, checked on the open file) and holds the old hashes where the edits go; returns the
 * new digest (the recorded block hashes, with the touched blocks read back and hashed again) and how to
 * read the patched manifest. Undefined, with nothing written, otherwise.
 */
export function patchRecordedOutput(outFile: string, record: RunRecord, edits: readonly ContentHashEdit[]): PatchedManifest | undefined {
  const recorded = record.output;
  if (recorded?.file !== outFile) return undefined;
  return patchRecordedBytes(
    record,
    edits,
    recorded.stamp,
    (ranges, isRecorded, rehash) => patchFileInPlace(outFile, ranges, isRecorded, rehash),
    () => readOwnedFile(outFile),
    (offset, length) => {
      try {
        return readOwnedRange(outFile, offset, length, (stats) => stats.size === record.manifestBytes);
      } catch {
        return undefined;
      }
    },
  );
}

/**
 * The same for the cache's copy of the manifest, when the last run wrote no output (it had errors, or
 * no output was asked for): the copy is then a file of its own (no link to an output), and patching it
 * in place saves reading, hashing and writing the whole manifest again. The record saved next vouches
 * for the new bytes; a run stopped in between leaves a copy whose stamp no record has, which is hashed
 * and, not matching, makes the next run run the stages.
 */
export function patchRecordedCopy(cache: DiskCache, record: RunRecord, edits: readonly ContentHashEdit[]): PatchedManifest | undefined {
  const recorded = record.manifestCopy;
  if (recorded === undefined || record.output !== undefined) return undefined;
  return patchRecordedBytes(
    record,
    edits,
    recorded,
    (ranges, isRecorded, rehash) => cache.patchBytesInPlace('builds', record.manifestKey, ranges, (stats) => stats.nlink === 1 && isRecorded(stats), rehash),
    () => {
      const bytes = cache.getBytes('builds', record.manifestKey);
      if (bytes === undefined) throw new Error('the cache\'s copy of the manifest could not be read again');
      return bytes;
    },
    (offset, length) => cache.bytesAt('builds', record.manifestKey, offset, length, (stats) => stats.size === record.manifestBytes),
  );
}

/** A manifest patched in place: its new digest, and how to read it (only if someone asks), whole or a page at a time. */
export interface PatchedManifest {
  manifest: () => Buffer;
  pages: PageEntryRanges;
  digest: ManifestDigest;
}

/**
 * Page entries of the recorded manifest, or of a patch of it made in place (same length, same offsets),
 * located by where the record says each page's content hash is, and read with `read`.
 */
export function recordedPageRanges(record: RunRecord, read: PageEntryRanges['read']): PageEntryRanges {
  let offsets: Map<string, number> | undefined;
  const offsetsById = (): Map<string, number> => {
    const byId = new Map<string, number>();
    for (const [file, id] of Object.entries(record.pageIds)) {
      const at = record.contentHashAt[file];
      if (at !== undefined) byId.set(id, at);
    }
    return byId;
  };
  return { near: (id) => (offsets ??= offsetsById()).get(id), read, bytes: record.manifestBytes };
}

function patchRecordedBytes(
  record: RunRecord,
  edits: readonly ContentHashEdit[],
  stamp: FileStamp,
  patch: (ranges: InPlaceEdit[], isRecorded: (stats: Stats) => boolean, rehash: (fd: number) => void) => boolean,
  read: () => Buffer,
  readRange: PageEntryRanges['read'],
): PatchedManifest | undefined {
  if (record.manifestBlocks.length !== Math.ceil(record.manifestBytes / manifestBlockBytes)) return undefined;
  const ranges = edits.map(({ offset, before, after }) => ({ offset, before: Buffer.from(before, 'latin1'), after: Buffer.from(after, 'latin1') }));
  const blocks = [...record.manifestBlocks];
  const rehash = (fd: number): void => {
    const touched = new Set(edits.flatMap(({ offset, after }) => [Math.floor(offset / manifestBlockBytes), Math.floor((offset + after.length - 1) / manifestBlockBytes)]));
    for (const index of touched) {
      const block = Buffer.alloc(Math.min(manifestBlockBytes, record.manifestBytes - index * manifestBlockBytes));
      if (readSync(fd, block, 0, block.length, index * manifestBlockBytes) !== block.length) throw new Error('short read');
      blocks[index] = sha256(block);
    }
  };
  const isRecorded = isRecordedManifest(record, stamp);
  try {
    if (!patch(ranges, isRecorded, rehash)) return undefined;
    return { manifest: read, pages: recordedPageRanges(record, readRange), digest: { hash: hashOfBlocks(blocks), blocks } };
  } catch {
    // Unwritable in place (permissions, a vanished file): the whole manifest is written instead.
    return undefined;
  }
}
