/**
 * HTTP basics shared by every source of API data (hand-written pages, OpenAPI operations, navigation
 * references): one list of methods, one way to join a server and a path.
 */

/** The HTTP methods of the format, upper-case (OpenAPI path items hold them lower-case). */
export const httpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE'] as const;
export type HttpMethod = (typeof httpMethods)[number];

const methodSet: ReadonlySet<string> = new Set(httpMethods);

/** Whether `word` is an HTTP method, in any case (`get`, `Get`, `GET`). */
export function isHttpMethod(word: string): boolean {
  return methodSet.has(word.toUpperCase());
}

/**
 * The text without the slashes that end it (`https://x.test/v1//` -> `https://x.test/v1`; `/` -> ``).
 * The run is matched from its head, so a long run that does not end the text costs linear time.
 */
export function trimTrailingSlashes(text: string): string {
  return text.replace(/(?<!\/)\/+$/, '');
}

/** The text without the slashes that start or end it (`/guides/setup/` -> `guides/setup`): a page id or folder as written in a URL. */
export function trimSlashes(text: string): string {
  return trimTrailingSlashes(text.replace(/^\/+/, ''));
}

/** `text` as an absolute http(s) URL with a host, or undefined. */
export function absoluteHttpUrl(text: string): URL | undefined {
  const url = URL.canParse(text) ? new URL(text) : undefined;
  return url && (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' ? url : undefined;
}

/** A server URL joined with a path: one slash between them, whatever each side carries. */
export function joinUrl(server: string, path: string): string {
  return trimTrailingSlashes(server) + (path.startsWith('/') ? path : `/${path}`);
}

/** How an API request authenticates, as pages and settings name it. */
export const authMethods = ['bearer', 'basic', 'key', 'none'] as const;
export type AuthMethod = (typeof authMethods)[number];

/** How an endpoint page offers to try a request. */
export const playgroundModes = ['interactive', 'simple', 'none'] as const;
export type PlaygroundMode = (typeof playgroundModes)[number];

/** The request an endpoint page documents. */
export interface ApiTarget {
  method: string;
  path: string;
  servers: string[];
  /** The first server joined with the path, or the full URL of the `api` line; null with no server. */
  url: string | null;
}

/** Whether a media type carries JSON: `application/json`, `application/<x>+json`, or `*\/*`. */
export function isJsonMediaType(type: string): boolean {
  return /^application\/(.+\+)?json\b/i.test(type) || /^\*\/\*$/.test(type);
}

/**
 * The media type a page shows first (its fields are the page's body parameters or response fields):
 * `application/json`, else another JSON type, else (unless `jsonOnly`) multipart, then urlencoded forms,
 * then the first written.
 */
export function preferredMediaType(types: readonly string[], jsonOnly: boolean): string | undefined {
  const json = types.find((t) => /^application\/json\b/i.test(t)) ?? types.find(isJsonMediaType);
  if (json || jsonOnly) return json;
  return types.find((t) => /^multipart\/form-data\b/i.test(t)) ?? types.find((t) => /^application\/x-www-form-urlencoded\b/i.test(t)) ?? types[0];
}
