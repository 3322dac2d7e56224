/**
 * Page files whose name no reference can name: a reference's `\` is a folder separator (`DocsRoot.resolve`),
 * so `back\slash.mdx` can be neither listed nor published. It is said once, at the file.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/pipeline/build.js';
import { docsJsonWith, removeTempRoots, tempRoot } from '../helpers/temp-root.js';

afterAll(removeTempRoots);

describe('a page file with a backslash in its name', () => {
  it('is a warning at the file, not a page; an entry naming it finds no file and suggests no name it cannot use', async () => {
    const root = tempRoot({ 'docs.json': docsJsonWith({ pages: ['index', 'back\\slash'] }), 'index.mdx': '---\ntitle: Home\n---\n\nHi.\n', 'back\\slash.mdx': '---\ntitle: Odd\n---\n\nHi.\n' });
    const result = await build({ root, cache: false });
    const shown = result.diagnostics.map((d) => `${d.severity} ${d.code} ${d.file}:${d.line}:${d.column}${d.suggestion ? ` (${d.suggestion})` : ''}`);
    expect(shown).toEqual([
      'warning navigation/unusable-file-name back\\slash.mdx:1:1 (rename the file without the backslash)',
      expect.stringMatching(/^error navigation\/page-not-found docs\.json:\d+:\d+$/),
    ]);
    expect(result.diagnostics.find((d) => d.code === 'navigation/unusable-file-name')?.message).toContain('"back\\slash.mdx" is not published');
    expect(result.diagnostics.some((d) => d.code === 'root/file-not-found')).toBe(false);
  });
});
