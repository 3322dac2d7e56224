import { codeFrameLibrary } from '../libraries.js';
import { LineIndex } from './positions.js';

/** Characters of a source line shown in a frame; a longer line is cut around the column. */
export const frameWidth = 160;

/** Lines above and below the problem, as TypeScript and vfile-reporter show them. */
const context = 1;

/** A range over more lines than this is framed at its first line only. */
const maxFrameLines = 6;

/** A source read once per report: its lines are found through one line index, not a split per diagnostic. */
export class SourceText {
  private readonly index: LineIndex;

  constructor(readonly text: string) {
    this.index = new LineIndex(text);
  }

  get lineCount(): number {
    return this.index.lineCount;
  }

  /** Text of a 1-based line, without its line break. */
  line(line: number): string {
    const start = this.index.offsetOf(line, 1);
    const end = line < this.index.lineCount ? this.index.offsetOf(line + 1, 1) : this.text.length;
    return this.text.slice(start, end).replace(/\r?\n$|\r$/, '');
  }
}

export interface FrameRange {
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
}

/**
 * A code frame of the lines around a range, each line cut to `frameWidth` characters around the
 * range's column: its size depends on neither the file's size nor its longest line.
 */
export function codeFrame(source: SourceText, range: FrameRange): string {
  const line = Math.min(Math.max(range.line, 1), source.lineCount);
  const column = Math.max(range.column, 1);
  const multiLine = range.endLine !== undefined && range.endLine > line && range.endLine - line <= maxFrameLines;
  const endLine = multiLine ? (range.endLine ?? line) : line;
  const endColumn = multiLine || (range.endLine === line && (range.endColumn ?? 0) > column) ? range.endColumn : undefined;

  // One window of columns for every line of the frame, so the marker stays under its text.
  const from = Math.max(0, Math.min(column - 1 - frameWidth / 2, source.line(line).length - frameWidth));
  const to = from + frameWidth;
  const first = Math.max(1, line - context);
  const last = Math.min(source.lineCount, endLine + context);
  const lines: string[] = [];
  for (let n = first; n <= last; n++) lines.push(printable(cut(source.line(n), from, to)));
  const shift = from > 0 ? from - 1 : 0; // a cut start is replaced by one `…`
  // With `startLine`, code-frame takes page line numbers and the text of the window only.
  const start = { line, column: Math.max(1, column - shift) };
  const end = endColumn === undefined ? undefined : { line: endLine, column: Math.max(1, Math.min(endColumn - shift, to - shift + 1)) };
  return codeFrameLibrary().codeFrameColumns(lines.join('\n'), end ? { start, end } : { start }, {
    highlightCode: false,
    forceColor: false,
    linesAbove: context,
    linesBelow: context,
    startLine: first,
  } as Parameters<ReturnType<typeof codeFrameLibrary>['codeFrameColumns']>[2]);
}

function cut(text: string, from: number, to: number): string {
  if (from === 0 && text.length <= to) return text;
  return `${from > 0 ? '…' : ''}${text.slice(from, to)}${text.length > to ? '…' : ''}`;
}

/** Text a reporter prints from a diagnostic (message, hint), cut to a bounded length. */
export function bounded(text: string, max = 2_000): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${(text.length - max).toLocaleString('en-US')} more characters)`;
}

const controlCharacter = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g;

/**
 * `text` safe to print to a terminal: C0 controls (but tab) and DEL become their Control Pictures
 * (`␊`, `␛`: one column each, so a frame's marker stays under its column), C1 controls U+FFFD. A name or
 * a line of the docs cannot move the cursor, recolour, retitle or clear the reader's terminal, nor
 * start a line of its own in the report.
 */
export function printable(text: string): string {
  return text.replace(controlCharacter, (char) => {
    const code = char.charCodeAt(0);
    return code < 0x20 ? String.fromCharCode(0x2400 + code) : code === 0x7f ? '\u2421' : '\ufffd';
  });
}
