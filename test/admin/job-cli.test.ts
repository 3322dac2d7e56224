import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseDuration } from '../../src/cli/job.js';
import { apiKey, drop, expectNoSecret, job, reply, runJobCli, sequence, slow, startServer, type CliRun, type TestServer } from './helpers.js';

let server: TestServer;

// A server per test: a request cancelled at the end of one test can still arrive after it, and must
// not be counted by the next.
beforeEach(async () => {
  server = await startServer();
});

/** Mounts the command as main() does and maps what escapes it the way main() does. */
async function cli(args: string[], options: { env?: Record<string, string | undefined>; isTTY?: boolean; signal?: AbortSignal } = {}): Promise<CliRun> {
  const run = await runJobCli(args, { ...options, env: options.env ?? { DOCS_ADMIN_API_KEY: apiKey, DOCS_ADMIN_API_URL: server.baseUrl } });
  expectNoSecret(run.stdout, run.stderr);
  return run;
}

const pr = 'https://github.com/acme/docs/pull/7';
const fast = ['--interval', '20ms', '--timeout', '2s'];

describe('job wait', () => {
  it('exit 0 on completed: status lines as they change, then the pull request', async () => {
    server.handle(sequence(reply(200, job()), reply(200, job()), reply(200, job({ status: 'completed', prLink: pr }))));
    const run = await cli(['job', 'wait', 'proj', 'job-1', ...fast]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`job job-1: active\njob job-1: completed\npull request: ${pr}\n`);
    expect(run.stderr).toBe('');
    expect(server.requests).toHaveLength(3);
  });

  it('exit 0 and "no pull request" when the job changed no files', async () => {
    server.handle(reply(200, job({ status: 'completed' })));
    const run = await cli(['job', 'wait', 'proj', 'job-1', ...fast]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('job job-1: completed\nno pull request\n');
  });

  it('exit 3 on failed', async () => {
    server.handle(sequence(reply(200, job()), reply(200, job({ status: 'failed' }))));
    const run = await cli(['job', 'wait', 'proj', 'job-1', ...fast]);
    expect(run.code).toBe(3);
    expect(run.stdout).toContain('job job-1: failed\n');
  });

  it('exit 4 on archived', async () => {
    server.handle(reply(200, job({ status: 'archived', archivedAt: '2025-01-03T00:00:00Z' })));
    const run = await cli(['job', 'wait', 'proj', 'job-1', ...fast]);
    expect(run.code).toBe(4);
  });

  it('exit 5 when the timeout passes, naming the last status', async () => {
    server.handle(reply(200, job()));
    const run = await cli(['job', 'wait', 'proj', 'job-1', '--interval', '20ms', '--timeout', '200ms']);
    expect(run.code).toBe(5);
    expect(run.stderr).toMatch(/did not reach a final status within 200ms \(last status: active\)/);
  });

  it('exit 1 on 404, with the server text', async () => {
    server.handle(reply(404, { error: 'Job not found' }));
    const run = await cli(['job', 'wait', 'proj', 'nope', ...fast]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Job not found');
  });

  it('exit 1 on 401 even when the server echoes the key', async () => {
    server.handle(reply(401, { error: `invalid key ${apiKey}` }));
    const run = await cli(['job', 'wait', 'proj', 'job-1', ...fast]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('401');
  });

  it('reports retries on stderr and goes on', async () => {
    server.handle(sequence(drop, reply(503, { error: 'busy' }, { 'retry-after': '0' }), reply(200, job({ status: 'completed', prLink: pr }))));
    const run = await cli(['job', 'wait', 'proj', 'job-1', ...fast]);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/job job-1: retrying in \d+\.\ds \(network\)\n/);
    expect(run.stderr).toMatch(/job job-1: retrying in \d+\.\ds \(server 503\)\n/);
  });

  it('--format json prints only the final job on stdout', async () => {
    server.handle(sequence(reply(200, job()), reply(200, job({ status: 'completed', prLink: pr }))));
    const run = await cli(['job', 'wait', 'proj', 'job-1', ...fast, '--format', 'json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toStrictEqual({ ...job({ status: 'completed', prLink: pr }) });
  });

  it('--format json on a timeout prints the error and the last job', async () => {
    server.handle(reply(200, job()));
    const run = await cli(['job', 'wait', 'proj', 'job-1', '--interval', '20ms', '--timeout', '150ms', '--format', 'json']);
    expect(run.code).toBe(5);
    const out = JSON.parse(run.stdout) as { error: { kind: string }; job: { status: string } };
    expect(out.error.kind).toBe('timeout');
    expect(out.job.status).toBe('active');
  });

  it('draws a spinner on a TTY and clears it at the end', async () => {
    server.handle(sequence(slow(250, 200, job()), reply(200, job({ status: 'completed', prLink: pr }))));
    const run = await cli(['job', 'wait', 'proj', 'job-1', '--interval', '200ms', '--timeout', '3s'], { isTTY: true, env: { DOCS_ADMIN_API_KEY: apiKey, DOCS_ADMIN_API_URL: server.baseUrl, NO_COLOR: '1' } });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] job job-1: active/);
    expect(run.stdout).toContain('\r\x1b[2K');
    expect(run.stdout.endsWith(`job job-1: completed\n\r\x1b[2Kpull request: ${pr}\n`)).toBe(true);
  });

  it('SIGINT (io.signal) cancels: exit 130 with a message (test/cli/job-interrupt.test.ts sends a real SIGINT)', async () => {
    server.handle(reply(200, job()));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const run = await cli(['job', 'wait', 'proj', 'job-1', '--interval', '5s'], { signal: controller.signal });
    expect(run.code).toBe(130);
    expect(run.stderr).toBe('docs-build: interrupted: waiting for agent job "job-1" of project "proj" was cancelled (last status: active)\n');
  });

  it('--require-pull-request: exit 7 when the job completed without one, 0 with one, and failed stays 3', async () => {
    server.handle(sequence(reply(200, job()), reply(200, job({ status: 'completed' }))));
    const run = await cli(['job', 'wait', 'proj', 'job-1', ...fast, '--require-pull-request']);
    expect(run.code).toBe(7);
    expect(run.stdout).toBe('job job-1: active\njob job-1: completed\nno pull request\n');
    expect(run.stderr).toBe('docs-build: job job-1 completed without opening a pull request, and --require-pull-request requires one\n');

    server.handle(reply(200, job({ status: 'completed', prLink: pr })));
    expect((await cli(['job', 'wait', 'proj', 'job-1', ...fast, '--require-pull-request'])).code).toBe(0);
    server.handle(reply(200, job({ status: 'failed' })));
    expect((await cli(['job', 'wait', 'proj', 'job-1', ...fast, '--require-pull-request'])).code).toBe(3);
    const json = await (async () => {
      server.handle(reply(200, job({ status: 'completed' })));
      return cli(['job', 'wait', 'proj', 'job-1', ...fast, '--require-pull-request', '--format', 'json']);
    })();
    expect(json.code).toBe(7);
    expect(JSON.parse(json.stdout)).toMatchObject({ status: 'completed', prLink: null });
  });

  it('a base URL that cannot be reached: exit 6 at once, not retried until --timeout', async () => {
    const closed = await startServer();
    const url = closed.baseUrl;
    await closed.close();
    const started = performance.now();
    const run = await cli(['job', 'wait', 'proj', 'job-1', '--interval', '20ms', '--timeout', '10m'], { env: { DOCS_ADMIN_API_KEY: apiKey, DOCS_ADMIN_API_URL: url } });
    expect(run.code).toBe(6);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(run.stderr).toBe(
      `docs-build: cannot reach the admin API at ${url} (reading agent job "job-1" of project "proj"): the connection was refused (ECONNREFUSED): nothing listens at that address and port\n`,
    );
    expect(run.stderr).not.toMatch(/retrying/);
  });
});
afterEach(() => server.close());

describe('job get', () => {
  it('prints the job once: exit 0 for an active job', async () => {
    server.handle(reply(200, job()));
    const run = await cli(['job', 'get', 'proj', 'job-1']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('job job-1: active\n');
    expect(run.stdout).toContain('https://github.com/acme/docs (main)');
    expect(run.stdout).toContain('no pull request yet\n');
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    ['completed', 0],
    ['failed', 3],
    ['archived', 4],
  ] as const)('%s -> exit %i', async (status, code) => {
    server.handle(reply(200, job({ status, prLink: status === 'completed' ? pr : null })));
    const run = await cli(['job', 'get', 'proj', 'job-1', '--format', 'json']);
    expect(run.code).toBe(code);
    expect(JSON.parse(run.stdout)).toMatchObject({ status });
  });

  it('exit 1 on 403 and on a malformed body; exit 5 on a request timeout', async () => {
    server.handle(reply(403, { error: 'not your project' }));
    expect((await cli(['job', 'get', 'proj', 'job-1'])).code).toBe(1);
    server.handle(reply(200, { id: 'job-1' }));
    expect((await cli(['job', 'get', 'proj', 'job-1'])).code).toBe(1);
    server.handle(slow(2000, 200, job()));
    const run = await cli(['job', 'get', 'proj', 'job-1', '--request-timeout', '100ms']);
    expect(run.code).toBe(5);
    expect(run.stderr).toContain('timed out after 100 ms');
  });
});

describe('usage: exit 2, nothing sent, the key never shown', () => {
  const base = { DOCS_ADMIN_API_URL: 'http://127.0.0.1:9' };
  it.each([
    ['no key', ['job', 'wait', 'p', 'j'], base, /DOCS_ADMIN_API_KEY/],
    ['an empty key', ['job', 'get', 'p', 'j'], { ...base, DOCS_ADMIN_API_KEY: '  ' }, /DOCS_ADMIN_API_KEY/],
    ['a key without prefix', ['job', 'get', 'p', 'j'], { ...base, DOCS_ADMIN_API_KEY: 'Sup3rSecret-KEY.value9' }, /<PREFIX>_<rest>/],
    ['a key with a space', ['job', 'get', 'p', 'j'], { ...base, DOCS_ADMIN_API_KEY: `${apiKey} x` }, /<PREFIX>_<rest>/],
    ['no base URL', ['job', 'get', 'p', 'j'], { DOCS_ADMIN_API_KEY: apiKey }, /--base-url or set DOCS_ADMIN_API_URL/],
    ['a bad base URL', ['job', 'get', 'p', 'j', '--base-url', 'nope'], { DOCS_ADMIN_API_KEY: apiKey }, /not a valid URL/],
    ['a bad duration', ['job', 'wait', 'p', 'j', '--timeout', '10'], { ...base, DOCS_ADMIN_API_KEY: apiKey }, /expected a duration/],
    ['a zero interval', ['job', 'wait', 'p', 'j', '--interval', '0s'], { ...base, DOCS_ADMIN_API_KEY: apiKey }, /longer than 0/],
    ['an unknown format', ['job', 'get', 'p', 'j', '--format', 'xml'], { ...base, DOCS_ADMIN_API_KEY: apiKey }, /xml/],
    ['a missing job id', ['job', 'get', 'p'], { ...base, DOCS_ADMIN_API_KEY: apiKey }, /missing required argument/],
    ['a ".." job id', ['job', 'get', 'p', '..'], { ...base, DOCS_ADMIN_API_KEY: apiKey }, /jobId cannot be/],
  ])('%s', async (_, args, env, message) => {
    const run = await cli(args, { env });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stdout).toBe('');
  });

  it('--base-url wins over DOCS_ADMIN_API_URL', async () => {
    server.handle(reply(200, job({ status: 'completed' })));
    const run = await cli(['job', 'get', 'p', 'j', '--base-url', server.baseUrl], { env: { DOCS_ADMIN_API_KEY: apiKey, DOCS_ADMIN_API_URL: 'http://127.0.0.1:9' } });
    expect(run.code).toBe(0);
  });

  it('--help exits 0', async () => {
    const run = await cli(['job', 'wait', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('DOCS_ADMIN_API_KEY');
    expect(run.stdout).toContain('5 timed out');
    expect(run.stdout).toContain('6 the admin API cannot be reached');
    expect(run.stdout).toContain('7 completed without a pull request');
    expect(run.stdout).toContain('130 interrupted');
    expect(run.stdout).toContain('--require-pull-request');
  });
});

describe('parseDuration', () => {
  it.each([
    ['500ms', 500],
    ['5s', 5000],
    ['10m', 600_000],
    ['1h', 3_600_000],
    ['1.5s', 1500],
    ['1m30s', 90_000],
  ])('%s = %i ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it.each(['', '10', 's', '5 s', '-5s', '5d', '1e3ms', '0ms', '25d', '5s5'])('refuses %j', (text) => {
    expect(() => parseDuration(text)).toThrow();
  });
});
