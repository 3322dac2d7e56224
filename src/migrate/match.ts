import { findOperation, type LoadedSpec, type OperationInfo, type OperationMatch } from '../openapi/index.js';
import { compareCodeUnits } from '../diagnostics/index.js';
import { trimTrailingSlashes } from '../fields/http.js';

/** The request a hand-written page documents, as the precedence stage resolved it. */
export interface PageRequest {
  method: string;
  /** Full URLs the page calls: each configured server joined with a relative target, or the page's full URL. */
  urls: string[];
  /** The path part the page calls, without the origin (`/v1/widgets`), or the relative target when no server is known. */
  path: string;
}

export interface PageMatch {
  match: OperationMatch;
  /** True when one of the operation's servers is a prefix of the page's URL (same origin and base path). */
  serverMatched: boolean;
  /** The path looked up in the spec (the page's URL minus the server base). */
  lookedUp: string;
}

const absolute = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)([^?#]*)/i;

function withoutQuery(text: string): string {
  return text.replace(/[?#].*$/s, '');
}

/** `https://api.x.com/v1/` -> `/v1`; `/v1` -> `/v1`; `https://{endpoint}` -> ``. */
function serverPath(server: string): string {
  const match = absolute.exec(server);
  return trimTrailingSlashes(match ? (match[2] ?? '') : server);
}

/** Lower-cases the scheme and host (they are case-insensitive), leaving the path as written. */
function normalizeOrigin(url: string): string {
  const match = absolute.exec(url);
  if (!match) return url;
  return (match[1] ?? '').toLowerCase() + url.slice((match[1] ?? '').length);
}

/**
 * Finds the operation of `spec` a page documents. The server base is removed first: the page's URL
 * minus each server of the spec (the longest base first), so `https://api.x.com/v1/users/{id}` finds
 * `/users/{userId}` under the server `https://api.x.com/v1`. When no server of the spec is a prefix of
 * the page's URL (another host, placeholders such as `https://{endpoint}`, a spec without servers),
 * the page's path is matched with each server's base path removed, and the result says that the servers
 * differ. Paths compare as `findOperation` does: exact, then without a trailing slash, then as templates
 * whose parameters are compared by position, not by name.
 */
export function matchPage(spec: Pick<LoadedSpec, 'operations'>, request: PageRequest): PageMatch {
  const operations = spec.operations;
  const servers = [...new Set(operations.flatMap((op) => op.servers.map((s) => normalizeOrigin(trimTrailingSlashes(s)))))].sort((a, b) => b.length - a.length || compareCodeUnits(a, b));

  for (const rawUrl of request.urls) {
    const url = normalizeOrigin(withoutQuery(rawUrl));
    for (const server of servers) {
      if (server === '' || !absolute.test(server)) continue;
      if (url !== server && !url.startsWith(`${server}/`)) continue;
      const rest = url.slice(server.length) || '/';
      const subset = operations.filter((op) => op.servers.some((s) => normalizeOrigin(trimTrailingSlashes(s)) === server));
      const match = findOperation({ operations: subset }, request.method, rest);
      if (match.kind !== 'none') return { match, serverMatched: true, lookedUp: rest };
    }
  }

  const path = withoutQuery(request.path) || '/';
  const bases = [...new Set([...operations.flatMap((op) => op.servers.map(serverPath)), ''])].sort((a, b) => b.length - a.length || compareCodeUnits(a, b));
  let first: PageMatch | undefined;
  for (const base of bases) {
    if (base !== '' && path !== base && !path.startsWith(`${base}/`)) continue;
    const rest = path.slice(base.length) || '/';
    const match = findOperation({ operations }, request.method, rest);
    if (match.kind !== 'none') return { match, serverMatched: false, lookedUp: rest };
    first ??= { match, serverMatched: false, lookedUp: rest };
  }
  return first ?? { match: findOperation({ operations }, request.method, path), serverMatched: false, lookedUp: path };
}

/** `METHOD /path` of an operation, for messages. */
export function operationLabel(op: Pick<OperationInfo, 'method' | 'path'>): string {
  return `${op.method} ${op.path}`;
}
