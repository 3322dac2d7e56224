import path from 'node:path';
import { build } from '../pipeline/build.js';
import type { BuildOptions, BuildResult } from '../pipeline/index.js';
import type { Diagnostic } from '../diagnostics/index.js';
import type { Manifest } from '../manifest/types.js';
import type { PageData, SiteData } from '../theme/types.js';
import { normalizeBase } from '../theme/layout/urls.js';
import { ContentFiles, diagnosticsByFile, pageData, pageDiagnostics, siteData } from './data.js';

/** Where the client fetches the search records (`SearchRecord[]`), under the base. */
export const searchIndexPath = '_docs-build/search.json';

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
  /** The build function (tests hand in one that fails). */
  runBuild?: (options: BuildOptions) => Promise<BuildResult>;
}

/**
 * One build of the docs root as the site serves it. A build whose configuration could not be read has
 * no manifest: the site then keeps serving the last snapshot that had one, with the new diagnostics.
 */
export class SiteSnapshot {
  readonly data: SiteData;
  /** The site data as served: equal keys mean nothing a route shares changed. */
  readonly siteKey: string;
  private readonly byFile: Map<string, Diagnostic[]>;
  private readonly pageCache = new Map<string, PageData>();

  constructor(
    readonly manifest: Manifest,
    readonly diagnostics: Diagnostic[],
    private readonly content: ContentFiles,
    readonly base: string,
  ) {
    this.data = siteData(manifest, base, `${base}${searchIndexPath}`);
    this.siteKey = JSON.stringify(this.data);
    this.byFile = diagnosticsByFile(diagnostics);
  }

  get errors(): Diagnostic[] {
    return this.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  }

  /** Page ids in code-unit order (whatever order the build listed them in). */
  pageIds(): string[] {
    return Object.keys(this.data.pages);
  }

  has(id: string): boolean {
    return Object.hasOwn(this.manifest.pages, id);
  }

  page(id: string): PageData | undefined {
    if (!this.has(id)) return undefined;
    let data = this.pageCache.get(id);
    if (!data) {
      const page = this.manifest.pages[id]!;
      data = pageData(page, this.content.read(page), pageDiagnostics(page, this.byFile));
      this.pageCache.set(id, data);
    }
    return data;
  }

  /** What a page's module would hold, compared without reading its content: the page entry (its content hash included) and its diagnostics. */
  pageKey(id: string): string {
    const page = this.manifest.pages[id];
    return page ? JSON.stringify([page, pageDiagnostics(page, this.byFile)]) : '';
  }

  /** The same site with other diagnostics (a build that could not make a manifest). */
  withDiagnostics(diagnostics: Diagnostic[]): SiteSnapshot {
    return new SiteSnapshot(this.manifest, diagnostics, this.content, this.base);
  }
}

/** What a rebuild changed for the browser: everything (reload) or these pages' modules. */
export interface SiteChange {
  reload: boolean;
  pages: string[];
}

/** Page sources and snippets: an edit of anything else (docs.json, a spec, a setting file) reloads. */
const pageText = /\.mdx?$/i;

export function siteChange(previous: SiteSnapshot | undefined, next: SiteSnapshot, changedFiles: readonly string[]): SiteChange {
  if (!previous || previous.siteKey !== next.siteKey) return { reload: true, pages: [] };
  if (changedFiles.some((file) => !pageText.test(file))) return { reload: true, pages: [] };
  const pages = next.pageIds().filter((id) => previous.pageKey(id) !== next.pageKey(id));
  return { reload: false, pages };
}

/** Runs the compiler with its incremental cache, one build at a time. */
export class SiteCompiler {
  readonly root: string;
  readonly base: string;
  readonly manifestFile: string;
  private readonly content: ContentFiles;
  private last: SiteSnapshot | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: SiteCompileOptions) {
    this.root = path.resolve(options.root);
    this.base = normalizeBase(options.base ?? '/');
    this.manifestFile = path.resolve(options.manifestFile ?? path.join(this.root, '.docs-build', 'manifest.json'));
    this.content = new ContentFiles(path.dirname(this.manifestFile));
  }

  get snapshot(): SiteSnapshot | undefined {
    return this.last;
  }

  /** Builds; resolves with the result and the snapshot now served (undefined until a build has made a manifest). */
  compile(): Promise<{ result: BuildResult; snapshot: SiteSnapshot | undefined; elapsedMs: number }> {
    const run = this.queue.then(() => this.compileNow());
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async compileNow(): Promise<{ result: BuildResult; snapshot: SiteSnapshot | undefined; elapsedMs: number }> {
    const started = performance.now();
    const options: BuildOptions = { root: this.root, outFile: this.manifestFile, strict: this.options.strict ?? false, offline: this.options.offline ?? false, cache: this.options.cache ?? true };
    if (this.options.cacheDir !== undefined) options.cacheDir = this.options.cacheDir;
    const result = await (this.options.runBuild ?? build)(options);
    const manifest = result.manifest;
    this.last = manifest ? new SiteSnapshot(manifest, result.diagnostics, this.content, this.base) : this.last?.withDiagnostics(result.diagnostics);
    return { result, snapshot: this.last, elapsedMs: performance.now() - started };
  }
}

