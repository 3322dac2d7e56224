import type MiniSearch from 'minisearch';
import type { SearchRecord } from '../types.js';

/*
 * Client-side search over the site's search records (one per heading section): the index itself, pure
 * and thread-agnostic. `client.ts` runs it in a Web Worker (`worker.ts`) for the dialog.
 */

export interface SearchHit {
  id: string;
  page: string;
  anchor?: string;
  title: string;
  headings: string[];
  text: string;
}

/**
 * Searches the records; `include` keeps the hits of the pages it accepts (the site's records are the
 * compiler's, every page's: readers search the pages that are not hidden).
 */
export type SearchFunction = (query: string, limit?: number, include?: (page: string) => boolean) => SearchHit[];

function isRecord(value: unknown): value is SearchRecord {
  const r = value as Partial<SearchRecord> | null;
  return typeof r === 'object' && r !== null && typeof r.id === 'string' && typeof r.page === 'string' &&
    typeof r.title === 'string' && typeof r.text === 'string' && (r.anchor === undefined || typeof r.anchor === 'string');
}

function hitOf(result: Record<string, unknown>): SearchHit {
  const anchor = result['anchor'];
  const headings = result['headings'];
  return {
    id: String(result['id']),
    page: String(result['page']),
    ...(typeof anchor === 'string' ? { anchor } : {}),
    title: String(result['title']),
    headings: Array.isArray(headings) ? headings.map(String) : [],
    text: String(result['text'] ?? ''),
  };
}

/** An index over `records` (malformed entries and repeated ids are skipped, never thrown on). */
export function createSearch(MiniSearchClass: typeof MiniSearch, records: unknown): SearchFunction {
  const index = new MiniSearchClass<SearchRecord>({
    fields: ['title', 'headings', 'text'],
    storeFields: ['page', 'anchor', 'title', 'headings', 'text'],
    // Headings are indexed as one text but stored as the list they are.
    stringifyField: (value: unknown) => (Array.isArray(value) ? value.join(' ') : typeof value === 'string' ? value : ''),
    searchOptions: { boost: { title: 3, headings: 2 }, prefix: true, fuzzy: 0.2 },
  });
  const seen = new Set<string>();
  for (const record of Array.isArray(records) ? records : []) {
    if (!isRecord(record) || seen.has(record.id)) continue;
    seen.add(record.id);
    index.add({ ...record, headings: Array.isArray(record.headings) ? record.headings : [] });
  }
  return (query, limit = 20, include) => {
    if (query.trim() === '') return [];
    const results = index.search(query, include ? { filter: (result) => include(String(result['page'])) } : {});
    return results.slice(0, limit).map((result) => hitOf(result as unknown as Record<string, unknown>));
  };
}

/** A short excerpt of the text around the first query term. */
export function excerpt(text: string, query: string, length = 140): string {
  const term = query.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  const at = term ? text.toLowerCase().indexOf(term) : -1;
  const start = Math.max(0, at < 0 ? 0 : at - 40);
  const slice = text.slice(start, start + length);
  return `${start > 0 ? '…' : ''}${slice}${start + length < text.length ? '…' : ''}`;
}
