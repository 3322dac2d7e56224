import type { JsonValue, RecordedLocation, SourceLocation } from '../diagnostics/index.js';
import { httpMethods, type ApiPageDetails, type ApiTarget, type AuthMethod, type Field, type PlaygroundMode } from '../fields/index.js';
import type { SpecDocument } from './document.js';

/** The HTTP methods an OpenAPI path item can hold, lower-case as written in a spec. */
export const pathItemMethods: ReadonlySet<string> = new Set(httpMethods.map((method) => method.toLowerCase()));

/** `x-docs` (or its synonym `x-mint`) of an operation, after validation; malformed parts are dropped. */
export interface XDocs {
  /** Frontmatter keys for the generated page (title, sidebarTitle, description, playground, ...). */
  metadata?: Record<string, JsonValue>;
  /** MDX placed before the generated reference. */
  content?: string;
  /** Page id of the generated page, without leading slash. */
  href?: string;
}

export interface OperationInfo {
  /** Upper-case: `GET`. */
  method: string;
  /** The path template as written in the spec (`/users/{id}`); for a webhook, its name. */
  path: string;
  /** Pointer of the operation in the spec's main document (`/paths/~1users~1{id}/get`). */
  pointer: string;
  operationId?: string;
  summary?: string;
  description?: string;
  tags: string[];
  /** `x-hidden` / `x-excluded` on the operation or on its path item. */
  hidden: boolean;
  deprecated: boolean;
  xDocs?: XDocs;
  /** Effective server URLs: operation > path item > root (variables replaced by their defaults). */
  servers: string[];
  /** Set for webhooks: the key under `webhooks`. */
  webhook?: string;
}

export interface TagInfo {
  name: string;
  description?: string;
}

/** A spec loaded, validated and indexed once per run. */
export interface LoadedSpec {
  /** Root-relative path of the main file, or the URL of a remote spec. */
  id: string;
  /** The file diagnostics point into: same as `id` (a URL for remote specs). */
  file: string;
  /** Set for specs fetched from a URL. */
  url?: string;
  openapiVersion: string;
  title: string;
  version: string;
  description?: string;
  servers: string[];
  /** Non-webhook operations in document order (hidden ones included, flagged). */
  operations: OperationInfo[];
  webhooks: OperationInfo[];
  /** Names under `components.schemas`, in document order. */
  schemaNames: string[];
  /** The top-level `tags` declarations, in order. */
  tags: TagInfo[];
  /** Every file the spec is composed of (main file first). */
  files: string[];
  /** sha256 over the content of every file of the spec. */
  hash: string;
  /** Position of a pointer of the composed document, followed through `$ref`s into the file that holds it. */
  locate(pointer: string, target?: 'key' | 'value'): SourceLocation;
  /** The raw documents and `$ref` resolution; used by the describe functions. */
  readonly document: SpecDocument;
}

/** What a `pages` entry or an `openapi:` frontmatter value says. */
export type { EndpointReference } from '../navigation/endpoint-reference.js';

export type SchemaReference = { kind: 'schema'; file?: string; name: string } | { kind: 'invalid'; message: string };

/** The operation a page documents (operation pages) or takes its data from (`openapi:` MDX pages). */
export interface PageOperation {
  spec: string;
  method: string;
  path: string;
  operationId?: string;
  webhook?: string;
  tags?: string[];
}

/** `openapi-schema:` pages: the schema they show, by key in the manifest's `schemas`. */
export interface PageSchema {
  spec: string;
  name: string;
  ref: string;
}

/** What the spec says about a page's auth and playground; precedence resolves them with docs.json. */
export interface OperationEndpoint {
  /** From `x-docs.metadata.authMethod` or the security requirements, when docs-build can express it. */
  auth?: { method: AuthMethod; headerName?: string };
  /** `x-docs.metadata.playground`. */
  playground?: PlaygroundMode;
  webhook: boolean;
  hasServers: boolean;
}

/** The page of one operation as the OpenAPI stage describes it; its id comes from the navigation, its auth and playground from precedence. */
export interface OperationPage {
  kind: 'openapi';
  title: string;
  sidebarTitle?: string;
  description?: string;
  source: RecordedLocation;
  frontmatter?: Record<string, JsonValue>;
  api: ApiTarget;
  params: Field[];
  responseFields: Field[];
  hidden: boolean;
  deprecated?: boolean;
  contentHash: string;
  operation: PageOperation;
  /** `x-docs.content`: MDX placed before the generated reference. */
  content?: string;
  endpoint: OperationEndpoint;
  requestBody?: ApiPageDetails['requestBody'];
  /** Every response, sorted by status (docs/openapi.md#page-data). */
  responses?: ApiPageDetails['responses'];
  servers?: ApiPageDetails['servers'];
  security?: ApiPageDetails['security'];
  examples?: ApiPageDetails['examples'];
  /** `x-codeSamples` only; generated samples need the resolved auth, so the assembly writes them. */
  codeSamples?: ApiPageDetails['codeSamples'];
}

/** A navigation group of generated pages, by first tag. */
export interface GeneratedGroup {
  label: string;
  /** Spec id. */
  spec: string;
  pages: Array<{ id: string; label: string }>;
}

export interface SpecSummary {
  file: string;
  openapiVersion: string;
  title: string;
  version: string;
  servers: string[];
  operationCount: number;
  webhookCount?: number;
  /** Set for specs fetched from a URL. */
  url?: string;
}
