import { compareCodeUnits } from '../diagnostics/index.js';
import type { Manifest, NavNode } from '../manifest/types.js';
import { trimTrailingSlashes } from '../fields/http.js';

/**
 * llms.txt and llms-full.txt (https://llmstxt.org; docs/content.md, "Text projections"):
 *
 * - llms.txt: `# <site name>`, `> <site description>`, then one `## ` section per navigation group (its
 *   label path, `Tab > Group`, when divisions or nested groups enclose it) listing
 *   `- [Title](/page.md): description` for each page in navigation order. Hidden pages (or pages under
 *   a hidden node that does not say `searchable: true`), frontmatter `noindex: true` pages, pages
 *   without a twin and pages outside the navigation are left out, as the service does; docs.json
 *   `seo.indexing: "all"` puts hidden listed pages back.
 * - llms-full.txt: the twins of the same pages, in navigation order, each followed by its URL on a
 *   `Source:` line under its title; with `seo.indexing: "all"` the pages outside the navigation follow
 *   in page-id order (code units). The pages left out of it are named in `leftOut`.
 *
 * No size cap: the files are as large as the site. Deterministic: the same manifest and twins give the
 * same bytes.
 */
export function llmsTxt(
  manifest: Pick<Manifest, 'site' | 'navigation' | 'pages'>,
  twins: ReadonlyMap<string, string> | Readonly<Record<string, string>>,
  options: { baseUrl?: string } = {},
): { llmsTxt: string; llmsFullTxt: string; leftOut: string[] } {
  const twinOf = (id: string): string | undefined => (twins instanceof Map ? twins.get(id) : Object.hasOwn(twins, id) ? (twins as Record<string, string>)[id] : undefined);
  const url = (id: string): string => twinUrl(id, options.baseUrl);
  const sections = navigationSections(manifest.navigation);
  const offered = offeredPages(manifest, sections);
  return {
    llmsTxt: index(manifest, sections, offered, twinOf, url),
    ...full(manifest, offered, twinOf, url),
  };
}

interface Section {
  heading: string;
  pages: string[];
  /** Pages under a hidden navigation node (`hiddenBelow`): offered to agents only with `seo.indexing: "all"`. */
  hidden: Set<string>;
}

/**
 * Whether what lies below `node` is kept from search, sitemaps and agents: it is hidden or under a hidden
 * node, unless a node on the way says `searchable: true` (the service's rule; the site data's summaries
 * follow it too).
 */
export function hiddenBelow(node: NavNode, hiddenAbove: boolean): boolean {
  return node.extra?.['searchable'] === true ? false : hiddenAbove || node.hidden === true;
}

/**
 * Pages in navigation order, grouped by the label path of the groups and divisions around them. A page
 * listed twice counts where it first appears; consecutive pages with the same path share a section.
 */
function navigationSections(navigation: NavNode[]): Section[] {
  const sections: Section[] = [];
  const seen = new Set<string>();
  const stack: Array<{ node: NavNode; path: string[]; hidden: boolean }> = navigation.map((node) => ({ node, path: [], hidden: false })).reverse();
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { node, path } = item;
    const hidden = hiddenBelow(node, item.hidden);
    const pageId = node.kind === 'page' ? node.page : node.root;
    const ownPath = node.kind === 'page' ? path : [...path, node.label.trim()].filter(Boolean);
    if (pageId !== undefined && !seen.has(pageId)) {
      seen.add(pageId);
      addPage(sections, node.kind === 'page' ? path : ownPath, pageId, hidden);
    }
    for (let i = node.children.length - 1; i >= 0; i--) stack.push({ node: node.children[i] as NavNode, path: ownPath, hidden });
  }
  return sections;
}

function addPage(sections: Section[], path: string[], page: string, hidden: boolean): void {
  const heading = path.join(' > ') || 'Pages';
  let last = sections[sections.length - 1];
  if (!last || last.heading !== heading) {
    last = { heading, pages: [], hidden: new Set() };
    sections.push(last);
  }
  last.pages.push(page);
  if (hidden) last.hidden.add(page);
}

