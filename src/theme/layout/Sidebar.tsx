import { useEffect, useId, useState, type ReactNode } from 'react';
import type { NavNode } from '../../manifest/types.js';
import type { SiteData } from '../types.js';
import { divisionKey, isListed, type Branch } from './navigation.js';
import { navbarOf } from './settings.js';
import { Icon } from './Icon.js';
import { divisionHref, Switcher } from './Switcher.js';
import { linkHref, pageHref } from './urls.js';

interface SidebarContext {
  data: SiteData;
  current: string;
}

function contains(node: NavNode, pageId: string): boolean {
  if (node.page === pageId || node.root === pageId) return true;
  return node.children.some((child) => contains(child, pageId));
}

function PageLink({ ctx, id, label, icon }: { ctx: SidebarContext; id: string; label: string; icon?: unknown }) {
  const summary = ctx.data.pages[id];
  const active = id === ctx.current;
  return (
    <a
      className="sidebar-link"
      data-testid="sidebar-link"
      data-page={id}
      data-active={active ? 'true' : undefined}
      aria-current={active ? 'page' : undefined}
      href={pageHref(ctx.data.base, id)}
    >
      {icon !== undefined && <Icon icon={icon} site={ctx.data.site} base={ctx.data.base} />}
      {summary?.method && <span className={`method-badge method-${summary.method.toLowerCase()}`}>{summary.method.toUpperCase()}</span>}
      <span className={summary?.deprecated ? 'deprecated' : undefined}>{label}</span>
    </a>
  );
}

function GroupTitle({ ctx, node }: { ctx: SidebarContext; node: NavNode }) {
  const inner = (
    <>
      {node.icon !== undefined && <Icon icon={node.icon} site={ctx.data.site} base={ctx.data.base} />}
      <span>{node.label}</span>
      {node.tag && <span className="sidebar-tag">{node.tag}</span>}
    </>
  );
  if (node.root === undefined || !ctx.data.pages[node.root]) return <span className="sidebar-group-title">{inner}</span>;
  const active = node.root === ctx.current;
  return (
    <a
      className="sidebar-group-title sidebar-link"
      data-testid="sidebar-link"
      data-page={node.root}
      data-active={active ? 'true' : undefined}
      aria-current={active ? 'page' : undefined}
      href={pageHref(ctx.data.base, node.root)}
    >
      {inner}
    </a>
  );
}

function Group({ ctx, node, depth }: { ctx: SidebarContext; node: NavNode; depth: number }) {
  const children = <Items ctx={ctx} nodes={node.children} depth={depth + 1} />;
  if (depth === 0) {
    return (
      <div className="sidebar-group" data-testid="sidebar-group">
        <GroupTitle ctx={ctx} node={node} />
        {children}
      </div>
    );
  }
  // Nested groups fold; `expanded` opens one, and so does holding the current page.
  const open = node.expanded === true || contains(node, ctx.current);
  if (node.root !== undefined && ctx.data.pages[node.root]) return <FoldingGroupWithPage ctx={ctx} node={node} open={open}>{children}</FoldingGroupWithPage>;
  return (
    <details className="sidebar-group sidebar-subgroup" data-testid="sidebar-group" open={open}>
      <summary><GroupTitle ctx={ctx} node={node} /></summary>
      {children}
    </details>
  );
}

/**
 * A folding group whose title is a page: the link and the fold are two controls side by side (a link
 * inside a `<summary>` is a control inside a control, which assistive technology cannot operate).
 */
function FoldingGroupWithPage({ ctx, node, open, children }: { ctx: SidebarContext; node: NavNode; open: boolean; children: ReactNode }) {
  const [shown, setShown] = useState(open);
  // Going to a page inside it unfolds it, as it does a `<details>` group.
  useEffect(() => {
    if (open) setShown(true);
  }, [open]);
  const listId = `sidebar-group-${useId()}`;
  return (
    <div className="sidebar-group sidebar-subgroup" data-testid="sidebar-group">
      <div className="sidebar-subgroup-head">
        <GroupTitle ctx={ctx} node={node} />
        <button type="button" className="sidebar-fold" aria-expanded={shown} aria-controls={listId} aria-label={`Pages of ${node.label}`} onClick={() => setShown(!shown)} />
      </div>
      <div id={listId} hidden={!shown}>{children}</div>
    </div>
  );
}

function Items({ ctx, nodes, depth }: { ctx: SidebarContext; nodes: NavNode[]; depth: number }) {
  const listed = nodes.filter((node) => isListed(node, ctx.data.pages));
  if (listed.length === 0) return null;
  return (
    <ul role="list" className="sidebar-list">
      {listed.map((node, index) => (
        <li key={`${index}:${node.kind}:${node.page ?? node.label}`}>
          {node.kind === 'page' && node.page !== undefined ? (
            <PageLink ctx={ctx} id={node.page} label={node.label} icon={node.icon} />
          ) : node.kind === 'group' ? (
            <Group ctx={ctx} node={node} depth={depth} />
          ) : node.href !== undefined ? (
            <a className="sidebar-link sidebar-external" href={linkHref(ctx.data.base, node.href)}>{node.label}</a>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Anchors({ data, branch }: { data: SiteData; branch: Branch }) {
  const local = branch.switchers.find((s) => s.kind === 'anchor');
  const anchors = [...(local?.options ?? []), ...branch.globals.filter((node) => !node.hidden)];
  if (anchors.length === 0) return null;
  return (
    <ul role="list" className="sidebar-anchors" data-testid="anchors">
      {anchors.map((node, index) => (
        <li key={`${index}:${node.label}`}>
          <a className="anchor-link" data-testid="anchor-link" href={divisionHref(data, node)} data-nav={divisionKey(data.navigation, node)} aria-current={node === local?.selected ? 'true' : undefined}>
            {node.icon !== undefined && <Icon icon={node.icon} site={data.site} base={data.base} />}
            {node.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

const sidebarSwitchers = new Set(['product', 'dropdown', 'menu']);

export function Sidebar({ data, branch, current }: { data: SiteData; branch: Branch; current: string }) {
  const ctx: SidebarContext = { data, current };
  return (
    <nav className="sidebar" id="docs-sidebar" data-testid="sidebar" aria-label="Pages">
      <NavbarLinks data={data} branch={branch} />
      {branch.switchers.filter((s) => sidebarSwitchers.has(s.kind)).map((switcher, index) => (
        <Switcher key={`${switcher.kind}${index}`} data={data} switcher={switcher} />
      ))}
      <Anchors data={data} branch={branch} />
      <Items ctx={ctx} nodes={branch.items} depth={0} />
    </nav>
  );
}

/** The navbar's links again, at the top of the sidebar: shown only where the sidebar is the narrow screen's drawer and the header has no room for them. */
function NavbarLinks({ data, branch }: { data: SiteData; branch: Branch }) {
  const navbar = navbarOf(data.site, branch.divisions);
  const links = navbar.primary ? [...navbar.links, navbar.primary] : navbar.links;
  if (links.length === 0) return null;
  return (
    <ul className="sidebar-navbar" role="list">
      {links.map((link, index) => (
        <li key={index}>
          <a href={linkHref(data.base, link.href)}>{link.label}</a>
        </li>
      ))}
    </ul>
  );
}
