import type { Site } from '../config/index.js';
import { createDiagnostic, inStage, type Diagnostic, type SourceLocation } from '../diagnostics/index.js';
import { generateCodeSamples, type Field } from '../fields/index.js';
import { servedPath } from '../links/index.js';
import type { ParsedPage } from '../mdx/index.js';
import type { NavItem, NavTree } from '../navigation/index.js';
import type { GeneratedGroup, OpenapiOutcome, OperationPage, SchemaPage } from '../openapi/index.js';
import { isEndpointPage, resolveEndpoint, resolveOperationEndpoint, type ApiSettings, type ResolvedOperationEndpoint } from '../precedence/index.js';
import { generatorName, generatorVersion } from '../version.js';
import { toNavNodes } from './navigation-nodes.js';
import type { Manifest, NavNode, Page } from './types.js';

export interface AssemblyInput {
  site: Site;
  navigation: NavTree;
  /** The parsed MDX pages by page id, in navigation order. */
  mdxPages: ReadonlyMap<string, ParsedPage>;
  openapi: OpenapiOutcome;
  settings: ApiSettings;
  /** Published pages outside the navigation (reachable by URL), in path order. */
  unlistedPages?: ReadonlyArray<{ id: string; page: ParsedPage }>;
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
  /** Page id by the path it is served at: `x` and `x/index` are one URL. */
  const servedBy = new Map<string, string>();
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
    const served = servedPath(page.id);
    const other = servedBy.get(served);
    if (other !== undefined) {
      diagnostics.push(
        createDiagnostic('manifest/page-id-collision', `the pages "${other}" and "${page.id}" are both served at /${served}: ${sources.get(other)!.label} and ${sourceLabel}`, locate(), {
          related: [{ ...sources.get(other)!.locate(), message: `"${other}" is served at /${served}` }],
          suggestion: `keep one of them: a folder's index page is served at the folder's URL`,
        }),
      );
      return;
    }
    pages[page.id] = page;
    sources.set(page.id, { label: sourceLabel, locate });
    servedBy.set(served, page.id);
  };

  for (const [id, parsed] of input.mdxPages) addPage(inStage('precedence', parsed.path, () => mdxPage(id, parsed, true, input.settings, openapi, diagnostics)), parsed.path);
  for (const generated of openapi.pages) {
    const page = inStage('precedence', generated.page.source.file, () => operationPage(generated.id, generated.page, input.settings));
    addPage(page, generated.sourceLabel, generated.locate);
  }
  // Last, so that a file outside the navigation never displaces a listed or generated page at its URL.
  for (const { id, page: parsed } of input.unlistedPages ?? []) {
    const shadowed = shadowedPage(id, parsed.path, pages, sources);
    if (shadowed) diagnostics.push(shadowed);
    else addPage(inStage('precedence', parsed.path, () => mdxPage(id, parsed, false, input.settings, openapi, diagnostics)), parsed.path);
  }

  const navigation = toNavNodes(input.navigation.items, {
    pages,
    pageOf: (item: NavItem): string | undefined => (item.type === 'page' ? (item.file ? item.id : undefined) : openapi.endpointPageOf(item.pointer)),
    specOf: (item: NavItem): string | undefined => (item.type === 'division' ? openapi.specIdOf(item.specScope) : undefined),
    generatedAt: (pointer: string) => openapi.generatedNavAt(pointer).map(groupNode),
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
  return { manifest, diagnostics, stats: statsOf(manifest, input.mdxPages.size + (input.unlistedPages?.length ?? 0)) };
}

function mdxPage(id: string, parsed: ParsedPage, inNavigation: boolean, settings: ApiSettings, openapi: OpenapiOutcome, diagnostics: Diagnostic[]): Page {
  const page: Page = {
    id,
    kind: 'page',
    title: parsed.title,
    source: { file: parsed.path, line: 1, column: 1 },
    frontmatter: parsed.frontmatter,
    hidden: parsed.hidden,
    inNavigation,
    contentHash: parsed.contentHash,
  };
  if (parsed.sidebarTitle !== undefined) page.sidebarTitle = parsed.sidebarTitle;
  if (parsed.description !== undefined) page.description = parsed.description;
  if (isEndpointPage(parsed)) {
    const endpoint = resolveEndpoint(parsed, settings);
    diagnostics.push(...endpoint.diagnostics);
    Object.assign(page, { kind: 'endpoint', ...endpoint.value, params: parsed.params, responseFields: parsed.responseFields });
    if (parsed.examples) page.examples = parsed.examples;
    const samples = page.api ? generateCodeSamples({ ...page, api: page.api }) : [];
    if (samples.length > 0) page.codeSamples = samples;
  } else {
    // `openapi:` / `openapi-schema:` pages take their data from the spec.
    const fromSpec = openapi.frontmatterDataOf(parsed.path);
    if (fromSpec?.kind === 'operation') takeOperation(page, parsed, fromSpec.data, settings);
    else if (fromSpec?.kind === 'schema') takeSchema(page, parsed, fromSpec.data);
  }
  if (page.kind === 'page' && (parsed.params.length > 0 || parsed.responseFields.length > 0)) {
    page.params = parsed.params;
    page.responseFields = parsed.responseFields;
  }
  return page;
}

/**
 * The manifest page of an operation: what the spec describes, with auth and playground resolved by
 * precedence. Keys in a fixed order, so the manifest's bytes depend only on the input.
 */
function operationPage(id: string, described: OperationPage, settings: ApiSettings): Page {
  const { endpoint, ...data } = described;
  const resolved = resolveOperationEndpoint(endpoint, settings);
  // The id goes last, where the manifest has always had it on operation pages.
  const page = { kind: data.kind, title: data.title, source: data.source, hidden: data.hidden, inNavigation: true, contentHash: data.contentHash } as Page;
  if (data.sidebarTitle !== undefined) page.sidebarTitle = data.sidebarTitle;
  if (data.description !== undefined) page.description = data.description;
  if (data.frontmatter !== undefined) page.frontmatter = data.frontmatter;
  if (data.deprecated) page.deprecated = true;
  Object.assign(page, endpointData(data, resolved));
  page.id = id;
  return page;
}

/** The endpoint part of an operation's page, as an `openapi:` MDX page also takes it. */
function endpointData(data: Omit<OperationPage, 'endpoint'>, resolved: ResolvedOperationEndpoint): Partial<Page> {
  const part: Partial<Page> = { api: data.api };
  if (resolved.auth) part.auth = resolved.auth;
  part.playground = resolved.playground;
  part.params = data.params;
  part.responseFields = data.responseFields;
  part.operation = data.operation;
  if (data.content !== undefined) part.xDocsContent = data.content;
  // The API page data (docs/manifest.md#api-pages), in one key order; samples use the resolved auth.
  if (data.requestBody) part.requestBody = data.requestBody;
  if (data.responses) part.responses = data.responses;
  if (data.servers) part.servers = data.servers;
  if (data.security) part.security = data.security;
  if (data.examples) part.examples = data.examples;
  const samples = data.codeSamples ?? generateCodeSamples({ ...data, ...(resolved.auth ? { auth: resolved.auth } : {}) });
  if (samples.length > 0) part.codeSamples = samples;
  return part;
}

/** An `openapi:` MDX page: the operation's data under the page's own frontmatter (title, sidebarTitle, description, hidden). */
function takeOperation(page: Page, parsed: ParsedPage, described: OperationPage, settings: ApiSettings): void {
  const { endpoint, ...data } = described;
  if (data.deprecated) page.deprecated = true;
  Object.assign(page, endpointData(data, resolveOperationEndpoint(endpoint, settings)), { kind: 'endpoint' as const });
  if (typeof parsed.frontmatter.title !== 'string') page.title = data.title;
  if (parsed.sidebarTitle === undefined && data.sidebarTitle !== undefined) page.sidebarTitle = data.sidebarTitle;
  if (parsed.description === undefined && data.description !== undefined) page.description = data.description;
  if (parsed.hidden) page.hidden = true;
}

/** An `openapi-schema:` MDX page: the schema's key, title and description under the page's frontmatter. */
function takeSchema(page: Page, parsed: ParsedPage, schema: SchemaPage): void {
  page.schema = schema.schema;
  if (typeof parsed.frontmatter.title !== 'string') page.title = schema.title;
  if (parsed.description === undefined && schema.description !== undefined) page.description = schema.description;
}

/** A generated group in the manifest's navigation. */
function groupNode(group: GeneratedGroup): NavNode {
  return {
    kind: 'group',
    label: group.label,
    children: group.pages.map((page) => ({ kind: 'page', label: page.label, page: page.id, children: [] })),
    openapi: group.spec,
  };
}

/**
 * An MDX page that is not in the navigation but sits at the URL of a generated endpoint page (what a
 * migration to OpenAPI leaves behind without --delete-pages): the service would serve one of the two.
 */
function shadowedPage(id: string, file: string, pages: Record<string, Page>, sources: ReadonlyMap<string, { label: string; locate: () => SourceLocation }>): Diagnostic | undefined {
  if (pages[id]?.kind !== 'openapi') return undefined;
  const generated = sources.get(id)!;
  return createDiagnostic('manifest/page-id-collision', `${file} is not in the navigation but sits at /${id}, the URL of the page generated for ${generated.label}`, { file, line: 1, column: 1 }, {
    related: [{ ...generated.locate(), message: `the page at /${id}` }],
    suggestion: 'delete the MDX file (migrate check --write --delete-pages does it), or give the operation another URL with x-mint.href',
  });
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
