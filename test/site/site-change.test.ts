import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createDiagnostic } from '../../src/diagnostics/index.js';
import type { Manifest } from '../../src/manifest/types.js';
import { build } from '../../src/pipeline/build.js';
import { manifestSource, SiteCompiler, SiteSnapshot, siteChange } from '../../src/site/compiler.js';
import { BuildFiles, ContentCache } from '../../src/site/data.js';
import { docsJsonWith, removeTempRoots, tempRoot } from '../helpers/temp-root.js';

afterAll(removeTempRoots);

const threePages = {
  'docs.json': docsJsonWith({ groups: [{ group: 'Start', pages: ['a', 'b', 'c'] }] }),
  'a.mdx': '---\ntitle: A\n---\n\nA.\n',
  'b.mdx': '---\ntitle: B\n---\n\nB.\n',
  'c.mdx': '---\ntitle: C\n---\n\nC.\n',
};

describe('siteChange', () => {
  it('names the pages a patched build changed: its edited page, and a page it left alone whose diagnostics changed', async () => {
    const root = tempRoot(threePages);
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

  it("compares no page of a run that is the one shown or patched it (the one shown may be a manifest the patch changed in place)", async () => {
    const root = tempRoot(threePages);
    const compiler = new SiteCompiler({ root });
    const first = (await compiler.compile()).snapshot!;
    const compared = vi.spyOn(SiteSnapshot.prototype, 'samePage');
    try {
      const reused = await compiler.compile();
      expect(reused.result.manifestHash).toBe(first.manifestHash);
      expect(siteChange(first, reused.snapshot!, [])).toEqual({ reload: false, pages: [] });
      expect(compared).not.toHaveBeenCalled();
      writeFileSync(path.join(root, 'a.mdx'), readFileSync(path.join(root, 'a.mdx'), 'utf8').replace('A.', 'A, edited.'));
      const patched = await compiler.compile();
      expect(patched.result.patchedFrom?.pages).toEqual(['a']);
      expect(siteChange(reused.snapshot!, patched.snapshot!, ['a.mdx'])).toEqual({ reload: false, pages: ['a'] });
      expect(compared).not.toHaveBeenCalled();
    } finally {
      compared.mockRestore();
    }
  }, 60_000);

  it('a preview whose first run reused an earlier one, edited before anything asked for its site data, patches without reading the manifest the patch changed in place', async () => {
    const root = tempRoot(threePages);
    await new SiteCompiler({ root }).compile();
    // A new process: its first run is reused, and its manifest is read only when something asks.
    const compiler = new SiteCompiler({ root });
    const shown = (await compiler.compile()).snapshot!;
    expect(shown.hasSiteData).toBe(false);
    writeFileSync(path.join(root, 'b.mdx'), readFileSync(path.join(root, 'b.mdx'), 'utf8').replace('B.', 'B, edited.'));
    const patched = await compiler.compile();
    expect(patched.result.patchedFrom?.pages).toEqual(['b']);
    expect(siteChange(shown, patched.snapshot!, ['b.mdx'])).toEqual({ reload: false, pages: ['b'] });
    expect(JSON.stringify(patched.snapshot!.page('b')?.content)).toContain('B, edited.');
    expect(Object.keys(patched.snapshot!.data.pages).sort()).toEqual(['a', 'b', 'c']);
  }, 60_000);

  it('a save without an edit keeps the snapshot shown (no reload, even of docs.json), and the next edit is compared with it', async () => {
    const root = tempRoot(threePages);
    const compiler = new SiteCompiler({ root });
    const shown = (await compiler.compile()).snapshot!;
    expect(Object.keys(shown.data.pages)).toHaveLength(3);
    const later = new Date(Date.now() + 5000);
    for (const file of ['a.mdx', 'docs.json']) utimesSync(path.join(root, file), later, later);
    const saved = await compiler.compile();
    expect(saved.snapshot).toBe(shown);
    expect(siteChange(shown, saved.snapshot!, ['a.mdx', 'docs.json'])).toEqual({ reload: false, pages: [] });
    writeFileSync(path.join(root, 'a.mdx'), `${readFileSync(path.join(root, 'a.mdx'), 'utf8')}\n## New heading\n\ntext\n`);
    const edited = await compiler.compile();
    expect(siteChange(saved.snapshot!, edited.snapshot!, ['a.mdx'])).toEqual({ reload: false, pages: ['a'] });
  }, 60_000);

  it('reloads, without a throw, when the snapshot shown never read the manifest a rebuild then wrote over', async () => {
    const root = tempRoot(threePages);
    await new SiteCompiler({ root }).compile();
    const compiler = new SiteCompiler({ root });
    const shown = (await compiler.compile()).snapshot!;
    expect(shown.hasSiteData).toBe(false);
    // A new page in the navigation: the stages run again and write a new manifest over the one shown.
    writeFileSync(path.join(root, 'd.mdx'), '---\ntitle: D\n---\n\nD.\n');
    writeFileSync(path.join(root, 'docs.json'), docsJsonWith({ groups: [{ group: 'Start', pages: ['a', 'b', 'c', 'd'] }] }));
    const rebuilt = await compiler.compile();
    expect(rebuilt.result.patchedFrom).toBeUndefined();
    expect(siteChange(shown, rebuilt.snapshot!, ['d.mdx'])).toEqual({ reload: true, pages: [] });
  }, 60_000);
});

describe('ContentCache', () => {
  it("keeps a content file as a hash's content only when its bytes have that hash (a snapshot a rebuild replaced reads files the rebuild wrote again)", async () => {
    const root = tempRoot(threePages);
    const outFile = path.join(root, '.docs-build', 'manifest.json');
    const { manifest } = await build({ root, outFile, cache: false });
    const files = new BuildFiles(path.dirname(outFile), undefined);
    const page = manifest!.pages['b']!;
    const onDisk = path.join(path.dirname(outFile), page.content!.file);
    const original = readFileSync(onDisk);
    const cache = new ContentCache();
    // Rewritten by a later run (here: page c's content): read as it is, not kept as b's.
    writeFileSync(onDisk, readFileSync(path.join(path.dirname(outFile), manifest!.pages['c']!.content!.file)));
    expect(JSON.stringify(cache.read(page, files))).toContain('C.');
    writeFileSync(onDisk, original);
    expect(JSON.stringify(cache.read(page, files))).toContain('B.');
  }, 60_000);
});
