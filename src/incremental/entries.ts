import type { Diagnostic, JsonValue, RelatedLocation, SourceLocation, Stage, StageResult } from '../diagnostics/index.js';
import type { Field, FieldSource } from '../fields/index.js';
import { authMethods, httpMethods, playgroundModes, type Located, type PageApi, type PageImport, type ParsedPage, type ProseBlock, type Span } from '../mdx/types.js';
import type { FileStamp } from '../root/index.js';
import type { BuildStats } from '../pipeline/types.js';
import type { IgnoredCounts } from '../rules/index.js';
import type { ExternalResult } from '../links/external.js';
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

const span = object<Span>({ line: natural, column: natural, endLine: natural, endColumn: natural });

const isLocatedValue = object<Located<JsonValue>>({ value: json, location: sourceLocation });

function located<T>(value: Check<T>): Check<Located<T>> {
  return (candidate): candidate is Located<T> => isLocatedValue(candidate) && value(candidate.value);
}

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
  imports: array(object<PageImport>({ specifier: string, location: sourceLocation })),
  prose: array(object<ProseBlock>({ text: string, location: sourceLocation })),
  frontmatterPositions: record(object<{ key: Span; value: Span }>({ key: span, value: span })),
  frontmatterSpan: { optional: span },
  bodyParsed: boolean,
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
  manifestKey: sha256Hex,
  manifestHash: sha256Hex,
  manifestBlocks: array(sha256Hex),
  manifestBytes: natural,
  output: { optional: object<NonNullable<RunRecord['output']>>({ file: string, stamp }) },
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
}

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
};
