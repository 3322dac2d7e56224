/**
 * Page files whose paths differ only in letter case (issue 13, item 20): they replace each other on a
 * case-insensitive file system and their URLs differ only in case, so each is an error naming both (two sources for what readers see as one URL).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { resolveNavigation } from '../../src/navigation/index.js';
import { DocsRoot } from '../../src/root/index.js';
import { removeTempRoots, tempRoot } from '../helpers/temp-root.js';

afterAll(removeTempRoots);

const docsJson = '{ "theme": "mint", "name": "Acme", "colors": { "primary": "#0D9373" }, "navigation": { "pages": ["index", "guides/setup"] } }';

function collisions(files: Record<string, string>): string[] {
  const root = DocsRoot.open(tempRoot({ 'docs.json': docsJson, ...files }))!;
  const { diagnostics } = resolveNavigation(loadConfig(root).value!, root);
  return diagnostics
    .filter((d) => d.code === 'navigation/case-collision')
    .map((d) => `${d.severity} ${d.code} ${d.file}:${d.line}:${d.column} ${d.message} [${(d.related ?? []).map((r) => r.file).join(', ')}]`);
}

describe('page files that differ only in letter case', () => {
  it('index.mdx beside Index.mdx: an error on the later file naming both', () => {
    expect(collisions({ 'index.mdx': '# a\n', 'Index.mdx': '# b\n', 'guides/setup.mdx': '# c\n' })).toEqual([
      'error navigation/case-collision index.mdx:1:1 "index.mdx" and "Index.mdx" differ only in letter case: on a case-insensitive file system (macOS, Windows) one replaces the other, and their URLs differ only in case [Index.mdx]',
    ]);
  });

  it('in folders and across extensions, every later file of a group, whether or not the navigation lists it', () => {
    expect(collisions({ 'index.mdx': '# a\n', 'guides/setup.mdx': '# c\n', 'Guides/Setup.md': '# d\n', 'GUIDES/setup.mdx': '# e\n' }).map((s) => s.replace(/ ".*\[/, ' ['))).toEqual([
      'error navigation/case-collision Guides/Setup.md:1:1 [GUIDES/setup.mdx]',
      'error navigation/case-collision guides/setup.mdx:1:1 [GUIDES/setup.mdx]',
    ]);
  });

  it('names that differ only in Unicode normalization (one file on macOS) collide too, and say so', () => {
    expect(collisions({ 'index.mdx': '# a\n', 'guides/setup.mdx': '# c\n', 'Caf\u00e9.mdx': '# d\n', 'Cafe\u0301.mdx': '# e\n' }).map((s) => s.replace(/ \[.*$/, ''))).toEqual([
      'error navigation/case-collision Caf\u00e9.mdx:1:1 "Caf\u00e9.mdx" and "Cafe\u0301.mdx" differ only in letter case or Unicode normalization: on a case-insensitive file system (macOS, Windows) one replaces the other, and their URLs differ only in case',
    ]);
  });

  it('the same page as .mdx and .md, or names that differ otherwise, are no collision', () => {
    expect(collisions({ 'index.mdx': '# a\n', 'index.md': '# b\n', 'guides/setup.mdx': '# c\n', 'guides/set-up.mdx': '# d\n' })).toEqual([]);
  });
});
