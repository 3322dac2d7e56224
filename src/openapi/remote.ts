import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sha256 } from '../root/index.js';

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
  /** Milliseconds before a fetch is abandoned. */
  timeoutMs: number;
}

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
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function writeCache(file: string, text: string): string | undefined {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, text);
    renameSync(temp, file);
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? 'error';
  }
}

/**
 * Fetches an https spec URL, refreshing the cache; a failed fetch falls back to a cached copy (with a
 * warning). Offline, only the cache is read. The URL is checked before anything else, so a plain-http
 * URL never reaches `fetch`.
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
    const response = await options.fetch(url, { signal: AbortSignal.timeout(options.timeoutMs), redirect: 'follow' });
    if (response.ok) {
      const text = await response.text();
      const writeError = writeCache(cacheFile, text);
      const result: RemoteResult = { ok: true, text, hash: sha256(text), fromCache: false };
      if (writeError) result.warning = `could not write the cache file ${cacheFile} (${writeError}); --offline builds will miss it`;
      return result;
    }
    failure = `the server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
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
