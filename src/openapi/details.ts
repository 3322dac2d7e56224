import { compareCodeUnits, type JsonValue } from '../diagnostics/index.js';
import type {
  ApiCodeExample,
  ApiMediaType,
  ApiCodeSample,
  ApiExamples,
  ApiRequestBody,
  ApiResponse,
  ApiSecurityRequirement,
  ApiSecurityScheme,
  ApiServer,
  ApiServerVariable,
  Field,
} from '../fields/index.js';
import { isJsonMediaType, preferredMediaType } from '../fields/index.js';
import type { Cursor, SpecDocument } from './document.js';
import { isObject } from './parse.js';
import { SchemaConverter, type SchemaTable } from './schema.js';

type JsonObject = { [key: string]: JsonValue };

/** The page data of an operation beyond its parameters (docs/openapi.md#page-data). */
export interface OperationDetails {
  requestBody?: ApiRequestBody;
  /** The fields of the request body's preferred media type (they end the page's `params`). */
  bodyFields: Field[];
  responses: ApiResponse[];
  /** The fields of the first 2xx response with a JSON body (the page's `responseFields`). */
  responseFields: Field[];
  examples?: ApiExamples;
}

/** A media type's schema as `requestBody` / `responses` give it, with what the page's own lists need. */
interface Converted {
  media: Omit<ApiMediaType, 'mediaType'>;
  /** The fields of a media type the page lists as `params` / `responseFields`. */
  listedFields?: Field[];
  example?: JsonValue;
}

/** `content` of a parameter, body or response: JSON first, then forms, then whatever comes first. */
export function pickMedia(content: JsonObject, jsonOnly: boolean): string | undefined {
  return preferredMediaType(Object.keys(content), jsonOnly);
}

/**
 * Reads the request body and every response of an operation. The media type the page lists as its
 * `params` body part / `responseFields` is not repeated (`fieldsFrom`); a `$ref` schema of any other
 * media type goes into the schemas table (`schemaRef`), so an error body shared by every operation is
 * written once per manifest; inline schemas of other media types are inlined (`fields`).
 */
export class OperationReader {
  private readonly examples: { request: ApiCodeExample[]; response: ApiCodeExample[] } = { request: [], response: [] };

  constructor(
    private readonly doc: SpecDocument,
    private readonly spec: string,
    private readonly schemas: SchemaTable,
  ) {}

  read(op: Cursor): OperationDetails {
    const details: OperationDetails = { bodyFields: [], responses: [], responseFields: [] };
    const body = this.requestBody(op);
    if (body) {
      details.requestBody = body.value;
      details.bodyFields = body.preferred;
    }
    const responses = this.responses(op);
    details.responses = responses.value;
    details.responseFields = responses.preferred;
    const examples: ApiExamples = {};
    if (this.examples.request.length > 0) examples.request = this.examples.request;
    if (this.examples.response.length > 0) examples.response = this.examples.response;
    if (examples.request || examples.response) details.examples = examples;
    return details;
  }

  private requestBody(op: Cursor): { value: ApiRequestBody; preferred: Field[] } | undefined {
    const raw = this.doc.child(op, 'requestBody');
    const node = raw && this.doc.deref(raw);
    if (!node || !isObject(node.value)) return undefined;
    const required = node.value.required === true;
    const value: ApiRequestBody = { required, mediaTypes: [] };
    if (typeof node.value.description === 'string') value.description = node.value.description;
    const content = this.content(node);
    const preferredType = content && pickMedia(content.value as JsonObject, false);
    let preferred: Field[] = [];
    for (const [mediaType, media] of this.mediaEntries(content)) {
      const listed = mediaType === preferredType ? 'params' : undefined;
      const body = this.convert(media, 'body', required, listed);
      value.mediaTypes.push({ mediaType, ...body.media });
      if (listed && body.listedFields) preferred = body.listedFields;
      this.collectExamples(media, mediaType, body.example, this.examples.request);
    }
    return { value, preferred };
  }

