import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiKey, job, reply, startServer, type Handler, type TestServer } from '../admin/helpers.js';

const projectDir = fileURLToPath(new URL('../../', import.meta.url));
const cliFromSources = path.join(projectDir, 'test/robustness/support/cli-src.ts');

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(() => server.close());

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** From the SIGINT to the end of the process. */
  afterSignalMs: number;
}

/**
 * Runs `docs-build <args>` in a real child process and sends it SIGINT once `ready` holds for what it
 * printed or for the requests the server saw, as a terminal's Ctrl-C does.
 */
function interrupt(args: string[], ready: (stdout: string) => boolean): Promise<Ended> {
  const child = spawn(process.execPath, ['--import', 'tsx', cliFromSources, ...args], {
    cwd: projectDir,
    env: { ...process.env, DOCS_ADMIN_API_KEY: apiKey, DOCS_ADMIN_API_URL: server.baseUrl, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let signalledAt = 0;
  const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const poll = setInterval(() => {
    if (signalledAt === 0 && ready(stdout)) {
      signalledAt = performance.now();
      child.kill('SIGINT');
    }
  }, 20);
  child.stdout.on('data', (chunk: Buffer) => void (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString('utf8')));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      clearTimeout(killer);
      clearInterval(poll);
      resolve({ code, signal, stdout, stderr, afterSignalMs: performance.now() - signalledAt });
    });
  });
}

/** Never answers, so the request stays in flight until the client gives up. */
const never: Handler = (_, response) => new Promise<void>((resolve) => response.on('close', resolve));

describe('Ctrl-C (SIGINT) during a job command', () => {
  it('job wait: exits 130 at once, saying it was interrupted and what it last saw', async () => {
    server.handle(reply(200, job()));
    const ended = await interrupt(['job', 'wait', 'proj', 'job-1', '--interval', '10s'], (out) => out.includes('job job-1: active\n'));
    expect(ended.signal).toBeNull();
    expect(ended.code).toBe(130);
    expect(ended.stderr).toBe('docs-build: interrupted: waiting for agent job "job-1" of project "proj" was cancelled (last status: active)\n');
    // Not after the 10 s pause: the signal ends the pause.
    expect(ended.afterSignalMs).toBeLessThan(3000);
  }, 30_000);

  it('job get: a request in flight is cancelled, exit 130 with a message', async () => {
    server.handle(never);
    const ended = await interrupt(['job', 'get', 'proj', 'job-1'], () => server.requests.length > 0);
    expect(ended.signal).toBeNull();
    expect(ended.code).toBe(130);
    expect(ended.stderr).toBe('docs-build: interrupted: reading agent job "job-1" of project "proj" was cancelled\n');
    await expect.poll(() => server.abandoned).toBe(1);
  }, 30_000);
});
