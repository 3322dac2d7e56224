import { createDiagnostic, didYouMean, LineIndex, type Diagnostic, type JsonValue, type SourceLocation } from '../diagnostics/index.js';
import { readYaml, type Range } from './frontmatter-yaml.js';
import {
  authMethods,
  httpMethods,
  playgroundModes,
  type HttpMethod,
  type Located,
  type PageApi,
  type PageAuthMethod,
  type PagePlayground,
  type Span,
} from './types.js';

/** The frontmatter block as remark-frontmatter found it: its YAML text and where that text starts in the page. */
export interface FrontmatterBlock {
  yaml: string;
  /** 1-based page line of the first YAML line (the line after the opening `---`). */
  firstLine: number;
  /** The whole block, fences included. */
  span: Span;
}

export interface FrontmatterResult {
  frontmatter: Record<string, JsonValue>;
  positions: Record<string, { key: Span; value: Span }>;
  title?: string;
  /** The source text of a non-string scalar title, shown instead of the file name. */
  titleText?: string;
  sidebarTitle?: string;
  description?: string;
  hidden: boolean;
  deprecated?: boolean;
  api?: PageApi;
  playground?: Located<PagePlayground>;
  authMethod?: Located<PageAuthMethod>;
  openapiRef?: Located<string>;
  openapiSchemaRef?: Located<string>;
  diagnostics: Diagnostic[];
}

const httpMethodSet: ReadonlySet<string> = new Set(httpMethods);

/**
 * Characters of frontmatter read. The longest frontmatter of the corpora is 835 characters; 100,000
 * keys (a megabyte) read in under two seconds, but a frontmatter of tens of megabytes would take a
 * parse of seconds and a syntax tree of gigabytes.
 */
export const maxFrontmatterChars = 1_000_000;

/**
 * Parses and checks frontmatter. Positions are page coordinates: the YAML is parsed on its own and its
 * lines are shifted by the line the block starts on (the block always starts at column 1, so columns
 * need no shift).
 */
export function readFrontmatter(block: FrontmatterBlock, file: string): FrontmatterResult {
  const result: FrontmatterResult = { frontmatter: {}, positions: {}, hidden: false, diagnostics: [] };
  // Offsets are mapped over the text itself, not yaml's LineCounter: the counter misses the last line
  // of a block the lexer gave up on, which put error ends past the end of their line.
  const lines = new LineIndex(block.yaml);
  const spanOf = (range: Range | undefined): Span => {
    const start = lines.locate(range?.[0] ?? 0);
    const end = lines.locate(range?.[1] ?? range?.[0] ?? 0);
    return { line: block.firstLine + start.line - 1, column: start.column, endLine: block.firstLine + end.line - 1, endColumn: end.column };
  };
  const at = (span: Span): SourceLocation => ({ file, ...span });

  if (block.yaml.length > maxFrontmatterChars) {
    result.diagnostics.push(
      createDiagnostic(
        'mdx/frontmatter-too-large',
        `frontmatter is ${block.yaml.length.toLocaleString('en-US')} characters long; frontmatter over ${maxFrontmatterChars.toLocaleString('en-US')} characters is not read`,
        { file, line: block.span.line, column: block.span.column },
        { suggestion: 'keep data out of frontmatter: put it in a JSON or YAML file the page imports' },
      ),
    );
    return result;
  }

  const read = readYaml(block.yaml);
  if (!read.ok) {
    // The whole frontmatter is dropped: a partly recovered mapping could carry values the author never
    // wrote. Only the first error is reported: the ones after it are nearly always its echoes.
    const { error } = read;
    const diagnostic =
      error.code === 'ALIAS'
        ? createDiagnostic('mdx/frontmatter-syntax-error', `frontmatter could not be read: ${error.message}`, at(spanOf(error.range)), {
            suggestion: 'remove recursive or excessive YAML aliases (*name)',
          })
        : createDiagnostic('mdx/frontmatter-syntax-error', `frontmatter is not valid YAML: ${plainYamlMessage(error.message)}`, at(spanOf(error.range)), {
            suggestion: yamlSuggestion(error.code),
          });
    result.diagnostics.push(diagnostic);
    return result;
  }

  const { reading } = read;
  if (reading.notMapping) {
    result.diagnostics.push(
      createDiagnostic('mdx/frontmatter-not-object', `frontmatter must be a mapping of keys to values, not ${reading.notMapping.kind}`, at(spanOf(reading.notMapping.range)), {
        suggestion: 'write one `key: value` per line, e.g. `title: "Getting started"`',
      }),
    );
    return result;
  }
  const frontmatter = toJsonValue(reading.value, new Set());
  if (frontmatter === null || typeof frontmatter !== 'object' || Array.isArray(frontmatter)) return result;
  result.frontmatter = frontmatter;

  for (const [key, range] of reading.ranges) {
    const keySpan = spanOf(range.key);
    // A data property even for a `__proto__` key, which plain assignment would take as the prototype.
    Object.defineProperty(result.positions, key, { value: { key: keySpan, value: range.value ? spanOf(range.value) : keySpan }, enumerable: true, writable: true, configurable: true });
  }
  checkKeys(frontmatter, new KeyContext(result, block, file, at, reading.ranges));
  return result;
}

