import {
  createDiagnostic,
  type Diagnostic,
  type JsonValue,
  type SourceLocation,
} from '../../diagnostics/index.js';
import type { NavNode, Page, Site, SpecSummary } from '../../manifest/types.js';
import type { ParsedPage } from '../../mdx/index.js';
import type { DivisionItem, EndpointItem, NavItem, NavTree, SpecAttachment } from '../../navigation/index.js';
import {
  createSpecLoader,
  describeOperation,
  describeSchemaPage,
  isRemoteSpecReference,
  matchSpecFile,
  parseEndpointReference,
  parseSchemaReference,
  planGeneratedPages,
  resolveEndpoint as resolveOperationReference,
  resolveSchema,
  SchemaTable,
  specCandidates,
  specSummary,
  type EndpointReference,
  type LoadedSpec,
  type OperationInfo,
  type PlannedPage,
  type SpecLoaderOptions,
} from '../index.js';
import type { DocsRoot } from '../../root/index.js';
import type { DiskCache } from '../../incremental/index.js';

export interface OpenapiInput {
  root: DocsRoot;
  tree: NavTree;
  /**
   * The parsed pages in navigation order, read last and one at a time (for `openapi:` frontmatter),
   * so the spec work overlaps page parsing.
   */
  parsedPages: AsyncIterable<ParsedPage> | Iterable<ParsedPage>;
  site: Site;
  offline: boolean;
  cacheDir: string;
  fetch?: typeof fetch;
  /** The incremental cache: spec validation results are kept by the content of the spec's files. */
  cache?: DiskCache;
}

/** What the OpenAPI stage contributes to the manifest, with lookups the assembly uses. */
export interface OpenapiOutcome {
  diagnostics: Diagnostic[];
  /** Pages generated from operations: explicit endpoint references and bulk generation. */
  /**
   * `locate` gives the operation's place in the spec (the manifest's `source` keeps only file and
   * pointer); a function, because positions in a spec are computed only when a diagnostic needs one.
   */
  pages: Array<{ page: Page; sourceLabel: string; locate: () => SourceLocation }>;
  specs: Record<string, SpecSummary>;
  schemas: Record<string, JsonValue>;
  /** Page id of the operation an endpoint entry (by pointer) resolved to. */
  endpointPageOf(pointer: string): string | undefined;
  /** Spec id (or ids, comma-joined) of an attachment. */
  specIdOf(attachment: SpecAttachment | undefined): string | undefined;
  /** Groups generated for a division (by pointer). */
  generatedNavAt(pointer: string): NavNode[];
  /** Fills endpoint data into an MDX page whose frontmatter names an operation or schema. */
  decorateMdxPage(page: Page, parsed: ParsedPage): void;
}

const operationKey = (spec: LoadedSpec, op: OperationInfo): string => `${spec.id}#${op.pointer}`;

/**
 * Loads every spec the navigation and the pages name (each once), resolves endpoint references,
 * generates pages for specs attached without explicit references, and prepares the data of
 * `openapi:` / `openapi-schema:` MDX pages.
 */
