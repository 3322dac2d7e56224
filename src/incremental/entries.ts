import type { Diagnostic, JsonValue, RelatedLocation, SourceLocation, Stage, StageResult } from '../diagnostics/index.js';
import type { ApiCodeExample, ApiExamples, Field, FieldSource } from '../fields/index.js';
import type { SnippetParse } from '../content/snippet-set.js';
import type { CodeMeta, HighlightedLines, ContentCode, ContentComponent, ContentElement, ContentIsland, ContentLink, ContentNode, ContentPropertyValue, ContentRaw, ContentRoot, ContentText, ConvertedBody, PageIsland, SnippetImport, SnippetProvenance } from '../content/types.js';
import { authMethods, httpMethods, playgroundModes, type Located, type PageApi, type PageImport, type ParsedPage, type ProseBlock, type Span } from '../mdx/types.js';
import type { FileStamp } from '../root/index.js';
import type { BuildStats } from '../pipeline/types.js';
import type { IgnoredCounts } from '../rules/index.js';
import type { ExternalResult } from '../links/external.js';
import type { Redirect } from '../links/redirects.js';
import type { CodeThemes } from '../content/highlight.js';
import type { PageFacts, PageText, StoredLinkSite } from '../pipeline/content-stage.js';
import type { StoredContentState } from '../pipeline/content-session.js';
import type { RunRecord, RecordedInput } from './run-record.js';
import { array, boolean, finite, json, lazy, literal, natural, object, record, rootPath, sha256Hex, string, union, type Check } from './shapes.js';

/**
 * The shape of every kind of cache entry. A cache folder is not trusted (a repository can commit one,
 * a disk can corrupt one, another version can leave one): an entry that does not have its kind's shape
 * is a miss, never handed to a stage.
 */

const stages = ['root', 'config', 'navigation', 'openapi', 'mdx', 'content', 'precedence', 'links', 'cache', 'manifest', 'migrate', 'admin', 'cli'] as const satisfies readonly Stage[];

const position = { optional: natural };

const sourceLocation = object<SourceLocation>({ file: string, line: position, column: position, endLine: position, endColumn: position, pointer: { optional: string } });

const relatedLocation = object<RelatedLocation>({
  file: string,
  line: position,
  column: position,
  endLine: position,
  endColumn: position,
  pointer: { optional: string },
  message: string,
});

export const isDiagnostic = object<Diagnostic>({
  code: string,
  severity: literal('error', 'warning', 'info'),
  stage: literal<Stage>(...stages),
  message: string,
  file: { optional: string },
  line: position,
  column: position,
  endLine: position,
  endColumn: position,
  pointer: { optional: string },
  suggestion: { optional: string },
  related: { optional: array(relatedLocation) },
});

const isDiagnostics = array(isDiagnostic);

const fieldSource: Check<FieldSource> = union(
  object<{ file: string; line: number; column: number }>({ file: string, line: natural, column: natural }),
  object<{ file: string; pointer: string }>({ file: string, pointer: string }),
);

const isField: Check<Field> = object<Field>({
  name: string,
  in: literal('path', 'query', 'header', 'cookie', 'body', 'response'),
  type: string,
  required: boolean,
  default: { optional: json },
  deprecated: { optional: boolean },
  description: { optional: string },
  properties: { optional: array(lazy(() => isField)) },
  schemaRef: { optional: string },
  enum: { optional: array(json) },
  format: { optional: string },
  minimum: { optional: finite },
  maximum: { optional: finite },
  exclusiveMinimum: { optional: finite },
  exclusiveMaximum: { optional: finite },
  minLength: { optional: natural },
  maxLength: { optional: natural },
  minItems: { optional: natural },
  maxItems: { optional: natural },
  pattern: { optional: string },
  example: { optional: json },
  nullable: { optional: boolean },
  readOnly: { optional: boolean },
  writeOnly: { optional: boolean },
  source: fieldSource,
});

const isCodeExample = object<ApiCodeExample>({ lang: string, title: { optional: string }, code: string, status: { optional: string }, mediaType: { optional: string } });

const span = object<Span>({ line: natural, column: natural, endLine: natural, endColumn: natural });

const isLocatedValue = object<Located<JsonValue>>({ value: json, location: sourceLocation });

function located<T>(value: Check<T>): Check<Located<T>> {
  return (candidate): candidate is Located<T> => isLocatedValue(candidate) && value(candidate.value);
}

