import { generatorName, generatorVersion } from '../version.js';
import { AdminApiError, redact } from './errors.js';
import { assertApiKeyShape } from './key.js';
import { maxTimerMs, parseRetryAfter } from './retry.js';
import { describeProblems, validators, type AgentJobWire } from './schema.js';
import type { AgentJob } from './types.js';
import { waitForAgentJob, type WaitOptions } from './wait.js';

export interface AdminClientOptions {
  /** Base address of the admin API, e.g. `https://api.example.com` (a path prefix is kept). */
  baseUrl: string;
  /** Admin API key, `<PREFIX>_<rest>`. Checked here, before any request; never printed. */
  apiKey: string;
  /** Expected key prefix (`'mint'` or `'mint_'`). Default: any alphanumeric prefix followed by `_`. */
  keyPrefix?: string;
  /** fetch implementation. Default: the global fetch. */
  fetch?: typeof fetch;
  /** `User-Agent` header. Default `docs-build/<version>`. */
  userAgent?: string;
  /** Time limit of one request (headers and body), in ms. Default 30 000. */
  timeoutMs?: number;
}

export interface RequestOptions {
  /** Cancels the request; the promise then rejects with an `aborted` AdminApiError. */
  signal?: AbortSignal;
}

export interface AdminClient {
  /** The normalized base URL requests are made against (no trailing slash). */
  readonly baseUrl: string;
  /** Reads one agent job: `GET {baseUrl}/v2/agent/{projectId}/job/{id}`. */
  getAgentJob(projectId: string, id: string, options?: RequestOptions): Promise<AgentJob>;
  /** Polls the job until it is final; see `waitForAgentJob`. */
  waitForAgentJob(projectId: string, id: string, options?: WaitOptions): Promise<AgentJob>;
}

const defaultTimeoutMs = 30_000;
/** Server texts end up in terminal output; a proxy's HTML error page should not. */
const maxServerMessageLength = 500;

/**
 * Creates a client of the admin API. Throws an `invalid-key` or `invalid-base-url` AdminApiError at once
 * when the key or the base URL cannot be right, so a pipeline fails before it waits.
 */
export function createAdminClient(options: AdminClientOptions): AdminClient {
  assertApiKeyShape(options.apiKey, options.keyPrefix);
  const apiKey = options.apiKey;
  const baseUrl = normalizeBaseUrl(options.baseUrl);
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const userAgent = options.userAgent ?? `${generatorName}/${generatorVersion}`;
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0 || timeoutMs > maxTimerMs) {
    throw new RangeError(`timeoutMs must be a number of milliseconds between 1 and ${maxTimerMs}, got ${timeoutMs}`);
  }
  const clean = (text: string): string => redact(text, apiKey);

  async function getAgentJob(projectId: string, id: string, requestOptions: RequestOptions = {}): Promise<AgentJob> {
    assertPathSegment('projectId', projectId);
    assertPathSegment('id', id);
    const what = `agent job ${JSON.stringify(id)} of project ${JSON.stringify(projectId)}`;
    const url = `${baseUrl}/v2/agent/${encodeURIComponent(projectId)}/job/${encodeURIComponent(id)}`;
    const outer = requestOptions.signal;
    if (outer?.aborted) throw new AdminApiError('aborted', `reading ${what} was cancelled`);

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = (): void => controller.abort();
    outer?.addEventListener('abort', onAbort, { once: true });

    const transportError = (error: unknown): AdminApiError => {
      if (outer?.aborted) return new AdminApiError('aborted', `reading ${what} was cancelled`);
      if (timedOut) return new AdminApiError('timeout', `reading ${what} timed out after ${timeoutMs} ms`);
      return new AdminApiError('network', clean(`reading ${what} failed: ${describeTransportError(error)}`));
    };

    try {
      let response: Response;
      let body: string;
      try {
        response = await fetchImpl(url, {
          method: 'GET',
          headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json', 'user-agent': userAgent },
          // A redirect is answered as an unexpected status: following it could hand the key to another host.
          redirect: 'manual',
          signal: controller.signal,
        });
        body = await response.text();
      } catch (error) {
        throw transportError(error);
      }
      return interpret(response, body, what, clean);
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    }
  }

  const client: AdminClient = {
    baseUrl,
    getAgentJob,
    waitForAgentJob: (projectId, id, waitOptions) => waitForAgentJob(client, projectId, id, waitOptions),
  };
  return client;
}

