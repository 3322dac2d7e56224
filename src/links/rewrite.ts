import { builtinComponents } from '../content/components.js';
import type { JsonValue } from '../diagnostics/index.js';
import type { ContentComponent, ContentElement, ContentNode, ContentRoot } from '../content/types.js';
import { resolvedHref, resolveHref } from './resolve.js';
import type { LinkSite } from './site.js';

/** Element properties that hold a URL, by tag (`*`: any tag). */
const elementUrlProperties: Record<string, readonly string[]> = {
  '*': ['href'],
  img: ['src'],
  video: ['src', 'poster'],
  audio: ['src'],
  source: ['src'],
  track: ['src'],
  iframe: ['src'],
  embed: ['src'],
};

/** Component props that hold a link (`Card href`) or an image (`Card img`). */
export const componentLinkProps: Readonly<Record<string, 'link' | 'image'>> = { href: 'link', url: 'link', link: 'link', src: 'image', img: 'image' };

/**
 * The tree with every internal `href`/`src` (and component link props, in slots too) rewritten to the
 * root-absolute path the resolver gives (`/page-id#anchor`, `/images/a.png`; a redirected path to
 * where its redirects end), so the preview, the export and the checker agree on what a link means.
 * External, unresolvable and broken links stay as written. Nodes without a change are shared with the
 * input, which is not modified.
 */
export function rewriteTreeLinks(tree: ContentRoot, fromPageId: string, site: LinkSite): ContentRoot {
  const rewrite = (href: string, kind: 'link' | 'image'): string => resolvedHref(resolveHref(href, fromPageId, site, { kind })) ?? href;
  const children = rewriteNodes(tree.children, rewrite);
  return children === tree.children ? tree : { ...tree, children };
}

type Rewrite = (href: string, kind: 'link' | 'image') => string;

function rewriteNodes(nodes: ContentNode[], rewrite: Rewrite): ContentNode[] {
  let changed = false;
  const out = nodes.map((node) => {
    const next = rewriteNode(node, rewrite);
    if (next !== node) changed = true;
    return next;
  });
  return changed ? out : nodes;
}

function rewriteNode(node: ContentNode, rewrite: Rewrite): ContentNode {
  if (node.type === 'element') return rewriteElement(node, rewrite);
  if (node.type === 'component') return rewriteComponent(node, rewrite);
  return node;
}

function rewriteElement(node: ContentElement, rewrite: Rewrite): ContentElement {
  let properties = node.properties;
  for (const name of [...elementUrlProperties['*']!, ...(elementUrlProperties[node.tagName] ?? [])]) {
    const value = properties[name];
    if (typeof value !== 'string') continue;
    const next = rewrite(value, name === 'href' ? 'link' : 'image');
    if (next !== value) properties = { ...properties, [name]: next };
  }
  const children = rewriteNodes(node.children, rewrite);
  return properties === node.properties && children === node.children ? node : { ...node, properties, children };
}

function rewriteComponent(node: ContentComponent, rewrite: Rewrite): ContentComponent {
  let props = node.props;
  // Only built-in components' props are links (check.ts, isCheckedLink).
  for (const [name, kind] of builtinComponents.has(node.name) ? Object.entries(componentLinkProps) : []) {
    const value: JsonValue | undefined = props[name];
    if (typeof value !== 'string') continue;
    const next = rewrite(value, kind);
    if (next !== value) props = { ...props, [name]: next };
  }
  let slots = node.slots;
  for (const [name, slot] of Object.entries(node.slots ?? {})) {
    const next = rewriteNodes(slot, rewrite);
    if (next !== slot) slots = { ...slots, [name]: next };
  }
  const children = rewriteNodes(node.children, rewrite);
  if (props === node.props && slots === node.slots && children === node.children) return node;
  const out: ContentComponent = { ...node, props, children };
  if (slots !== undefined) out.slots = slots;
  return out;
}
