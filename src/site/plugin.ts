import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { Connect, Plugin, PluginOption, ResolvedConfig, ViteDevServer } from 'vite';
import { closeWarmHighlighting, type BuildProgress, type BuildResult } from '../pipeline/index.js';
import { formatHuman, printable, summaryLine, type Diagnostic } from '../diagnostics/index.js';
import { SiteCompiler, siteChange, type SiteCompileOptions, type SiteSnapshot } from './compiler.js';
import { devFrontMiddleware, devMiddleware, type PageRenderer } from './dev-middleware.js';
import { decodePageId, jsonModule, pageModuleId, pageModulePrefix, routesModule, routesModuleId, siteModuleId, type PageDataSource } from './modules.js';
import type { PageData } from '../theme/types.js';
import { errorsClearedEvent, pageDataEvent } from './entries/page-data-event.js';
import { sitePaths, type SitePaths } from './paths.js';
import { cachedServerEntry, defaultViteCacheDir, loadServerEntry, keptFilesFolder } from './server-bundle.js';
import { ignoredUnder, unpublishedGlobs } from '../root/index.js';
import { watchDocsRoot, withThrottledChanges } from './watcher.js';
import { isWithin } from '../root/index.js';

/** One build of the docs, as the plugin reports it (the CLI prints it; the default logs it through Vite). */
export interface SiteBuildEvent {
  result: BuildResult;
  elapsedMs: number;
  /** Files whose change started this build (empty for the first). */
  changed: string[];
  /** What the browser was told: a reload, these pages updated in place, or nothing. */
  update: { reload: boolean; pages: string[] };
}

export interface DocsBuildOptions extends Omit<SiteCompileOptions, 'root' | 'base'> {
  /** The docs root. Default: Vite's root. */
  root?: string;
  /** Called after every build (default: a summary line, and the errors, through Vite's logger). */
  onBuild?: (event: SiteBuildEvent) => void;
  /**
   * Quiet period after the last change before rebuilding, in ms. Default 10: the events of one save
   * (a truncate and a write, a rename-over save that chokidar folds into one change) come within a few
   * milliseconds, and every one of them waits for it (Vite's own updates wait for nothing).
   */
  debounceMs?: number;
  /** A compiler that already built (export shares its build with the plugin). */
  compiler?: SiteCompiler;
  /** Rebuild on changes of the docs root (dev). Default true; the export's client build passes false. */
  watch?: boolean;
  /** How the client loads a page's data: its virtual module (default), or the export's JSON file (`pageDataPath`). */
  pageData?: PageDataSource;
}

const resolvedPrefix = '\0';

/**
 * `docs-build/vite`: the compiler inside Vite. Serves the manifest and each page's content as virtual
 * modules (docs/site.md), rebuilds with the incremental cache on every change of the docs root, and
 * hot-updates exactly the pages whose data changed; docs.json, spec and setting changes reload.
 */
export function docsBuild(options: DocsBuildOptions = {}): PluginOption[] {
  return [react(), docsBuildCore(options)];
}

