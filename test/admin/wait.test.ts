import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AdminApiError, backoffCap, createAdminClient, resolveBackoff, waitForAgentJob, type AdminClient, type WaitProgress } from '../../src/admin/index.js';
import { apiKey, drop, expectNoSecret, job, rejection, reply, sendJson, sequence, slow, startServer, type TestServer } from './helpers.js';

let server: TestServer;
let client: AdminClient;

// A server per test: a request cancelled at the end of one test can still arrive after it, and must
// not be counted by the next.
beforeEach(async () => {
  server = await startServer();
  client = createAdminClient({ baseUrl: server.baseUrl, apiKey, timeoutMs: 300 });
});
afterEach(() => server.close());

const pr = 'https://github.com/acme/docs/pull/42';

async function failure(promise: Promise<unknown>): Promise<AdminApiError> {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(AdminApiError);
  expectNoSecret(error);
  return error as AdminApiError;
}

function gaps(): number[] {
  return server.requests.slice(1).map((request, i) => request.at - (server.requests[i]?.at ?? 0));
}

/** Timers may fire up to a millisecond early when measured with performance.now(). */
const early = 2;

describe('waitForAgentJob walks a job to its final status', () => {
  it('active -> completed with a pull request, reporting each status change once', async () => {
    server.handle(sequence(reply(200, job()), reply(200, job()), reply(200, job({ status: 'completed', prLink: pr }))));
    const events: WaitProgress[] = [];
    const result = await waitForAgentJob(client, 'p', 'job-1', { intervalMs: 30, timeoutMs: 5000, onProgress: (e) => events.push(e) });
    expect(result).toMatchObject({ status: 'completed', prLink: pr });
    expect(server.requests).toHaveLength(3);
    expect(events.map((e) => (e.type === 'status' ? [e.previousStatus, e.job.status] : e.type))).toStrictEqual([
      [null, 'active'],
      ['active', 'completed'],
    ]);
    for (const gap of gaps()) expect(gap).toBeGreaterThanOrEqual(30 - early);
  });

  it('active -> failed resolves with the failed job (a final status is an answer)', async () => {
    server.handle(sequence(reply(200, job()), reply(200, job({ status: 'failed' }))));
    const result = await client.waitForAgentJob('p', 'job-1', { intervalMs: 20, timeoutMs: 5000 });
    expect(result.status).toBe('failed');
    expect(result.prLink).toBeNull();
    expect(server.requests).toHaveLength(2);
  });

  it('an archived job ends the wait on the first read', async () => {
    server.handle(reply(200, job({ status: 'archived', archivedAt: '2025-02-03T04:05:06Z' })));
    const result = await waitForAgentJob(client, 'p', 'job-1', { intervalMs: 20 });
    expect(result.archivedAt).toBe('2025-02-03T04:05:06Z');
    expect(server.requests).toHaveLength(1);
  });
});

