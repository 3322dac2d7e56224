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

/** Searches the records the index was built from. */
export type SearchFunction = (query: string, limit?: number) => SearchHit[];

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

/**
 * An index over the records of the pages `include` accepts (all when absent; malformed entries and
 * repeated ids are skipped, never thrown on). The site's records are every page's; the reader searches
 * a few: firecrawl-docs' 16,000 sections took 2.4 s to index, the 1,700 of its English v2 pages 0.1 s.
 */
export function createSearch(MiniSearchClass: typeof MiniSearch, records: unknown, include?: (page: string) => boolean): SearchFunction {
  const index = new MiniSearchClass<SearchRecord>({
    fields: ['title', 'headings', 'text'],
    storeFields: ['page', 'anchor', 'title', 'headings', 'text'],
    // Headings are indexed as one text but stored as the list they are.
    stringifyField: (value: unknown) => (Array.isArray(value) ? value.join(' ') : typeof value === 'string' ? value : ''),
    searchOptions: { boost: { title: 3, headings: 2 }, prefix: true, fuzzy: 0.2 },
  });
  const seen = new Set<string>();
  for (const record of Array.isArray(records) ? records : []) {
    if (!isRecord(record) || seen.has(record.id) || (include && !include(record.page))) continue;
    seen.add(record.id);
    index.add({ ...record, headings: Array.isArray(record.headings) ? record.headings : [] });
  }
  return (query, limit = 20) => {
    if (query.trim() === '') return [];
    return index.search(query).slice(0, limit).map((result) => hitOf(result as unknown as Record<string, unknown>));
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
