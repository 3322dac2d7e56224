import { isJsonObject, type JsonObject, type JsonValue } from '../diagnostics/index.js';
import { holdsUnsafeCharacters, redirectAddress, RedirectTable, redirectSourceFile, withoutQueryOrFragment, type Redirect as TableRedirect } from '../links/index.js';
import { homePage } from '../theme/layout/navigation.js';
import { inSitemap, robotsNoindex } from '../theme/layout/settings.js';
import { pageHref, pagePath } from '../theme/layout/urls.js';
import type { SiteSnapshot } from './compiler.js';
import type { Site } from '../manifest/types.js';
import type { ClientRedirect } from '../theme/types.js';
import { boundedPath } from '../pipeline/content-output.js';
import { absoluteHttpUrl, trimSlashes } from '../fields/http.js';

/*
 * The files of a site besides its pages and the compiler's text projections, made from one snapshot,
 * the same in dev and export: sitemap.xml, robots.txt, the `_redirects` file and the redirects as data.
 */

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
  '.yaml': 'text/yaml; charset=utf-8',
  '.yml': 'text/yaml; charset=utf-8',
};

export function contentType(extension: string): string {
  return types[extension.toLowerCase()] ?? 'application/octet-stream';
}

/** A URL of the site: absolute under the site's public URL when it is known, else a path under the base. */
function siteUrl(snapshot: SiteSnapshot, publicRoot: string | undefined, pathUnderBase: string): string {
  return `${publicRoot ?? snapshot.base}${pathUnderBase.replace(/^\//, '')}`;
}

/** docs.json's `seo.metatags`, when it is an object. */
export function metatagsOf(site: Site): JsonObject | undefined {
  const seo = site.extra.seo;
  const metatags = isJsonObject(seo) ? seo.metatags : undefined;
  return isJsonObject(metatags) ? metatags : undefined;
}

/** docs.json's `seo.metatags.canonical`: the service's setting for the URL its site is published at. */
export function canonicalSetting(site: Site): JsonValue | undefined {
  return metatagsOf(site)?.canonical;
}

/**
 * The absolute URL the docs root is published at, ending in `/`: `--site-url`, else docs.json's
 * `seo.metatags.canonical`. A URL with a path is where the docs are (`https://example.com/docs`); a bare
 * origin serves them under the base. Undefined when neither is an absolute http(s) URL.
 */
export function publicRootUrl(base: string, siteUrl: string | undefined, site: Site): string | undefined {
  const canonical = canonicalSetting(site);
  const given = siteUrl ?? (typeof canonical === 'string' ? canonical : undefined);
  const url = given === undefined ? undefined : absoluteHttpUrl(given);
  if (!url) return undefined;
  if (url.pathname === '/') return `${url.origin}${base}`;
  return `${url.origin}${url.pathname}${url.pathname.endsWith('/') ? '' : '/'}`;
}

const xmlEscape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Whether the page's HTML asks crawlers not to index it (`robotsNoindex`: hidden, or `noindex: true`). */
export function noindex(snapshot: SiteSnapshot, id: string): boolean {
  return robotsNoindex(snapshot.data.site, snapshot.data.pages[id]);
}

