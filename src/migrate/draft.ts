import SwaggerParser from '@apidevtools/swagger-parser';
import { stringify as stringifyYaml } from 'yaml';
import { createDiagnostic, isJsonObject as isObject, sortDiagnostics, type Diagnostic, type JsonObject, type JsonValue, type RelatedLocation, type SourceLocation, type StageResult } from '../diagnostics/index.js';
import type { Field } from '../fields/index.js';
import { enclosingLabels, openContext, readApiPages, type ApiPage, type MigrationContext } from './context.js';
import type { EndpointPage } from '../precedence/index.js';
import { contentFor, lostProse } from './prose.js';
import { normalizeType, trimTrailingSlashes } from '../fields/index.js';
import type { DraftOpenapiOptions, DraftResult, DocsExtension } from './types.js';


const ignoredHeaders = new Set(['authorization', 'content-type', 'accept']);

/**
 * Drafts an OpenAPI 3.1 document from the hand-written API pages of the navigation, for teams without a
 * spec. Servers come from `api.mdx.server` (or the pages' full URLs: the most used origin at the top,
 * others on their operations), parameters and the JSON request body from `ParamField`s, a 200 JSON
 * response from `ResponseField`s with their nesting, security from each page's resolved auth, summary and
 * description from the frontmatter. Each operation keeps the page's URL (`x-mint.href`) and its prose
 * (`x-mint.content`), so that `migrate check` against the draft reports no drift for these pages.
 * What OpenAPI cannot say (an optional path parameter, a type name such as `Vector`) is a
 * `migrate/draft-lossy` warning. The result is checked with swagger-parser; nothing is written here.
 */
export async function draftOpenapi(options: DraftOpenapiOptions): Promise<StageResult<DraftResult | undefined>> {
  const opened = openContext(options.root);
  const diagnostics: Diagnostic[] = [...opened.diagnostics];
  const context = opened.context;
  if (!context) return { value: undefined, diagnostics: sortDiagnostics(diagnostics) };
  const apiPages = readApiPages(context);
  diagnostics.push(...apiPages.diagnostics);
  const ordered = pagesInNavigationOrder(context, apiPages.pages, diagnostics);
  const rootServers = context.settings.server.length > 0 ? [...context.settings.server] : mostUsedOrigin(ordered.map((o) => o.apiPage));
  const draft = new DraftDocument(rootServers, diagnostics, options.extension ?? 'x-mint');
  for (const entry of ordered) draft.addPage(entry);
  const document = draft.document(options.title ?? `${context.site.name || 'API'} API`, options.version ?? '1.0.0');
  diagnostics.push(...(await validateDraft(document)));
  return { value: { document, pages: draft.drafted }, diagnostics: sortDiagnostics(diagnostics) };
}

interface OrderedPage {
  apiPage: ApiPage;
  id: string;
  group: string | undefined;
}

/** Pages in navigation order, each file once, with the group that lists it first (their diagnostics too, once). */
function pagesInNavigationOrder(context: MigrationContext, apiPages: Map<string, ApiPage>, diagnostics: Diagnostic[]): OrderedPage[] {
  const labels = enclosingLabels(context.tree);
  const ordered: OrderedPage[] = [];
  const seen = new Set<string>();
  for (const item of context.tree.pages) {
    if (!item.file || seen.has(item.file)) continue;
    const apiPage = apiPages.get(item.file);
    if (!apiPage) continue;
    seen.add(item.file);
    diagnostics.push(...apiPage.diagnostics);
    ordered.push({ apiPage, id: item.id, group: labels.get(item.pointer) });
  }
  return ordered;
}

/**
 * The draft being built, one page at a time: its paths, the document-wide parts the pages add to (tags,
 * security schemes, operationIds in use) and what tells one page's operation from another's.
 */
class DraftDocument {
  /** The pages drafted, in order (a page whose operation another page took is not one). */
  readonly drafted: string[] = [];
  private readonly paths: JsonObject = {};
  /** Path templates with parameter names blanked out -> the first spelling drafted. */
  private readonly shapes = new Map<string, string>();
  /** `method path` -> the page it was drafted from. */
  private readonly operations = new Map<string, { file: string; at: RelatedLocation }>();
  private readonly operationIds = new Set<string>();
  private readonly tags: string[] = [];
  private readonly securitySchemes: JsonObject = {};

