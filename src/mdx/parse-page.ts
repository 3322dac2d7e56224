import type { Root } from 'mdast';
import type { MdxjsEsm } from 'mdast-util-mdxjs-esm';
import { convertBody } from '../content/convert.js';
import type { SnippetParse } from '../content/snippet-set.js';
import type { ConvertedBody } from '../content/types.js';
import { maskVariablePlaceholders } from '../content/variables.js';
import { maskHeadingIdMarkers, unmaskHeadingIdMarkers } from '../content/headings.js';
import { createDiagnostic, sortDiagnostics, type Diagnostic, type RelatedLocation, type SourceLocation, type StageResult } from '../diagnostics/index.js';
import type { SourceFile } from '../root/index.js';
import { extractFields, type ExtractedBody } from './fields.js';
import { readFrontmatter, type FrontmatterBlock } from './frontmatter.js';
import { blankExpressionParagraph, guardParseCost } from './parse-budget.js';
import { parseMarkdown, parseMdx, type MdxParse, type MdxSyntaxError } from './processor.js';
import type { PageImport, ParsedPage, Span } from './types.js';

/** A snippet is parsed like a page; its converted body is what gets inlined. */
export function parseSnippet(file: SourceFile): SnippetParse {
  const result = parseMdxPage(file);
  return { body: result.value.content, diagnostics: result.diagnostics };
}

/**
 * The MDX stage for one page: frontmatter (checked, with positions), field components, imports and
 * prose. Never throws on user input: an MDX or YAML error becomes a diagnostic at its place, and the
 * page keeps whatever could still be read (the frontmatter of a page whose body is broken, the fields of
 * a page whose frontmatter is broken). The syntax tree is dropped before returning.
 */
export function parseMdxPage(file: SourceFile): StageResult<ParsedPage> {
  // DocsRoot strips the BOM already; a SourceFile built elsewhere might not have.
  // `{{api-url}}` is no JavaScript: masked (same length), it stays text until the inliner fills it in.
  // `## Title {#id}` likewise: the marker is no expression, and the heading stage takes it (same length).
  const guarded = guardParseCost(maskHeadingIdMarkers(maskVariablePlaceholders(file.text.charCodeAt(0) === 0xfeff ? file.text.slice(1) : file.text)), file.path);
  const diagnostics: Diagnostic[] = [...guarded.diagnostics];
  const within = parseWithinBudget(guarded.text, file.path, diagnostics);
  const { parsed } = within;
  const text = parsed.ok ? unmaskHeadingIdMarkers(within.text, parsed.tree) : within.text;
  const tree: Root = parsed.ok ? parsed.tree : parseMarkdown(text);

  const block = frontmatterBlock(tree);
  const fm = block ? readFrontmatter(block, file.path) : undefined;
  if (fm) diagnostics.push(...fm.diagnostics);
  const frontmatter = fm?.frontmatter ?? {};

  let body: ExtractedBody = { params: [], responseFields: [], prose: [], diagnostics: [] };
  let imports: PageImport[] = [];
  let content: ConvertedBody | undefined;
  if (parsed.ok) {
    // A page that tries to be an endpoint (even with a broken `api:` or `openapi:`) is held to the endpoint rules.
    body = extractFields(parsed.tree, text, file.path, { unnamedFieldIsError: 'api' in frontmatter || 'openapi' in frontmatter });
    diagnostics.push(...body.diagnostics);
    imports = collectImports(parsed.tree, file.path);
    // Last: it may cut subtrees deeper than the content depth from the tree.
    const converted = convertBody(parsed.tree, text, file.path);
    content = converted.value;
    diagnostics.push(...converted.diagnostics);
  } else if ('error' in parsed) {
    diagnostics.push(syntaxDiagnostic(parsed.error, file.path));
  }

  // Built in one place so every page has the same key order.
  const page: ParsedPage = {
    path: file.path,
    frontmatter,
    title: fm?.title ?? fm?.titleText ?? titleFromPath(file.path),
    ...(fm?.sidebarTitle !== undefined ? { sidebarTitle: fm.sidebarTitle } : {}),
    ...(fm?.description !== undefined ? { description: fm.description } : {}),
    hidden: fm?.hidden ?? false,
    ...(fm?.deprecated ? { deprecated: true } : {}),
    contentHash: file.hash,
    ...(fm?.api ? { api: fm.api } : {}),
    ...(fm?.playground ? { playground: fm.playground } : {}),
    ...(fm?.authMethod ? { authMethod: fm.authMethod } : {}),
    ...(fm?.openapiRef ? { openapiRef: fm.openapiRef } : {}),
    ...(fm?.openapiSchemaRef ? { openapiSchemaRef: fm.openapiSchemaRef } : {}),
    params: body.params,
    responseFields: body.responseFields,
    ...(body.examples ? { examples: body.examples } : {}),
    imports,
    prose: body.prose,
    frontmatterPositions: fm?.positions ?? {},
    ...(block ? { frontmatterSpan: block.span } : {}),
    bodyParsed: parsed.ok,
    ...(content ? { content } : {}),
  };
  return { value: page, diagnostics: sortDiagnostics(diagnostics) };
}

/** Parses tried on one page: each blanks the paragraph of an expression that went over the parse budget. */
const maxParseAttempts = 3;

/**
 * Parses the page; when its expressions go over the parse budget, blanks the paragraph where the
 * costly one starts and parses again, so the rest of the page is still read. After `maxParseAttempts`
 * the body is given up (reported, like a syntax error, with the frontmatter still read).
 */