  private responses(op: Cursor): { value: ApiResponse[]; preferred: Field[] } {
    const raw = this.doc.child(op, 'responses');
    const node = raw && this.doc.deref(raw);
    if (!node || !isObject(node.value)) return { value: [], preferred: [] };
    const value: ApiResponse[] = [];
    let preferred: Field[] | undefined;
    // Sorted, so the first 2xx JSON body with a schema met is the one the page lists (200, 201, ..., 2XX).
    for (const status of sortStatuses(Object.keys(node.value))) {
      const child = this.doc.child(node, status);
      const response = child && this.doc.deref(child);
      if (!response || !isObject(response.value)) continue;
      const entry: ApiResponse = { status, mediaTypes: [] };
      if (typeof response.value.description === 'string') entry.description = response.value.description;
      const content = this.content(response);
      const json = content && /^2(\d\d|XX)$/i.test(status) ? pickMedia(content.value as JsonObject, true) : undefined;
      for (const [mediaType, media] of this.mediaEntries(content)) {
        const listed = !preferred && mediaType === json && this.doc.child(media, 'schema') ? 'responseFields' : undefined;
        const body = this.convert(media, 'response', true, listed);
        entry.mediaTypes.push({ mediaType, ...body.media });
        if (listed) preferred = body.listedFields;
        this.collectExamples(media, mediaType, body.example, this.examples.response, status);
      }
      const headers = this.headers(response);
      if (headers.length > 0) entry.headers = headers;
      value.push(entry);
    }
    return { value, preferred: preferred ?? [] };
  }

  private content(holder: Cursor): Cursor | undefined {
    const raw = this.doc.child(holder, 'content');
    const node = raw && this.doc.deref(raw);
    return node && isObject(node.value) ? node : undefined;
  }

  private *mediaEntries(content: Cursor | undefined): Generator<[string, Cursor]> {
    if (!content) return;
    for (const mediaType of Object.keys(content.value as JsonObject)) {
      const media = this.doc.child(content, mediaType);
      const node = media && this.doc.deref(media);
      if (node && isObject(node.value)) yield [mediaType, node];
    }
  }

  /** A media type as `requestBody` / `responses` give it; `listed`: the page's own list holds its fields. */
  private convert(media: Cursor, location: 'body' | 'response', required: boolean, listed: 'params' | 'responseFields' | undefined): Converted {
    const schema = this.doc.child(media, 'schema');
    if (!schema) return { media: { type: 'any', fields: [] } };
    const converter = new SchemaConverter(this.doc, this.spec, this.schemas, location);
    const example = converter.exampleOf(schema);
    const out: Converted = { media: { type: 'any', fields: [] } };
    if (example !== undefined) out.example = example;
    if (listed) {
      const body = converter.bodyOf(schema, location, required);
      out.media = { type: body.type, fields: [], fieldsFrom: listed };
      out.listedFields = body.fields;
      return out;
    }
    const byReference = converter.reference(schema);
    out.media = byReference ? { type: byReference.type, fields: [], schemaRef: byReference.schemaRef } : converter.bodyOf(schema, location, required);
    return out;
  }

  /** Response headers as fields (`in: 'header'`): their schema's type and keywords, the header's description. */
  private headers(response: Cursor): Field[] {
    const raw = this.doc.child(response, 'headers');
    const node = raw && this.doc.deref(raw);
    if (!node || !isObject(node.value)) return [];
    const fields: Field[] = [];
    for (const name of Object.keys(node.value)) {
      const child = this.doc.child(node, name);
      const header = child && this.doc.deref(child);
      if (!header || !isObject(header.value)) continue;
      const converter = new SchemaConverter(this.doc, this.spec, this.schemas, 'header');
      fields.push(parameterLike(converter.field(name, header.value.required === true, this.doc.child(header, 'schema'), 0, header), header.value, this.doc, header));
    }
    return fields;
  }

