import { createDiagnostic, inStage, type Diagnostic, type SourceLocation } from '../../diagnostics/index.js';
import type { EndpointReference, SpecAttachment } from '../../navigation/index.js';
import type { DocsRoot } from '../../root/index.js';
import { describeOperation, type DescribeOptions } from '../describe.js';
import { planGeneratedPages, type PlannedPage } from '../generate.js';
import { createSpecLoader, type SpecLoaderOptions } from '../loader.js';
import { resolveEndpoint } from '../match.js';
import { isRemoteSpecReference } from '../remote.js';
import { matchSpecFile, specCandidates } from '../references.js';
import { SchemaTable } from '../schema.js';
import type { LoadedSpec, OperationInfo, OperationPage } from '../types.js';

export interface SessionOptions extends Pick<SpecLoaderOptions, 'offline' | 'cacheDir' | 'fetch' | 'validationCache'> {
  /** `api.playground.display` of the site: the default playground of generated pages. */
  playgroundDisplay?: DescribeOptions['playgroundDisplay'];
}

/** A generated page with how to name and locate its source (positions only when a diagnostic needs one). */
export interface GeneratedPage {
  id: string;
  page: OperationPage;
  sourceLabel: string;
  locate: () => SourceLocation;
}

/**
 * What every part of the OpenAPI stage (and the migration checker) shares in one run: each spec loaded
 * once, the bulk-generation plan of each spec and output folder (so an explicitly referenced operation
 * gets the URL it would get if generated), each operation described once, the shared schema table,
 * and the pages made from operations. Diagnostics collect here in the order the work was done.
 */
export class OpenapiSession {
  readonly diagnostics: Diagnostic[] = [];
  readonly schemas = new SchemaTable();
  readonly pages: GeneratedPage[] = [];
  private readonly loader;
  private readonly plans = new Map<string, Map<string, PlannedPage>>();
  private readonly described = new Map<string, OperationPage>();
  private readonly pageOfOperation = new Map<string, string>();
  private readonly pageById = new Map<string, OperationPage>();
  private readonly attachmentSpecs = new Map<SpecAttachment, LoadedSpec[]>();
  // Listing candidate spec files scans every file of the root: once per set of loaded specs, not per page.
  private candidates: { key: string; value: string[] } = { key: '\u0000', value: [] };

  constructor(
    readonly root: DocsRoot,
    private readonly options: SessionOptions = {},
  ) {
    this.loader = createSpecLoader(root, options);
  }

  /** Loads a spec by reference (memoised by the loader); its diagnostics join the session's. */
  async load(reference: string, at: SourceLocation): Promise<LoadedSpec | undefined> {
    const result = await inStage('openapi', reference, () => this.loader.load(reference, at));
    this.diagnostics.push(...result.diagnostics);
    if (result.value === undefined) this.noteFailure(reference, at, result.diagnostics);
    return result.value;
  }

  // The errors of each spec that failed to load, and where else it was asked for (pages that take their API reference from it).
  private readonly failures = new Map<string, { errors: Set<Diagnostic>; usedAt: SourceLocation[] }>();

  private noteFailure(reference: string, at: SourceLocation, diagnostics: readonly Diagnostic[]): void {
    const key = reference.trim().replace(/^\.?\/+/, '');
    const known = this.failures.get(key);
    if (known) known.usedAt.push(at);
    else {
      const errors = diagnostics.filter((d) => d.severity === 'error');
      if (errors.length > 0) this.failures.set(key, { errors: new Set(errors), usedAt: [] });
    }
  }

  /**
   * The session's diagnostics, each error of a spec that failed to load naming the pages and entries that
   * use the spec as related locations: reported once, at the spec, and shown on each page it leaves
   * without its API reference (a page shows the diagnostics that name it).
   */
  finalDiagnostics(): Diagnostic[] {
    const uses = new Map<Diagnostic, SourceLocation[]>();
    for (const { errors, usedAt } of this.failures.values()) if (usedAt.length > 0) for (const error of errors) uses.set(error, usedAt);
    if (uses.size === 0) return this.diagnostics;
    return this.diagnostics.map((diagnostic) => {
      const usedAt = uses.get(diagnostic);
      if (!usedAt) return diagnostic;
      const related = [...(diagnostic.related ?? []), ...usedAt.map((at) => ({ ...at, message: 'uses this file, which could not be read' }))];
      return { ...diagnostic, related };
    });
  }

