import { afterAll, describe, expect, it } from 'vitest';
import { createCodeHighlighter, defaultCodeThemes, type CodeHighlighter } from '../../src/content/highlight.js';
import { HighlightPool } from '../../src/content/highlight-pool.js';

const blocks = Array.from({ length: 60 }, (_, i) => {
  const lang = ['python', 'js', 'bash'][i % 3]!;
  const code = lang === 'python' ? `print(${i})` : lang === 'js' ? `const n = ${i};` : `echo ${i}`;
  return { code, lang };
});

describe('HighlightPool', () => {
  let local: CodeHighlighter | undefined;
  afterAll(() => local?.dispose());

  it('replaces a worker that holds more than its budget while blocks remain; the tokens are the same', async () => {
    local = await createCodeHighlighter(defaultCodeThemes);
    const expected = await Promise.all(blocks.map(({ code, lang }) => local!.highlight(code, lang)));
    // A budget every worker exceeds: each batch but the last is a fresh worker's.
    const pool = new HighlightPool(defaultCodeThemes, { workers: 1, retireBytes: 1 });
    try {
      const tokens = await Promise.all(blocks.map(({ code, lang }) => pool.highlight(code, lang)));
      expect(tokens).toEqual(expected);
      // 60 blocks in batches of 24, 24 and 12: two replacements, none after the last batch.
      expect(pool.retired).toBe(2);
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
