import { isJsonObject, type JsonObject, type JsonValue } from '../diagnostics/index.js';
import { isExternal, put, type Upgrade } from './context.js';
import { lightDark } from './settings.js';
import { trimSlashes } from '../fields/http.js';

/** A group of mint.json's navigation with where it was (for warnings) and what it belongs to. */
interface Group {
  value: JsonObject;
  pointer: string;
  version: string | undefined;
}

/** A tab or anchor of mint.json: its pages are those under `prefix`. */
interface Division {
  node: JsonObject;
  prefix: string | undefined;
  version: string | undefined;
}

interface Divisions {
  tabs: Division[];
  anchors: Division[];
  primaryTab: string;
  topAnchor: JsonObject;
  anchorColor: JsonObject | undefined;
}

/**
 * mint.json's flat navigation (groups tagged with a `version`, with tabs and anchors that take the
 * pages under their URL) -> docs.json's tree: versions > tabs > anchors > groups. A group's pages go
 * to the tab (and anchor) whose URL prefixes its first page, the rest to the primary tab and the top
 * anchor; tabs and anchors that link elsewhere become global links. A group without a name becomes
 * plain pages at its place.
 */
export function convertNavigation(up: Upgrade, mint: JsonObject): JsonObject {
  const groups = (up.array(mint.navigation, '/navigation') ?? []).flatMap((value, index): Group[] => {
    const pointer = `/navigation/${index}`;
    const group = up.object(value, pointer);
    return group ? [{ value: group, pointer, version: typeof group.version === 'string' ? group.version : undefined }] : [];
  });
  const divisions = readDivisions(up, mint);
  const navigation: JsonObject = {};
  const versions = readVersions(up, mint.versions);
  if (versions.length > 0) {
    navigation.versions = versions.flatMap((version) => versionNode(up, version, groups, divisions));
  } else {
    Object.assign(navigation, tabLevel(up, groups, divisions, undefined));
  }
  put(navigation, 'global', globalLinks(divisions));
  if (Object.keys(navigation).length === 0 || (Array.isArray(navigation.versions) && navigation.versions.length === 0)) {
    up.changed('/navigation', 'mint.json lists no pages; docs.json needs a navigation, so it holds an empty group');
    return { groups: [{ group: 'Documentation', pages: [] }] };
  }
  return navigation;
}

function readVersions(up: Upgrade, value: JsonValue | undefined): Array<{ name: string; href?: string; pointer: string }> {
  return (up.array(value, '/versions') ?? []).flatMap((item, index) => {
    const pointer = `/versions/${index}`;
    if (typeof item === 'string') return [{ name: item, pointer }];
    if (isJsonObject(item) && typeof item.name === 'string') return [{ name: item.name, pointer, ...(typeof item.url === 'string' ? { href: item.url } : {}) }];
    up.notMapped(pointer, 'is neither a version name nor an object with "name"');
    return [];
  });
}

function versionNode(up: Upgrade, version: { name: string; href?: string; pointer: string }, groups: Group[], divisions: Divisions): JsonObject[] {
  if (version.href !== undefined) return [{ version: version.name, href: version.href }];
  const mine = groups.filter((group) => group.version === undefined || group.version === version.name);
  if (mine.length === 0) {
    up.changed(version.pointer, `no group of mint.json's navigation belongs to version "${version.name}"; docs.json has no empty versions, so it is left out`);
    return [];
  }
  return [{ version: version.name, ...tabLevel(up, mine, divisions, version.name) }];
}

