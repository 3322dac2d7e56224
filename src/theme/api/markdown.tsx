import { Fragment, type ReactNode } from 'react';
import { useContentEnv, withBase } from '../content/context.js';

/*
 * Field and response descriptions are Markdown strings in the manifest. The theme carries no Markdown
 * parser: it renders paragraphs, inline code, bold, italic and links, and shows anything else as text
 * (never as HTML, so a description cannot inject markup).
 */

const inlinePattern = /(`[^`]+`)|(\*\*[^*]+\*\*)|(\[[^\][]+\]\([^)\s]+\))|(\*[^*\s][^*]*\*|_[^_\s][^_]*_)/g;

function renderInline(text: string, base: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(inlinePattern)) {
    const [whole] = match;
    const index = match.index ?? 0;
    if (index > last) out.push(text.slice(last, index));
    out.push(inlineNode(whole, out.length, base));
    last = index + whole.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

function inlineNode(whole: string, key: number, base: string): ReactNode {
  if (whole.startsWith('`')) return <code key={key}>{whole.slice(1, -1)}</code>;
  if (whole.startsWith('**')) return <strong key={key}>{whole.slice(2, -2)}</strong>;
  if (whole.startsWith('[')) {
    const split = whole.indexOf('](');
    const href = whole.slice(split + 2, -1);
    const safe = /^(https?:|mailto:|\/|#|\.)/i.test(href) ? withBase(base, href) : undefined;
    return (
      <a key={key} href={safe}>
        {whole.slice(1, split)}
      </a>
    );
  }
  return <em key={key}>{whole.slice(1, -1)}</em>;
}

export function Markdown({ text, className }: { text: string; className?: string }): ReactNode {
  const { base } = useContentEnv();
  const paragraphs = text.split(/\n\s*\n/).map((part) => part.trim()).filter(Boolean);
  return (
    <div className={className ?? 'db-markdown'}>
      {paragraphs.map((paragraph, index) => (
        <p key={index}>
          {paragraph.split('\n').map((line, lineIndex) => (
            <Fragment key={lineIndex}>
              {lineIndex > 0 ? ' ' : null}
              {renderInline(line, base)}
            </Fragment>
          ))}
        </p>
      ))}
    </div>
  );
}