describe('retries', () => {
  it('500s then success: one retry per failure, equal-jitter delays within [cap/2, cap], measured gaps honour them', async () => {
    server.handle(sequence(reply(500, { error: 'boom' }), reply(502, {}), reply(503, 'down'), reply(200, job({ status: 'completed', prLink: pr }))));
    const retries: Array<Extract<WaitProgress, { type: 'retry' }>> = [];
    const backoff = { baseMs: 40, factor: 2, maxMs: 100, jitter: 'equal' as const };
    const result = await waitForAgentJob(client, 'p', 'j', {
      intervalMs: 500,
      timeoutMs: 5000,
      backoff,
      onProgress: (e) => void (e.type === 'retry' && retries.push(e)),
    });
    expect(result.status).toBe('completed');
    expect(server.requests).toHaveLength(4);
    expect(retries.map((r) => [r.attempt, r.error.kind, r.error.status])).toStrictEqual([
      [1, 'server', 500],
      [2, 'server', 502],
      [3, 'server', 503],
    ]);
    const caps = [40, 80, 100];
    retries.forEach((retry, i) => {
      const cap = caps[i] ?? 0;
      expect(backoffCap(i + 1, resolveBackoff(backoff, 500))).toBe(cap);
      expect(retry.delayMs).toBeGreaterThanOrEqual(cap / 2);
      expect(retry.delayMs).toBeLessThanOrEqual(cap);
    });
    gaps().forEach((gap, i) => {
      expect(gap).toBeGreaterThanOrEqual((retries[i]?.delayMs ?? 0) - early);
      // Not the poll interval (500): a retry follows its backoff.
      expect(gap).toBeLessThan(450);
    });
  });

  it('full jitter stays within [0, cap] and the cap stops growing at maxMs', async () => {
    server.handle(sequence(...Array.from({ length: 6 }, () => reply(500, {})), reply(200, job({ status: 'completed' }))));
    const delays: number[] = [];
    await waitForAgentJob(client, 'p', 'j', {
      intervalMs: 1000,
      backoff: { baseMs: 5, factor: 3, maxMs: 30, jitter: 'full' },
      onProgress: (e) => void (e.type === 'retry' && delays.push(e.delayMs)),
    });
    expect(delays).toHaveLength(6);
    const caps = [5, 15, 30, 30, 30, 30];
    delays.forEach((delay, i) => {
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThanOrEqual(caps[i] ?? 0);
    });
  });

  it('429 with Retry-After in seconds: the next request waits at least that long', async () => {
    server.handle(sequence(reply(429, { error: 'slow down' }, { 'retry-after': '1' }), reply(200, job({ status: 'completed' }))));
    const retries: number[] = [];
    await waitForAgentJob(client, 'p', 'j', {
      intervalMs: 10,
      timeoutMs: 5000,
      backoff: { baseMs: 10 },
      onProgress: (e) => void (e.type === 'retry' && retries.push(e.delayMs)),
    });
    expect(retries).toStrictEqual([1000]);
    expect(server.requests).toHaveLength(2);
    expect(gaps()[0]).toBeGreaterThanOrEqual(1000 - early);
  });

  it('503 with Retry-After as an HTTP date: the next request comes after that date', async () => {
    let retryAt = 0;
    server.handle(
      sequence((request, response) => {
        const date = new Date(request.wallAt + 1200).toUTCString();
        retryAt = Date.parse(date);
        sendJson(response, 503, { error: 'maintenance' }, { 'retry-after': date });
      }, reply(200, job({ status: 'completed' }))),
    );
    await waitForAgentJob(client, 'p', 'j', { intervalMs: 10, timeoutMs: 5000, backoff: { baseMs: 10 } });
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.wallAt ?? 0).toBeGreaterThanOrEqual(retryAt - early);
  });

  it('429 without Retry-After backs off', async () => {
    server.handle(sequence(reply(429, {}), reply(200, job({ status: 'completed' }))));
    const retries: number[] = [];
    await waitForAgentJob(client, 'p', 'j', { intervalMs: 1000, backoff: { baseMs: 60, jitter: 'equal' }, onProgress: (e) => void (e.type === 'retry' && retries.push(e.delayMs)) });
    expect(retries[0]).toBeGreaterThanOrEqual(30);
    expect(retries[0]).toBeLessThanOrEqual(60);
  });

  it('a dropped connection and a request timeout are retried', async () => {
    server.handle(sequence(drop, slow(1000, 200, job()), reply(200, job({ status: 'completed' }))));
    const kinds: string[] = [];
    const result = await waitForAgentJob(client, 'p', 'j', {
      intervalMs: 1000,
      timeoutMs: 5000,
      backoff: { baseMs: 10 },
      onProgress: (e) => void (e.type === 'retry' && kinds.push(e.error.kind)),
    });
    expect(result.status).toBe('completed');
    expect(kinds).toStrictEqual(['network', 'timeout']);
  });

  it('a success resets the backoff', async () => {
    server.handle(sequence(reply(500, {}), reply(500, {}), reply(200, job()), reply(500, {}), reply(200, job({ status: 'completed' }))));
    const attempts: number[] = [];
    await waitForAgentJob(client, 'p', 'j', { intervalMs: 10, backoff: { baseMs: 10 }, onProgress: (e) => void (e.type === 'retry' && attempts.push(e.attempt)) });
    expect(attempts).toStrictEqual([1, 2, 1]);
  });
});

describe('errors a retry cannot cure end the wait at once', () => {
  it.each([
    ['not-found', reply(404, { error: 'Job not found' })],
    ['unauthorized', reply(401, { error: 'bad key' })],
    ['forbidden', reply(403, {})],
    ['malformed-response', reply(200, { status: 'active' })],
    ['unexpected-status', reply(418, { error: "I'm a teapot" })],
  ] as const)('%s', async (kind, handler) => {
    server.handle(handler);
    const error = await failure(waitForAgentJob(client, 'p', 'j', { intervalMs: 10, timeoutMs: 5000 }));
    expect(error.kind).toBe(kind);
    expect(server.requests).toHaveLength(1);
  });

  it('404 after some reads still ends at once, with the server text', async () => {
    server.handle(sequence(reply(200, job()), reply(404, { error: 'Job not found' })));
    const error = await failure(waitForAgentJob(client, 'p', 'j', { intervalMs: 10 }));
    expect(error.kind).toBe('not-found');
    expect(error.serverMessage).toBe('Job not found');
    expect(server.requests).toHaveLength(2);
  });
});

