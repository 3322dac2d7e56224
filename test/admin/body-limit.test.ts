import type http from 'node:http';
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AdminApiError, createAdminClient, type AdminClient } from '../../src/admin/index.js';
import { apiKey, expectNoSecret, job, rejection, reply, startServer, type Handler, type TestServer } from './helpers.js';

let server: TestServer;
let client: AdminClient;

beforeEach(async () => {
  server = await startServer();
  client = createAdminClient({ baseUrl: server.baseUrl, apiKey, timeoutMs: 5000 });
});
afterEach(() => server.close());

async function failure(promise: Promise<unknown>): Promise<AdminApiError> {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(AdminApiError);
  expectNoSecret(error);
  return error as AdminApiError;
}

/** Bytes written by the last `endless` handler, and whether the client hung up on it. */
const sent = { bytes: 0, closed: false };

/**
 * Writes a body without end (as fast as the client reads it), until the client goes away. It stops at
 * 256 MiB so that a client without a cap fails the test by a timeout instead of exhausting the machine.
 */
function endless(status: number): Handler {
  sent.bytes = 0;
  sent.closed = false;
  const chunk = Buffer.alloc(64 * 1024, ' ');
  return (_, response) =>
    new Promise<void>((resolve) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.write('{"id":"job-1","pad":"');
      const pump = (): void => {
        while (!response.destroyed && sent.bytes < 256 * 1024 * 1024) {
          sent.bytes += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
      };
      response.on('close', () => {
        sent.closed = true;
        resolve();
      });
      pump();
    });
}

/** A valid AgentJob padded with 64 MiB of spaces in an unknown field (allowed and dropped), compressed. */
const bomb = (() => {
  const text = JSON.stringify({ ...job({ status: 'completed' }), pad: ' '.repeat(64 * 1024 * 1024) });
  return {
    gzip: gzipSync(text, { level: 9 }),
    deflate: deflateSync(text, { level: 9 }),
    br: brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  };
})();

function compressed(encoding: keyof typeof bomb): Handler {
  return (_, response: http.ServerResponse) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding, 'content-length': bomb[encoding].length });
    response.end(bomb[encoding]);
  };
}

describe('response bodies are read up to a cap (1 MiB by default)', () => {
  it('an endless 200 body is a malformed-response error, and the connection is closed', async () => {
    server.handle(endless(200));
    const started = performance.now();
    const error = await failure(client.getAgentJob('p', 'job-1'));
    expect(error.kind).toBe('malformed-response');
    expect(error.status).toBe(200);
    expect(error.message).toMatch(/with a body larger than 1 MiB \(status 200\)$/);
    expect(error.problems).toEqual(['(root) the body is larger than 1 MiB']);
    expect(error.retryable).toBe(false);
    expect(performance.now() - started).toBeLessThan(2000);
    await expect.poll(() => sent.closed).toBe(true);
    // What the client let the server write before hanging up: the cap, plus what was in flight.
    expect(sent.bytes).toBeLessThan(32 * 1024 * 1024);
  });

  it.each(['gzip', 'deflate', 'br'] as const)('a %s bomb stops at the cap of what it inflates to', async (encoding) => {
    // Under 100 KiB on the wire; a valid job once inflated, if it were inflated to the end.
    expect(bomb[encoding].length).toBeLessThan(1024 * 1024);
    server.handle(compressed(encoding));
    const error = await failure(client.getAgentJob('p', 'job-1'));
    expect(error.kind).toBe('malformed-response');
    expect(error.problems).toEqual(['(root) the body is larger than 1 MiB']);
  });

  it('a Content-Length over the cap is refused before the body is read', async () => {
    const big = JSON.stringify({ ...job(), pad: ' '.repeat(2 * 1024 * 1024) });
    server.handle(reply(200, big));
    const error = await failure(client.getAgentJob('p', 'job-1'));
    expect(error.kind).toBe('malformed-response');
    expect(error.message).toMatch(/larger than 1 MiB/);
  });

  it('maxResponseBytes sets the cap; a body at the cap is read', async () => {
    const body = JSON.stringify(job({ status: 'completed' }));
    server.handle(reply(200, body));
    const exact = createAdminClient({ baseUrl: server.baseUrl, apiKey, maxResponseBytes: Buffer.byteLength(body) });
    await expect(exact.getAgentJob('p', 'job-1')).resolves.toMatchObject({ status: 'completed' });
    const small = createAdminClient({ baseUrl: server.baseUrl, apiKey, maxResponseBytes: Buffer.byteLength(body) - 1 });
    const error = await failure(small.getAgentJob('p', 'job-1'));
    expect(error.kind).toBe('malformed-response');
    expect(error.message).toMatch(/larger than \d+ bytes/);
    expect(() => createAdminClient({ baseUrl: server.baseUrl, apiKey, maxResponseBytes: 0 })).toThrow(RangeError);
  });

  it('an endless body under another status keeps that status: a 503 stays a retryable server error', async () => {
    server.handle(endless(503));
    const error = await failure(client.getAgentJob('p', 'job-1'));
    expect(error.kind).toBe('server');
    expect(error.status).toBe(503);
    expect(error.serverMessage).toBeUndefined();
    expect(error.retryable).toBe(true);
    await expect.poll(() => sent.closed).toBe(true);
  });
});
