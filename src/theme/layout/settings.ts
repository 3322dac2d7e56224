import type { NavNode, Site } from '../../manifest/types.js';
import type { PageSummary } from '../types.js';

/*
 * The site settings docs-build passes through unchanged (`site.extra`: navbar, footer, banner, search),
 * read defensively: the manifest keeps them as written, and a language may override navbar, footer and
 * banner.
 */

type Json = unknown;

function record(value: Json): Record<string, Json> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, Json>) : undefined;
}

function text(value: Json): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function list(value: Json): Json[] {
  return Array.isArray(value) ? value : [];
}

/*
 * What a page offers to search, sitemaps and crawlers, as the service's own table ("Hidden pages",
 * mintlify-docs) has it:
 *
 * | page                                  | site search | sitemap | robots noindex |
 * |---------------------------------------|-------------|---------|----------------|
 * | `hidden: true`                        | no          | no      | yes            |
 * | not in the navigation                 | no          | no      | no             |
 * | only under hidden nodes (not `searchable: true`) | no | no   | no             |
 * | `noindex: true`                       | no          | no      | yes            |
 * | `searchable: false`                   | no          | yes     | no             |
 * | docs.json `seo.indexing: "all"`       | the first three rows are offered (`noindex: true` still is not) |
 */

function indexesAll(site: Site): boolean {
  return record(site.extra['seo'])?.['indexing'] === 'all';
}

/** Whether a page is in the sitemap (a page that is not stays published at its URL). */
export function inSitemap(site: Site, page: PageSummary | undefined): boolean {
  if (!page || page.noindex) return false;
  return indexesAll(site) || (!page.hidden && page.inNavigation && !page.navigationHidden);
}

/** Whether the site's search finds a page. */
export function inSiteSearch(site: Site, page: PageSummary | undefined): boolean {
  return inSitemap(site, page) && page!.searchable !== false;
}

/** Whether a page's HTML asks crawlers not to index it (`<meta name="robots" content="noindex">`). */
export function robotsNoindex(site: Site, page: PageSummary | undefined): boolean {
  if (!page) return true;
  return page.noindex === true || (page.hidden && !indexesAll(site));
}

export interface LinkSetting {
  label: string;
  href: string;
  icon?: Json;
  type?: string;
}

export interface NavbarSetting {
  links: LinkSetting[];
  primary?: LinkSetting;
}

export interface FooterSetting {
  socials: Array<{ platform: string; href: string }>;
  columns: Array<{ header?: string; items: LinkSetting[] }>;
}

export interface BannerSetting {
  content: string;
  dismissible: boolean;
  type?: string;
}

const typeLabels: Record<string, string> = { github: 'GitHub', discord: 'Discord', button: 'Open' };

function linkOf(value: Json): LinkSetting | undefined {
  const item = record(value);
  const href = text(item?.['href']);
  if (!item || href === undefined) return undefined;
  const type = text(item['type']);
  const label = text(item['label']) ?? (type ? typeLabels[type] : undefined) ?? href;
  return { label, href, ...(item['icon'] !== undefined ? { icon: item['icon'] } : {}), ...(type ? { type } : {}) };
}

/** A setting of the current language when it has one, else the site's. */
function setting(site: Site, divisions: NavNode[], key: string): Json {
  const language = divisions.find((node) => node.kind === 'language' && node.extra?.[key] !== undefined);
  return language?.extra?.[key] ?? site.extra[key];
}

export function navbarOf(site: Site, divisions: NavNode[] = []): NavbarSetting {
  const navbar = record(setting(site, divisions, 'navbar'));
  const links = list(navbar?.['links']).map(linkOf).filter((link): link is LinkSetting => link !== undefined);
  const primary = linkOf(navbar?.['primary']);
  return { links, ...(primary ? { primary } : {}) };
}

export function footerOf(site: Site, divisions: NavNode[] = []): FooterSetting {
  const footer = record(setting(site, divisions, 'footer'));
  const socials = Object.entries(record(footer?.['socials']) ?? {})
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([platform, href]) => ({ platform, href }));
  const columns = list(footer?.['links']).flatMap((column) => {
    const entry = record(column);
    if (!entry) return [];
    const items = list(entry['items']).map(linkOf).filter((link): link is LinkSetting => link !== undefined);
    const header = text(entry['header']);
    return [{ ...(header ? { header } : {}), items }];
  });
  return { socials, columns };
}

export function bannerOf(site: Site, divisions: NavNode[] = []): BannerSetting | undefined {
  const banner = record(setting(site, divisions, 'banner'));
  const content = text(banner?.['content']);
  if (!banner || !content) return undefined;
  const type = text(banner['type']);
  return { content, dismissible: banner['dismissible'] === true, ...(type ? { type } : {}) };
}

export function searchPromptOf(site: Site): string {
  return text(record(site.extra['search'])?.['prompt']) ?? 'Search...';
}

/**
 * A page's layout by its frontmatter `mode` (the service's "Page mode"): `wide` drops the table of
 * contents; `center` the sidebar and the table of contents, and centres the page; `custom` keeps only the
 * header (a blank canvas: no sidebar, title, table of contents, previous/next or footer); `frame` is
 * `custom` with the sidebar. Anything else (no mode, `default`, `assistant`: there is no assistant here)
 * is the standard layout.
 */
export type PageMode = 'default' | 'wide' | 'center' | 'custom' | 'frame';

export function pageModeOf(frontmatter: Record<string, unknown> | undefined): PageMode {
  const mode = frontmatter?.mode;
  return mode === 'wide' || mode === 'center' || mode === 'custom' || mode === 'frame' ? mode : 'default';
}
