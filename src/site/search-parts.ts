import { publishedBytes, type PublishedFile } from './data.js';

/*
 * The search records as the site publishes them: the compiler's search.json (every page's records, 8.2
 * MB on firecrawl-docs) split into the parts the theme's `searchParts` names, so that a reader fetches
 * the records of the language and the version they read (0.76 MB), and the records of pages kept out of
 * search (hidden, unlisted, noindex) are not published at all.
 */

/** Where the parts are served and exported, under the base: `<folder><name>.json`. */
export const searchIndexFolderPath = '_docs-build/search/';

/**
 * The compiler's search records by page, as JSON bytes (one or more runs of records, each run their
 * texts joined by commas), in the file's order. Empty when it wrote none, or when the file is not a JSON
 * array (a file changed behind the compiler's back: search then finds nothing, as with no records, and
 * the next build writes it again).
 */
export function searchRecordsByPage(file: PublishedFile | undefined): Map<string, Buffer[]> {
  if (file === undefined) return new Map();
  const bytes = publishedBytes(file);
  return splitRecords(bytes) ?? parsedRecords(bytes);
}

const quote = 0x22;
const backslash = 0x5c;
const recordStart = Buffer.from('{"id":"');
const pageField = Buffer.from(',"page":"');
const nextRecord = Buffer.from(',{"id":"');

/** The index of the quote that ends the JSON string whose text starts at `from` (-1 when none does). */
function stringEnd(bytes: Buffer, from: number): number {
  for (let at = bytes.indexOf(quote, from); at !== -1; at = bytes.indexOf(quote, at + 1)) {
    let backslashes = 0;
    while (bytes[at - 1 - backslashes] === backslash) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
  return -1;
}

const startsWithAt = (bytes: Buffer, prefix: Buffer, at: number): boolean => bytes.compare(prefix, 0, prefix.length, at, at + prefix.length) === 0;

/**
 * The records cut out of the compiler's bytes where one ends and the next begins, neither decoded nor
 * parsed: decoding firecrawl-docs' 8.2 MB alone took 40 ms of every export that changed a page, and
 * parsing them 70-100. The cut is exact for the compiler's layout (`searchFileBytes`: `JSON.stringify`
 * of each record, id first and page second, joined by commas, in brackets): a quote inside a string is
 * escaped, so `,{"id":"` only ever starts a record, and no byte of a multi-byte character is a quote or
 * a backslash. Undefined for another layout; a file in this one is taken as the compiler wrote it (the
 * theme's index skips whatever in a part is no record).
 */
export function splitRecords(bytes: Buffer): Map<string, Buffer[]> | undefined {
  let end = bytes.length - 1;
  while (end > 0 && (bytes[end] === 0x0a || bytes[end] === 0x20)) end--;
  if (bytes[0] !== 0x5b || bytes[end] !== 0x5d || (end > 1 && !startsWithAt(bytes, recordStart, 1))) return undefined;
  const byPage = new Map<string, Buffer[]>();
  // The page of the records since `from`, which are cut out as one piece when another page begins.
  let last: { start: number; end: number; from: number; records: Buffer[] } | undefined;
  for (let at = 1; at < end; ) {
    // The record at `at` starts with its id, a string, so the next `,"page":"` is its page.
    const next = bytes.indexOf(nextRecord, at);
    const stop = next === -1 || next > end ? end : next;
    const field = bytes.indexOf(pageField, at);
    const pageStart = field + pageField.length;
    const pageEnd = field < 0 || field > stop ? -1 : stringEnd(bytes, pageStart);
    if (pageEnd < 0 || pageEnd > stop || bytes[stop - 1] !== 0x7d) return undefined;
    // A page's records follow one another: its id is decoded, and they are cut out, once.
    if (!last || last.end - last.start !== pageEnd - pageStart || bytes.compare(bytes, last.start, last.end, pageStart, pageEnd) !== 0) {
      if (last) last.records.push(bytes.subarray(last.from, at - 1));
      last = { start: pageStart, end: pageEnd, from: at, records: add(byPage, JSON.parse(bytes.toString('utf8', pageStart - 1, pageEnd + 1)) as string) };
    }
    at = stop + 1;
  }
  if (last) last.records.push(bytes.subarray(last.from, end));
  return byPage;
}

/** The records of a JSON array in another layout, each written again as its JSON bytes. */
function parsedRecords(bytes: Buffer): Map<string, Buffer[]> {
  const byPage = new Map<string, Buffer[]>();
  let records: unknown;
  try {
    records = JSON.parse(bytes.toString('utf8'));
  } catch {
    return byPage;
  }
  for (const record of Array.isArray(records) ? records : []) {
    const page = (record as { page?: unknown } | null)?.page;
    if (typeof page === 'string') add(byPage, page).push(Buffer.from(JSON.stringify(record), 'utf8'));
  }
  return byPage;
}

/** The list of a page's records. */
function add(byPage: Map<string, Buffer[]>, page: string): Buffer[] {
  let records = byPage.get(page);
  if (!records) byPage.set(page, (records = []));
  return records;
}

const comma = Buffer.from(',');

/** A part's file: the records of its pages, in the order of `ids`, as a JSON array. */
export function searchPartBytes(ids: readonly string[], byPage: ReadonlyMap<string, readonly Buffer[]>): Buffer {
  const chunks: Buffer[] = [Buffer.from('[')];
  for (const id of ids) {
    for (const record of byPage.get(id) ?? []) {
      if (chunks.length > 1) chunks.push(comma);
      chunks.push(record);
    }
  }
  chunks.push(Buffer.from(']\n'));
  return Buffer.concat(chunks);
}