/** Where each key of one frontmatter was written, and how a problem with it is reported. */
class KeyContext {
  constructor(
    readonly result: FrontmatterResult,
    private readonly block: FrontmatterBlock,
    private readonly file: string,
    private readonly at: (span: Span) => SourceLocation,
    private readonly ranges: ReadonlyMap<string, { key: Range; value?: Range }>,
  ) {}

  locationOf(key: string): SourceLocation {
    const position = Object.hasOwn(this.result.positions, key) ? this.result.positions[key] : undefined;
    return position ? this.at(position.value) : { file: this.file, line: this.block.span.line, column: this.block.span.column };
  }

  sourceOf(key: string): string {
    const range = this.ranges.get(key)?.value;
    return range ? this.block.yaml.slice(range[0], range[1]).trim() : '';
  }

  report(code: Parameters<typeof createDiagnostic>[0], key: string, message: string, suggestion?: string): void {
    this.result.diagnostics.push(createDiagnostic(code, message, this.locationOf(key), { suggestion }));
  }
}

/** The keys the seed names are checked; the others pass through. A key written without a value (`title:`) is YAML null: not set. */
function checkKeys(frontmatter: Record<string, JsonValue>, context: KeyContext): void {
  const { result } = context;
  checkTitle(frontmatter['title'], context);
  const sidebarTitle = frontmatter['sidebarTitle'];
  if (typeof sidebarTitle === 'string') result.sidebarTitle = sidebarTitle;
  const description = frontmatter['description'];
  if (typeof description === 'string') result.description = description;
  result.hidden = frontmatter['hidden'] === true;
  if (frontmatter['deprecated'] === true) result.deprecated = true;

  const api = frontmatter['api'];
  if (api !== undefined && api !== null) {
    const parsed = parseApiLine(api);
    if (parsed.ok) result.api = { method: parsed.method, target: parsed.target, location: context.locationOf('api') };
    else context.report('mdx/invalid-api', 'api', parsed.message, parsed.suggestion);
  }
  checkPlayground(frontmatter['playground'], context);
  checkAuthMethod(frontmatter['authMethod'], context);
  for (const [key, target] of [
    ['openapi', 'openapiRef'],
    ['openapi-schema', 'openapiSchemaRef'],
  ] as const) {
    const value = frontmatter[key];
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' && value.trim() !== '') result[target] = { value: value.trim(), location: context.locationOf(key) };
    else context.report('mdx/invalid-openapi-reference', key, `${key} must be a non-empty string, not ${describe(value)}`);
  }
}

function checkTitle(title: JsonValue | undefined, context: KeyContext): void {
  if (typeof title === 'string') {
    if (title.trim() !== '') context.result.title = title;
  } else if (title !== undefined && title !== null) {
    const written = context.sourceOf('title');
    context.report('mdx/invalid-title', 'title', `title must be a string, not ${describe(title)}`, typeof title === 'object' ? undefined : `quote it: title: "${written}"`);
    if (typeof title !== 'object' && written !== '') context.result.titleText = written;
  }
}

function checkPlayground(playground: JsonValue | undefined, context: KeyContext): void {
  if (playground === undefined || playground === null) return;
  if (typeof playground === 'string' && (playgroundModes as readonly string[]).includes(playground)) {
    context.result.playground = { value: playground as PagePlayground, location: context.locationOf('playground') };
    return;
  }
  context.report(
    'mdx/invalid-playground',
    'playground',
    `playground must be interactive, simple or none, not ${describe(playground)}`,
    typeof playground === 'string' ? didYouMean(playground, playgroundModes) : undefined,
  );
}

