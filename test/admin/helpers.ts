import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { Command, CommanderError } from 'commander';
import { expect } from 'vitest';
import type { AgentJob } from '../../src/admin/index.js';
import { UsageError, type CliIo } from '../../src/cli/io.js';
import { jobCommand } from '../../src/cli/job.js';

/** A distinctive key: any output containing it (or its secret part) is a leak. */
export const apiKey = 'mint_Sup3rSecret-KEY.value9';
const secretPart = 'Sup3rSecret-KEY.value9';

export interface RecordedRequest {
  method: string;
  /** The raw request target, exactly as sent (still percent-encoded). */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** performance.now() when the request arrived (same clock as the client: same process). */
  at: number;
  /** Date.now() when the request arrived, for HTTP-date comparisons. */
  wallAt: number;
}

export type Handler = (request: RecordedRequest, response: http.ServerResponse, index: number) => void | Promise<void>;

export interface TestServer {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Replaces the handler. */
  handle(handler: Handler): void;
  /** Requests whose response was never finished because the client went away. */
  abandoned: number;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1, on a port the OS picks (or on `port`). */
export async function startServer(handler: Handler = (_, response) => sendJson(response, 500, { error: 'no handler' }), port = 0): Promise<TestServer> {
  let current = handler;
  const requests: RecordedRequest[] = [];
  const state = { abandoned: 0 };
  const server = http.createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    const at = performance.now();
    const wallAt = Date.now();
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request: RecordedRequest = {
        method: incoming.method ?? '',
        url: incoming.url ?? '',
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at,
        wallAt,
      };
      const index = requests.push(request) - 1;
      response.on('close', () => {
        if (!response.writableFinished) state.abandoned++;
      });
      void Promise.resolve(current(request, response, index)).catch((error: unknown) => {
        if (!response.headersSent && !response.destroyed) sendJson(response, 599, { error: String(error) });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    requests,
    handle(next) {
      current = next;
    },
    get abandoned() {
      return state.abandoned;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(response: http.ServerResponse, status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}): void {
  if (response.destroyed) return;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(text);
}

export function job(overrides: Partial<AgentJob> & Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'job-1',
    status: 'active',
    source: { repository: 'https://github.com/acme/docs', ref: 'main' },
    model: 'agent-model-1',
    prLink: null,
    createdAt: '2025-01-02T03:04:05.000Z',
    archivedAt: null,
    ...overrides,
  };
}

/** Answers the n-th request with the n-th handler; the last one answers every request after. */
export function sequence(...handlers: Handler[]): Handler {
  return (request, response, index) => {
    const handler = handlers[Math.min(index, handlers.length - 1)];
    if (!handler) throw new Error('empty sequence');
    return handler(request, response, index);
  };
}

export const reply =
  (status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}): Handler =>
  (_, response) =>
    sendJson(response, status, body, headers);

/** Answers after `ms`, unless the client has gone away by then. */
export const slow =
  (ms: number, status: number, body: unknown): Handler =>
  (_, response) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        sendJson(response, status, body);
        resolve();
      }, ms);
      response.on('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });

export const drop: Handler = (_, response) => {
  response.socket?.destroy();
};

/** Fails the test if the key (or its secret part) shows up in any rendering of any value. */
export function expectNoSecret(...values: unknown[]): void {
  for (const value of values) {
    const renderings = [inspect(value, { showHidden: true, depth: Infinity, getters: true }), safeStringify(value), String(value)];
    if (value instanceof Error) {
      renderings.push(value.message, value.stack ?? '');
      for (const key of Object.getOwnPropertyNames(value)) renderings.push(safeStringify((value as unknown as Record<string, unknown>)[key]));
      let cause: unknown = value.cause;
      while (cause !== undefined && cause !== null) {
        renderings.push(inspect(cause, { showHidden: true, depth: Infinity }));
        cause = cause instanceof Error ? cause.cause : undefined;
      }
    }
    for (const text of renderings) {
      expect(text).not.toContain(apiKey);
      expect(text).not.toContain(secretPart);
    }
  }
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

/** The rejection of a promise, failing the test if it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

export interface CliRun {
  code: number | undefined;
  stdout: string;
  stderr: string;
}

/** Runs `docs-build job ...` in-process, mounted as main() mounts it, mapping what escapes as main() does. */
export async function runJobCli(args: string[], options: { env: Record<string, string | undefined>; isTTY?: boolean; signal?: AbortSignal }): Promise<CliRun> {
  const run: CliRun = { code: undefined, stdout: '', stderr: '' };
  const io: CliIo = {
    stdout: (text) => void (run.stdout += text),
    stderr: (text) => void (run.stderr += text),
    isTTY: options.isTTY ?? false,
    env: options.env,
    cwd: process.cwd(),
  };
  if (options.signal) io.signal = options.signal;
  const program = new Command('docs-build').exitOverride().configureOutput({ writeOut: io.stdout, writeErr: io.stderr });
  program.addCommand(jobCommand(io, (code) => void (run.code = code)));
  try {
    await program.parseAsync(args, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) run.code = error.exitCode === 0 ? 0 : 2;
    else if (error instanceof UsageError) {
      run.stderr += `docs-build: ${error.message}\n`;
      run.code = 2;
    } else throw error;
  }
  return run;
}

/**
 * A self-signed certificate for 127.0.0.1, made by the openssl command (Node cannot create one); undefined
 * where openssl is missing, so the test that needs it can skip.
 */
export function selfSignedCert(): { key: string; cert: string } | undefined {
  const dir = mkdtempSync(path.join(tmpdir(), 'docs-build-tls-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' });
    return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
  } catch {
    return undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
