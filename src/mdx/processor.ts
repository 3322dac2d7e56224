import { Parser, type Options as AcornOptions } from 'acorn';
import acornJsx from 'acorn-jsx';
import type { Root } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

/**
 * Characters of JavaScript the MDX parser may hand to acorn for one page. In an expression, every `}`
 * makes it re-parse the whole expression so far (to learn whether that `}` ends it), so `{` nested
 * 5,000 deep, or a template literal holding thousands of `}`, re-parses megabytes: minutes of work.
 * The real corpora need at most 170,000 on a page (box changelog/index.mdx).
 */
export const maxExpressionWork = 1_000_000;

/** Thrown when a page's expressions exceed `maxExpressionWork`; `source` is the expression being parsed. */
class ExpressionBudgetExceeded extends Error {
  constructor(readonly source: string) {
    super('the page\'s expressions exceed the parse budget');
  }

  // micromark-util-events-to-acorn catches what acorn throws and reads its `pos` to carry on with the
  // next `}`. Reading it here rethrows this error out of the parser, which ends the page's parse.
  get pos(): never {
    throw this;
  }
}

const jsxParser = Parser.extend(acornJsx());
let expressionWorkLeft = maxExpressionWork;

function spendExpressionWork(input: string): void {
  expressionWorkLeft -= input.length;
  if (expressionWorkLeft < 0) throw new ExpressionBudgetExceeded(input);
}

/** acorn as remark-mdx uses it by default, counting what it is given. */
const budgetedAcorn = {
  parse(input: string, options: AcornOptions) {
    spendExpressionWork(input);
    return jsxParser.parse(input, options);
  },
  parseExpressionAt(input: string, pos: number, options: AcornOptions) {
    spendExpressionWork(input);
    return jsxParser.parseExpressionAt(input, pos, options);
  },
};

/**
 * `$$...$$` is math (a display block, or inline on one line), as the service renders it; its braces are
 * LaTeX, not MDX expressions. A single `$` stays text: prose writes prices (`$5 and $10`) far more often
 * than formulas (172 files of the corpora hold a `$...$` pair on one line, 8 any `$$`).
 */
const mathOptions = { singleDollarTextMath: false };

// Created once: unified freezes a processor on first use, and parsing needs no per-file state.
const mdxWithoutGfm = unified()
  .use(remarkParse)
  .use(remarkMdx, { acorn: budgetedAcorn, acornOptions: { ecmaVersion: 2024, sourceType: 'module' }, addResult: true })
  .use(remarkFrontmatter, ['yaml'])
  .use(remarkMath, mathOptions);
// Tables, strikethrough, autolinks, task lists and footnotes: the service renders them, so the content
// tree must have them as structure rather than as literal pipes and tildes.
const mdxProcessor = mdxWithoutGfm().use(remarkGfm);
// Plain Markdown, used only to recover the frontmatter of a page whose MDX body does not parse.
const markdownProcessor = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm);

/** The shape of the VFileMessage that micromark and the mdast utilities throw on invalid MDX. */
export interface MdxSyntaxError {
  reason: string;
  line?: number;
  column?: number;
  ruleId?: string;
  source?: string;
  /** acorn's own explanation, for expression and import/export errors. */
  cause?: string;
}

export type MdxParse =
  | { ok: true; tree: Root }
  | { ok: false; error: MdxSyntaxError }
  /** The page's expressions cost more than `maxExpressionWork`; `expression` is the source of the one being parsed. */
  | { ok: false; overBudget: { expression: string } };

export function parseMdx(text: string): MdxParse {
  expressionWorkLeft = maxExpressionWork;
  try {
    return { ok: true, tree: parseWithGfm(text) };
  } catch (error) {
    if (error instanceof ExpressionBudgetExceeded) return { ok: false, overBudget: { expression: error.source } };
    // micromark recurses on nesting: a page nested thousands of levels deep overflows the stack. That is
    // the page's problem, reported like a syntax error, not a crash of the build.
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      return { ok: false, error: { reason: 'The page nests elements too deeply to be parsed', line: 1, column: 1 } };
    }
    if (!isVFileMessage(error)) throw error;
    return { ok: false, error: toSyntaxError(error) };
  }
}

/**
 * GFM's autolink transform walks the tree recursively: a page nested thousands of levels deep, which
 * micromark itself still parses, overflows the stack there. Such a page is parsed again without GFM
 * so its fields and the nesting warning are still read (it loses only tables and autolinks).
 */
function parseWithGfm(text: string): Root {
  try {
    return mdxProcessor.parse(text);
  } catch (error) {
    if (!(error instanceof RangeError) || !/call stack/i.test(error.message)) throw error;
    expressionWorkLeft = maxExpressionWork;
    return mdxWithoutGfm.parse(text);
  }
}

/** What the last `parseMdx` call handed to acorn, in characters (for measuring real pages against `maxExpressionWork`). */
export function expressionWorkOfLastParse(): number {
  return maxExpressionWork - expressionWorkLeft;
}

export function parseMarkdown(text: string): Root {
  try {
    return markdownProcessor.parse(text);
  } catch (error) {
    // Same overflow as in parseMdx; the MDX error is already reported, so only the frontmatter is lost.
    if (error instanceof RangeError) return { type: 'root', children: [] };
    throw error;
  }
}

interface Point {
  line: number;
  column: number;
}

interface VFileMessageLike {
  reason: string;
  place?: Point | { start: Point; end: Point } | null;
  ruleId?: string | null;
  source?: string | null;
  cause?: unknown;
}

function isVFileMessage(error: unknown): error is VFileMessageLike {
  return typeof error === 'object' && error !== null && 'reason' in error && typeof (error as { reason: unknown }).reason === 'string' && 'place' in error;
}

function toSyntaxError(error: VFileMessageLike): MdxSyntaxError {
  const result: MdxSyntaxError = { reason: error.reason };
  if (error.ruleId) result.ruleId = error.ruleId;
  if (error.source) result.source = error.source;
  if (error.cause instanceof Error && error.cause.message) result.cause = error.cause.message;
  const place = error.place;
  const point = place ? ('start' in place ? place.start : place) : undefined;
  if (point && point.line > 0) {
    result.line = point.line;
    result.column = point.column;
  }
  return result;
}