function checkAuthMethod(authMethod: JsonValue | undefined, context: KeyContext): void {
  if (authMethod === undefined || authMethod === null) return;
  if (typeof authMethod === 'string' && (authMethods as readonly string[]).includes(authMethod)) {
    context.result.authMethod = { value: authMethod as PageAuthMethod, location: context.locationOf('authMethod') };
  } else if (typeof authMethod === 'string' && httpMethodSet.has(authMethod.trim().toUpperCase())) {
    const method = authMethod.trim().toUpperCase();
    const apiSays = context.result.api?.method === method ? ` (api: already says ${method})` : '';
    context.report(
      'mdx/invalid-auth-method',
      'authMethod',
      `authMethod "${authMethod}" is an HTTP method, not an authentication method${apiSays}`,
      `did you mean to put it in \`api:\` (e.g. api: "${method} /path")? authMethod takes bearer, basic, key or none`,
    );
  } else {
    const close = typeof authMethod === 'string' ? didYouMean(authMethod, authMethods) : undefined;
    context.report('mdx/invalid-auth-method', 'authMethod', `authMethod must be bearer, basic, key or none, not ${describe(authMethod)}`, close ?? 'authMethod takes bearer, basic, key or none');
  }
}

type ApiLine = { ok: true; method: HttpMethod; target: string } | { ok: false; message: string; suggestion?: string };

const fullUrl = /^https?:\/\/[^/?#\s]+/i;
const anyScheme = /^[a-z][a-z0-9+.-]*:\/\//i;

/** `<METHOD> <target>`: the method in any case (stored upper-case); the target an http(s) URL or a path from `/`. */
export function parseApiLine(api: JsonValue): ApiLine {
  if (typeof api !== 'string') return { ok: false, message: `api must be a string of the shape "<METHOD> <target>", not ${describe(api)}` };
  const parts = api.trim().split(/\s+/).filter((part) => part !== '');
  const example = 'e.g. api: "GET /users/{id}" or api: "POST https://api.example.com/users"';
  if (parts.length === 0) return { ok: false, message: 'api is empty; expected "<METHOD> <target>"', suggestion: example };
  const [first = '', second, ...rest] = parts;
  const upper = first.toUpperCase();
  if (!httpMethodSet.has(upper)) {
    if (parts.length === 1 && (first.startsWith('/') || anyScheme.test(first))) {
      return { ok: false, message: `api "${api}" has no HTTP method before the target`, suggestion: `put the method first, e.g. api: "GET ${first}"` };
    }
    const close = didYouMean(upper, httpMethods);
    return {
      ok: false,
      message: `api "${api}" does not start with an HTTP method (${httpMethods.join(', ')})`,
      suggestion: close ?? example,
    };
  }
  if (second === undefined) return { ok: false, message: `api "${api}" has a method but no target`, suggestion: `add the path or URL, e.g. api: "${upper} /users"` };
  if (rest.length > 0) {
    return { ok: false, message: `api "${api}" has more than a method and a target`, suggestion: 'write the target without spaces (encode a space as %20)' };
  }
  if (!second.startsWith('/') && !fullUrl.test(second)) {
    if (/^https?:\/\//i.test(second)) return { ok: false, message: `api target "${second}" has no host`, suggestion: example };
    if (anyScheme.test(second)) return { ok: false, message: `api target "${second}" must be an http or https URL, or a path starting with "/"` };
    return {
      ok: false,
      message: `api target "${second}" must be a full URL or a path starting with "/"`,
      suggestion: `api: "${upper} /${second.replace(/^\.?\/*/, '')}"`,
    };
  }
  return { ok: true, method: upper as HttpMethod, target: second };
}

function describe(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return `"${value}"`;
  return `the ${typeof value} ${String(value)}`;
}

function plainYamlMessage(message: string): string {
  const text = message.split('\n')[0] ?? message;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function yamlSuggestion(code: string): string | undefined {
  switch (code) {
    case 'BLOCK_AS_IMPLICIT_KEY':
    case 'MULTILINE_IMPLICIT_KEY':
      return 'quote values that contain ": ", e.g. title: "Step 1: install"';
    case 'DUPLICATE_KEY':
      return 'keep one of the repeated keys';
    case 'TAB_AS_INDENT':
      return 'indent YAML with spaces, not tabs';
    case 'MISSING_CHAR':
      return 'close the quote or bracket; a quoted value that goes on over several lines needs those lines indented';
    case 'BAD_INDENT':
      return 'check the indentation and closing brackets or quotes of this value';
    default:
      return undefined;
  }
}

/** YAML's core schema yields JSON-like values; this makes the rest (aliases, non-finite numbers) JSON-safe. */
function toJsonValue(value: unknown, seen: Set<object>): JsonValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (seen.has(value)) return null;
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((item) => toJsonValue(item, seen));
    if (value instanceof Map) {
      const out: Record<string, JsonValue> = {};
      for (const [key, item] of value) defineKey(out, String(key), toJsonValue(item, seen));
      return out;
    }
    const out: Record<string, JsonValue> = {};
    for (const [key, item] of Object.entries(value)) defineKey(out, key, toJsonValue(item, seen));
    return out;
  } finally {
    seen.delete(value);
  }
}

function defineKey(target: Record<string, JsonValue>, key: string, value: JsonValue): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