export async function resolveOpenapi(input: OpenapiInput): Promise<OpenapiOutcome> {
  const { root, tree } = input;
  const diagnostics: Diagnostic[] = [];
  const loader = createSpecLoader(root, {
    offline: input.offline,
    cacheDir: input.cacheDir,
    ...(input.fetch ? { fetch: input.fetch } : {}),
    ...(input.cache ? { validationCache: specValidationCache(input.cache) } : {}),
  });
  // Listing candidate spec files scans every file of the root: once per set of loaded specs, not per page.
  let lastCandidates: { key: string; value: string[] } = { key: '\u0000', value: [] };
  const schemas = new SchemaTable();
  const playgroundDisplay = input.site.api.playground.display;

  const load = async (reference: string, at: SourceLocation): Promise<LoadedSpec | undefined> => {
    const result = await loader.load(reference, at);
    diagnostics.push(...result.diagnostics);
    return result.value;
  };

  // Specs of every attachment, in config order.
  const attachmentSpecs = new Map<SpecAttachment, LoadedSpec[]>();
  const allAttachments = tree.globalSpec ? [tree.globalSpec, ...tree.attachments] : tree.attachments;
  for (const attachment of allAttachments) {
    const specs: LoadedSpec[] = [];
    for (const source of attachment.sources) {
      const spec = await load(source, attachment.location);
      if (spec) specs.push(spec);
    }
    attachmentSpecs.set(attachment, specs);
  }

  // Page ids of operations follow the bulk-generation plan of their spec (per output directory), so an
  // explicitly referenced operation gets the same URL it would get if generated.
  const plans = new Map<string, Map<string, PlannedPage>>();
  const planFor = (spec: LoadedSpec, directory: string | undefined): Map<string, PlannedPage> => {
    const key = `${spec.id}\u0000${directory ?? ''}`;
    let plan = plans.get(key);
    if (!plan) {
      plan = new Map(planGeneratedPages(spec, directory !== undefined ? { directory } : {}).map((p) => [p.operation.pointer, p]));
      plans.set(key, plan);
    }
    return plan;
  };

  const pages: OpenapiOutcome['pages'] = [];
  const pageById = new Map<string, Page>();
  const pageOfOperation = new Map<string, string>();
  const endpointPages = new Map<string, string>();
  const referencedBySpec = new Map<string, Set<string>>();

  const operationPage = (spec: LoadedSpec, op: OperationInfo, pageId: string): string => {
    const key = operationKey(spec, op);
    const existing = pageOfOperation.get(key);
    if (existing) return existing;
    const page: Page = { ...describeOperation(spec, op, { playgroundDisplay, schemas }), id: pageId };
    pageById.set(pageId, page);
    pages.push({
      page,
      sourceLabel: `${op.webhook !== undefined ? `webhook ${op.webhook}` : `${op.method} ${op.path}`} in ${spec.id}`,
      locate: () => spec.locate(op.pointer, 'key'),
    });
    pageOfOperation.set(key, pageId);
    return pageId;
  };

  const knownSpecs = (): string[] => loader.loaded().map((s) => s.id);

  const specsInScope = (scope: SpecAttachment | undefined): LoadedSpec[] => (scope ? (attachmentSpecs.get(scope) ?? []) : []);

  // Explicit endpoint references in `pages`.
  for (const item of tree.endpoints) {
    const parsed = parseEndpointReference(item.reference, { context: 'pages', knownSpecs: knownSpecs() });
    if (parsed.kind === 'page' || parsed.kind === 'invalid') {
      const message = parsed.kind === 'invalid' ? parsed.message : `"${item.reference}" is not an endpoint reference`;
      diagnostics.push(createDiagnostic('openapi/invalid-reference', message, item.location, { suggestion: 'write "METHOD /path", "<file> METHOD /path" or "webhook <name>"' }));
      continue;
    }
    const target = await specForReference(parsed, item);
    if (!target) continue;
    const resolved = resolveOperationReference(target.spec, parsed, item.location);
    diagnostics.push(...resolved.diagnostics);
    const op = resolved.value;
    if (!op) continue;
    let referenced = referencedBySpec.get(target.spec.id);
    if (!referenced) referencedBySpec.set(target.spec.id, (referenced = new Set()));
    referenced.add(op.pointer);
    if (op.hidden) continue;
    const planned = planFor(target.spec, target.directory).get(op.pointer);
    endpointPages.set(item.pointer, operationPage(target.spec, op, planned?.pageId ?? fallbackId(op)));
  }

  async function specForReference(reference: EndpointReference, item: EndpointItem): Promise<{ spec: LoadedSpec; directory?: string } | undefined> {
    if (reference.file !== undefined) {
      const spec = await load(reference.file, item.location);
      return spec ? { spec } : undefined;
    }
    const scoped = specsInScope(item.specScope);
    if (!item.specScope) {
      diagnostics.push(
        createDiagnostic('navigation/no-spec-in-scope', `"${item.reference}" is an endpoint reference, but no OpenAPI file is in scope here`, item.location, {
          suggestion: 'set "openapi" on the enclosing group or tab, or name the file: "<file> METHOD /path"',
        }),
      );
      return undefined;
    }
    if (scoped.length === 0) return undefined; // The spec failed to load; that was reported.
    if (scoped.length === 1 || reference.kind === 'webhook') return withDirectory(scoped[0]!, item.specScope);
    // Several specs in scope: the one that has the operation.
    const holder = scoped.find((spec) => resolveOperationReference(spec, reference, item.location).value !== undefined);
    return withDirectory(holder ?? scoped[0]!, item.specScope);
  }

  // Bulk generation where a spec is attached without explicit references to it below.
  const generatedNav = new Map<string, NavNode[]>();
  const walk = (items: readonly NavItem[]): void => {
    for (const item of items) {
      if (item.type !== 'division') continue;
      if (item.spec) generateAt(item);
      walk(item.children);
    }
  };
  const generateAt = (division: DivisionItem): void => {
    const specs = attachmentSpecs.get(division.spec!) ?? [];
    const referencedBelow = referencedSpecsBelow(division, tree, endpointSpecOf);
    const nav: NavNode[] = [];
    for (const spec of specs) {
      const visible = [...spec.operations, ...spec.webhooks].filter((op) => !op.hidden);
      if (referencedBelow.has(spec.id)) {
        const explicit = referencedBySpec.get(spec.id)?.size ?? 0;
        const skipped = Math.max(0, visible.length - explicit);
        if (skipped > 0) {
          diagnostics.push(
            createDiagnostic('openapi/bulk-generation-off', `${division.label || division.kind} lists endpoints of ${spec.id} explicitly, so its other ${skipped} operation${skipped === 1 ? ' was' : 's were'} not generated`, division.spec!.location),
          );
        }
        continue;
      }
      const groups = new Map<string, NavNode>();
      for (const planned of planFor(spec, division.spec!.directory).values()) {
        const id = operationPage(spec, planned.operation, planned.pageId);
        let group = groups.get(planned.group);
        if (!group) {
          group = { kind: 'group', label: planned.group, children: [], openapi: spec.id };
          groups.set(planned.group, group);
          nav.push(group);
        }
        group.children.push({ kind: 'page', label: pageTitle(id), page: id, children: [] });
      }
    }
    if (nav.length) generatedNav.set(division.pointer, nav);
  };
  const pageTitle = (id: string): string => {
    const page = pageById.get(id);
    return page?.sidebarTitle ?? page?.title ?? id;
  };
  const endpointSpecOf = (item: EndpointItem): string | undefined => {
    const pageId = endpointPages.get(item.pointer);
    if (!pageId) {
      // Unresolved or hidden references still count as explicit references to their spec.
      const parsed = parseEndpointReference(item.reference, { context: 'pages', knownSpecs: knownSpecs() });
      if (parsed.kind === 'operation' || parsed.kind === 'webhook') {
        if (parsed.file !== undefined) return loader.loaded().find((s) => s.id === parsed.file?.replace(/^\/+/, ''))?.id;
        return specsInScope(item.specScope)[0]?.id;
      }
      return undefined;
    }
    return pageById.get(pageId)?.operation?.spec;
  };
  walk(tree.items);

  // `openapi:` and `openapi-schema:` frontmatter.
  const mdxDecorations = new Map<string, (page: Page) => void>();
  const pageScopes = new Map<string, SpecAttachment | undefined>();
  for (const item of tree.pages) if (item.file && !pageScopes.has(item.file)) pageScopes.set(item.file, item.specScope);
  for await (const parsed of input.parsedPages) {
    if (parsed.api) continue; // Hand-written endpoint pages take their data from the page itself.
    const scope = pageScopes.get(parsed.path) ?? tree.globalSpec;
    if (parsed.openapiRef) {
      const decorate = await frontmatterOperation(parsed, scope);
      if (decorate) mdxDecorations.set(parsed.path, decorate);
    } else if (parsed.openapiSchemaRef) {
      const decorate = await frontmatterSchema(parsed, scope);
      if (decorate) mdxDecorations.set(parsed.path, decorate);
    }
  }

  async function frontmatterSpec(file: string | undefined, scope: SpecAttachment | undefined, at: SourceLocation): Promise<LoadedSpec | undefined> {
    if (file !== undefined) {
      // A path leaving the root is refused as such, before it is matched against the spec files in it.
      const boundary = isRemoteSpecReference(file) ? undefined : root.boundaryProblem(file.trim());
      if (boundary) {
        diagnostics.push(createDiagnostic(boundary.code, boundary.message, at));
        return undefined;
      }
      const known = knownSpecs();
      const candidatesKey = known.join('\n');
      if (candidatesKey !== lastCandidates.key) lastCandidates = { key: candidatesKey, value: specCandidates(root, known) };
      const candidates = lastCandidates.value;
      const matched = matchSpecFile(file, candidates, at);
      diagnostics.push(...matched.diagnostics);
      return matched.value === undefined ? undefined : load(matched.value, at);
    }
    const scoped = specsInScope(scope);
    if (scoped.length > 0) return scoped[0];
    const loaded = loader.loaded();
    if (loaded.length === 1) return loaded[0];
    diagnostics.push(
      createDiagnostic('navigation/no-spec-in-scope', 'this openapi reference names no file, and no single OpenAPI file is in scope for the page', at, {
        suggestion: 'write the file first: "openapi.json GET /path"',
      }),
    );
    return undefined;
  }

  async function frontmatterOperation(parsed: ParsedPage, scope: SpecAttachment | undefined): Promise<((page: Page) => void) | undefined> {
    const ref = parsed.openapiRef!;
    const reference = parseEndpointReference(ref.value, { context: 'frontmatter', knownSpecs: knownSpecs() });
    if (reference.kind === 'invalid' || reference.kind === 'page') {
      diagnostics.push(createDiagnostic('mdx/invalid-openapi-reference', reference.kind === 'invalid' ? reference.message : `"${ref.value}" is not an endpoint reference`, ref.location));
      return undefined;
    }
    const spec = await frontmatterSpec(reference.file, scope, ref.location);
    if (!spec) return undefined;
    const resolved = resolveOperationReference(spec, reference, ref.location);
    diagnostics.push(...resolved.diagnostics);
    const op = resolved.value;
    if (!op) return undefined;
    const described = describeOperation(spec, op, { playgroundDisplay, schemas });
    return (page) => {
      const { title, sidebarTitle, description, source: _source, contentHash: _hash, kind: _kind, hidden: _hidden, ...endpointData } = described;
      Object.assign(page, endpointData, { kind: 'endpoint' as const });
      // Frontmatter wins over x-docs.metadata and the operation's summary.
      if (typeof parsed.frontmatter.title !== 'string') page.title = title;
      if (parsed.sidebarTitle === undefined && sidebarTitle !== undefined) page.sidebarTitle = sidebarTitle;
      if (parsed.description === undefined && description !== undefined) page.description = description;
      if (parsed.hidden) page.hidden = true;
    };
  }

  async function frontmatterSchema(parsed: ParsedPage, scope: SpecAttachment | undefined): Promise<((page: Page) => void) | undefined> {
    const ref = parsed.openapiSchemaRef!;
    const reference = parseSchemaReference(ref.value);
    if (reference.kind === 'invalid') {
      diagnostics.push(createDiagnostic('mdx/invalid-openapi-reference', reference.message, ref.location));
      return undefined;
    }
    const spec = await frontmatterSpec(reference.file, scope, ref.location);
    if (!spec) return undefined;
    const resolved = resolveSchema(spec, reference.name, ref.location);
    diagnostics.push(...resolved.diagnostics);
    if (resolved.value === undefined) return undefined;
    const schema = describeSchemaPage(spec, resolved.value, schemas);
    if (!schema?.schema) return undefined;
    const { schema: schemaRef } = schema;
    return (page) => {
      page.schema = schemaRef;
      if (typeof parsed.frontmatter.title !== 'string') page.title = schema.title;
      if (parsed.description === undefined && schema.description !== undefined) page.description = schema.description;
    };
  }

  const specs: Record<string, SpecSummary> = {};
  for (const spec of loader.loaded()) specs[spec.id] = specSummary(spec);

  return {
    diagnostics,
    pages,
    specs,
    schemas: schemas.toJSON(),
    endpointPageOf: (pointer) => endpointPages.get(pointer),
    specIdOf: (attachment) => {
      const ids = specsInScope(attachment).map((s) => s.id);
      return ids.length ? ids.join(',') : undefined;
    },
    generatedNavAt: (pointer) => generatedNav.get(pointer) ?? [],
    decorateMdxPage: (page, parsed) => mdxDecorations.get(parsed.path)?.(page),
  };
}

