import { type CSSProperties, type ReactNode } from 'react';
import type { CodeMeta, HighlightedLines } from '../../../content/types.js';
import { Icon } from '../icons.js';
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
  return (
    <div className={classes} data-lang={lang || undefined} style={blockColors(tokens)}>
      {!inGroup && heading ? (
        <div className="db-code-title">
          {meta.icon ? <Icon icon={meta.icon} size={14} /> : null}
          <span>{heading}</span>
        </div>
      ) : null}
      <div className="db-code-body">
        <CopyButton text={value} />
        <pre className={tokens ? 'shiki' : 'db-plain'} tabIndex={0}>
          <code className={lang ? `language-${lang}` : undefined}>{renderLines(value, tokens, meta)}</code>
        </pre>
      </div>
    </div>
  );
}

function blockColors(tokens: HighlightedLines | undefined): CSSProperties | undefined {
  if (!tokens) return undefined;
  return {
    '--shiki-light': tokens.light.foreground,
    '--shiki-dark': tokens.dark.foreground,
    '--shiki-light-bg': tokens.light.background,
    '--shiki-dark-bg': tokens.dark.background,
  } as CSSProperties;
}

function renderLines(value: string, tokens: HighlightedLines | undefined, meta: CodeMeta): ReactNode[] {
  const highlight = new Set(meta.highlight ?? []);
  const focus = new Set(meta.focus ?? []);
  const lines: ReactNode[][] = tokens ? tokens.lines.map((line) => line.map(renderToken)) : trimmedLines(value).map((line) => [line]);
  return lines.map((content, index) => {
    const number = index + 1;
    const classes = ['line', highlight.has(number) ? 'highlighted' : '', focus.has(number) ? 'focused' : ''].filter(Boolean).join(' ');
    return (
      <span key={number} className={classes} data-line={number}>
        {content}
        {index < lines.length - 1 ? '\n' : null}
      </span>
    );
  });
}

/** A block's trailing newline would make an empty last line. */
function trimmedLines(value: string): string[] {
  return value.replace(/\r?\n$/, '').split(/\r?\n/);
}

function renderToken(token: Token, index: number): ReactNode {
  const [text, light, dark, fontStyle = 0] = token;
  const style: Record<string, string> = {};
  if (light) style['--shiki-light'] = light;
  if (dark) style['--shiki-dark'] = dark;
  if (fontStyle & 1) style.fontStyle = 'italic';
  if (fontStyle & 2) style.fontWeight = 'bold';
  if (fontStyle & 4) style.textDecoration = 'underline';
  if (Object.keys(style).length === 0) return text;
  return (
    <span key={index} style={style as CSSProperties}>
      {text}
    </span>
  );
}
