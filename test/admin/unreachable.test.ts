import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AdminApiError, createAdminClient, runJobChecks, waitForAgentJob, type WaitProgress } from '../../src/admin/index.js';
import { apiKey, expectNoSecret, job, rejection, reply, selfSignedCert, sendJson, startServer, type TestServer } from './helpers.js';

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(() => server.close());

/** The address of a server that was just closed: nothing listens there. */
async function closedAddress(): Promise<string> {
  const closed = await startServer();
  await closed.close();
  return closed.baseUrl;
}

const cert = selfSignedCert();
let tlsServer: https.Server | undefined;
let tlsUrl = '';
beforeAll(async () => {
  if (!cert) return;
  tlsServer = https.createServer(cert, (_, response) => sendJson(response, 200, job({ status: 'completed' })));
  await new Promise<void>((resolve) => tlsServer!.listen(0, '127.0.0.1', resolve));
  tlsUrl = `https://127.0.0.1:${(tlsServer.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => (tlsServer ? tlsServer.close(() => resolve()) : resolve())));

async function unreachable(baseUrl: string): Promise<AdminApiError> {
  const error = await rejection(createAdminClient({ baseUrl, apiKey }).getAgentJob('p', 'j'));
  expect(error).toBeInstanceOf(AdminApiError);
  expectNoSecret(error);
  const adminError = error as AdminApiError;
  expect(adminError.kind).toBe('unreachable');
  expect(adminError.retryable).toBe(false);
  return adminError;
}

describe('a base URL that cannot be reached is its own error, not a network blip', () => {
  it('connection refused', async () => {
    const url = await closedAddress();
    const error = await unreachable(url);
    expect(error.message).toBe(`cannot reach the admin API at ${url} (reading agent job "j" of project "p"): the connection was refused (ECONNREFUSED): nothing listens at that address and port`);
  });

  it('a host name that does not resolve (.invalid never does)', async () => {
    const error = await unreachable('http://docs-build-test.invalid');
    expect(error.message).toMatch(/^cannot reach the admin API at http:\/\/docs-build-test\.invalid \(.*\): the host name does not resolve \((ENOTFOUND|EAI_AGAIN|EAI_FAIL|EAI_NONAME)\)$/);
  });

  it('https against a plain-HTTP port: the TLS handshake fails', async () => {
    const error = await unreachable(server.baseUrl.replace('http:', 'https:'));
    expect(error.message).toMatch(/: the TLS handshake failed: wrong version number \(ERR_SSL_WRONG_VERSION_NUMBER\)$/);
    expect(server.requests).toHaveLength(0);
  });

  it.skipIf(!cert)('a certificate the machine does not trust: the TLS handshake fails', async () => {
    const error = await unreachable(tlsUrl);
    expect(error.message).toMatch(/: the TLS handshake failed: self[- ]signed certificate \(DEPTH_ZERO_SELF_SIGNED_CERT\)$/);
  });

  it('a dropped connection is still a (retryable) network error', async () => {
    server.handle((_, response) => void response.socket?.destroy());
    const error = await rejection(createAdminClient({ baseUrl: server.baseUrl, apiKey }).getAgentJob('p', 'j'));
    expect(error).toMatchObject({ kind: 'network', retryable: true });
  });
});

describe('waiting on an unreachable address', () => {
  it('ends at the first attempt, long before the timeout', async () => {
    const client = createAdminClient({ baseUrl: await closedAddress(), apiKey });
    const events: WaitProgress[] = [];
    const started = performance.now();
    const error = await rejection(waitForAgentJob(client, 'p', 'j', { intervalMs: 20, timeoutMs: 600_000, onProgress: (e) => events.push(e) }));
    expect(error).toMatchObject({ kind: 'unreachable' });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(events).toEqual([]);
  });

  it('is retried once the job has been read from that address (the server went away for a moment)', async () => {
    const port = Number(new URL(server.baseUrl).port);
    server.handle(reply(200, job()));
    const client = createAdminClient({ baseUrl: server.baseUrl, apiKey });
    let back: Promise<TestServer> | undefined;
    const kinds: string[] = [];
    // The server goes away once the job was read, and comes back on its port after a refused retry.
    const onProgress = (event: WaitProgress): void => {
      if (event.type === 'status') void server.close();
      else kinds.push(event.error.kind);
      if (event.type === 'retry' && event.error.kind === 'unreachable') back ??= startServer(reply(200, job({ status: 'completed' })), port);
    };
    try {
      const result = await waitForAgentJob(client, 'p', 'j', { intervalMs: 20, timeoutMs: 10_000, backoff: { baseMs: 40 }, onProgress });
      expect(result.status).toBe('completed');
      expect(kinds).toContain('unreachable');
    } finally {
      await (await back)?.close();
    }
  });
});

describe('runJobChecks', () => {
  it('reports an unreachable address as admin/job-error within seconds, with what to check', async () => {
    const started = performance.now();
    const diagnostics = await runJobChecks([{ projectId: 'p', jobId: 'j', timeoutMs: 600_000 }], { baseUrl: await closedAddress(), apiKey });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(diagnostics.map((d) => d.code)).toEqual(['admin/job-error']);
    expect(diagnostics[0]?.message).toMatch(/could not be checked: cannot reach the admin API at .*ECONNREFUSED/);
    expect(diagnostics[0]?.suggestion).toMatch(/^Check the base URL/);
  });
});
