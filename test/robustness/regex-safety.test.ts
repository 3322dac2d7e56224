/**
 * Every regular expression literal in src/ runs in linear time, as recheck (a ReDoS checker) finds it:
 * a pattern that backtracks polynomially over a long run of one character hangs the build on hostile
 * input (the fuzzers found three: 200,000 `{` in a server URL or a logo href; recheck found the
 * rest). A literal recheck cannot prove safe is listed below with why it is safe where it is used.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkSync } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const srcDir = path.join(import.meta.dirname, '../../src');

/** `file:pattern` -> why the use is linear although the pattern alone is not. */
const safeWhereUsed: Record<string, string> = {
  'navigation/endpoint-reference.ts:/^(?:(.*\\S)\\s+)?webhook\\s+(\\S.*)$/i': 'tried only on text without a line break: every backtrack then ends in a match',
};

interface Literal {
  where: string;
  key: string;
  source: string;
  flags: string;
}

function literals(): Literal[] {
  const found: Literal[] = [];
  for (const relative of readdirSync(srcDir, { recursive: true }).map(String).filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))) {
    const file = path.join(srcDir, relative);
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = node.getText(source);
        const end = text.lastIndexOf('/');
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        found.push({ where: `${relative}:${line}`, key: `${relative}:${text}`, source: text.slice(1, end), flags: text.slice(end + 1) });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('regular expressions in src/', () => {
  it('are all linear, or listed with why their use is', () => {
    const all = literals();
    expect(all.length).toBeGreaterThan(500);
    const unsafe = all
      .filter((literal) => !Object.hasOwn(safeWhereUsed, literal.key))
      .map((literal) => ({ literal, result: checkSync(literal.source, literal.flags, { timeout: 10_000 }) }))
      .filter(({ result }) => result.status !== 'safe')
      .map(({ literal, result }) => `${literal.where} /${literal.source}/${literal.flags}: ${result.status}${result.status === 'vulnerable' ? ` (${result.complexity.type}, e.g. ${result.attack.pattern})` : ''}`);
    expect(unsafe).toEqual([]);
    // An entry whose pattern is gone or changed is removed, not left to excuse another.
    expect(Object.keys(safeWhereUsed).filter((key) => !all.some((literal) => literal.key === key))).toEqual([]);
  }, 240_000);
});
