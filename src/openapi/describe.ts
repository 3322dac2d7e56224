import { compareCodeUnits, joinPointer, type JsonValue } from '../diagnostics/index.js';
import { joinUrl, playgroundModes, type AuthMethod, type Field, type FieldLocation, type PlaygroundMode } from '../fields/index.js';
import { sha256 } from '../root/index.js';
import { isReference, valueAt, walkReferences, type Cursor, type SpecDocument } from './document.js';
import { isObject } from './parse.js';
import { givenCodeSamples, OperationReader, parameterLike, pickMedia, securityOf, serversOf } from './details.js';
import { SchemaConverter, type SchemaTable } from './schema.js';
import type { LoadedSpec, OperationEndpoint, OperationInfo, OperationPage, PageSchema, SpecSummary } from './types.js';

export interface DescribeOptions {
  /** `api.playground.display` of docs.json; null when unset. */
  playgroundDisplay: PlaygroundMode | null;
  schemas: SchemaTable;
}

const parameterLocations: ReadonlySet<string> = new Set(['path', 'query', 'header', 'cookie']);

/**
 * The page data of one operation (or webhook). Title: `x-docs.metadata.title` > summary > `METHOD /path`;
 * description: `x-docs.metadata.description` > operation description. Parameters are the path item's
 * (unless the operation redefines them) then the operation's, then the request body's properties;
 * response fields come from the first 2xx response with a JSON body.
 */
export function describeOperation(spec: LoadedSpec, operation: OperationInfo, options: DescribeOptions): OperationPage {
  const doc = spec.document;
  const op = doc.get(operation.pointer);
  const opNode = op && doc.deref(op);
  const item = doc.get(operation.pointer.slice(0, operation.pointer.lastIndexOf('/')));
  const itemNode = item && doc.deref(item);
  const metadata = operation.xDocs?.metadata ?? {};
  const str = (key: string): string | undefined => {
    const value = metadata[key];
    return typeof value === 'string' && value.trim() !== '' ? value : undefined;
  };
  const label = operation.webhook !== undefined ? `webhook ${operation.webhook}` : `${operation.method} ${operation.path}`;

  const servers = operation.webhook !== undefined ? [] : operation.servers;
  const page: OperationPage = {
    kind: 'openapi',
    title: str('title') ?? (operation.summary?.trim() || label),
    source: { file: spec.id, pointer: operation.pointer },
    api: { method: operation.method, path: operation.path, servers, url: servers[0] === undefined ? null : joinUrl(servers[0], operation.path) },
    params: [],
    responseFields: [],
    hidden: operation.hidden || metadata.hidden === true,
    contentHash: '',
    operation: { spec: spec.id, method: operation.method, path: operation.path },
    endpoint: endpointOf(doc, opNode, operation, metadata),
  };
  const sidebarTitle = str('sidebarTitle');
  const description = str('description') ?? operation.description;
  if (sidebarTitle !== undefined) page.sidebarTitle = sidebarTitle;
  if (description !== undefined) page.description = description;
  if (operation.xDocs?.metadata) page.frontmatter = operation.xDocs.metadata;
  const deprecated = typeof metadata.deprecated === 'boolean' ? metadata.deprecated : operation.deprecated;
  if (deprecated) page.deprecated = true;

  if (opNode && itemNode) {
    const details = new OperationReader(doc, spec.id, options.schemas).read(opNode);
    page.params = [...parameterFields(spec, options.schemas, itemNode, opNode), ...details.bodyFields];
    page.responseFields = details.responseFields;
    if (details.requestBody) page.requestBody = details.requestBody;
    page.responses = details.responses;
    if (details.examples) page.examples = details.examples;
  }
  options.schemas.drain();
  addEnvironment(page, doc, operation, opNode, itemNode);

  if (operation.operationId !== undefined) page.operation.operationId = operation.operationId;
  if (operation.webhook !== undefined) page.operation.webhook = operation.webhook;
  if (operation.tags.length > 0) page.operation.tags = [...operation.tags];
  if (operation.xDocs?.content !== undefined) page.content = operation.xDocs.content;
  page.contentHash = operationHash(doc, operation, itemNode, opNode, options.playgroundDisplay);
  return page;
}

