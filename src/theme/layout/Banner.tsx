import { useEffect, useState, type ReactNode } from 'react';
import type { SiteData } from '../types.js';
import type { Branch } from './navigation.js';
import { bannerKey, bannerStorageKey } from './appearance.js';
import { bannerOf } from './settings.js';
import { linkHref } from './urls.js';

/*
 * The banner's `content` is "basic MDX": links, bold, italic and code spans are rendered; anything else
 * stays text (the compiler does not convert it, and the theme never parses MDX).
 */
const inlinePattern = /\[([^\][\n]+)\]\(([^)\s]+)\)|\*\*([^*\n]+)\*\*|__([^_\n]+)__|\*([^*\n]+)\*|_([^_\n]+)_|`([^`\n]+)`/g;

export function inlineMarkdown(text: string, base = '/'): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(inlinePattern)) {
    const at = match.index;
    if (at > last) out.push(text.slice(last, at));
    const [, label, href, strong1, strong2, em1, em2, code] = match;
    const key = out.length;
    if (label !== undefined && href !== undefined) out.push(<a key={key} href={linkHref(base, href)}>{label}</a>);
    else if (strong1 ?? strong2) out.push(<strong key={key}>{strong1 ?? strong2}</strong>);
    else if (em1 ?? em2) out.push(<em key={key}>{em1 ?? em2}</em>);
    else out.push(<code key={key}>{code}</code>);
    last = at + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function Banner({ data, branch }: { data: SiteData; branch: Branch }) {
  const banner = bannerOf(data.site, branch.divisions);
  const key = banner ? bannerKey(banner.content) : '';
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    try {
      setDismissed(window.localStorage.getItem(bannerStorageKey) === key);
    } catch {
      setDismissed(false);
    }
  }, [key]);
  if (!banner || (banner.dismissible && dismissed)) return null;
  const dismiss = (): void => {
    try {
      window.localStorage.setItem(bannerStorageKey, key);
    } catch {
      // Not remembered: hidden until the next page load.
    }
    setDismissed(true);
  };
  return (
    <div className={`banner banner-${banner.type ?? 'info'}`} data-testid="banner" role="region" aria-label="Announcement">
      <p className="banner-content">{inlineMarkdown(banner.content, data.base)}</p>
      {banner.dismissible && (
        <button type="button" className="banner-dismiss" data-testid="banner-dismiss" aria-label="Dismiss" onClick={dismiss}>×</button>
      )}
    </div>
  );
}
