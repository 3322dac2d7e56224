import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { iconFile, iconPathsIn } from '../../src/site/icons.js';

describe('iconPathsIn', () => {
  it('names each icon file of a page once', () => {
    const html = '<img src="/docs/_docs-build/icons/lucide/rocket.svg"><img src="/_docs-build/icons/fontawesome/solid/house.svg"><i src="/_docs-build/icons/lucide/rocket.svg">';
    expect(iconPathsIn(html)).toEqual(['lucide/rocket.svg', 'fontawesome/solid/house.svg']);
    expect(iconPathsIn('<p>no icon</p>')).toEqual([]);
  });

  it('keeps no page alive: the paths are copies, not slices of the page (the export keeps them for every page)', () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const pageOf = (n: number): string => `<main>${`<p>page ${n} text</p>`.repeat(60_000)}<img src="/_docs-build/icons/fontawesome/solid/circle-exclamation-${n}.svg"></main>`;
    gc();
    const before = process.memoryUsage().heapUsed;
    const kept: string[][] = [];
    for (let n = 0; n < 40; n++) kept.push(iconPathsIn(pageOf(n)));
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    expect(kept.flat()).toHaveLength(40);
    // 40 pages of ~1 MB each: held by slices they would be ~40 MB (and twice that as two-byte text).
    expect(grown).toBeLessThan(8 * 1024 * 1024);
  });
});

describe('iconFile', () => {
  const inPackage = (file: string | undefined, pkg: string): boolean => file !== undefined && file.split(path.sep).join('/').includes(`/node_modules/${pkg}/`);

  it("finds a name in the configured library's package", () => {
    expect(inPackage(iconFile('lucide/rocket.svg'), 'lucide-static')).toBe(true);
    expect(iconFile('fontawesome/solid/rocket.svg')).toMatch(/svgs[\\/]solid[\\/]rocket\.svg$/);
    // A brand asked for in the default style finds the brand.
    expect(iconFile('fontawesome/solid/github.svg')).toMatch(/svgs[\\/]brands[\\/]github\.svg$/);
  });

  it('looks up a name the library lacks in the other one: Pro names in Lucide, brands Lucide dropped in Font Awesome', () => {
    expect(inPackage(iconFile('fontawesome/solid/webhook.svg'), 'lucide-static')).toBe(true);
    expect(inPackage(iconFile('fontawesome/duotone/sparkles.svg'), 'lucide-static')).toBe(true);
    expect(iconFile('lucide/github.svg')).toMatch(/svgs[\\/]brands[\\/]github\.svg$/);
    expect(iconFile('lucide/slack.svg')).toMatch(/svgs[\\/]brands[\\/]slack\.svg$/);
  });

  it('gives nothing for a name no package has, or a path that is no icon name', () => {
    expect(iconFile('fontawesome/solid/books.svg')).toBeUndefined();
    expect(iconFile('lucide/no-such-icon-anywhere.svg')).toBeUndefined();
    expect(iconFile('lucide/../package.svg')).toBeUndefined();
    expect(iconFile('tabler/outline/rocket.svg')).toBeUndefined();
  });
});
