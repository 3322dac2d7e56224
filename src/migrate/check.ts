import { createDiagnostic, hasErrors, sortDiagnostics, type Diagnostic, type RelatedLocation, type SourceLocation, type StageResult } from '../diagnostics/index.js';
import type { Field } from '../fields/index.js';
import { isPageFile, pageIdOfFile, type NavItem, type PageItem, type SpecAttachment } from '../navigation/index.js';
import {
  isRemoteSpecReference,
  matchSpecFile,
  OpenapiSession,
  resolveExplicitReferences,
  specCandidates,
  type LoadedSpec,
  type OperationInfo,
  type OperationPage,
  type SchemaTable,
} from '../openapi/index.js';
import type { DocsRoot } from '../root/index.js';
import { compareFields, driftKinds, joinUrl, type FieldDrift } from '../fields/index.js';
import { resolveOperationEndpoint } from '../precedence/index.js';
import { divisionOf, openContext, readApiPages, type ApiPage, type MigrationContext } from './context.js';
import { locateEntry } from './edits.js';
import { matchPage, operationLabel, type PageRequest } from './match.js';
import { contentFor, lostProse } from './prose.js';
import { hardBlockers } from './types.js';
import type {
  Blocker,
  CheckMigrationOptions,
  ConfigEdit,
  DriftEntry,
  FieldView,
  MigrationReport,
  MigrationSummary,
  OperationRef,
  PageReport,
} from './types.js';

interface SpecState {
  spec?: LoadedSpec;
  /** The spec loaded with error diagnostics (or could not be loaded at all). */
  invalid: boolean;
  firstError?: Diagnostic;
}

/** What comparing one page with one operation found; shared by every navigation entry of the page. */
interface Analysis {
  drift: DriftEntry[];
  serverDrift?: { page: string[]; spec: string[] };
  authDrift?: { page: string; spec: string };
  proseLost: PageReport['proseLost'];
  content?: string;
}

/**
 * Checks whether the hand-written API pages of a docs root can be replaced by an OpenAPI file: for every
 * navigation entry of a page with `api:` frontmatter, finds the operation (in `options.spec`, or in the
 * specs attached to the entry's navigation, then `api.openapi`), compares fields, server, auth and prose,
 * and works out the docs.json edit that replaces the entry with an endpoint reference. Writes nothing;
 * `applyMigration` applies the report's edits.
 */
export async function checkMigration(options: CheckMigrationOptions): Promise<StageResult<MigrationReport>> {
  const opened = openContext(options.root);
  if (!opened.context) return { value: emptyReport('the configuration could not be read'), diagnostics: sortDiagnostics(opened.diagnostics) };
  const check = new MigrationCheck(options, opened.context, opened.diagnostics);
  for (const item of opened.context.tree.pages) await check.checkEntry(item);
  return check.finish(hasErrors(opened.diagnostics));
}

/** A matched operation of one entry, with how it was found. */
interface MatchedOperation {
  spec: LoadedSpec;
  op: OperationInfo;
  serverMatched: boolean;
  lookedUp: string;
}

/** One run of the check: the specs loaded so far, the analyses made, and the report being filled. */
class MigrationCheck {
  private readonly diagnostics: Diagnostic[];
  private readonly apiPages: Map<string, ApiPage>;
  private readonly reportedPages = new Set<string>();
  private readonly session: OpenapiSession;
  private readonly specStates = new Map<string, SpecState>();
  private readonly analyses = new Map<string, Analysis>();
  private readonly seenDiagnostics = new Set<string>();
  private readonly pages: PageReport[] = [];
  private readonly edits: ConfigEdit[] = [];
  private readonly bulkWarned = new Set<string>();