function readDivisions(up: Upgrade, mint: JsonObject): Divisions {
  const division = (kind: 'tabs' | 'anchors', label: 'tab' | 'anchor') =>
    (up.array(mint[kind], `/${kind}`) ?? []).flatMap((item, index): Division[] => {
      const pointer = `/${kind}/${index}`;
      const old = up.object(item, pointer);
      if (!old) return [];
      const name = up.string(old.name, `${pointer}/name`);
      const url = up.string(old.url, `${pointer}/url`);
      if (name === undefined || url === undefined) {
        up.notMapped(pointer, 'needs "name" and "url"');
        return [];
      }
      const node: JsonObject = { [label]: name };
      copyIcon(up, old, pointer, node);
      if (kind === 'anchors' && old.color !== undefined) put(node, 'color', lightDark(up, old.color, `${pointer}/color`));
      if (old.isDefaultHidden === true) node.hidden = true;
      up.rest(old, pointer, ['name', 'url', 'icon', 'iconType', 'color', 'version', 'isDefaultHidden']);
      if (isExternal(url)) return [{ node: { ...node, href: url }, prefix: undefined, version: undefined }];
      return [{ node, prefix: trimSlashes(url), version: typeof old.version === 'string' ? old.version : undefined }];
    });
  const colors = isJsonObject(mint.colors) ? mint.colors : {};
  const topAnchor = up.object(mint.topAnchor, '/topAnchor') ?? {};
  const top: JsonObject = { anchor: typeof topAnchor.name === 'string' ? topAnchor.name : 'Documentation', icon: typeof topAnchor.icon === 'string' ? topAnchor.icon : 'book-open' };
  if (typeof topAnchor.iconType === 'string') top.iconType = topAnchor.iconType;
  up.rest(topAnchor, '/topAnchor', ['name', 'icon', 'iconType']);
  const primary = up.object(mint.primaryTab, '/primaryTab') ?? {};
  up.rest(primary, '/primaryTab', ['name']);
  const anchors = division('anchors', 'anchor');
  if (colors.anchors !== undefined && anchors.length === 0) up.notMapped('/colors/anchors', 'colours anchors, but there is no anchor');
  const anchorColor = colors.anchors === undefined || anchors.length === 0 ? undefined : lightDark(up, colors.anchors, '/colors/anchors');
  const result = { tabs: division('tabs', 'tab'), anchors, primaryTab: typeof primary.name === 'string' ? primary.name : 'Documentation', topAnchor: top, anchorColor };
  reportUnused(up, mint, result);
  return result;
}

function reportUnused(up: Upgrade, mint: JsonObject, divisions: Divisions): void {
  const sections = divisions.anchors.some((a) => a.prefix !== undefined);
  if (mint.topAnchor !== undefined && !sections) up.notMapped('/topAnchor', 'names the top anchor, but no anchor holds pages');
  if (mint.primaryTab !== undefined && !divisions.tabs.some((t) => t.prefix !== undefined)) up.notMapped('/primaryTab', 'names the primary tab, but no tab holds pages');
}

function copyIcon(up: Upgrade, old: JsonObject, pointer: string, node: JsonObject): void {
  put(node, 'icon', up.string(old.icon, `${pointer}/icon`));
  if (typeof old.iconType === 'string') node.iconType = old.iconType;
}

/** Tabs that link elsewhere and anchors that link anywhere go to navigation.global, shown everywhere. */
function globalLinks(divisions: Divisions): JsonObject | undefined {
  const global: JsonObject = {};
  const tabs = divisions.tabs.filter((t) => t.prefix === undefined).map((t) => t.node);
  const anchors = divisions.anchors.filter((a) => a.prefix === undefined).map((a) => withColor(a.node, divisions.anchorColor));
  if (tabs.length > 0) global.tabs = tabs;
  if (anchors.length > 0) global.anchors = anchors;
  return Object.keys(global).length > 0 ? global : undefined;
}

function withColor(node: JsonObject, color: JsonObject | undefined): JsonObject {
  return node.color === undefined && color ? { ...node, color } : node;
}

