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

/** A server URL joined with a path: one slash between them, whatever each side carries. */
export function joinUrl(server: string, path: string): string {
  return server.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`);
}
