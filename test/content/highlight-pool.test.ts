import { afterAll, describe, expect, it } from 'vitest';
import { createCodeHighlighter, defaultCodeThemes, type CodeHighlighter } from '../../src/content/highlight.js';
import { HighlightPool } from '../../src/content/highlight-pool.js';

// In language order, as `planHighlighting` gives them (`js` and `javascript` are one grammar).
const blocks = Array.from({ length: 60 }, (_, i) => {
  const lang = ['bash', 'js', 'python'][Math.floor(i / 20)]!;
  const code = lang === 'python' ? `print(${i})` : lang === 'js' ? `const n = ${i};` : `echo ${i}`;
  return { code, lang: lang === 'js' && i % 2 === 0 ? 'javascript' : lang };
});

describe('HighlightPool', () => {
  let local: CodeHighlighter | undefined;
  afterAll(() => local?.dispose());

  it('replaces a worker over its budget where the next grammar begins; the tokens are the same', async () => {
    local = await createCodeHighlighter(defaultCodeThemes);
    const expected = await Promise.all(blocks.map(({ code, lang }) => local!.highlight(code, lang)));
    // A budget every worker exceeds: each grammar is a fresh worker's.
    const pool = new HighlightPool(defaultCodeThemes, { workers: 1, retireBytes: 1 });
    try {
      const tokens = await Promise.all(blocks.map(({ code, lang }) => pool.highlight(code, lang)));
      expect(tokens).toEqual(expected);
      // Three grammars: two replacements, none within a grammar (its grammar would be compiled again) nor after the last.
      expect(pool.retired).toBe(2);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('keeps a worker over its budget while its grammar goes on', async () => {
    const pool = new HighlightPool(defaultCodeThemes, { workers: 1, retireBytes: 1 });
    try {
      // 60 blocks of one grammar: batches of 24, 24 and 12 on one worker.
      await Promise.all(blocks.map(({ code }, i) => pool.highlight(code.replace(/^\w+/, 'echo'), i % 2 === 0 ? 'sh' : 'bash')));
      expect(pool.retired).toBe(0);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('keeps its worker under the default budget', async () => {
    const pool = new HighlightPool(defaultCodeThemes, { workers: 1 });
    try {
      await Promise.all(blocks.map(({ code, lang }) => pool.highlight(code, lang)));
      expect(pool.retired).toBe(0);
    } finally {
      await pool.close();
    }
  }, 60_000);
});
