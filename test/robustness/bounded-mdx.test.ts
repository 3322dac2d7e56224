import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMdxPage } from '../../src/mdx/index.js';
import { guardParseCost, markupCost, parseLimits, scanParagraphs } from '../../src/mdx/parse-budget.js';
import { expressionWorkOfLastParse, maxExpressionWork, parseMdx } from '../../src/mdx/processor.js';
import { sourceFile } from '../mdx/helpers.js';

/** The hostile body starts on line 7; a field after it must still be read. */
function page(body: string, newline = '\n'): string {
  return ['---', 'title: Hostile', '---', '', 'Intro.', '', body, '', '<ParamField query="after" type="string">After.</ParamField>', ''].join(newline);
}

function nested(levels: number, line: (level: number) => string): string {
  return Array.from({ length: levels }, (_, level) => line(level)).join('\n\n');
}

function parseTimed(text: string): { result: ReturnType<typeof parseMdxPage>; ms: number } {
  const started = performance.now();
  const result = parseMdxPage(sourceFile('hostile.mdx', text));
  return { result, ms: performance.now() - started };
}

// Unguarded, each of these took from tens of seconds to many minutes (measured: 40 KB of `*a_` 16 s,
// 40 KB of `{` 130 s, 40 KB of `- ` 15 min); each is under the 200,000-character paragraph limit.
const hostile: Array<[string, string, string]> = [
  ['198 KB of `*a_` in one paragraph (issue 13)', '*a_'.repeat(66_000), '7:1'],
  ['`_a*`, the other delimiter first', '_a*'.repeat(40_000), '7:1'],
  ['`**a__`, delimiter runs', '**a__'.repeat(30_000), '7:1'],
  ['20,000 `*` around one letter', `${'*'.repeat(20_000)}a${'*'.repeat(20_000)}`, '7:1'],
  ['emphasis on 12,000 lines of one paragraph', '*a_\n'.repeat(12_000).trimEnd(), '7:1'],
  ['`[` nested 90,000 deep', `${'['.repeat(90_000)}a${']'.repeat(90_000)}`, '7:1'],
  ['`[a]` repeated', '[a]'.repeat(60_000), '7:1'],
  ['inline JSX nested 20,000 deep', `a ${'<b>'.repeat(20_000)}x${'</b>'.repeat(20_000)}`, '7:1'],
  ['190 KB of `>` (issue 13)', '>'.repeat(190_000), '7:1'],
  ['`- ` nested 20,000 deep on one line', `${'- '.repeat(20_000)}x`, '7:1'],
  ['`1. ` nested 20,000 deep on one line', `${'1. '.repeat(20_000)}x`, '7:1'],
  ['`> - ` nested on one line', `${'> - '.repeat(10_000)}x`, '7:1'],
  // Line 7 + 2 x 100: the first line nested past 100 levels.
  ['a list nested 3,000 levels, blank lines between items (issue 13)', nested(3_000, (level) => `${'  '.repeat(level)}- x`), '207:1'],
  ['blockquotes nested 3,000 levels, blank lines between', nested(3_000, (level) => `${'>'.repeat(level + 1)} a`), '207:1'],
  ['tab-indented list nested 1,000 levels', nested(1_000, (level) => `${'\t'.repeat(level)}- x`), '107:1'],
  ['`{` nested 20,000 deep in a flow expression', `${'{'.repeat(20_000)}${'}'.repeat(20_000)}`, '7:1'],
  ['`{` nested 20,000 deep in text', `a ${'{'.repeat(20_000)}${'}'.repeat(20_000)}`, '7:1'],
  ['40,000 `}` inside a string of an expression', `a {"${'}'.repeat(40_000)}"}`, '7:3'],
];

