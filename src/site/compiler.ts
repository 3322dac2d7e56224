import path from 'node:path';
import { build } from '../pipeline/build.js';
import { ContentSession } from '../pipeline/content-session.js';
import { readStoredSiteData, storeSiteData, type StoredSiteData } from './stored-site-data.js';
import type { BuildOptions, BuildResult } from '../pipeline/index.js';
import type { Diagnostic } from '../diagnostics/index.js';
import type { Manifest, Page, SchemaEntry } from '../manifest/types.js';
import type { PageData, SiteData } from '../theme/types.js';
import { normalizeBase } from '../theme/layout/urls.js';
import { sha256 } from '../root/index.js';
import { llmsFiles, searchFile } from '../pipeline/content-output.js';
import { llmsTxt } from '../pipeline/llms.js';
import { BuildFiles, ContentCache, contentReference, diagnosticsByFile, pageData, pageDiagnostics, pageSchemas, siteData, twinFile, type PublishedFile } from './data.js';
import { searchIndexFolderPath, searchRecordsByPage } from './search-parts.js';
import { searchParts } from '../theme/search/scope.js';

export interface SiteCompileOptions {
  /** The docs root (the folder holding docs.json). */
  root: string;
  /** Public base path (`/`, `/docs/`). Default `/`. */
  base?: string;
  strict?: boolean;
  offline?: boolean;
  /** The incremental cache. Default true (`<root>/.docs-build/cache`). */
  cache?: boolean;
  cacheDir?: string;
  /** Where the manifest (and the content files beside it) go. Default `<root>/.docs-build/manifest.json`. */
  manifestFile?: string;
  /** Progress of each build's page parse (the CLI draws it: a cold first build takes a while on a large site). */
  onProgress?: BuildOptions['onProgress'];
  /** The build function (tests hand in one that fails). */
  runBuild?: (options: BuildOptions) => Promise<BuildResult>;
  /**
   * A folder docs-build owns (a preview's Vite cache folder) where `keepSiteData` leaves the site data
   * shown for the next start (`stored-site-data.ts`): the first build takes it when it made that build's
   * manifest or patched it, instead of parsing its manifest to make it again.
   */
  siteDataDir?: string;
}

/** A build's manifest as a snapshot reads it. */
export interface ManifestSource {
  /** The whole manifest (parsed on the first call when the build has only its bytes). */
  whole(): Manifest;
  /** One page's entry, read without the whole manifest where the build can (`BuildResult.manifestPage`). */
  page(id: string): Page | undefined;
}

/** A manifest in memory as a `ManifestSource`. */
export function manifestSource(manifest: Manifest): ManifestSource {
  return { whole: () => manifest, page: (id) => manifest.pages[id] };
}

/**
 * One build of the docs root as the site serves it. A build whose configuration could not be read has
 * no manifest: the site then keeps serving the last snapshot that had one, with the new diagnostics.
 *
 * The manifest is parsed whole only when something needs all of it: an export that updates a few pages
 * of a build it knows the site data of (`withSiteData`) reads those pages' entries alone, unless one of
 * them shows entries of the manifest's `schemas` table (`schemasOf`: an API page whose body is given
 * by reference, an `openapi-schema:` page), which is read from the whole manifest.
 */
export class SiteSnapshot {
  private readonly byFile: Map<string, Diagnostic[]>;
  private readonly pageCache = new Map<string, PageData>();
  private readonly entries = new Map<string, Page | undefined>();
  private readonly keys = new Map<string, string>();
  private parsed: Manifest | undefined;
  private recordsByPage: Map<string, Buffer[]> | undefined;
  private partsOfSearch: Map<string, string[]> | undefined;
  /** `run` and the run this one patched, made when the export first asks (the preview never does). */
  private identities: { run: string | undefined; patchBase: { run: string; pages: ReadonlySet<string> } | undefined } | undefined;

  constructor(
    private readonly source: ManifestSource,
    readonly diagnostics: Diagnostic[],
    private readonly content: ContentCache,
    /** What the compiler wrote beside the manifest (or made in memory, for a run with errors). */
    readonly files: BuildFiles,
    readonly base: string,
    private readonly lineage: Pick<BuildResult, 'manifestHash' | 'patchedFrom'> = {},
    private site?: { data: SiteData; key: string },
  ) {
    this.byFile = diagnosticsByFile(diagnostics);
  }

  get manifest(): Manifest {
    return (this.parsed ??= this.source.whole());
  }

