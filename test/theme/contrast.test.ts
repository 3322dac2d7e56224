import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrastRatio, dimmedText, mix, parseHex, readableText, textOn, toHex } from '../../src/theme/contrast.js';
import { readableColors, themeSurfaces } from '../../src/theme/layout/style.js';
import type { Site } from '../../src/manifest/types.js';

const rgb = (hex: string) => parseHex(hex)!;
const ratio = (a: string, b: string): number => contrastRatio(rgb(a), rgb(b));
const hexColor = fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 })).map((c) => toHex(c));

describe('contrast', () => {
  it('computes WCAG 2 contrast ratios', () => {
    expect(ratio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(ratio('#fff', '#fff')).toBe(1);
    // Mintlify's default brand green on white: short of AA for text.
    expect(ratio('#0D9373', '#ffffff')).toBeCloseTo(3.86, 2);
    expect(ratio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('reads only hex colors, as docs.json writes them', () => {
    expect(parseHex('#0D9373')).toEqual([13, 147, 115]);
    expect(parseHex('#abc')).toEqual([170, 187, 204]);
    for (const other of ['red', 'rgb(1,2,3)', '#12345', '#1234567', '', 'var(--x)']) expect(parseHex(other), other).toBeUndefined();
    expect(readableText('red', ['#ffffff'])).toBeUndefined();
    expect(readableText('#0D9373', ['transparent'])).toBeUndefined();
  });

  it('keeps a readable color as given, and shades one that is not just enough (same hue, 4.5:1 on every background and on its own tint)', () => {
    expect(readableText('#1d4ed8', ['#ffffff', '#f7f7f8'])).toBe('#1d4ed8');
    const shaded = readableText('#0D9373', ['#ffffff', '#f7f7f8'])!;
    expect(shaded).not.toBe('#0D9373');
    for (const ground of ['#ffffff', '#f7f7f8']) {
      expect(ratio(shaded, ground)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(rgb(shaded), mix(rgb(ground), rgb(shaded), 0.15))).toBeGreaterThanOrEqual(4.5);
    }
    // Only as far as needed: the previous step toward black was not enough.
    const [r, g, b] = rgb(shaded);
    expect(g).toBeGreaterThan(Math.max(r, b));
    expect(readableText('#07C983', themeSurfaces.dark)).toBe('#07C983');
    expect(ratio(readableText('#1d4ed8', themeSurfaces.dark)!, '#171a20')).toBeGreaterThanOrEqual(4.5);
  });

  it('gives text that reads at 4.5:1 for any color on any light or dark background', () => {
    fc.assert(
      fc.property(hexColor, hexColor, fc.constantFrom(0, 0.15), (color, background, tint) => {
        const text = readableText(color, [background], tint)!;
        const ground = rgb(background);
        // Where black or white can reach it: a mid-grey background (with a tint) leaves no text at 4.5:1.
        const reach = (end: [number, number, number]): number => Math.min(contrastRatio(end, ground), contrastRatio(end, mix(ground, end, tint)));
        if (Math.max(reach([0, 0, 0]), reach([255, 255, 255])) < 4.6) return;
        expect(contrastRatio(rgb(text), ground)).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(rgb(text), mix(ground, rgb(text), tint))).toBeGreaterThanOrEqual(4.5);
      }),
      { numRuns: 500 },
    );
  });

  it('dims text toward its background as far as it reads at 4.5:1 on every background, never further', () => {
    fc.assert(
      fc.property(hexColor, hexColor, hexColor, (color, background, other) => {
        const dimmed = dimmedText(color, [background, other])!;
        const reads = (text: string): boolean => [background, other].every((ground) => ratio(text, ground) >= 4.5);
        if (!reads(color)) return void expect(dimmed).toBe(color);
        expect(reads(dimmed)).toBe(true);
        // A 2% step toward the first background, and the next step would not read.
        const stepped = (k: number): string => toHex(mix(rgb(color), rgb(background), k / 50));
        const at = [...Array(50).keys()].filter((k) => stepped(k) === dimmed).pop();
        expect(at).toBeDefined();
        if (at! < 49 && stepped(at! + 1) !== dimmed) expect(reads(stepped(at! + 1))).toBe(false);
      }),
      { numRuns: 500 },
    );
    expect(dimmedText('#24292e', ['#ffffff'])).not.toBe('#24292e');
    // Just short of 4.5:1 on this green, and darker (so readable) a 2% step toward it: left as it is.
    expect(ratio('#470088', '#00b100')).toBeLessThan(4.5);
    expect(dimmedText('#470088', ['#00b100'])).toBe('#470088');
    expect(dimmedText('red', ['#ffffff'])).toBeUndefined();
  });

  it('puts white or near-black on a brand-colored button, whichever reads', () => {
    expect(textOn('#1d4ed8')).toBe('#ffffff');
    expect(textOn('#0D9373')).toBe('#111111');
    expect(textOn('#fde047')).toBe('#111111');
    expect(textOn('not a color')).toBeUndefined();
  });
});

describe('the theme colors', () => {
  const site = (colors: Site['colors'], background: Site['background'] = {}): Site => ({ colors, background }) as unknown as Site;

  it('gives the layout the readable shades of the brand colors, against the configured background when there is one', () => {
    const vars = readableColors(site({ primary: '#0D9373', light: '#07C983', dark: '#0D9373' }));
    expect(ratio(vars['--primary-text']!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(vars['--primary-light-text']).toBe('#07C983');
    expect(vars['--on-primary-dark']).toBe('#111111');
    const onCream = readableColors(site({ primary: '#0D9373', light: '#07C983', dark: '#0D9373' }, { color: { light: '#e0d4b0', dark: '#0f1115' } }));
    expect(ratio(onCream['--primary-text']!, '#e0d4b0')).toBeGreaterThanOrEqual(4.5);
    expect(ratio(vars['--primary-text']!, '#e0d4b0')).toBeLessThan(4.5);
  });

  it('knows the surfaces the stylesheet paints', () => {
    const css = readFileSync(new URL('../../src/theme/styles/layout.css', import.meta.url), 'utf8');
    const light = /\.docs-app \{[^}]*--surface: var\(--background-light, (#[0-9a-f]+)\);[^}]*--surface-raised: (#[0-9a-f]+);/.exec(css);
    const dark = /html\.dark \.docs-app \{[^}]*--surface: var\(--background-dark, (#[0-9a-f]+)\);[^}]*--surface-raised: (#[0-9a-f]+);/.exec(css);
    expect([light?.[1], light?.[2]]).toEqual([...themeSurfaces.light]);
    expect([dark?.[1], dark?.[2]]).toEqual([...themeSurfaces.dark]);
  });

  it('colors every HTTP method so that it reads on the page, on a raised surface and on its badge tint, light and dark', () => {
    const css = readFileSync(new URL('../../src/theme/styles/content.css', import.meta.url), 'utf8');
    const palette = (selector: string): Record<string, string> => {
      const block = new RegExp(`${selector} \\{([^}]*--db-method-[^}]*)\\}`).exec(css)?.[1] ?? '';
      return Object.fromEntries([...block.matchAll(/--db-method-(\w+): (#[0-9a-f]{6})/g)].map((m) => [m[1]!, m[2]!]));
    };
    for (const [mode, selector, grounds] of [['light', ':root', themeSurfaces.light], ['dark', 'html\\.dark', themeSurfaces.dark]] as const) {
      const colors = palette(selector);
      expect(Object.keys(colors).sort(), mode).toEqual(['delete', 'get', 'head', 'other', 'patch', 'post', 'put']);
      for (const [method, color] of Object.entries(colors)) {
        for (const ground of grounds) {
          expect(ratio(color, ground), `${mode} ${method} on ${ground}`).toBeGreaterThanOrEqual(4.5);
          expect(contrastRatio(rgb(color), mix(rgb(ground), rgb(color), 0.15)), `${mode} ${method} on its tint`).toBeGreaterThanOrEqual(4.5);
        }
      }
    }
  });
});
