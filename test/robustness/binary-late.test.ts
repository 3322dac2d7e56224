import { afterAll, describe, expect, it } from 'vitest';
import { DocsRoot } from '../../src/root/index.js';
import { removeTempRoots, tempRoot } from '../helpers/temp-root.js';

afterAll(removeTempRoots);

describe('a NUL byte anywhere marks a file as binary (issue 13, item 19)', () => {
  it.each([
    ['at the start', 0],
    ['just past the first 8 KiB', 8_192],
    ['near the end of a 1 MB page', 1_000_000],
  ])('%s', (_name, at) => {
    const text = `${'# Title\n\n'.padEnd(at, 'x')}\u0000${'y'.repeat(100)}`;
    const root = DocsRoot.open(tempRoot({ 'page.mdx': text, 'docs.json': `{"a": "${'b'.repeat(at)}\u0000"}` }))!;
    expect(root.read('page.mdx')).toMatchObject({ ok: false, problem: { code: 'root/binary-file' } });
    expect(root.read('docs.json')).toMatchObject({ ok: false, problem: { code: 'root/binary-file' } });
    expect(root.hashOf('page.mdx')).toBe('');
  });

  it('a text file without NUL is text', () => {
    const root = DocsRoot.open(tempRoot({ 'page.mdx': `# Title\n\n${'x'.repeat(20_000)}\n` }))!;
    expect(root.read('page.mdx')).toMatchObject({ ok: true });
  });
});
