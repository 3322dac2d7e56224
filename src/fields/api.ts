import type { JsonValue } from '../diagnostics/index.js';
import type { Field } from './field.js';

/**
 * What an endpoint page needs besides its fields to be rendered without the spec: the request body and
 * every response by media type, the servers with their variables, the security alternatives, examples
 * and request code samples. OpenAPI operations fill all of it; hand-written `api:` pages fill what their
 * MDX says (examples from RequestExample / ResponseExample, code samples from their ParamFields).
 * Every list is in a fixed order (the spec's, or the page's), so manifests are byte-identical run to run.
 */

/** One media type of a request body or response. */
export interface ApiMediaType {
  /** As written in the spec: `application/json`, `multipart/form-data`, `text/event-stream`, ... */
  mediaType: string;
  /** The type of the whole body, derived like a field's: `object`, `object[]`, `string`, `any`. */
  type: string;
  /**
   * The body's fields when its schema is written inline: an object's properties, or one field named
   * `body` / `response` for anything else (`in: 'body'` for requests, `'response'` for responses). Where
   * a schema is cut (recursion or a bound), a field has `schemaRef` into the manifest's `schemas`.
   * Empty when `schemaRef` is set.
   */
  fields: Field[];
  /**
   * Set when the body's schema is a `$ref` (a named schema, usually shared by many operations, such as
   * an error body): its key in the manifest's `schemas`, whose entry's `properties` are the fields. The
   * entry keeps readOnly and writeOnly properties (flagged): a request hides readOnly ones, a response
   * writeOnly ones.
   */
  schemaRef?: string;
  /**
   * Set on the one media type whose fields the page already lists: `params` (the request body's
   * preferred media type: its fields are the `in: 'body'` entries of `params`) or `responseFields` (the
   * first 2xx JSON response). `fields` is then empty: the manifest does not write them twice.
   */
  fieldsFrom?: 'params' | 'responseFields';
}

export interface ApiRequestBody {
  required: boolean;
  description?: string;
  /** In the spec's order. */
  mediaTypes: ApiMediaType[];
}

export interface ApiResponse {
  /** As written: `200`, `404`, `4XX`, `default`. Responses are sorted: numeric codes, then `1XX`..`5XX` ranges by digit, then `default`. */
  status: string;
  description?: string;
  /** In the spec's order; empty when the response has no body. */
  mediaTypes: ApiMediaType[];
  /** Response headers as fields (`in: 'header'`), in the spec's order. */
  headers?: Field[];
}

/** A server variable: `{region}` in the URL template. */
export interface ApiServerVariable {
  default: string;
  enum?: string[];
  description?: string;
}

/** A server as the spec writes it (the URL keeps its `{variables}`; `api.servers` has them replaced by their defaults). */
export interface ApiServer {
  url: string;
  description?: string;
  /** By name, in the spec's order. */
  variables?: Record<string, ApiServerVariable>;
}

/** A security scheme of `components.securitySchemes`, named by its key there. */
export interface ApiSecurityScheme {
  /** Key in `components.securitySchemes`. */
  name: string;
  /** `apiKey`, `http`, `oauth2`, `openIdConnect`, `mutualTLS` (as written). */
  type: string;
  description?: string;
  /** `http`: the scheme (`bearer`, `basic`, ...), lower-case. */
  scheme?: string;
  /** `http` bearer: the token format hint (`JWT`). */
  bearerFormat?: string;
  /** `apiKey`: where the key goes. */
  in?: 'header' | 'query' | 'cookie';
  /** `apiKey`: the header, query parameter or cookie name. */
  parameterName?: string;
  /** `oauth2`: the flows as written. */
  flows?: Record<string, JsonValue>;
  /** `openIdConnect`: the discovery URL. */
  openIdConnectUrl?: string;
  /** The scopes this requirement asks for (`oauth2`, `openIdConnect`; others usually none). */
  scopes?: string[];
}

/**
 * One alternative of an operation's `security`: all its schemes are needed together. A requirement
 * with no schemes (`{}`) means the request may go without authentication.
 */
export interface ApiSecurityRequirement {
  schemes: ApiSecurityScheme[];
}

/** A code block shown as a request or response example. */
export interface ApiCodeExample {
  /** Language of the code: `json` for spec examples; the fence's language for MDX (`bash`, `json`, ...). */
  lang: string;
  /** MDX: the fence's title (` ```bash cURL `); spec: the example's summary or key. */
  title?: string;
  code: string;
  /** Response examples from the spec: the status they belong to. */
  status?: string;
  /** Spec examples: the media type they belong to. */
  mediaType?: string;
}

export interface ApiExamples {
  request?: ApiCodeExample[];
  response?: ApiCodeExample[];
}

/** A request code sample: `x-codeSamples` as given, else generated from the page's own data. */
export interface ApiCodeSample {
  /** Highlighting language: `bash` (curl), `python`, `javascript`, `go`, or as `x-codeSamples` says. */
  lang: string;
  /** Tab label: `cURL`, `Python`, `JavaScript`, `Go`, or `x-codeSamples`' label (else its lang). */
  label: string;
  source: string;
  /** True when docs-build wrote it (no `x-codeSamples` / `x-code-samples`). */
  generated: boolean;
}

/** The API additions of an endpoint page (every key optional; see docs/manifest.md#api-pages). */
export interface ApiPageDetails {
  requestBody?: ApiRequestBody;
  responses?: ApiResponse[];
  servers?: ApiServer[];
  /** Alternatives (any one suffices); `[]`: no authentication. Left out when the spec says nothing. */
  security?: ApiSecurityRequirement[];
  examples?: ApiExamples;
  codeSamples?: ApiCodeSample[];
}
