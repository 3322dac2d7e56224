import type { JsonValue } from '../diagnostics/index.js';
import type { ApiCodeSample, ApiExamples, ApiRequestBody } from './api.js';
import type { Field } from './field.js';
import { preferredMediaType, type ApiTarget, type AuthMethod } from './http.js';

/** What a request code sample is written from: the page's own manifest data, nothing else. */
export interface SampleInput {
  api: ApiTarget;
  auth?: { method: AuthMethod; headerName?: string };
  params?: Field[];
  requestBody?: ApiRequestBody;
  examples?: ApiExamples;
}

/** The request every sample sends; each language only writes it down. */
interface SampleRequest {
  method: string;
  url: string;
  headers: Array<[string, string]>;
  body?: SampleBody;
}

type SampleBody =
  | { kind: 'json'; mediaType: string; value: JsonValue }
  | { kind: 'form'; mediaType: string; parts: Array<{ name: string; value: string; file: boolean }> }
  | { kind: 'urlencoded'; mediaType: string; parts: Array<{ name: string; value: string }> }
  | { kind: 'text'; mediaType: string; text: string };

/** How much of a schema a generated body shows: enough to read, bounded for huge request schemas. */
const maxDepth = 3;
const maxKeys = 25;

/**
 * Request code samples (curl, Python requests, JavaScript fetch) written from one request built from the
 * page's data: the method, the first server URL (variables at their defaults), path parameters filled
 * with their example (else `{name}`), required query and header parameters, the auth header of the
 * page's resolved `auth`, and a body from the request example or a skeleton of the body's fields.
 * Empty without a URL (no server, webhooks): a sample needs somewhere to send the request.
 */
export function generateCodeSamples(input: SampleInput): ApiCodeSample[] {
  const request = sampleRequest(input);
  if (!request) return [];
  return [
    { lang: 'bash', label: 'cURL', source: curlSample(request), generated: true },
    { lang: 'python', label: 'Python', source: pythonSample(request), generated: true },
    { lang: 'javascript', label: 'JavaScript', source: javascriptSample(request), generated: true },
  ];
}