// Page content (src/content/types.ts): the tree is checked node by node, dispatching on `type`.
const provenance = { optional: object<SnippetProvenance>({ file: rootPath, from: sourceLocation }) };
const isPropertyValue: Check<ContentPropertyValue> = (value): value is ContentPropertyValue =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value) || array(union(string, finite))(value);
const contentNodes: Check<ContentNode[]> = array(lazy(() => isContentNode));
const nodeChecks: Record<ContentNode['type'], Check<ContentNode>> = {
  element: object<ContentElement>({ type: literal('element'), tagName: string, properties: record(isPropertyValue), children: contentNodes, expressions: { optional: record(string) }, provenance }),
  text: object<ContentText>({ type: literal('text'), value: string }),
  raw: object<ContentRaw>({ type: literal('raw'), value: string, provenance }),
  component: object<ContentComponent>({
    type: literal('component'),
    name: string,
    props: record(json),
    slots: { optional: record(contentNodes) },
    expressions: { optional: record(string) },
    children: contentNodes,
    inline: { optional: boolean },
    provenance,
    island: { optional: string },
  }),
  code: object<ContentCode>({
    type: literal('code'),
    lang: string,
    meta: object<CodeMeta>({
      title: { optional: string },
      highlight: { optional: array(natural) },
      focus: { optional: array(natural) },
      icon: { optional: string },
      wrap: { optional: boolean },
      lines: { optional: boolean },
      expandable: { optional: boolean },
      raw: { optional: string },
    }),
    value: string,
    // Tokens are filled after the parse (highlight stage); a cached parse has none.
    tokens: { optional: (value): value is NonNullable<ContentCode['tokens']> => typeof value === 'object' && value !== null },
    provenance,
  }),
  island: object<ContentIsland>({ type: literal('island'), kind: literal('expression', 'element'), source: string, inline: { optional: boolean }, provenance }),
};
const isContentNode: Check<ContentNode> = (value): value is ContentNode => {
  const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
  return typeof type === 'string' && Object.hasOwn(nodeChecks, type) && nodeChecks[type as ContentNode['type']](value);
};
const locatedName = object<{ name: string; location: SourceLocation }>({ name: string, location: sourceLocation });
const isConvertedBody = object<ConvertedBody>({
  tree: object<ContentRoot>({ type: literal('root'), children: contentNodes }),
  links: array(object<ContentLink>({ href: string, kind: literal('link', 'image', 'prop'), via: { optional: string }, location: sourceLocation })),
  islands: array(object<PageIsland>({ names: array(string), kind: literal('export', 'import'), source: string, file: rootPath })),
  snippetImports: array(object<SnippetImport>({ specifier: string, names: record(string), location: sourceLocation })),
  exportedValues: { optional: record(json) },
  components: array(locatedName),
  snippetElements: { optional: array(object<{ file: string; location: SourceLocation }>({ file: string, location: sourceLocation })) },
  imagesWithoutAlt: { optional: array(sourceLocation) },
  headings: { optional: array(object<{ depth: number; location: SourceLocation }>({ depth: natural, location: sourceLocation })) },
});

const isParsedPage = object<ParsedPage>({
  path: rootPath,
  frontmatter: record(json),
  title: string,
  sidebarTitle: { optional: string },
  description: { optional: string },
  hidden: boolean,
  deprecated: { optional: boolean },
  contentHash: sha256Hex,
  api: { optional: object<PageApi>({ method: literal(...httpMethods), target: string, location: sourceLocation }) },
  playground: { optional: located(literal(...playgroundModes)) },
  authMethod: { optional: located(literal(...authMethods)) },
  openapiRef: { optional: located(string) },
  openapiSchemaRef: { optional: located(string) },
  params: array(isField),
  responseFields: array(isField),
  examples: { optional: object<ApiExamples>({ request: { optional: array(isCodeExample) }, response: { optional: array(isCodeExample) } }) },
  imports: array(object<PageImport>({ specifier: string, location: sourceLocation })),
  prose: array(object<ProseBlock>({ text: string, location: sourceLocation })),
  frontmatterPositions: record(object<{ key: Span; value: Span }>({ key: span, value: span })),
  frontmatterSpan: { optional: span },
  bodyParsed: boolean,
  content: { optional: isConvertedBody },
});

/** A page cache entry: the page's parse with its diagnostics, and its stage fingerprint. */
export interface CachedPage {
  result: StageResult<ParsedPage>;
  fingerprint: string;
}

const isCachedPage = object<CachedPage>({
  result: object<StageResult<ParsedPage>>({ value: isParsedPage, diagnostics: isDiagnostics }),
  fingerprint: string,
});

