import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { Connect, EnvironmentModuleNode, ViteDevServer } from 'vite';
import { pageIdFromPath } from '../theme/layout/urls.js';
import type { PageData } from '../theme/types.js';
import type { BuildProgress } from '../pipeline/index.js';
import type { SiteSnapshot } from './compiler.js';
import { publishedBytes } from './data.js';
import { dataKey } from './entries/data-key.js';
import { htmlShell } from './html.js';
import { blankIcon, iconFile } from './icons.js';
import type { SitePaths } from './paths.js';
import { contentType, previewRedirect } from './site-files.js';
import { readPublishedFile } from '../root/index.js';
import { searchIndexFolderPath, searchPartBytes } from './search-parts.js';

/** What `entries/server.tsx` exports. */
export interface ServerEntry {
  render(input: { data: SiteSnapshot['data']; pageId: string | undefined; pageData: PageData | undefined }): string;
}

/** What renders a page: the server entry and the stylesheets the page links (URLs under the base, without it). */
export interface PageRenderer {
  entry: ServerEntry;
  styles: string[];
  /** Which one: the cached server bundle, or the entry through Vite's SSR transform (sent as `X-Docs-Build-Renderer`). */
  kind: 'bundle' | 'transform';
}

interface DevContext {
  root: string;
  snapshot: () => SiteSnapshot | undefined;
  /**
   * While the preview's first build runs: settles when it ends, with the parse's progress so far. The
   * server listens before that build (a first start without a cache parses for tens of seconds).
   */
  firstBuild?: () => { done: Promise<void>; progress: BuildProgress | undefined } | undefined;
  paths: SitePaths;
  /** The server bundle kept in the cache, when there is one to use (see plugin.ts): no transform of the theme before the first page. */
  bundled?: () => Promise<PageRenderer | undefined>;
}

/**
 * The longest request target (path and query, as the request line has it) the preview answers; longer
 * ones get 414 URI Too Long before any other middleware sees them. A URL of thousands of segments
 * (`/a/a/a/...`, in the path or the query: 5,500 slashes did it here, 5,000 not) overflowed the stack of
 * Vite's native (rolldown) code, in `transformIndexHtml` of the not-found page and in Vite's own
 * middlewares (`/@fs/...`), and the process died with SIGSEGV. No real URL comes near the limit, which
 * allows at most ~2,000 slashes: a docs page's URL stays under 2,048 characters (the sitemap protocol's
 * limit, for the URLs the export lists in sitemap.xml), and Vite's own module URLs carry an absolute file
 * path (a few hundred characters; Linux caps them at 4,096 bytes) and a short query. Node itself refuses
 * request heads over 16 KB (431).
 */
export const maxRequestTargetLength = 4096;

/**
 * The dev server's routes before Vite's own (plugin.ts installs it directly in `configureServer`, ahead
 * of Vite's internal middlewares): the guard against overlong URLs, then the docs root's files, exactly
 * those the export publishes (src/root/published-files.ts), at their paths under the base. Vite's root is
 * docs-build's folder, or the user's project: served after this, a docs root file would lose to a file
 * of that folder at the same path, and Vite would serve the root's sources and settings itself when it
 * is Vite's root; its `server.fs` settings (plugin.ts) refuse those now, and the published files are
 * served here first. Everything else goes on to Vite.
 */