  /** The media type's `examples` (each one), else its `example`, else the schema's example. */
  private collectExamples(media: Cursor, mediaType: string, schemaExample: JsonValue | undefined, into: ApiCodeExample[], status?: string): void {
    const at = into.length;
    for (const example of namedExamples(this.doc, media)) into.push(codeExample(example.value, mediaType, example.title, status));
    if (into.length > at) return;
    const value = isObject(media.value) ? media.value.example : undefined;
    if (value !== undefined) into.push(codeExample(value, mediaType, undefined, status));
    else if (schemaExample !== undefined) into.push(codeExample(schemaExample, mediaType, undefined, status));
  }
}

/** The values of an `examples` map (Example objects, `$ref`s followed), titled by summary or key; `externalValue`-only ones are skipped. */
export function namedExamples(doc: SpecDocument, holder: Cursor): Array<{ title: string; value: JsonValue }> {
  const raw = doc.child(holder, 'examples');
  const node = raw && doc.deref(raw);
  if (!node || !isObject(node.value)) return [];
  const out: Array<{ title: string; value: JsonValue }> = [];
  for (const key of Object.keys(node.value)) {
    const child = doc.child(node, key);
    const example = child && doc.deref(child);
    if (!example || !isObject(example.value) || example.value.value === undefined) continue;
    const summary = example.value.summary;
    out.push({ title: typeof summary === 'string' && summary.trim() !== '' ? summary : key, value: example.value.value });
  }
  return out;
}

/** A parameter's or header's own keywords over its schema's: description, deprecated, example. */
export function parameterLike(field: Field, value: JsonObject, doc: SpecDocument, node: Cursor): Field {
  if (typeof value.description === 'string') field.description = value.description;
  if (value.deprecated === true) field.deprecated = true;
  const example = value.example !== undefined ? value.example : namedExamples(doc, node)[0]?.value;
  if (example !== undefined) field.example = example;
  return field;
}

function codeExample(value: JsonValue, mediaType: string, title: string | undefined, status: string | undefined): ApiCodeExample {
  const text = typeof value === 'string' && !isJsonMediaType(mediaType);
  const example: ApiCodeExample = { lang: text ? langOfMedia(mediaType) : 'json', code: text ? value : JSON.stringify(value, null, 2) };
  if (title !== undefined) example.title = title;
  if (status !== undefined) example.status = status;
  example.mediaType = mediaType;
  return example;
}

function langOfMedia(mediaType: string): string {
  const type = mediaType.toLowerCase();
  if (/xml\b/.test(type)) return 'xml';
  if (/html\b/.test(type)) return 'html';
  if (/yaml\b/.test(type)) return 'yaml';
  if (/csv\b/.test(type)) return 'csv';
  return 'text';
}

/** `200` < `201` < `404` < `2XX` < `4XX` < `default`: numeric codes, then ranges, then the rest as written. */
export function sortStatuses(statuses: string[]): string[] {
  return [...statuses].sort((a, b) => compareCodeUnits(rankOf(a), rankOf(b)));
}

function rankOf(status: string): string {
  if (/^\d{3}$/.test(status)) return `0${status}`;
  if (/^\dXX$/i.test(status)) return `1${status.toUpperCase()}`;
  return `2${status}`;
}

/** The servers in effect (operation > path item > root), as written, with their variables. */
export function serversOf(doc: SpecDocument, op: Cursor | undefined, item: Cursor | undefined): ApiServer[] {
  const listOf = (holder: Cursor | undefined): JsonValue[] | undefined => {
    const value = holder && isObject(holder.value) ? holder.value.servers : undefined;
    return Array.isArray(value) ? value : undefined;
  };
  const list = listOf(op) ?? listOf(item) ?? listOf(doc.root) ?? [];
  const servers: ApiServer[] = [];
  for (const server of list) {
    if (!isObject(server) || typeof server.url !== 'string') continue;
    const out: ApiServer = { url: server.url };
    if (typeof server.description === 'string') out.description = server.description;
    const variables = serverVariables(server.variables);
    if (variables) out.variables = variables;
    servers.push(out);
  }
  return servers;
}