const stamp = object<FileStamp>({ ino: natural, size: natural, mtimeMs: finite, ctimeMs: finite });

const isRunRecord = object<RunRecord>({
  listing: object<RunRecord['listing']>({ hash: sha256Hex, folders: { optional: array(object<{ path: string; stamp: FileStamp }>({ path: rootPath, stamp })) } }),
  inputs: array(object<RecordedInput>({ path: rootPath, hash: (value): value is string => value === '' || sha256Hex(value), stamp: { optional: stamp } })),
  pageIds: record(string),
  pageFingerprints: record(string),
  contentHashAt: record(natural),
  contentState: { optional: sha256Hex },
  manifestKey: sha256Hex,
  manifestHash: sha256Hex,
  manifestBlocks: array(sha256Hex),
  manifestBytes: natural,
  output: { optional: object<NonNullable<RunRecord['output']>>({ file: string, stamp }) },
  manifestCopy: { optional: stamp },
  diagnostics: isDiagnostics,
  ignored: { optional: object<IgnoredCounts>({ off: natural, ignoreFile: natural, byCode: record(natural) }) },
  stats: object<BuildStats>({ pages: natural, mdxPages: natural, endpointPages: natural, generatedPages: natural, specs: natural, fields: natural }),
});

/** Each namespace of the cache and the type of its entries. */
export interface CacheEntries {
  /** Parsed pages, by page path and content hash (in packs). */
  pages: CachedPage;
  /** Diagnostics of a spec's validation, by its content. */
  specs: Diagnostic[];
  /** The run record, by root and options (`run-record.ts`). */
  builds: RunRecord;
  /** What an external link answered, by URL (`--check-external`; src/links/external.ts). */
  links: ExternalResult;
  /** A code block's tokens by (code, language, themes, engine); null: highlighted before, no tokens (in packs). */
  highlight: HighlightedLines | null;
  /** A snippet's parse by path and content hash (in packs). */
  snippets: SnippetParse;
  /** What patches of a page's text need, by root and options (`src/pipeline/content-session.ts`). */
  contents: StoredContentState;
  /** A page's Markdown twin and search records, by its content and heading (`pageTextKey`; in packs). */
  texts: PageText;
}

const colorPair = object<{ background: string; foreground: string }>({ background: string, foreground: string });
const isToken = (value: unknown): value is HighlightedLines['lines'][number][number] =>
  Array.isArray(value) && (value.length === 3 || value.length === 4) && typeof value[0] === 'string' && typeof value[1] === 'string' && typeof value[2] === 'string' && (value.length === 3 || natural(value[3]));
const isHighlighted = object<HighlightedLines>({ lightTheme: string, darkTheme: string, light: colorPair, dark: colorPair, lines: array(array(isToken)) });
const isHighlightEntry = (value: unknown): value is HighlightedLines | null => value === null || isHighlighted(value);
const isSnippetParse = object<SnippetParse>({ body: { optional: isConvertedBody }, diagnostics: isDiagnostics });

const isExternalResult = object<ExternalResult>({
  url: string,
  checkedAt: finite,
  outcome: literal('ok', 'broken', 'unreachable'),
  status: { optional: natural },
  reason: string,
});

export const entryChecks: { [N in keyof CacheEntries]: Check<CacheEntries[N]> } = {
  // (Page entries are also checked against the checksum their pack index keeps: pack-store.ts.)
  pages: isCachedPage,
  specs: isDiagnostics,
  builds: isRunRecord,
  links: isExternalResult,
  highlight: isHighlightEntry,
  snippets: isSnippetParse,
  contents: lazy(() => isStoredContentState),
  texts: object<PageText>({ markdown: string, searchSegment: string }),
};

const isPageFacts = object<PageFacts>({
  file: rootPath,
  llmsFull: { optional: boolean },
  title: string,
  description: { optional: string },
  deps: string,
  surface: sha256Hex,
});

const isStoredContentState = object<StoredContentState>({
  id: sha256Hex,
  linkSite: object<StoredLinkSite>({
    pages: array(string),
    anchors: record(array(string)),
    redirects: array(object<Redirect>({ source: string, destination: string, pointer: { optional: string } })),
    unverifiedPrefixes: array(string),
  }),
  themes: object<CodeThemes>({ light: string, dark: string }),
  variables: record(string),
  inlined: array(rootPath),
  inlinedElsewhere: array(rootPath),
  pages: record(isPageFacts),
  structures: record(string),
  contentReferenceAt: record(natural),
});
