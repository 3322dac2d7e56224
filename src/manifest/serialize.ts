import type { Manifest, Page } from './types.js';

/**
 * The manifest's bytes. Keyed tables (`pages`, `openapi`, `schemas`) are written in code-unit key
 * order so that the same input gives byte-identical output whatever order stages finished in.
 */
export function serializeManifest(manifest: Manifest): string {
  const ordered: Manifest = {
    ...manifest,
    pages: sortKeys(manifest.pages),
    openapi: sortKeys(manifest.openapi),
    schemas: sortKeys(manifest.schemas),
  };
  return JSON.stringify(ordered, null, 2) + '\n';
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  const sorted: Record<string, T> = {};
  for (const key of Object.keys(record).sort()) sorted[key] = record[key]!;
  return sorted;
}

/** Where one page's entry is in a serialized manifest: its key's line, and its value (`{` to one past `}`). */
export interface PageBlock {
  line: number;
  start: number;
  end: number;
}

/**
 * Where each page's entry is in a manifest `serializeManifest` wrote, by page id, found in one pass
 * without parsing it. Relies on that layout (two-space indentation: page ids are the keys at depth 2 of
 * `pages`, each entry closes with a brace alone at that depth) and on JSON strings holding no raw line
 * break. A manifest laid out otherwise gives fewer blocks, never wrong ones.
 */
export function pageBlocks(manifest: Buffer): Map<string, PageBlock> {
  const blocks = new Map<string, PageBlock>();
  const pages = pagesSection(manifest);
  if (!pages) return blocks;
  let cursor = pages.start;
  while (true) {
    const line = manifest.indexOf('\n    "', cursor);
    if (line === -1 || line > pages.end) break;
    const lineEnd = manifest.indexOf('\n', line + 1);
    if (lineEnd === -1) break;
    // An entry that is no object with fields (`{}`, a value) stands on its key's line: no block.
    if (manifest.toString('latin1', lineEnd - 4, lineEnd) !== '": {') {
      cursor = lineEnd;
      continue;
    }
    const close = manifest.indexOf('\n    }', lineEnd);
    if (close === -1) break;
    const id = parseKey(manifest.toString('utf8', line + 5, lineEnd - 3));
    if (id !== undefined) blocks.set(id, { line, start: lineEnd - 1, end: close + 6 });
    cursor = close;
  }
  return blocks;
}

/**
 * Reads single page entries from a serialized manifest (laid out as `pageBlocks` says): a few pages of a
 * large manifest without parsing all of it. Undefined for a page it does not hold.
 */
export function pageEntryReader(manifest: Buffer): (id: string) => Page | undefined {
  const pages = pagesSection(manifest);
  let blocks: Map<string, PageBlock> | undefined;
  let searched = 0;
  const find = (id: string): PageBlock | undefined => {
    // A search of the bytes per page costs about a seventh of finding every block: past a few pages, all are found once.
    if (blocks || ++searched > 8) return (blocks ??= pageBlocks(manifest)).get(id);
    if (!pages) return undefined;
    const key = keyLine(id);
    const line = manifest.indexOf(key, pages.start);
    return line === -1 || line > pages.end ? undefined : blockFrom(manifest, line, key);
  };
  return (id) => {
    const block = find(id);
    return block ? (JSON.parse(manifest.toString('utf8', block.start, block.end)) as Page) : undefined;
  };
}

/** Where a page's entry may be read alone: an offset inside its block, and reads of the manifest's bytes. */
export interface PageEntryRanges {
  /** An offset inside the page's block (a run record keeps where each page's content hash is), if known. */
  near(id: string): number | undefined;
  /** `length` bytes from `offset`, or undefined when they cannot be read as the manifest's. */
  read(offset: number, length: number): Buffer | undefined;
  /** The manifest's length. */
  bytes: number;
}

/** Bytes read around a page's offset: more than any page entry of the real corpora (firecrawl-docs' largest is ~9 KB). */
const entryWindowBytes = 64 * 1024;

/**
 * One page's entry, read from a window of the manifest around an offset inside its block: a few KB
 * instead of the manifest (24 MB on firecrawl-docs, read and searched in ~200 ms). Undefined when the
 * offset is not known, the window cannot be read, or the block around the offset is not the page's
 * whole entry (the caller then reads the manifest).
 */
export function pageEntryAround(id: string, ranges: PageEntryRanges): Page | undefined {
  const near = ranges.near(id);
  if (near === undefined || near < 0 || near >= ranges.bytes) return undefined;
  const start = Math.max(0, near - entryWindowBytes / 4);
  const window = ranges.read(start, Math.min(entryWindowBytes, ranges.bytes - start));
  if (!window) return undefined;
  // Lines at depth 2 of `pages` are its keys (pageBlocks): the nearest one before the offset opens the block holding it.
  const key = keyLine(id);
  const line = window.lastIndexOf('\n    "', near - start);
  if (line === -1 || !window.subarray(line, line + key.length).equals(key)) return undefined;
  const block = blockFrom(window, line, key);
  // The block must hold the offset (up to its closing brace), or the offset was another block's.
  if (!block || block.end <= near - start) return undefined;
  return JSON.parse(window.toString('utf8', block.start, block.end)) as Page;
}

/** The line that opens page `id`'s block (`pageBlocks`' layout). */
function keyLine(id: string): Buffer {
  return Buffer.from(`\n    ${JSON.stringify(id)}: {\n`);
}

/** The block whose key line `key` starts at `line`: to its closing brace, alone on a line at that depth. */
function blockFrom(bytes: Buffer, line: number, key: Buffer): PageBlock | undefined {
  const close = bytes.indexOf('\n    }', line + 1);
  return close === -1 ? undefined : { line, start: line + key.length - 2, end: close + 6 };
}

/** Where `pages` opens and closes in a serialized manifest (the depth-1 brace that ends it); undefined when it has no such section. */
function pagesSection(manifest: Buffer): { start: number; end: number } | undefined {
  const start = manifest.indexOf('\n  "pages": {\n');
  const end = start === -1 ? -1 : manifest.indexOf('\n  }', start + 1);
  return end === -1 ? undefined : { start, end };
}

function parseKey(json: string): string | undefined {
  try {
    const key: unknown = JSON.parse(json);
    return typeof key === 'string' ? key : undefined;
  } catch {
    return undefined;
  }
}
