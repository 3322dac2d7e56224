import { useEffect, useState } from 'react';
import type { Page } from '../../manifest/types.js';
import type { TocEntry } from '../../content/types.js';

/** `pages[id].content.toc` of the manifest, read defensively (a page without content has none). */
export function tocOf(page: Page): TocEntry[] {
  const content: unknown = (page as { content?: unknown }).content;
  const toc: unknown = typeof content === 'object' && content !== null ? (content as { toc?: unknown }).toc : undefined;
  if (!Array.isArray(toc)) return [];
  return toc.filter((entry): entry is TocEntry => {
    const e = entry as Partial<TocEntry> | null;
    return typeof e === 'object' && e !== null && typeof e.id === 'string' && typeof e.text === 'string' && typeof e.depth === 'number';
  });
}

/** The id of the last heading scrolled past the top of the window (browser only). */
function useActiveHeading(ids: string[]): string | undefined {
  const [active, setActive] = useState<string | undefined>(undefined);
  const key = ids.join('\n');
  useEffect(() => {
    if (ids.length === 0) return undefined;
    let frame = 0;
    const update = (): void => {
      frame = 0;
      let current: string | undefined = ids[0];
      for (const id of ids) {
        const element = document.getElementById(id);
        if (element && element.getBoundingClientRect().top <= 96) current = id;
      }
      setActive(current);
    };
    const onScroll = (): void => {
      if (frame === 0) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
    // The ids are compared by value: a new array with the same headings keeps the listener.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return active;
}

export function Toc({ page }: { page: Page }) {
  const entries = tocOf(page).filter((entry) => entry.depth >= 2 && entry.depth <= 4);
  const active = useActiveHeading(entries.map((entry) => entry.id));
  if (entries.length === 0) return null;
  const top = Math.min(...entries.map((entry) => entry.depth));
  return (
    <nav className="toc" data-testid="toc" aria-label="On this page">
      <p className="toc-title">On this page</p>
      <ul role="list">
        {entries.map((entry, index) => (
          <li key={`${index}:${entry.id}`} style={{ paddingInlineStart: `${(entry.depth - top) * 0.75}rem` }}>
            <a
              className="toc-link"
              data-testid="toc-link"
              data-active={entry.id === active ? 'true' : undefined}
              aria-current={entry.id === active ? 'location' : undefined}
              href={`#${encodeURIComponent(entry.id)}`}
            >
              {entry.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
