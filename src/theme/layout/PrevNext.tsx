import type { SiteData } from '../types.js';
import { pageHref } from './urls.js';

function label(data: SiteData, id: string): string {
  const page = data.pages[id];
  return page?.sidebarTitle ?? page?.title ?? id;
}

export function PrevNext({ data, prev, next }: { data: SiteData; prev?: string; next?: string }) {
  if (prev === undefined && next === undefined) return null;
  return (
    <nav className="prev-next" aria-label="Previous and next pages">
      {prev !== undefined && (
        <a className="prev-link" data-testid="prev-link" rel="prev" href={pageHref(data.base, prev)}>
          <span className="prev-next-hint">Previous</span>
          <span>{label(data, prev)}</span>
        </a>
      )}
      {next !== undefined && (
        <a className="next-link" data-testid="next-link" rel="next" href={pageHref(data.base, next)}>
          <span className="prev-next-hint">Next</span>
          <span>{label(data, next)}</span>
        </a>
      )}
    </nav>
  );
}
