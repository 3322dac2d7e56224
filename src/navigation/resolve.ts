import {
  closestMatches,
  createDiagnostic,
  isJsonObject as isObject,
  joinPointer,
  type Diagnostic,
  type JsonObject,
  type JsonValue,
  type SourceLocation,
  type StageResult,
} from '../diagnostics/index.js';
import type { LoadedConfig } from '../config/load.js';
import type { DocsRoot } from '../root/index.js';
import { parseEndpointReference, type EndpointReference } from './endpoint-reference.js';
import { caseCollisions } from './case-collisions.js';
import { isAddressable } from './page-files.js';
import type { DivisionItem, EndpointItem, NavItem, NavTree, PageItem, SpecAttachment } from './types.js';
import { trimSlashes, trimTrailingSlashes } from '../fields/http.js';

/** Keys that hold child nodes, with the kind of node each child is. */
const childKeys = {
  tabs: 'tab',
  anchors: 'anchor',
  dropdowns: 'dropdown',
  versions: 'version',
  languages: 'language',
  products: 'product',
  menu: 'menu',
  groups: 'group',
} as const;
type ChildKey = keyof typeof childKeys;

/** The key that carries a node's label, per kind (`menu` entries are labelled by `item`). */
const labelKey: Record<DivisionItem['kind'], string> = {
  tab: 'tab',
  anchor: 'anchor',
  dropdown: 'dropdown',
  version: 'version',
  language: 'language',
  product: 'product',
  menu: 'item',
  group: 'group',
};

const reservedNodeKeys = new Set<string>([
  ...Object.keys(childKeys),
  ...Object.values(labelKey),
  'pages',
  'global',
  'openapi',
  'icon',
  'hidden',
  'href',
  'root',
  'expanded',
  'tag',
]);

const specFile = /\.(json|ya?ml)$/i;

/**
 * How a `pages` entry reads: a page path, an endpoint reference, or neither. A page file wins over the
 * reference grammar (`delete account` with `delete account.mdx` in the root is that page), and a
 * `<file> METHOD /path` entry is a reference only when its file can be a spec (a URL, a spec
 * extension, or a spec file of the root named without its extension).
 */
export type EntryReading =
  | { kind: 'page' }
  | { kind: 'endpoint'; reference: EndpointReference }
  | { kind: 'neither'; why: string };

export function readPagesEntry(entry: string, hasPageFile: (id: string) => boolean, root: DocsRoot): EntryReading {
  const parsed = parseEndpointReference(entry);
  if (parsed.kind === 'not-a-reference') return { kind: 'page' };
  const id = trimSlashes(entry.trim());
  if (hasPageFile(id)) return { kind: 'page' };
  if (parsed.kind === 'invalid') return { kind: 'neither', why: parsed.message };
  if (parsed.file === undefined || canBeSpec(parsed.file, root)) return { kind: 'endpoint', reference: parsed };
  return { kind: 'neither', why: `"${parsed.file}" is no OpenAPI file of the root` };
}

function canBeSpec(file: string, root: DocsRoot): boolean {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(file) || specFile.test(file)) return true;
  const bare = file.replace(/^\/+/, '');
  return ['json', 'yaml', 'yml'].some((extension) => root.exists(`${bare}.${extension}`));
}

/**
 * Resolves docs.json's `navigation` into a tree of divisions, groups, page and endpoint references,
 * with the OpenAPI attachment in scope at every node. Page references are checked against the files
 * of the root; endpoint references are left for the OpenAPI stage.
 */
export function resolveNavigation(config: LoadedConfig, root: DocsRoot): StageResult<NavTree> {
  const top = isObject(config.value) ? config.value : {};
  const resolver = new NavigationResolver(config, root);
  const api = isObject(top.api) ? top.api : undefined;
  const globalSpec = api ? attachmentAt(config, api.openapi, '/api/openapi') : undefined;
  const navigation = top.navigation;
  const items = isObject(navigation) ? resolver.children(navigation, '/navigation', globalSpec, '') : [];
  const tree: NavTree = { items, pages: resolver.pages, endpoints: resolver.endpoints, attachments: resolver.attachments };
  if (globalSpec) tree.globalSpec = globalSpec;
  return { value: tree, diagnostics: resolver.diagnostics };
}

/**
 * The page files of the root by page id: `<ref>.mdx` beats `<ref>.md`; `<ref>/index.mdx` is a fallback
 * for `<ref>` (looked up by the caller).
 */