  constructor(
    private readonly rootServers: string[],
    private readonly diagnostics: Diagnostic[],
    /** `x-mint` or `x-docs`: where each operation's page data goes. */
    private readonly extension: DocsExtension,
  ) {}

  /** Drafts the operation of one page, unless another page already has its method and path. */
  addPage({ apiPage, id, group }: OrderedPage): void {
    const { page, endpoint } = apiPage;
    const lossy: Lossy = (message, at = page.api.location) => void this.diagnostics.push(createDiagnostic('migrate/draft-lossy', message, at));
    const { opPath, servers, renames } = this.placePath(apiPage, lossy);
    const method = page.api.method.toLowerCase();
    if (!this.claim(method, opPath, page)) return;

    const operation: JsonObject = { operationId: uniqueOperationId(id, this.operationIds), summary: page.title };
    if (page.description !== undefined) operation.description = page.description;
    if (group) {
      operation.tags = [group];
      if (!this.tags.includes(group)) this.tags.push(group);
    }
    const parameters = parametersOf(page, endpoint.auth.headerName, opPath, renames, lossy);
    if (parameters.length > 0) operation.parameters = parameters;
    addBodies(operation, page, lossy);
    const security = securityOf(apiPage, this.securitySchemes, lossy);
    if (security !== undefined) operation.security = security;
    if (servers.length > 0 && !sameList(servers, this.rootServers)) operation.servers = servers.map((url) => serverObject(url));
    operation[this.extension] = xDocsOf(page, id);

    const item = (this.paths[opPath] ??= {}) as JsonObject;
    item[method] = operation;
    this.drafted.push(page.path);
  }

  /** The whole document, its parts in the order readers expect. */
  document(title: string, version: string): JsonObject {
    const { drafted, rootServers, tags, securitySchemes } = this;
    const document: JsonObject = {
      openapi: '3.1.0',
      info: {
        title,
        version,
        description: `Drafted by docs-build from ${drafted.length} hand-written API page${drafted.length === 1 ? '' : 's'}. Review it before publishing.`,
      },
    };
    if (rootServers.length > 0) document.servers = rootServers.map((url) => serverObject(url));
    if (tags.length > 0) document.tags = tags.map((name) => ({ name }));
    document.paths = this.paths;
    if (Object.keys(securitySchemes).length > 0) document.components = { securitySchemes };
    return document;
  }