  /** Same as `load`, with the spec's own diagnostics returned instead of kept (the migration sorts them per spec). */
  loadWithDiagnostics(reference: string, at: SourceLocation): ReturnType<ReturnType<typeof createSpecLoader>['load']> {
    return this.loader.load(reference, at);
  }

  loaded(): LoadedSpec[] {
    return this.loader.loaded();
  }

  /** Loads the specs of every attachment, in config order. */
  async attach(attachments: readonly SpecAttachment[]): Promise<void> {
    for (const attachment of attachments) {
      const specs: LoadedSpec[] = [];
      for (const source of attachment.sources) {
        const spec = await this.load(source, attachment.location);
        if (spec) specs.push(spec);
      }
      this.attachmentSpecs.set(attachment, specs);
    }
  }

  specsInScope(scope: SpecAttachment | undefined): LoadedSpec[] {
    return scope ? (this.attachmentSpecs.get(scope) ?? []) : [];
  }

  /** Spec id (or ids, comma-joined) of an attachment. */
  specIdOf(attachment: SpecAttachment | undefined): string | undefined {
    const ids = this.specsInScope(attachment).map((spec) => spec.id);
    return ids.length ? ids.join(',') : undefined;
  }

  planFor(spec: LoadedSpec, directory: string | undefined): Map<string, PlannedPage> {
    const key = `${spec.id}\u0000${directory ?? ''}`;
    let plan = this.plans.get(key);
    if (!plan) {
      plan = new Map(planGeneratedPages(spec, directory !== undefined ? { directory } : {}).map((p) => [p.operation.pointer, p]));
      this.plans.set(key, plan);
    }
    return plan;
  }

  describe(spec: LoadedSpec, op: OperationInfo): OperationPage {
    const key = operationKey(spec, op);
    let page = this.described.get(key);
    if (!page) {
      page = inStage('openapi', spec.id, () => describeOperation(spec, op, { playgroundDisplay: this.options.playgroundDisplay ?? null, schemas: this.schemas }));
      this.described.set(key, page);
    }
    return page;
  }

  /** The page of an operation, made once under the first id asked for. */
  operationPage(spec: LoadedSpec, op: OperationInfo, pageId: string): string {
    const key = operationKey(spec, op);
    const existing = this.pageOfOperation.get(key);
    if (existing) return existing;
    const page = this.describe(spec, op);
    this.pageById.set(pageId, page);
    this.pages.push({
      id: pageId,
      page,
      sourceLabel: `${op.webhook !== undefined ? `webhook ${op.webhook}` : `${op.method} ${op.path}`} in ${spec.id}`,
      locate: () => spec.locate(op.pointer, 'key'),
    });
    this.pageOfOperation.set(key, pageId);
    return pageId;
  }

  page(id: string): OperationPage | undefined {
    return this.pageById.get(id);
  }

  /** The spec a reference's file names, matched as written, without extension or with a leading slash. */
  async specNamed(file: string, at: SourceLocation): Promise<LoadedSpec | undefined> {
    // A path leaving the root is refused as such, before it is matched against the spec files in it.
    const boundary = isRemoteSpecReference(file) ? undefined : this.root.boundaryProblem(file.trim());
    if (boundary) {
      this.diagnostics.push(createDiagnostic(boundary.code, boundary.message, at));
      return undefined;
    }
    const known = this.loaded().map((spec) => spec.id);
    const key = known.join('\n');
    if (key !== this.candidates.key) this.candidates = { key, value: specCandidates(this.root, known) };
    const matched = matchSpecFile(file, this.candidates.value, at);
    this.diagnostics.push(...matched.diagnostics);
    return matched.value === undefined ? undefined : this.load(matched.value, at);
  }

  /** The operation a reference names in `spec`, or undefined (reported). */
  operationIn(spec: LoadedSpec, reference: EndpointReference, at: SourceLocation): OperationInfo | undefined {
    const resolved = resolveEndpoint(spec, reference, at);
    this.diagnostics.push(...resolved.diagnostics);
    return resolved.value;
  }
}

function operationKey(spec: LoadedSpec, op: OperationInfo): string {
  return `${spec.id}#${op.pointer}`;
}
