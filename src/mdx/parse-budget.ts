import { createDiagnostic, type Diagnostic } from '../diagnostics/index.js';

/**
 * What the MDX parser is given of one page. micromark's time grows with the square of some shapes of
 * input: the markup of one paragraph (emphasis delimiters are matched by walking back over every
 * earlier one, `[`/`]` and `{` likewise; 40 KB of `*a_` took 16 s, 40 KB of `{` 130 s) and the nesting
 * of block containers (each level of `>` or list on a line is re-read for every line below it: 40 KB
 * of `- ` took 15 minutes). The paragraphs that would cost too much are not parsed; everything else is.
 *
 * The real corpora (12,921 pages) stay far below each limit: the longest paragraph is 75,000
 * characters, the costliest paragraph and page cost 3.0 M, and the deepest estimated nesting is 13.
 */
export const parseLimits = {
  /** Characters of one paragraph (a run of non-blank lines). */
  paragraphChars: 200_000,
  /** Estimated block nesting (`>`, list items) of one line: an upper bound, see `nestingBound`. */
  nestingDepth: 100,
  /**
   * Markup cost of one page: the sum over its paragraphs of markers x (markers + lines), where markers
   * count the characters that open or close inline constructs. At this budget the worst shape found
   * (`*a_` repeated) parses in well under a second.
   */
  markupCost: 10_000_000,
  /** A paragraph costing less than this is parsed whatever the page's total: its cost is small and linear. */
  minParagraphCost: 100_000,
} as const;

export type Reason = 'long' | 'deep' | 'markup';

export interface Paragraph {
  start: number;
  /** End of the last line, its line break excluded. */
  end: number;
  line: number;
  markers: number;
  lines: number;
  /** First line whose estimated nesting is over the limit. */
  deepLine?: number;
  deepest: number;
}

interface Blanked {
  paragraph: Paragraph;
  reason: Reason;
}

/**
 * Blanks every paragraph that would cost the parser too much (only its line breaks are kept, so every
 * other line keeps its number and columns) and says why. The frontmatter and fenced code are never
 * blanked: the parser reads them in linear time.
 */
export function guardParseCost(text: string, file: string): { text: string; diagnostics: Diagnostic[] } {
  const blanked = chooseBlanked(scanParagraphs(text));
  if (blanked.length === 0) return { text, diagnostics: [] };
  blanked.sort((a, b) => a.paragraph.start - b.paragraph.start);
  const parts: string[] = [];
  let from = 0;
  for (const { paragraph } of blanked) {
    parts.push(text.slice(from, paragraph.start), lineBreaksOf(text.slice(paragraph.start, paragraph.end)));
    from = paragraph.end;
  }
  parts.push(text.slice(from));
  return { text: parts.join(''), diagnostics: describeBlanked(blanked, file) };
}

/**
 * What is left of a blanked paragraph: its line breaks only, so every later line keeps its number and
 * every other line its columns. (Spaces in place of the text would keep offsets too, but a megabyte of
 * indentation inside deep lists costs the parser seconds.)
 */
function lineBreaksOf(paragraph: string): string {
  return paragraph.replace(/[^\r\n]+/g, '');
}

function chooseBlanked(paragraphs: readonly Paragraph[]): Blanked[] {
  const blanked: Blanked[] = [];
  const costly: Array<{ paragraph: Paragraph; cost: number }> = [];
  let total = 0;
  for (const paragraph of paragraphs) {
    if (paragraph.end - paragraph.start > parseLimits.paragraphChars) blanked.push({ paragraph, reason: 'long' });
    else if (paragraph.deepLine !== undefined) blanked.push({ paragraph, reason: 'deep' });
    else {
      const cost = markupCost(paragraph);
      if (cost < parseLimits.minParagraphCost) continue;
      costly.push({ paragraph, cost });
      total += cost;
    }
  }
  // The costliest first: the fewest paragraphs are left out to bring the page within its budget.
  costly.sort((a, b) => b.cost - a.cost || a.paragraph.start - b.paragraph.start);
  for (const { paragraph, cost } of costly) {
    if (total <= parseLimits.markupCost) break;
    blanked.push({ paragraph, reason: 'markup' });
    total -= cost;
  }
  return blanked;
}