function pageFilesOf(root: DocsRoot): Map<string, string> {
  const pageFiles = new Map<string, string>();
  for (const file of root.files()) {
    const match = /^(.*)\.(mdx|md)$/.exec(file);
    if (!match || !isAddressable(file)) continue;
    const id = match[1]!;
    if (match[2] === 'mdx' || !pageFiles.has(id)) pageFiles.set(id, file);
  }
  return pageFiles;
}

/** An `openapi` value (string, array, or `{ source, directory }`) in its normalized form. */
function attachmentAt(config: LoadedConfig, openapi: JsonValue | undefined, pointer: string): SpecAttachment | undefined {
  if (openapi === undefined) return undefined;
  const location = config.locate(pointer);
  if (typeof openapi === 'string') return { sources: [openapi], pointer, location };
  if (Array.isArray(openapi)) {
    const sources = openapi.filter((s): s is string => typeof s === 'string');
    return sources.length ? { sources, pointer, location } : undefined;
  }
  if (isObject(openapi)) {
    const source = openapi.source;
    const sources = typeof source === 'string' ? [source] : Array.isArray(source) ? source.filter((s): s is string => typeof s === 'string') : [];
    if (!sources.length) return undefined;
    const attachment: SpecAttachment = { sources, pointer, location };
    if (typeof openapi.directory === 'string') attachment.directory = trimSlashes(openapi.directory);
    return attachment;
  }
  return undefined;
}

/** One walk of the navigation: the items found so far, and the pages listed per sidebar. */
class NavigationResolver {
  readonly diagnostics: Diagnostic[] = [];
  readonly pages: PageItem[] = [];
  readonly endpoints: EndpointItem[] = [];
  readonly attachments: SpecAttachment[] = [];
  private readonly firstListing = new Map<string, PageItem>();
  private readonly pageFiles: Map<string, string>;

  constructor(
    private readonly config: LoadedConfig,
    private readonly root: DocsRoot,
  ) {
    this.pageFiles = pageFilesOf(root);
    this.diagnostics.push(...caseCollisions(this.pageFiles));
  }

  /** The children of a node: its `pages`, `global` divisions and child divisions, in key order. */
  children(node: JsonObject, pointer: string, scope: SpecAttachment | undefined, sidebar: string): NavItem[] {
    const children: NavItem[] = [];
    for (const key of Object.keys(node)) {
      const childPointer = joinPointer(pointer, key);
      if (key === 'pages') {
        children.push(...this.pageList(node.pages!, childPointer, scope, sidebar));
      } else if (key === 'global' && isObject(node.global)) {
        for (const item of this.children(node.global, childPointer, scope, sidebar)) {
          if (item.type === 'division') item.extra = { ...item.extra, global: true };
          children.push(item);
        }
      } else if (Object.hasOwn(childKeys, key)) {
        const list = node[key];
        if (!Array.isArray(list)) continue;
        const kind = childKeys[key as ChildKey];
        list.forEach((child, index) => {
          if (isObject(child)) children.push(this.division(child, kind, joinPointer(childPointer, index), scope, sidebar));
        });
      }
    }
    return children;
  }

  private pageList(entries: JsonValue, pointer: string, scope: SpecAttachment | undefined, sidebar: string): NavItem[] {
    if (!Array.isArray(entries)) return [];
    const items: NavItem[] = [];
    entries.forEach((entry, index) => {
      const entryPointer = joinPointer(pointer, index);
      if (typeof entry === 'string') {
        const item = this.stringEntry(entry, entryPointer, scope, sidebar);
        if (item) items.push(item);
      } else if (isObject(entry) && typeof entry.group === 'string') {
        items.push(this.division(entry, 'group', entryPointer, scope, sidebar));
      } else if (isObject(entry)) {
        // The schema reports the wrong shape; still walk it so nested pages are checked.
        const kind = (Object.keys(childKeys) as ChildKey[]).find((k) => k in entry);
        if (kind) items.push(...this.children(entry, entryPointer, scope, sidebar));
      }
    });
    return items;
  }

  /** A string in `pages`: an endpoint reference or a page (the empty string is the schema's to report). */
  private stringEntry(entry: string, pointer: string, scope: SpecAttachment | undefined, sidebar: string): NavItem | undefined {
    if (entry.trim() === '') return undefined;
    const reading = readPagesEntry(entry, (id) => this.pageFiles.has(id) || this.pageFiles.has(`${id}/index`), this.root);
    if (reading.kind !== 'endpoint') return this.page(entry, pointer, scope, sidebar, reading.kind === 'neither' ? reading.why : undefined);
    const item: EndpointItem = { type: 'endpoint', reference: entry.trim(), parsed: reading.reference, pointer, location: this.config.locate(pointer) };
    if (scope) item.specScope = scope;
    this.endpoints.push(item);
    return item;
  }