function sampleRequest(input: SampleInput): SampleRequest | undefined {
  if (input.api.url === null) return undefined;
  const params = input.params ?? [];
  const pathParams = new Map(params.filter((p) => p.in === 'path').map((p) => [p.name, p]));
  let url = input.api.url.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const value = scalarText(pathParams.get(name));
    return value === undefined ? whole : encodeURIComponent(value);
  });
  const query = params.filter((p) => p.in === 'query' && p.required);
  if (query.length > 0) {
    const text = query.map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(scalarText(p) ?? `<${p.name}>`)}`).join('&');
    url += (url.includes('?') ? '&' : '?') + text;
  }
  const headers: Array<[string, string]> = [];
  const auth = authHeader(input.auth);
  if (auth) headers.push(auth);
  for (const p of params) if (p.in === 'header' && p.required) headers.push([p.name, scalarText(p) ?? `<${p.name}>`]);
  const body = sampleBody(input, params);
  const request: SampleRequest = { method: input.api.method.toUpperCase(), url, headers };
  if (body) {
    request.body = body;
    // A multipart boundary is chosen by the client; naming the type without it would break the request.
    if (body.kind !== 'form' && !headers.some(([name]) => name.toLowerCase() === 'content-type')) headers.push(['Content-Type', body.mediaType]);
  }
  return request;
}

function authHeader(auth: SampleInput['auth']): [string, string] | undefined {
  if (!auth) return undefined;
  if (auth.method === 'bearer') return ['Authorization', 'Bearer <token>'];
  if (auth.method === 'basic') return ['Authorization', 'Basic <encoded-value>'];
  if (auth.method === 'key') return [auth.headerName ?? 'Authorization', '<api-key>'];
  return undefined;
}

/** The value a parameter is shown with: its example, default or first enum value, when it is a scalar. */
function scalarText(field: Field | undefined): string | undefined {
  if (!field) return undefined;
  for (const value of [field.example, field.default, field.enum?.[0]]) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  }
  return undefined;
}

function sampleBody(input: SampleInput, params: Field[]): SampleBody | undefined {
  const media = input.requestBody ? preferredMediaType(input.requestBody.mediaTypes.map((m) => m.mediaType), false) : undefined;
  const chosen = media !== undefined ? input.requestBody!.mediaTypes.find((m) => m.mediaType === media) : undefined;
  const fields = !chosen || chosen.fieldsFrom === 'params' ? params.filter((p) => p.in === 'body') : chosen.fields;
  const mediaType = media ?? 'application/json';
  if (media === undefined && fields.length === 0) return undefined;
  const example = input.examples?.request?.find((e) => e.mediaType === mediaType);
  if (/^multipart\/form-data\b/i.test(mediaType)) return { kind: 'form', mediaType, parts: formParts(fields, true) };
  if (/^application\/x-www-form-urlencoded\b/i.test(mediaType)) return { kind: 'urlencoded', mediaType, parts: formParts(fields, false) };
  if (/json\b/i.test(mediaType) || mediaType === '*/*') {
    const parsed = example ? parseJson(example.code) : undefined;
    return { kind: 'json', mediaType, value: parsed !== undefined ? parsed : wholeBody(chosen?.type, fields) };
  }
  return { kind: 'text', mediaType, text: example?.code ?? '<body>' };
}

function parseJson(text: string): JsonValue | undefined {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return undefined;
  }
}

/** Which fields a generated body shows: the required ones, else all; at most `maxKeys`. */
function shown(fields: Field[]): Field[] {
  const required = fields.filter((f) => f.required);
  return (required.length > 0 ? required : fields).slice(0, maxKeys);
}

/**
 * A body whose schema is not an object with properties is one field named `body`: the value is that
 * field's own (`[...]` for an array, `{}` for a bare object), not `{ "body": ... }`. The theme's
 * playground reads it the same way (`bodyValue`, src/theme/api/request.ts). Without a media type (a
 * hand-written page's body fields) only a scalar or array `body` is the whole body.
 */
function wholeBody(mediaTypeType: string | undefined, fields: Field[]): JsonValue {
  const only = fields.length === 1 && fields[0]!.name === 'body' ? fields[0]! : undefined;
  if (only) {
    const whole = mediaTypeType === undefined ? !only.type.startsWith('object') && only.type !== 'any' : mediaTypeType !== 'object' || (only.type === 'object' && !only.properties?.length);
    if (whole) return valueOf(only, 0);
  }
  return skeletonOf(fields, 0);
}

function skeletonOf(fields: Field[], depth: number): JsonValue {
  const out: { [key: string]: JsonValue } = {};
  for (const field of shown(fields)) out[field.name] = valueOf(field, depth + 1);
  return out;
}

function valueOf(field: Field, depth: number): JsonValue {
  for (const value of [field.example, field.default, field.enum?.[0]]) if (value !== undefined) return value;
  if (field.type.endsWith('[]')) {
    const item: Field = { ...field, type: field.type.slice(0, -2).replace(/^\((.*)\)$/, '$1') };
    delete item.example;
    delete item.default;
    return [valueOf(item, depth)];
  }
  const type = field.type.split(' | ')[0] ?? 'any';
  if (type === 'string') return field.format ? `<${field.format}>` : '<string>';
  if (type === 'integer' || type === 'number') return field.minimum ?? 123;
  if (type === 'boolean') return true;
  if (type === 'null') return null;
  if (field.properties && depth < maxDepth) return skeletonOf(field.properties, depth);
  return {};
}

function formParts(fields: Field[], files: boolean): Array<{ name: string; value: string; file: boolean }> {
  return shown(fields).map((field) => {
    const file = files && (field.format === 'binary' || field.format === 'byte' || field.type === 'file');
    const value = valueOf(field, maxDepth);
    return { name: field.name, value: file ? `@${field.name}` : typeof value === 'string' ? value : JSON.stringify(value), file };
  });
}

/** A shell word in single quotes (the only quoting with no escapes inside). */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function curlSample(request: SampleRequest): string {
  const lines = [`curl --request ${request.method}`, `--url ${shellQuote(request.url)}`];
  for (const [name, value] of request.headers) lines.push(`--header ${shellQuote(`${name}: ${value}`)}`);
  const body = request.body;
  if (body?.kind === 'json') lines.push(`--data ${shellQuote(JSON.stringify(body.value, null, 2))}`);
  else if (body?.kind === 'form') for (const part of body.parts) lines.push(`--form ${shellQuote(`${part.name}=${part.value}`)}`);
  else if (body?.kind === 'urlencoded') for (const part of body.parts) lines.push(`--data-urlencode ${shellQuote(`${part.name}=${part.value}`)}`);
  else if (body?.kind === 'text') lines.push(`--data ${shellQuote(body.text)}`);
  return lines.join(' \\\n  ');
}

/** A JSON value as a Python literal (JSON's string escapes are Python's too). */
function pythonLiteral(value: JsonValue, indent: string): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value !== 'object') return JSON.stringify(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[\n${value.map((v) => inner + pythonLiteral(v, inner)).join(',\n')}\n${indent}]`;
  const keys = Object.keys(value);
  if (keys.length === 0) return '{}';
  return `{\n${keys.map((k) => `${inner}${JSON.stringify(k)}: ${pythonLiteral(value[k]!, inner)}`).join(',\n')}\n${indent}}`;
}

