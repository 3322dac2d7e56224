import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AdminApiError, createAdminClient, isApiKeyShape, type AdminClient } from '../../src/admin/index.js';
import { generatorVersion } from '../../src/version.js';
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

async function failure(promise: Promise<unknown>): Promise<AdminApiError> {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(AdminApiError);
  expectNoSecret(error);
  return error as AdminApiError;
}

describe('the request', () => {
  it('is a GET with the bearer key, encoded path segments, no body, the user agent', async () => {
    server.handle(reply(200, job({ id: 'a/b c' })));
    const custom = createAdminClient({ baseUrl: server.baseUrl, apiKey, userAgent: 'deploy-bot/7' });
    await custom.getAgentJob('proj/ü é', 'a/b c?#%');
    const [request] = server.requests;
    expect(request?.method).toBe('GET');
    expect(request?.url).toBe('/v2/agent/proj%2F%C3%BC%20%C3%A9/job/a%2Fb%20c%3F%23%25');
    expect(request?.headers['authorization']).toBe(`Bearer ${apiKey}`);
    expect(request?.headers['user-agent']).toBe('deploy-bot/7');
    expect(request?.headers['accept']).toBe('application/json');
    expect(request?.body).toBe('');
    expect(request?.headers['content-length'] ?? '0').toBe('0');
    expect(request?.headers['transfer-encoding']).toBeUndefined();
  });

  it('sends docs-build/<version> by default and keeps a path prefix of the base URL', async () => {
    server.handle(reply(200, job()));
    const prefixed = createAdminClient({ baseUrl: `${server.baseUrl}/admin//`, apiKey });
    expect(prefixed.baseUrl).toBe(`${server.baseUrl}/admin`);
    await prefixed.getAgentJob('p', 'j');
    expect(server.requests[0]?.url).toBe('/admin/v2/agent/p/job/j');
    expect(server.requests[0]?.headers['user-agent']).toBe(`docs-build/${generatorVersion}`);
  });

  it('refuses ids that URL parsing would resolve away, before any request', async () => {
    for (const id of ['', '.', '..']) {
      await expect(client.getAgentJob('p', id)).rejects.toThrow(TypeError);
      await expect(client.getAgentJob(id, 'j')).rejects.toThrow(TypeError);
    }
    expect(server.requests).toHaveLength(0);
  });

  it('does not follow a redirect, so the key never travels to another address', async () => {
    const elsewhere = await startServer(reply(200, job()));
    try {
      server.handle((_, response) => {
        response.writeHead(307, { location: `${elsewhere.baseUrl}/v2/agent/p/job/j` });
        response.end();
      });
      const error = await failure(client.getAgentJob('p', 'j'));
      expect(error.kind).toBe('unexpected-status');
      expect(error.status).toBe(307);
      expect(elsewhere.requests).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });
});

describe('the API key', () => {
  it('must have the <PREFIX>_<rest> shape, checked before any request, never quoted', async () => {
    const bad = ['', 'nounderscore', '_rest', 'mint_', 'mint_has space', 'mint_tab\tx', 'mint_ünïcode', 'mi-nt_rest'];
    for (const key of bad) {
      const error = (() => {
        try {
          createAdminClient({ baseUrl: server.baseUrl, apiKey: key });
        } catch (thrown) {
          return thrown;
        }
        return undefined;
      })();
      expect(error, key).toBeInstanceOf(AdminApiError);
      expect((error as AdminApiError).kind).toBe('invalid-key');
      if (key.length > 0) expect((error as AdminApiError).message).not.toContain(key);
    }
    expect(server.requests).toHaveLength(0);
  });

  it('checks the configured prefix, with or without its underscore', () => {
    expect(isApiKeyShape('mint_abc', 'mint')).toBe(true);
    expect(isApiKeyShape('mint_abc', 'mint_')).toBe(true);
    expect(isApiKeyShape('other_abc', 'mint')).toBe(false);
    expect(isApiKeyShape('mintabc_x', 'mint')).toBe(false);
    expect(isApiKeyShape('a_b_c')).toBe(true);
    expect(() => createAdminClient({ baseUrl: server.baseUrl, apiKey: 'other_Sup3rSecret', keyPrefix: 'mint' })).toThrow(/"mint_"/);
    expect(() => isApiKeyShape('x_y', 'bad prefix')).toThrow(TypeError);
  });
});

describe('the base URL', () => {
  it.each([['not a url'], ['ftp://example.com'], ['https://example.com/?x=1'], ['https://example.com/#top'], ['https://user:pw@example.com']])(
    'refuses %s',
    (baseUrl) => {
      expect(() => createAdminClient({ baseUrl, apiKey })).toThrow(expect.objectContaining({ kind: 'invalid-base-url' }));
    },
  );
});

describe('responses', () => {
  it('returns the job exactly as the field table says, nullable fields absent -> null, unknown fields dropped', async () => {
    server.handle(
      reply(200, {
        id: 'j',
        status: 'completed',
        source: { repository: 'https://github.com/acme/docs' },
        model: 'm',
        prLink: 'https://github.com/acme/docs/pull/12',
        createdAt: '2025-01-02T03:04:05Z',
        extra: 'dropped',
      }),
    );
    expect(await client.getAgentJob('p', 'j')).toStrictEqual({
      id: 'j',
      status: 'completed',
      source: { repository: 'https://github.com/acme/docs', ref: null },
      model: 'm',
      prLink: 'https://github.com/acme/docs/pull/12',
      createdAt: '2025-01-02T03:04:05Z',
      archivedAt: null,
    });
  });

  it('404 is not-found with the server error text', async () => {
    server.handle(reply(404, { error: 'Job not found' }));
    const error = await failure(client.getAgentJob('p', 'missing'));
    expect(error.kind).toBe('not-found');
    expect(error.status).toBe(404);
    expect(error.serverMessage).toBe('Job not found');
    expect(error.message).toContain('Job not found');
    expect(error.message).toContain('"missing"');
    expect(error.retryable).toBe(false);
  });

  it('404 without an Error body is still not-found', async () => {
    server.handle(reply(404, '<html>nope</html>'));
    const error = await failure(client.getAgentJob('p', 'j'));
    expect(error.kind).toBe('not-found');
    expect(error.serverMessage).toBeUndefined();
  });

  it.each([
    [401, 'unauthorized', false],
    [403, 'forbidden', false],
    [429, 'rate-limited', true],
    [500, 'server', true],
    [503, 'server', true],
    [418, 'unexpected-status', false],
    [400, 'unexpected-status', false],
  ] as const)('%i is %s', async (status, kind, retryable) => {
    server.handle(reply(status, { error: `server says ${status}` }, status === 429 || status === 503 ? { 'retry-after': '7' } : {}));
    const error = await failure(client.getAgentJob('p', 'j'));
    expect(error.kind).toBe(kind);
    expect(error.status).toBe(status);
    expect(error.serverMessage).toBe(`server says ${status}`);
    expect(error.message).toContain(String(status));
    expect(error.retryable).toBe(retryable);
    expect(error.retryAfterMs).toBe(status === 429 || status === 503 ? 7000 : undefined);
  });

  it('redacts the key when the server echoes it', async () => {
    server.handle(reply(401, { error: `key ${apiKey} is revoked` }));
    const error = await failure(client.getAgentJob('p', 'j'));
    expect(error.serverMessage).toBe('key [redacted] is revoked');
  });

  it.each([
    ['not JSON', '{"id": '],
    ['an array', '[]'],
    ['a missing status', JSON.stringify({ ...job(), status: undefined })],
    ['an unknown status', JSON.stringify(job({ status: 'running' as never }))],
    ['a date that is not ISO 8601', JSON.stringify(job({ createdAt: 'yesterday' }))],
    ['a prLink that is not a pull request URL', JSON.stringify(job({ prLink: 'not a url' }))],
    ['a null repository', JSON.stringify(job({ source: { repository: null as never, ref: null } }))],
    ['a numeric id', JSON.stringify(job({ id: 42 as never }))],
  ])('a 200 with %s is malformed-response', async (_, body) => {
    server.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(body);
    });
    const error = await failure(client.getAgentJob('p', 'j'));
    expect(error.kind).toBe('malformed-response');
    expect(error.status).toBe(200);
    expect(error.problems?.length).toBeGreaterThan(0);
    expect(error.retryable).toBe(false);
  });

  it('names what is wrong in a malformed job', async () => {
    server.handle(reply(200, job({ status: 'running' as never })));
    const error = await failure(client.getAgentJob('p', 'j'));
    expect(error.message).toContain('/status must be equal to one of the allowed values: active, completed, archived, failed');
  });
});

