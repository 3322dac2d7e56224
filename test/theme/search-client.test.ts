import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import MiniSearch from 'minisearch';
import { createSearchHost } from '../../src/theme/search/protocol.js';
import { forgetSearchIndexes, loadSearch } from '../../src/theme/search/client.js';
import type { SearchRecord } from '../../src/theme/types.js';
import type { SearchScope } from '../../src/theme/search/scope.js';

/*
 * The search worker's protocol and the dialog's client, against records served over HTTP on 127.0.0.1.
 * Node has no Web Worker, so `loadSearch` here builds the index on the calling thread: the same client
 * and host the worker runs (the browser tests cover the worker itself).
 */

const records: SearchRecord[] = [
  { id: 'quickstart', page: 'quickstart', headings: [], title: 'Quickstart', text: 'Install the CLI and run your first webhook.' },
  { id: 'guides/webhooks', page: 'guides/webhooks', headings: [], title: 'Receiving webhooks', text: 'Verify signatures.' },
  { id: 'beta', page: 'beta', headings: [], title: 'Beta webhooks', text: 'Hidden preview.' },
];
/** The records in parts, as an export publishes them: `/site/<part>.json`. */
const parts: Record<string, SearchRecord[]> = { 'version-0': records.slice(0, 2), 'version-1': records.slice(2) };
const everyPage: SearchScope = { parts: ['version-0', 'version-1'], pages: records.map((record) => record.page) };

