import { codeFrameColumns } from '@babel/code-frame';
import { describe, expect, it } from 'vitest';
import { createDiagnostic, formatGithub, formatHuman, type Diagnostic } from '../../src/diagnostics/index.js';
import { frameWidth } from '../../src/diagnostics/code-frame.js';

/** A one-line docs.json listing `count` pages, and a diagnostic at each page name (as navigation/page-not-found does). */
function oneLineConfig(count: number): { text: string; diagnostics: Diagnostic[] } {
  const names = Array.from({ length: count }, (_, i) => `"missing/page-${String(i).padStart(5, '0')}"`);
  const text = `{"navigation":{"pages":[${names.join(',')}]}}`;
  const diagnostics: Diagnostic[] = [];
  let column = text.indexOf('"missing') + 1;
  for (const name of names) {
    diagnostics.push(createDiagnostic('navigation/page-not-found', `page ${name} has no .mdx or .md file`, { file: 'docs.json', line: 1, column, endLine: 1, endColumn: column + name.length }));
    column += name.length + 1;
  }
  return { text, diagnostics };
}

function reader(files: Record<string, string>): { readSource: (file: string) => string | undefined; reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    readSource: (file) => {
      reads.push(file);
      return files[file];
    },
  };
}

describe('the human reporter is bounded by the number of diagnostics, not by file size (issue 13, item 5)', () => {
  it('5,000 missing pages in a one-line 130 KB docs.json: each source read once, 20 frames, then a note and no frames', () => {
    const { text, diagnostics } = oneLineConfig(5_000);
    const { readSource, reads } = reader({ 'docs.json': text });
    const out = formatHuman(diagnostics, { readSource });
    expect(reads).toEqual(['docs.json']);
    expect(out.length).toBeLessThan(5_000 * 200);
    expect(out.split('\n').every((line) => line.length < frameWidth + 200)).toBe(true);
    expect(out.match(/^ {2}> 1 \|/gm)).toHaveLength(20);
    expect(out).toContain('(code frames are shown for the first 20 problems of a file; the other 4,980 in docs.json follow without)');
    expect(out.endsWith('5000 errors, 0 warnings, 0 infos\n')).toBe(true);
  });

  it('50,000 diagnostics in a 1.2 MB one-line file finish, in bounded output', () => {
    const text = `{${Array.from({ length: 50_000 }, (_, i) => `"unknownKey${String(i).padStart(5, '0')}":1`).join(',')}}`;
    expect(text.length).toBeGreaterThan(1_000_000);
    const diagnostics = Array.from({ length: 50_000 }, (_, i) =>
      createDiagnostic('config/unknown-key', `unknown key "unknownKey${i}"`, { file: 'docs.json', line: 1, column: 2 + i * 20 }),
    );
    const out = formatHuman(diagnostics, { readSource: () => text });
    expect(out.length).toBeLessThan(50_000 * 120);
  });

  it('a long line is cut around the column, with the marker under the problem', () => {
    const line = `${'a'.repeat(5_000)}TARGET${'b'.repeat(5_000)}`;
    const text = `first\n${line}\nlast\n`;
    const d = createDiagnostic('config/invalid-value', 'bad', { file: 'f.json', line: 2, column: 5_001, endLine: 2, endColumn: 5_007 });
    const frame = formatHuman([d], { readSource: () => text }).split('\n').slice(1, 5);
    // Every line of the frame shows the same window of columns, so a short line left of it is only `…`.
    expect(frame[0]).toBe('    1 | …');
    expect(frame[1]).toMatch(/^ {2}> 2 \| …a+TARGETb+…$/);
    expect(frame[1]!.length).toBeLessThan(frameWidth + 20);
    expect(frame[2]!.indexOf('^^^^^^')).toBe(frame[1]!.indexOf('TARGET'));
    expect(frame[3]).toBe('    3 | …');
  });

  it('a range over thousands of lines is framed at its first line', () => {
    const text = Array.from({ length: 5_000 }, (_, i) => `line ${i + 1}`).join('\n');
    const d = createDiagnostic('config/invalid-value', 'bad', { file: 'f.json', line: 10, column: 1, endLine: 4_000, endColumn: 3 });
    const out = formatHuman([d], { readSource: () => text });
    expect(out.split('\n').filter((line) => /^ {2}[ >] +\d+ \|/.test(line))).toHaveLength(3);
  });

  it('frames of ordinary files are what @babel/code-frame prints', () => {
    const text = '{\n  "name": "Acme",\n  "theme": "nope"\n}\n';
    const d = createDiagnostic('config/invalid-enum', 'bad theme', { file: 'docs.json', line: 3, column: 12, endLine: 3, endColumn: 18 });
    const expected = codeFrameColumns(text, { start: { line: 3, column: 12 }, end: { line: 3, column: 18 } }, { linesAbove: 1, linesBelow: 1 });
    expect(formatHuman([d], { readSource: () => text })).toContain(expected.split('\n').map((line) => `  ${line}`).join('\n'));
  });

  it('a message of a megabyte (a key name as written) is cut, in human and github output', () => {
    const d = createDiagnostic('config/unknown-key', `unknown key "${'k'.repeat(1_000_000)}"`, { file: 'docs.json', line: 1, column: 1 }, { suggestion: 'x'.repeat(1_000_000) });
    for (const out of [formatHuman([d]), formatGithub([d])]) {
      expect(out.length).toBeLessThan(10_000);
      expect(out).toContain('more characters)');
    }
  });
});