describe('transport failures', () => {
  it('a response slower than timeoutMs is a timeout, and the request is cancelled', async () => {
    server.handle(slow(2000, 200, job()));
    const started = performance.now();
    const error = await failure(client.getAgentJob('p', 'j'));
    const elapsed = performance.now() - started;
    expect(error.kind).toBe('timeout');
    expect(error.retryable).toBe(true);
    expect(elapsed).toBeGreaterThanOrEqual(295);
    expect(elapsed).toBeLessThan(1500);
    await expect.poll(() => server.abandoned).toBeGreaterThan(0);
  });

  it('a body that stalls after the headers is a timeout too', async () => {
    server.handle((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"id":');
    });
    const error = await failure(client.getAgentJob('p', 'j'));
    expect(error.kind).toBe('timeout');
  });

  it('a dropped connection is a network error', async () => {
    server.handle(drop);
    const error = await failure(client.getAgentJob('p', 'j'));
    expect(error.kind).toBe('network');
    expect(error.retryable).toBe(true);
    expect(error.status).toBeUndefined();
    expect(error.cause).toBeUndefined();
  });

  it('a refused connection is unreachable (test/admin/unreachable.test.ts has the other causes)', async () => {
    const closed = await startServer();
    const url = closed.baseUrl;
    await closed.close();
    const error = await failure(createAdminClient({ baseUrl: url, apiKey }).getAgentJob('p', 'j'));
    expect(error.kind).toBe('unreachable');
    expect(error.message).toMatch(/ECONNREFUSED/);
  });

  it('an AbortSignal cancels the request in flight', async () => {
    server.handle(slow(2000, 200, job()));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = performance.now();
    const error = await failure(createAdminClient({ baseUrl: server.baseUrl, apiKey }).getAgentJob('p', 'j', { signal: controller.signal }));
    expect(error.kind).toBe('aborted');
    expect(performance.now() - started).toBeLessThan(1000);
    await expect.poll(() => server.abandoned).toBeGreaterThan(0);
  });

  it('an already aborted signal sends nothing', async () => {
    const error = await failure(client.getAgentJob('p', 'j', { signal: AbortSignal.abort() }));
    expect(error.kind).toBe('aborted');
    expect(server.requests).toHaveLength(0);
  });

  it('keeps working on the same client after failures', async () => {
    server.handle(sequence(drop, reply(500, { error: 'x' }), reply(200, job({ status: 'completed' }))));
    await expect(client.getAgentJob('p', 'j')).rejects.toMatchObject({ kind: 'network' });
    await expect(client.getAgentJob('p', 'j')).rejects.toMatchObject({ kind: 'server' });
    await expect(client.getAgentJob('p', 'j')).resolves.toMatchObject({ status: 'completed' });
  });
});

describe('errors', () => {
  it('serialize to a JSON summary without the key', async () => {
    server.handle((_, response) => sendJson(response, 404, { error: 'Job not found' }));
    const error = await failure(client.getAgentJob('p', 'j'));
    expect(JSON.parse(JSON.stringify(error))).toStrictEqual({
      name: 'AdminApiError',
      kind: 'not-found',
      message: error.message,
      status: 404,
      serverMessage: 'Job not found',
    });
  });
});
