import type MiniSearch from 'minisearch';
import { createSearch, type SearchFunction, type SearchHit } from './engine.js';

/*
 * What the search dialog and the search worker say to each other. The host (the worker's side) is a
 * plain object so that it runs, and is tested, in any thread.
 */

export type SearchRequest =
  /** Fetches the records; `pages`: the reader's scope, indexed before `loaded` is answered. */
  | { kind: 'load'; url: string; pages?: readonly string[] }
  /** The pages whose records are searched from now on (`searchablePages`: the reader's language and version). */
  | { kind: 'pages'; pages: readonly string[] }
  | { kind: 'search'; id: number; query: string; limit: number };

export type SearchReply =
  | { kind: 'loaded' }
  | { kind: 'failed'; message: string }
  | { kind: 'hits'; id: number; hits: SearchHit[] }
  /** The query threw (a bug, or an index the records broke): the dialog says so and stays usable. */
  | { kind: 'search-failed'; id: number; message: string };

export interface SearchHost {
  /** Answers one request; `load` answers `loaded` or `failed`, `search` answers `hits` or `search-failed`, `pages` nothing. */
  handle(request: SearchRequest): Promise<SearchReply | undefined>;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Fetches a URL's JSON, failing on any status but 2xx. */
export async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`search index: HTTP ${response.status}`);
  return response.json();
}

/**
 * The index's side: fetches the records at the URL of the first `load` once, and indexes those of the
 * pages in scope (the last `pages`, or those of `load`), made anew when the scope changes; answers
 * searches after it (a search sent before the index is ready waits for it; one sent after a failed load
 * finds nothing).
 */
export function createSearchHost(MiniSearchClass: typeof MiniSearch, loadRecords: (url: string) => Promise<unknown> = fetchJson): SearchHost {
  let records: Promise<unknown> | undefined;
  let scope: ReadonlySet<string> | undefined;
  let index: Promise<SearchFunction> | undefined;
  const scopedIndex = (): Promise<SearchFunction> | undefined => {
    if (!records) return undefined;
    if (!index) {
      const pages = scope;
      index = records.then((all) => createSearch(MiniSearchClass, all, pages && ((page) => pages.has(page))));
    }
    return index;
  };
  const setScope = (pages: readonly string[]): void => {
    const next = new Set(pages);
    if (scope && scope.size === next.size && [...next].every((page) => scope!.has(page))) return;
    scope = next;
    index = undefined;
  };
  return {
    async handle(request) {
      switch (request.kind) {
        case 'load':
          if (request.pages) setScope(request.pages);
          records ??= loadRecords(request.url);
          try {
            await scopedIndex();
            return { kind: 'loaded' };
          } catch (error) {
            return { kind: 'failed', message: messageOf(error) };
          }
        case 'pages':
          setScope(request.pages);
          return undefined;
        case 'search': {
          const search = await scopedIndex()?.catch(() => undefined);
          try {
            return { kind: 'hits', id: request.id, hits: search ? search(request.query, request.limit) : [] };
          } catch (error) {
            return { kind: 'search-failed', id: request.id, message: messageOf(error) };
          }
        }
      }
    },
  };
}
