import { afterAll, describe, expect, it } from 'vitest';
import { createDiagnostic } from '../../src/diagnostics/index.js';
import type { Manifest } from '../../src/manifest/types.js';
import { build } from '../../src/pipeline/build.js';
import { manifestSource, SiteSnapshot, siteChange } from '../../src/site/compiler.js';
import { BuildFiles, ContentCache } from '../../src/site/data.js';
import { docsJsonWith, removeTempRoots, tempRoot } from '../helpers/temp-root.js';

afterAll(removeTempRoots);

describe('siteChange', () => {
  it('names the pages a patched build changed: its edited page, and a page it left alone whose diagnostics changed', async () => {
    const root = tempRoot({
      'docs.json': docsJsonWith({ groups: [{ group: 'Start', pages: ['a', 'b', 'c'] }] }),
      'a.mdx': '---\ntitle: A\n---\n\nA.\n',
      'b.mdx': '---\ntitle: B\n---\n\nB.\n',
      'c.mdx': '---\ntitle: C\n---\n\nC.\n',
    });
    const { manifest, diagnostics } = await build({ root, cache: false });
    const snapshot = (pages: Manifest, found = diagnostics): SiteSnapshot => new SiteSnapshot(manifestSource(pages), [...found], new ContentCache(), new BuildFiles(root, undefined), '/');
    const before = snapshot(manifest!);
    // A patch shares the entries of the pages it did not touch and makes a new one for the edited page.
    const patched: Manifest = { ...manifest!, pages: { ...manifest!.pages, a: { ...manifest!.pages['a']!, contentHash: 'f'.repeat(64) } } };
    expect(siteChange(before, snapshot(patched), ['a.mdx'])).toEqual({ reload: false, pages: ['a'] });
    // Same entries, but a diagnostic at b.mdx appeared: b's module holds its diagnostics.
    const warned = [...diagnostics, createDiagnostic('links/broken-link', 'a link to /nowhere', { file: 'b.mdx', line: 5, column: 1 })];
    expect(siteChange(before, snapshot(patched, warned), ['a.mdx'])).toEqual({ reload: false, pages: ['a', 'b'] });
  }, 60_000);
});
