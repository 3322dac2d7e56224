import type { NavKind, NavNode } from '../../manifest/types.js';
import type { PageSummary } from '../types.js';

/*
 * Navigation as the layout sees it: the manifest's tree is divisions (tabs, anchors, dropdowns, products,
 * versions, languages, menus) over groups and pages. The current page picks one division at each level;
 * the groups and pages under the deepest one are the sidebar.
 */

const divisionKinds: ReadonlySet<NavKind> = new Set<NavKind>(['tab', 'anchor', 'dropdown', 'version', 'language', 'product', 'menu']);

export function isDivision(node: NavNode): boolean {
  return divisionKinds.has(node.kind);
}

/** Entries of `navigation.global`: shown on every branch. */
export function isGlobal(node: NavNode): boolean {
  return node.extra?.['global'] === true;
}

/** A node that stands for the page: the page itself or a group whose landing page it is. */
function leadsTo(node: NavNode, pageId: string): boolean {
  return node.page === pageId || node.root === pageId;
}

/** Every path from a top-level node to a node of the page, in navigation order. */
function allPaths(navigation: NavNode[], pageId: string): NavNode[][] {
  const found: NavNode[][] = [];
  const stack: Array<{ node: NavNode; path: NavNode[] }> = navigation.map((node) => ({ node, path: [node] })).reverse();
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    if (leadsTo(node, pageId)) found.push(path);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push({ node: node.children[i]!, path: [...path, node.children[i]!] });
  }
  return found;
}

/**
 * The path to the page: among the places it is listed (a page may be in several tabs), the one sharing
 * most divisions with `preferred` (the branch the reader was on), else the first.
 */
export function pathTo(navigation: NavNode[], pageId: string, preferred: NavNode[] = []): NavNode[] {
  const paths = allPaths(navigation, pageId);
  let best = paths[0] ?? [];
  let bestScore = -1;
  for (const path of paths) {
    const score = path.filter((node) => isDivision(node) && preferred.includes(node)).length;
    if (score > bestScore) [best, bestScore] = [path, score];
  }
  return best;
}

/** Divisions of one kind offered at one level of the tree. */
export interface Switcher {
  kind: NavKind;
  options: NavNode[];
  selected?: NavNode;
}

export interface Branch {
  /** One per division kind per level, outermost first. */
  switchers: Switcher[];
  /** The chosen divisions, outermost first. */
  divisions: NavNode[];
  /** Groups and pages of the sidebar. */
  items: NavNode[];
  /** `navigation.global` entries. */
  globals: NavNode[];
}

/** The division a level descends into when the page is not under any: a language's `default`, else the first. */
function fallbackDivision(divisions: NavNode[]): NavNode | undefined {
  const withContent = divisions.filter((node) => node.children.length > 0 && !node.hidden);
  return withContent.find((node) => node.extra?.['default'] === true) ?? withContent[0];
}

function switchersOf(divisions: NavNode[], selected: NavNode | undefined): Switcher[] {
  const byKind = new Map<NavKind, NavNode[]>();
  for (const node of divisions) {
    if (node.hidden && node !== selected) continue;
    byKind.set(node.kind, [...(byKind.get(node.kind) ?? []), node]);
  }
  return [...byKind].map(([kind, options]) => ({ kind, options, ...(selected && options.includes(selected) ? { selected } : {}) }));
}

export function resolveBranch(navigation: NavNode[], path: NavNode[]): Branch {
  const branch: Branch = { switchers: [], divisions: [], items: [], globals: [] };
  let level = navigation;
  for (let depth = 0; depth < 64 && level.length > 0; depth++) {
    // `global` entries of this level (the top, a language, a version) are kept for every branch below.
    branch.globals.push(...level.filter(isGlobal));
    level = level.filter((node) => !isGlobal(node));
    const divisions = level.filter(isDivision);
    branch.items.push(...level.filter((node) => !isDivision(node)));
    if (divisions.length === 0) break;
    const selected = divisions.find((node) => path.includes(node)) ?? fallbackDivision(divisions);
    branch.switchers.push(...switchersOf(divisions, selected));
    if (!selected) break;
    branch.divisions.push(selected);
    level = selected.children;
  }
  return branch;
}

