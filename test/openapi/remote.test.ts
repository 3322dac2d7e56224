import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpecLoader } from '../../src/openapi/index.js';
import { cacheFileOf, loadRemoteSpec } from '../../src/openapi/remote.js';
import { brief, docsJsonAt, makeRoot } from './helpers.js';

const specText = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'Remote', version: '7' },
  servers: [{ url: 'https://api.example.test' }],
  paths: { '/ping': { get: { summary: 'Ping', responses: { '200': { description: 'pong' } } } } },
});

let server: Server;
let base: string;
const requests: string[] = [];

/** A valid spec padded past 100 MiB (the limit of any file) in an extension field, gzipped to ~110 KB. */
const bomb = gzipSync(specText.replace(/}$/, `,"x-pad":"${' '.repeat(110 * 1024 * 1024)}"}`), { level: 9 });
/** Bytes the endless route wrote, and whether the client hung up. */
const endless = { bytes: 0, closed: false };

/** `/redirect/<status>/<location>` answers that redirect; the location is URL-encoded into the path. */
function redirect(url: string, res: ServerResponse): boolean {
  const match = /^\/redirect\/(\d{3})\/(.*)$/.exec(url);
  if (!match) return false;
  res.writeHead(Number(match[1]), { location: decodeURIComponent(match[2]!) }).end();
  return true;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (redirect(req.url ?? '', res)) return;
    if (req.url === '/bomb.json') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': bomb.length }).end(bomb);
    } else if (req.url === '/endless.json') {
      // Without end for a client that stops reading; 64 MiB and a valid spec for one that does not.
      endless.bytes = 0;
      endless.closed = false;
      res.on('close', () => void (endless.closed = true));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(specText.replace(/}$/, ',"x-pad":"'));
      const chunk = Buffer.alloc(64 * 1024, ' ');
      const pump = (): void => {
        while (!res.destroyed && endless.bytes < 64 * 1024 * 1024) {
          endless.bytes += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (!res.destroyed) res.end('"}');
      };
      pump();
    } else if (req.url === '/openapi.json') res.writeHead(200, { 'content-type': 'application/json' }).end(specText);
    else if (req.url === '/relative-ref.json') {
      res.writeHead(200).end(JSON.stringify({ openapi: '3.1.0', info: { title: 'R', version: '1' }, paths: { '/a': { $ref: 'paths.json#/a' } } }));
    } else res.writeHead(500, 'Broken').end('no');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const cacheDirs: string[] = [];
afterAll(() => {
  for (const dir of cacheDirs) rmSync(dir, { recursive: true, force: true });
});

function cacheDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'docs-build-cache-'));
  cacheDirs.push(dir);
  return path.join(dir, 'remote');
}

/** The test's fetch: the loader asks for https URLs, which this maps onto the loopback server. */
function loopbackFetch(calls: string[]): typeof fetch {
  return (input, init) => {
    const url = String(input);
    calls.push(url);
    return fetch(url.replace('https://specs.example.test', base), init);
  };
}

