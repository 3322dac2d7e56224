import type MiniSearch from 'minisearch';
import { createSearch, type SearchFunction, type SearchHit } from './engine.js';

/*
 * What the search dialog and the search worker say to each other. The host (the worker's side) is a
 * plain object so that it runs, and is tested, in any thread.
 */

export type SearchRequest =
  | { kind: 'load'; url: string }
  /** The pages whose hits are shown (the site's pages that are not hidden). */
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
 * The index's side: builds the index once from the records at the URL of the first `load`, and answers
 * searches after it (a search sent before the index is ready waits for it; one sent after a failed load
 * finds nothing).
 */
export function createSearchHost(MiniSearchClass: typeof MiniSearch, loadRecords: (url: string) => Promise<unknown> = fetchJson): SearchHost {
  let index: Promise<SearchFunction> | undefined;
  let pages: ReadonlySet<string> | undefined;
  const include = (page: string): boolean => pages === undefined || pages.has(page);
  return {
    async handle(request) {
      switch (request.kind) {
        case 'load':
          index ??= loadRecords(request.url).then((records) => createSearch(MiniSearchClass, records));
          try {
            await index;
            return { kind: 'loaded' };
          } catch (error) {
            return { kind: 'failed', message: messageOf(error) };
          }
        case 'pages':
          pages = new Set(request.pages);
          return undefined;
        case 'search': {
          const search = await index?.catch(() => undefined);
          try {
            return { kind: 'hits', id: request.id, hits: search ? search(request.query, request.limit, include) : [] };
          } catch (error) {
            return { kind: 'search-failed', id: request.id, message: messageOf(error) };
          }
        }
      }
    },
  };
}
