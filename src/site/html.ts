import { metatagsOf } from './site-files.js';
import type { Site } from '../manifest/types.js';
import type { PageData } from '../theme/types.js';
import { appearanceScript } from '../theme/layout/appearance.js';
import { assetUrl } from '../theme/layout/urls.js';

/*
 * The HTML document around a rendered page, the same in dev and export: the appearance script runs in
 * <head> before the first paint (no light flash for a dark reader), the server-rendered page is in
 * `#docs-build-root`, and `#docs-build-page` tells the client entry which page to hydrate.
 */

export const rootElementId = 'docs-build-root';
export const pageElementId = 'docs-build-page';

export interface ShellInput {
  site: Site;
  base: string;
  /** The page shown; `undefined` for the not-found page. */
  page: PageData | undefined;
  pageId: string;
  /** renderToString of the App. */
  body: string;
  /** Stylesheets, module preloads (export) or nothing (dev: Vite injects its client). */
  head: string;
  /** The client entry's script tag. */
  scripts: string;
  /** `noindex` for pages the site asks search engines to skip. */
  noindex?: boolean;
  /** Absolute URL of the page when the site's URL is known (export with `--site-url` or docs.json's canonical URL). */
  canonical?: string;
  /** Dev: the key of the data rendered (entries/data-key.ts), so the client can tell a later build's modules. */
  dataKey?: string;
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => escapes[char]!);
}

/** JSON inside a <script> element: nothing in it can close the element or open a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function metaTags(site: Site): string {
  const metatags = metatagsOf(site);
  if (!metatags) return '';
  return Object.keys(metatags)
    .sort()
    // (`canonical` is the site's URL, which each page's canonical link is made from: no meta tag.)
    .filter((name) => typeof metatags[name] === 'string' && !/^(charset|viewport|canonical)$/i.test(name))
    .map((name) => `<meta name="${escapeHtml(name)}" content="${escapeHtml(metatags[name] as string)}">`)
    .join('');
}

function pageTitle(site: Site, page: PageData | undefined): string {
  const title = page?.page.title ?? 'Page not found';
  return title === site.name ? title : `${title} - ${site.name}`;
}

export function htmlShell(input: ShellInput): string {
  const { site, base, page } = input;
  const description = page?.page.description ?? site.description;
  const favicon = site.favicon ? `<link rel="icon" href="${escapeHtml(assetUrl(base, site.favicon.light))}">` : '';
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(pageTitle(site, page))}</title>`,
    description ? `<meta name="description" content="${escapeHtml(description)}">` : '',
    input.noindex ? '<meta name="robots" content="noindex">' : '',
    input.canonical ? `<link rel="canonical" href="${escapeHtml(input.canonical)}">` : '',
    metaTags(site),
    favicon,
    `<script>${appearanceScript(site)}</script>`,
    input.head,
  ].join('');
  const marker = `<script id="${pageElementId}" type="application/json">${scriptJson({ id: input.pageId, found: page !== undefined, ...(input.dataKey !== undefined ? { key: input.dataKey } : {}) })}</script>`;
  return `<!doctype html>\n<html lang="en"><head>${head}</head><body><div id="${rootElementId}">${input.body}</div>${marker}${input.scripts}</body></html>\n`;
}

/**
 * An HTML redirect for static hosts without a redirect file: a script that keeps the reader's query and
 * fragment (`/old#section` goes to `/new#section`, which a refresh drops), the refresh without
 * JavaScript, a canonical link, and a link.
 */
export function redirectHtml(target: string): string {
  const href = escapeHtml(target);
  const keep = `${target.includes('?') || target.includes('#') ? '' : '+location.search'}${target.includes('#') ? '' : '+location.hash'}`;
  // Only to a path or a web address: a `javascript:` destination would run, where a refresh refuses it.
  const script = /^(?:\/|https?:\/\/)/i.test(target) ? `<script>location.replace(${scriptJson(target)}${keep})</script>` : '';
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Redirecting</title><meta name="robots" content="noindex"><link rel="canonical" href="${href}">${script}<meta http-equiv="refresh" content="0; url=${href}"></head><body><a href="${href}">${href}</a></body></html>\n`;
}
