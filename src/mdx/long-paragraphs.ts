import { createDiagnostic, type Diagnostic } from '../diagnostics/index.js';

/**
 * Longest run of non-blank lines parsed. micromark's inline parsing is quadratic in the markup of one
 * paragraph (a 5 MB line of emphasis and links took minutes and gigabytes); the longest paragraph in
 * the 12,921 pages of the real corpora is 75,000 characters.
 */
export const maxParagraphChars = 200_000;

/**
 * Blanks every run of non-blank lines longer than `maxParagraphChars` (each character but line breaks
 * becomes a space), so every other offset, line and column of the page stays where it was and the rest
 * of the page is parsed as usual. The frontmatter block is never blanked.
 */
export function blankLongParagraphs(text: string, file: string): { text: string; diagnostics: Diagnostic[] } {
  if (text.length <= maxParagraphChars) return { text, diagnostics: [] };
  const runs: Array<{ start: number; end: number; line: number }> = [];
  let offset = bodyStart(text);
  let line = lineOf(text, offset);
  // `end`: the end of the run's last line, its line break excluded.
  let run: { start: number; end: number; line: number } | undefined;
  while (offset <= text.length) {
    const newline = text.indexOf('\n', offset);
    const end = newline === -1 ? text.length : newline;
    const blank = isBlank(text, offset, end);
    if (!blank) {
      if (run) run.end = end;
      else run = { start: offset, end, line };
    }
    if ((blank || newline === -1) && run) {
      if (run.end - run.start > maxParagraphChars) runs.push(run);
      run = undefined;
    }
    if (newline === -1) break;
    offset = newline + 1;
    line++;
  }
  if (runs.length === 0) return { text, diagnostics: [] };

  const parts: string[] = [];
  let from = 0;
  const diagnostics: Diagnostic[] = [];
  for (const { start, end, line: startLine } of runs) {
    parts.push(text.slice(from, start), text.slice(start, end).replace(/[^\r\n]/g, ' '));
    from = end;
    diagnostics.push(
      createDiagnostic(
        'mdx/paragraph-too-long',
        `this paragraph is ${(end - start).toLocaleString('en-US')} characters long; paragraphs over ${maxParagraphChars.toLocaleString('en-US')} characters are not parsed, so components and fields in it are not read`,
        { file, line: startLine, column: 1 },
        { suggestion: 'split it into shorter paragraphs with blank lines' },
      ),
    );
  }
  parts.push(text.slice(from));
  return { text: parts.join(''), diagnostics };
}

/** Offset just after a leading `---` frontmatter block, or 0. */
function bodyStart(text: string): number {
  if (!/^---[ \t]*\r?\n/.test(text)) return 0;
  let offset = text.indexOf('\n') + 1;
  while (offset < text.length) {
    const newline = text.indexOf('\n', offset);
    const end = newline === -1 ? text.length : newline;
    if (/^---[ \t]*\r?$/.test(text.slice(offset, Math.min(end, offset + 64)))) return newline === -1 ? text.length : newline + 1;
    if (newline === -1) return 0;
    offset = newline + 1;
  }
  return 0;
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

function isBlank(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code !== 32 && code !== 9 && code !== 13) return false;
  }
  return true;
}