  /**
   * The page's operation path, the servers it needs, and the renames of its path parameters when an
   * earlier page spelled the same template with other names.
   */
  private placePath({ page, endpoint }: ApiPage, lossy: Lossy): { opPath: string; servers: readonly string[]; renames: Map<string, string> } {
    // A full URL under one of the document's servers is a path of that server (`https://api.x/v1/a`
    // with the server `https://api.x/v1` is `/a`); any other origin keeps its own server.
    const base = endpoint.api.url === null ? undefined : underServer(endpoint.api.url, this.rootServers);
    const servers = base !== undefined ? this.rootServers : endpoint.api.url === null ? [] : endpoint.api.servers;
    const rawPath = base ?? endpoint.api.path;
    if (/[?#]/.test(rawPath)) lossy(`the query string of "${page.api.target}" is dropped: OpenAPI paths have none (document query parameters with <ParamField query=...>)`);
    const opPath = rawPath.replace(/[?#].*$/s, '') || '/';
    // Trailing slashes go, but a path of slashes alone stays `/`.
    const shape = trimTrailingSlashes(opPath.replace(/\{[^{}]*\}/g, '{}')) || '/';
    // Templates that differ only in parameter names are one path in OpenAPI: reuse the first spelling.
    const existingPath = this.shapes.get(shape);
    if (existingPath === undefined) {
      this.shapes.set(shape, opPath);
      return { opPath, servers, renames: new Map() };
    }
    return { opPath: existingPath, servers, renames: parameterRenames(opPath, existingPath) };
  }

  /** Records `method path` as drafted from this page; false, with a conflict error, when a page before it has them. */
  private claim(method: string, opPath: string, page: EndpointPage): boolean {
    const key = `${method} ${opPath}`;
    const first = this.operations.get(key);
    if (first) {
      this.diagnostics.push(
        createDiagnostic('migrate/draft-conflict', `${page.api.method} ${opPath} is already drafted from ${first.file}; this page is left out of the draft`, page.api.location, {
          related: [first.at],
          suggestion: 'merge the two pages, or give one of them another path',
        }),
      );
      return false;
    }
    this.operations.set(key, { file: page.path, at: { ...page.api.location, message: 'drafted from this page' } });
    return true;
  }
}

/** Our path parameter names -> the names the same segments have in `existingPath`. */
function parameterRenames(opPath: string, existingPath: string): Map<string, string> {
  const renames = new Map<string, string>();
  const ours = opPath.split('/');
  existingPath.split('/').forEach((segment, i) => {
    const a = /^\{(.+)\}$/.exec(ours[i] ?? '');
    const b = /^\{(.+)\}$/.exec(segment);
    if (a && b && a[1] !== b[1]) renames.set(a[1]!, b[1]!);
  });
  return renames;
}

/**
 * The operation's parameters: the page's path, query, header and cookie fields (each once; headers the
 * security or the media types carry are left out), then the path's template names the page does not
 * document, so that the path stays valid.
 */
function parametersOf(page: EndpointPage, authHeader: string | undefined, opPath: string, renames: Map<string, string>, lossy: Lossy): JsonValue[] {
  const templateNames = [...opPath.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]!);
  const parameters: JsonValue[] = [];
  const declared = new Set<string>();
  for (const original of page.params) {
    if (original.in === 'body') continue;
    const field = original.in === 'path' && renames.has(original.name) ? { ...original, name: renames.get(original.name)! } : original;
    if (field.in === 'header' && (ignoredHeaders.has(field.name.toLowerCase()) || field.name.toLowerCase() === authHeader?.toLowerCase())) continue;
    const at = fieldAt(field);
    if (field.in === 'path' && !templateNames.includes(field.name)) {
      lossy(`path parameter "${field.name}" is not in the path ${opPath}; OpenAPI cannot hold it`, at);
      continue;
    }
    const identity = `${field.in}:${field.in === 'header' ? field.name.toLowerCase() : field.name}`;
    if (declared.has(identity)) continue;
    declared.add(identity);
    if (field.in === 'path' && !field.required) {
      lossy(`path parameter "${field.name}" is optional on the page; OpenAPI path parameters are always required (an optional segment needs a second path without it)`, at);
    }
    parameters.push(parameterObject(field, lossy));
  }
  for (const name of templateNames) {
    if (declared.has(`path:${name}`)) continue;
    parameters.push({ name, in: 'path', required: true, schema: { type: 'string' }, description: 'Not documented on the hand-written page.' });
  }
  return parameters;
}

function parameterObject(field: Field, lossy: Lossy): JsonObject {
  const parameter: JsonObject = { name: field.name, in: field.in, required: field.in === 'path' ? true : field.required };
  if (field.description !== undefined) parameter.description = field.description;
  if (field.deprecated) parameter.deprecated = true;
  const schema = fieldSchema(field, lossy);
  // The parameter carries the description; the schema would only repeat it.
  delete schema.description;
  parameter.schema = schema;
  return parameter;
}

/** The JSON request body from the page's body fields, and the 200 response with its fields. */
function addBodies(operation: JsonObject, page: EndpointPage, lossy: Lossy): void {
  const body = page.params.filter((f) => f.in === 'body');
  if (body.length > 0) {
    operation.requestBody = { required: body.some((f) => f.required), content: { 'application/json': { schema: objectSchema(body, lossy) } } };
  }
  const response: JsonObject = { description: 'Successful response' };
  if (page.responseFields.length > 0) response.content = { 'application/json': { schema: objectSchema(page.responseFields, lossy) } };
  operation.responses = { '200': response };
}

/** What OpenAPI has no place for but the site needs back: the page's URL, prose and sidebar metadata. */
function xDocsOf(page: EndpointPage, id: string): JsonObject {
  const xDocs: JsonObject = { href: `/${id}` };
  const prose = lostProse(page.prose, undefined);
  if (prose.length > 0) xDocs.content = contentFor(prose);
  const metadata: JsonObject = {};
  if (page.sidebarTitle !== undefined) metadata.sidebarTitle = page.sidebarTitle;
  if (page.playground) metadata.playground = page.playground.value;
  if (Object.keys(metadata).length > 0) xDocs.metadata = metadata;
  return xDocs;
}

/** The document as YAML (for `.yaml`/`.yml` file names) or JSON, ending with a newline. */
export function serializeDraft(document: JsonObject, fileName: string): string {
  if (/\.ya?ml$/i.test(fileName)) return stringifyYaml(document, { lineWidth: 0, aliasDuplicateObjects: false });
  return JSON.stringify(document, null, 2) + '\n';
}

async function validateDraft(document: JsonObject): Promise<Diagnostic[]> {
  try {
    // A deep copy: swagger-parser dereferences in place. The draft has no $ref, so nothing is read.
    await new SwaggerParser().validate(structuredClone(document) as never, { resolve: { external: false } } as never);
    return [];
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n').slice(0, 3).join(' ') : String(error);
    return [createDiagnostic('openapi/invalid', `the drafted document is not valid OpenAPI (a bug in docs-build; please report it): ${message}`)];
  }
}

function fieldAt(field: Field): SourceLocation {
  const source = field.source;
  return 'line' in source ? { file: source.file, line: source.line, column: source.column } : { file: source.file, pointer: source.pointer };
}

/** The most frequent origin of the pages' full URLs (first in navigation order on a tie). */
function mostUsedOrigin(pages: readonly ApiPage[]): string[] {
  const counts = new Map<string, number>();
  for (const { endpoint } of pages) {
    if (endpoint.api.url === null) continue;
    for (const server of endpoint.api.servers) counts.set(server, (counts.get(server) ?? 0) + 1);
  }
  let best: string | undefined;
  for (const [server, n] of counts) if (best === undefined || n > counts.get(best)!) best = server;
  return best === undefined ? [] : [best];
}

/** The path of `url` below the first of `servers` that is a prefix of it, or undefined. */
function underServer(url: string, servers: readonly string[]): string | undefined {
  for (const server of servers) {
    const trimmed = trimTrailingSlashes(server);
    if (url === trimmed) return '/';
    if (url.startsWith(`${trimmed}/`) || url.startsWith(`${trimmed}?`)) return url.slice(trimmed.length).replace(/^(?=\?)/, '/');
  }
  return undefined;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * A server object. `{name}` placeholders in the URL (a hand-written `https://{endpoint}/...`) become
 * variables whose default is the placeholder itself, so the URL readers see stays exactly as the
 * pages showed it. (No `description` on the variable: swagger-parser 13.0's 3.1 schema refuses one.)
 */
function serverObject(url: string): JsonObject {
  const server: JsonObject = { url };
  const names = [...url.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]!);
  if (names.length > 0) {
    const vars: JsonObject = {};
    for (const name of names) {
      vars[name] = { default: `{${name}}` };
    }
    server.variables = vars;
  }
  return server;
}

function uniqueOperationId(pageId: string, used: Set<string>): string {
  const segments = pageId.split('/').filter((s) => s !== '');
  const camel = (parts: string[]): string => {
    const words = parts.join('-').split(/[^A-Za-z0-9]+/).filter((w) => w !== '');
    const text = words.map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1))).join('');
    return /^[0-9]/.test(text) ? `op${text}` : text || 'operation';
  };
  for (let take = 1; take <= segments.length; take++) {
    const candidate = camel(segments.slice(-take));
    if (!used.has(candidate)) {
      used.add(candidate);
      return candidate;
    }
  }
  const base = camel(segments);
  let n = 2;
  while (used.has(`${base}${n}`)) n++;
  used.add(`${base}${n}`);
  return `${base}${n}`;
}

type Lossy = (message: string, at?: SourceLocation) => void;

/** An object schema holding `fields` as properties (a body or a response). */
function objectSchema(fields: readonly Field[], lossy: Lossy): JsonObject {
  const properties: JsonObject = {};
  const required: string[] = [];
  for (const field of fields) {
    if (Object.prototype.hasOwnProperty.call(properties, field.name)) continue;
    properties[field.name] = fieldSchema(field, lossy);
    if (field.required) required.push(field.name);
  }
  const schema: JsonObject = { type: 'object', properties };
  if (required.length > 0) schema.required = required;
  return schema;
}

/** The schema of one field: its type, description, default, deprecation and nested properties. */
function fieldSchema(field: Field, lossy: Lossy): JsonObject {
  const schema = typeSchema(field.type, field, lossy);
  if (field.description !== undefined) schema.description = field.description;
  if (field.deprecated) schema.deprecated = true;
  if (field.default !== undefined) schema.default = typedDefault(field.default, schema);
  if (field.properties && field.properties.length > 0) {
    // Nested fields describe the object itself, or the objects of an array.
    const holder = schema.type === 'array' && typeof schema.items === 'object' && schema.items !== null && !Array.isArray(schema.items) ? (schema.items as JsonObject) : schema;
    const nested = objectSchema(field.properties, lossy);
    if (holder.type === undefined && holder.oneOf === undefined) holder.type = 'object';
    holder.properties = nested.properties!;
    if (nested.required !== undefined) holder.required = nested.required;
  }
  return schema;
}

function typeSchema(raw: string, field: Field, lossy: Lossy): JsonObject {
  if (raw.trim() === '') return {};
  const normalized = normalizeType(raw);
  if (normalized === undefined) {
    lossy(`the type "${raw}" of "${field.name}" has no OpenAPI equivalent; the draft leaves the schema open (describe it, or use a $ref to a component schema)`, fieldAt(field));
    return {};
  }
  const schema = schemaOf(normalized);
  if (/^(file|binary)$/i.test(raw.trim())) schema.format = 'binary';
  return schema;
}

function schemaOf(type: string): JsonObject {
  if (type === 'any') return {};
  const members = splitTop(type);
  if (members.length > 1) {
    if (members.every((m) => !m.endsWith('[]'))) return { type: members };
    return { oneOf: members.map((m) => schemaOf(m)) };
  }
  if (type.endsWith('[]')) return { type: 'array', items: schemaOf(type.slice(0, -2).replace(/^\((.*)\)$/, '$1')) };
  return { type };
}

function splitTop(type: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < type.length; i++) {
    if (type[i] === '(') depth++;
    else if (type[i] === ')') depth--;
    else if (type[i] === '|' && depth === 0) {
      parts.push(type.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(type.slice(start).trim());
  return parts;
}

/** `default="10"` on an integer is the number 10 in a schema; text that does not fit the type stays text. */
function typedDefault(value: JsonValue, schema: JsonObject): JsonValue {
  if (typeof value !== 'string') return value;
  const type = typeof schema.type === 'string' ? schema.type : undefined;
  const text = value.trim();
  if ((type === 'integer' || type === 'number') && text !== '' && Number.isFinite(Number(text))) return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  if ((type === 'array' || type === 'object') && /^[[{]/.test(text)) {
    try {
      return JSON.parse(text) as JsonValue;
    } catch {
      return value;
    }
  }
  return value;
}

function securityOf(apiPage: ApiPage, schemes: JsonObject, lossy: Lossy): JsonValue | undefined {
  const auth = apiPage.endpoint.auth;
  if (auth.method === 'none') return [];
  if (auth.method === 'bearer') {
    schemes.bearerAuth = { type: 'http', scheme: 'bearer' };
    return [{ bearerAuth: [] }];
  }
  if (auth.method === 'basic') {
    schemes.basicAuth = { type: 'http', scheme: 'basic' };
    return [{ basicAuth: [] }];
  }
  if (auth.headerName === undefined) {
    lossy('the page authenticates with an API key but no header name is set (api.mdx.auth.name); the draft has no security for it');
    return undefined;
  }
  const header = auth.headerName;
  let name = 'apiKeyAuth';
  for (let n = 2; isObject(schemes[name]) && (schemes[name] as JsonObject).name !== header; n++) name = `apiKeyAuth${n}`;
  schemes[name] = { type: 'apiKey', in: 'header', name: header };
  return [{ [name]: [] }];
}
