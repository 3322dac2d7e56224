/**
 * Checks every build must pass whatever its input, shared by the build child of the robustness suite
 * and by `npm run fuzz` (no vitest here).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../../../src/diagnostics/index.js';
import type { PositionProblem } from './protocol.js';

function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10) starts.push(i + 1);
    else if (ch === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    }
  }
  return starts;
}

/** Every location with a file must have line/column >= 1, and must lie inside the file when it can be read. */
export function positionProblems(root: string, diagnostics: readonly Diagnostic[]): PositionProblem[] {
  const problems: PositionProblem[] = [];
  const texts = new Map<string, { starts: number[]; length: number } | null>();
  const lines = (file: string): { starts: number[]; length: number } | null => {
    if (!texts.has(file)) {
      let entry: { starts: number[]; length: number } | null = null;
      try {
        const absolute = path.join(root, file);
        if (!file.includes('://') && fs.statSync(absolute).isFile() && fs.statSync(absolute).size < 200 * 1024 * 1024) {
          let text = new TextDecoder('utf-8', { fatal: false }).decode(fs.readFileSync(absolute));
          if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
          entry = { starts: lineStartsOf(text), length: text.length };
        }
      } catch {
        entry = null;
      }
      texts.set(file, entry);
    }
    return texts.get(file)!;
  };
  const check = (code: string, where: PositionProblem['where'], loc: { file?: string; line?: number; column?: number; endLine?: number; endColumn?: number }): void => {
    if (loc.file === undefined || problems.length >= 20) return;
    const say = (why: string): void => void problems.push({ code, where, file: loc.file!, line: loc.line, column: loc.column, why });
    if (!Number.isInteger(loc.line) || loc.line! < 1) return say('line is missing or < 1');
    if (!Number.isInteger(loc.column) || loc.column! < 1) return say('column is missing or < 1');
    const text = lines(loc.file);
    if (!text) return;
    const points: Array<[number, number, string]> = [[loc.line!, loc.column!, 'start']];
    if (loc.endLine !== undefined && loc.endColumn !== undefined) points.push([loc.endLine, loc.endColumn, 'end']);
    for (const [line, column, which] of points) {
      if (line > text.starts.length) return say(`${which} line ${line} is past the last line (${text.starts.length})`);
      const start = text.starts[line - 1]!;
      const next = line < text.starts.length ? text.starts[line]! : text.length;
      // The column may point just past the last character of the line (end of file, missing token).
      if (column > next - start + 1) return say(`${which} column ${column} is past the end of line ${line} (${next - start} code units)`);
    }
    if (loc.endLine !== undefined && (loc.endLine < loc.line! || (loc.endLine === loc.line && (loc.endColumn ?? loc.column!) < loc.column!))) {
      say('the end is before the start');
    }
  };
  for (const d of diagnostics) {
    check(d.code, 'diagnostic', d);
    for (const related of d.related ?? []) check(d.code, 'related', related);
  }
  return problems;
}

export function prototypeState(): string {
  const names = [Object.prototype, Array.prototype, Function.prototype, String.prototype]
    .map((proto) => Object.getOwnPropertyNames(proto).sort().join(','))
    .join('|');
  return names;
}