/** docs.json `seo.indexing: "all"`: hidden pages are offered as listed ones. */
function indexesAll(site: Manifest['site']): boolean {
  const seo = site.extra?.['seo'];
  return typeof seo === 'object' && seo !== null && !Array.isArray(seo) && seo['indexing'] === 'all';
}

/**
 * The pages offered to agents, in order (the service's table, docs/theme.md "Search"): listed pages
 * not hidden (nor under a hidden node that does not say `searchable: true`), and with `seo.indexing:
 * "all"` every page; never a frontmatter `noindex: true` page.
 */
function offeredPages(manifest: Pick<Manifest, 'site' | 'pages'>, sections: Section[]): string[] {
  const all = indexesAll(manifest.site);
  const noindex = (id: string): boolean => manifest.pages[id]?.frontmatter?.['noindex'] === true;
  const listed = sections.flatMap((section) => section.pages.filter((id) => manifest.pages[id] && !noindex(id) && (all || (!section.hidden.has(id) && !manifest.pages[id].hidden))));
  if (!all) return listed;
  const seen = new Set(sections.flatMap((section) => section.pages));
  const others = Object.keys(manifest.pages)
    .filter((id) => !seen.has(id) && !noindex(id))
    .sort(compareCodeUnits);
  return [...listed, ...others];
}

function index(manifest: Pick<Manifest, 'site' | 'pages'>, sections: Section[], offered: readonly string[], twinOf: (id: string) => string | undefined, url: (id: string) => string): string {
  const lines = [`# ${oneLine(manifest.site.name)}`, ''];
  if (manifest.site.description) lines.push(`> ${oneLine(manifest.site.description)}`, '');
  const listed = new Set(offered);
  for (const section of sections) {
    const entries = section.pages.filter((id) => listed.has(id) && twinOf(id) !== undefined);
    if (entries.length === 0) continue;
    lines.push(`## ${oneLine(section.heading)}`, '');
    for (const id of entries) {
      const page = manifest.pages[id]!;
      const description = page.description ? `: ${oneLine(page.description)}` : '';
      lines.push(`- [${linkText(page.title)}](${url(id)})${description}`);
    }
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/**
 * Where a page's twin is served: `<id>.md` under the base, each path segment URL-encoded (`a b` ->
 * `a%20b.md`, `q?x` -> `q%3Fx.md`), as the theme's page links and the sitemap write page paths (its
 * `pageHref`, which this stage may not import).
 */
function twinUrl(id: string, baseUrl = ''): string {
  return `${trimTrailingSlashes(baseUrl)}/${`${id}.md`.split('/').map(encodeURIComponent).join('/')}`;
}

/** A page's part of llms-full.txt (the parts are joined by a blank line): what a patch of one page replaces. */
export function llmsFullSection(id: string, twin: string, options: { baseUrl?: string } = {}): string {
  return withSource(twin, twinUrl(id, options.baseUrl));
}

function full(manifest: Pick<Manifest, 'pages'>, offered: readonly string[], twinOf: (id: string) => string | undefined, url: (id: string) => string): { llmsFullTxt: string; leftOut: string[] } {
  const parts: string[] = [];
  for (const id of offered) {
    const twin = twinOf(id);
    if (twin !== undefined) parts.push(withSource(twin, url(id)));
  }
  const kept = new Set(offered);
  const leftOut = Object.keys(manifest.pages)
    .filter((id) => !kept.has(id) && twinOf(id) !== undefined)
    .sort(compareCodeUnits);
  return { llmsFullTxt: parts.length > 0 ? `${parts.join('\n\n')}\n` : '', leftOut };
}

/** `# Title` then `Source: <url>`, so a reader of the concatenation knows where each page lives. */
function withSource(twin: string, source: string): string {
  const text = twin.trimEnd();
  const end = text.indexOf('\n');
  const first = end === -1 ? text : text.slice(0, end);
  if (!first.startsWith('# ')) return `Source: ${source}\n\n${text}`;
  return `${first}\nSource: ${source}${end === -1 ? '' : text.slice(end)}`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Link text with the characters that would end or break it escaped. */
function linkText(text: string): string {
  return oneLine(text).replace(/[\\[\]]/g, (c) => `\\${c}`);
}