/** Whether a paragraph may be blanked; the others are not kept, so a page of a million short paragraphs costs no memory. */
function isCostly(paragraph: Paragraph): boolean {
  return paragraph.end - paragraph.start > parseLimits.paragraphChars || paragraph.deepLine !== undefined || markupCost(paragraph) >= parseLimits.minParagraphCost;
}

export function markupCost(paragraph: Pick<Paragraph, 'markers' | 'lines'>): number {
  return paragraph.markers * (paragraph.markers + paragraph.lines);
}

function describeBlanked(blanked: readonly Blanked[], file: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const deep = blanked.filter((b) => b.reason === 'deep').map((b) => b.paragraph);
  const markup = blanked.filter((b) => b.reason === 'markup').map((b) => b.paragraph);
  for (const { paragraph, reason } of blanked) {
    if (reason !== 'long') continue;
    diagnostics.push(
      createDiagnostic(
        'mdx/paragraph-too-long',
        `this paragraph is ${count(paragraph.end - paragraph.start)} characters long; paragraphs over ${count(parseLimits.paragraphChars)} characters are not parsed, so components and fields in it are not read`,
        { file, line: paragraph.line, column: 1 },
        { suggestion: 'split it into shorter paragraphs with blank lines' },
      ),
    );
  }
  // One diagnostic per reason and page: a hostile page can hold thousands of such paragraphs.
  const [firstDeep] = deep;
  if (firstDeep) {
    diagnostics.push(
      createDiagnostic(
        'mdx/paragraph-too-complex',
        `this line nests quotes or list items about ${count(firstDeep.deepest)} levels deep; paragraphs nested more than ${parseLimits.nestingDepth} levels are not parsed, so components and fields in them are not read${others(deep)}`,
        { file, line: firstDeep.deepLine ?? firstDeep.line, column: 1 },
        { suggestion: 'flatten the nesting: parsing time grows with the square of its depth' },
      ),
    );
  }
  const [firstMarkup] = markup;
  if (firstMarkup) {
    diagnostics.push(
      createDiagnostic(
        'mdx/paragraph-too-complex',
        `this paragraph holds ${count(firstMarkup.markers)} markup characters (* _ \` [ ] < {); with the rest of the page that is more inline markup than docs-build parses in one page, so it is not parsed and components and fields in it are not read${others(markup)}`,
        { file, line: firstMarkup.line, column: 1 },
        { suggestion: 'split it into paragraphs with blank lines, or put literal text in a fenced code block: parsing time grows with the square of the markup in one paragraph' },
      ),
    );
  }
  return diagnostics;
}

function others(paragraphs: readonly Paragraph[]): string {
  if (paragraphs.length < 2) return '';
  const lines = paragraphs.slice(1, 6).map((p) => p.deepLine ?? p.line);
  const more = paragraphs.length - 1 - lines.length;
  return ` (nor ${count(paragraphs.length - 1)} more on this page, at line${lines.length > 1 ? 's' : ''} ${lines.join(', ')}${more > 0 ? ', ...' : ''})`;
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}

interface Fence {
  char: number;
  length: number;
  indent: number;
}

/**
 * The page's paragraphs after the frontmatter: runs of non-blank lines outside fenced code, with what
 * their parse costs. Lines end at LF, CRLF or a lone CR, as they do for micromark.
 */
