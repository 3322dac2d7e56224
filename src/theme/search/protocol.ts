import type MiniSearch from 'minisearch';
import { createSearch, type SearchFunction, type SearchHit } from './engine.js';
import type { SearchScope } from './scope.js';

/*
 * What the search dialog and the search worker say to each other. The host (the worker's side) is a
 * plain object so that it runs, and is tested, in any thread.
 */

export type SearchRequest =
  /** Fetches the records of the scope's parts from `folder` and indexes those of its pages before `loaded` is answered. */
  | { kind: 'load'; folder: string; scope: SearchScope }
  /** The scope searched from now on (the reader moved to another language or version): parts not fetched yet are. */
  | { kind: 'scope'; scope: SearchScope }
  | { kind: 'search'; id: number; query: string; limit: number };

export type SearchReply =
  | { kind: 'loaded' }
  | { kind: 'failed'; message: string }
  | { kind: 'hits'; id: number; hits: SearchHit[] }
  /** The query threw (a bug, or an index the records broke): the dialog says so and stays usable. */
  | { kind: 'search-failed'; id: number; message: string };

export interface SearchHost {
  /** Answers one request; `load` answers `loaded` or `failed`, `search` answers `hits` or `search-failed`, `scope` nothing. */
  handle(request: SearchRequest): Promise<SearchReply | undefined>;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Fetches a URL's JSON, failing on any status but 2xx. */
export async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`search index: HTTP ${response.status}`);
  return response.json();
}

const sameScope = (a: SearchScope, b: SearchScope): boolean => {
  const pages = new Set(a.pages);
  return a.parts.length === b.parts.length && a.parts.every((name, at) => b.parts[at] === name) &&
    pages.size === new Set(b.pages).size && b.pages.every((page) => pages.has(page));
};

/**
 * The index's side: fetches each record part once (from the folder of the first `load`), and indexes
 * the records of the scope's pages in its parts (the last `scope`, or that of `load`), made anew when
 * the scope changes; answers searches after it (a search sent before the index is ready waits for it;
 * one sent after a failed load finds nothing). A part that failed to load is fetched again by the next
 * scope that needs it.
 */
export function createSearchHost(MiniSearchClass: typeof MiniSearch, loadRecords: (url: string) => Promise<unknown> = fetchJson): SearchHost {
  let folder: string | undefined;
  const parts = new Map<string, Promise<unknown>>();
  let scope: SearchScope | undefined;
  let index: Promise<SearchFunction> | undefined;
  const recordsOf = (name: string): Promise<unknown> => {
    let records = parts.get(name);
    if (!records) {
      records = loadRecords(`${folder}${name}.json`);
      parts.set(name, records);
      records.catch(() => parts.get(name) === records && parts.delete(name));
    }
    return records;
  };
  const scopedIndex = (): Promise<SearchFunction> | undefined => {
    if (folder === undefined || !scope) return undefined;
    if (!index) {
      const pages = new Set(scope.pages);
      index = Promise.all(scope.parts.map(recordsOf)).then((lists) =>
        createSearch(MiniSearchClass, lists.flatMap((list) => (Array.isArray(list) ? list : [])), (page) => pages.has(page)));
    }
    return index;
  };
  const setScope = (next: SearchScope): void => {
    if (scope && sameScope(scope, next)) return;
    scope = next;
    index = undefined;
  };
  return {
    async handle(request) {
      switch (request.kind) {
        case 'load':
          folder ??= request.folder;
          setScope(request.scope);
          try {
            await scopedIndex();
            return { kind: 'loaded' };
          } catch (error) {
            return { kind: 'failed', message: messageOf(error) };
          }
        case 'scope':
          setScope(request.scope);
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
