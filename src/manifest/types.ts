import type { JsonValue, RecordedLocation } from '../diagnostics/index.js';
import type { ContentReference } from '../content/types.js';
import type { Site } from '../config/site.js';
import type { NavKind } from '../navigation/types.js';
import type { ApiPageDetails, ApiTarget, Field } from '../fields/index.js';
import type { ResolvedAuth, ResolvedPlayground } from '../precedence/types.js';
import type { PageOperation, PageSchema, SpecSummary } from '../openapi/types.js';

// The manifest composes the models of the stages that produce them; theme authors import them all here.
export type { FontSettings, LightDark, Site, ThemeName } from '../config/site.js';
export type { NavKind } from '../navigation/types.js';
export type { ApiTarget, AuthMethod, PlaygroundMode } from '../fields/index.js';
export type {
  ApiCodeExample,
  ApiCodeSample,
  ApiExamples,
  ApiMediaType,
  ApiPageDetails,
  ApiRequestBody,
  ApiResponse,
  ApiSecurityRequirement,
  ApiSecurityScheme,
  ApiServer,
  ApiServerVariable,
  Field,
  FieldLocation,
  FieldSource,
} from '../fields/index.js';
export type { ResolvedAuth, ResolvedPlayground, ValueOrigin } from '../precedence/types.js';
export type { PageOperation, PageSchema, SpecSummary } from '../openapi/types.js';
export type { SchemaEntry } from '../openapi/schema.js';
export type { CodeMeta, ContentCode, ContentComponent, ContentElement, ContentIsland, ContentNode, ContentRaw, ContentReference, ContentRoot, ContentText, HighlightedLines, PageContent, PageIsland, SnippetProvenance, TocEntry } from '../content/types.js';

/**
 * The site manifest, version 1: the contract with themes (docs: docs/manifest.md; JSON Schema:
 * schema/manifest.schema.json, checked against these types by the test suite).
 */
export interface Manifest {
  manifestVersion: 1;
  generator: { name: string; version: string };
  site: Site;
  navigation: NavNode[];
  pages: Record<string, Page>;
  openapi: Record<string, SpecSummary>;
  schemas: Record<string, JsonValue>;
  diagnostics: { errors: number; warnings: number };
}


export interface NavNode {
  kind: NavKind;
  label: string;
  children: NavNode[];
  /** `page` nodes: key in `pages`. */
  page?: string;
  href?: string;
  icon?: string | JsonValue;
  hidden?: boolean;
  /** Spec id in effect at this node. */
  openapi?: string;
  /** Group landing page (`root`), a key in `pages`. */
  root?: string;
  expanded?: boolean;
  tag?: string;
  /** Other keys of the node as written (language code, colours, description, ...). */
  extra?: Record<string, JsonValue>;
}

export type PageKind = 'page' | 'endpoint' | 'openapi';

/** MDX pages: the file at 1:1; operation pages: the operation's pointer in its spec. */
export type PageSource = RecordedLocation;

export interface Page {
  id: string;
  kind: PageKind;
  title: string;
  sidebarTitle?: string;
  description?: string;
  source: PageSource;
  frontmatter?: Record<string, JsonValue>;
  api?: ApiTarget;
  auth?: ResolvedAuth;
  playground?: ResolvedPlayground;
  params?: Field[];
  responseFields?: Field[];
  hidden: boolean;
  /** Whether the page is listed in the navigation; pages outside it are published too (reachable by URL). */
  inNavigation: boolean;
  deprecated?: boolean;
  contentHash: string;
  /** Operation pages: the operation they document; `openapi:` MDX pages: the operation they take data from. */
  operation?: PageOperation;
  /** `openapi-schema:` pages: key in `schemas`. */
  schema?: PageSchema;
  /** `x-docs.content`: MDX placed before the generated reference, as written. */
  xDocsContent?: string;
  /** The page's content file (docs/content.md): present when the build wrote content. */
  content?: ContentReference;
  /** Endpoint pages: the request body by media type (OpenAPI). */
  requestBody?: ApiPageDetails['requestBody'];
  /** Endpoint pages: every response, by status (OpenAPI). */
  responses?: ApiPageDetails['responses'];
  /** Endpoint pages: the servers with their variables (OpenAPI; `api.servers` has the URLs with defaults applied). */
  servers?: ApiPageDetails['servers'];
  /** Endpoint pages: the security alternatives, schemes resolved (OpenAPI). */
  security?: ApiPageDetails['security'];
  /** Endpoint pages: request and response examples (spec examples; MDX RequestExample / ResponseExample). */
  examples?: ApiPageDetails['examples'];
  /** Endpoint pages: request code samples (`x-codeSamples`, else generated curl, Python, JavaScript, Go). */
  codeSamples?: ApiPageDetails['codeSamples'];
}