describe('remote specs', () => {
  it('fetches an https URL into the cache and reads it offline afterwards', async () => {
    const dir = cacheDir();
    const calls: string[] = [];
    const url = 'https://specs.example.test/openapi.json';
    const online = createSpecLoader(makeRoot({}), { cacheDir: dir, fetch: loopbackFetch(calls) });
    const first = await online.load(url, docsJsonAt);
    expect(first.diagnostics).toEqual([]);
    expect(first.value).toMatchObject({ id: url, file: url, url, title: 'Remote', version: '7', servers: ['https://api.example.test'] });
    expect(first.value!.operations.map((op) => `${op.method} ${op.path}`)).toEqual(['GET /ping']);
    expect(calls).toEqual([url]);
    expect(readFileSync(cacheFileOf(url, dir), 'utf8')).toBe(specText);

    const offlineCalls: string[] = [];
    const offline = createSpecLoader(makeRoot({}), { cacheDir: dir, offline: true, fetch: loopbackFetch(offlineCalls) });
    const second = await offline.load(url, docsJsonAt);
    expect(second.diagnostics).toEqual([]);
    expect(second.value!.title).toBe('Remote');
    expect(offlineCalls).toEqual([]);
  });

  it('reports an offline cache miss without touching the network', async () => {
    const calls: string[] = [];
    const loader = createSpecLoader(makeRoot({}), { cacheDir: cacheDir(), offline: true, fetch: loopbackFetch(calls) });
    const result = await loader.load('https://specs.example.test/never.json', docsJsonAt);
    expect(result.value).toBeUndefined();
    expect(result.diagnostics.map(brief)).toEqual([
      expect.stringMatching(/^openapi\/offline-cache-miss docs\.json:3:16 offline, and "https:\/\/specs\.example\.test\/never\.json" has never been fetched into the cache/),
    ]);
    expect(result.diagnostics[0]!.suggestion).toMatch(/without --offline/);
    expect(calls).toEqual([]);
  });

  it('refuses http URLs before any fetch', async () => {
    const calls: string[] = [];
    const loader = createSpecLoader(makeRoot({}), { cacheDir: cacheDir(), fetch: loopbackFetch(calls) });
    const result = await loader.load(`${base}/openapi.json`, docsJsonAt);
    expect(result.value).toBeUndefined();
    expect(result.diagnostics.map(brief)).toEqual([`openapi/insecure-url docs.json:3:16 remote OpenAPI files are fetched over https only; "${base}/openapi.json" uses http`]);
    expect(result.diagnostics[0]!.suggestion).toBe(`use "${base.replace('http:', 'https:')}/openapi.json" or a copy of the file inside the docs root`);
    expect(calls).toEqual([]);
  });

  it('reports a failed fetch, and falls back to the cache with a warning when it has a copy', async () => {
    const dir = cacheDir();
    const url = 'https://specs.example.test/broken.json';
    const failing = await createSpecLoader(makeRoot({}), { cacheDir: dir, fetch: loopbackFetch([]) }).load(url, docsJsonAt);
    expect(failing.value).toBeUndefined();
    expect(failing.diagnostics.map(brief)).toEqual([`openapi/remote-fetch-failed docs.json:3:16 could not fetch "${url}": the server answered 500 Broken`]);
    expect(existsSync(cacheFileOf(url, dir))).toBe(false);

    // Fill the cache under the same URL through a fetch that succeeds, then fail again.
    const good: typeof fetch = (_input, init) => fetch(`${base}/openapi.json`, init);
    await createSpecLoader(makeRoot({}), { cacheDir: dir, fetch: good }).load(url, docsJsonAt);
    const fallback = await createSpecLoader(makeRoot({}), { cacheDir: dir, fetch: loopbackFetch([]) }).load(url, docsJsonAt);
    expect(fallback.value!.title).toBe('Remote');
    expect(fallback.diagnostics.map((d) => `${d.severity} ${brief(d)}`)).toEqual([
      `warning openapi/remote-spec-stale docs.json:3:16 could not fetch "${url}" (the server answered 500 Broken); using the cached copy`,
    ]);
    expect(fallback.diagnostics[0]!.code).toBe('openapi/remote-spec-stale');
  });

  it('reports a network failure', async () => {
    const unreachable: typeof fetch = () => Promise.reject(new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') }));
    const result = await createSpecLoader(makeRoot({}), { cacheDir: cacheDir(), fetch: unreachable }).load('https://specs.example.test/x.json', docsJsonAt);
    expect(result.diagnostics.map(brief)).toEqual(['openapi/remote-fetch-failed docs.json:3:16 could not fetch "https://specs.example.test/x.json": connect ECONNREFUSED 127.0.0.1:9']);
  });

  describe('redirects are followed only to https', () => {
    const via = (status: number, location: string): string => `https://specs.example.test/redirect/${status}/${encodeURIComponent(location)}`;

    it.each([301, 302, 303, 307, 308])('%i to plain HTTP is refused before it is fetched, cache or no cache', async (status) => {
      const target = `${base}/openapi.json?from=${status}`;
      const url = via(status, target);
      const dir = cacheDir();
      const loader = createSpecLoader(makeRoot({}), { cacheDir: dir, fetch: loopbackFetch([]) });
      const result = await loader.load(url, docsJsonAt);
      expect(result.value).toBeUndefined();
      expect(result.diagnostics.map(brief)).toEqual([
        `openapi/insecure-url docs.json:3:16 "${url}" redirects to "${target}", which does not use https; a remote OpenAPI file is never fetched over plain HTTP`,
      ]);
      expect(result.diagnostics[0]!.suggestion).toBe('use the address the file is served from over https, or a copy of the file inside the docs root');
      expect(requests).not.toContain(`/openapi.json?from=${status}`);
      expect(existsSync(cacheFileOf(url, dir))).toBe(false);
    });

    it('a downgrade further down a chain of https redirects is refused too', async () => {
      const target = `http://specs.example.test/openapi.json`;
      const url = via(302, `/redirect/307/${encodeURIComponent(`/redirect/301/${encodeURIComponent(target)}`)}`);
      const result = await createSpecLoader(makeRoot({}), { cacheDir: cacheDir(), fetch: loopbackFetch([]) }).load(url, docsJsonAt);
      expect(result.diagnostics.map((d) => d.code)).toEqual(['openapi/insecure-url']);
      expect(result.diagnostics[0]!.message).toContain(`redirects to "${target}"`);
    });

    it('https redirects are followed, relative or absolute', async () => {
      const calls: string[] = [];
      const url = via(302, `/redirect/308/${encodeURIComponent('https://specs.example.test/openapi.json')}`);
      const result = await createSpecLoader(makeRoot({}), { cacheDir: cacheDir(), fetch: loopbackFetch(calls) }).load(url, docsJsonAt);
      expect(result.diagnostics).toEqual([]);
      expect(result.value!.title).toBe('Remote');
      expect(calls).toEqual([url, 'https://specs.example.test/redirect/308/https%3A%2F%2Fspecs.example.test%2Fopenapi.json', 'https://specs.example.test/openapi.json']);
    });

    it('a redirect loop ends after 5 redirects', async () => {
      const calls: string[] = [];
      const url = 'https://specs.example.test/start.json';
      const loop: typeof fetch = (input, init) => {
        calls.push(String(input));
        return fetch(`${base}/redirect/302/${encodeURIComponent('https://specs.example.test/again')}`, init);
      };
      const result = await createSpecLoader(makeRoot({}), { cacheDir: cacheDir(), fetch: loop }).load(url, docsJsonAt);
      expect(result.diagnostics.map(brief)).toEqual([`openapi/remote-fetch-failed docs.json:3:16 could not fetch "${url}": more than 5 redirects`]);
      expect(calls).toHaveLength(6);
    });
  });

  describe('a body is read up to 100 MiB, the limit of any file, counted after decompression', () => {
    it('a gzip bomb stops at the limit: a failed fetch, and nothing cached', async () => {
      const dir = cacheDir();
      const url = 'https://specs.example.test/bomb.json';
      const result = await createSpecLoader(makeRoot({}), { cacheDir: dir, fetch: loopbackFetch([]) }).load(url, docsJsonAt);
      expect(result.value).toBeUndefined();
      expect(result.diagnostics.map(brief)).toEqual([`openapi/remote-fetch-failed docs.json:3:16 could not fetch "${url}": the file is larger than 100 MiB, the limit of any file read`]);
      expect(existsSync(cacheFileOf(url, dir))).toBe(false);
    });

    it('an endless body stops at the limit, and the connection is closed', async () => {
      const url = 'https://specs.example.test/endless.json';
      const options = { offline: false, cacheDir: cacheDir(), fetch: loopbackFetch([]), timeoutMs: 10_000, maxBytes: 1024 * 1024 };
      const started = performance.now();
      const result = await loadRemoteSpec(url, options);
      expect(result).toMatchObject({ ok: false, code: 'openapi/remote-fetch-failed', message: `could not fetch "${url}": the file is larger than 1 MiB, the limit of any file read` });
      expect(performance.now() - started).toBeLessThan(2000);
      await expect.poll(() => endless.closed).toBe(true);
      expect(endless.bytes).toBeLessThan(32 * 1024 * 1024);
    });
  });

  it('refuses relative $refs inside a remote spec, which would be fetched from the network', async () => {
    const result = await createSpecLoader(makeRoot({}), { cacheDir: cacheDir(), fetch: loopbackFetch([]) }).load('https://specs.example.test/relative-ref.json', docsJsonAt);
    expect(result.value).toBeDefined();
    expect(result.diagnostics.map(brief)).toEqual([
      'openapi/remote-ref-refused https://specs.example.test/relative-ref.json:1:77 $ref "paths.json#/a" in a remote spec would be fetched from the network; only references inside the document ("#/...") are followed',
    ]);
  });
});
