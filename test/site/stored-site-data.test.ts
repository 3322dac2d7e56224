import { mkdirSync, readFileSync, symlinkSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/pipeline/build.js';
import type { BuildOptions, BuildResult } from '../../src/pipeline/index.js';
import { SiteCompiler } from '../../src/site/compiler.js';
import { readStoredSiteData } from '../../src/site/stored-site-data.js';
import { docsJsonWith, removeTempRoots, tempRoot } from '../helpers/temp-root.js';

afterAll(removeTempRoots);

const files = {
  'docs.json': docsJsonWith({ groups: [{ group: 'Start', pages: ['a', 'b'] }] }),
  'a.mdx': '---\ntitle: A\n---\n\nA.\n',
  'b.mdx': '---\ntitle: B\n---\n\nB.\n',
};

/** A compiler whose builds count the reads of their whole manifest. */
function countingCompiler(root: string, siteDataDir: string): { compiler: SiteCompiler; manifestReads: () => number } {
  let reads = 0;
  const runBuild = async (options: BuildOptions): Promise<BuildResult> => {
    const result = await build(options);
    const counted = Object.defineProperties({}, Object.getOwnPropertyDescriptors(result)) as BuildResult;
    Object.defineProperty(counted, 'manifest', { enumerable: true, get: () => (reads++, result.manifest) });
    return counted;
  };
  return { compiler: new SiteCompiler({ root, siteDataDir, runBuild }), manifestReads: () => reads };
}

describe('the site data a preview keeps for its next start', () => {
  it('is taken by the next start for the same manifest or a patch of it, without parsing the manifest; not for another one', async () => {
    const root = tempRoot(files);
    const dir = path.join(root, '.docs-build', 'vite');
    mkdirSync(dir, { recursive: true });
    const first = new SiteCompiler({ root, siteDataDir: dir });
    const shown = (await first.compile()).snapshot!;
    // Not kept before a page asked for it: keeping it must not parse the manifest.
    first.keepSiteData();
    expect(readStoredSiteData(dir, '/')).toBeUndefined();
    expect(shown.data.pages['a']?.title).toBe('A');
    first.keepSiteData();
    expect(readStoredSiteData(dir, '/')).toEqual({ manifestHash: shown.manifestHash, key: shown.siteKey });

    const same = countingCompiler(root, dir);
    const reused = (await same.compiler.compile()).snapshot!;
    expect(reused.siteKey).toBe(shown.siteKey);
    expect(reused.data).toEqual(shown.data);
    expect(same.manifestReads()).toBe(0);

    writeFileSync(path.join(root, 'a.mdx'), '---\ntitle: A\n---\n\nA, edited.\n');
    const patch = countingCompiler(root, dir);
    const patched = await patch.compiler.compile();
    expect(patched.result.patchedFrom?.manifestHash).toBe(shown.manifestHash);
    expect(patched.snapshot!.siteKey).toBe(shown.siteKey);
    expect(patch.manifestReads()).toBe(0);

    writeFileSync(path.join(root, 'b.mdx'), '---\ntitle: B renamed\n---\n\nB.\n');
    const renamed = countingCompiler(root, dir);
    const other = (await renamed.compiler.compile()).snapshot!;
    expect(other.data.pages['b']?.title).toBe('B renamed');
    expect(renamed.manifestReads()).toBeGreaterThan(0);
    // Kept again only when it changed.
    renamed.compiler.keepSiteData();
    expect(readStoredSiteData(dir, '/')?.manifestHash).toBe(other.manifestHash);
  }, 60_000);

  it('is not used for another base or docs-build, torn, edited, oversized, or through a link out of its folder', async () => {
    const root = tempRoot(files);
    const dir = path.join(root, '.docs-build', 'vite');
    mkdirSync(dir, { recursive: true });
    const compiler = new SiteCompiler({ root, siteDataDir: dir });
    expect((await compiler.compile()).snapshot!.siteKey).toBeDefined();
    compiler.keepSiteData();
    const file = path.join(dir, 'site-data.txt');
    const whole = readFileSync(file, 'utf8');
    expect(readStoredSiteData(dir, '/')).toBeDefined();
    expect(readStoredSiteData(dir, '/docs/')).toBeUndefined();
    const [header, key] = [whole.slice(0, whole.indexOf('\n')), whole.slice(whole.indexOf('\n') + 1)];
    writeFileSync(file, `${header.replace(/"version":"[^"]*"/, '"version":"0.0.0-other"')}\n${key}`);
    expect(readStoredSiteData(dir, '/')).toBeUndefined();
    writeFileSync(file, whole.slice(0, -10));
    expect(readStoredSiteData(dir, '/')).toBeUndefined();
    writeFileSync(file, `${header}\n${key.replace('"A"', '"Z"')}`);
    expect(readStoredSiteData(dir, '/')).toBeUndefined();
    writeFileSync(file, `not json\n${key}`);
    expect(readStoredSiteData(dir, '/')).toBeUndefined();
    writeFileSync(file, whole);
    truncateSync(file, 65 * 1024 * 1024);
    expect(readStoredSiteData(dir, '/')).toBeUndefined();
    unlinkSync(file);
    const outside = path.join(tempRoot({}), 'site-data.txt');
    writeFileSync(outside, whole);
    symlinkSync(outside, file);
    expect(readStoredSiteData(dir, '/')).toBeUndefined();
    unlinkSync(file);
    writeFileSync(file, whole);
    expect(readStoredSiteData(dir, '/')).toBeDefined();
  }, 60_000);
});
