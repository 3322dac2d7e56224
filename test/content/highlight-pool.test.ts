import { afterAll, describe, expect, it } from 'vitest';
import { createCodeHighlighter, defaultCodeThemes, type CodeHighlighter } from '../../src/content/highlight.js';
import { spawnSync } from 'node:child_process';
import type { Worker } from 'node:worker_threads';
import { closeWarmPool, HighlightPool, keepWarmMs, releasePool, takePool } from '../../src/content/highlight-pool.js';

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

describe('a pool kept warm between runs', () => {
  const otherThemes = { light: 'min-light', dark: 'min-dark' };

  it('is taken again by the next run with the same themes: no worker starts', async () => {
    const first = takePool(defaultCodeThemes, { workers: 1 });
    const expected = await first.highlight('const kept = 1;', 'js');
    expect(first.started).toBe(1);
    await releasePool(first);
    const second = takePool(defaultCodeThemes, { workers: 1 });
    try {
      expect(second).toBe(first);
      expect(await second.highlight('const kept = 1;', 'js')).toEqual(expected);
      expect(second.started).toBe(1);
    } finally {
      await second.close();
    }
  }, 60_000);

  it('is not given to a run with other themes, and a pool holding more than the bound is closed, not kept', async () => {
    const pool = takePool(defaultCodeThemes, { workers: 1 });
    await pool.highlight('echo warm', 'bash');
    await releasePool(pool);
    const other = takePool(otherThemes, { workers: 1 });
    expect(other).not.toBe(pool);
    await other.highlight('echo other', 'bash');
    // A bound of one byte stands for a large site's worker: closed, and the warm pool is still the first.
    await releasePool(other, { keepBytes: 1 });
    expect(takePool(otherThemes, { workers: 1 })).not.toBe(other);
    const taken = takePool(defaultCodeThemes, { workers: 1 });
    expect(taken).toBe(pool);
    await taken.close();
  }, 60_000);

  it('waits with one worker, which a small run keeps to; a larger run starts the others again', async () => {
    const pool = takePool(defaultCodeThemes, { workers: 2 });
    await Promise.all(blocks.map(({ code, lang }) => pool.highlight(code, lang)));
    expect(pool.started).toBe(2);
    await releasePool(pool);
    const next = takePool(defaultCodeThemes, { workers: 2 });
    try {
      expect(next).toBe(pool);
      await next.highlight('echo small', 'bash');
      expect(next.started).toBe(2);
      await Promise.all(blocks.map(({ code, lang }) => next.highlight(`${code} # again`, lang)));
      expect(next.started).toBe(3);
    } finally {
      await next.close();
    }
  }, 60_000);

  it('is not handed out when its worker died while it waited, nor after the warm pool is closed', async () => {
    const pool = takePool(defaultCodeThemes, { workers: 1 });
    const expected = await pool.highlight('echo died', 'bash');
    await releasePool(pool);
    // The pool's worker ends as a crash would end it (the test reaches into the pool for it).
    await (pool as unknown as { workers: Worker[] }).workers[0]!.terminate();
    const next = takePool(defaultCodeThemes, { workers: 1 });
    expect(next).not.toBe(pool);
    expect(await next.highlight('echo died', 'bash')).toEqual(expected);
    await releasePool(next);
    await closeWarmPool();
    const after = takePool(defaultCodeThemes, { workers: 1 });
    expect(after).not.toBe(next);
    await after.close();
  }, 60_000);

  it('does not keep the process alive', () => {
    // A program that highlights once and releases the pool (kept warm) ends at once, not after the warm period.
    const script = [
      `const { takePool, releasePool, keepWarmMs } = await import(${JSON.stringify(new URL('../../src/content/highlight-pool.ts', import.meta.url).href)});`,
      `const themes = { light: 'github-light', dark: 'github-dark' };`,
      `const pool = takePool(themes, { workers: 1 });`,
      `await pool.highlight('echo 1', 'bash');`,
      `await releasePool(pool);`,
      `const kept = takePool(themes, { workers: 1 }) === pool;`,
      `await releasePool(pool);`,
      `console.log('kept', kept, keepWarmMs.run);`,
    ].join('\n');
    const started = performance.now();
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 25_000 });
    expect(child.stderr).toBe('');
    expect(child.stdout.trim()).toBe(`kept true ${keepWarmMs.run}`);
    expect(child.status).toBe(0);
    expect(performance.now() - started).toBeLessThan(keepWarmMs.run);
  }, 60_000);
});