export function scanParagraphs(text: string, keep: (paragraph: Paragraph) => boolean = isCostly): Paragraph[] {
  const paragraphs: Paragraph[] = [];
  const lines = lineReader(text, frontmatterEnd(text));
  let fence: Fence | undefined;
  let run: Paragraph | undefined;
  const close = (): void => {
    if (run && keep(run)) paragraphs.push(run);
    run = undefined;
  };
  for (let current = lines.next(); current; current = lines.next()) {
    const { start, end, line } = current;
    const indent = leadingColumns(text, start, end);
    const blank = indent.offset === end;
    if (fence) {
      // A fence inside a list item ends with the item: at the first line indented less than the fence.
      if (blank || indent.columns >= fence.indent) {
        if (!blank && closesFence(text, indent.offset, end, fence)) fence = undefined;
        continue;
      }
      fence = undefined;
    }
    if (blank) {
      close();
      continue;
    }
    const opened = opensFence(text, indent, end);
    if (opened) {
      close();
      fence = opened;
      continue;
    }
    const { depth, contentStart, bullet } = linePrefix(text, start, end);
    // A bullet item with content always starts a block of its own, even right under a paragraph: its
    // inline markup is resolved apart from the lines above. (An ordered item may be a paragraph's
    // continuation, so it does not split.)
    if (bullet && contentStart < end) close();
    run ??= { start, end, line, markers: 0, lines: 0, deepest: 0 };
    run.end = end;
    run.lines++;
    run.markers += countMarkers(text, contentStart, end);
    if (depth > run.deepest) run.deepest = depth;
    if (depth > parseLimits.nestingDepth) run.deepLine ??= line;
  }
  close();
  return paragraphs;
}

interface LineSpan {
  start: number;
  end: number;
  line: number;
}

/** The lines of `text` from a line start on; `from.line` is that line's number. */
function lineReader(text: string, from: { offset: number; line: number } = { offset: 0, line: 1 }): { next(): LineSpan | undefined } {
  const breaks = /\r\n?|\n/g;
  breaks.lastIndex = from.offset;
  let offset = from.offset;
  let line = from.line - 1;
  let done = false;
  return {
    next(): LineSpan | undefined {
      if (done) return undefined;
      const match = breaks.exec(text);
      const start = offset;
      const end = match ? match.index : text.length;
      line++;
      if (match) offset = match.index + match[0].length;
      else done = true;
      return { start, end, line };
    },
  };
}

const fenceLine = /^---[ \t]*$/;

function isFrontmatterFence(text: string, line: LineSpan): boolean {
  return line.end - line.start <= 64 && fenceLine.test(text.slice(line.start, line.end));
}

/** Where the body starts: after a leading `---` frontmatter block that is closed, else at the start. */
function frontmatterEnd(text: string): { offset: number; line: number } {
  const lines = lineReader(text);
  const first = lines.next();
  if (!first || !isFrontmatterFence(text, first)) return { offset: 0, line: 1 };
  for (let current = lines.next(); current; current = lines.next()) {
    if (isFrontmatterFence(text, current)) {
      const rest = lines.next();
      return rest ? { offset: rest.start, line: rest.line } : { offset: text.length, line: current.line + 1 };
    }
  }
  return { offset: 0, line: 1 };
}

const space = 32;
const tab = 9;

/** Columns of the line's leading whitespace (a tab to the next multiple of 4) and where it ends. */
function leadingColumns(text: string, start: number, end: number): { columns: number; offset: number } {
  let columns = 0;
  let i = start;
  for (; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === space) columns++;
    else if (code === tab) columns += 4 - (columns % 4);
    else break;
  }
  return { columns, offset: i };
}

const backtick = 96;
const tilde = 126;

/**
 * A fence that opens fenced code: three or more backticks or tildes after whitespace only (a fence
 * after `>` or a list marker is not trusted: the container may end it where this scan cannot tell, so
 * such a block is counted as prose). A backtick fence's info string holds no backtick.
 */
function opensFence(text: string, indent: { columns: number; offset: number }, end: number): Fence | undefined {
  const char = text.charCodeAt(indent.offset);
  if (char !== backtick && char !== tilde) return undefined;
  let i = indent.offset;
  while (i < end && text.charCodeAt(i) === char) i++;
  const length = i - indent.offset;
  if (length < 3) return undefined;
  if (char === backtick) for (let k = i; k < end; k++) if (text.charCodeAt(k) === backtick) return undefined;
  return { char, length, indent: indent.columns };
}

function closesFence(text: string, from: number, end: number, fence: Fence): boolean {
  let i = from;
  while (i < end && text.charCodeAt(i) === fence.char) i++;
  if (i - from < fence.length) return false;
  for (; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code !== space && code !== tab) return false;
  }
  return true;
}

