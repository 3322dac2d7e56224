import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runJobChecks } from '../../src/admin/index.js';
import { catalog } from '../../src/diagnostics/index.js';
import { apiKey, expectNoSecret, job, reply, sequence, startServer, type Handler, type TestServer } from './helpers.js';

let server: TestServer;

// A server per test: a request cancelled at the end of one test can still arrive after it, and must
// not be counted by the next.
beforeEach(async () => {
  server = await startServer();
});

const pr = 'https://github.com/acme/docs/pull/9';

/** Routes on the job id (the last path segment) so several checks can run against one server. */
function jobs(routes: Record<string, Handler>): Handler {
  const seen = new Map<string, number>();
  return (request, response) => {
    const id = decodeURIComponent(request.url.split('/').pop() ?? '');
    const handler = routes[id] ?? reply(404, { error: 'Job not found' });
    const index = seen.get(id) ?? 0;
    seen.set(id, index + 1);
    return handler(request, response, index);
  };
}

const fast = { intervalMs: 20, timeoutMs: 2000 };

describe('runJobChecks', () => {
  it('reports nothing for completed jobs and one error per job that did not end well, in check order', async () => {
    server.handle(
      jobs({
        done: sequence(reply(200, job({ id: 'done' })), reply(200, job({ id: 'done', status: 'completed', prLink: pr }))),
        broken: sequence(reply(200, job({ id: 'broken' })), reply(200, job({ id: 'broken', status: 'failed' }))),
        old: reply(200, job({ id: 'old', status: 'archived', archivedAt: '2025-01-05T00:00:00Z', prLink: pr })),
        stuck: reply(200, job({ id: 'stuck' })),
      }),
    );
    const diagnostics = await runJobChecks(
      [
        { projectId: 'p', jobId: 'done', ...fast },
        { projectId: 'p', jobId: 'stuck', intervalMs: 20, timeoutMs: 150 },
        { projectId: 'p', jobId: 'broken', ...fast },
        { projectId: 'p', jobId: 'missing', ...fast },
        { projectId: 'p', jobId: 'old', ...fast },
      ],
      { baseUrl: server.baseUrl, apiKey },
    );
    expect(diagnostics.map((d) => d.code)).toStrictEqual(['admin/job-timeout', 'admin/job-failed', 'admin/job-error', 'admin/job-archived']);
    const [timeout, failed, missing, archived] = diagnostics;
    expect(timeout?.message).toContain('"stuck"');
    expect(timeout?.message).toContain('last status: active');
    expect(failed?.message).toBe('agent job "broken" of project "p" failed (no pull request)');
    expect(missing?.message).toContain('Job not found');
    expect(missing?.suggestion).toBe('Check the project id and the job id.');
    expect(archived?.message).toBe(`agent job "old" of project "p" was archived at 2025-01-05T00:00:00Z (pull request: ${pr})`);
    for (const d of diagnostics) {
      expect(d.severity).toBe('error');
      expect(d.stage).toBe('admin');
      expect(d.file).toBeUndefined();
      expect(Object.keys(catalog)).toContain(d.code);
    }
    expectNoSecret(diagnostics);
  });

  it('runs the checks concurrently', async () => {
    server.handle(jobs({ a: sequence(reply(200, job()), reply(200, job({ status: 'completed' }))), b: sequence(reply(200, job()), reply(200, job({ status: 'completed' }))) }));
    const started = performance.now();
    const diagnostics = await runJobChecks(
      [
        { projectId: 'p', jobId: 'a', intervalMs: 400 },
        { projectId: 'p', jobId: 'b', intervalMs: 400 },
      ],
      { baseUrl: server.baseUrl, apiKey },
    );
    expect(diagnostics).toStrictEqual([]);
    // One after the other would take at least 800 ms.
    expect(performance.now() - started).toBeLessThan(780);
  });

  it('requirePullRequest fails a job that completed without one', async () => {
    server.handle(jobs({ nopr: reply(200, job({ status: 'completed' })), pr: reply(200, job({ status: 'completed', prLink: pr })) }));
    const diagnostics = await runJobChecks(
      [
        { projectId: 'p', jobId: 'nopr', requirePullRequest: true, ...fast },
        { projectId: 'p', jobId: 'pr', requirePullRequest: true, ...fast },
        { projectId: 'p', jobId: 'nopr', ...fast },
      ],
      { baseUrl: server.baseUrl, apiKey },
    );
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]?.severity).toBe('error');
    expect(diagnostics[0]?.code).toBe('admin/job-no-pull-request');
    expect(diagnostics[0]?.message).toContain('"nopr"');
    expect(diagnostics[0]?.message).toContain('without opening a pull request');
  });

  it('a bad key is an error for every check, with no request and no key in the text', async () => {
    const diagnostics = await runJobChecks(
      [
        { projectId: 'p', jobId: 'a' },
        { projectId: 'p', jobId: 'b' },
      ],
      { baseUrl: server.baseUrl, apiKey: 'Sup3rSecret-KEY.value9' },
    );
    expect(diagnostics.map((d) => d.code)).toStrictEqual(['admin/job-error', 'admin/job-error']);
    expect(diagnostics[0]?.message).toContain('<PREFIX>_<rest>');
    expect(server.requests).toHaveLength(0);
    expectNoSecret(diagnostics);
  });

  it('401 becomes admin/job-error even when the server echoes the key', async () => {
    server.handle(reply(401, { error: `unknown key ${apiKey}` }));
    const diagnostics = await runJobChecks([{ projectId: 'p', jobId: 'a', ...fast }], { baseUrl: server.baseUrl, apiKey });
    expect(diagnostics.map((d) => d.code)).toStrictEqual(['admin/job-error']);
    expect(diagnostics[0]?.suggestion).toBe('Check the admin API key.');
    expectNoSecret(diagnostics);
  });

  it('an aborted run fails closed', async () => {
    server.handle(reply(200, job()));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const diagnostics = await runJobChecks([{ projectId: 'p', jobId: 'a', intervalMs: 5000 }], { baseUrl: server.baseUrl, apiKey, signal: controller.signal });
    expect(diagnostics.map((d) => d.code)).toStrictEqual(['admin/job-error']);
    expect(diagnostics[0]?.message).toContain('cancelled');
  });

  it('no checks: nothing to do, not even a key to check', async () => {
    expect(await runJobChecks([], { baseUrl: '', apiKey: '' })).toStrictEqual([]);
  });

  it('a bad check option is reported, not thrown', async () => {
    const diagnostics = await runJobChecks([{ projectId: 'p', jobId: 'a', timeoutMs: -1 }], { baseUrl: server.baseUrl, apiKey });
    expect(diagnostics.map((d) => d.code)).toStrictEqual(['admin/job-error']);
    expect(server.requests).toHaveLength(0);
  });
});
afterEach(() => server.close());
