import type { JsonValue } from '../diagnostics/index.js';
import type { NavNode } from '../manifest/types.js';
import type { SearchRecord } from '../theme/types.js';
import { pageHref } from '../theme/layout/urls.js';
import type { SiteSnapshot } from './compiler.js';
import { pageMarkdown, pageSearchRecords } from './text.js';

/*
 * The files of a site besides its pages, made from one snapshot, the same in dev and export: search
 * records, llms.txt and llms-full.txt, sitemap.xml, robots.txt, the `_redirects` file and the
 * redirects as data.
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

const recordsOf = new WeakMap<SiteSnapshot, SearchRecord[]>();

/** Pages readers find: published and not hidden. */
export function listedPages(snapshot: SiteSnapshot): string[] {
  return snapshot.pageIds().filter((id) => !snapshot.data.pages[id]!.hidden);
}

/** Search records of every page that is not hidden, in the manifest's page order. */
export function siteSearchRecords(snapshot: SiteSnapshot): SearchRecord[] {
  let records = recordsOf.get(snapshot);
  if (!records) {
    records = listedPages(snapshot).flatMap((id) => {
      const data = snapshot.page(id)!;
      return pageSearchRecords(data.page, data.content);
    });
    recordsOf.set(snapshot, records);
  }
  return records;
}

/** Page ids in navigation order (each once), then the published pages outside the navigation. */
function navigationSections(snapshot: SiteSnapshot): Array<{ title: string; pages: string[] }> {
  const sections: Array<{ title: string; pages: string[] }> = [];
  const seen = new Set<string>();
  const collect = (node: NavNode, into: string[]): void => {
    for (const id of [node.root, node.page]) {
      if (id !== undefined && !seen.has(id) && snapshot.has(id) && !snapshot.data.pages[id]!.hidden) {
        seen.add(id);
        into.push(id);
      }
    }
    node.children.forEach((child) => collect(child, into));
  };
  for (const node of snapshot.data.navigation) {
    const pages: string[] = [];
    collect(node, pages);
    if (pages.length > 0) sections.push({ title: node.label || 'Pages', pages });
  }
  const rest = listedPages(snapshot).filter((id) => !seen.has(id));
  if (rest.length > 0) sections.push({ title: 'Other pages', pages: rest });
  return sections;
}

/** A URL of the site: absolute with the site's URL, else a path under the base. */
function siteUrl(snapshot: SiteSnapshot, siteOrigin: string | undefined, pathUnderBase: string): string {
  return `${siteOrigin ?? ''}${snapshot.base}${pathUnderBase.replace(/^\//, '')}`;
}

const mdPath = (id: string): string => `${id}.md`;

/** llms.txt (llmstxt.org): the site's name and description, then every page by section with a link to its Markdown twin. */
export function llmsText(snapshot: SiteSnapshot, siteOrigin?: string): string {
  const { site } = snapshot.data;
  const lines = [`# ${site.name}`, ''];
  if (site.description) lines.push(`> ${site.description}`, '');
  for (const section of navigationSections(snapshot)) {
    lines.push(`## ${section.title}`, '');
    for (const id of section.pages) {
      const summary = snapshot.data.pages[id]!;
      lines.push(`- [${summary.title}](${siteUrl(snapshot, siteOrigin, mdPath(id))})${summary.description ? `: ${summary.description}` : ''}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

/** Every listed page's Markdown, in navigation order, without a size cap. */
export function llmsFullText(snapshot: SiteSnapshot, siteOrigin?: string): string {
  const parts: string[] = [];
  for (const section of navigationSections(snapshot)) {
    for (const id of section.pages) {
      const data = snapshot.page(id)!;
      parts.push(`${pageMarkdown(data.page, data.content).trimEnd()}\n\nSource: ${siteUrl(snapshot, siteOrigin, pageHref('/', id).slice(1))}\n`);
    }
  }
  return parts.join('\n---\n\n');
}

const xmlEscape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Whether `seo.indexing: "all"` asks for every page, not only those in the navigation. */
function indexesAll(snapshot: SiteSnapshot): boolean {
  const seo = snapshot.data.site.extra.seo;
  return typeof seo === 'object' && seo !== null && !Array.isArray(seo) && (seo as Record<string, JsonValue>).indexing === 'all';
}

/** Whether search engines are asked to skip the page (hidden, or outside the navigation unless `seo.indexing: all`). */
export function noindex(snapshot: SiteSnapshot, id: string): boolean {
  const summary = snapshot.data.pages[id];
  return !summary || summary.hidden || (!summary.inNavigation && !indexesAll(snapshot));
}

export function sitemapXml(snapshot: SiteSnapshot, siteOrigin?: string): string {
  const urls = snapshot
    .pageIds()
    .filter((id) => !noindex(snapshot, id))
    .map((id) => `<url><loc>${xmlEscape(siteUrl(snapshot, siteOrigin, pageHref('/', id).slice(1)))}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(snapshot: SiteSnapshot, siteOrigin?: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl(snapshot, siteOrigin, 'sitemap.xml')}\n`;
}

export interface Redirect {
  source: string;
  destination: string;
  permanent: boolean;
}

/** docs.json's `redirects`, the well-formed ones (the compiler reports the others). */
export function redirectsOf(snapshot: SiteSnapshot): Redirect[] {
  const list = snapshot.data.site.extra.redirects;
  if (!Array.isArray(list)) return [];
  const found: Redirect[] = [];
  for (const entry of list) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) continue;
    const { source, destination, permanent } = entry as Record<string, JsonValue>;
    if (typeof source !== 'string' || typeof destination !== 'string' || !source.startsWith('/')) continue;
    found.push({ source, destination, permanent: permanent !== false });
  }
  return found;
}

/** A destination under the base (external URLs stay as they are). */
function targetUrl(snapshot: SiteSnapshot, destination: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(destination) || destination.startsWith('//') ? destination : siteUrl(snapshot, undefined, destination);
}

/**
 * The `_redirects` file of Netlify and Cloudflare Pages: `:name*` wildcards become `*` and `:splat`,
 * other `:name` parameters stay (both hosts read them).
 */
export function redirectsFile(snapshot: SiteSnapshot): string {
  const lines = redirectsOf(snapshot).map(({ source, destination, permanent }) => {
    const wildcard = /:([A-Za-z0-9_]+)\*$/.exec(source);
    let from = source;
    let to = destination;
    if (wildcard) {
      from = source.slice(0, wildcard.index) + '*';
      to = destination.replace(`:${wildcard[1]}*`, ':splat');
    }
    return `${siteUrl(snapshot, undefined, from)} ${targetUrl(snapshot, to)} ${permanent ? 301 : 302}`;
  });
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

/** Redirects a static host can serve as HTML files: fixed sources (no parameters or wildcards) that are no page. */
export function htmlRedirects(snapshot: SiteSnapshot): Array<{ path: string; target: string }> {
  const fixed = (text: string): boolean => !/(^|\/):|\*/.test(text);
  return redirectsOf(snapshot)
    .map(({ source, destination }) => ({ path: source.replace(/^\/+|\/+$/g, ''), destination }))
    .filter(({ path, destination }) => path !== '' && fixed(path) && fixed(destination) && !snapshot.has(path))
    .map(({ path, destination }) => ({ path, target: targetUrl(snapshot, destination) }));
}
