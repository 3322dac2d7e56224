import { describe, expect, it } from 'vitest';
import { parseMdxPage } from '../../src/mdx/index.js';
import { guardParseCost as blankLongParagraphs, parseLimits } from '../../src/mdx/parse-budget.js';

const maxParagraphChars = parseLimits.paragraphChars;
import { brief, sourceFile } from './helpers.js';

/** Words of inline markup, space-separated, up to `length` characters: the input micromark is slow on. */
function markupLine(length: number): string {
  const words = ['alpha', '*gamma*', '`delta`', '[link](/guide)', '<b>x</b>', '{1+1}', '&amp;'];
  const parts: string[] = [];
  for (let i = 0, size = 0; size < length; i++) size += parts[parts.push(words[i % words.length]!) - 1]!.length + 1;
  return parts.join(' ').slice(0, length);
}

describe('paragraphs longer than the parser is given', () => {
  it('a page with no long paragraph is returned as it is', () => {
    const text = `---\ntitle: x\n---\n\n${'word '.repeat(30_000)}\n\n${'word '.repeat(30_000)}\n`;
    const guarded = blankLongParagraphs(text, 'page.mdx');
    expect(guarded.text).toBe(text);
    expect(guarded.diagnostics).toEqual([]);
  });

  it('a run of lines over the limit is blanked, keeping every line break, and reported at its first line', () => {
    const long = `${'a'.repeat(maxParagraphChars / 2)}\r\n${'b'.repeat(maxParagraphChars / 2)}\n`;
    const text = `---\ntitle: x\n---\n\nIntro.\n\n${long}\nAfter.\n`;
    const guarded = blankLongParagraphs(text, 'page.mdx');
    expect(guarded.text).toBe('---\ntitle: x\n---\n\nIntro.\n\n\r\n\n\nAfter.\n');
    expect(guarded.text.split('\n').map((line) => line.trim())).toEqual(['---', 'title: x', '---', '', 'Intro.', '', '', '', '', 'After.', '']);
    expect(brief(guarded.diagnostics)).toEqual([
      {
        code: 'mdx/paragraph-too-long',
        line: 7,
        column: 1,
        message: `this paragraph is ${(maxParagraphChars + 2).toLocaleString('en-US')} characters long; paragraphs over 200,000 characters are not parsed, so components and fields in it are not read`,
      },
    ]);
  });

  it('the frontmatter is never blanked, even when the long line follows it directly', () => {
    const text = `---\ntitle: Long\n---\n${'x'.repeat(maxParagraphChars + 1)}`;
    const guarded = blankLongParagraphs(text, 'page.mdx');
    expect(guarded.text).toBe('---\ntitle: Long\n---\n');
    expect(guarded.diagnostics.map((d) => `${d.line}:${d.column}`)).toEqual(['4:1']);
  });

  it('a 5 MB line of inline markup parses in bounded time; the frontmatter and the fields after it are read', () => {
    const text = `---\ntitle: Long\napi: GET /users/{id}\n---\n${markupLine(5 * 1024 * 1024)}\n\n<ParamField path="id" type="string">The id.</ParamField>\n`;
    // Unguarded this took minutes and gigabytes; the test's timeout is the guard against a hang.
    const { value, diagnostics } = parseMdxPage(sourceFile('long.mdx', text));
    expect(diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`)).toEqual(['mdx/paragraph-too-long 5:1']);
    expect(value.title).toBe('Long');
    expect(value.params.map((field) => `${field.in} ${field.name} ${'line' in field.source ? field.source.line : field.source.pointer}`)).toEqual(['path id 7']);
  }, 60_000);
});