  get data(): SiteData {
    return this.siteData().data;
  }

  /** The site data as served: equal keys mean nothing a route shares changed. */
  get siteKey(): string {
    return this.siteData().key;
  }

  private siteData(): { data: SiteData; key: string } {
    if (!this.site) {
      const data = siteData(this.manifest, this.base, `${this.base}${searchIndexFolderPath}`);
      this.site = { data, key: JSON.stringify(data) };
    }
    return this.site;
  }

  /** Whether the site data was made or taken already (asking for it otherwise parses the manifest). */
  get hasSiteData(): boolean {
    return this.site !== undefined;
  }

  /** The hash of the manifest shown (`BuildResult.manifestHash`), when the build said. */
  get manifestHash(): string | undefined {
    return this.lineage.manifestHash;
  }

  /**
   * Whether this build's site data is that of the build whose manifest hashes to `manifestHash`: this is
   * that manifest, or a patch of it, which changes pages' text alone (their content hashes), and the
   * site data holds none.
   */
  sharesSiteDataWith(manifestHash: string | undefined): boolean {
    return manifestHash !== undefined && (manifestHash === this.lineage.manifestHash || manifestHash === this.lineage.patchedFrom?.manifestHash);
  }

  /**
   * The same build with the site data of a build it shares it with (`sharesSiteDataWith`), as that
   * build's `siteKey` and `data` gave it: not made again, and the manifest is then parsed whole only if
   * something asks for all of it.
   */
  withSiteData(siteKey: string, data: SiteData = JSON.parse(siteKey) as SiteData): SiteSnapshot {
    return new SiteSnapshot(this.currentSource(), this.diagnostics, this.content, this.files, this.base, this.lineage, { data, key: siteKey });
  }

  /** The manifest as read so far: the parsed one once something asked for it whole. */
  private currentSource(): ManifestSource {
    return this.parsed ? manifestSource(this.parsed) : this.source;
  }

  /** The entry read last without keeping it: a reader that visits each page once asks for its key, then its data. */
  private passing: { id: string; page: Page | undefined } | undefined;

  private entry(id: string, keep = true): Page | undefined {
    if (this.parsed) return this.parsed.pages[id];
    if (this.entries.has(id)) return this.entries.get(id);
    if (this.passing?.id === id) return this.passing.page;
    const page = this.source.page(id);
    if (keep) this.entries.set(id, page);
    else this.passing = { id, page };
    return page;
  }

  /**
   * The compiler run shown: its manifest's hash and every diagnostic, the two things a page key is made
   * of. Undefined when the build did not say which manifest it made.
   */
  get run(): string | undefined {
    return this.runIdentities().run;
  }

  get errors(): Diagnostic[] {
    return this.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  }

  /** Page ids in code-unit order (whatever order the build listed them in). */
  pageIds(): string[] {
    return Object.keys(this.data.pages);
  }

  has(id: string): boolean {
    return Object.hasOwn(this.data.pages, id);
  }

  /** A page's data, kept for the next request unless `keep` is false (a reader that visits each page once). */
  page(id: string, options: { keep?: boolean } = {}): PageData | undefined {
    if (!this.has(id)) return undefined;
    let data = this.pageCache.get(id);
    if (!data) {
      const keep = options.keep !== false;
      const page = this.entry(id, keep)!;
      data = pageData(page, this.content.read(page, this.files, { keep }), pageDiagnostics(page, this.byFile), this.schemasOf(page));
      if (keep) this.pageCache.set(id, data);
    }
    return data;
  }

  /**
   * The entries of `schemas` the page shows (`pageSchemas`): part of its data and its key, since a spec
   * edit can change a shared schema and leave the entries of the pages that refer to it as they were.
   * (The table is in the manifest's root: a page that refers to it has the manifest parsed whole.)
   */
  private schemasOf(page: Page): Record<string, SchemaEntry> | undefined {
    return pageSchemas(page, () => this.manifest.schemas);
  }

  /** The page's Markdown twin, as the compiler wrote it (`content/<id>.md`). */
  markdown(id: string): string | undefined {
    const reference = this.has(id) ? contentReference(this.entry(id)!) : undefined;
    return reference ? this.files.text(twinFile(reference)) : undefined;
  }

