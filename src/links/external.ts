import { isIP } from 'node:net';
import { createDiagnostic, type Diagnostic, type SourceLocation } from '../diagnostics/index.js';
import { readCappedBody } from '../net/capped-body.js';
import type { ExternalLinks } from './check.js';

/** What one external URL answered: cached by URL, so it is plain data. */
export interface ExternalResult {
  url: string;
  /** ms since the epoch. */
  checkedAt: number;
  /** `ok`: the server answered (2xx, 3xx, or a 4xx other than 404/410); `broken`: 404/410; `unreachable`: no usable answer. */
  outcome: 'ok' | 'broken' | 'unreachable';
  /** The final status, when there was one. */
  status?: number;
  /** In words, for the diagnostic: `404 Not Found`, `timed out after 10 s`. */
  reason: string;
}

/** Where results are kept between runs (`diskExternalCache` over the incremental cache). */
export interface ExternalCache {
  get(url: string): ExternalResult | undefined;
  set(url: string, result: ExternalResult): void;
}

export interface ExternalCheckOptions {
  /** Offline runs check nothing and say so in one info. Default false. */
  offline?: boolean;
  /** Requests in flight at once. Default 8. */
  concurrency?: number;
  /** Time for one URL, all redirects and the body included. Default 10,000 ms. */
  timeoutMs?: number;
  /** Redirects followed before giving up. Default 5. */
  maxRedirects?: number;
  /** Bytes of a GET body read before the connection is closed. Default 64 KiB. */
  maxBodyBytes?: number;
  cache?: ExternalCache;
  /** How long a result stays fresh: `ok` and `broken` answers. Default 24 h. */
  ttlMs?: number;
  /** How long an `unreachable` result stays fresh (it may be a passing outage). Default 1 h. */
  unreachableTtlMs?: number;
  /** Also check localhost, private addresses and reserved example domains (tests). Default false. */
  checkPrivateHosts?: boolean;
  fetch?: typeof fetch;
  now?: () => number;
  signal?: AbortSignal;
}

const defaults = { concurrency: 8, timeoutMs: 10_000, maxRedirects: 5, maxBodyBytes: 64 * 1024, ttlMs: 24 * 3_600_000, unreachableTtlMs: 3_600_000 };
const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const userAgent = 'docs-build-link-checker (+https://github.com/docs-build)';

/**
 * Checks each external URL once (HEAD, then GET when HEAD is refused or fails), a bounded number at a
 * time, each within a time limit, following redirects up to a cap and never reading more of a body
 * than a cap; results come from and go to the cache while fresh. A diagnostic at every place that
 * links to a URL that answered 404/410 (error) or could not be reached (warning).
 */
export async function checkExternalLinks(links: ExternalLinks, options: ExternalCheckOptions = {}): Promise<Diagnostic[]> {
  if (links.size === 0) return [];
  if (options.offline) {
    return [createDiagnostic('links/external-offline', `${links.size} external link${links.size === 1 ? ' was' : 's were'} not checked: the run is offline (--check-external needs the network)`)];
  }
  const urls = [...links.keys()].filter((url) => options.checkPrivateHosts || !isPrivateOrExample(url));
  const results = await mapBounded(urls, options.concurrency ?? defaults.concurrency, (url) => cachedProbe(url, options));
  const diagnostics: Diagnostic[] = [];
  results.forEach((result) => {
    if (result.outcome !== 'ok') for (const location of links.get(result.url) ?? []) diagnostics.push(diagnosticFor(result, location));
  });
  return diagnostics;
}

function diagnosticFor(result: ExternalResult, location: SourceLocation): Diagnostic {
  if (result.outcome === 'broken') {
    return createDiagnostic('links/external-broken', `external link ${result.url} answered ${result.reason}`, location, { suggestion: 'update or remove the link' });
  }
  return createDiagnostic('links/external-unreachable', `external link ${result.url} could not be reached: ${result.reason}`, location);
}

async function cachedProbe(url: string, options: ExternalCheckOptions): Promise<ExternalResult> {
  const now = options.now ?? Date.now;
  const cached = options.cache?.get(url);
  if (cached && cached.url === url && isFresh(cached, now(), options)) return cached;
  const result = await probeUrl(url, options);
  // A run cancelled by the caller says nothing about the URL.
  if (!options.signal?.aborted) options.cache?.set(url, result);
  return result;
}