describe('pages that would cost the parser more than linear time are bounded (issue 13)', () => {
  it.each(hostile)('%s: reported at its place, the rest of the page read', (_name, body, place) => {
    const { result, ms } = parseTimed(page(body));
    expect(result.diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`)).toEqual([`mdx/paragraph-too-complex ${place}`]);
    expect(result.value.title).toBe('Hostile');
    expect(result.value.params.map((field) => field.name)).toEqual(['after']);
    expect(ms).toBeLessThan(10_000);
  }, 60_000);

  it('a template literal holding `}` across blank lines (past any paragraph) is bounded by the expression budget', () => {
    const { result, ms } = parseTimed(page(`{\`${'}}}}\n\n'.repeat(3_000)}\`}`));
    expect(result.diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`)).toEqual(['mdx/paragraph-too-complex 7:1']);
    expect(result.value.params.map((field) => field.name)).toEqual(['after']);
    expect(ms).toBeLessThan(10_000);
  }, 60_000);

  it('many costly paragraphs on one page: one diagnostic names the first and counts the others', () => {
    const costly = '*a_'.repeat(1_500);
    const { result } = parseTimed(page(Array.from({ length: 40 }, () => costly).join('\n\n')));
    const complex = result.diagnostics.filter((d) => d.code === 'mdx/paragraph-too-complex');
    expect(complex).toHaveLength(1);
    expect(complex[0]?.message).toMatch(/nor \d+ more on this page, at lines 9, 11, 13, 15, 17, \.\.\./);
    expect(result.value.params.map((field) => field.name)).toEqual(['after']);
  }, 60_000);

  it('a page of moderately marked-up paragraphs keeps them all (each is cheap on its own)', () => {
    const text = page(Array.from({ length: 1_000 }, () => '*a_'.repeat(50)).join('\n\n'));
    expect(guardParseCost(text, 'p.mdx').diagnostics).toEqual([]);
  });
});

describe('what the cost estimate reads', () => {
  const paragraphs = (text: string) => scanParagraphs(text, () => true).map((p) => ({ line: p.line, lines: p.lines, markers: p.markers, cost: markupCost(p) }));

  it('fenced code is linear for the parser and is neither counted nor blanked', () => {
    const code = '*a_'.repeat(100_000);
    const text = page(['```md', code, '', code, '```'].join('\n'));
    expect(guardParseCost(text, 'p.mdx').diagnostics).toEqual([]);
    const { result, ms } = parseTimed(text);
    expect(result.diagnostics).toEqual([]);
    expect(ms).toBeLessThan(10_000);
  }, 60_000);

  it('a fence inside a list item ends with the item: markup after the dedent is counted', () => {
    const markup = '*a_'.repeat(3_000);
    const text = ['- item', '', '  ```', `${markup}`, '  ```', ''].join('\n');
    // Line 5 opens a new fence at the top level, as it does for the parser.
    expect(paragraphs(text).map((p) => p.line)).toEqual([1, 4]);
    expect(guardParseCost(text, 'p.mdx').diagnostics.map((d) => `${d.code} ${d.line}`)).toEqual(['mdx/paragraph-too-complex 4']);
  });

  it('a backtick fence whose info string holds a backtick is inline code, not a fence', () => {
    expect(paragraphs('``` a ` b\n*a_*a_\n```\n').map((p) => p.lines)).toEqual([2]);
  });

  it('a bullet item starts a paragraph of its own; an ordered item after a paragraph may continue it and does not', () => {
    expect(paragraphs('para\n- *a_\n* *a_\n+ *a_\n').map((p) => p.line)).toEqual([1, 2, 3, 4]);
    expect(paragraphs('para\n2. *a_\n2. *a_\n').map((p) => p.line)).toEqual([1]);
    // A list marker is container syntax, not emphasis.
    expect(paragraphs('* a\n').map((p) => p.markers)).toEqual([0]);
  });

  it('lone CR ends lines, and the frontmatter is skipped whatever the line endings', () => {
    const text = page('a *b*\r\rc _d_', '\r');
    expect(paragraphs(text).map((p) => `${p.line}:${p.markers}`)).toEqual(['5:0', '7:4', '9:4', '11:2']);
  });

  it('a page with lone CR line endings over 200,000 characters keeps its title and is not blanked (issue 13, item 19)', () => {
    const text = page(Array.from({ length: 4_000 }, (_, i) => `Paragraph ${i} with some words in it to make it longer.`).join('\r\r'), '\r');
    expect(text.length).toBeGreaterThan(parseLimits.paragraphChars);
    const { result } = parseTimed(text);
    expect(result.diagnostics).toEqual([]);
    expect(result.value.title).toBe('Hostile');
    expect(result.value.params.map((field) => field.name)).toEqual(['after']);
  }, 60_000);
});

const corpora = join(import.meta.dirname, '../../../shared/corpora');

function pagesUnder(folder: string, out: string[] = []): string[] {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) pagesUnder(path, out);
    else if (/\.mdx?$/.test(name)) out.push(path);
  }
  return out;
}

describe.skipIf(!existsSync(corpora))('real pages are never flagged', () => {
  const pages = existsSync(corpora) ? pagesUnder(corpora) : [];

  it('the guard blanks nothing in the 12,900 pages of the corpora, with room to spare', () => {
    let costliest = 0;
    let deepest = 0;
    const flagged: string[] = [];
    for (const path of pages) {
      const text = readFileSync(path, 'utf8');
      if (guardParseCost(text, path).diagnostics.length > 0) flagged.push(path);
      for (const paragraph of scanParagraphs(text, () => true)) {
        costliest = Math.max(costliest, markupCost(paragraph));
        deepest = Math.max(deepest, paragraph.deepest);
      }
    }
    expect(pages.length).toBeGreaterThan(12_000);
    expect(flagged).toEqual([]);
    expect(costliest).toBeLessThan(parseLimits.markupCost / 3);
    expect(deepest).toBeLessThan(parseLimits.nestingDepth / 5);
  }, 120_000);

  it('the pages with the most expressions stay far within the expression budget', () => {
    const braces = (path: string): number => readFileSync(path, 'utf8').split('}').length;
    const busiest = pages.map((path) => ({ path, braces: braces(path) })).sort((a, b) => b.braces - a.braces).slice(0, 40);
    let most = 0;
    for (const { path } of busiest) {
      parseMdx(readFileSync(path, 'utf8'));
      most = Math.max(most, expressionWorkOfLastParse());
    }
    expect(most).toBeLessThan(maxExpressionWork / 4);
  }, 120_000);
});
