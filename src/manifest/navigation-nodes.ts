import type { NavItem } from '../navigation/index.js';
import type { NavNode, Page } from '../manifest/types.js';

/** What the assembly knows about each navigation entry once pages exist. */
export interface NavLookup {
  /** Page id for a page entry (by its pointer); absent when the page was not built. */
  pageOf(item: NavItem): string | undefined;
  /** Spec id in effect for a division, when a spec is attached in scope. */
  specOf(item: NavItem): string | undefined;
  /** Generated groups appended where a spec was attached (by the division's pointer). */
  generatedAt(pointer: string): NavNode[];
  pages: Record<string, Page>;
}

/**
 * Turns the resolved navigation into the manifest's tree. Entries whose page was not built (missing
 * file, x-hidden operation) are left out; their problem was reported by the stage that found it.
 */
export function toNavNodes(items: readonly NavItem[], lookup: NavLookup): NavNode[] {
  const nodes: NavNode[] = [];
  for (const item of items) {
    if (item.type === 'division') {
      const node: NavNode = { kind: item.kind, label: item.label, children: [] };
      if (item.icon !== undefined) node.icon = item.icon;
      if (item.hidden !== undefined) node.hidden = item.hidden;
      if (item.href !== undefined) node.href = item.href;
      const spec = lookup.specOf(item);
      if (spec !== undefined) node.openapi = spec;
      if (item.root) {
        const root = lookup.pageOf(item.root);
        if (root !== undefined) node.root = root;
      }
      if (item.expanded !== undefined) node.expanded = item.expanded;
      if (item.tag !== undefined) node.tag = item.tag;
      if (Object.keys(item.extra).length > 0) node.extra = item.extra;
      node.children = [...toNavNodes(item.children, lookup), ...lookup.generatedAt(item.pointer)];
      nodes.push(node);
    } else {
      const id = lookup.pageOf(item);
      const page = id === undefined ? undefined : lookup.pages[id];
      if (!page) continue;
      const node: NavNode = { kind: 'page', label: page.sidebarTitle ?? page.title, page: page.id, children: [] };
      // Hidden pages stay reachable by URL; themes leave them out of the sidebar.
      if (page.hidden) node.hidden = true;
      nodes.push(node);
    }
  }
  return nodes;
}
