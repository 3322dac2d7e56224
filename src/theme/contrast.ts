/*
 * Text that stays readable in the site's own colors. docs.json gives brand colors (`colors.primary`,
 * `light`, `dark`) that the theme uses for links, active items and buttons; many brand colors are too
 * light for text on white (Mintlify's default #0D9373 gives 3.9:1 on white, WCAG AA asks 4.5:1). The theme keeps
 * the brand's hue and moves its lightness only as far as the contrast needs.
 */

type Rgb = readonly [number, number, number];

/** `#rgb` or `#rrggbb` (docs.json's color format); undefined for anything else. */
export function parseHex(color: string): Rgb | undefined {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!match) return undefined;
  const hex = match[1]!.length === 3 ? [...match[1]!].map((c) => c + c).join('') : match[1]!;
  return [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16)) as unknown as Rgb;
}

export function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG 2 relative luminance. */
function luminance([r, g, b]: Rgb): number {
  const channel = (c: number): number => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2 contrast ratio of two colors, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `amount` (0-1) of `b` mixed into `a`, as CSS `color-mix(in srgb, ...)` does. */
export function mix(a: Rgb, b: Rgb, amount: number): Rgb {
  return [0, 1, 2].map((i) => a[i]! * (1 - amount) + b[i]! * amount) as unknown as Rgb;
}

const black: Rgb = [0, 0, 0];
const white: Rgb = [255, 255, 255];
/** The near-black used for text on light brand colors. */
const ink: Rgb = [17, 17, 17];

/** WCAG AA for body text. */
export const minimumContrast = 4.5;

/**
 * `color` as text on every one of `backgrounds`, also where the background is tinted with `tint` of the
 * text's own color (a badge, the current sidebar item): the color itself when it is readable, else the
 * nearest shade toward black (on light backgrounds) or white (on dark ones) that is. Undefined when a
 * color is not hex (the theme then uses it as given).
 */
export function readableText(color: string, backgrounds: readonly string[], tint = 0.15): string | undefined {
  const text = parseHex(color);
  const surfaces = backgrounds.map(parseHex);
  if (!text || surfaces.some((s) => s === undefined) || surfaces.length === 0) return undefined;
  const grounds = surfaces as Rgb[];
  // Toward whichever end the first background leaves more room to.
  const target = contrastRatio(black, grounds[0]!) >= contrastRatio(white, grounds[0]!) ? black : white;
  const readable = (candidate: Rgb): boolean => grounds.every((ground) => contrastRatio(candidate, ground) >= minimumContrast && contrastRatio(candidate, mix(ground, candidate, tint)) >= minimumContrast);
  if (readable(text)) return color;
  for (let step = 2; step <= 100; step += 2) {
    // Judged as written: the hex it becomes, rounded.
    const candidate = toHex(mix(text, target, step / 100));
    if (readable(parseHex(candidate)!)) return candidate;
  }
  return toHex(target);
}

/**
 * `color` faded toward the first of `backgrounds` as far as it still reads at 4.5:1 on every one of them:
 * the dimmest readable text (code outside a block's focused lines). The color itself when it does not
 * read to begin with; undefined when a color is not hex.
 */
export function dimmedText(color: string, backgrounds: readonly string[]): string | undefined {
  const text = parseHex(color);
  const grounds = backgrounds.map(parseHex);
  if (!text || grounds.length === 0 || grounds.some((ground) => ground === undefined)) return undefined;
  const readable = (candidate: Rgb): boolean => grounds.every((ground) => contrastRatio(candidate, ground!) >= minimumContrast);
  // Mixing in sRGB is not monotone in luminance: a color just short of 4.5:1 can pass it a step on, and
  // dimming was never meant to darken or brighten text that did not read.
  if (!readable(text)) return color;
  let dimmest = color;
  for (let step = 2; step < 100; step += 2) {
    // Judged as written: the hex it becomes, rounded.
    const candidate = toHex(mix(text, grounds[0]!, step / 100));
    if (!readable(parseHex(candidate)!)) break;
    dimmest = candidate;
  }
  return dimmest;
}

/** White or near-black, whichever reads better on `background` (a button or banner in a brand color). */
export function textOn(background: string): string | undefined {
  const ground = parseHex(background);
  if (!ground) return undefined;
  const onWhite = contrastRatio(white, ground);
  return onWhite >= minimumContrast || onWhite >= contrastRatio(ink, ground) ? toHex(white) : toHex(ink);
}

/** A highlighted code line's background: `tint` of the code's foreground over its background (content.css). */
export function highlightTint(background: string | undefined, foreground: string | undefined, tint = 0.08): string | undefined {
  const ground = background === undefined ? undefined : parseHex(background);
  const ink = foreground === undefined ? undefined : parseHex(foreground);
  return ground && ink ? toHex(mix(ground, ink, tint)) : undefined;
}
