import { generatorName, generatorVersion } from '../version.js';
import { formatBytes, readCappedBody, type CappedBody } from '../net/capped-body.js';
import { AdminApiError, holdsSecret, redact } from './errors.js';
import { assertApiKeyShape } from './key.js';
import { maxTimerMs, parseRetryAfter } from './retry.js';
import { describeProblems, validators, type AgentJobWire } from './schema.js';
import type { AgentJob } from './types.js';
import { waitForAgentJob, type WaitOptions } from './wait.js';
import { trimTrailingSlashes } from '../fields/http.js';

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
  /**
   * Largest response body read, in bytes, counted after any `Content-Encoding` is undone. Default 1 MiB
   * (an AgentJob is a few hundred bytes). A 200 over it is a `malformed-response` error.
   */
  maxResponseBytes?: number;
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
const defaultMaxResponseBytes = 1024 * 1024;
/** Server texts end up in terminal output; a proxy's HTML error page should not. */
const maxServerMessageLength = 500;

/**
 * Creates a client of the admin API. Throws an `invalid-key` or `invalid-base-url` AdminApiError at once
 * when the key or the base URL cannot be right, so a pipeline fails before it waits.
 */
export function createAdminClient(options: AdminClientOptions): AdminClient {
  assertApiKeyShape(options.apiKey, options.keyPrefix);
  const apiKey = options.apiKey;
  const baseUrl = baseUrlWithout(options.baseUrl, apiKey);
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const userAgent = options.userAgent ?? `${generatorName}/${generatorVersion}`;
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0 || timeoutMs > maxTimerMs) {
    throw new RangeError(`timeoutMs must be a number of milliseconds between 1 and ${maxTimerMs}, got ${timeoutMs}`);
  }
  const maxResponseBytes = options.maxResponseBytes ?? defaultMaxResponseBytes;
  if (!Number.isSafeInteger(maxResponseBytes) || maxResponseBytes <= 0) {
    throw new RangeError(`maxResponseBytes must be a positive whole number of bytes, got ${maxResponseBytes}`);
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
      const unreachable = describeUnreachable(error);
      if (unreachable !== undefined) {
        return new AdminApiError('unreachable', clean(`cannot reach the admin API at ${new URL(baseUrl).origin} (reading ${what}): ${unreachable}`));
      }
      return new AdminApiError('network', clean(`reading ${what} failed: ${describeTransportError(error)}`));
    };

    try {
      let response: Response;
      let body: CappedBody;
      try {
        response = await fetchImpl(url, {
          method: 'GET',
          headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json', 'user-agent': userAgent },
          // A redirect is answered as an unexpected status: following it could hand the key to another host.
          redirect: 'manual',
          signal: controller.signal,
        });
        body = await readCappedBody(response, maxResponseBytes);
      } catch (error) {
        throw transportError(error);
      }
      if (!body.ok && response.status === 200) {
        throw new AdminApiError('malformed-response', `the admin API answered ${what} with a body larger than ${formatBytes(maxResponseBytes)} (status 200)`, {
          status: 200,
          problems: [`(root) ${body.reason}`],
        });
      }
      // Past the cap, only a 200 needs its body; any other status says enough without one.
      return interpret(response, body.ok ? body.text : '', what, clean);
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
    return normalizeJob(data, clean);
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

/** The job as printed and returned; a server that echoes the key in a field does not get it printed either. */
function normalizeJob(wire: AgentJobWire, clean: (text: string) => string): AgentJob {
  const nullable = (text: string | null | undefined): string | null => (text === undefined || text === null ? null : clean(text));
  return {
    id: clean(wire.id),
    status: wire.status,
    source: { repository: clean(wire.source.repository), ref: nullable(wire.source.ref) },
    model: clean(wire.model),
    prLink: nullable(wire.prLink),
    createdAt: wire.createdAt,
    archivedAt: wire.archivedAt ?? null,
  };
}

/**
 * The normalized base URL, refused when it holds the API key: a key pasted into the base-URL variable
 * would otherwise be quoted by the error message, or sent in the clear in the request line.
 */
function baseUrlWithout(baseUrl: string, apiKey: string): string {
  if (typeof baseUrl === 'string' && holdsSecret(baseUrl, apiKey)) {
    throw new AdminApiError('invalid-base-url', 'the admin API base URL holds the API key; give the address of the API there, and the key only as the key');
  }
  return normalizeBaseUrl(baseUrl);
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
  return `${url.origin}${trimTrailingSlashes(url.pathname)}`;
}

/**
 * `.` and `..` are refused: URL parsing resolves them (even as `%2E`), so the request would silently
 * go to another path.
 */
function assertPathSegment(name: string, value: string): void {
  if (typeof value !== 'string' || value.length === 0) throw new TypeError(`${name} must be a non-empty string`);
  if (value === '.' || value === '..') throw new TypeError(`${name} cannot be "${value}"`);
}

const dnsCodes = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA']);
const routeCodes = new Set(['EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN', 'EADDRNOTAVAIL', 'UND_ERR_CONNECT_TIMEOUT']);
const tlsCode = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|HOSTNAME_MISMATCH$|EPROTO$)/;

/**
 * Why the server could not be reached at all, when that is the failure: the name does not resolve, the
 * connection is refused or has no route, or the TLS handshake fails. These come from the address (a
 * typo, a wrong port, http against https, a certificate the machine does not trust) far more often than
 * from a passing fault; a connection that was made and then dropped is not one of them.
 */
function describeUnreachable(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (dnsCodes.has(code)) return `the host name does not resolve (${code})`;
      if (code === 'ECONNREFUSED') return 'the connection was refused (ECONNREFUSED): nothing listens at that address and port';
      if (routeCodes.has(code)) return `the host cannot be reached (${code})`;
      if (tlsCode.test(code)) return `the TLS handshake failed: ${tlsReason(current.message)} (${code})`;
    }
    current = current.cause;
  }
  return undefined;
}

/** OpenSSL's texts carry a queue of internal locations; the reason is the part after `routines:<function>:`. */
function tlsReason(message: string): string {
  return /routines:[^:]*:([^:]+)/.exec(message)?.[1]?.trim() ?? message.trim();
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