function tabLevel(up: Upgrade, groups: Group[], divisions: Divisions, version: string | undefined): JsonObject {
  const tabs = divisions.tabs.filter((t) => t.prefix !== undefined && (t.version === undefined || t.version === version));
  if (tabs.length === 0) return anchorLevel(up, groups, divisions, version);
  const { rest, parts } = divide(groups, tabs);
  const nodes: JsonValue[] = [];
  if (rest.length > 0) nodes.push({ tab: divisions.primaryTab, ...anchorLevel(up, rest, divisions, version) });
  for (const [index, tab] of tabs.entries()) {
    const mine = parts[index]!;
    nodes.push(mine.length > 0 ? { ...tab.node, ...anchorLevel(up, mine, divisions, version) } : { ...tab.node, href: `/${tab.prefix}` });
  }
  return { tabs: nodes };
}

function anchorLevel(up: Upgrade, groups: Group[], divisions: Divisions, version: string | undefined): JsonObject {
  const anchors = divisions.anchors.filter((a) => a.prefix !== undefined && (a.version === undefined || a.version === version));
  const { rest, parts } = divide(groups, anchors);
  if (anchors.length === 0 || parts.every((part) => part.length === 0)) return groupLevel(up, groups);
  const nodes: JsonValue[] = [];
  if (rest.length > 0) nodes.push(withColor({ ...divisions.topAnchor, ...groupLevel(up, rest) }, divisions.anchorColor));
  for (const [index, anchor] of anchors.entries()) {
    const mine = parts[index]!;
    const node = mine.length > 0 ? { ...anchor.node, ...groupLevel(up, mine) } : { ...anchor.node, href: `/${anchor.prefix}` };
    nodes.push(withColor(node, divisions.anchorColor));
  }
  return { anchors: nodes };
}

/** Each group to the division whose prefix (the longest) holds its first page; `rest` holds the others. */
function divide(groups: Group[], divisions: Division[]): { rest: Group[]; parts: Group[][] } {
  const parts: Group[][] = divisions.map(() => []);
  const rest: Group[] = [];
  for (const group of groups) {
    const page = firstPage(group.value);
    let best = -1;
    divisions.forEach((division, index) => {
      const prefix = division.prefix!;
      const holds = page !== undefined && (prefix === '' || page === prefix || page.startsWith(`${prefix}/`));
      if (holds && (best === -1 || prefix.length > divisions[best]!.prefix!.length)) best = index;
    });
    (best === -1 ? rest : parts[best]!).push(group);
  }
  return { rest, parts };
}

function firstPage(group: JsonObject): string | undefined {
  for (const entry of Array.isArray(group.pages) ? group.pages : []) {
    if (typeof entry === 'string') return entry.replace(/^\/+/, '');
    if (isJsonObject(entry)) {
      const page = firstPage(entry);
      if (page !== undefined) return page;
    }
  }
  return undefined;
}

/** `groups`, or `pages` when a group without a name puts its pages at this level. */
function groupLevel(up: Upgrade, groups: Group[]): JsonObject {
  const entries = groups.flatMap((group) => groupEntries(up, group.value, group.pointer));
  return entries.every(isJsonObject) ? { groups: entries } : { pages: entries };
}

/** A group as docs.json entries: one group object, or its pages alone when it has no name. */
function groupEntries(up: Upgrade, group: JsonObject, pointer: string): JsonValue[] {
  const pages = (up.array(group.pages, `${pointer}/pages`) ?? []).flatMap((entry, index): JsonValue[] => {
    const at = `${pointer}/pages/${index}`;
    if (typeof entry === 'string') return [entry.replace(/^\/+/, '')];
    if (isJsonObject(entry)) return groupEntries(up, entry, at);
    up.notMapped(at, 'is neither a page nor a group');
    return [];
  });
  const name = group.group;
  up.rest(group, pointer, ['group', 'pages', 'icon', 'iconType', 'version', 'hidden', 'tag', 'expanded']);
  if (typeof name !== 'string' || name.trim() === '') return pages;
  const node: JsonObject = { group: name };
  copyIcon(up, group, pointer, node);
  for (const key of ['hidden', 'expanded']) if (typeof group[key] === 'boolean') node[key] = group[key];
  if (typeof group.tag === 'string') node.tag = group.tag;
  node.pages = pages;
  return [node];
}