  /**
   * Hashes of the compiler's files `searchFile` and `llmsFile` publish (from the content folder's index,
   * not read; '' for a file the compiler did not write). With the site data (titles, which pages are
   * listed) and the base they decide those outputs.
   */
  textFileHashes(): { search: string; llms: string; llmsFull: string } {
    return { search: this.files.hash(searchFile), llms: this.files.hash(llmsFiles.index), llmsFull: this.files.hash(llmsFiles.full) };
  }

  /**
   * The compiler's search records (`content/search.json`, a JSON array of `SearchRecord`, every page's)
   * by page, read once for this build: the site publishes them in parts (`search-parts.ts`).
   */
  searchRecords(): ReadonlyMap<string, readonly Buffer[]> {
    return (this.recordsByPage ??= searchRecordsByPage(this.files.published(searchFile)));
  }

  /** The parts the site publishes its search records in (the theme's `searchParts`), named once for this build. */
  searchParts(): ReadonlyMap<string, readonly string[]> {
    return (this.partsOfSearch ??= searchParts(this.data));
  }

  /**
   * llms.txt or llms-full.txt: the compiler's file, whose links are paths under `/`, as it is
   * (llms-full.txt is megabytes). Under another base or the site's public URL (`publicRootUrl`) the compiler's own
   * `llmsTxt` writes them again with that URL prefix.
   */
  llmsFile(which: 'index' | 'full', publicRoot?: string): PublishedFile | undefined {
    if (this.base === '/' && publicRoot === undefined) return this.files.published(llmsFiles[which]);
    const twins = new Map<string, string>();
    for (const id of this.pageIds()) {
      const twin = this.markdown(id);
      if (twin !== undefined) twins.set(id, twin);
    }
    const made = llmsTxt(this.manifest, twins, { baseUrl: publicRoot ?? this.base });
    return { bytes: Buffer.from(which === 'index' ? made.llmsTxt : made.llmsFullTxt, 'utf8') };
  }

  /**
   * What a page's module would hold, compared without reading its content: the page entry (its content
   * hash included) and its diagnostics. `published`: what a published page holds, the entry alone (the
   * export shows readers no diagnostic; a page whose warnings alone changed is not rendered again).
   */
  pageKey(id: string, options: { keep?: boolean; published?: boolean } = {}): string {
    if (options.published) {
      const page = this.has(id) ? this.entry(id, false) : undefined;
      const schemas = page && this.schemasOf(page);
      return page ? JSON.stringify(schemas ? [page, schemas] : page) : '';
    }
    let key = this.keys.get(id);
    if (key === undefined) {
      const keep = options.keep !== false;
      const page = this.has(id) ? this.entry(id, keep) : undefined;
      const schemas = page && this.schemasOf(page);
      key = page ? JSON.stringify(schemas ? [page, pageDiagnostics(page, this.byFile), schemas] : [page, pageDiagnostics(page, this.byFile)]) : '';
      if (keep) this.keys.set(id, key);
    }
    return key;
  }

  /**
   * Whether page `id` is as it was in the compiler run `run` (a snapshot's `run`), entry and diagnostics,
   * all its `pageKey` is made of: this is that run, or patched it without touching the page. False when
   * not known (then compare keys): an export updated in place keys only the pages a patch changed.
   */
  unchangedSince(run: string | undefined, id: string): boolean {
    return this.changedSince(run, id) === false;
  }

  /**
   * Whether page `id` changed since the compiler run `run`: false when this is that run or a patch of it
   * that left the page alone, true when such a patch changed the page's entry (its content hash),
   * undefined when not known (then compare keys).
   */
  changedSince(run: string | undefined, id: string): boolean | undefined {
    if (run === undefined) return undefined;
    const { run: own, patchBase } = this.runIdentities();
    if (run === own) return false;
    return run === patchBase?.run ? patchBase.pages.has(id) : undefined;
  }

  private runIdentities(): NonNullable<SiteSnapshot['identities']> {
    if (!this.identities) {
      const { manifestHash, patchedFrom } = this.lineage;
      // Serialized only when a manifest hash makes an identity.
      const diagnosticsJson = manifestHash !== undefined || patchedFrom ? this.diagnosticsJson() : '';
      this.identities = {
        run: manifestHash !== undefined ? runIdentity(manifestHash, diagnosticsJson) : undefined,
        patchBase: patchedFrom ? { run: runIdentity(patchedFrom.manifestHash, diagnosticsJson), pages: new Set(patchedFrom.pages) } : undefined,
      };
    }
    return this.identities;
  }

