import type { JsonValue, SourceLocation, Span } from '../diagnostics/index.js';
import type { AuthMethod, HttpMethod, PlaygroundMode } from '../fields/index.js';
import type { ApiExamples, Field } from '../fields/index.js';
import type { ConvertedBody } from '../content/types.js';

// One list of HTTP methods for every source of API data; `api:` lines name them in any case.
export { httpMethods } from '../fields/http.js';
export type { HttpMethod, Span };

export { authMethods, playgroundModes } from '../fields/http.js';
export type PagePlayground = PlaygroundMode;
export type PageAuthMethod = AuthMethod;

/** A frontmatter value that passed its check, with where it was written (the value, in page coordinates). */
export interface Located<T> {
  value: T;
  location: SourceLocation;
}

/** `api: "<METHOD> <target>"` after the shape check. */
export interface PageApi {
  method: HttpMethod;
  /** As written: a full URL (`https://host/path`) or a path starting with `/`. */
  target: string;
  location: SourceLocation;
}



/** Markdown outside field components, in document order (what a migration to OpenAPI would drop). */
export interface ProseBlock {
  text: string;
  location: SourceLocation;
}

export interface PageImport {
  /** The module specifier as written: `/snippets/x.mdx`, `../a.jsx`, `react`. */
  specifier: string;
  location: SourceLocation;
}

/**
 * What the MDX stage keeps of a page. Plain data on purpose (no AST, no functions): it can be cached by
 * content hash, posted to a worker thread, or serialized; positions of frontmatter keys are kept in
 * `frontmatterPositions` and read with `locateFrontmatter`.
 */
export interface ParsedPage {
  /** Path relative to the docs root (the SourceFile's). */
  path: string;
  /** Every frontmatter key as written (empty when there is none or it could not be parsed). */
  frontmatter: Record<string, JsonValue>;
  /** Frontmatter `title` when it is a non-empty string; otherwise derived from the file name. */
  title: string;
  sidebarTitle?: string;
  description?: string;
  hidden: boolean;
  /** Frontmatter `deprecated: true`. */
  deprecated?: boolean;
  /** sha256 of the page's bytes (the SourceFile's hash). */
  contentHash: string;
  api?: PageApi;
  playground?: Located<PagePlayground>;
  authMethod?: Located<PageAuthMethod>;
  /** Frontmatter `openapi:` (a non-empty string; its meaning is checked by the OpenAPI stage). */
  openapiRef?: Located<string>;
  /** Frontmatter `openapi-schema:`. */
  openapiSchemaRef?: Located<string>;
  /** `ParamField`s not nested in another field, in document order. */
  params: Field[];
  /** `ResponseField`s not nested in another field, in document order. */
  responseFields: Field[];
  /** Code blocks of `<RequestExample>` / `<ResponseExample>` (docs/manifest.md#api-pages). */
  examples?: ApiExamples;
  imports: PageImport[];
  prose: ProseBlock[];
  /** Positions of the top-level frontmatter keys and their values. */
  frontmatterPositions: Record<string, { key: Span; value: Span }>;
  /** Where the frontmatter block starts and ends (the `---` fences); absent without frontmatter. */
  frontmatterSpan?: Span;
  /** False when the body is not valid MDX: fields, imports and prose are then empty. */
  bodyParsed: boolean;
  /** The body as page content (docs/content.md), before snippets are inlined; absent when the body did not parse. */
  content?: ConvertedBody;
}