function parseWithinBudget(guarded: string, file: string, diagnostics: Diagnostic[]): { text: string; parsed: MdxParse } {
  let text = guarded;
  let parsed = parseMdx(text);
  for (let attempt = 1; !parsed.ok && 'overBudget' in parsed; attempt++) {
    const blanked = attempt < maxParseAttempts ? blankExpressionParagraph(text, parsed.overBudget.expression) : undefined;
    const place = blanked ?? { line: 1, column: 1 };
    const gaveUp = blanked === undefined;
    diagnostics.push(
      createDiagnostic(
        'mdx/paragraph-too-complex',
        gaveUp
          ? 'the expressions of this page make the parser re-read more JavaScript than docs-build allows for one page, so its body is not read: components, fields and imports are missing'
          : 'this expression makes the parser re-read it at every `}` (nested braces, or braces inside strings), more than docs-build allows for one page, so its paragraph is not parsed and components and fields in it are not read',
        { file, line: place.line, column: place.column },
        { suggestion: 'move long or deeply nested JavaScript out of the page into an imported module' },
      ),
    );
    if (gaveUp) break;
    text = blanked.text;
    parsed = parseMdx(text);
  }
  return { text, parsed };
}

/** Location of a frontmatter key's value (or of the key itself with `target: 'key'`); the block's start when the key is absent. */
export function locateFrontmatter(page: ParsedPage, key: string, target: 'key' | 'value' = 'value'): SourceLocation {
  const position = page.frontmatterPositions[key];
  if (position) return { file: page.path, ...position[target] };
  const span = page.frontmatterSpan;
  return span ? { file: page.path, line: span.line, column: span.column } : { file: page.path, line: 1, column: 1 };
}

/** `getting-started.mdx` -> "Getting started". */
export function titleFromPath(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1).replace(/\.(mdx|md)$/i, '');
  const words = base.replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim();
  if (words === '') return base;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function frontmatterBlock(tree: Root): FrontmatterBlock | undefined {
  const first = tree.children[0];
  if (!first || first.type !== 'yaml' || !first.position) return undefined;
  const { start, end } = first.position;
  const span: Span = { line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
  return { yaml: first.value, firstLine: start.line + 1, span };
}

type EsmProgram = NonNullable<NonNullable<MdxjsEsm['data']>['estree']>;

function collectImports(tree: Root, file: string): PageImport[] {
  const imports: PageImport[] = [];
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    const program: EsmProgram | null | undefined = node.data?.estree;
    for (const statement of program?.body ?? []) {
      if (statement.type !== 'ImportDeclaration' && statement.type !== 'ExportAllDeclaration' && statement.type !== 'ExportNamedDeclaration') continue;
      const specifier = statement.source?.value;
      if (typeof specifier !== 'string') continue;
      // estree columns are 0-based; the document's are 1-based.
      const start = statement.loc?.start;
      const location: SourceLocation = start
        ? { file, line: start.line, column: start.column + 1 }
        : { file, line: node.position?.start.line ?? 1, column: node.position?.start.column ?? 1 };
      imports.push({ specifier, location });
    }
  }
  return imports;
}

const positionInMessage = /(?<!\s)\s*\((\d+):(\d+)-(\d+):(\d+)\)/;

function syntaxDiagnostic(error: MdxSyntaxError, file: string): Diagnostic {
  const match = positionInMessage.exec(error.reason);
  const mentioned = match ? { line: Number(match[1]), column: Number(match[2]) } : undefined;
  // For an element left open until its parent ends, the place is the parent's start; the open tag
  // named in the message is where the fix goes.
  const preferMentioned = error.ruleId === 'end-tag-mismatch' && error.reason.startsWith('Expected a closing tag');
  const point =
    (preferMentioned ? mentioned : undefined) ??
    (error.line !== undefined && error.column !== undefined ? { line: error.line, column: error.column } : undefined) ??
    mentioned ?? { line: 1, column: 1 };

  let message = error.reason;
  const related: RelatedLocation[] = [];
  if (match && mentioned) {
    const same = mentioned.line === point.line && mentioned.column === point.column;
    message = message.replace(positionInMessage, same ? '' : ` (opened at ${mentioned.line}:${mentioned.column})`);
    if (!same) related.push({ file, line: mentioned.line, column: mentioned.column, message: 'the tag opened here' });
  }
  message = message
    .replace(/^Could not parse expression with acorn$/, 'could not parse the JavaScript expression in braces')
    .replace(/^Could not parse import\/exports with acorn$/, 'could not parse the import/export statement');
  if (error.cause) message = `${message}: ${error.cause.replace(/(?<!\s)\s*\(\d+:\d+\)$/, '')}`;
  return createDiagnostic('mdx/syntax-error', `invalid MDX: ${lowerFirst(message)}`, { file, line: point.line, column: point.column }, {
    suggestion: syntaxSuggestion(error),
    related,
  });
}

function syntaxSuggestion(error: MdxSyntaxError): string | undefined {
  if (error.source === 'micromark-extension-mdxjs-esm') {
    return 'a line starting with `import` or `export` is read as JavaScript; fix the statement, or reword a paragraph that starts with those words';
  }
  if (error.source === 'micromark-extension-mdx-expression' || error.ruleId === 'acorn') {
    return '`{` starts a JavaScript expression in MDX; to write a literal brace, escape it as `\\{` or put it in `inline code`';
  }
  if (error.ruleId === 'end-tag-mismatch' || error.ruleId === 'end-tag-mismatch-before-end') {
    return 'close every tag, and write void HTML tags self-closed: <br />, <img ... />';
  }
  if (error.source === 'micromark-extension-mdx-jsx') {
    return '`<` starts a JSX tag in MDX; to write a literal `<`, escape it as `\\<` or `&lt;`, or put it in `inline code`';
  }
  return undefined;
}

function lowerFirst(text: string): string {
  // Keep code-like starts (`<Foo>`, quoted names) as they are.
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}