/** Whether a sidebar entry is listed: hidden nodes and hidden pages are not. */
export function isListed(node: NavNode, pages: Record<string, PageSummary>): boolean {
  if (node.hidden) return false;
  if (node.kind === 'page') return node.page !== undefined && pages[node.page]?.hidden !== true;
  return true;
}

/** Listed page ids under `nodes` in reading order (a group's landing page before its pages), each once. */
export function pageOrder(nodes: NavNode[], pages: Record<string, PageSummary>): string[] {
  return [...listedPages(nodes, pages)];
}

function* listedPages(nodes: NavNode[], pages: Record<string, PageSummary>): Generator<string> {
  const seen = new Set<string>();
  const listed = (id: string | undefined): id is string => {
    if (id === undefined || seen.has(id) || !Object.hasOwn(pages, id) || pages[id]!.hidden) return false;
    seen.add(id);
    return true;
  };
  const stack = [...nodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!isListed(node, pages)) continue;
    if (listed(node.root)) yield node.root;
    if (listed(node.page)) yield node.page;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
}

/** The first listed page under `nodes`, in reading order. */
export function firstListedPage(nodes: NavNode[], pages: Record<string, PageSummary>): string | undefined {
  return listedPages(nodes, pages).next().value ?? undefined;
}

/**
 * The page the site's root URL stands for: `index` when there is one, else the first listed page of the
 * navigation (the service sends `/` there; upstash-docs and dify-docs have no `index` page).
 */
export function homePage(navigation: NavNode[], pages: Record<string, PageSummary>): string | undefined {
  return Object.hasOwn(pages, 'index') ? 'index' : firstListedPage(navigation, pages);
}

/** Where a division's link goes: its first listed page, else its `href`. */
export function divisionTarget(node: NavNode, pages: Record<string, PageSummary>): { page?: string; href?: string } {
  const first = pageOrder([node], pages)[0];
  if (first !== undefined) return { page: first };
  return node.href !== undefined ? { href: node.href } : {};
}

export function neighbours(order: string[], pageId: string): { prev?: string; next?: string } {
  const at = order.indexOf(pageId);
  if (at < 0) return {};
  return { ...(at > 0 ? { prev: order[at - 1] } : {}), ...(at + 1 < order.length ? { next: order[at + 1] } : {}) };
}

/** The eyebrow above the title: the page's section (nearest group), or its breadcrumbs. */
export function eyebrowOf(path: NavNode[], mode: 'section' | 'breadcrumbs'): string[] {
  const sections = path.filter((node) => node.kind !== 'page' && node.kind !== 'language' && node.kind !== 'version' && node.kind !== 'link');
  if (mode === 'breadcrumbs') return sections.map((node) => node.label);
  const groups = sections.filter((node) => node.kind === 'group');
  const nearest = groups[groups.length - 1] ?? sections[sections.length - 1];
  return nearest ? [nearest.label] : [];
}

const keyCache = new WeakMap<NavNode[], Map<NavNode, string>>();

/** Index paths of the divisions (`2`, `0.1`): how a link names the branch it leads into. */
function divisionKeys(navigation: NavNode[]): Map<NavNode, string> {
  let keys = keyCache.get(navigation);
  if (keys) return keys;
  keys = new Map();
  const stack = navigation.map((node, index) => ({ node, key: String(index) }));
  while (stack.length > 0) {
    const { node, key } = stack.pop()!;
    if (!isDivision(node)) continue;
    keys.set(node, key);
    node.children.forEach((child, index) => stack.push({ node: child, key: `${key}.${index}` }));
  }
  keyCache.set(navigation, keys);
  return keys;
}

export function divisionKey(navigation: NavNode[], node: NavNode): string | undefined {
  return divisionKeys(navigation).get(node);
}

/** The divisions from the top down to the one a key names (unknown keys give what exists of it). */
export function divisionsOfKey(navigation: NavNode[], key: string | undefined): NavNode[] {
  const found: NavNode[] = [];
  let level = navigation;
  for (const part of key ? key.split('.') : []) {
    const node = level[Number(part)];
    if (!node || !isDivision(node)) break;
    found.push(node);
    level = node.children;
  }
  return found;
}