  /**
   * Whether a page's module is the same in both snapshots. A patched build shares the entries of the
   * pages it did not touch with the build before it: those compare by their diagnostics alone, not by
   * serializing every page of the site twice (2,159 on firecrawl-docs: 90 ms an edit).
   */
  samePage(other: SiteSnapshot, id: string): boolean {
    const page = this.manifest.pages[id];
    if (page !== undefined && page === other.manifest.pages[id]) {
      // Most edits leave every diagnostic as it was: then no shared page needs its own compared.
      return this.sameDiagnostics(other) || JSON.stringify(pageDiagnostics(page, this.byFile)) === JSON.stringify(pageDiagnostics(page, other.byFile));
    }
    return this.pageKey(id) === other.pageKey(id);
  }

  /** Whether `other` is a build of the same manifest with the same diagnostics: nothing it serves differs. */
  sameBuildAs(other: SiteSnapshot): boolean {
    return this.manifestHash !== undefined && this.manifestHash === other.manifestHash && this.base === other.base && this.sameDiagnostics(other);
  }

  private diagnosticsText: string | undefined;
  private readonly sameDiagnosticsAs = new WeakMap<SiteSnapshot, boolean>();

  /** Every diagnostic as JSON, serialized once: thousands of them on a large site. */
  private diagnosticsJson(): string {
    return (this.diagnosticsText ??= JSON.stringify(this.diagnostics));
  }

  /** Whether both builds reported the same diagnostics (compared once per pair). */
  private sameDiagnostics(other: SiteSnapshot): boolean {
    let same = this.sameDiagnosticsAs.get(other);
    if (same === undefined) {
      same = this.diagnosticsJson() === other.diagnosticsJson();
      this.sameDiagnosticsAs.set(other, same);
    }
    return same;
  }

  /** The same site with other diagnostics (a build that could not make a manifest). */
  withDiagnostics(diagnostics: Diagnostic[]): SiteSnapshot {
    return new SiteSnapshot(this.currentSource(), diagnostics, this.content, this.files, this.base, this.lineage, this.site);
  }
}

/** A compiler run's identity: its manifest (by hash) and its diagnostics (as JSON). */
function runIdentity(manifestHash: string, diagnosticsJson: string): string {
  return sha256(`${manifestHash}\u0000${diagnosticsJson}`);
}

/** What a rebuild changed for the browser: everything (reload) or these pages' modules. */
export interface SiteChange {
  reload: boolean;
  pages: string[];
}

/** Page sources and snippets: an edit of anything else (docs.json, a spec, a setting file) reloads. */
const pageText = /\.mdx?$/i;

export function siteChange(previous: SiteSnapshot | undefined, next: SiteSnapshot, changedFiles: readonly string[]): SiteChange {
  // A save that changed nothing (`touch`, an editor's save without an edit): the compiler kept the snapshot shown.
  if (previous === next) return { reload: false, pages: [] };
  try {
    // A run that is the one shown, or patched it, has its site data: the one shown is not asked for its
    // own, which it may not have made yet, from a manifest a patch may have changed in place.
    if (!previous || (!next.sharesSiteDataWith(previous.manifestHash) && previous.siteKey !== next.siteKey)) return { reload: true, pages: [] };
    if (changedFiles.some((file) => !pageText.test(file))) return { reload: true, pages: [] };
    // A run that is the one shown, or patched it, says which pages changed: nothing is compared (comparing
    // parses both manifests, ~0.5 s on firecrawl-docs for the rebuild a new watch makes, and the one shown
    // may be a manifest a patch has since changed in place on disk).
    const pages = next.pageIds().filter((id) => next.changedSince(previous.run, id) ?? !previous.samePage(next, id));
    return { reload: false, pages };
  } catch {
    // The one shown had not read its manifest, and the rebuild wrote a new one over it: nothing to compare with.
    return { reload: true, pages: [] };
  }
}

/** Runs the compiler with its incremental cache, one build at a time. */
export class SiteCompiler {
  readonly root: string;
  readonly base: string;
  readonly manifestFile: string;
  private readonly content = new ContentCache();
  // Kept from one build to the next: an edit of a page's text then rebuilds that page's content alone.
  private readonly session: ContentSession | undefined;
  private last: SiteSnapshot | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  /**
   * `session: false` for a compiler that builds once (an export): a session is worth keeping only for
   * a next build, and starting one from a patched run parses its whole manifest.
   */
  constructor(
    private readonly options: SiteCompileOptions,
    { session = true }: { session?: boolean } = {},
  ) {
    this.session = session ? new ContentSession() : undefined;
    this.root = path.resolve(options.root);
    this.base = normalizeBase(options.base ?? '/');
    this.manifestFile = path.resolve(options.manifestFile ?? path.join(this.root, '.docs-build', 'manifest.json'));
  }