describe('the overall timeout', () => {
  it('gives up with a timeout error carrying the last known job', async () => {
    server.handle(reply(200, job()));
    const started = performance.now();
    const error = await failure(waitForAgentJob(client, 'p', 'job-1', { intervalMs: 40, timeoutMs: 250 }));
    const elapsed = performance.now() - started;
    expect(error.kind).toBe('timeout');
    expect(error.overall).toBe(true);
    expect(error.retryable).toBe(false);
    expect(error.job?.status).toBe('active');
    expect(error.message).toContain('last status: active');
    // Every poll the server saw was counted; the deadline can cut the last one before its request
    // reaches the server (a loaded CI counted 7 polls against 6 requests).
    expect(error.attempts).toBeGreaterThanOrEqual(server.requests.length);
    expect(error.attempts).toBeLessThanOrEqual(server.requests.length + 1);
    // At least two polls fit in the deadline; how many more depends on the machine's load, and so does
    // how late the timer fires: the upper bound only proves the wait stops (a loaded CI took over 1 s).
    expect(server.requests.length).toBeGreaterThanOrEqual(2);
    expect(elapsed).toBeGreaterThanOrEqual(250 - early);
    expect(elapsed).toBeLessThan(10_000);
  });

  it('cancels a request in flight at the deadline', async () => {
    server.handle(slow(3000, 200, job()));
    const slowClient = createAdminClient({ baseUrl: server.baseUrl, apiKey, timeoutMs: 10_000 });
    const started = performance.now();
    const error = await failure(waitForAgentJob(slowClient, 'p', 'j', { intervalMs: 10, timeoutMs: 200 }));
    expect(error.kind).toBe('timeout');
    expect(error.overall).toBe(true);
    expect(error.job).toBeUndefined();
    expect(error.message).toContain('never read');
    expect(performance.now() - started).toBeLessThan(1500);
    await expect.poll(() => server.abandoned).toBeGreaterThan(0);
  });

  it('names the last retry reason when the server kept failing', async () => {
    server.handle(reply(500, { error: 'database down' }));
    const error = await failure(waitForAgentJob(client, 'p', 'j', { intervalMs: 10, timeoutMs: 200, backoff: { baseMs: 20 } }));
    expect(error.kind).toBe('timeout');
    expect(error.lastError?.kind).toBe('server');
    expect(error.message).toContain('database down');
  });

  it('a Retry-After beyond the deadline does not outlast the timeout', async () => {
    server.handle(reply(429, {}, { 'retry-after': '60' }));
    const started = performance.now();
    const error = await failure(waitForAgentJob(client, 'p', 'j', { intervalMs: 10, timeoutMs: 300 }));
    expect(error.kind).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(1500);
    expect(server.requests).toHaveLength(1);
  });
});

describe('cancellation', () => {
  it('an AbortSignal ends the wait during the pause between reads', async () => {
    server.handle(reply(200, job()));
    const controller = new AbortController();
    const started = performance.now();
    setTimeout(() => controller.abort(), 100);
    const error = await failure(waitForAgentJob(client, 'p', 'j', { intervalMs: 5000, signal: controller.signal }));
    expect(error.kind).toBe('aborted');
    expect(error.job?.status).toBe('active');
    expect(performance.now() - started).toBeLessThan(1500);
    expect(server.requests).toHaveLength(1);
  });

  it('an AbortSignal cancels the request in flight', async () => {
    server.handle(slow(3000, 200, job()));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 80);
    const slowClient = createAdminClient({ baseUrl: server.baseUrl, apiKey, timeoutMs: 10_000 });
    const started = performance.now();
    const error = await failure(waitForAgentJob(slowClient, 'p', 'j', { intervalMs: 10, signal: controller.signal }));
    expect(error.kind).toBe('aborted');
    expect(performance.now() - started).toBeLessThan(1500);
    await expect.poll(() => server.abandoned).toBeGreaterThan(0);
  });

  it('an aborted signal sends nothing', async () => {
    const error = await failure(waitForAgentJob(client, 'p', 'j', { signal: AbortSignal.abort() }));
    expect(error.kind).toBe('aborted');
    expect(server.requests).toHaveLength(0);
  });
});

describe('options', () => {
  it.each([
    [{ intervalMs: 0 }],
    [{ intervalMs: Number.NaN }],
    [{ timeoutMs: -1 }],
    [{ timeoutMs: 2 ** 31 }],
    [{ backoff: { factor: 0.5 } }],
    [{ backoff: { baseMs: 100, maxMs: 10 } }],
    [{ backoff: { jitter: 'none' as never } }],
  ])('refuses %j', async (options) => {
    await expect(waitForAgentJob(client, 'p', 'j', options)).rejects.toThrow(RangeError);
    expect(server.requests).toHaveLength(0);
  });
});