function isFresh(result: ExternalResult, now: number, options: ExternalCheckOptions): boolean {
  const ttl = result.outcome === 'unreachable' ? (options.unreachableTtlMs ?? defaults.unreachableTtlMs) : (options.ttlMs ?? defaults.ttlMs);
  return result.checkedAt <= now && now - result.checkedAt < ttl;
}

/** One URL: HEAD, and GET when HEAD is answered with an error or fails; both within one time limit. */
export async function probeUrl(url: string, options: ExternalCheckOptions = {}): Promise<ExternalResult> {
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? defaults.timeoutMs;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const result = (outcome: ExternalResult['outcome'], reason: string, status?: number): ExternalResult => ({ url, checkedAt: now(), outcome, reason, ...(status === undefined ? {} : { status }) });
  let head: Answer | undefined;
  try {
    head = await request(url, 'HEAD', signal, options);
    if (head.kind === 'status' && head.status < 400) return classify(head, result);
  } catch (error) {
    if (timeout.aborted) return result('unreachable', `timed out after ${formatSeconds(timeoutMs)}`);
    if (options.signal?.aborted) return result('unreachable', 'the check was cancelled');
  }
  // Many servers refuse or mishandle HEAD (405, 403, 404 from a framework route): GET decides.
  try {
    return classify(await request(url, 'GET', signal, options), result);
  } catch (error) {
    if (timeout.aborted) return result('unreachable', `timed out after ${formatSeconds(timeoutMs)}`);
    return result('unreachable', networkReason(error));
  }
}

type Answer = { kind: 'status'; status: number; statusText: string } | { kind: 'too-many-redirects'; count: number };

function classify(answer: Answer, result: (outcome: ExternalResult['outcome'], reason: string, status?: number) => ExternalResult): ExternalResult {
  if (answer.kind === 'too-many-redirects') return result('unreachable', `more than ${answer.count} redirects`);
  const reason = `${answer.status}${answer.statusText ? ` ${answer.statusText}` : ''}`;
  if (answer.status === 404 || answer.status === 410) return result('broken', reason, answer.status);
  // 401, 403, 429 and the like: the page is there, behind a login or a bot wall.
  if (answer.status >= 500) return result('unreachable', `server error ${reason}`, answer.status);
  return result('ok', reason, answer.status);
}

async function request(url: string, method: 'HEAD' | 'GET', signal: AbortSignal, options: ExternalCheckOptions): Promise<Answer> {
  const fetchFn = options.fetch ?? fetch;
  const maxRedirects = options.maxRedirects ?? defaults.maxRedirects;
  let current = url;
  for (let hop = 0; hop <= maxRedirects; hop++) {
    const response = await fetchFn(current, { method, redirect: 'manual', signal, headers: { 'user-agent': userAgent, accept: 'text/html,*/*;q=0.8' } });
    const location = response.headers.get('location');
    if (redirectStatuses.has(response.status) && location) {
      await response.body?.cancel().catch(() => undefined);
      current = new URL(location, current).href;
      continue;
    }
    // The body is read only so the connection can be reused, and never past the cap.
    if (method === 'GET') await readCappedBody(response, options.maxBodyBytes ?? defaults.maxBodyBytes);
    return { kind: 'status', status: response.status, statusText: response.statusText };
  }
  return { kind: 'too-many-redirects', count: maxRedirects };
}

function networkReason(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? String((cause as { code: unknown }).code) : undefined;
  const message = cause instanceof Error ? cause.message : String(cause);
  return code && !message.includes(code) ? `${message} (${code})` : message;
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/** Links to these are examples or local setups in docs, never something a reader can open. */
export function isPrivateOrExample(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return true;
  }
  if (host === 'localhost' || /\.(localhost|local|test|invalid|example|internal)$/.test(host)) return true;
  if (/^(?:.+\.)?example\.(?:com|org|net)$/.test(host)) return true;
  if (isIP(host) === 4) return /^(?:127\.|10\.|0\.|192\.168\.|169\.254\.|172\.(?:1[6-9]|2\d|3[01])\.)/.test(host);
  if (isIP(host) === 6) return host === '::1' || host === '::' || /^f[cd]|^fe80/.test(host);
  return false;
}

/** `fn` over `items` with at most `limit` running at once; results in input order. */
async function mapBounded<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