/**
 * Weighted count of the characters that open or close an inline construct of MDX: emphasis, code,
 * links, JSX, expressions. Emphasis delimiters weigh double: resolving them walks back over every
 * earlier delimiter and splices, the costliest of these walks (measured per character).
 */
function countMarkers(text: string, start: number, end: number): number {
  let markers = 0;
  for (let i = start; i < end; i++) {
    switch (text.charCodeAt(i)) {
      case 42: // *
      case 95: // _
        markers += 2;
        break;
      case 96: // `
      case 91: // [
      case 93: // ]
      case 60: // <
      case 123: // {
        markers++;
    }
  }
  return markers;
}

/**
 * The line's container prefix (whitespace, `>`, list markers) and an upper bound of the block
 * containers the line is in: each `>` and list marker of the prefix opens or continues one, and each
 * list item continued by indentation takes at least two columns of it.
 */
export function linePrefix(text: string, start: number, end: number): { depth: number; contentStart: number; bullet: boolean } {
  let markers = 0;
  let columns = 0;
  let bullet = false;
  let i = start;
  while (i < end) {
    const code = text.charCodeAt(i);
    if (code === space) columns++;
    else if (code === tab) columns += 4 - (columns % 4);
    else if (code === 62 /* > */) markers++;
    else {
      const marker = listMarkerLength(text, i, end);
      if (marker === 0) break;
      if (code === 45 || code === 43 || code === 42) bullet = true;
      markers++;
      i += marker;
      continue;
    }
    i++;
  }
  return { depth: markers + Math.floor(columns / 2), contentStart: i, bullet };
}

/** Length of a list marker (`-`, `+`, `*`, or up to 9 digits and `.` or `)`) followed by a space, a tab or the line end; 0 if none. */
function listMarkerLength(text: string, at: number, end: number): number {
  const code = text.charCodeAt(at);
  let i = at;
  if (code === 45 || code === 43 || code === 42) i++;
  else {
    while (i < end && i - at < 9 && isDigit(text.charCodeAt(i))) i++;
    if (i === at || i >= end) return 0;
    const after = text.charCodeAt(i);
    if (after !== 46 && after !== 41) return 0;
    i++;
  }
  if (i < end) {
    const next = text.charCodeAt(i);
    if (next !== space && next !== tab) return 0;
  }
  return i - at;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/**
 * Blanks the paragraph where an expression starts, found by the first line of its source (what the
 * parser handed to acorn), and says where that is; undefined when the source is not in the text.
 */
export function blankExpressionParagraph(text: string, expression: string): { text: string; line: number; column: number } | undefined {
  const source = expression.startsWith('({') ? expression.slice(2) : expression;
  const firstLine = source.split(/\r\n?|\n/).find((line) => line.trim() !== '')?.trim().slice(0, 200);
  if (!firstLine) return undefined;
  const found = text.indexOf(firstLine);
  if (found === -1) return undefined;
  const brace = text.lastIndexOf('{', found);
  const around = paragraphAround(text, brace === -1 ? found : brace);
  const { start, end } = around;
  return { text: text.slice(0, start) + lineBreaksOf(text.slice(start, end)) + text.slice(end), line: around.line, column: around.column };
}

/** The run of non-blank lines holding `at`, and the line and column of `at`. */
function paragraphAround(text: string, at: number): { start: number; end: number; line: number; column: number } {
  const reader = lineReader(text);
  let runStart: number | undefined;
  let found: { start: number; end: number; line: number; column: number } | undefined;
  for (let current = reader.next(); current; current = reader.next()) {
    const blank = leadingColumns(text, current.start, current.end).offset === current.end;
    if (found) {
      if (blank) break;
      found.end = current.end;
      continue;
    }
    if (blank) runStart = undefined;
    else runStart ??= current.start;
    if (at <= current.end) found = { start: runStart ?? current.start, end: current.end, line: current.line, column: at - current.start + 1 };
  }
  return found ?? { start: at, end: at, line: 1, column: 1 };
}
