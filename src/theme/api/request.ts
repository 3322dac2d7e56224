import type { ApiServer, AuthMethod, Field, Page } from '../../manifest/types.js';

/*
 * The pure part of the API page: which servers a page offers, a server URL with its variables filled
 * in, the auth the page asks for, and the request the playground sends. No React, no DOM: tested alone.
 */

/** `{name}` in a server URL. */
const serverVariable = /\{([^{}]+)\}/g;

/** The page's servers with their variables (OpenAPI), else the URLs of `api.servers`. */
export function pageServers(page: Page): ApiServer[] {
  if (page.servers?.length) return page.servers;
  // A hand-written `api:` URL may name variables too (`https://{endpoint}/delete`, upstash-docs): each gets
  // an input, empty until the reader fills it.
  return (page.api?.servers ?? []).map((url) => {
    const names = [...url.matchAll(serverVariable)].map((match) => match[1]!);
    return names.length === 0 ? { url } : { url, variables: Object.fromEntries(names.map((name) => [name, { default: '' }])) };
  });
}

/** The server's variables that have no value yet: a request to its URL would go nowhere. */
export function unfilledVariables(server: ApiServer | undefined, values: Record<string, string>): string[] {
  return Object.entries(server?.variables ?? {})
    // Empty as `fillServer` reads it: no value, or an empty one, and no default.
    .filter(([name, variable]) => (values[name] || variable.default).trim() === '')
    .map(([name]) => name);
}

/** The defaults of a server's variables. */
export function defaultVariables(server: ApiServer | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(server?.variables ?? {}).map(([name, variable]) => [name, variable.default]));
}

/** `https://{region}.api.com/{version}` with the values given (a missing or empty value keeps its default, else `{name}`). */
export function fillServer(server: ApiServer, values: Record<string, string>): string {
  // An empty value keeps `{name}` in sight: `https:///x` would say less about what to fill in.
  return server.url.replace(serverVariable, (whole, name: string) => values[name] || server.variables?.[name]?.default || whole);
}

export function joinPath(serverUrl: string, path: string): string {
  if (!serverUrl) return path;
  return serverUrl.replace(/(?<!\/)\/+$/, '') + (path.startsWith('/') ? path : `/${path}`);
}

export interface PageAuth {
  method: AuthMethod;
  /** `key`: the header that carries the key. */
  headerName?: string;
}

/**
 * The auth the page resolved (manifest `auth`), else the first security alternative the playground can
 * express (an HTTP bearer or basic scheme, or an API key in a header).
 */
export function pageAuth(page: Page): PageAuth {
  if (page.auth) return { method: page.auth.method, ...(page.auth.headerName ? { headerName: page.auth.headerName } : {}) };
  for (const requirement of page.security ?? []) {
    for (const scheme of requirement.schemes) {
      if (scheme.type === 'http' && scheme.scheme === 'bearer') return { method: 'bearer' };
      if (scheme.type === 'http' && scheme.scheme === 'basic') return { method: 'basic' };
      if (scheme.type === 'apiKey' && scheme.in === 'header' && scheme.parameterName) return { method: 'key', headerName: scheme.parameterName };
    }
  }
  return { method: 'none' };
}

export interface AuthValues {
  token?: string;
  username?: string;
  password?: string;
  key?: string;
}

/** The header the auth values make, or none when a value is missing. */
export function authHeader(auth: PageAuth, values: AuthValues): [string, string] | null {
  if (auth.method === 'bearer' && values.token) return ['Authorization', `Bearer ${values.token}`];
  if (auth.method === 'basic' && (values.username || values.password)) return ['Authorization', `Basic ${base64(`${values.username ?? ''}:${values.password ?? ''}`)}`];
  if (auth.method === 'key' && values.key) return [auth.headerName ?? 'Authorization', values.key];
  return null;
}

/** UTF-8 safe base64 (btoa alone rejects characters above U+00FF). */
function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export interface RequestInput {
  method: string;
  serverUrl: string;
  path: string;
  /** Values by field name, per location. */
  pathParams: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** The body as typed (JSON or anything); empty sends none. */
  body: string;
  contentType?: string;
  auth: PageAuth;
  authValues: AuthValues;
}

