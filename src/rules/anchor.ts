import { createHash } from 'node:crypto';
import type { Diagnostic } from '../diagnostics/index.js';

/** The text of a root-relative file, BOM removed; undefined when it cannot be read. */
export type SourceText = (file: string) => string | undefined;

/** What tells one accepted problem from another across edits elsewhere in its file. */
export type Anchor = { pointer: string } | { hash: string; source: string } | { message: string };

/** Lines of a problem that go into its hash: enough to tell it apart, few enough to survive edits nearby. */
const maxLines = 3;
const excerptLength = 100;

/**
 * A problem's anchor: its JSON pointer when it has one (a pointer names the place however the file is
 * formatted), else a hash of the trimmed source lines it spans (the same after lines are inserted above
 * it or it is re-indented), else its message (a problem without a place in a text).
 */
export function anchorOf(diagnostic: Diagnostic, sourceText: SourceText): Anchor {
  if (diagnostic.pointer !== undefined) return { pointer: diagnostic.pointer };
  const lines = problemLines(diagnostic, sourceText);
  if (lines !== undefined) return { hash: hashOf(lines), source: excerpt(lines) };
  return { message: diagnostic.message };
}

/** The hash anchor alone (undefined when the problem has no readable lines). */
export function lineHashOf(diagnostic: Diagnostic, sourceText: SourceText): string | undefined {
  const lines = problemLines(diagnostic, sourceText);
  return lines === undefined ? undefined : hashOf(lines);
}

function problemLines(diagnostic: Diagnostic, sourceText: SourceText): string | undefined {
  if (diagnostic.file === undefined || diagnostic.line === undefined) return undefined;
  const text = sourceText(diagnostic.file);
  if (text === undefined) return undefined;
  const first = diagnostic.line;
  const last = Math.min(Math.max(diagnostic.endLine ?? first, first), first + maxLines - 1);
  const lines = linesOf(text, first, last).map((line) => line.trim());
  const joined = lines.join('\n');
  // A blank line tells nothing apart: every blank-line problem of the file would share its hash.
  return joined.trim() === '' ? undefined : joined;
}

/** Lines `first`..`last` (1-based) of a text; `\r\n`, `\n` and `\r` all end a line, as everywhere in docs-build. */
function linesOf(text: string, first: number, last: number): string[] {
  const lines: string[] = [];
  let line = 1;
  let start = 0;
  for (let i = 0; i <= text.length && line <= last; i++) {
    const char = text.charCodeAt(i);
    const atEnd = i === text.length;
    if (!atEnd && char !== 10 && char !== 13) continue;
    if (line >= first) lines.push(text.slice(start, i));
    if (char === 13 && text.charCodeAt(i + 1) === 10) i++;
    start = i + 1;
    line++;
  }
  return lines;
}

function hashOf(lines: string): string {
  return createHash('sha256').update(lines).digest('hex').slice(0, 16);
}

function excerpt(lines: string): string {
  const first = lines.split('\n')[0] ?? '';
  return first.length > excerptLength ? `${first.slice(0, excerptLength - 1)}…` : first;
}