/** The plugin without React's (for a Vite config that already has @vitejs/plugin-react). */
export function docsBuildCore(options: DocsBuildOptions = {}): Plugin {
  const paths = sitePaths();
  let config: ResolvedConfig;
  let compiler: SiteCompiler | undefined = options.compiler;
  let root = options.root ? path.resolve(options.root) : '';
  let themeEdited = false;

  const snapshot = (): SiteSnapshot => {
    const current = compiler?.snapshot;
    if (!current) throw new Error('docs-build: the docs root has no usable docs.json yet; fix the errors above');
    return current;
  };
  // The dev server's first build, while it runs (the server listens meanwhile), and its progress.
  let firstBuild: { done: Promise<void>; progress: BuildProgress | undefined } | undefined;
  const ensureCompiled = async (): Promise<void> => {
    if (!compiler) {
      // The site data a preview kept for its next start lives in the Vite cache folder, beside the server bundle.
      const siteDataDir = options.cache === false ? undefined : keptFilesFolder(config.cacheDir, root);
      const onProgress = (event: BuildProgress): void => {
        if (firstBuild) firstBuild.progress = event;
        options.onProgress?.(event);
      };
      compiler = new SiteCompiler({ ...options, root, base: config.base, onProgress, ...(siteDataDir !== undefined ? { siteDataDir } : {}) });
    }
    if (!compiler.snapshot) report(await compiler.compile(), []);
  };
  const report = ({ result, elapsedMs }: { result: BuildResult; elapsedMs: number }, changed: string[], update = { reload: false, pages: [] as string[] }): void => {
    const event: SiteBuildEvent = { result, elapsedMs, changed, update };
    if (options.onBuild) options.onBuild(event);
    else if (config) logBuild(config, event, root);
  };

  return {
    name: 'docs-build',
    enforce: 'pre',
    config(userConfig) {
      const viteRoot = path.resolve(userConfig.root ?? process.cwd());
      root ||= viteRoot;
      return {
        appType: 'custom',
        // The docs root's files are served as they are (images, logos): no separate public folder.
        publicDir: false,
        cacheDir: userConfig.cacheDir ?? defaultViteCacheDir(root),
        resolve: { dedupe: ['react', 'react-dom'] },
        optimizeDeps: { entries: [paths.clientEntry], include: ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', 'react/jsx-dev-runtime'] },
        server: { fs: servedFolders(paths, root), watch: { ignored: [ignoredUnder(root), outsideTheme(paths, root)] } },
      };
    },
    configResolved(resolved) {
      config = resolved;
    },
    async buildStart() {
      if (config.command === 'build') await ensureCompiled();
    },
    resolveId(id) {
      if (id === siteModuleId || id === routesModuleId || id.startsWith(pageModulePrefix)) return resolvedPrefix + id;
      return undefined;
    },
    async load(id) {
      if (!id.startsWith(resolvedPrefix)) return undefined;
      await firstBuild?.done;
      const virtual = id.slice(resolvedPrefix.length);
      if (virtual === siteModuleId) return jsonModule(snapshot().data);
      if (virtual === routesModuleId) return routesModule(snapshot().pageIds(), options.pageData, config.base);
      if (!virtual.startsWith(pageModulePrefix)) return undefined;
      const pageId = decodePageId(virtual.slice(pageModulePrefix.length));
      const page = pageId === undefined ? undefined : snapshot().page(pageId);
      if (!page) return `throw new Error(${JSON.stringify(`docs-build: no page "${pageId ?? virtual}"`)});\n`;
      return jsonModule(page);
    },
    hotUpdate({ file, modules }) {
      // Files of the docs root are the compiler's: the rebuild below decides what the browser gets.
      if (modules.length === 0 && isInside(file, root)) return [];
      // An edit of the theme itself: the server renders through Vite's transform from now on.
      if (isInside(file, paths.themeDir) || isInside(file, path.dirname(paths.serverEntry))) themeEdited = true;
      return undefined;
    },
    async configureServer(server) {
      // Before Vite's own middlewares (a function returned from here runs after them): the guard against
      // overlong URLs, and the docs root's published files (dev-middleware.ts).
      server.middlewares.use(devFrontMiddleware({ root, base: () => server.config.base }));
      if (options.watch === false) return ensureCompiled();
      // Not awaited: the server listens (and prints its URL) while the first build runs; pages asked for
      // meanwhile wait for it a moment, then say how far it is (dev-middleware.ts).
      const state: NonNullable<typeof firstBuild> = {
        progress: undefined,
        done: ensureCompiled().then(
          () => void (firstBuild = undefined),
          (error: unknown) => {
            firstBuild = undefined;
            server.config.logger.error(`docs-build: the first build failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
          },
        ),
      };
      firstBuild = state;
      const bundle = new DevServerBundle(options.cache === false ? undefined : config.cacheDir, root, () => themeEdited);
      // Loaded now, and its stylesheets and the client entry transformed now, while the browser starts:
      // the first page waits for neither.
      void bundle.renderer().then((renderer) => {
        const client = server.environments.client;
        for (const href of renderer?.styles ?? []) void client.warmupRequest(`${href}?direct`);
        if (renderer) void client.warmupRequest(`/@fs${paths.clientEntry}`);
      });
      const live = new LiveUpdates(server, () => compiler!, root, options.debounceMs ?? 10, report, state.done, () => {
        compiler!.keepSiteData();
        return bundle.prepare();
      });
      // And what the preview showed last, for the next start; the highlighting worker kept for its next edit stops.
      server.httpServer?.once('close', () => {
        compiler?.keepSiteData();
        void closeWarmHighlighting();
      });
      live.start();
      const middleware: Connect.NextHandleFunction = devMiddleware(server, { root, snapshot: () => compiler?.snapshot, paths, bundled: () => bundle.renderer(), firstBuild: () => firstBuild });
      // After Vite's own middlewares: modules and the docs root's files are Vite's, pages are ours.
      return () => {
        server.middlewares.use(middleware);
      };
    },
  };
}

/**
 * Vite watches its root, which is docs-build's own folder: of it only the theme and the entries matter
 * (an edit there is docs-build's own development). Everything else there is left unwatched: a checkout
 * of docs-build holds tens of thousands of files (tests, benchmark copies of whole docs sites) whose
 * first scan held the first page of the preview for seconds. The docs root is watched wherever it is.
 */
function outsideTheme(paths: SitePaths, root: string): (file: string) => boolean {
  const kept = [paths.themeDir, path.dirname(paths.serverEntry), root];
  return (file) => {
    const absolute = path.resolve(file);
    if (!isInside(absolute, paths.packageDir)) return false;
    return !kept.some((folder) => isWithin(absolute, folder) || isWithin(folder, absolute));
  };
}

/**
 * What Vite itself may serve (`/@fs/...` and paths under its root, which is docs-build's folder or the
 * user's project): only the folders the browser loads files from as they are: the theme, the entries,
 * and the folders of the packages' stylesheets the theme's stylesheets import (KaTeX's, with its fonts
 * beside it). Vite adds its own client, and serves the dependencies it pre-bundles into its cache
 * itself. Not docs-build's folder (its package.json, sources, node_modules), not the docs root: the
 * docs root's published files are served by the plugin (dev-middleware.ts, before Vite), its page
 * sources, snippets, settings and hidden files never. Should the docs root lie inside one of these
 * folders, its unpublished files are denied by name as well (`unpublishedGlobs`).
 */
export function servedFolders(paths: SitePaths, root: string): { strict: true; allow: string[]; deny: string[] } {
  const allow = [paths.themeDir, path.dirname(paths.clientEntry), ...importedStylesheetFolders(paths.themeDir)];
  return {
    strict: true,
    allow,
    deny: [...viteDefaultDenied, ...(allow.some((folder) => isWithin(path.resolve(root), folder)) ? unpublishedGlobs(root) : [])],
  };
}

/** Vite's own `server.fs.deny` (Vite 8), which a list set here replaces. */
const viteDefaultDenied = ['.env', '.env.*', '*.{crt,pem,key,p12,pfx,cer,der}', '.npmrc', '.yarnrc.yml', '**/.git/**'];

/** The folders of the packages' stylesheets that the theme's stylesheets `@import` by a bare name (`katex/dist/katex.min.css`). */
function importedStylesheetFolders(themeDir: string): string[] {
  const folders = new Set<string>();
  const visit = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (entry.isFile() && entry.name.endsWith('.css')) {
        for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/@import\s+(?:url\(\s*)?['"]([^'"./][^'"]*)['"]/g)) {
          try {
            folders.add(path.dirname(createRequire(file).resolve(specifier!)));
          } catch {
            // Not resolvable: Vite cannot serve it either.
          }
        }
      }
    }
  };
  try {
    visit(themeDir);
  } catch {
    // A theme folder that cannot be read: nothing more to allow.
  }
  return [...folders];
}

/** Strictly below `folder` (both absolute, as Vite and the plugin spell them). */
function isInside(file: string, folder: string): boolean {
  return file !== folder && isWithin(file, folder);
}

/**
 * The server bundle of the theme in dev (the export's, `server-bundle.ts`): when the Vite cache holds it,
 * pages render with it from the first request, without the seconds Vite's SSR transform of the theme
 * takes; when it does not, it is built once the preview is idle, for the next start. After an edit of
 * the theme (docs-build's own development) pages render through the transform again.
 */
class DevServerBundle {
  private loaded: Promise<PageRenderer | undefined> | undefined;
  private prepared = false;
  private readonly dir: string | undefined;

  constructor(
    viteCacheDir: string | undefined,
    root: string,
    /** Whether a file of the theme changed since the start. */
    private readonly themeEdited: () => boolean,
  ) {
    this.dir = viteCacheDir === undefined ? undefined : keptFilesFolder(viteCacheDir, root);
  }

  renderer(): Promise<PageRenderer | undefined> {
    if (this.dir === undefined || this.themeEdited()) return Promise.resolve(undefined);
    const dir = this.dir;
    this.loaded ??= cachedServerEntry(dir)
      .then((cached) => cached && { entry: cached.entry, styles: cached.styles.map(devUrl), kind: 'bundle' as const })
      .catch(() => undefined);
    return this.loaded;
  }

  /** Builds the bundle for the next start when the cache has none (once; a failure only costs the next start its speed). */
  async prepare(): Promise<void> {
    if (this.dir === undefined || this.prepared || this.themeEdited()) return;
    this.prepared = true;
    // Finds the bundle the cache holds, or builds it there.
    await loadServerEntry(this.dir).catch(() => undefined);
  }
}

/** A file's URL on the dev server, whose root is docs-build's folder: a path below it, else `/@fs/...`. */
function devUrl(file: string): string {
  const packageDir = sitePaths().packageDir;
  return isInside(file, packageDir) ? `/${path.relative(packageDir, file).split(path.sep).join('/')}` : `/@fs${file}`;
}

/** How long the dev server waits for a first page to be served before it watches the docs root all the same. */
const rootWatchDelayMs = 2000;

/** How long the dev server waits without a request before it primes its content session (`SiteCompiler.primeSession`). */
const primeIdleMs = 1500;
/** ... or, when no browser asked for anything since the start, how long it waits for one. */
const primeUnvisitedMs = 10_000;

/** The dev server's side of an edit: rebuild, then tell the browser exactly what changed. */
class LiveUpdates {
  private pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  private shownErrors = false;
  private lastRequest = performance.now();
  private inFlight = 0;
  private servedAny = false;

  constructor(
    private readonly server: ViteDevServer,
    private readonly compiler: () => SiteCompiler,
    private readonly root: string,
    private readonly debounceMs: number,
    private readonly report: (run: { result: BuildResult; elapsedMs: number }, changed: string[], update?: { reload: boolean; pages: string[] }) => void,
    /** The first build: every rebuild, and the session's priming, come after it. */
    firstBuild: Promise<void>,
    /** Work for an idle preview after its session is primed (building the server bundle for the next start). */
    private readonly whenIdle: () => Promise<void>,
  ) {
    this.chain = firstBuild;
  }

  start(): void {
    const changed = (relative: string): void => {
      this.pending.add(relative);
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.flush(), this.debounceMs);
    };
    const manifestFile = this.compiler().manifestFile;
    if (isWithin(this.root, this.server.config.root)) {
      // Inside Vite's root (docs-example in a checkout of docs-build): Vite's watcher sees it already.
      const ignored = ignoredUnder(this.root, [manifestFile]);
      const changes = withThrottledChanges(this.root, changed);
      this.server.httpServer?.once('close', changes.close);
      this.server.watcher.on('all', (event: string, file: string) => {
        if (isInside(file, this.root) && !ignored(file)) changes.onEvent(event, path.relative(this.root, file).split(path.sep).join('/'));
      });
    } else this.watchRootLater(changed, manifestFile);
    // Once the browser stopped asking for anything for a while (its first page is served), or when no
    // browser came for a while: the session learns every page's content, so the first text edit is
    // patched too (a start on a reused run built none). Earlier, the stages would hold the thread the
    // first page is served from.
    const started = performance.now();
    this.server.middlewares.use((_request, response, next) => {
      this.inFlight++;
      response.once('close', () => {
        this.inFlight--;
        this.servedAny = true;
        this.lastRequest = performance.now();
      });
      next();
    });
    const prime = setInterval(() => {
      const now = performance.now();
      const idle = this.servedAny ? now - this.lastRequest >= primeIdleMs : now - started >= primeUnvisitedMs;
      if (!idle || this.inFlight > 0 || this.pending.size > 0) return;
      clearInterval(prime);
      this.chain = this.chain
        .then(() => this.compiler().primeSession())
        // Not on the chain: building the server bundle takes seconds, and an edit meanwhile must not wait for it.
        .then(() => void this.whenIdle().catch(() => undefined))
        .catch(() => undefined);
    }, primeIdleMs / 3);
    prime.unref();
    this.server.httpServer?.once('close', () => clearInterval(prime));
    this.server.ws.on('connection', () => {
      const errors = this.compiler().snapshot?.errors ?? [];
      if (errors.length > 0) this.server.ws.send({ type: 'error', err: errorOverlay(errors, this.root) });
    });
  }

  /**
   * The docs root is watched once the first page is served (or after `rootWatchDelayMs`): the first scan
   * of a large root (firecrawl-docs: 12,000 files, a second of the main thread) held the first page's
   * stylesheets and its paint. A file changed before the watch is ready is caught by one more build
   * when it is (the build compares every input; nothing changed: nothing is sent or printed).
   */
  private watchRootLater(changed: (relative: string) => void, manifestFile: string): void {
    const started = performance.now();
    const check = setInterval(() => {
      const now = performance.now();
      const firstPageServed = this.servedAny && this.inFlight === 0 && now - this.lastRequest >= 300;
      if (!firstPageServed && now - started < rootWatchDelayMs) return;
      clearInterval(check);
      const onError = (error: Error): void => this.server.config.logger.error(`docs-build: watching ${this.root} failed: ${error.message}`);
      const rootWatcher = watchDocsRoot(this.root, { onChange: changed, onError, alsoIgnore: [manifestFile], onReady: () => this.catchUp() });
      this.server.httpServer?.once('close', () => void rootWatcher.close());
    }, 50);
    check.unref();
    this.server.httpServer?.once('close', () => clearInterval(check));
  }

  private catchUp(): void {
    this.chain = this.chain.then(() => this.rebuild([], { quietWhenUnchanged: true })).catch(() => undefined);
  }

  private flush(): void {
    const files = [...this.pending].sort();
    this.pending.clear();
    this.chain = this.chain.then(() => this.rebuild(files)).catch((error: unknown) => {
      this.server.config.logger.error(`docs-build: the rebuild failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    });
  }

  private async rebuild(files: string[], options: { quietWhenUnchanged?: boolean } = {}): Promise<void> {
    const compiler = this.compiler();
    const previous = compiler.snapshot;
    const run = await compiler.compile();
    const next = run.snapshot;
    const update = next ? siteChange(previous, next, files) : { reload: false, pages: [] };
    if (options.quietWhenUnchanged) {
      if (next && !update.reload && update.pages.length === 0) return;
      // Changed before the watch was ready: no event named the files; the pages updated do.
      files = next && !update.reload ? [...new Set(update.pages.map((id) => next.manifest.pages[id]?.source.file ?? id))].sort() : ['(files changed while the preview started)'];
    }
    if (next) this.apply(update, next);
    const errors = next?.errors ?? run.result.diagnostics.filter((d) => d.severity === 'error');
    const hot = this.server.environments.client.hot;
    if (errors.length > 0) hot.send({ type: 'error', err: errorOverlay(errors, this.root, files) });
    // The browser entry closes the overlay. (An empty `update` would too, but Vite's client reloads the
    // page on its first update while an overlay shows: scroll and state lost on every fix.)
    else if (this.shownErrors && !update.reload) hot.send({ type: 'custom', event: errorsClearedEvent, data: null });
    this.shownErrors = errors.length > 0;
    this.report(run, files, update);
  }

  private apply(update: { reload: boolean; pages: string[] }, next: SiteSnapshot): void {
    const environment = this.server.environments.client;
    const graph = environment.moduleGraph;
    if (update.reload) {
      for (const id of [siteModuleId, routesModuleId, ...next.pageIds().map(pageModuleId)]) {
        const module = graph.getModuleById(resolvedPrefix + id);
        if (module) graph.invalidateModule(module);
      }
      environment.hot.send({ type: 'full-reload', path: '*' });
      return;
    }
    const pages: PageData[] = [];
    for (const id of update.pages) {
      const module = graph.getModuleById(resolvedPrefix + pageModuleId(id));
      // A page no browser has loaded has no module yet: it loads the new data when it is visited.
      if (!module) continue;
      graph.invalidateModule(module);
      const data = next.page(id);
      if (data) pages.push(data);
    }
    if (pages.length > 0) environment.hot.send({ type: 'custom', event: pageDataEvent, data: pages });
  }
}

/**
 * The errors in Vite's overlay: the first with its file and position (the overlay links it), and up to
 * 20 listed in the message, the errors of the files just changed first (a site with old errors would
 * otherwise show the same one after every edit). Listed in the message: Vite shows `frame` only when it
 * looks like a code frame.
 */
export function errorOverlay(errors: readonly Diagnostic[], root: string, changedFiles: readonly string[] = []): { message: string; stack: string; id?: string; plugin: string; loc?: { file: string; line: number; column: number } } {
  const changed = new Set(changedFiles);
  const ordered = [...errors.filter((d) => d.file !== undefined && changed.has(d.file)), ...errors.filter((d) => d.file === undefined || !changed.has(d.file))];
  const first = ordered[0]!;
  const where = (d: Diagnostic): string => (d.file ? `${d.file}${d.line ? `:${d.line}:${d.column ?? 1}` : ''} ` : '');
  const shown = ordered.slice(0, overlayListed).map((d) => `- ${where(d)}${d.message} (${d.code})`);
  if (ordered.length > overlayListed) shown.push(`... and ${ordered.length - overlayListed} more (the terminal lists them all)`);
  const overlay: ReturnType<typeof errorOverlay> = {
    message: `${ordered.length} ${ordered.length === 1 ? 'error' : 'errors'} in the docs:\n${shown.join('\n')}`,
    stack: '',
    plugin: 'docs-build',
  };
  if (first.file) {
    overlay.id = path.join(root, first.file);
    overlay.loc = { file: path.join(root, first.file), line: first.line ?? 1, column: first.column ?? 1 };
  }
  return overlay;
}

const overlayListed = 20;

function logBuild(config: ResolvedConfig, event: SiteBuildEvent, root: string): void {
  const { result, elapsedMs, changed, update } = event;
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) config.logger.error(formatHuman(errors, { pathPrefix: path.relative(process.cwd(), root) || '.' }));
  const what = changed.length > 0 ? `rebuilt (${printable(changed.slice(0, 3).join(', '))}${changed.length > 3 ? ', ...' : ''})` : 'built';
  const sent = update.reload ? ', page reload' : update.pages.length > 0 ? `, updated ${update.pages.length} page${update.pages.length === 1 ? '' : 's'}` : '';
  config.logger.info(`docs-build: ${what} in ${Math.round(elapsedMs)} ms: ${summaryLine(result.diagnostics)}${sent}`, { timestamp: true });
}