let server: Server;
let origin = '';
let site = '';
const requested: string[] = [];
let flakyCalls = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = request.url ?? '';
    requested.push(url);
    const part = /^\/site\/([\w-]+)\.json$/.exec(url)?.[1];
    if (part !== undefined && Object.hasOwn(parts, part)) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(parts[part]));
    } else if (url.startsWith('/flaky/')) {
      // Fails the first time, slowly; answers afterwards.
      const first = flakyCalls++ === 0;
      setTimeout(() => {
        response.writeHead(first ? 500 : 200, { 'content-type': 'application/json' });
        response.end(first ? '' : JSON.stringify(records));
      }, first ? 100 : 0);
    } else if (url.startsWith('/garbage/')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"not json');
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  site = `${origin}/site/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const pagesOf = (reply: unknown): string[] => (reply as { hits: Array<{ page: string }> }).hits.map((hit) => hit.page).sort();

describe('the search host (the worker side)', () => {
  it('answers a search sent before its index is ready once the index is built, keeping only the pages of its scope', async () => {
    const host = createSearchHost(MiniSearch);
    const loading = host.handle({ kind: 'load', folder: site, scope: everyPage });
    await host.handle({ kind: 'scope', scope: { parts: ['version-0', 'version-1'], pages: ['quickstart', 'guides/webhooks'] } });
    const early = host.handle({ kind: 'search', id: 7, query: 'webhooks', limit: 20 });
    expect(await loading).toEqual({ kind: 'loaded' });
    const reply = await early;
    expect(reply).toMatchObject({ kind: 'hits', id: 7 });
    expect(pagesOf(reply)).toEqual(['guides/webhooks', 'quickstart']);
  });

  it('fetches the parts of its scope alone, each once, and indexes the scope\'s pages anew when the scope changes', async () => {
    let added = 0;
    class Counting extends MiniSearch {
      override add(...args: Parameters<MiniSearch['add']>): void {
        added++;
        super.add(...args);
      }
    }
    const host = createSearchHost(Counting as typeof MiniSearch);
    const before = requested.length;
    expect(await host.handle({ kind: 'load', folder: site, scope: { parts: ['version-0'], pages: ['quickstart'] } })).toEqual({ kind: 'loaded' });
    expect(requested.slice(before)).toEqual(['/site/version-0.json']);
    expect(added).toBe(1);
    expect(pagesOf(await host.handle({ kind: 'search', id: 1, query: 'webhook', limit: 20 }))).toEqual(['quickstart']);
    await host.handle({ kind: 'scope', scope: { parts: ['version-0', 'version-1'], pages: ['guides/webhooks', 'beta'] } });
    expect(pagesOf(await host.handle({ kind: 'search', id: 2, query: 'webhooks', limit: 20 }))).toEqual(['beta', 'guides/webhooks']);
    expect(requested.slice(before)).toEqual(['/site/version-0.json', '/site/version-1.json']);
    expect(added).toBe(3);
    // The same scope again (another page of the same language) keeps its index.
    await host.handle({ kind: 'scope', scope: { parts: ['version-0', 'version-1'], pages: ['beta', 'guides/webhooks'] } });
    await host.handle({ kind: 'search', id: 3, query: 'webhooks', limit: 20 });
    expect(added).toBe(3);
    // Back to the first scope: indexed again from the part in memory.
    await host.handle({ kind: 'scope', scope: { parts: ['version-0'], pages: ['quickstart'] } });
    expect(pagesOf(await host.handle({ kind: 'search', id: 4, query: 'webhook', limit: 20 }))).toEqual(['quickstart']);
    expect(requested.length - before).toBe(2);
  });

  it('answers a query that throws with its failure, and the next query as usual', async () => {
    class Brittle extends MiniSearch {
      override search(...args: Parameters<MiniSearch['search']>): ReturnType<MiniSearch['search']> {
        if (args[0] === 'boom') throw new Error('the index broke');
        return super.search(...args);
      }
    }
    const host = createSearchHost(Brittle as typeof MiniSearch);
    expect(await host.handle({ kind: 'load', folder: site, scope: everyPage })).toEqual({ kind: 'loaded' });
    expect(await host.handle({ kind: 'search', id: 1, query: 'boom', limit: 20 })).toEqual({ kind: 'search-failed', id: 1, message: 'the index broke' });
    const next = await host.handle({ kind: 'search', id: 2, query: 'signatures', limit: 20 });
    expect(next).toMatchObject({ kind: 'hits', id: 2, hits: [{ page: 'guides/webhooks' }] });
  });

  it('builds the index once, however many loads it is sent', async () => {
    const host = createSearchHost(MiniSearch);
    const before = requested.length;
    await Promise.all([host.handle({ kind: 'load', folder: site, scope: everyPage }), host.handle({ kind: 'load', folder: site, scope: everyPage })]);
    expect(requested.length - before).toBe(2);
  });

  it('says why a load failed (an HTTP status, records that are not JSON) and then finds nothing, without throwing', async () => {
    for (const folder of ['missing', 'garbage']) {
      const host = createSearchHost(MiniSearch);
      const reply = await host.handle({ kind: 'load', folder: `${origin}/${folder}/`, scope: { parts: ['all'], pages: ['quickstart'] } });
      expect(reply?.kind, folder).toBe('failed');
      if (folder === 'missing') expect(reply).toMatchObject({ message: 'search index: HTTP 404' });
      expect(await host.handle({ kind: 'search', id: 1, query: 'webhooks', limit: 20 })).toEqual({ kind: 'hits', id: 1, hits: [] });
    }
  });

  it('fetches a part that failed again for the next scope that needs it', async () => {
    const host = createSearchHost(MiniSearch);
    const scope = { parts: ['all'], pages: ['quickstart', 'guides/webhooks', 'beta'] };
    flakyCalls = 0;
    expect(await host.handle({ kind: 'load', folder: `${origin}/flaky/`, scope })).toMatchObject({ kind: 'failed' });
    await host.handle({ kind: 'scope', scope: { ...scope, pages: ['beta'] } });
    expect(pagesOf(await host.handle({ kind: 'search', id: 1, query: 'webhooks', limit: 20 }))).toEqual(['beta']);
  });
});

describe('the search client (the dialog side)', () => {
  it('runs the latest query only: one typed while another runs replaces those still waiting', async () => {
    const client = await loadSearch(site, everyPage);
    const [first, replaced, latest] = await Promise.all([client.search('install', everyPage), client.search('verify', everyPage), client.search('webhooks', everyPage, 1)]);
    expect(first?.map((hit) => hit.page)).toEqual(['quickstart']);
    expect(replaced).toBeUndefined();
    expect(latest).toHaveLength(1);
  });

  it('searches the latest scope it is given', async () => {
    const client = await loadSearch(site, everyPage);
    expect((await client.search('webhooks', { parts: ['version-1'], pages: ['beta'] }))?.map((hit) => hit.page)).toEqual(['beta']);
    expect(await client.search('webhooks', { parts: [], pages: [] })).toEqual([]);
  });

  it('is made once per folder, and a failed load is forgotten so the next open tries again', async () => {
    expect(loadSearch(site, everyPage)).toBe(loadSearch(site, everyPage));
    const before = requested.length;
    const missing = { parts: ['all'], pages: ['quickstart'] };
    await expect(loadSearch(`${origin}/missing/`, missing)).rejects.toThrow('HTTP 404');
    await expect(loadSearch(`${origin}/missing/`, missing)).rejects.toThrow('HTTP 404');
    expect(requested.length - before).toBe(2);
  });

  it('a load that fails after the indexes were forgotten does not forget the newer one', async () => {
    flakyCalls = 0;
    const scope = { parts: ['all'], pages: ['quickstart'] };
    const stale = loadSearch(`${origin}/flaky/`, scope);
    forgetSearchIndexes();
    const fresh = loadSearch(`${origin}/flaky/`, scope);
    await expect(stale).rejects.toThrow('HTTP 500');
    await expect(fresh).resolves.toBeDefined();
    expect(loadSearch(`${origin}/flaky/`, scope)).toBe(fresh);
  });
});