function interpret(response: Response, body: string, what: string, clean: (text: string) => string): AgentJob {
  const status = response.status;
  if (status === 200) {
    let data: unknown;
    try {
      data = JSON.parse(body);
    } catch {
      throw new AdminApiError('malformed-response', `the admin API answered ${what} with a body that is not JSON (status 200)`, {
        status,
        problems: ['(root) is not JSON'],
      });
    }
    const validate = validators().agentJob;
    if (!validate(data)) {
      const problems = describeProblems(validate).map(clean);
      throw new AdminApiError('malformed-response', `the admin API answered ${what} with a malformed agent job: ${problems.join('; ')}`, {
        status,
        problems,
      });
    }
    return normalizeJob(data);
  }

  const serverMessage = readServerMessage(body, clean);
  const said = serverMessage === undefined ? '' : `: ${serverMessage}`;
  const retryAfterMs = status === 429 || status === 503 ? parseRetryAfter(response.headers.get('retry-after'), Date.now()) : undefined;
  const details = { status, serverMessage, retryAfterMs };
  if (status === 404) throw new AdminApiError('not-found', `${what} was not found (404)${said}`, details);
  if (status === 401) throw new AdminApiError('unauthorized', `the admin API rejected the API key (401 unauthorized) while reading ${what}${said}`, details);
  if (status === 403) throw new AdminApiError('forbidden', `the API key may not read ${what} (403 forbidden)${said}`, details);
  const wait = retryAfterMs === undefined ? '' : ` (retry after ${retryAfterMs} ms)`;
  if (status === 429) throw new AdminApiError('rate-limited', `the admin API is rate limiting requests (429) while reading ${what}${wait}${said}`, details);
  if (status >= 500 && status <= 599) throw new AdminApiError('server', `the admin API failed with status ${status} while reading ${what}${wait}${said}`, details);
  throw new AdminApiError('unexpected-status', `the admin API answered ${what} with unexpected status ${status}${said}`, details);
}

/** The server's `error` text when the body is an Error object; otherwise nothing (the status says enough). */
function readServerMessage(body: string, clean: (text: string) => string): string | undefined {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (!validators().error(data)) return undefined;
  const text = clean((data as { error: string }).error).replace(/\s+/g, ' ').trim();
  return text.length > maxServerMessageLength ? `${text.slice(0, maxServerMessageLength)}…` : text;
}

function normalizeJob(wire: AgentJobWire): AgentJob {
  return {
    id: wire.id,
    status: wire.status,
    source: { repository: wire.source.repository, ref: wire.source.ref ?? null },
    model: wire.model,
    prLink: wire.prLink ?? null,
    createdAt: wire.createdAt,
    archivedAt: wire.archivedAt ?? null,
  };
}

/**
 * An http(s) URL without query or fragment; trailing slashes are dropped so that `{baseUrl}/v2/...`
 * never doubles a slash.
 */
export function normalizeBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new AdminApiError('invalid-base-url', `the admin API base URL is not a valid URL: ${JSON.stringify(baseUrl)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AdminApiError('invalid-base-url', `the admin API base URL must use http or https, got ${JSON.stringify(url.protocol)}`);
  }
  if (url.search !== '' || url.hash !== '') {
    throw new AdminApiError('invalid-base-url', 'the admin API base URL must not have a query or a fragment');
  }
  if (url.username !== '' || url.password !== '') {
    throw new AdminApiError('invalid-base-url', 'the admin API base URL must not carry credentials; the API key is sent as a bearer token');
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * `.` and `..` are refused: URL parsing resolves them (even as `%2E`), so the request would silently
 * go to another path.
 */
function assertPathSegment(name: string, value: string): void {
  if (typeof value !== 'string' || value.length === 0) throw new TypeError(`${name} must be a non-empty string`);
  if (value === '.' || value === '..') throw new TypeError(`${name} cannot be "${value}"`);
}

/** undici reports "fetch failed" and puts the reason (ECONNRESET, "other side closed") in `cause`. */
function describeTransportError(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    if (current.message === 'fetch failed' && current.cause instanceof Error) {
      current = current.cause;
      continue;
    }
    const code = (current as { code?: unknown }).code;
    parts.push(typeof code === 'string' ? `${current.message} (${code})` : current.message);
    current = (current as { cause?: unknown }).cause;
  }
  if (parts.length === 0) return String(error);
  return parts.join(': ');
}