  constructor(
    private readonly options: CheckMigrationOptions,
    private readonly context: MigrationContext,
    configDiagnostics: readonly Diagnostic[],
  ) {
    this.diagnostics = [...configDiagnostics];
    const apiPages = readApiPages(context);
    this.diagnostics.push(...apiPages.diagnostics);
    this.apiPages = apiPages.pages;
    // The OpenAPI stage's own session: specs loaded once, operations described and planned as build does.
    this.session = new OpenapiSession(context.root, {
      offline: options.offline ?? false,
      playgroundDisplay: context.site.api.playground.display,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  }

  /** Checks one navigation entry of a hand-written API page (others are skipped). */
  async checkEntry(item: PageItem): Promise<void> {
    const apiPage = item.file ? this.apiPages.get(item.file) : undefined;
    if (!item.file || !apiPage) return;
    if (!this.reportedPages.has(item.file)) {
      this.reportedPages.add(item.file);
      this.diagnostics.push(...apiPage.diagnostics);
    }
    const { page, endpoint } = apiPage;
    const pageReport: PageReport = {
      page: item.id,
      file: item.file,
      entry: item.location,
      api: { method: page.api.method, target: page.api.target, url: endpoint.api.url, location: page.api.location },
      status: 'no-spec',
      drift: [],
      proseLost: [],
      blockers: ['unmatched'],
    };
    this.pages.push(pageReport);
    const specs = await this.specsFor(item, apiPage, pageReport);
    if (!specs) return;
    const matched = this.matchOperation(item, apiPage, specs, pageReport);
    if (matched) this.checkMatched(item, apiPage, matched, pageReport);
  }

  /** The specs an entry migrates to: `--spec`, else those in scope; undefined (reported) when none loads. */
  private async specsFor(item: PageItem, { page }: ApiPage, pageReport: PageReport): Promise<LoadedSpec[] | undefined> {
    const scope = item.specScope;
    const sources = this.options.spec !== undefined ? [this.options.spec] : (scope?.sources ?? []);
    if (sources.length === 0) {
      this.report(
        createDiagnostic('migrate/no-spec', `no OpenAPI file is in scope for ${page.api.method} ${page.api.target}`, page.api.location, {
          suggestion: 'set "openapi" on the enclosing group or tab (or api.openapi), or pass --spec <file>',
          related: [listedAt(item)],
        }),
      );
      return undefined;
    }
    const at: SourceLocation = this.options.spec !== undefined ? { file: this.options.spec } : scope!.location;
    // One at a time: each spec is loaded (and validated) once, and its diagnostics come with the first load.
    const states: SpecState[] = [];
    for (const source of sources) states.push(await this.loadSpec(source, at));
    const specs = states.map((s) => s.spec).filter((s): s is LoadedSpec => s !== undefined);
    if (specs.length === 0) {
      pageReport.status = 'spec-error';
      return undefined;
    }
    pageReport.spec = specs[0]!.id;
    return specs;
  }

  private async loadSpec(reference: string, at: SourceLocation): Promise<SpecState> {
    const key = resolveSpecId(this.context.root, reference, at) ?? `unresolved:${reference}`;
    const known = this.specStates.get(key);
    if (known) return known;
    const result = await this.session.loadWithDiagnostics(reference, at);
    this.diagnostics.push(...result.diagnostics);
    const firstError = result.diagnostics.find((d) => d.severity === 'error');
    const state: SpecState = { invalid: result.value === undefined || firstError !== undefined };
    if (result.value) state.spec = result.value;
    if (firstError) state.firstError = firstError;
    this.specStates.set(key, state);
    if (state.invalid) this.diagnostics.push(invalidSpecDiagnostic(reference, state, at));
    return state;
  }

  /** The one operation of `specs` the page documents; none or several is reported on the page. */
  private matchOperation(item: PageItem, { page, endpoint }: ApiPage, specs: readonly LoadedSpec[], pageReport: PageReport): MatchedOperation | undefined {
    const request: PageRequest = {
      method: page.api.method,
      urls: endpoint.api.url === null ? [] : endpoint.api.servers.map((server) => joinUrl(server, endpoint.api.path)),
      path: endpoint.api.url === null ? endpoint.api.path : pathOfUrl(endpoint.api.url),
    };
    const matched: MatchedOperation[] = [];
    const ambiguous: OperationRef[] = [];
    const closest: OperationRef[] = [];
    let lookedUpPath: string | undefined;
    for (const spec of specs) {
      const result = matchPage(spec, request);
      lookedUpPath ??= result.lookedUp;
      if (result.match.kind === 'matched') matched.push({ spec, op: result.match.operation, serverMatched: result.serverMatched, lookedUp: result.lookedUp });
      else if (result.match.kind === 'ambiguous') ambiguous.push(...result.match.operations.map((op) => operationRef(spec, op)));
      else closest.push(...result.match.closest.map((op) => operationRef(spec, op)));
    }
    const wanted = `${page.api.method} ${page.api.target}`;
    if (ambiguous.length > 0 || matched.length > 1) {
      pageReport.status = 'ambiguous';
      pageReport.candidates = [...matched.map((m) => operationRef(m.spec, m.op)), ...ambiguous];
      this.report(
        createDiagnostic('migrate/ambiguous-operation', `${wanted} fits ${pageReport.candidates.length} operations: ${pageReport.candidates.map((c) => `${c.method} ${c.path} (${c.spec})`).join(', ')}`, page.api.location, {
          suggestion: 'make the spec paths distinct (templates that differ only in parameter names are the same path), or pass --spec with the one file to migrate to',
          related: [...pageReport.candidates.map((c) => ({ ...c.location, message: `${c.method} ${c.path}` })), listedAt(item)],
        }),
      );
      return undefined;
    }
    if (matched.length === 0) {
      pageReport.status = 'no-operation';
      if (closest.length > 0) pageReport.candidates = closest.slice(0, 3);
      const names = specs.map((s) => s.id).join(', ');
      this.report(
        createDiagnostic('migrate/no-operation', `no operation of ${names} is ${wanted} (looked up as ${page.api.method} ${lookedUpPath ?? request.path})`, page.api.location, {
          suggestion: closest.length > 0 ? `did you mean ${closest.slice(0, 3).map((c) => `"${c.method} ${c.path}"`).join(' or ')}?` : `add ${page.api.method} ${lookedUpPath ?? request.path} to the spec`,
          related: [...closest.slice(0, 3).map((c) => ({ ...c.location, message: `closest: ${c.method} ${c.path}` })), listedAt(item)],
        }),
      );
      return undefined;
    }
    return matched[0];
  }

  /** Drift, URL, bulk generation and the docs.json edit of an entry whose operation was found. */
  private checkMatched(item: PageItem, apiPage: ApiPage, matched: MatchedOperation, pageReport: PageReport): void {
    const { spec, op } = matched;
    pageReport.status = 'matched';
    pageReport.spec = spec.id;
    pageReport.operation = operationRef(spec, op);
    const blockers: Blocker[] = [];
    const analysis = this.analysisOf(item, apiPage, matched);
    pageReport.drift = analysis.drift;
    if (analysis.serverDrift) pageReport.serverDrift = analysis.serverDrift;
    if (analysis.authDrift) pageReport.authDrift = analysis.authDrift;
    pageReport.proseLost = analysis.proseLost;
    if (analysis.drift.length > 0) blockers.push('field-drift');
    if (analysis.serverDrift) blockers.push('server-drift');
    if (analysis.authDrift) blockers.push('auth-drift');
    if (analysis.proseLost.length > 0) blockers.push('prose-lost');
    if (op.hidden) {
      blockers.push('hidden-operation');
      this.report(
        createDiagnostic('openapi/hidden-endpoint-referenced', `${operationLabel(op)} is marked x-hidden in ${spec.id}: replacing the page with it would drop the page from the site`, apiPage.page.api.location, {
          suggestion: 'remove x-hidden from the operation first',
          related: [{ ...spec.locate(op.pointer, 'key'), message: 'the hidden operation' }],
        }),
      );
    }
    const reference = this.referenceFor(item, spec, op);
    pageReport.reference = reference.text;
    if (this.checkUrl(item, matched, reference, analysis, pageReport)) blockers.push('url-change');
    if (reference.short && this.warnBulkGeneration(item.specScope!, spec)) blockers.push('bulk-generation-off');
    this.proposeEdit(item, reference.text, blockers, pageReport);
  }

  /** The comparison of a page file with an operation, made once for all entries of the page. */
  private analysisOf(item: PageItem, apiPage: ApiPage, { spec, op, serverMatched, lookedUp }: MatchedOperation): Analysis {
    const key = `${item.file}\u0000${spec.id}#${op.pointer}`;
    let analysis = this.analyses.get(key);
    if (!analysis) {
      const report = (d: Diagnostic): void => this.report(d);
      analysis = analyze(apiPage, spec, op, this.session.describe(spec, op), { serverMatched, lookedUp }, this.session.schemas, this.context, report);
      this.analyses.set(key, analysis);
      const wanted = `${apiPage.page.api.method} ${apiPage.page.api.target}`;
      this.report(
        createDiagnostic('migrate/matched', `${wanted} is ${operationLabel(op)} of ${spec.id}`, apiPage.page.api.location, {
          related: [{ ...spec.locate(op.pointer, 'key'), message: operationLabel(op) }],
        }),
      );
    }
    return analysis;
  }

  /** The endpoint reference: short when the entry's own scope holds the spec, else naming the file. */
  private referenceFor(item: PageItem, spec: LoadedSpec, op: OperationInfo): { text: string; short: boolean } {
    const scope = item.specScope;
    const scopeIds = scope ? scope.sources.map((source) => resolveSpecId(this.context.root, source, scope.location)) : [];
    const short = scope !== undefined && scopeIds.includes(spec.id) && !isRemoteSpecReference(spec.id);
    return { text: short ? operationLabel(op) : `${spec.id} ${operationLabel(op)}`, short };
  }

  /** Whether the page's URL changes (reported, with the x-mint that would keep it); fills the suggestion. */
  private checkUrl(item: PageItem, { spec, op }: MatchedOperation, reference: { short: boolean }, analysis: Analysis, pageReport: PageReport): boolean {
    const directory = reference.short ? item.specScope!.directory : undefined;
    const newPageId = this.session.planFor(spec, directory).get(op.pointer)?.pageId ?? op.xDocs?.href;
    if (newPageId !== undefined) pageReport.newPageId = newPageId;
    const urlChanges = newPageId !== undefined && newPageId !== item.id;
    if (urlChanges) {
      this.report(
        createDiagnostic('migrate/url-change', `the page's URL would change from /${item.id} to /${newPageId}`, item.location, {
          suggestion: `keep it: add x-mint: { href: "/${item.id}" } to ${operationLabel(op)} in ${spec.id}, or add a redirect from /${item.id}`,
          related: [{ ...spec.locate(op.pointer, 'key'), message: operationLabel(op) }],
        }),
      );
    }
    if (analysis.content !== undefined || urlChanges) {
      const suggested: NonNullable<PageReport['suggestedXDocs']> = { spec: spec.id, pointer: `${op.pointer}/x-mint` };
      if (analysis.content !== undefined) suggested.content = analysis.content;
      if (urlChanges) suggested.href = `/${item.id}`;
      pageReport.suggestedXDocs = suggested;
    }
    return urlChanges;
  }

  /** Whether listing an endpoint turns off the bulk generation of the scope's division (warned once per division and spec). */
  private warnBulkGeneration(scope: SpecAttachment, spec: LoadedSpec): boolean {
    const division = divisionOf(this.context.tree, scope);
    if (!division || listsEndpointsOf(division, scope, spec.id, this.context.root)) return false;
    const key = `${division.pointer}\u0000${spec.id}`;
    if (!this.bulkWarned.has(key)) {
      this.bulkWarned.add(key);
      const visible = spec.operations.filter((o) => !o.hidden).length;
      this.report(
        createDiagnostic(
          'migrate/bulk-generation-off',
          `${division.label || division.kind} generates a page for each of the ${visible} operations of ${spec.id} today; once it lists an endpoint reference, only the listed operations appear`,
          scope.location,
          { suggestion: `list the other operations of ${spec.id} in its pages as "METHOD /path" entries in the same change, or attach the spec to another group` },
        ),
      );
    }
    return true;
  }

  /** The docs.json edit replacing the entry, or why there can be none. */
  private proposeEdit(item: PageItem, reference: string, blockers: Blocker[], pageReport: PageReport): void {
    const notRoot = !item.pointer.endsWith('/root');
    const located = notRoot ? locateEntry(this.context.root, this.context.config, item, reference) : { ok: false as const, reason: 'a group root must be a page' };
    pageReport.blockers = blockers;
    if (!located.ok) {
      blockers.push('not-replaceable');
      this.report(
        createDiagnostic('migrate/entry-not-replaceable', `this entry of ${item.file} cannot become "${reference}": ${located.reason}`, item.location, {
          suggestion: notRoot ? undefined : 'list the page in the group\'s pages instead of as its root, then migrate it',
        }),
      );
      return;
    }
    this.edits.push({ ...located.edit, pageFile: item.file!, blockers });
    const forceable = !blockers.some((b) => hardBlockers.includes(b));
    const why = blockers.length > 0 ? ` (--write leaves it alone: ${blockers.join(', ')}${forceable ? '; --force applies it' : ''})` : '';
    this.report(createDiagnostic('migrate/edit', `"${item.reference}" becomes "${reference}"${why}`, item.location));
  }

  /**
   * MDX files outside the navigation at the URL of a page generated for one of its endpoint references,
   * and imported by no page: what `--write` without `--delete-pages` leaves (build reports them too).
   */
  private async leftoverPages(): Promise<Array<{ file: string; id: string; label: string }>> {
    const { root, tree } = this.context;
    if (tree.endpoints.length === 0) return [];
    // Resolved in a session of its own: its diagnostics are check's and build's to report, not the migration's.
    const session = new OpenapiSession(root, { offline: this.options.offline ?? false, ...(this.options.fetch ? { fetch: this.options.fetch } : {}) });
    await session.attach(tree.globalSpec ? [tree.globalSpec, ...tree.attachments] : tree.attachments);
    await resolveExplicitReferences(session, tree);
    // The session's pages are exactly those of the explicit references (no bulk generation ran).
    const generated = new Map(session.pages.map((page) => [page.id, page.sourceLabel]));
    const listed = new Set(tree.pages.map((item) => item.file));
    const candidates = root.files().filter((file) => isPageFile(file) && !listed.has(file) && generated.has(pageIdOfFile(file)));
    const imported = importedFiles(root, new Set(candidates));
    return candidates.filter((file) => !imported.has(file)).map((file) => ({ file, id: pageIdOfFile(file), label: generated.get(pageIdOfFile(file))! }));
  }

  private report(d: Diagnostic): void {
    const key = `${d.code}|${d.file}|${d.line}|${d.column}|${d.message}`;
    if (this.seenDiagnostics.has(key)) return;
    this.seenDiagnostics.add(key);
    this.diagnostics.push(d);
  }

  /** The report: the files the whole migration frees (`applyMigration` works out those its own edits free), specs and counts. */
  async finish(configHasErrors: boolean): Promise<StageResult<MigrationReport>> {
    const freed = unusedAfter(this.context, this.edits, () => true);
    for (const file of freed) {
      this.report(createDiagnostic('migrate/unused-page', `${file} becomes unused once its navigation entries are replaced`, { file, line: 1, column: 1 }));
    }
    const leftovers = await this.leftoverPages();
    for (const { file, id, label } of leftovers) {
      this.report(
        createDiagnostic('migrate/unused-page', `${file} was left by an earlier migration at /${id}, the URL of the page generated for ${label}`, { file, line: 1, column: 1 }, {
          suggestion: 'run migrate check --write --delete-pages to remove it',
        }),
      );
    }
    const leftoverFiles = leftovers.map((leftover) => leftover.file);
    const unusedFiles = [...new Set([...freed, ...leftoverFiles])].sort();
    const states = [...this.specStates.entries()];
    const specs = states.filter(([, s]) => s.spec).map(([, s]) => ({ id: s.spec!.id, valid: !s.invalid }));
    const value: MigrationReport = { pages: this.pages, edits: this.edits, unusedFiles, leftoverFiles, specs, summary: summarize(this.pages, this.edits, unusedFiles) };
    const invalid = states.filter(([, s]) => s.invalid).map(([key, s]) => s.spec?.id ?? key.replace(/^unresolved:/, ''));
    if (invalid.length > 0) value.blocked = `invalid OpenAPI file${invalid.length === 1 ? '' : 's'}: ${invalid.join(', ')}`;
    else if (configHasErrors) value.blocked = 'the configuration has errors';
    return { value, diagnostics: sortDiagnostics(this.diagnostics) };
  }
}

function listedAt(item: PageItem): RelatedLocation {
  return { ...item.location, message: 'listed in the navigation here' };
}

function emptyReport(blocked: string): MigrationReport {
  return { pages: [], edits: [], unusedFiles: [], leftoverFiles: [], specs: [], blocked, summary: summarize([], [], []) };
}

function invalidSpecDiagnostic(reference: string, state: SpecState, at: SourceLocation): Diagnostic {
  const first = state.firstError;
  const where: SourceLocation = first?.file ? { file: first.file, ...(first.line !== undefined ? { line: first.line } : {}), ...(first.column !== undefined ? { column: first.column } : {}) } : at;
  const name = state.spec?.id ?? reference;
  return createDiagnostic('migrate/invalid-spec', `${name} is not a valid OpenAPI file${first ? ` (${first.message})` : ''}; the migration writes nothing until it is`, where, {
    suggestion: 'fix the errors reported for the file, then run the migration again',
    // A `--spec` given on the command line has no place in a file to point back at.
    related: at.line !== undefined && (at.file !== where.file || at.line !== where.line) ? [{ ...at, message: 'the spec is named here' }] : undefined,
  });
}

/** The id the loader will give a spec reference (root-relative path, or URL), without loading it. */
function resolveSpecId(root: DocsRoot, reference: string, at: SourceLocation): string | undefined {
  if (isRemoteSpecReference(reference)) return reference;
  const resolved = root.resolve(reference.trim());
  if (!resolved.ok) return undefined;
  if (root.exists(resolved.path)) return resolved.path;
  return matchSpecFile(reference, specCandidates(root), at).value;
}

function pathOfUrl(url: string): string {
  const match = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*([^?#]*)/i.exec(url);
  return match ? match[1] || '/' : url;
}

function operationRef(spec: LoadedSpec, op: OperationInfo): OperationRef {
  const ref: OperationRef = { spec: spec.id, method: op.method, path: op.path, pointer: op.pointer, location: spec.locate(op.pointer, 'key') };
  if (op.operationId !== undefined) ref.operationId = op.operationId;
  return ref;
}

/** Whether a division lists endpoint references to `specId` below it (so bulk generation is already off). */
function listsEndpointsOf(division: { children: NavItem[] }, scope: SpecAttachment, specId: string, root: DocsRoot): boolean {
  const visit = (items: readonly NavItem[]): boolean =>
    items.some((item) => {
      if (item.type === 'division') return visit(item.children);
      if (item.type !== 'endpoint') return false;
      const parsed = item.parsed;
      if (parsed.file === undefined) return item.specScope === scope;
      return resolveSpecId(root, parsed.file, item.location) === specId;
    });
  return visit(division.children);
}

function fieldView(field: Field, path: string, spec: LoadedSpec | undefined): FieldView {
  const source = field.source;
  const location: SourceLocation = 'line' in source ? { file: source.file, line: source.line, column: source.column } : spec ? spec.document.locateIn(source.file, source.pointer, 'key') : { file: source.file, pointer: source.pointer };
  const view: FieldView = { path, in: field.in, type: field.type, required: field.required, location };
  if (field.default !== undefined) view.default = field.default;
  return view;
}

const kindCodes = {
  'missing-in-spec': 'migrate/field-missing-in-spec',
  'missing-in-page': 'migrate/field-missing-in-page',
  location: 'migrate/field-location-drift',
  type: 'migrate/field-type-drift',
  required: 'migrate/field-required-drift',
  default: 'migrate/field-default-drift',
  nesting: 'migrate/field-nesting-drift',
} as const;

function describeField(field: Field, path: string): string {
  return field.in === 'response' ? `response field "${path}"` : `${field.in} parameter "${path}"`;
}

function analyze(
  apiPage: ApiPage,
  spec: LoadedSpec,
  op: OperationInfo,
  operation: OperationPage,
  { serverMatched, lookedUp }: { serverMatched: boolean; lookedUp: string },
  schemas: SchemaTable,
  context: MigrationContext,
  report: (d: Diagnostic) => void,
): Analysis {
  const { page, endpoint } = apiPage;
  const label = `${operationLabel(op)} of ${spec.id}`;
  const opLocation = spec.locate(op.pointer, 'key');
  const pageAt: RelatedLocation = { ...page.api.location, message: 'the hand-written page' };
  const authHeaders = ['Authorization', ...(endpoint.auth.headerName ? [endpoint.auth.headerName] : []), 'Content-Type', 'Accept'];
  const options = { ignorePageHeaders: authHeaders, resolveSchemaRef: (key: string) => schemas.get(key)?.properties };
  const drift: FieldDrift[] = [
    ...compareFields(renamePathParameters(page.params, lookedUp, op.path), unwrapWhole(operation.params ?? [], page.params, 'body'), options),
    ...compareFields(page.responseFields, unwrapWhole(operation.responseFields ?? [], page.responseFields, 'response'), options),
  ];

  const entries: DriftEntry[] = [];
  for (const d of drift) {
    const entry: DriftEntry = { kind: d.kind, field: d.pagePath ?? d.specPath ?? '', detail: d.detail };
    if (d.page) entry.page = fieldView(d.page, d.pagePath ?? '', undefined);
    if (d.spec) entry.spec = fieldView(d.spec, d.specPath ?? '', spec);
    entries.push(entry);
    const code = kindCodes[d.kind];
    if (d.kind === 'missing-in-page') {
      const field = d.spec!;
      report(
        createDiagnostic(code, `${describeField(field, d.specPath ?? field.name)} of ${label} is not on the page`, entry.spec!.location, {
          suggestion: field.in === 'response' ? `document it: <ResponseField name="${field.name}" type="${field.type}">` : `document it: <ParamField ${field.in}="${field.name}" type="${field.type}">`,
          related: [pageAt],
        }),
      );
      continue;
    }
    const field = d.page!;
    const related: RelatedLocation[] = d.spec ? [{ ...entry.spec!.location, message: `${describeField(d.spec, d.specPath ?? d.spec.name)} in ${spec.id}` }] : [{ ...opLocation, message: label }];
    const message =
      d.kind === 'missing-in-spec'
        ? `${describeField(field, d.pagePath ?? field.name)} is not in ${label}`
        : `${describeField(field, d.pagePath ?? field.name)} differs from ${label}: ${d.detail}`;
    const suggestion = d.kind === 'missing-in-spec' ? 'add it to the operation, or remove it from the page if the API has no such field' : 'make the page and the spec agree (the generated page will show the spec\'s version)';
    report(createDiagnostic(code, message, entry.page!.location, { suggestion, related }));
  }

  const analysis: Analysis = { drift: entries, proseLost: [] };

  // Server: the URL readers of the generated page see comes from the operation's servers.
  const pageServers = endpoint.api.url === null ? [] : endpoint.api.servers;
  if (!serverMatched && pageServers.length > 0) {
    analysis.serverDrift = { page: pageServers, spec: op.servers };
    const serversAt = op.servers.length > 0 ? spec.locate(serversPointer(spec, op)) : opLocation;
    report(
      createDiagnostic(
        'migrate/server-drift',
        op.servers.length > 0
          ? `the page calls ${pageServers.join(', ')}, but the servers of ${label} are ${op.servers.join(', ')}`
          : `the page calls ${pageServers.join(', ')}, but ${label} has no servers (its page would have no base URL)`,
        page.api.location,
        { suggestion: `add ${pageServers[0]} to the servers of ${spec.id}`, related: [{ ...serversAt, message: 'the operation\'s servers' }] },
      ),
    );
  }

  // Auth: the generated page takes it from the operation's security, else from docs.json.
  if (endpoint.auth.from !== 'playground') {
    const pageAuth = authText(endpoint.auth.method, endpoint.auth.headerName);
    // The generated page's auth, by the same precedence as build; without one, docs.json's.
    const operationAuth = resolveOperationEndpoint(operation.endpoint, context.settings).auth;
    const specMethod = operationAuth?.method ?? context.settings.auth.method ?? 'none';
    const specHeader = operationAuth ? operationAuth.headerName : context.settings.auth.name;
    const specAuth = authText(specMethod, specHeader);
    if (pageAuth.toLowerCase() !== specAuth.toLowerCase()) {
      analysis.authDrift = { page: pageAuth, spec: specAuth };
      report(
        createDiagnostic('migrate/auth-drift', `the page authenticates with ${pageAuth}, ${label} with ${specAuth}`, page.authMethod?.location ?? page.api.location, {
          suggestion: 'make the operation\'s security (or x-mint.metadata.authMethod) match the page',
          related: [{ ...opLocation, message: label }],
        }),
      );
    }
  }

  const lost = lostProse(page.prose, op.xDocs?.content);
  if (lost.length > 0) {
    analysis.proseLost = lost.map((b) => ({ text: b.text, location: b.location }));
    analysis.content = contentFor(op.xDocs?.content !== undefined ? [{ text: op.xDocs.content, location: opLocation }, ...lost] : lost);
    const lines = lost.reduce((n, b) => n + b.text.split('\n').length, 0);
    report(
      createDiagnostic('migrate/prose-lost', `${lost.length} block${lost.length === 1 ? '' : 's'} of prose (${lines} line${lines === 1 ? '' : 's'}) outside field components would be lost`, lost[0]!.location, {
        suggestion: `keep ${lost.length === 1 ? 'it' : 'them'} in x-mint.content of ${operationLabel(op)} in ${spec.id} (the JSON report's suggestedXDocs holds the text)`,
        related: lost.slice(1, 6).map((b) => ({ ...b.location, message: 'also lost' })),
      }),
    );
  }
  return analysis;
}

/**
 * A body or response that is not an object (an array of objects, say) is one field named `body` or
 * `response` in the spec, while pages list the fields of its items at the top: compare those with the
 * whole value's properties, unless the page has a field of that very name.
 */
function unwrapWhole(specFields: readonly Field[], pageFields: readonly Field[], name: 'body' | 'response'): readonly Field[] {
  const whole = specFields.filter((f) => f.in === name && f.name === name);
  if (whole.length !== 1 || !whole[0]!.properties || pageFields.some((f) => f.in === name && f.name === name)) return specFields;
  return [...specFields.filter((f) => f !== whole[0]), ...whole[0]!.properties];
}

/**
 * Path parameters are the same parameter at the same position of the template, whatever their names
 * (`/widgets/{id}` is `/widgets/{widgetId}`): the page's are renamed to the spec's before comparing.
 */
function renamePathParameters(params: readonly Field[], pagePath: string, specPath: string): Field[] {
  const pageSegments = pagePath.split('/');
  const specSegments = specPath.split('/');
  const names = new Map<string, string>();
  pageSegments.forEach((segment, i) => {
    const other = specSegments[i];
    const a = /^\{([^{}]+)\}$/.exec(segment);
    const b = other === undefined ? null : /^\{([^{}]+)\}$/.exec(other);
    if (a && b && a[1] !== b[1]) names.set(a[1]!, b[1]!);
  });
  if (names.size === 0) return [...params];
  return params.map((field) => (field.in === 'path' && names.has(field.name) ? { ...field, name: names.get(field.name)! } : field));
}

function authText(method: string, header: string | undefined): string {
  return method === 'key' ? `key (${header ?? 'no header name'})` : method;
}

/** Where the servers of an operation are written: on the operation, its path item, or the document. */
function serversPointer(spec: LoadedSpec, op: OperationInfo): string {
  if (spec.document.get(`${op.pointer}/servers`)) return `${op.pointer}/servers`;
  const item = op.pointer.slice(0, op.pointer.lastIndexOf('/'));
  if (spec.document.get(`${item}/servers`)) return `${item}/servers`;
  return '/servers';
}

/**
 * MDX files that nothing uses once the edits are applied: every navigation entry of the file is edited
 * (so a page also listed elsewhere, or as a group root, stays) and no page imports it.
 */
export function unusedAfter(context: MigrationContext, edits: readonly ConfigEdit[], applies: (edit: ConfigEdit) => boolean): string[] {
  const replaced = new Set(edits.filter(applies).map((e) => e.pointer));
  const candidates = new Set<string>();
  const entriesByFile = new Map<string, PageItem[]>();
  for (const item of context.tree.pages) {
    if (!item.file) continue;
    const list = entriesByFile.get(item.file) ?? [];
    list.push(item);
    entriesByFile.set(item.file, list);
  }
  for (const edit of edits) {
    if (!applies(edit)) continue;
    const entries = entriesByFile.get(edit.pageFile) ?? [];
    if (entries.every((entry) => replaced.has(entry.pointer))) candidates.add(edit.pageFile);
  }
  if (candidates.size === 0) return [];
  const imported = importedFiles(context.root, candidates);
  return [...candidates].filter((file) => !imported.has(file)).sort();
}

const importPattern = /^[ \t]*(?:import|export)\b[^'"\r\n\u2028\u2029]*['"]([^'"\r\n\u2028\u2029]+)['"]/gm;

/** Which of `files` some MDX page of the root imports (`import X from '/path/page.mdx'`). */
function importedFiles(root: DocsRoot, files: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  for (const source of root.files()) {
    if (!/\.mdx?$/.test(source) || files.has(source)) continue;
    const read = root.read(source);
    if (!read.ok || !/\b(?:import|export)\b/.test(read.file.text)) continue;
    for (const match of read.file.text.matchAll(importPattern)) {
      const specifier = match[1]!;
      if (!specifier.startsWith('/') && !specifier.startsWith('.')) continue;
      const resolved = root.resolve(specifier, source);
      if (!resolved.ok) continue;
      for (const candidate of [resolved.path, `${resolved.path}.mdx`, `${resolved.path}.md`]) if (files.has(candidate)) found.add(candidate);
    }
  }
  return found;
}

function summarize(pages: readonly PageReport[], edits: readonly ConfigEdit[], unusedFiles: readonly string[]): MigrationSummary {
  const drift = Object.fromEntries(driftKinds.map((k) => [k, 0])) as MigrationSummary['drift'];
  // Drift is counted once per page file and operation, not again for a page listed twice.
  const counted = new Set<string>();
  let serverDrift = 0;
  let authDrift = 0;
  let proseLost = 0;
  let urlChanges = 0;
  for (const page of pages) {
    if (page.status !== 'matched') continue;
    const key = `${page.file}\u0000${page.spec}\u0000${page.operation?.pointer}`;
    if (counted.has(key)) continue;
    counted.add(key);
    for (const d of page.drift) drift[d.kind]++;
    if (page.serverDrift) serverDrift++;
    if (page.authDrift) authDrift++;
    if (page.proseLost.length > 0) proseLost++;
    if (page.blockers.includes('url-change')) urlChanges++;
  }
  const count = (status: PageReport['status']): number => pages.filter((p) => p.status === status).length;
  return {
    pages: pages.length,
    matched: count('matched'),
    noOperation: count('no-operation'),
    ambiguous: count('ambiguous'),
    noSpec: count('no-spec'),
    specError: count('spec-error'),
    drift,
    serverDrift,
    authDrift,
    proseLost,
    urlChanges,
    edits: edits.length,
    ready: edits.filter((e) => e.blockers.length === 0).length,
    unusedFiles: unusedFiles.length,
  };
}