function serverVariables(value: JsonValue | undefined): Record<string, ApiServerVariable> | undefined {
  if (!isObject(value)) return undefined;
  const out: Record<string, ApiServerVariable> = {};
  for (const [name, variable] of Object.entries(value)) {
    if (!isObject(variable) || (typeof variable.default !== 'string' && typeof variable.default !== 'number')) continue;
    const entry: ApiServerVariable = { default: String(variable.default) };
    if (Array.isArray(variable.enum)) entry.enum = variable.enum.filter((v) => typeof v === 'string' || typeof v === 'number').map(String);
    if (typeof variable.description === 'string') entry.description = variable.description;
    out[name] = entry;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * The security alternatives in effect (the operation's `security` overrides the root's), each scheme
 * resolved against `components.securitySchemes`. Undefined when neither says anything; `[]` for "none".
 * A name with no scheme is left out of its requirement (the spec's validation reports it).
 */
export function securityOf(doc: SpecDocument, op: Cursor | undefined): ApiSecurityRequirement[] | undefined {
  const opSecurity = op && isObject(op.value) ? op.value.security : undefined;
  const rootSecurity = isObject(doc.main.value) ? doc.main.value.security : undefined;
  const security = opSecurity !== undefined ? opSecurity : rootSecurity;
  if (!Array.isArray(security)) return undefined;
  const components = doc.child(doc.root, 'components');
  const schemesNode = components && doc.child(components, 'securitySchemes');
  const requirements: ApiSecurityRequirement[] = [];
  for (const requirement of security) {
    if (!isObject(requirement)) continue;
    const schemes: ApiSecurityScheme[] = [];
    for (const [name, scopes] of Object.entries(requirement)) {
      const raw = schemesNode && doc.child(schemesNode, name);
      const node = raw && doc.deref(raw);
      if (!node || !isObject(node.value) || typeof node.value.type !== 'string') continue;
      schemes.push(schemeOf(name, node.value, scopes));
    }
    requirements.push({ schemes });
  }
  return requirements;
}

function schemeOf(name: string, value: JsonObject, scopes: JsonValue): ApiSecurityScheme {
  const scheme: ApiSecurityScheme = { name, type: value.type as string };
  if (typeof value.description === 'string') scheme.description = value.description;
  if (typeof value.scheme === 'string') scheme.scheme = value.scheme.toLowerCase();
  if (typeof value.bearerFormat === 'string') scheme.bearerFormat = value.bearerFormat;
  if (value.in === 'header' || value.in === 'query' || value.in === 'cookie') scheme.in = value.in;
  if (typeof value.name === 'string') scheme.parameterName = value.name;
  if (isObject(value.flows)) scheme.flows = value.flows;
  if (typeof value.openIdConnectUrl === 'string') scheme.openIdConnectUrl = value.openIdConnectUrl;
  const listed = Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string') : [];
  if (listed.length > 0) scheme.scopes = listed;
  return scheme;
}

/** `x-codeSamples` (Redoc) or `x-code-samples` (its older name): entries with a `lang` and a `source`. */
export function givenCodeSamples(op: Cursor | undefined): ApiCodeSample[] | undefined {
  const value = op && isObject(op.value) ? (op.value['x-codeSamples'] ?? op.value['x-code-samples']) : undefined;
  if (!Array.isArray(value)) return undefined;
  const samples: ApiCodeSample[] = [];
  for (const entry of value) {
    if (!isObject(entry) || typeof entry.lang !== 'string' || typeof entry.source !== 'string') continue;
    const label = typeof entry.label === 'string' && entry.label.trim() !== '' ? entry.label : entry.lang;
    samples.push({ lang: entry.lang, label, source: entry.source, generated: false });
  }
  return samples.length > 0 ? samples : undefined;
}

