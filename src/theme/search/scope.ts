import type { NavKind, NavNode } from '../../manifest/types.js';
import type { SiteData } from '../types.js';
import type { Branch } from '../layout/navigation.js';
import { inSiteSearch } from '../layout/settings.js';

/*
 * What a reader's search looks through. A site in six languages would answer an English query with its
 * Spanish and Japanese copies, and version 2's reader with version 1's notes: search keeps to the
 * language and the version the reader is in (the contextual search Docusaurus does for Algolia). The
 * records are published in parts along the same lines, so that the reader fetches that scope's parts
 * alone: 0.76 of firecrawl-docs' 8.2 MB for its English pages.
 */

/** Division kinds that make parallel copies of a site. */
const scopingKinds: readonly NavKind[] = ['language', 'version'];

/** What a reader's search fetches and searches. */
export interface SearchScope {
  /** The record parts holding `pages` (`searchParts` names: `<searchIndexFolder><name>.json`). */
  parts: string[];
  /** The pages whose records are searched. */
  pages: string[];
}

/** `nodes` and every node below them, in reading order. */
function* nodesUnder(nodes: readonly NavNode[]): Generator<NavNode> {
  const stack = [...nodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    yield node;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
}

/** Page ids under `nodes` (pages and group landing pages), whatever their `hidden`. */
function pagesUnder(nodes: readonly NavNode[]): Set<string> {
  const found = new Set<string>();
  for (const node of nodesUnder(nodes)) {
    if (node.page !== undefined) found.add(node.page);
    if (node.root !== undefined) found.add(node.root);
  }
  return found;
}

/**
 * The pages search answers with on a branch: the pages offered to search (`inSiteSearch`: listed, not
 * hidden, `noindex` or `searchable: false`, unless `seo.indexing` is "all") and, for the language and
 * the version the branch is in, only that language's (version's) pages and the pages in none.
 */
export function searchablePages(data: SiteData, branch: Branch): string[] {
  let searchable = Object.keys(data.pages).filter((id) => inSiteSearch(data.site, data.pages[id]));
  for (const kind of scopingKinds) {
    const current = branch.divisions.find((node) => node.kind === kind);
    if (!current) continue;
    const inCurrent = pagesUnder([current]);
    const inSome = pagesUnder([...nodesUnder(data.navigation)].filter((node) => node.kind === kind));
    searchable = searchable.filter((id) => inCurrent.has(id) || !inSome.has(id));
  }
  return searchable;
}

/**
 * For a scoping kind the navigation has divisions of, a page's part of a part name: `version-1` for a
 * page under the second version in reading order, `version-none` under none, `version-shared` under
 * several (a page two versions list). Undefined when the site has no such division.
 */
function placementOf(navigation: readonly NavNode[], kind: NavKind): ((page: string) => string) | undefined {
  const divisions = [...nodesUnder(navigation)].filter((node) => node.kind === kind);
  if (divisions.length === 0) return undefined;
  const shared = -1;
  const placed = new Map<string, number>();
  divisions.forEach((division, at) => {
    for (const page of pagesUnder([division])) placed.set(page, placed.has(page) && placed.get(page) !== at ? shared : at);
  });
  return (page) => {
    const at = placed.get(page);
    return `${kind}-${at === undefined ? 'none' : at === shared ? 'shared' : at}`;
  };
}

// The compiler's compareCodeUnits, which the browser's bundle does not import (the theme reads only types).
const codeUnitOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The parts the site's search records are published in: the pages offered to search (`inSiteSearch`),
 * by the language and the version they are in (`language-0.version-2`; `all` on a site without either),
 * each part's pages in code-unit order (the compiler's order of search.json). Every page of a reader's
 * scope is in the parts `searchScope` names; a part may hold pages of other scopes (a page in no
 * version is in the part of its language for every version), which the scope's `pages` leave out.
 */
export function searchParts(data: SiteData): Map<string, string[]> {
  const placements = scopingKinds.map((kind) => placementOf(data.navigation, kind)).filter((place) => place !== undefined);
  const parts = new Map<string, string[]>();
  for (const id of Object.keys(data.pages).sort(codeUnitOrder)) {
    if (!inSiteSearch(data.site, data.pages[id])) continue;
    const name = placements.map((place) => place(id)).join('.') || 'all';
    const part = parts.get(name);
    if (part) part.push(id);
    else parts.set(name, [id]);
  }
  return parts;
}

/** A reader's search on `branch`: its pages (`searchablePages`) and the parts holding them. */
export function searchScope(data: SiteData, branch: Branch): SearchScope {
  const pages = searchablePages(data, branch);
  const wanted = new Set(pages);
  const parts = [...searchParts(data)].filter(([, ids]) => ids.some((id) => wanted.has(id))).map(([name]) => name);
  return { parts, pages };
}