function withDirectory(spec: LoadedSpec, scope: SpecAttachment): { spec: LoadedSpec; directory?: string } {
  return scope.directory !== undefined ? { spec, directory: scope.directory } : { spec };
}

function fallbackId(op: OperationInfo): string {
  return `api-reference/${op.method.toLowerCase()}${op.path.replace(/[^a-zA-Z0-9]+/g, '-')}`.replace(/-+$/, '');
}

/** Spec ids that endpoint references inside a division (its subtree) point at. */
function referencedSpecsBelow(division: DivisionItem, _tree: NavTree, specOf: (item: EndpointItem) => string | undefined): Set<string> {
  const found = new Set<string>();
  const visit = (items: readonly NavItem[]): void => {
    for (const item of items) {
      if (item.type === 'endpoint') {
        const id = specOf(item);
        if (id) found.add(id);
      } else if (item.type === 'division') visit(item.children);
    }
  };
  visit(division.children);
  return found;
}

function specValidationCache(cache: DiskCache): NonNullable<SpecLoaderOptions['validationCache']> {
  return {
    get: (contentKey) => cache.get<Diagnostic[]>('specs', cache.key('spec-validation', contentKey)),
    set: (contentKey, diagnostics) => cache.set('specs', cache.key('spec-validation', contentKey), diagnostics),
  };
}