function parameterFields(spec: LoadedSpec, schemas: SchemaTable, item: Cursor, op: Cursor): Field[] {
  const doc = spec.document;
  const read = (holder: Cursor): Array<{ node: Cursor; name: string; in: string }> => {
    const list = doc.child(holder, 'parameters');
    if (!list || !Array.isArray(list.value)) return [];
    const out: Array<{ node: Cursor; name: string; in: string }> = [];
    for (let i = 0; i < list.value.length; i++) {
      const raw = doc.child(list, i);
      const node = raw && doc.deref(raw);
      if (!node || !isObject(node.value) || typeof node.value.name !== 'string' || typeof node.value.in !== 'string') continue;
      if (!parameterLocations.has(node.value.in)) continue;
      out.push({ node, name: node.value.name, in: node.value.in });
    }
    return out;
  };
  const own = read(op);
  const inherited = read(item).filter((p) => !own.some((o) => o.name === p.name && o.in === p.in));
  const fields: Field[] = [];
  for (const parameter of [...inherited, ...own]) {
    const value = parameter.node.value as { [key: string]: JsonValue };
    const converter = new SchemaConverter(doc, spec.id, schemas, parameter.in as FieldLocation);
    const schema = doc.child(parameter.node, 'schema') ?? firstMediaSchema(doc, parameter.node);
    const field = converter.field(parameter.name, parameter.in === 'path' || value.required === true, schema, 0, parameter.node);
    fields.push(parameterLike(field, value, doc, parameter.node));
  }
  return fields;
}

function firstMediaSchema(doc: SpecDocument, holder: Cursor, jsonOnly = false): Cursor | undefined {
  const content = doc.child(holder, 'content');
  const node = content && doc.deref(content);
  if (!node || !isObject(node.value)) return undefined;
  const media = pickMedia(node.value, jsonOnly);
  const mediaNode = media === undefined ? undefined : doc.child(node, media);
  return mediaNode && doc.child(mediaNode, 'schema');
}

/**
 * Auth from the security requirements: the operation's `security` overrides the root's; `[]` or only
 * `{}` means none. The first requirement with a scheme docs-build can express wins: http bearer, OAuth 2
 * and OpenID Connect (all send `Authorization: Bearer`) -> bearer; http basic -> basic; apiKey in a header
 * -> key with the header name. apiKey in a query or cookie, other http schemes and mutualTLS have no
 * auth method here; when nothing maps, no auth comes from the spec and the page falls back to docs.json.
 * `x-docs.metadata.authMethod` overrides all of this.
 */
function authOf(doc: SpecDocument, op: Cursor | undefined, metadata: Record<string, JsonValue>): OperationEndpoint['auth'] {
  const schemesNode = (() => {
    const components = doc.child(doc.root, 'components');
    const schemes = components && doc.child(components, 'securitySchemes');
    return schemes && doc.deref(schemes);
  })();
  const schemeOf = (name: string): { [key: string]: JsonValue } | undefined => {
    const raw = schemesNode && doc.child(schemesNode, name);
    const node = raw && doc.deref(raw);
    return node && isObject(node.value) ? node.value : undefined;
  };
  const mapScheme = (scheme: { [key: string]: JsonValue } | undefined): OperationEndpoint['auth'] => {
    if (!scheme) return undefined;
    const type = typeof scheme.type === 'string' ? scheme.type : '';
    const httpScheme = typeof scheme.scheme === 'string' ? scheme.scheme.toLowerCase() : '';
    if (type === 'http' && httpScheme === 'bearer') return { method: 'bearer' };
    if (type === 'http' && httpScheme === 'basic') return { method: 'basic' };
    if (type === 'oauth2' || type === 'openIdConnect') return { method: 'bearer' };
    if (type === 'apiKey' && scheme.in === 'header' && typeof scheme.name === 'string') return { method: 'key', headerName: scheme.name };
    return undefined;
  };
  const opSecurity = op && isObject(op.value) ? op.value.security : undefined;
  const rootSecurity = isObject(doc.main.value) ? doc.main.value.security : undefined;
  const security = opSecurity !== undefined ? opSecurity : rootSecurity;

  const fromMetadata = metadata.authMethod;
  if (typeof fromMetadata === 'string') {
    if (fromMetadata !== 'key') return { method: fromMetadata as AuthMethod };
    const keyScheme = Array.isArray(security)
      ? security.flatMap((req) => (isObject(req) ? Object.keys(req) : [])).map((name) => mapScheme(schemeOf(name))).find((a) => a?.method === 'key')
      : undefined;
    return keyScheme ?? { method: 'key' };
  }
  if (!Array.isArray(security)) return undefined;
  let optional = security.length === 0;
  for (const requirement of security) {
    if (!isObject(requirement)) continue;
    const names = Object.keys(requirement);
    if (names.length === 0) optional = true;
    for (const name of names) {
      const mapped = mapScheme(schemeOf(name));
      if (mapped) return mapped;
    }
  }
  return optional ? { method: 'none' } : undefined;
}

/** Servers with their variables, the security alternatives and `x-codeSamples` (webhooks have none of them). */
function addEnvironment(page: OperationPage, doc: SpecDocument, operation: OperationInfo, op: Cursor | undefined, item: Cursor | undefined): void {
  if (operation.webhook !== undefined) return;
  const servers = serversOf(doc, op, item);
  if (servers.length > 0) page.servers = servers;
  const security = securityOf(doc, op);
  if (security) page.security = security;
  const samples = givenCodeSamples(op);
  if (samples) page.codeSamples = samples;
}

