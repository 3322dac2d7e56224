import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskCache } from '../../src/incremental/disk-cache.js';
import { checkExternalLinks, isPrivateOrExample, probeUrl, type ExternalCache, type ExternalResult } from '../../src/links/index.js';
import { diskExternalCache } from '../../src/pipeline/external-cache.js';
import { removeTempRoots, tempRoot } from '../helpers/temp-root.js';

let server: Server;
let origin: string;
const hits = new Map<string, number>();
let hugeBytesSent = 0;

function handle(request: IncomingMessage, response: ServerResponse): void {
  const path = request.url ?? '/';
  hits.set(`${request.method} ${path}`, (hits.get(`${request.method} ${path}`) ?? 0) + 1);
  switch (path) {
    case '/ok':
      response.writeHead(200, { 'content-type': 'text/html' }).end('<h1>ok</h1>');
      return;
    case '/missing':
      response.writeHead(404).end('not found');
      return;
    case '/gone':
      response.writeHead(410).end();
      return;
    case '/error':
      response.writeHead(500).end();
      return;
    case '/forbidden':
      response.writeHead(403).end();
      return;
    case '/no-head':
      // A server that refuses HEAD: GET decides.
      response.writeHead(request.method === 'HEAD' ? 405 : 200).end();
      return;
    case '/r1':
      response.writeHead(301, { location: '/r2' }).end();
      return;
    case '/r2':
      response.writeHead(302, { location: `${origin}/ok` }).end();
      return;
    case '/to-missing':
      response.writeHead(307, { location: '/missing' }).end();
      return;
    case '/loop':
      response.writeHead(302, { location: '/loop' }).end();
      return;
    case '/never':
      // Never answers: the checker's time limit must end it.
      return;
    case '/huge':
      streamForever(request, response);
      return;
    default:
      response.writeHead(404).end();
  }
}

/** HEAD is refused, GET streams an endless body: the reader must stop at its cap. */
function streamForever(request: IncomingMessage, response: ServerResponse): void {
  if (request.method === 'HEAD') {
    response.writeHead(405).end();
    return;
  }
  response.writeHead(200, { 'content-type': 'application/octet-stream' });
  const chunk = Buffer.alloc(64 * 1024, 97);
  const write = (): void => {
    while (!response.destroyed && hugeBytesSent < 1024 * 1024 * 1024) {
      hugeBytesSent += chunk.length;
      if (!response.write(chunk)) {
        response.once('drain', write);
        return;
      }
    }
  };
  write();
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  removeTempRoots();
});

const options = { checkPrivateHosts: true, timeoutMs: 2000 };
const at = (line: number) => ({ file: 'index.mdx', line, column: 1 });

