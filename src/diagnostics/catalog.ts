import type { Diagnostic, RelatedLocation, Severity, SourceLocation, Stage } from './diagnostic.js';

interface CatalogEntry {
  severity: Severity;
  stage: Stage;
  /** One line for the documentation of the code. */
  title: string;
}

/**
 * Every diagnostic code docs-build can emit. Codes are permanent: a code is never renamed or reused for
 * another meaning. The default severity lives here so no check spells its own.
 */
export const catalog = {
  // root: the docs-root boundary and reading files
  'root/not-found': { severity: 'error', stage: 'root', title: 'The docs root folder does not exist' },
  'root/path-escapes-root': { severity: 'error', stage: 'root', title: 'A path leads outside the docs root' },
  'root/absolute-path': { severity: 'error', stage: 'root', title: 'An absolute file-system path was used where a docs-root path is expected' },
  'root/symlink-outside': { severity: 'error', stage: 'root', title: 'A symbolic link points outside the docs root' },
  'root/file-not-found': { severity: 'error', stage: 'root', title: 'A referenced file does not exist' },
  'root/unreadable': { severity: 'error', stage: 'root', title: 'A file could not be read' },
  'root/binary-file': { severity: 'error', stage: 'root', title: 'A text file holds binary data' },
  'root/invalid-utf8': { severity: 'warning', stage: 'root', title: 'A file is not valid UTF-8; invalid bytes were replaced' },
  'root/file-too-large': { severity: 'error', stage: 'root', title: 'A file is larger than docs-build accepts' },

  // config: docs.json loading, composition, schema and semantic checks
  'config/missing': { severity: 'error', stage: 'config', title: 'No docs.json in the docs root' },
  'config/legacy-mint-json': { severity: 'error', stage: 'config', title: 'Only a legacy mint.json was found' },
  'config/invalid-json': { severity: 'error', stage: 'config', title: 'docs.json (or a file it references) is not valid JSON' },
  'config/ref-not-found': { severity: 'error', stage: 'config', title: 'A $ref in docs.json points at a missing file' },
  'config/ref-cycle': { severity: 'error', stage: 'config', title: 'docs.json $ref composition forms a cycle' },
  'config/ref-invalid': { severity: 'error', stage: 'config', title: 'A $ref in docs.json is not a relative path to a JSON object' },
  'config/ref-too-large': { severity: 'error', stage: 'config', title: 'docs.json $ref composition expands to more values than docs-build composes' },
  'config/duplicate-key': { severity: 'warning', stage: 'config', title: 'A JSON object of docs.json (or a file it references) has the same key twice; the later value wins' },
  'config/missing-required': { severity: 'error', stage: 'config', title: 'A required key is missing' },
  'config/invalid-type': { severity: 'error', stage: 'config', title: 'A value has the wrong type' },
  'config/invalid-enum': { severity: 'error', stage: 'config', title: 'A value is not one of the allowed values' },
  'config/invalid-format': { severity: 'error', stage: 'config', title: 'A value does not have the required format (hex colour, URI, ...)' },
  'config/invalid-value': { severity: 'error', stage: 'config', title: 'A value breaks a constraint (prefix, minimum length, range, ...)' },
  'config/unknown-key': { severity: 'warning', stage: 'config', title: 'A key is not part of the docs.json format' },
  'config/mixed-navigation': { severity: 'error', stage: 'config', title: 'A navigation node mixes several kinds of children' },
  'config/asset-not-found': { severity: 'warning', stage: 'config', title: 'A logo, favicon or other asset path does not exist in the docs root' },
  'config/unknown-code-theme': { severity: 'warning', stage: 'config', title: 'styling.codeblocks names a syntax-highlighting theme docs-build does not know; the default theme of that mode is used' },

  // navigation: the resolved tree
  'navigation/page-not-found': { severity: 'error', stage: 'navigation', title: 'A page in the navigation has no .mdx/.md file' },
  'navigation/duplicate-page': { severity: 'warning', stage: 'navigation', title: 'A page is listed more than once in the navigation' },
  'navigation/unusable-file-name': { severity: 'warning', stage: 'navigation', title: 'A page file has a name no reference can name (a backslash in it); it is not published' },
  'navigation/case-collision': { severity: 'error', stage: 'navigation', title: 'Two page files have paths that differ only in letter case' },
  'navigation/unresolved-entry': { severity: 'error', stage: 'navigation', title: 'A pages entry is neither a page file nor an endpoint reference' },
  'navigation/no-spec-in-scope': { severity: 'error', stage: 'navigation', title: 'An endpoint reference has no OpenAPI file in scope' },

  // openapi: specs, endpoint references, generated pages
  'openapi/spec-not-found': { severity: 'error', stage: 'openapi', title: 'An OpenAPI file named in docs.json or frontmatter cannot be found' },
  'openapi/ambiguous-spec': { severity: 'error', stage: 'openapi', title: 'A spec reference matches several OpenAPI files' },
  'openapi/parse-error': { severity: 'error', stage: 'openapi', title: 'An OpenAPI file is not valid JSON or YAML' },
  'openapi/invalid': { severity: 'error', stage: 'openapi', title: 'An OpenAPI document breaks the OpenAPI specification' },
  'openapi/unsupported-version': { severity: 'error', stage: 'openapi', title: 'Swagger 2.0 or an unknown OpenAPI version' },
  'openapi/remote-ref-refused': { severity: 'error', stage: 'openapi', title: 'A remote $ref inside an OpenAPI document is refused' },
  'openapi/remote-fetch-failed': { severity: 'error', stage: 'openapi', title: 'A remote OpenAPI URL could not be fetched' },
  'openapi/remote-spec-stale': { severity: 'warning', stage: 'openapi', title: 'A remote OpenAPI URL could not be fetched; the cached copy was used' },
  'openapi/offline-cache-miss': { severity: 'error', stage: 'openapi', title: 'Offline, and the remote OpenAPI URL is not in the cache' },
  'openapi/insecure-url': { severity: 'error', stage: 'openapi', title: 'A remote OpenAPI URL does not use https' },
  'openapi/unknown-endpoint': { severity: 'error', stage: 'openapi', title: 'An endpoint reference matches no operation of its spec' },
  'openapi/ambiguous-endpoint': { severity: 'error', stage: 'openapi', title: 'An endpoint reference matches several operations' },
  'openapi/unknown-webhook': { severity: 'error', stage: 'openapi', title: 'A webhook reference matches no webhook of its spec' },
  'openapi/unknown-schema': { severity: 'error', stage: 'openapi', title: 'An openapi-schema reference matches no schema' },
  'openapi/hidden-endpoint-referenced': { severity: 'warning', stage: 'openapi', title: 'An explicit reference names an x-hidden operation' },
  'openapi/bulk-generation-off': { severity: 'info', stage: 'openapi', title: 'Explicit endpoint references turned off page generation for the rest of a spec' },
  'openapi/invalid-x-docs': { severity: 'error', stage: 'openapi', title: 'A malformed x-docs / x-mint extension' },
  'openapi/unknown-x-docs-key': { severity: 'warning', stage: 'openapi', title: 'An x-docs / x-mint extension has a key the format does not know' },
  'openapi/invalid-x-hidden': { severity: 'warning', stage: 'openapi', title: 'x-hidden / x-excluded is not a boolean' },
  'openapi/duplicate-operation-id': { severity: 'warning', stage: 'openapi', title: 'Two operations share an operationId' },
  'openapi/undeclared-path-parameter': { severity: 'warning', stage: 'openapi', title: 'A path template parameter has no parameter definition' },
  'openapi/schema-too-large': { severity: 'warning', stage: 'openapi', title: 'A spec expands past a bound (its $refs followed, nested allOf/oneOf/anyOf, fields made): the rest is validated unexpanded, left out, or stops at a reference' },

  // mdx: pages, frontmatter, field components
  'mdx/syntax-error': { severity: 'error', stage: 'mdx', title: 'A page is not valid MDX' },
  'mdx/frontmatter-syntax-error': { severity: 'error', stage: 'mdx', title: 'Frontmatter is not valid YAML' },
  'mdx/frontmatter-too-large': { severity: 'error', stage: 'mdx', title: 'Frontmatter is longer than docs-build reads; it is left out' },
  'mdx/frontmatter-not-object': { severity: 'error', stage: 'mdx', title: 'Frontmatter is not a mapping of keys to values' },
  'mdx/invalid-title': { severity: 'error', stage: 'mdx', title: 'Frontmatter title is not a string' },
  'mdx/invalid-api': { severity: 'error', stage: 'mdx', title: 'Frontmatter api is not of the shape <METHOD> <target>' },
  'mdx/invalid-playground': { severity: 'error', stage: 'mdx', title: 'Frontmatter playground is not interactive, simple or none' },
  'mdx/invalid-auth-method': { severity: 'error', stage: 'mdx', title: 'Frontmatter authMethod is not bearer, basic, key or none' },
  'mdx/invalid-openapi-reference': { severity: 'error', stage: 'mdx', title: 'Frontmatter openapi / openapi-schema is not a valid reference' },
  'mdx/param-location-missing': { severity: 'error', stage: 'mdx', title: 'A ParamField has none of path, body, query, header' },
  'mdx/param-location-multiple': { severity: 'error', stage: 'mdx', title: 'A ParamField has more than one of path, body, query, header' },
  'mdx/response-name-missing': { severity: 'error', stage: 'mdx', title: 'A ResponseField has no name' },
  'mdx/unnamed-field': { severity: 'info', stage: 'mdx', title: 'A ParamField or ResponseField on a page without api: or openapi: has no name or location' },
  'mdx/non-literal-attribute': { severity: 'warning', stage: 'mdx', title: 'A field attribute is an expression that is not a literal' },
  'mdx/path-param-undocumented': { severity: 'warning', stage: 'mdx', title: 'A {name} path parameter of the api target has no ParamField path' },
  'mdx/path-param-not-in-path': { severity: 'warning', stage: 'mdx', title: 'A ParamField path names a parameter missing from the api target' },
  'mdx/nesting-too-deep': { severity: 'warning', stage: 'mdx', title: 'A page nests elements deeper than docs-build reads; fields below that depth are ignored' },
  'mdx/paragraph-too-long': { severity: 'warning', stage: 'mdx', title: 'A paragraph is longer than docs-build parses; it is left out of the page checks' },
  'mdx/paragraph-too-complex': { severity: 'warning', stage: 'mdx', title: 'A paragraph holds more inline markup or block nesting than docs-build parses in one page; it is left out of the page checks' },

  // content: page content (snippets, components, variables)
  'content/snippet-not-found': { severity: 'error', stage: 'content', title: 'A snippet import or <Snippet file> names a snippet that does not exist (or is not an .mdx/.md file)' },
  'content/snippet-export-not-found': { severity: 'error', stage: 'content', title: 'A named import of a snippet file names something the snippet does not export' },
  'content/snippet-cycle': { severity: 'error', stage: 'content', title: 'Snippets import each other in a cycle; the import closing it is not inlined' },
  'content/snippet-limit': { severity: 'error', stage: 'content', title: 'Snippets nest deeper, or expand to more copies in one page, than docs-build inlines; the rest are not inlined' },
  'content/unknown-component': { severity: 'warning', stage: 'content', title: 'A capitalized component is neither built in, imported nor defined in the file' },
  'content/image-missing-alt': { severity: 'warning', stage: 'content', title: 'An <img> has no alt attribute: screen readers read out its file name (alt="" marks decoration)' },
  'content/heading-level-skipped': { severity: 'warning', stage: 'content', title: 'A heading is more than one level below the one before it (an h4 after an h2, an h3 right after the page title): readers who move by headings lose the outline' },
  'content/invalid-variable-name': { severity: 'warning', stage: 'content', title: 'A docs.json variable has a name no {{name}} placeholder can write (letters, digits, _ and - only); it is never used' },
  'content/unknown-variable': { severity: 'warning', stage: 'content', title: 'A {{name}} placeholder names no docs.json variable; it is left as written' },

  // precedence: api target, auth, playground
  'precedence/server-required': { severity: 'error', stage: 'precedence', title: 'A relative api target needs api.mdx.server' },
  'precedence/key-header-missing': { severity: 'error', stage: 'precedence', title: 'Auth method key needs api.mdx.auth.name as header name' },

  // cache: the incremental build cache
  'cache/ignored': { severity: 'warning', stage: 'cache', title: 'A foreign or corrupt build cache was ignored' },
  'cache/unusable': { severity: 'warning', stage: 'cache', title: 'The cache folder cannot be used (not a folder, a link leading out of the docs root, or a folder of other files); the run goes on without it' },

  // manifest
  'manifest/page-id-collision': { severity: 'error', stage: 'manifest', title: 'Two pages resolve to the same page id' },
  'manifest/write-failed': { severity: 'error', stage: 'manifest', title: 'The manifest could not be written' },
  'manifest/output-refused': { severity: 'error', stage: 'manifest', title: 'The output path is refused: not a regular file, an input of the docs root, or behind a link leading out of the root' },

  // migrate: hand-written pages -> OpenAPI
  'migrate/invalid-spec': { severity: 'error', stage: 'migrate', title: 'The OpenAPI file is invalid; migration stops before any write' },
  'migrate/matched': { severity: 'info', stage: 'migrate', title: 'A hand-written page matches an operation' },
  'migrate/no-operation': { severity: 'error', stage: 'migrate', title: 'A hand-written page matches no operation' },
  'migrate/ambiguous-operation': { severity: 'error', stage: 'migrate', title: 'A hand-written page matches several operations' },
  'migrate/no-spec': { severity: 'error', stage: 'migrate', title: 'No OpenAPI file is in scope for a hand-written page' },
  'migrate/field-missing-in-spec': { severity: 'warning', stage: 'migrate', title: 'A field of the page is missing from the operation' },
  'migrate/field-missing-in-page': { severity: 'warning', stage: 'migrate', title: 'A field of the operation is missing from the page' },
  'migrate/field-location-drift': { severity: 'warning', stage: 'migrate', title: 'A parameter is in a different location (in) on each side' },
  'migrate/field-type-drift': { severity: 'warning', stage: 'migrate', title: 'A field has a different type on each side' },
  'migrate/field-required-drift': { severity: 'warning', stage: 'migrate', title: 'A field is required on one side only' },
  'migrate/field-default-drift': { severity: 'warning', stage: 'migrate', title: 'A field has a different default on each side' },
  'migrate/field-nesting-drift': { severity: 'warning', stage: 'migrate', title: 'A field is nested differently on each side' },
  'migrate/prose-lost': { severity: 'warning', stage: 'migrate', title: 'Prose outside field components would be lost' },
  'migrate/edit': { severity: 'info', stage: 'migrate', title: 'The docs.json edit that replaces a page reference with an endpoint reference' },
  'migrate/unused-page': { severity: 'info', stage: 'migrate', title: 'An MDX file that becomes unused after the migration' },
  'migrate/server-drift': { severity: 'warning', stage: 'migrate', title: 'The page calls a server that is not among the operation\'s servers' },
  'migrate/auth-drift': { severity: 'warning', stage: 'migrate', title: 'The page\'s auth method differs from the operation\'s security' },
  'migrate/url-change': { severity: 'warning', stage: 'migrate', title: 'The page\'s URL would change when its reference is replaced' },
  'migrate/bulk-generation-off': { severity: 'warning', stage: 'migrate', title: 'An edit would turn off page generation for the other operations of a spec' },
  'migrate/entry-not-replaceable': { severity: 'warning', stage: 'migrate', title: 'A navigation entry of a matched page cannot become an endpoint reference' },
  'migrate/draft-lossy': { severity: 'warning', stage: 'migrate', title: 'A detail of a page cannot be expressed in the drafted OpenAPI document' },
  'migrate/draft-conflict': { severity: 'warning', stage: 'migrate', title: 'Two pages describe the same operation; only the first is drafted' },
  'migrate/write-failed': { severity: 'error', stage: 'migrate', title: 'A file could not be written or deleted' },

  // links: links and images of pages, docs.json hrefs and redirects (docs/links.md)
  'links/broken-link': { severity: 'error', stage: 'links', title: 'A link points at no page, file or redirect of the site' },
  'links/broken-anchor': { severity: 'warning', stage: 'links', title: 'A link\'s #anchor matches no heading or id of the page it points at' },
  'links/missing-asset': { severity: 'error', stage: 'links', title: 'An image or file link points at no file of the docs root' },
  'links/invalid-href': { severity: 'error', stage: 'links', title: 'A link cannot be read as a URL (malformed percent-encoding)' },
  'links/script-href': { severity: 'warning', stage: 'links', title: 'A link is a javascript: (or vbscript:) URL: React refuses to render it, so it does nothing on the site' },
  'links/invalid-redirect': { severity: 'error', stage: 'links', title: 'A redirect source or destination is not a root-absolute path or URL' },
  'links/redirect-target-missing': { severity: 'error', stage: 'links', title: 'A redirect leads to no page, file or further redirect' },
  'links/redirect-loop': { severity: 'error', stage: 'links', title: 'Redirects lead back to where they started' },
  'links/redirect-chain': { severity: 'info', stage: 'links', title: 'A redirect leads to another redirect; readers take an extra hop' },
  'links/duplicate-redirect': { severity: 'warning', stage: 'links', title: 'Two redirects have the same source; the first wins' },
  'links/external-broken': { severity: 'error', stage: 'links', title: 'An external link answered 404 Not Found or 410 Gone (--check-external)' },
  'links/external-unreachable': { severity: 'warning', stage: 'links', title: 'An external link could not be reached: timeout, connection error, server error or too many redirects (--check-external)' },
  'links/external-offline': { severity: 'info', stage: 'links', title: 'External links were not checked because the run is offline' },

  // admin: deploy-time agent-job checks
  'admin/job-failed': { severity: 'error', stage: 'admin', title: 'An agent job checked before emitting ended as failed' },
  'admin/job-archived': { severity: 'error', stage: 'admin', title: 'An agent job checked before emitting was archived' },
  'admin/job-no-pull-request': { severity: 'error', stage: 'admin', title: 'An agent job that must open a pull request completed without one' },
  'admin/job-timeout': { severity: 'error', stage: 'admin', title: 'An agent job did not finish within its timeout' },
  'admin/job-error': { severity: 'error', stage: 'admin', title: 'An agent job could not be read' },

  // rules: the project's rule settings (docs-build.json) and ignore file (.docs-build-ignore.json)
  'rules/invalid-json': { severity: 'error', stage: 'rules', title: 'docs-build.json or the ignore file is not valid JSON' },
  'rules/invalid-setting': { severity: 'error', stage: 'rules', title: 'A rule setting or ignore entry has the wrong shape or an unknown value' },
  'rules/unknown-key': { severity: 'warning', stage: 'rules', title: 'A key is not part of the rule settings or ignore file format' },
  'rules/unknown-code': { severity: 'warning', stage: 'rules', title: 'A rule names a diagnostic code that does not exist' },
  'rules/unused-ignore': { severity: 'info', stage: 'rules', title: 'An ignore-file entry matched no problem of this run' },

  // site: the static export (docs/site.md, "Paths that collide")
  'site/invalid-site-url': { severity: 'warning', stage: 'site', title: "docs.json's seo.metatags.canonical is no absolute http(s) URL; the export generates no sitemap.xml and no canonical links" },
  'site/page-path-taken': { severity: 'error', stage: 'site', title: "A page's exported file is at a path another file of the export holds; the page is not exported" },
  'site/path-taken': { severity: 'warning', stage: 'site', title: "A docs root file, an HTML redirect or a page's second Markdown twin is at a path another file of the export holds; it is left out" },

  // upgrade: legacy mint.json -> docs.json
  'upgrade/no-mint-json': { severity: 'error', stage: 'upgrade', title: 'No mint.json to upgrade in the docs root' },
  'upgrade/invalid-mint-json': { severity: 'error', stage: 'upgrade', title: 'mint.json is not a valid JSON object' },
  'upgrade/docs-json-exists': { severity: 'error', stage: 'upgrade', title: 'docs.json already exists; the upgrade writes over it only with --force' },
  'upgrade/key-not-mapped': { severity: 'warning', stage: 'upgrade', title: 'A mint.json key or value has no docs.json equivalent and was left out' },
  'upgrade/value-changed': { severity: 'warning', stage: 'upgrade', title: 'A mint.json value was converted with a change worth reviewing' },
  'upgrade/write-failed': { severity: 'error', stage: 'upgrade', title: 'docs.json could not be written' },
} as const satisfies Record<string, CatalogEntry>;

export type DiagnosticCode = keyof typeof catalog;

export interface DiagnosticExtras {
  suggestion?: string | undefined;
  related?: RelatedLocation[] | undefined;
}

/** Builds a diagnostic with the catalog's severity and stage. Optional fields are omitted, never `undefined`. */
export function createDiagnostic(
  code: DiagnosticCode,
  message: string,
  location?: SourceLocation,
  extras: DiagnosticExtras = {},
): Diagnostic {
  const entry = catalog[code];
  const diagnostic: Diagnostic = {
    code,
    severity: entry.severity,
    stage: entry.stage,
    message,
  };
  if (location) {
    diagnostic.file = location.file;
    if (location.line !== undefined) diagnostic.line = location.line;
    if (location.column !== undefined) diagnostic.column = location.column;
    if (location.endLine !== undefined) diagnostic.endLine = location.endLine;
    if (location.endColumn !== undefined) diagnostic.endColumn = location.endColumn;
    if (location.pointer !== undefined) diagnostic.pointer = location.pointer;
  }
  if (extras.suggestion !== undefined) diagnostic.suggestion = extras.suggestion;
  if (extras.related !== undefined && extras.related.length > 0) diagnostic.related = extras.related;
  return diagnostic;
}
