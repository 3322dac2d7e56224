import { isJsonObject, joinPointer, type JsonValue, type SourceLocation } from '../diagnostics/index.js';

/** docs.json as links need it: the composed value and where each pointer was written (`LoadedConfig` fits). */
export interface ConfigSource {
  value: JsonValue;
  locate(pointer: string, target?: 'key' | 'value'): SourceLocation;
}

/** An href written in docs.json, with its pointer in the composed configuration. */
export interface ConfigHref {
  href: string;
  pointer: string;
  /** What it is, for messages: `navbar link`, `footer link`, `logo.href`, `tab href`. */
  what: string;
}

/** Deeper than any real navigation; the composed configuration is bounded anyway (MAX_CONFIG_DEPTH). */
const maxNavigationDepth = 64;

/**
 * Every href of docs.json a reader can click: `logo.href`, navbar links and primary button, footer
 * links and socials, and the `href` of any navigation node (tabs, anchors, dropdowns, global anchors,
 * menu items). Redirects are checked on their own (`checkRedirects`).
 */
export function configHrefs(config: JsonValue): ConfigHref[] {
  if (!isJsonObject(config)) return [];
  const hrefs: ConfigHref[] = [];
  const add = (value: JsonValue | undefined, pointer: string, what: string): void => {
    if (typeof value === 'string') hrefs.push({ href: value, pointer, what });
  };
  if (isJsonObject(config.logo)) add(config.logo.href, '/logo/href', 'logo.href');
  const navbar = config.navbar;
  if (isJsonObject(navbar)) {
    if (Array.isArray(navbar.links)) navbar.links.forEach((link, i) => isJsonObject(link) && add(link.href, joinPointer('/navbar/links', i, 'href'), 'navbar link'));
    if (isJsonObject(navbar.primary)) add(navbar.primary.href, '/navbar/primary/href', 'navbar primary button');
  }
  const footer = config.footer;
  if (isJsonObject(footer)) {
    if (isJsonObject(footer.socials)) for (const [name, url] of Object.entries(footer.socials)) add(url, joinPointer('/footer/socials', name), `footer social link (${name})`);
    if (Array.isArray(footer.links)) footer.links.forEach((column, i) => {
      if (isJsonObject(column) && Array.isArray(column.items)) column.items.forEach((item, j) => isJsonObject(item) && add(item.href, joinPointer('/footer/links', i, 'items', j, 'href'), 'footer link'));
    });
  }
  navigationHrefs(config.navigation, '/navigation', 0, add);
  return hrefs;
}

function navigationHrefs(node: JsonValue | undefined, pointer: string, depth: number, add: (value: JsonValue | undefined, pointer: string, what: string) => void): void {
  if (depth > maxNavigationDepth) return;
  if (Array.isArray(node)) {
    node.forEach((child, i) => navigationHrefs(child, joinPointer(pointer, i), depth + 1, add));
    return;
  }
  if (!isJsonObject(node)) return;
  add(node.href, joinPointer(pointer, 'href'), `${navigationKind(node)} href`);
  for (const [key, child] of Object.entries(node)) {
    if (key !== 'href' && (Array.isArray(child) || isJsonObject(child))) navigationHrefs(child, joinPointer(pointer, key), depth + 1, add);
  }
}

function navigationKind(node: Record<string, JsonValue>): string {
  for (const kind of ['tab', 'anchor', 'dropdown', 'item', 'version', 'language', 'product', 'group']) if (kind in node) return kind === 'item' ? 'menu item' : kind;
  return 'navigation';
}
