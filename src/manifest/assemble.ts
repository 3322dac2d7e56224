import type { Site } from '../config/index.js';
import { createDiagnostic, inStage, type Diagnostic, type SourceLocation } from '../diagnostics/index.js';
import type { Field } from '../fields/index.js';
import type { ParsedPage } from '../mdx/index.js';
import type { NavItem, NavTree } from '../navigation/index.js';
import type { OpenapiOutcome } from '../openapi/index.js';
import { isEndpointPage, resolveEndpoint, type ApiSettings } from '../precedence/index.js';
import { generatorName, generatorVersion } from '../version.js';
import { toNavNodes } from './navigation-nodes.js';
import type { Manifest, Page } from './types.js';

export interface AssemblyInput {
  site: Site;
  navigation: NavTree;
  /** The parsed MDX pages by page id, in navigation order. */
  mdxPages: ReadonlyMap<string, ParsedPage>;
  openapi: OpenapiOutcome;
  settings: ApiSettings;
}

/** Counts of what a manifest holds (the CLI's summary line). */
export interface ManifestStats {
  /** Pages in the manifest. */
  pages: number;
  /** Hand-written pages (kind `page` and `endpoint`). */
  mdxPages: number;
  /** Pages with endpoint data: MDX `api:`/`openapi:` pages and generated pages. */
  endpointPages: number;
  /** Pages generated from OpenAPI operations (kind `openapi`). */
  generatedPages: number;
  /** OpenAPI files loaded. */
  specs: number;
  /** Fields (params + response fields, nested included) across all pages. */
  fields: number;
}

/**
 * Puts the manifest together: every MDX page (with its endpoint data resolved by precedence or taken
 * from the spec its frontmatter names), every generated page, the navigation with generated groups
 * where their specs are attached. Two sources for one page id are an error naming both; the first wins.
 */
export function assembleManifest(input: AssemblyInput): { manifest: Manifest; diagnostics: Diagnostic[]; stats: ManifestStats } {
  const { openapi } = input;
  const diagnostics: Diagnostic[] = [];
  const pages: Record<string, Page> = {};
  const sources = new Map<string, { label: string; locate: () => SourceLocation }>();
  const addPage = (page: Page, sourceLabel: string, locate: () => SourceLocation = () => page.source): void => {
    const existing = sources.get(page.id);
    if (existing) {
      diagnostics.push(
        createDiagnostic('manifest/page-id-collision', `two pages resolve to the page id "${page.id}": ${existing.label} and ${sourceLabel}`, locate(), {
          related: [{ ...existing.locate(), message: `"${page.id}" first produced here` }],
          suggestion: 'rename one of them (for operations: x-docs.href or a different summary)',
        }),
      );
      return;
    }
    pages[page.id] = page;
    sources.set(page.id, { label: sourceLabel, locate });
  };

  for (const [id, parsed] of input.mdxPages) addPage(inStage('precedence', parsed.path, () => mdxPage(id, parsed, input.settings, openapi, diagnostics)), parsed.path);
  for (const generated of openapi.pages) addPage(generated.page, generated.sourceLabel, generated.locate);

  const navigation = toNavNodes(input.navigation.items, {
    pages,
    pageOf: (item: NavItem): string | undefined => (item.type === 'page' ? (item.file ? item.id : undefined) : openapi.endpointPageOf(item.pointer)),
    specOf: (item: NavItem): string | undefined => (item.type === 'division' ? openapi.specIdOf(item.specScope) : undefined),
    generatedAt: (pointer: string) => openapi.generatedNavAt(pointer),
  });
  const manifest: Manifest = {
    manifestVersion: 1,
    generator: { name: generatorName, version: generatorVersion },
    site: input.site,
    navigation,
    pages,
    openapi: openapi.specs,
    schemas: openapi.schemas,
    // Counted by the caller once every diagnostic (job checks, --strict) is known.
    diagnostics: { errors: 0, warnings: 0 },
  };
  return { manifest, diagnostics, stats: statsOf(manifest, input.mdxPages.size) };
}

function mdxPage(id: string, parsed: ParsedPage, settings: ApiSettings, openapi: OpenapiOutcome, diagnostics: Diagnostic[]): Page {
  const page: Page = {
    id,
    kind: 'page',
    title: parsed.title,
    source: { file: parsed.path, line: 1, column: 1 },
    frontmatter: parsed.frontmatter,
    hidden: parsed.hidden,
    contentHash: parsed.contentHash,
  };
  if (parsed.sidebarTitle !== undefined) page.sidebarTitle = parsed.sidebarTitle;
  if (parsed.description !== undefined) page.description = parsed.description;
  if (isEndpointPage(parsed)) {
    const endpoint = resolveEndpoint(parsed, settings);
    diagnostics.push(...endpoint.diagnostics);
    Object.assign(page, { kind: 'endpoint', ...endpoint.value, params: parsed.params, responseFields: parsed.responseFields });
  } else {
    // `openapi:` / `openapi-schema:` pages take their data from the spec.
    openapi.decorateMdxPage(page, parsed);
  }
  if (page.kind === 'page' && (parsed.params.length > 0 || parsed.responseFields.length > 0)) {
    page.params = parsed.params;
    page.responseFields = parsed.responseFields;
  }
  return page;
}

function countFields(fields: readonly Field[] | undefined): number {
  let n = 0;
  for (const field of fields ?? []) n += 1 + countFields(field.properties);
  return n;
}

function statsOf(manifest: Manifest, mdxPages: number): ManifestStats {
  let endpointPages = 0;
  let generatedPages = 0;
  let fields = 0;
  for (const page of Object.values(manifest.pages)) {
    if (page.kind === 'openapi') generatedPages++;
    if (page.kind !== 'page') endpointPages++;
    fields += countFields(page.params) + countFields(page.responseFields);
  }
  return { pages: Object.keys(manifest.pages).length, mdxPages, endpointPages, generatedPages, specs: Object.keys(manifest.openapi).length, fields };
}
