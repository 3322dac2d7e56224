import type { CSSProperties, ReactNode } from 'react';
import type { CodeMeta, HighlightedLines } from '../../../content/types.js';
import { Icon } from '../icons.js';
import { dimmedText, highlightTint, readableText } from '../../contrast.js';
import { CopyButton } from './copy.js';

type Token = HighlightedLines['lines'][number][number];

export interface CodeBlockProps {
  lang: string;
  meta?: CodeMeta;
  value: string;
  tokens?: HighlightedLines;
  /** Inside a CodeGroup or an example: the group shows the title, the block does not. */
  inGroup?: boolean;
  /** A title given by the caller rather than the meta (API examples). */
  title?: string;
}

/**
 * A fenced code block. Each token carries its light and dark color as CSS variables (`--shiki-light`,
 * `--shiki-dark`), so `html.dark` switches theme without re-rendering; without tokens the code is plain.
 */
export function CodeBlock({ lang, meta = {}, value, tokens, inGroup, title }: CodeBlockProps): ReactNode {
  const heading = title ?? meta.title;
  const classes = ['db-code', meta.wrap ? 'db-code-wrap' : '', meta.lines ? 'db-code-lines' : '', meta.focus?.length ? 'db-code-focus' : '']
    .filter(Boolean)
    .join(' ');
  const readable = tokens && readableTokenColors(tokens);
  return (
    <div className={classes} data-lang={lang || undefined} style={blockColors(tokens, readable, (meta.focus?.length ?? 0) > 0)}>
      {!inGroup && heading ? (
        <div className="db-code-title">
          {meta.icon ? <Icon icon={meta.icon} size={14} /> : null}
          <span>{heading}</span>
        </div>
      ) : null}
      <div className="db-code-body">
        <CopyButton text={value} />
        <pre className={tokens ? 'shiki' : 'db-plain'} tabIndex={0}>
          <code className={lang ? `language-${lang}` : undefined} dangerouslySetInnerHTML={{ __html: linesHtml(value, tokens, readable, meta) }} />
        </pre>
      </div>
    </div>
  );
}

function blockColors(tokens: HighlightedLines | undefined, readable: ReadableColors | undefined, focus: boolean): CSSProperties | undefined {
  if (!tokens || !readable) return undefined;
  const light = readable.light(tokens.light.foreground);
  const dark = readable.dark(tokens.dark.foreground);
  return {
    '--shiki-light': light,
    '--shiki-dark': dark,
    '--shiki-light-bg': tokens.light.background,
    '--shiki-dark-bg': tokens.dark.background,
    ...(focus ? { '--shiki-light-dim': dimColor(light, tokens.light), '--shiki-dark-dim': dimColor(dark, tokens.dark) } : {}),
  } as CSSProperties;
}

/**
 * The one color of the lines a `focus` block dims: its foreground faded as far as it reads at 4.5:1 on the
 * block and on a highlighted line. Fading by opacity (and a blur) left those lines at 2-3:1.
 */
function dimColor(foreground: string | undefined, theme: HighlightedLines['light']): string | undefined {
  const grounds = [theme.background, highlightTint(theme.background, theme.foreground)].filter((g): g is string => g !== undefined);
  return foreground === undefined ? undefined : dimmedText(foreground, grounds);
}

type ColorFix = (color: string) => string;
type ReadableColors = { light: ColorFix; dark: ColorFix };

/**
 * Token colors as shown: each readable (4.5:1) on the block's background and on a highlighted line's
 * tint of it, as Expressive Code does for Starlight. Highlighting themes hold colors that fall short
 * (github-light's red is 4.5:1 on white, 3.7:1 on a tinted line); those are shaded just enough.
 */
function readableTokenColors(tokens: HighlightedLines): ReadableColors {
  const fixFor = (theme: HighlightedLines['light']): ColorFix => {
    const grounds = [theme.background, highlightTint(theme.background, theme.foreground)].filter((g): g is string => g !== undefined);
    if (grounds.length < 2) return (color) => color;
    const key = `${grounds.join(' ')} `;
    return (color) => {
      let readable = readableTokenColor.get(key + color);
      if (readable === undefined) {
        // A site has a theme or two, so a handful of entries; the bound only guards against hostile tokens.
        if (readableTokenColor.size > 10_000) readableTokenColor.clear();
        readable = readableText(color, grounds, 0) ?? color;
        readableTokenColor.set(key + color, readable);
      }
      return readable;
    };
  };
  return { light: fixFor(tokens.light), dark: fixFor(tokens.dark) };
}

/** Shading a color takes up to fifty contrast checks: done once per color and background for the whole render (thousands of blocks). */
const readableTokenColor = new Map<string, string>();

/*
 * Lines are built as an HTML string: a page can hold thousands of tokens, and React elements with style
 * objects for each cost about 10 µs a token on the server (and as much again to hydrate); the string is
 * the same markup in a fraction of that, and React leaves it alone on hydration.
 */
function linesHtml(value: string, tokens: HighlightedLines | undefined, readable: ReadableColors | undefined, meta: CodeMeta): string {
  const highlight = new Set(meta.highlight ?? []);
  const focus = new Set(meta.focus ?? []);
  const lines = tokens && readable ? tokens.lines.map((line) => line.map((token) => tokenHtml(token, readable)).join('')) : trimmedLines(value).map(escapeHtml);
  let out = '';
  for (let index = 0; index < lines.length; index++) {
    const number = index + 1;
    const classes = `line${highlight.has(number) ? ' highlighted' : ''}${focus.has(number) ? ' focused' : ''}`;
    out += `<span class="${classes}" data-line="${number}">${lines[index]}${index < lines.length - 1 ? '\n' : ''}</span>`;
  }
  return out;
}

/** A block's trailing newline would make an empty last line. */
function trimmedLines(value: string): string[] {
  return value.replace(/\r?\n$/, '').split(/\r?\n/);
}

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => htmlEscapes[char]!);
}

/** Colors come from the highlighter's themes; anything but a plain color is dropped rather than put in a style. */
const safeColor = /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]+)$/;

function tokenHtml(token: Token, readable: ReadableColors): string {
  const [text, light, dark, fontStyle = 0] = token;
  let style = '';
  if (light && safeColor.test(light)) style += `--shiki-light:${readable.light(light)};`;
  if (dark && safeColor.test(dark)) style += `--shiki-dark:${readable.dark(dark)};`;
  if (fontStyle & 1) style += 'font-style:italic;';
  if (fontStyle & 2) style += 'font-weight:bold;';
  if (fontStyle & 4) style += 'text-decoration:underline;';
  return style ? `<span style="${style.slice(0, -1)}">${escapeHtml(text)}</span>` : escapeHtml(text);
}