function pythonSample(request: SampleRequest): string {
  const lines = ['import requests', '', `url = ${JSON.stringify(request.url)}`, ''];
  const args = [JSON.stringify(request.method), 'url'];
  const body = request.body;
  if (body?.kind === 'json') {
    lines.push(`payload = ${pythonLiteral(body.value, '')}`);
    args.push('json=payload');
  } else if (body?.kind === 'form') {
    const parts = body.parts.map((p) => `    ${JSON.stringify(p.name)}: ${p.file ? `open(${JSON.stringify(p.value.slice(1))}, "rb")` : `(None, ${JSON.stringify(p.value)})`}`);
    lines.push(`files = {\n${parts.join(',\n')}\n}`);
    args.push('files=files');
  } else if (body?.kind === 'urlencoded') {
    lines.push(`payload = {\n${body.parts.map((p) => `    ${JSON.stringify(p.name)}: ${JSON.stringify(p.value)}`).join(',\n')}\n}`);
    args.push('data=payload');
  } else if (body?.kind === 'text') {
    lines.push(`payload = ${JSON.stringify(body.text)}`);
    args.push('data=payload');
  }
  if (request.headers.length > 0) {
    lines.push(`headers = {\n${request.headers.map(([n, v]) => `    ${JSON.stringify(n)}: ${JSON.stringify(v)}`).join(',\n')}\n}`);
    args.push('headers=headers');
  }
  if (body || request.headers.length > 0) lines.push('');
  lines.push(`response = requests.request(${args.join(', ')})`, '', 'print(response.text)');
  return lines.join('\n');
}

function javascriptSample(request: SampleRequest): string {
  const lines: string[] = [];
  const options = [`  method: ${JSON.stringify(request.method)}`];
  if (request.headers.length > 0) options.push(`  headers: {\n${request.headers.map(([n, v]) => `    ${JSON.stringify(n)}: ${JSON.stringify(v)}`).join(',\n')}\n  }`);
  const body = request.body;
  if (body?.kind === 'json') options.push(`  body: JSON.stringify(${JSON.stringify(body.value, null, 2).replace(/\n/g, '\n  ')})`);
  else if (body?.kind === 'form') {
    lines.push('const form = new FormData();');
    for (const p of body.parts) lines.push(p.file ? `form.append(${JSON.stringify(p.name)}, new Blob(["<file contents>"]), ${JSON.stringify(p.name)});` : `form.append(${JSON.stringify(p.name)}, ${JSON.stringify(p.value)});`);
    lines.push('');
    options.push('  body: form');
  } else if (body?.kind === 'urlencoded') {
    options.push(`  body: new URLSearchParams(${JSON.stringify(Object.fromEntries(body.parts.map((p) => [p.name, p.value])))})`);
  } else if (body?.kind === 'text') options.push(`  body: ${JSON.stringify(body.text)}`);
  lines.push(`const options = {\n${options.join(',\n')}\n};`, '');
  lines.push(`fetch(${JSON.stringify(request.url)}, options)`, '  .then((response) => response.text())', '  .then((text) => console.log(text))', '  .catch((error) => console.error(error));');
  return lines.join('\n');
}
