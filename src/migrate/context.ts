import { readConfiguration, type LoadedConfig } from '../config/index.js';
import { createDiagnostic, type Diagnostic } from '../diagnostics/index.js';
import type { Site } from '../config/index.js';
import { parseMdxPage, type ParsedPage } from '../mdx/index.js';
import { resolveNavigation, type DivisionItem, type NavItem, type NavTree } from '../navigation/index.js';
import { apiSettingsFromSite, isEndpointPage, resolveEndpoint, type ApiSettings, type EndpointPage, type ResolvedEndpoint } from '../precedence/index.js';
import { DocsRoot } from '../root/index.js';

/** A docs root read as far as the migration needs: configuration, navigation, API settings. */
export interface MigrationContext {
  root: DocsRoot;
  config: LoadedConfig;
  site: Site;
  settings: ApiSettings;
  tree: NavTree;
}

/** Opens the root and reads docs.json and the navigation; undefined (with the reasons) when that fails. */
export function openContext(rootOrDir: DocsRoot | string): { context?: MigrationContext; diagnostics: Diagnostic[] } {
  const root = typeof rootOrDir === 'string' ? DocsRoot.open(rootOrDir) : rootOrDir;
  if (!root) {
    return { diagnostics: [createDiagnostic('root/not-found', `the docs root "${String(rootOrDir)}" does not exist or is not a folder`)] };
  }
  // The same configuration stage as build: a docs.json of the wrong shape is reported, never a crash.
  const configured = readConfiguration(root);
  if (!configured.value) return { diagnostics: configured.diagnostics };
  const { config, site, origins } = configured.value;
  // Navigation problems (missing pages, duplicates) are `docs-build check`'s to report; the migration
  // reports only what concerns the pages it moves.
  const tree = resolveNavigation(config, root).value;
  return { context: { root, config, site, settings: apiSettingsFromSite(site.api, origins), tree }, diagnostics: configured.diagnostics };
}

/** A hand-written API page with what the MDX and precedence stages said about it. */
export interface ApiPage {
  page: EndpointPage;
  endpoint: ResolvedEndpoint;
  /** MDX and precedence diagnostics of the page (reported once per file). */
  diagnostics: Diagnostic[];
}

/**
 * Parses the pages of the navigation once each and keeps those with `api:` frontmatter. A page with a
 * broken `api:` line keeps its MDX diagnostics (so the user learns why it is not migrated) but is left out.
 */
export function readApiPages(context: MigrationContext): { pages: Map<string, ApiPage>; diagnostics: Diagnostic[] } {
  const pages = new Map<string, ApiPage>();
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const item of context.tree.pages) {
    if (!item.file || seen.has(item.file)) continue;
    seen.add(item.file);
    const read = context.root.read(item.file);
    if (!read.ok || !mayHaveApiKey(read.file.text)) continue;
    const parsed = parseMdxPage(read.file);
    const page: ParsedPage = parsed.value;
    if (!('api' in page.frontmatter)) continue;
    if (!isEndpointPage(page)) {
      diagnostics.push(...parsed.diagnostics);
      continue;
    }
    const endpoint = resolveEndpoint(page, context.settings);
    pages.set(item.file, { page, endpoint: endpoint.value, diagnostics: [...parsed.diagnostics, ...endpoint.diagnostics] });
  }
  return { pages, diagnostics };
}

/**
 * A cheap look at the frontmatter before the MDX parse (about 10 ms a page): only pages whose
 * frontmatter has an `api` key can be hand-written API pages, and most pages of a site are not.
 */
function mayHaveApiKey(text: string): boolean {
  const match = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  return match !== null && /^[ \t]*["']?api["']?\s*:/m.test(match[1]!);
}

/** The division whose own `openapi` is `attachment` (undefined for `api.openapi`). */
export function divisionOf(tree: NavTree, attachment: object | undefined): DivisionItem | undefined {
  if (!attachment) return undefined;
  const visit = (items: readonly NavItem[]): DivisionItem | undefined => {
    for (const item of items) {
      if (item.type !== 'division') continue;
      if (item.spec === attachment) return item;
      const found = visit(item.children);
      if (found) return found;
    }
    return undefined;
  };
  return visit(tree.items);
}

/** Label of the innermost group (or other division) listing each page entry, by the entry's pointer. */
export function enclosingLabels(tree: NavTree): Map<string, string> {
  const labels = new Map<string, string>();
  const visit = (items: readonly NavItem[], label: string | undefined): void => {
    for (const item of items) {
      if (item.type === 'division') {
        if (item.root) labels.set(item.root.pointer, item.label || label || '');
        visit(item.children, item.label || label);
      } else if (item.type === 'page' && label) labels.set(item.pointer, label);
    }
  };
  visit(tree.items, undefined);
  return labels;
}