/**
 * What the spec says about the page's auth and playground; precedence (`resolveOperationEndpoint`)
 * decides with docs.json, in one table with the rules of hand-written pages.
 */
function endpointOf(doc: SpecDocument, op: Cursor | undefined, operation: OperationInfo, metadata: Record<string, JsonValue>): OperationEndpoint {
  const endpoint: OperationEndpoint = { webhook: operation.webhook !== undefined, hasServers: operation.servers.length > 0 };
  const auth = endpoint.webhook ? undefined : authOf(doc, op, metadata);
  if (auth) endpoint.auth = auth;
  const playground = metadata.playground;
  if (typeof playground === 'string' && (playgroundModes as readonly string[]).includes(playground)) endpoint.playground = playground as PlaygroundMode;
  return endpoint;
}

/** Every value the `$ref`s under `roots` reach, transitively, each once, sorted by `<file>#<pointer>`. */
function reachedValues(doc: SpecDocument, roots: Cursor[]): Array<[string, JsonValue]> {
  const reached = new Map<string, JsonValue>();
  const queue: Cursor[] = [...roots];
  for (let i = 0; i < queue.length; i++) {
    const from = queue[i]!;
    walkReferences(from.value, from.pointer, (_pointer, ref) => {
      const target = doc.target(from.file, ref);
      if (!target.ok) return;
      const key = `${target.file}#${target.pointer}`;
      if (reached.has(key)) return;
      const value = valueAt(doc.files.get(target.file)!.value, target.pointer);
      if (value === undefined) return;
      reached.set(key, value);
      queue.push({ file: target.file, pointer: target.pointer, value });
    });
  }
  return [...reached.entries()].sort(([a], [b]) => compareCodeUnits(a, b));
}

/**
 * sha256 of the operation as resolved: its path item (other methods left out), the operation, every
 * value its `$ref`s reach (each once, so recursion terminates), and the root-level values that change
 * its page (servers, security, the playground setting).
 */
function operationHash(doc: SpecDocument, operation: OperationInfo, item: Cursor | undefined, op: Cursor | undefined, display: PlaygroundMode | null): string {
  const itemValue = item && isObject(item.value) ? Object.fromEntries(Object.entries(item.value).filter(([k]) => !/^(get|put|post|delete|options|head|patch|trace)$/.test(k))) : null;
  const roots: Cursor[] = [];
  if (item) roots.push({ ...item, value: itemValue });
  if (op) roots.push(op);
  const main = isObject(doc.main.value) ? doc.main.value : {};
  const schemes = isObject(main.components) ? (main.components.securitySchemes ?? null) : null;
  return sha256(JSON.stringify([operation.pointer, itemValue, op?.value ?? null, reachedValues(doc, roots), main.servers ?? null, main.security ?? null, schemes, display]));
}

/** `openapi-schema:` page data; the schema itself goes into the table under `schema.ref`. */
/** What an `openapi-schema:` page takes from its spec. */
export interface SchemaPage {
  title: string;
  description?: string;
  source: { file: string; pointer: string };
  schema: PageSchema;
  contentHash: string;
  deprecated?: boolean;
}

export function describeSchemaPage(
  spec: LoadedSpec,
  name: string,
  schemas: SchemaTable,
): SchemaPage | undefined {
  const doc = spec.document;
  const pointer = joinPointer('/components/schemas', name);
  const raw = doc.get(pointer);
  if (!raw) return undefined;
  const target = isReference(raw.value) ? doc.deref(raw) : raw;
  if (!target) return undefined;
  const plain = { ...target, value: valueAt(doc.files.get(target.file)!.value, target.pointer) ?? target.value };
  const key = `${target.file}#${target.pointer}`;
  schemas.require(key, doc, spec.id, plain);
  schemas.drain();
  const entry = schemas.get(key)!;
  const page: SchemaPage = {
    title: name,
    source: { file: spec.id, pointer },
    schema: { spec: spec.id, name, ref: key },
    contentHash: sha256(JSON.stringify([key, plain.value, reachedValues(doc, [plain])])),
  };
  if (entry.description !== undefined) page.description = entry.description;
  if (entry.deprecated) page.deprecated = true;
  return page;
}

export function specSummary(spec: LoadedSpec): SpecSummary {
  const summary: SpecSummary = {
    file: spec.id,
    openapiVersion: spec.openapiVersion,
    title: spec.title,
    version: spec.version,
    servers: [...spec.servers],
    operationCount: spec.operations.length,
  };
  if (spec.webhooks.length > 0) summary.webhookCount = spec.webhooks.length;
  if (spec.url !== undefined) summary.url = spec.url;
  return summary;
}

