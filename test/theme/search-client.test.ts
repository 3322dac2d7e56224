import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import MiniSearch from 'minisearch';
import { createSearchHost } from '../../src/theme/search/protocol.js';
import { forgetSearchIndexes, loadSearch } from '../../src/theme/search/client.js';
import type { SearchRecord } from '../../src/theme/types.js';

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

let server: Server;
let origin = '';
let requests = 0;
let flakyCalls = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    requests++;
    if (request.url === '/search.json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(records));
    } else if (request.url === '/flaky.json') {
      // Fails the first time, slowly; answers afterwards.
      const first = flakyCalls++ === 0;
      setTimeout(() => {
        response.writeHead(first ? 500 : 200, { 'content-type': 'application/json' });
        response.end(first ? '' : JSON.stringify(records));
      }, first ? 100 : 0);
    } else if (request.url === '/garbage.json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"not json');
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the search host (the worker side)', () => {
  it('answers a search sent before its index is ready once the index is built, keeping only the pages it was given', async () => {
    const host = createSearchHost(MiniSearch);
    const loading = host.handle({ kind: 'load', url: `${origin}/search.json` });
    await host.handle({ kind: 'pages', pages: ['quickstart', 'guides/webhooks'] });
    const early = host.handle({ kind: 'search', id: 7, query: 'webhooks', limit: 20 });
    expect(await loading).toEqual({ kind: 'loaded' });
    const reply = await early;
    expect(reply).toMatchObject({ kind: 'hits', id: 7 });
    expect(reply?.kind === 'hits' && reply.hits.map((hit) => hit.page).sort()).toEqual(['guides/webhooks', 'quickstart']);
  });

  it('indexes only the pages in scope, anew when the scope changes, from records fetched once', async () => {
    let added = 0;
    class Counting extends MiniSearch {
      override add(...args: Parameters<MiniSearch['add']>): void {
        added++;
        super.add(...args);
      }
    }
    const host = createSearchHost(Counting as typeof MiniSearch);
    const before = requests;
    const pagesOf = (reply: unknown) => (reply as { hits: Array<{ page: string }> }).hits.map((hit) => hit.page).sort();
    expect(await host.handle({ kind: 'load', url: `${origin}/search.json`, pages: ['quickstart'] })).toEqual({ kind: 'loaded' });
    expect(added).toBe(1);
    expect(pagesOf(await host.handle({ kind: 'search', id: 1, query: 'webhook', limit: 20 }))).toEqual(['quickstart']);
    await host.handle({ kind: 'pages', pages: ['guides/webhooks', 'beta'] });
    expect(pagesOf(await host.handle({ kind: 'search', id: 2, query: 'webhooks', limit: 20 }))).toEqual(['beta', 'guides/webhooks']);
    expect(added).toBe(3);
    // The same scope again (another page of the same language) keeps its index.
    await host.handle({ kind: 'pages', pages: ['beta', 'guides/webhooks'] });
    await host.handle({ kind: 'search', id: 3, query: 'webhooks', limit: 20 });
    expect(added).toBe(3);
    expect(requests - before).toBe(1);
  });

  it('answers a query that throws with its failure, and the next query as usual', async () => {
    class Brittle extends MiniSearch {
      override search(...args: Parameters<MiniSearch['search']>): ReturnType<MiniSearch['search']> {
        if (args[0] === 'boom') throw new Error('the index broke');
        return super.search(...args);
      }
    }
    const host = createSearchHost(Brittle as typeof MiniSearch);
    expect(await host.handle({ kind: 'load', url: `${origin}/search.json` })).toEqual({ kind: 'loaded' });
    expect(await host.handle({ kind: 'search', id: 1, query: 'boom', limit: 20 })).toEqual({ kind: 'search-failed', id: 1, message: 'the index broke' });
    const next = await host.handle({ kind: 'search', id: 2, query: 'signatures', limit: 20 });
    expect(next).toMatchObject({ kind: 'hits', id: 2, hits: [{ page: 'guides/webhooks' }] });
  });

  it('builds the index once, however many loads it is sent', async () => {
    const host = createSearchHost(MiniSearch);
    const before = requests;
    await Promise.all([host.handle({ kind: 'load', url: `${origin}/search.json` }), host.handle({ kind: 'load', url: `${origin}/search.json` })]);
    expect(requests - before).toBe(1);
  });

  it('says why a load failed (an HTTP status, records that are not JSON) and then finds nothing, without throwing', async () => {
    for (const file of ['missing.json', 'garbage.json']) {
      const host = createSearchHost(MiniSearch);
      const reply = await host.handle({ kind: 'load', url: `${origin}/${file}` });
      expect(reply?.kind, file).toBe('failed');
      if (file === 'missing.json') expect(reply).toMatchObject({ message: 'search index: HTTP 404' });
      expect(await host.handle({ kind: 'search', id: 1, query: 'webhooks', limit: 20 })).toEqual({ kind: 'hits', id: 1, hits: [] });
    }
  });
});

describe('the search client (the dialog side)', () => {
  it('runs the latest query only: one typed while another runs replaces those still waiting', async () => {
    const client = await loadSearch(`${origin}/search.json`);
    const pages = ['quickstart', 'guides/webhooks', 'beta'];
    const [first, replaced, latest] = await Promise.all([client.search('install', pages), client.search('verify', pages), client.search('webhooks', pages, 1)]);
    expect(first?.map((hit) => hit.page)).toEqual(['quickstart']);
    expect(replaced).toBeUndefined();
    expect(latest).toHaveLength(1);
  });

  it('searches the pages of the latest list it is given', async () => {
    const client = await loadSearch(`${origin}/search.json`);
    expect((await client.search('webhooks', ['beta']))?.map((hit) => hit.page)).toEqual(['beta']);
    expect(await client.search('webhooks', [])).toEqual([]);
  });

  it('is made once per URL, and a failed load is forgotten so the next open tries again', async () => {
    expect(loadSearch(`${origin}/search.json`)).toBe(loadSearch(`${origin}/search.json`));
    const before = requests;
    await expect(loadSearch(`${origin}/missing.json`)).rejects.toThrow('HTTP 404');
    await expect(loadSearch(`${origin}/missing.json`)).rejects.toThrow('HTTP 404');
    expect(requests - before).toBe(2);
  });

  it('a load that fails after the indexes were forgotten does not forget the newer one', async () => {
    const stale = loadSearch(`${origin}/flaky.json`);
    forgetSearchIndexes();
    const fresh = loadSearch(`${origin}/flaky.json`);
    await expect(stale).rejects.toThrow('HTTP 500');
    await expect(fresh).resolves.toBeDefined();
    expect(loadSearch(`${origin}/flaky.json`)).toBe(fresh);
  });
});