  /** A page reference. `notAReference`: why the entry, which looks like an endpoint reference, was read as a page. */
  private page(reference: string, pointer: string, scope: SpecAttachment | undefined, sidebar: string, notAReference?: string): PageItem {
    const location = this.config.locate(pointer);
    const trimmed = reference.trim();
    const id = trimTrailingSlashes(trimmed.replace(/^\/+/, '').replace(/\.(mdx|md)$/, ''));
    const item: PageItem = { type: 'page', reference, id, pointer, location };
    if (scope) item.specScope = scope;
    const resolved = this.root.resolve(trimmed);
    if (!resolved.ok) {
      this.diagnostics.push(createDiagnostic(resolved.problem.code, resolved.problem.message, location));
      return item;
    }
    item.id = resolved.path.replace(/\.(mdx|md)$/, '');
    const file = this.pageFiles.get(item.id) ?? this.pageFiles.get(`${item.id}/index`);
    if (file) item.file = file;
    else this.diagnostics.push(this.missingPage(reference, item.id, location, notAReference));
    this.list(item, sidebar);
    return item;
  }

  private missingPage(reference: string, id: string, location: SourceLocation, notAReference: string | undefined): Diagnostic {
    const candidates = closestMatches(id, this.pageFiles.keys(), 3);
    const looked = `${id}.mdx, ${id}.md and ${id}/index.mdx`;
    return createDiagnostic(
      notAReference === undefined ? 'navigation/page-not-found' : 'navigation/unresolved-entry',
      notAReference === undefined
        ? `page "${reference}" has no file: looked for ${looked}`
        : `"${reference}" is neither a page (no ${id}.mdx, ${id}.md or ${id}/index.mdx) nor an endpoint reference (${notAReference})`,
      location,
      candidates.length ? { suggestion: `did you mean ${candidates.map((c) => `"${c}"`).join(' or ')}?` } : {},
    );
  }

  /** Records a page listing; reusing a page in another tab, version or language is normal, twice in one sidebar is a mistake. */
  private list(item: PageItem, sidebar: string): void {
    const listingKey = `${sidebar}\u0000${item.id}`;
    const first = this.firstListing.get(listingKey);
    if (first) {
      item.duplicate = true;
      this.diagnostics.push(
        createDiagnostic('navigation/duplicate-page', `page "${item.id}" is listed more than once in the same sidebar`, item.location, {
          related: [{ ...first.location, message: 'first listed here' }],
          suggestion: 'remove one of the entries; a page appears once in the navigation',
        }),
      );
    } else {
      this.firstListing.set(listingKey, item);
    }
    this.pages.push(item);
  }

  private division(node: JsonObject, kind: DivisionItem['kind'], pointer: string, outerScope: SpecAttachment | undefined, outerSidebar: string): DivisionItem {
    const label = node[labelKey[kind]];
    const item: DivisionItem = { type: 'division', kind, label: typeof label === 'string' ? label : '', pointer, location: this.config.locate(pointer), extra: {}, children: [] };
    const own = attachmentAt(this.config, node.openapi, joinPointer(pointer, 'openapi'));
    if (own) {
      item.spec = own;
      this.attachments.push(own);
    }
    const scope = own ?? outerScope;
    // Every division but a group opens a sidebar of its own (a tab, a version, a language...).
    const sidebar = kind === 'group' ? outerSidebar : pointer;
    if (scope) item.specScope = scope;
    if (node.icon !== undefined) item.icon = node.icon;
    if (typeof node.hidden === 'boolean') item.hidden = node.hidden;
    if (typeof node.href === 'string') item.href = node.href;
    if (typeof node.expanded === 'boolean') item.expanded = node.expanded;
    if (typeof node.tag === 'string') item.tag = node.tag;
    if (typeof node.root === 'string') item.root = this.page(node.root, joinPointer(pointer, 'root'), scope, sidebar);
    for (const [key, extra] of Object.entries(node)) if (!reservedNodeKeys.has(key)) item.extra[key] = extra;
    item.children = this.children(node, pointer, scope, sidebar);
    return item;
  }
}
