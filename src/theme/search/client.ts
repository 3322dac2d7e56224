import type { SearchHit } from './engine.js';
import type { SearchScope } from './scope.js';
import { createSearchHost, type SearchHost, type SearchReply, type SearchRequest } from './protocol.js';

/*
 * The dialog's handle on the index. The index lives in a Web Worker; where none can start (no Worker,
 * a blocked worker script) it is built on the page's thread instead, behind the same interface. Queries
 * are coalesced: while one runs, only the latest typed is kept, so a fast typist never queues work.
 */

export interface SearchClient {
  /**
   * The hits for `query` in `scope` (at most `limit`), or undefined when a later query replaced this one
   * before it ran. Rejects with `SearchFailed` when the query threw, and with `SearchStopped` once
   * the worker holding the index has died (every later search then rejects the same way).
   */
  search(query: string, scope: SearchScope, limit?: number): Promise<SearchHit[] | undefined>;
  /** Stops the worker; a search after it never answers. */
  close(): void;
}

/** One query failed; the index answers the next. */
export class SearchFailed extends Error {}

/** The worker holding the index died: the next `loadSearch` of its URL starts another. */
export class SearchStopped extends Error {}

type Send = (request: SearchRequest) => void;

interface Waiting {
  resolve: (hits: SearchHit[] | undefined) => void;
  reject: (error: Error) => void;
}

interface Queued extends Waiting {
  query: string;
  limit: number;
}

class CoalescingClient implements SearchClient {
  private nextId = 1;
  private running: (Waiting & { id: number }) | undefined;
  private queued: Queued | undefined;
  private stopped: SearchStopped | undefined;

  constructor(
    private readonly send: Send,
    readonly close: () => void = () => {},
    /** The scope the load made the index for. */
    private scopeSent: SearchScope | undefined = undefined,
  ) {}

  search(query: string, scope: SearchScope, limit = 20): Promise<SearchHit[] | undefined> {
    if (this.stopped) return Promise.reject(this.stopped);
    if (scope !== this.scopeSent) {
      this.scopeSent = scope;
      this.send({ kind: 'scope', scope });
    }
    return new Promise((resolve, reject) => {
      this.queued?.resolve(undefined);
      this.queued = { query, limit, resolve, reject };
      this.pump();
    });
  }

  receive(reply: SearchReply): void {
    if ((reply.kind !== 'hits' && reply.kind !== 'search-failed') || reply.id !== this.running?.id) return;
    const { resolve, reject } = this.running;
    this.running = undefined;
    if (reply.kind === 'hits') resolve(reply.hits);
    else reject(new SearchFailed(reply.message));
    this.pump();
  }

  /** The index is gone: the query running and the one waiting are rejected, and every later one. */
  stop(error: SearchStopped): void {
    this.stopped = error;
    for (const waiting of [this.running, this.queued]) waiting?.reject(error);
    this.running = this.queued = undefined;
  }

  private pump(): void {
    if (this.running || !this.queued) return;
    const { query, limit, resolve, reject } = this.queued;
    this.queued = undefined;
    const id = this.nextId++;
    this.running = { id, resolve, reject };
    this.send({ kind: 'search', id, query, limit });
  }
}

/** The records could not be loaded or indexed: no thread would do better. */
class RecordsFailed extends Error {}

/**
 * Loads the index in a worker; rejects with `RecordsFailed` when the records fail, with another error
 * when the worker itself cannot start (the caller then builds the index on the page's thread). A worker
 * that dies after loading (an error it did not catch) stops its client and calls `onStopped`.
 */
function workerClient(folder: string, scope: SearchScope, start: () => Worker, onStopped: () => void): Promise<SearchClient> {
  return new Promise((resolve, reject) => {
    const worker = start();
    const client = new CoalescingClient((request) => worker.postMessage(request), () => worker.terminate(), scope);
    let ready = false;
    const fail = (error: Error): void => {
      worker.terminate();
      if (!ready) return reject(error);
      client.stop(new SearchStopped(`the search worker stopped: ${error.message}`));
      onStopped();
    };
    worker.addEventListener('error', (event) => fail(new Error(event.message || 'the search worker did not start')));
    worker.addEventListener('messageerror', () => fail(new Error('a message from the search worker could not be read')));
    worker.addEventListener('message', (event: MessageEvent<SearchReply>) => {
      const reply = event.data;
      if (reply.kind === 'loaded') {
        ready = true;
        resolve(client);
      } else if (reply.kind === 'failed') fail(new RecordsFailed(reply.message));
      else client.receive(reply);
    });
    worker.postMessage({ kind: 'load', folder, scope } satisfies SearchRequest);
  });
}

/** The index built on the page's thread, answering through the same queue as the worker. */
async function inThreadClient(folder: string, scope: SearchScope): Promise<SearchClient> {
  const { default: MiniSearchClass } = await import('minisearch');
  const host: SearchHost = createSearchHost(MiniSearchClass);
  const first = await host.handle({ kind: 'load', folder, scope });
  if (first?.kind === 'failed') throw new Error(first.message);
  const client: CoalescingClient = new CoalescingClient(
    (request) => {
      void host.handle(request).then((reply) => reply && client.receive(reply));
    },
    undefined,
    scope,
  );
  return client;
}

async function createClient(folder: string, scope: SearchScope, onStopped: () => void): Promise<SearchClient> {
  if (typeof Worker === 'undefined') return inThreadClient(folder, scope);
  try {
    // Imported when search first opens: a `?worker` import is Vite's, and the theme's modules are also
    // loaded by plain Node (server rendering in scripts and tests), which cannot resolve one.
    const { default: SearchWorker } = await import('./worker.js?worker');
    return await workerClient(folder, scope, () => new SearchWorker({ name: 'docs-build search' }), onStopped);
  } catch (error) {
    if (error instanceof RecordsFailed) throw error;
    return inThreadClient(folder, scope);
  }
}

const loaded = new Map<string, Promise<SearchClient>>();

/**
 * Forgets every index loaded, so that the next search fetches the records again: the preview calls it
 * when an edit reaches the page (the records on the server changed with it).
 */
export function forgetSearchIndexes(): void {
  for (const pending of loaded.values()) pending.then((client) => client.close(), () => {});
  loaded.clear();
  generation++;
  for (const listener of listeners) listener();
}

let generation = 0;
const listeners = new Set<() => void>();

/** How many times the indexes were forgotten: a dialog open at the time loads its index again. */
export const searchIndexGeneration = (): number => generation;

/** Calls `listener` whenever the indexes are forgotten; returns the unsubscribe (React's `useSyncExternalStore` shape). */
export function subscribeSearchIndexes(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The search client of the records in `folder` (`SiteData.searchIndexFolder`), made once per page
 * session, its index first made for `scope` (later scopes are sent with the searches); a failed load,
 * or a worker that died, is forgotten so the next open tries again.
 */
export function loadSearch(folder: string, scope: SearchScope): Promise<SearchClient> {
  const known = loaded.get(folder);
  if (known) return known;
  // Only this one: after `forgetSearchIndexes` the folder may already hold a newer client.
  const forget = (): void => void (loaded.get(folder) === made && loaded.delete(folder));
  const made = createClient(folder, scope, forget);
  made.catch(forget);
  loaded.set(folder, made);
  return made;
}