export function devFrontMiddleware(context: { root: string; base: () => string }): Connect.NextHandleFunction {
  return (req, res, next) => {
    const target = req.url ?? '/';
    if (target.length > maxRequestTargetLength) {
      res.setHeader('Connection', 'close');
      send(res, 414, contentType('.txt'), `URI too long: the preview answers URLs of up to ${maxRequestTargetLength} characters\n`);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const base = context.base();
    let pathname: string;
    try {
      // The path as sent: no `//host` read as an origin, no dot segments resolved (a `..` is refused below).
      pathname = decodeURIComponent(target.replace(/[?#].*$/s, ''));
    } catch {
      return next();
    }
    if (!pathname.startsWith(base)) return next();
    const relative = pathname.slice(base.length);
    const bytes = readPublishedFile(context.root, relative);
    if (bytes === undefined) return next();
    send(res, 200, contentType(path.extname(relative)), bytes);
  };
}

/**
 * The dev server's routes after Vite's own: pages (server-rendered, then hydrated), the search records,
 * icons, Markdown twins, llms.txt, redirects and the not-found page. (The docs root's files are served
 * before Vite's middlewares: `devFrontMiddleware`.)
 */
export function devMiddleware(server: ViteDevServer, context: DevContext): Connect.NextHandleFunction {
  const route: Connect.NextHandleFunction = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const snapshot = context.snapshot();
    if (!snapshot) return next();
    const url = new URL(req.url ?? '/', 'http://localhost');
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return next();
    }
    handle(server, context, snapshot, pathname, req.originalUrl ?? req.url ?? '/', res).then(
      (handled) => (handled ? undefined : next()),
      (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
    );
  };
  return (req, res, next) => {
    const building = context.firstBuild?.();
    if (!building) return route(req, res, next);
    // A page asked for while the first build runs: a small site (or a warm cache) is ready in a moment
    // and gets its page; a large one shows a page that says how far the build is and asks again.
    const wantsPage = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
    const waited = wantsPage ? Promise.race([building.done, delay(buildingPageAfterMs)]) : building.done;
    void waited.then(() => {
      const still = context.firstBuild?.();
      if (still && wantsPage) sendBuildingPage(res, still.progress);
      else route(req, res, next);
    });
  };
}

/** How long a page request waits for the first build before it is answered with the building page. */
const buildingPageAfterMs = 1500;

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** The page shown while the first build runs: how far the parse is; it asks again every second. */
export function buildingPageHtml(progress: BuildProgress | undefined): string {
  const count = (n: number): string => n.toLocaleString('en-US');
  const parsed = !progress || progress.total === 0 ? 'reading the docs'
    : progress.done < progress.total ? `${count(progress.done)} of ${count(progress.total)} pages parsed`
    // After the parse: highlighting, links and content files, which report no progress of their own.
    : `all ${count(progress.total)} pages parsed, highlighting code and writing the pages`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="1"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Building the site…</title><style>body{font:16px/1.5 system-ui,sans-serif;margin:20vh auto;max-width:32rem;padding:0 1rem;color:#333}@media (prefers-color-scheme:dark){body{background:#111;color:#ddd}}</style></head><body><h1>Building the site…</h1><p data-testid="building-progress">docs-build is building the preview: ${parsed}. This page reloads by itself.</p></body></html>`;
}

function sendBuildingPage(res: ServerResponse, progress: BuildProgress | undefined): true {
  res.setHeader('X-Docs-Build-Building', '1');
  res.setHeader('Retry-After', '1');
  return send(res, 503, contentType('.html'), buildingPageHtml(progress));
}

async function handle(server: ViteDevServer, context: DevContext, snapshot: SiteSnapshot, pathname: string, originalUrl: string, res: ServerResponse): Promise<boolean> {
  const relative = pathname.replace(/^\/+/, '');
  if (relative.startsWith(searchIndexFolderPath) && relative.endsWith('.json')) {
    const ids = snapshot.searchParts().get(relative.slice(searchIndexFolderPath.length, -'.json'.length));
    if (!ids) return send(res, 404, contentType('.txt'), 'no such search part\n');
    return send(res, 200, contentType('.json'), searchPartBytes(ids, snapshot.searchRecords()));
  }
  if (relative.startsWith('_docs-build/icons/')) {
    const name = relative.slice('_docs-build/icons/'.length);
    const file = iconFile(name);
    // An icon no package has is blank, as in the export (the page names it: `iconPathsIn` makes the same paths).
    if (!file && !name.endsWith('.svg')) return send(res, 404, contentType('.txt'), 'no such icon\n');
    return send(res, 200, contentType('.svg'), file ? readFileSync(file) : blankIcon);
  }
  const llms = relative === 'llms.txt' ? snapshot.llmsFile('index') : relative === 'llms-full.txt' ? snapshot.llmsFile('full') : undefined;
  if (llms !== undefined) return send(res, 200, contentType('.txt'), publishedBytes(llms));
  if (relative.endsWith('.md')) {
    const id = pageIdFromPath('/', snapshot.data.pages, pathname.slice(0, -3));
    const twin = id === undefined ? undefined : snapshot.markdown(id);
    if (twin !== undefined) return send(res, 200, contentType('.md'), twin);
  }
  const id = pageIdFromPath('/', snapshot.data.pages, pathname);
  if (id !== undefined) return sendPage(res, 200, await renderPage(server, context, snapshot, id, originalUrl));
  const redirect = previewRedirect(snapshot, relative);
  if (redirect !== undefined) {
    // The reader's query goes along, as hosts' redirects keep it (a fragment the browser keeps itself).
    const query = /\?[^#]*/.exec(originalUrl)?.[0] ?? '';
    res.writeHead(302, { Location: redirect.includes('?') ? redirect : `${redirect}${query}`, 'Cache-Control': 'no-store' });
    res.end();
    return true;
  }
  if (path.extname(relative) === '' || relative.endsWith('.html')) return sendPage(res, 404, await renderPage(server, context, snapshot, undefined, originalUrl));
  return false;
}

/** The server entry through Vite's SSR transform (the theme's edits apply), with the stylesheets its module graph imports. */
async function transformedRenderer(server: ViteDevServer, context: DevContext): Promise<PageRenderer> {
  const entry = (await server.ssrLoadModule(context.paths.serverEntry)) as ServerEntry;
  return { entry, styles: ssrStyles(server, context.paths.serverEntry), kind: 'transform' };
}

function sendPage(res: ServerResponse, status: number, page: { html: string; renderer: PageRenderer['kind'] }): true {
  res.setHeader('X-Docs-Build-Renderer', page.renderer);
  return send(res, status, contentType('.html'), page.html);
}

async function renderPage(server: ViteDevServer, context: DevContext, requested: SiteSnapshot, id: string | undefined, url: string): Promise<{ html: string; renderer: PageRenderer['kind'] }> {
  const { entry, styles: styleUrls, kind } = (await context.bundled?.()) ?? (await transformedRenderer(server, context));
  // The run of now: a rebuild while the renderer loaded may have patched, in place, the manifest the
  // run of the request reads its pages from.
  const snapshot = context.snapshot() ?? requested;
  const pageData = id === undefined ? undefined : snapshot.page(id);
  const body = entry.render({ data: snapshot.data, pageId: id, pageData });
  const base = server.config.base;
  const styles = styleUrls.map((href) => `<link rel="stylesheet" href="${base}${href.replace(/^\//, '')}?direct" data-docs-build-dev-css>`).join('');
  const clientEntry = `/@fs${context.paths.clientEntry}`;
  // Transformed as the browser will ask for it, while the page is on its way.
  void server.environments.client.warmupRequest(clientEntry);
  const injected = await viteInjections(server, url);
  const html = htmlShell({
    site: snapshot.data.site,
    base: snapshot.data.base,
    page: pageData,
    pageId: id ?? '404',
    body,
    head: `${injected.head}${styles}`,
    scripts: `<script type="module" src="${base}${clientEntry.slice(1)}"></script>${injected.body}`,
    dataKey: dataKey(snapshot.siteKey, JSON.stringify(pageData ?? null)),
  });
  return { html, renderer: kind };
}

/**
 * What Vite and its plugins add to a page (Vite's client, React's refresh preamble), taken from an empty
 * document. The page itself does not go through `transformIndexHtml`: that puts the base in front of
 * every root-relative URL, and the page's URLs (images, the logo, the favicon) already hold it.
 */
async function viteInjections(server: ViteDevServer, url: string): Promise<{ head: string; body: string }> {
  const html = await server.transformIndexHtml(url, '<!doctype html><html><head></head><body></body></html>');
  const inner = (tag: string): string => {
    const open = html.indexOf(`<${tag}>`);
    const close = html.lastIndexOf(`</${tag}>`);
    return open < 0 || close < open ? '' : html.slice(open + tag.length + 2, close);
  };
  return { head: inner('head'), body: inner('body') };
}

/** The stylesheets the server entry imports: linked in the page so the first paint is styled (the client then takes over). */
function ssrStyles(server: ViteDevServer, entry: string): string[] {
  const graph = server.environments.ssr.moduleGraph;
  const start = [...(graph.getModulesByFile(entry) ?? [])];
  const seen = new Set<EnvironmentModuleNode>();
  const styles: string[] = [];
  const visit = (module: EnvironmentModuleNode): void => {
    if (seen.has(module)) return;
    seen.add(module);
    if (/\.css($|\?)/.test(module.url)) styles.push(module.url);
    module.importedModules.forEach(visit);
  };
  start.forEach(visit);
  return styles;
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer): true {
  res.statusCode = status;
  res.setHeader('Content-Type', type);
  res.setHeader('Cache-Control', 'no-cache');
  res.end(body);
  return true;
}
