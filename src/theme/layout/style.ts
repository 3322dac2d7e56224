import type { CSSProperties } from 'react';
import type { FontSettings, Site } from '../../manifest/types.js';
import { assetUrl } from './urls.js';
import { readableText, textOn } from '../contrast.js';

/*
 * Colors, fonts and background as CSS variables on the layout's root element (styles/layout.css reads
 * them), plus @font-face rules for self-hosted fonts and stylesheet links for catalog fonts.
 */

type Generic = 'sans-serif' | 'serif' | 'monospace';

/** Families of the public web-font catalog that load without `source`, with their fallback kind. */
const fontCatalog: Record<string, Generic> = {
  'Inter': 'sans-serif', 'Roboto': 'sans-serif', 'Open Sans': 'sans-serif', 'Lato': 'sans-serif',
  'Montserrat': 'sans-serif', 'Poppins': 'sans-serif', 'Source Sans 3': 'sans-serif', 'Noto Sans': 'sans-serif',
  'Nunito': 'sans-serif', 'Raleway': 'sans-serif', 'Work Sans': 'sans-serif', 'IBM Plex Sans': 'sans-serif',
  'Fira Sans': 'sans-serif', 'DM Sans': 'sans-serif', 'Manrope': 'sans-serif', 'Geist': 'sans-serif',
  'Space Grotesk': 'sans-serif', 'Ubuntu': 'sans-serif', 'PT Sans': 'sans-serif', 'Rubik': 'sans-serif',
  'Outfit': 'sans-serif', 'Plus Jakarta Sans': 'sans-serif', 'Figtree': 'sans-serif', 'Karla': 'sans-serif',
  'Mulish': 'sans-serif', 'Barlow': 'sans-serif', 'Oswald': 'sans-serif', 'Lexend': 'sans-serif',
  'Merriweather': 'serif', 'Playfair Display': 'serif', 'Lora': 'serif', 'Source Serif 4': 'serif',
  'PT Serif': 'serif', 'Libre Baskerville': 'serif', 'Crimson Text': 'serif', 'Noto Serif': 'serif',
  'IBM Plex Mono': 'monospace', 'JetBrains Mono': 'monospace', 'Fira Code': 'monospace', 'Roboto Mono': 'monospace',
  'Geist Mono': 'monospace', 'Space Mono': 'monospace', 'Source Code Pro': 'monospace',
};

function genericOf(family: string): Generic {
  const known = fontCatalog[family];
  if (known) return known;
  if (/mono|code/i.test(family)) return 'monospace';
  return /serif/i.test(family) && !/sans/i.test(family) ? 'serif' : 'sans-serif';
}

/** `Acme Sans` -> `"Acme Sans", sans-serif`. */
export function fontFamilyValue(family: string): string {
  return `"${family.replace(/["\\]/g, '')}", ${genericOf(family)}`;
}

interface SiteFonts {
  body?: FontSettings;
  heading?: FontSettings;
}

export function siteFonts(site: Site): SiteFonts {
  const fonts = site.fonts;
  if (!fonts) return {};
  const base = fonts.family ? ({ ...fonts, family: fonts.family } as FontSettings) : undefined;
  // `body` and `heading` override the site font; a weight given only on the site font still applies.
  const weight = fonts.weight !== undefined ? { weight: fonts.weight } : {};
  const body = fonts.body ? { ...weight, ...fonts.body } : base;
  const heading = fonts.heading ? { ...weight, ...fonts.heading } : body;
  return { ...(body ? { body } : {}), ...(heading ? { heading } : {}) };
}

function cssString(value: string): string {
  return `"${value.replace(/["\\\n]/g, (c) => `\\${c === '\n' ? 'a ' : c}`)}"`;
}

/** `@font-face` rules for fonts with a `source` (hosted URL or docs-root file). */
export function fontFaceCss(site: Site, base: string): string {
  const { body, heading } = siteFonts(site);
  const seen = new Set<string>();
  const rules: string[] = [];
  for (const font of [body, heading]) {
    if (!font?.source) continue;
    const key = `${font.family}\u0000${font.source}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const format = font.format ?? (font.source.endsWith('.woff') ? 'woff' : 'woff2');
    const weight = font.weight !== undefined ? ` font-weight: ${font.weight};` : '';
    rules.push(`@font-face { font-family: ${cssString(font.family)}; src: url(${cssString(assetUrl(base, font.source))}) format(${cssString(format)});${weight} font-display: swap; }`);
  }
  return rules.join('\n');
}

/** Stylesheet URLs of catalog fonts (no `source`): the public catalog's CSS API. */
export function catalogFontLinks(site: Site): string[] {
  const { body, heading } = siteFonts(site);
  const urls = new Set<string>();
  for (const font of [body, heading]) {
    if (!font || font.source || !fontCatalog[font.family]) continue;
    const weight = font.weight !== undefined ? `:wght@${Math.round(font.weight)}` : '';
    urls.add(`https://fonts.googleapis.com/css2?family=${encodeURIComponent(font.family).replace(/%20/g, '+')}${weight}&display=swap`);
  }
  return [...urls];
}

function cssUrl(base: string, file: string): string {
  return `url(${cssString(assetUrl(base, file))})`;
}

/** The layout's surfaces (styles/layout.css: `--surface`, `--surface-raised`), light and dark, unless docs.json sets the background color. */
export const themeSurfaces = { light: ['#ffffff', '#f7f7f8'], dark: ['#0f1115', '#171a20'] } as const;

/**
 * The brand colors as they are used for text, shaded where they would not be readable (../contrast.ts):
 * `--primary-text` (links, current items; light mode), `--primary-light-text` (dark mode), and
 * `--on-primary-dark`, the text on buttons and banners in `colors.dark`.
 */
export function readableColors(site: Site): Record<string, string> {
  const background = site.background.color;
  const light = [background?.light ?? themeSurfaces.light[0], themeSurfaces.light[1]];
  const dark = [background?.dark ?? themeSurfaces.dark[0], themeSurfaces.dark[1]];
  const vars: Record<string, string> = {};
  const primaryText = readableText(site.colors.primary, light);
  const lightText = readableText(site.colors.light, dark);
  const onDark = textOn(site.colors.dark);
  if (primaryText) vars['--primary-text'] = primaryText;
  if (lightText) vars['--primary-light-text'] = lightText;
  if (onDark) vars['--on-primary-dark'] = onDark;
  return vars;
}

/** The CSS variables of the site's settings, set on the layout's root element. */
export function siteStyle(site: Site, base: string): CSSProperties {
  const vars: Record<string, string> = {
    '--primary': site.colors.primary,
    '--primary-light': site.colors.light,
    '--primary-dark': site.colors.dark,
  };
  Object.assign(vars, readableColors(site));
  const { body, heading } = siteFonts(site);
  if (body) vars['--font-body'] = fontFamilyValue(body.family);
  if (body?.weight !== undefined) vars['--font-body-weight'] = String(body.weight);
  if (heading) vars['--font-heading'] = fontFamilyValue(heading.family);
  if (heading?.weight !== undefined) vars['--font-heading-weight'] = String(heading.weight);
  const background = site.background;
  if (background.color?.light) vars['--background-light'] = background.color.light;
  if (background.color?.dark) vars['--background-dark'] = background.color.dark;
  if (background.image) {
    vars['--background-image-light'] = cssUrl(base, background.image.light);
    vars['--background-image-dark'] = cssUrl(base, background.image.dark);
  }
  return vars as CSSProperties;
}