describe('probeUrl against a real server', () => {
  it('classifies 200, 404, 410, 500 and 403', async () => {
    expect(await probeUrl(`${origin}/ok`, options)).toMatchObject({ outcome: 'ok', status: 200 });
    expect(await probeUrl(`${origin}/missing`, options)).toMatchObject({ outcome: 'broken', status: 404, reason: '404 Not Found' });
    expect(await probeUrl(`${origin}/gone`, options)).toMatchObject({ outcome: 'broken', status: 410 });
    expect(await probeUrl(`${origin}/error`, options)).toMatchObject({ outcome: 'unreachable', status: 500, reason: 'server error 500 Internal Server Error' });
    expect(await probeUrl(`${origin}/forbidden`, options)).toMatchObject({ outcome: 'ok', status: 403 });
  });

  it('falls back to GET when HEAD is refused', async () => {
    expect(await probeUrl(`${origin}/no-head`, options)).toMatchObject({ outcome: 'ok', status: 200 });
    expect(hits.get('HEAD /no-head')).toBe(1);
    expect(hits.get('GET /no-head')).toBe(1);
  });

  it('follows a redirect chain to its end, and gives up on a loop', async () => {
    expect(await probeUrl(`${origin}/r1`, options)).toMatchObject({ outcome: 'ok', status: 200 });
    expect(await probeUrl(`${origin}/to-missing`, options)).toMatchObject({ outcome: 'broken', status: 404 });
    expect(await probeUrl(`${origin}/loop`, { ...options, maxRedirects: 3 })).toMatchObject({ outcome: 'unreachable', reason: 'more than 3 redirects' });
  });

  it('ends a request that never answers at the time limit', async () => {
    const started = performance.now();
    expect(await probeUrl(`${origin}/never`, { ...options, timeoutMs: 300 })).toMatchObject({ outcome: 'unreachable', reason: 'timed out after 300 ms' });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('reads no more of an endless body than its cap', async () => {
    const result = await probeUrl(`${origin}/huge`, { ...options, maxBodyBytes: 1024 * 1024 });
    expect(result).toMatchObject({ outcome: 'ok', status: 200 });
    // What the server managed to push into socket buffers before the reader closed the connection.
    expect(hugeBytesSent).toBeLessThan(64 * 1024 * 1024);
  });

  it('reports a refused connection as unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await probeUrl(`http://127.0.0.1:${port}/`, options)).toMatchObject({ outcome: 'unreachable', reason: expect.stringContaining('ECONNREFUSED') });
  });
});

describe('checkExternalLinks', () => {
  it('reports each place linking to a broken or unreachable URL, concurrently and within the time limit', async () => {
    const links = new Map([
      [`${origin}/ok`, [at(1)]],
      [`${origin}/missing`, [at(2), at(7)]],
      [`${origin}/never`, [at(3)]],
      [`${origin}/error`, [at(4)]],
    ]);
    const started = performance.now();
    const diagnostics = await checkExternalLinks(links, { ...options, timeoutMs: 500, concurrency: 4 });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(diagnostics.map((d) => [d.code, d.severity, d.line])).toEqual([
      ['links/external-broken', 'error', 2],
      ['links/external-broken', 'error', 7],
      ['links/external-unreachable', 'warning', 3],
      ['links/external-unreachable', 'warning', 4],
    ]);
  });

  it('never checks offline, and says so', async () => {
    const before = hits.get('HEAD /ok') ?? 0;
    const diagnostics = await checkExternalLinks(new Map([[`${origin}/ok`, [at(1)]]]), { ...options, offline: true });
    expect(diagnostics).toMatchObject([{ code: 'links/external-offline', severity: 'info' }]);
    expect(hits.get('HEAD /ok') ?? 0).toBe(before);
  });

  it('skips localhost, private addresses and example domains unless asked', async () => {
    expect(isPrivateOrExample('http://localhost:3000/x')).toBe(true);
    expect(isPrivateOrExample('http://192.168.1.4/')).toBe(true);
    expect(isPrivateOrExample('https://api.example.com/v1')).toBe(true);
    expect(isPrivateOrExample('http://[::1]:8080/')).toBe(true);
    expect(isPrivateOrExample('https://docs.firecrawl.dev/x')).toBe(false);
    const before = hits.get('HEAD /missing') ?? 0;
    expect(await checkExternalLinks(new Map([[`${origin}/missing`, [at(1)]]]), { timeoutMs: 500 })).toEqual([]);
    expect(hits.get('HEAD /missing') ?? 0).toBe(before);
  });

  it('uses a fresh cached result without a request, and asks again once it is stale', async () => {
    const store = new Map<string, ExternalResult>();
    const cache: ExternalCache = { get: (url) => store.get(url), set: (url, result) => void store.set(url, result) };
    let now = 1_000_000;
    const url = `${origin}/gone`;
    const run = () => checkExternalLinks(new Map([[url, [at(1)]]]), { ...options, cache, now: () => now, ttlMs: 1000 });
    const before = hits.get('HEAD /gone') ?? 0;
    expect(await run()).toHaveLength(1);
    expect(await run()).toHaveLength(1);
    expect(hits.get('HEAD /gone')).toBe(before + 1);
    now += 1001;
    await run();
    expect(hits.get('HEAD /gone')).toBe(before + 2);
  });

  it('keeps results in the incremental cache between runs', async () => {
    const dir = tempRoot({});
    const url = `${origin}/r1`;
    const first = DiskCache.open(`${dir}/cache`, 'test');
    await checkExternalLinks(new Map([[url, [at(1)]]]), { ...options, cache: diskExternalCache(first) });
    first.flush({ prune: false });
    const before = hits.get('HEAD /r1') ?? 0;
    const second = DiskCache.open(`${dir}/cache`, 'test');
    expect(diskExternalCache(second).get(url)).toMatchObject({ url, outcome: 'ok', status: 200 });
    await checkExternalLinks(new Map([[url, [at(1)]]]), { ...options, cache: diskExternalCache(second) });
    expect(hits.get('HEAD /r1') ?? 0).toBe(before);
  });
});