/** The sitemap protocol wants absolute URLs: none without the site's public URL. */
export function sitemapXml(snapshot: SiteSnapshot, publicRoot: string | undefined): string | undefined {
  if (publicRoot === undefined) return undefined;
  const urls = snapshot
    .pageIds()
    .filter((id) => inSitemap(snapshot.data.site, snapshot.data.pages[id]))
    .map((id) => `<url><loc>${xmlEscape(siteUrl(snapshot, publicRoot, pageHref('/', id).slice(1)))}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Allows every crawler; names the sitemap when there is one (its URL must be absolute). */
export function robotsTxt(snapshot: SiteSnapshot, publicRoot: string | undefined): string {
  const sitemap = publicRoot === undefined ? '' : `\nSitemap: ${siteUrl(snapshot, publicRoot, 'sitemap.xml')}\n`;
  return `User-agent: *\nAllow: /\n${sitemap}`;
}

export interface Redirect {
  source: string;
  destination: string;
  permanent: boolean;
  /** Its index in docs.json's `redirects` (`/redirects/<index>`: where a problem with it is reported). */
  index: number;
}

/**
 * docs.json's `redirects`, the well-formed ones (the compiler reports the others): a source or
 * destination holding whitespace or a control character is never published, in `_redirects`, as an
 * HTML redirect or by the preview.
 */
function redirectsOf(site: Site): Redirect[] {
  const list = site.extra.redirects;
  if (!Array.isArray(list)) return [];
  const found: Redirect[] = [];
  list.forEach((entry, index) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return;
    const { source, destination, permanent } = entry as Record<string, JsonValue>;
    if (typeof source !== 'string' || typeof destination !== 'string' || !source.startsWith('/')) return;
    if (holdsUnsafeCharacters(source) || holdsUnsafeCharacters(destination)) return;
    found.push({ source, destination, permanent: permanent !== false, index });
  });
  return found;
}

/** A destination under the base (external URLs stay as they are). */
function targetUrl(base: string, destination: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(destination) || destination.startsWith('//') ? destination : `${base}${destination.replace(/^\//, '')}`;
}

/**
 * The redirects a static host can serve: those whose source has no query or fragment. A host never
 * sees a fragment (`/docs/#errors`: box has 4 such sources, dify-docs 6) and these hosts match no
 * query, and redirecting the path alone would take readers away from the page at it.
 */
function hostedRedirects(snapshot: SiteSnapshot): Redirect[] {
  return redirectsOf(snapshot.data.site).filter(({ source }) => withoutQueryOrFragment(source) === source);
}

/**
 * The `_redirects` file of Netlify and Cloudflare Pages (`hostedRedirects`): `:name*` wildcards become
 * `*` and `:splat`, other `:name` parameters stay (both hosts read them).
 */
export function redirectsFile(snapshot: SiteSnapshot): string {
  const lines = hostedRedirects(snapshot).map(({ source, destination, permanent }) => {
    const wildcard = /:([A-Za-z0-9_]+)\*$/.exec(source);
    let from = source;
    let to = destination;
    if (wildcard) {
      from = source.slice(0, wildcard.index) + '*';
      to = destination.replace(`:${wildcard[1]}*`, ':splat');
    }
    return `${siteUrl(snapshot, undefined, from)} ${targetUrl(snapshot.base, to)} ${permanent ? 301 : 302}`;
  });
  const root = rootTarget(snapshot);
  if (root?.implicit) lines.push(`${siteUrl(snapshot, undefined, '/')} ${root.url} 302`);
  // A page whose URL has a segment too long for a file name is written under a shortened path
  // (export.ts): hosts that read this file serve it at its URL all the same.
  for (const id of snapshot.pageIds()) {
    const served = pagePath(id);
    const file = boundedPath(served);
    if (file !== served) lines.push(`${siteUrl(snapshot, undefined, served)} ${siteUrl(snapshot, undefined, file)}/ 200`);
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

/** A redirect source or destination without parameters or wildcards. */
const isFixed = (text: string): boolean => !/(^|\/):|\*/.test(text);

/**
 * Redirects a static host can serve as HTML files (`<path>/index.html`): fixed sources (no parameters or
 * wildcards) that are no page's URL. `index` is the redirect's in docs.json. Whether the file can be
 * written (no other file of the export is at its path) is the export's to decide (export.ts).
 */
export function htmlRedirects(snapshot: SiteSnapshot): Array<{ path: string; target: string; index: number }> {
  return hostedRedirects(snapshot)
    .filter(({ source }) => isFixed(source))
    .map(({ source, destination, index }) => ({ path: redirectSourceFile(source) ?? '', destination, index }))
    // (A source too long for a file name, or that no file can stand for, has its line in `_redirects` only.)
    .filter(({ path, destination }) => path !== '' && isFixed(destination) && !snapshot.has(path) && !snapshot.has(`${path}/index`) && boundedPath(path) === path)
    .map(({ path, destination, index }) => ({ path, target: targetUrl(snapshot.base, destination), index }));
}

/**
 * Where the site's root URL goes when the site has no `index` page: docs.json's redirect of `/` when it
 * has a fixed one (written as `index.html` then), else the first page of the navigation, as the service
 * does (`implicit`). Undefined for a site with an `index` page, or with no page to go to.
 */
export function rootTarget(snapshot: SiteSnapshot): { url: string; implicit: boolean; index?: number } | undefined {
  if (snapshot.has('index')) return undefined;
  const explicit = hostedRedirects(snapshot).find(({ source }) => trimSlashes(source) === '');
  if (explicit) return isFixed(explicit.destination) ? { url: targetUrl(snapshot.base, explicit.destination), implicit: false, index: explicit.index } : undefined;
  const home = homePage(snapshot.data.navigation, snapshot.data.pages);
  return home === undefined ? undefined : { url: pageHref(snapshot.base, home), implicit: true };
}

/**
 * The redirects only the reader's browser can follow (`hostedRedirects` leaves them out): sources with a
 * fragment, which no server sees (`/docs/#errors`, box and dify-docs), or with a query, which static
 * hosts do not match. Fixed sources only. A chain of them is followed here with the matcher the browser
 * uses (`RedirectTable.matchAddress`), so the browser takes one step; a loop is dropped (the compiler
 * reports it), and so is a source an earlier one takes (it never wins, there or here).
 */
export function clientRedirects(site: Site, base: string): ClientRedirect[] {
  const table = new RedirectTable(redirectsOf(site));
  const next = (redirect: TableRedirect): TableRedirect | undefined => {
    const to = redirectAddress(redirect.destination);
    return to && table.matchAddress(`/${to.path}`, to.query, to.fragment)?.compiled.redirect;
  };
  const found: ClientRedirect[] = [];
  for (const { compiled, address } of table.addressed) {
    if (table.matchAddress(`/${address.path}`, address.query, address.fragment)?.compiled !== compiled) continue;
    let last = compiled.redirect;
    const seen = new Set([last]);
    for (let step = next(last); step !== undefined && !seen.has(step); step = next(last)) seen.add((last = step));
    if (next(last) !== undefined || !isFixed(last.destination)) continue;
    found.push({ from: address, to: targetUrl(base, last.destination) });
  }
  return found;
}

const redirectTables = new WeakMap<object, RedirectTable>();

/**
 * Where the preview sends a path that is no page (a decoded path under the base): docs.json's first
 * matching redirect, as the link checker reads them, or the root's target. Always a temporary redirect:
 * a browser keeps a permanent one after the settings change. A source with a query or fragment is the
 * browser's to follow (`clientRedirects`), as in the export: the path alone is no redirect.
 */
export function previewRedirect(snapshot: SiteSnapshot, pathUnderBase: string): string | undefined {
  const path = `/${trimSlashes(pathUnderBase)}`;
  if (path === '/') {
    const root = rootTarget(snapshot);
    if (root) return root.url;
  }
  let table = redirectTables.get(snapshot.data);
  if (!table) redirectTables.set(snapshot.data, (table = new RedirectTable(hostedRedirects(snapshot))));
  const match = table.match(path);
  return match && trimSlashes(match.destination) !== trimSlashes(path) ? targetUrl(snapshot.base, match.destination) : undefined;
}
