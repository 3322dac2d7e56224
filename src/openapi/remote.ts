import path from 'node:path';
import { readOwnedFile, sha256, writeFileAtomic } from '../root/index.js';
import { formatBytes, readCappedBody } from '../net/capped-body.js';

/**
 * The remote-spec cache: the one place of the OpenAPI stage that touches the file system and the
 * network directly (every other read goes through DocsRoot). One file per URL, named by a hash of the
 * URL, holding the body as fetched.
 */
export interface RemoteOptions {
  offline: boolean;
  /** Absolute folder of the cache. */
  cacheDir: string;
  fetch: typeof fetch;
  /** Milliseconds before a fetch (redirects and body included) is abandoned. */
  timeoutMs: number;
  /** Largest body read, in bytes, after any `Content-Encoding` is undone. Default 100 MiB, as for any file. */
  maxBytes?: number;
}

/** The limit of any file read (DocsRoot), which a remote file gets too. */
const defaultMaxBytes = 100 * 1024 * 1024;
/** Redirects followed before giving up; browsers allow 20, a spec URL needs one or two. */
const maxRedirects = 5;

export type RemoteResult =
  | { ok: true; text: string; hash: string; fromCache: boolean; warning?: string }
  | { ok: false; code: 'openapi/insecure-url' | 'openapi/offline-cache-miss' | 'openapi/remote-fetch-failed'; message: string; suggestion?: string };

export function isRemoteSpecReference(reference: string): boolean {
  return /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//.test(reference);
}

export function cacheFileOf(url: string, cacheDir: string): string {
  return path.join(cacheDir, `${sha256(url).slice(0, 40)}.spec`);
}

function readCache(file: string): string | undefined {
  try {
    return readOwnedFile(file, { within: path.dirname(file) }).toString('utf8');
  } catch {
    return undefined;
  }
}

function writeCache(file: string, text: string): string | undefined {
  try {
    writeFileAtomic(file, text, { within: path.dirname(file), durable: false });
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? 'error';
  }
}

/**
 * Fetches an https spec URL, refreshing the cache; a failed fetch falls back to a cached copy (with a
 * warning). Offline, only the cache is read. The URL is checked before anything else, so a plain-http
 * URL never reaches `fetch`, and so is each redirect: one away from https is refused (no cached copy is
 * used then, since the URL itself now leads to plain HTTP). A body over `maxBytes` is a failed fetch.
 */
export async function loadRemoteSpec(url: string, options: RemoteOptions): Promise<RemoteResult> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, code: 'openapi/remote-fetch-failed', message: `"${url}" is not a valid URL` };
  }
  if (parsed.protocol !== 'https:') {
    return {
      ok: false,
      code: 'openapi/insecure-url',
      message: `remote OpenAPI files are fetched over https only; "${url}" uses ${parsed.protocol.replace(/:$/, '')}`,
      suggestion: parsed.protocol === 'http:' ? `use "${url.replace(/^http:/i, 'https:')}" or a copy of the file inside the docs root` : 'use an https URL or a file inside the docs root',
    };
  }
  const cacheFile = cacheFileOf(url, options.cacheDir);
  if (options.offline) {
    const cached = readCache(cacheFile);
    if (cached === undefined) {
      return {
        ok: false,
        code: 'openapi/offline-cache-miss',
        message: `offline, and "${url}" has never been fetched into the cache (${cacheFile})`,
        suggestion: 'build once without --offline to fill the cache, or commit a copy of the spec to the docs root',
      };
    }
    return { ok: true, text: cached, hash: sha256(cached), fromCache: true };
  }
  let failure: string;
  try {
    const fetched = await fetchOverHttps(url, options);
    if (fetched.ok) {
      const writeError = writeCache(cacheFile, fetched.text);
      const result: RemoteResult = { ok: true, text: fetched.text, hash: sha256(fetched.text), fromCache: false };
      if (writeError) result.warning = `could not write the cache file ${cacheFile} (${writeError}); --offline builds will miss it`;
      return result;
    }
    if ('refused' in fetched) return fetched.refused;
    failure = fetched.failure;
  } catch (error) {
    const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    failure = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${options.timeoutMs / 1000} s` : cause;
  }
  const cached = readCache(cacheFile);
  if (cached !== undefined) {
    return { ok: true, text: cached, hash: sha256(cached), fromCache: true, warning: `could not fetch "${url}" (${failure}); using the cached copy` };
  }
  return { ok: false, code: 'openapi/remote-fetch-failed', message: `could not fetch "${url}": ${failure}`, suggestion: 'check the URL and the network, or commit a copy of the spec to the docs root' };
}

type Fetched = { ok: true; text: string } | { ok: false; failure: string } | { ok: false; refused: Extract<RemoteResult, { ok: false }> };

/**
 * GET with redirects followed by hand, so that each hop is checked: a redirect away from https is
 * refused before it is fetched (fetch's own following would take an https URL to plain HTTP silently).
 * One time limit covers every hop and the body.
 */
async function fetchOverHttps(url: string, options: RemoteOptions): Promise<Fetched> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let current = url;
  for (let hop = 0; ; hop++) {
    const response = await options.fetch(current, { signal, redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status < 300 || response.status > 399 || location === null) {
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        return { ok: false, failure: `the server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}` };
      }
      const maxBytes = options.maxBytes ?? defaultMaxBytes;
      const body = await readCappedBody(response, maxBytes);
      return body.ok ? { ok: true, text: body.text } : { ok: false, failure: `the file is larger than ${formatBytes(maxBytes)}, the limit of any file read` };
    }
    await response.body?.cancel().catch(() => undefined);
    const next = URL.canParse(location, current) ? new URL(location, current) : undefined;
    if (next === undefined) return { ok: false, failure: `the server redirected to ${JSON.stringify(location)}, which is not a URL` };
    if (next.protocol !== 'https:') {
      return {
        ok: false,
        refused: {
          ok: false,
          code: 'openapi/insecure-url',
          message: `"${url}" redirects to "${next.href}", which does not use https; a remote OpenAPI file is never fetched over plain HTTP`,
          suggestion: 'use the address the file is served from over https, or a copy of the file inside the docs root',
        },
      };
    }
    if (hop === maxRedirects) return { ok: false, failure: `more than ${maxRedirects} redirects` };
    current = next.href;
  }
}
