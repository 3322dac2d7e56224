import type { Root } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

// Created once: unified freezes a processor on first use, and parsing needs no per-file state.
const mdxProcessor = unified().use(remarkParse).use(remarkMdx).use(remarkFrontmatter, ['yaml']);
// Plain Markdown, used only to recover the frontmatter of a page whose MDX body does not parse.
const markdownProcessor = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']);

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

export type MdxParse = { ok: true; tree: Root } | { ok: false; error: MdxSyntaxError };

export function parseMdx(text: string): MdxParse {
  try {
    return { ok: true, tree: mdxProcessor.parse(text) };
  } catch (error) {
    // micromark recurses on nesting: a page nested thousands of levels deep overflows the stack. That is
    // the page's problem, reported like a syntax error, not a crash of the build.
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      return { ok: false, error: { reason: 'The page nests elements too deeply to be parsed', line: 1, column: 1 } };
    }
    if (!isVFileMessage(error)) throw error;
    return { ok: false, error: toSyntaxError(error) };
  }
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