  get snapshot(): SiteSnapshot | undefined {
    return this.last;
  }

  /** The manifest hash whose site data `siteDataDir` holds, as far as this compiler knows. */
  private keptSiteData: string | undefined;

  private storedSiteData(): StoredSiteData | undefined {
    const stored = this.options.siteDataDir === undefined ? undefined : readStoredSiteData(this.options.siteDataDir, this.base);
    this.keptSiteData = stored?.manifestHash;
    return stored;
  }

  /**
   * Leaves the site data shown in `siteDataDir` for the next start, when it was made already (a preview
   * that served a page): never a parse of the manifest for it. A failure only costs that start its speed.
   */
  keepSiteData(): void {
    if (this.options.siteDataDir === undefined || !this.last?.hasSiteData) return;
    try {
      this.keptSiteData = storeSiteData(this.options.siteDataDir, this.last, this.keptSiteData);
    } catch {
      // A cache: nothing depends on it.
    }
  }

  /** Builds; resolves with the result and the snapshot now served (undefined until a build has made a manifest). */
  compile(): Promise<{ result: BuildResult; snapshot: SiteSnapshot | undefined; elapsedMs: number }> {
    const run = this.queue.then(() => this.compileNow());
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Builds once more when the last build reused an earlier run: a reused run builds no content, and the
   * session must know every page's for the next text edit to be patched instead of running the stages
   * then. It begins from the state that run stored (the manifest parsed, ~1 s on firecrawl-docs), or runs
   * the stages when there is none. The output does not change.
   */
  async primeSession(): Promise<void> {
    if (!this.session || this.session.state) return;
    this.session.prime = true;
    try {
      await this.compile();
    } finally {
      this.session.prime = false;
    }
  }

  private async compileNow(): Promise<{ result: BuildResult; snapshot: SiteSnapshot | undefined; elapsedMs: number }> {
    const started = performance.now();
    const options: BuildOptions = { root: this.root, outFile: this.manifestFile, strict: this.options.strict ?? false, offline: this.options.offline ?? false, cache: this.options.cache ?? true, ...(this.session ? { session: this.session } : {}) };
    if (this.options.cacheDir !== undefined) options.cacheDir = this.options.cacheDir;
    if (this.options.onProgress) options.onProgress = this.options.onProgress;
    const result = await (this.options.runBuild ?? build)(options);
    const files = new BuildFiles(path.dirname(this.manifestFile), result.contentFiles);
    const lineage = { ...(result.manifestHash !== undefined ? { manifestHash: result.manifestHash } : {}), ...(result.patchedFrom ? { patchedFrom: result.patchedFrom } : {}) };
    // Not asked for here: a reused or patched run has its manifest's bytes only (a build gives
    // `manifestPage` with every manifest it makes), parsed whole when something needs all of it.
    const { manifestPage } = result;
    const source: ManifestSource | undefined = manifestPage ? { whole: () => result.manifest!, page: manifestPage } : result.manifest ? manifestSource(result.manifest) : undefined;
    const previous = this.last;
    const next = source ? new SiteSnapshot(source, result.diagnostics, this.content, files, this.base, lineage) : undefined;
    // The same build again (a save without an edit reuses the run): the snapshot shown stays, with what it has read
    // (its manifest, its pages); a new one would read a manifest the next rebuild may write over first.
    if (next && previous?.sameBuildAs(next)) return { result, snapshot: previous, elapsedMs: performance.now() - started };
    const stored = previous || next?.manifestHash === undefined ? undefined : this.storedSiteData();
    // A preview edit patches the run shown: its site data (2,159 page summaries and their JSON on firecrawl-docs) is not made again.
    // (Taken only when the one shown made it: asked now, it would read a manifest the patch may have changed in place.)
    if (next && previous?.hasSiteData && next.sharesSiteDataWith(previous.manifestHash)) this.last = next.withSiteData(previous.siteKey, previous.data);
    else if (next && stored && next.sharesSiteDataWith(stored.manifestHash)) this.last = next.withSiteData(stored.key);
    else this.last = next ?? previous?.withDiagnostics(result.diagnostics);
    return { result, snapshot: this.last, elapsedMs: performance.now() - started };
  }
}