export interface PreparedRequest {
  url: string;
  init: { method: string; headers: Record<string, string>; body?: string };
}

/** Whether `fetch` may carry a body with this method: a browser refuses one on GET and HEAD. */
export function browserSendsBody(method: string): boolean {
  const upper = method.toUpperCase();
  return upper !== 'GET' && upper !== 'HEAD';
}

/** The `{name}`s of a path template that have no value: the request would go to a URL with the braces in it. */
export function unfilledPathParams(path: string, pathParams: Readonly<Record<string, string>>): string[] {
  return [...new Set([...path.matchAll(/\{([^{}]+)\}/g)].map((match) => match[1]!).filter((name) => !pathParams[name]))];
}

/** The fetch a Send makes: path parameters encoded into the path, empty query values left out. */
export function prepareRequest(input: RequestInput): PreparedRequest {
  const path = input.path.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const value = input.pathParams[name];
    return value ? encodeURIComponent(value) : whole;
  });
  const query = new URLSearchParams(Object.entries(input.query).filter(([, value]) => value !== ''));
  const search = query.toString();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers)) if (value !== '') headers[name] = value;
  const auth = authHeader(input.auth, input.authValues);
  if (auth) headers[auth[0]] = auth[1];
  const method = input.method.toUpperCase();
  const sendsBody = input.body.trim() !== '' && browserSendsBody(method);
  if (sendsBody) headers['Content-Type'] ??= input.contentType ?? 'application/json';
  return {
    url: joinPath(input.serverUrl, path) + (search ? `?${search}` : ''),
    init: { method, headers, ...(sendsBody ? { body: input.body } : {}) },
  };
}

/**
 * A whole request body's skeleton. A body whose schema is not an object with properties is given as one
 * field named `body` (docs/manifest.md): its value is the body (`[...]` for an array, `{}` for a bare
 * object), not `{ "body": ... }`. (The compiler's code samples read it the same way: src/fields/samples.ts.)
 */
export function bodyValue(mediaType: string, fields: readonly Field[]): unknown {
  const only = fields.length === 1 && fields[0]!.name === 'body' ? fields[0]! : undefined;
  if (only && (mediaType !== 'object' || (only.type === 'object' && !only.properties?.length))) return sampleValue(only, 0);
  return bodySkeleton(fields);
}

/** A JSON skeleton of a request body from its fields (examples, defaults, else a value of the type). */
export function bodySkeleton(fields: readonly Field[], depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.readOnly) continue;
    out[field.name] = sampleValue(field, depth);
  }
  return out;
}

function sampleValue(field: Field, depth: number): unknown {
  if (field.example !== undefined) return field.example;
  if (field.default !== undefined) return field.default;
  if (field.enum?.length) return field.enum[0];
  const type = field.type.replace(/\s/g, '');
  const isArray = type.endsWith('[]');
  const base = isArray ? type.slice(0, -2) : type;
  let value: unknown;
  if (field.properties?.length && depth < 4) value = bodySkeleton(field.properties, depth + 1);
  else if (base === 'integer' || base === 'number') value = 0;
  else if (base === 'boolean') value = false;
  else if (base === 'object') value = {};
  else value = '';
  return isArray ? [value] : value;
}

/** Fields by where they go, in a fixed order of locations. */
export function fieldsByLocation(fields: readonly Field[]): Array<[string, Field[]]> {
  const order = ['path', 'query', 'header', 'cookie', 'body'];
  const groups = new Map<string, Field[]>();
  for (const field of fields) {
    const list = groups.get(field.in) ?? [];
    list.push(field);
    groups.set(field.in, list);
  }
  return [...groups.entries()].sort((a, b) => rank(order, a[0]) - rank(order, b[0]));
}

function rank(order: string[], location: string): number {
  const index = order.indexOf(location);
  return index === -1 ? order.length : index;
}
