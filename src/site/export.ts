import { copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync, realpathSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BuildResult } from '../pipeline/index.js';
import { compareCodeUnits, hasErrors } from '../diagnostics/index.js';
import { copyFileAtomic, isWithin, locatePath, removeAbandonedTemporaries, temporaryBeside, UnsafePathError, writeFileAtomic } from '../root/index.js';
import { generatorVersion } from '../version.js';
import { SiteCompiler, type SiteCompileOptions, type SiteSnapshot } from './compiler.js';
import { pageHref, pagePath } from '../theme/layout/urls.js';
import type { PageData } from '../theme/types.js';
import type { ServerEntry } from './dev-middleware.js';
import { exportMarker, hashKey, isRelative, markerText, readExportState, type ClientBundle, type ExportState } from './export-state.js';
import type { PublishedFile } from './data.js';
import { escapeHtml, htmlShell, redirectHtml } from './html.js';
import { iconFile, iconPathsIn } from './icons.js';
import { pageDataPath } from './modules.js';
import { boundedPath } from '../pipeline/content-output.js';
import { defaultViteCacheDir, loadServerEntry, keptFilesFolder, themeIdentity } from './server-bundle.js';
import { clientBundle } from './client-bundle.js';
import { htmlRedirects, noindex, redirectsFile, robotsTxt, rootTarget, sitemapXml } from './site-files.js';
import { ignoredPath } from './ignored-paths.js';
import { searchIndexFolderPath, searchPartBytes } from './search-parts.js';
import { trimTrailingSlashes } from '../fields/http.js';

export { exportMarker };

export interface ExportOptions extends Omit<SiteCompileOptions, 'base'> {
  /** The folder to write. Replaced as a whole, or updated in place, only if it is absent, empty, or a previous export. */
  outDir: string;
  /** The public base path the site is served under (`/docs/`). Default `/`. */
  base?: string;
  /** The site's absolute URL (`https://docs.example.com`): sitemap, robots.txt, llms.txt and canonical links use it. */
  siteUrl?: string;
  /** Test hook: called with the folder being written just before the export completes (a throw aborts it). */
  beforeCommit?: (folder: string) => void;
}

export interface ExportResult {
  result: BuildResult;
  /** The folder written, when the export completed. */
  written?: string;
  /** Why nothing was written (besides errors in `result.diagnostics`). */
  refused?: string;
  /**
   * `full`: a new folder replaced `outDir` (the first export, or one whose theme, site data, base or
   * URL changed). `update`: the previous export was updated in place, writing only what changed.
   */
  mode?: 'full' | 'update';
  pages: number;
  /** Pages rendered by this export (in an update, those whose data changed). */
  rendered: number;
  /** Files in the export, and files this export wrote or removed. */
  files: number;
  changed: number;
  /**
   * Icons the pages name that no installed icon package has (Font Awesome Pro names such as `books`):
   * they show blank. Their URL paths after `_docs-build/icons/`, sorted.
   */
  missingIcons: string[];
  timings: { compileMs: number; bundleMs: number; renderMs: number; writeMs: number };
}

/**
 * `docs-build export`: the site as static files for any static host (docs/site.md). The compiler runs
 * with its cache, Vite bundles the client, every page is rendered to HTML by Vite's SSR build of the
 * server entry dev uses, and hydrated in the browser; each page's data is a JSON file the client fetches.
 *
 * A first export (or one whose theme, site data, base or site URL changed: every page's HTML changes)
 * writes a new folder beside `outDir` which then takes its place: a failed export leaves the previous
 * one as it was. Otherwise the previous export is updated in place: the pages whose data changed are
 * rendered again and each changed file is replaced atomically, so the folder is a working site at every
 * instant. Same inputs, same bytes, whichever way the folder was made.
 */
export async function exportSite(options: ExportOptions): Promise<ExportResult> {
  const timings = { compileMs: 0, bundleMs: 0, renderMs: 0, writeMs: 0 };
  const outDir = path.resolve(options.outDir);
  const root = path.resolve(options.root);
  const started = performance.now();
  const nothing = { pages: 0, rendered: 0, files: 0, changed: 0, missingIcons: [], timings };
  const refusal = outProblem(outDir, root);
  if (refusal) return { result: { diagnostics: [] }, refused: refusal, ...nothing };
  const compiler = new SiteCompiler({ ...options, base: options.base ?? '/' }, { session: false });
  const { result, snapshot } = await compiler.compile();
  timings.compileMs = performance.now() - started;
  if (!snapshot || hasErrors(result.diagnostics)) return { result, ...nothing };

  const origin = options.siteUrl === undefined ? undefined : trimTrailingSlashes(options.siteUrl);
  const theme = themeIdentity();
  const sharedKey = (siteKey: string): string => hashKey(theme, snapshot.base, origin ?? '', siteKey);
  const bundleCacheDir = options.cache === false ? undefined : keptFilesFolder(defaultViteCacheDir(root), root);
  const siteOf = (shown: SiteSnapshot, shared = sharedKey(shown.siteKey)): ExportSite => ({ snapshot: shown, root, outDir, origin, shared, bundleCacheDir, timings });
  const previous = readExportState(outDir);
  if (previous && bundlePresent(outDir, previous.bundle)) {
    // This manifest, or one this build patched, made the previous export: its site data (vouched for by
    // the shared key) stands for this build's, and the few pages to render are read alone from the
    // manifest's bytes instead of parsing all of it (24 MB on firecrawl-docs).
    const known = snapshot.sharesSiteDataWith(previous.manifestHash) && sharedKey(previous.siteData) === previous.shared;
    const site = known ? siteOf(snapshot.withSiteData(previous.siteData), previous.shared) : siteOf(snapshot);
    if (site.shared === previous.shared) {
      try {
        return { result, ...(await updateInPlace(site, previous, options.beforeCommit)) };
      } catch (error) {
        // A link in the folder that leads out of it: not ours to follow. The folder is replaced whole.
        if (!(error instanceof UnsafePathError)) throw error;
      }
    }
  }
  return { result, ...(await exportAnew(siteOf(snapshot), compiler, options.beforeCommit)) };
}

/** One export's inputs, shared by its steps. */
interface ExportSite {
  snapshot: SiteSnapshot;
  root: string;
  outDir: string;
  origin: string | undefined;
  /** The key of everything all pages share (`ExportState.shared`). */
  shared: string;
  /** Where the server and client bundles are kept between exports (`keptFilesFolder`); none with `cache: false`. */
  bundleCacheDir: string | undefined;
  timings: ExportResult['timings'];
}

type Written = Omit<ExportResult, 'result'>;

/** The whole site into a new folder beside `outDir`, which then replaces it. */
async function exportAnew(site: ExportSite, compiler: SiteCompiler, beforeCommit: ExportOptions['beforeCommit']): Promise<Written> {
  const { outDir, timings } = site;
  const parent = path.dirname(outDir);
  mkdirSync(parent, { recursive: true });
  const name = path.basename(outDir);
  removeAbandonedTemporaries(parent, (target) => target === name);
  const temporary = temporaryBeside(outDir);
  mkdirSync(temporary);
  try {
    let started = performance.now();
    const bundle = await clientBundle(compiler, site.snapshot, temporary, site.bundleCacheDir);
    timings.bundleMs = performance.now() - started;
    const writer = new FolderWriter(temporary, false);
    const pages = await writePages(site, bundle, writer, undefined);
    started = performance.now();
    const { keys: files, missingIcons } = writeSiteFiles(site, bundle, writer, pages, undefined);
    writer.write(exportMarker, markerText(exportState(site, bundle, pages, files)));
    beforeCommit?.(temporary);
    commit(temporary, outDir);
    timings.writeMs = performance.now() - started;
    const count = writer.count + bundle.files.length;
    return { written: outDir, mode: 'full', pages: site.snapshot.pageIds().length, rendered: pages.rendered, files: count, changed: count, missingIcons, timings };
  } catch (error) {
    rmSync(temporary, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The previous export, brought up to date where its files were made from other data. The marker loses
 * its state first: an update that stops half way leaves a working site that the next export replaces
 * whole instead of trusting.
 */
async function updateInPlace(site: ExportSite, previous: ExportState, beforeCommit: ExportOptions['beforeCommit']): Promise<Written> {
  const { outDir, timings } = site;
  // Its real path: the writer refuses any link below it that leads out, and the folder itself may be reached through one.
  const writer = new FolderWriter(realpathSync.native(outDir), true);
  writer.write(exportMarker, markerText(undefined));
  const pages = await writePages(site, previous.bundle, writer, previous);
  const started = performance.now();
  const { keys: files, missingIcons } = writeSiteFiles(site, previous.bundle, writer, pages, previous);
  const kept = new Set([...previous.bundle.files, ...Object.keys(files), ...pages.paths, exportMarker]);
  const stale = [...Object.keys(previous.files), ...Object.keys(previous.pages).flatMap((id) => {
    const { html, data, twins } = pageFilePaths(id);
    return [html, data, ...twins];
  })].filter((file) => !kept.has(file));
  for (const file of stale) writer.remove(file);
  beforeCommit?.(outDir);
  writer.write(exportMarker, markerText(exportState(site, previous.bundle, pages, files)));
  timings.writeMs = performance.now() - started;
  // The bundle, the files, the pages' files, 404.html and the marker; the marker's two writes are no change.
  const count = previous.bundle.files.length + Object.keys(files).length + pages.paths.length + 2;
  return { written: outDir, mode: 'update', pages: site.snapshot.pageIds().length, rendered: pages.rendered, files: count, changed: writer.count - 2, missingIcons, timings };
}

/** What the marker of a complete export records. */
function exportState(site: ExportSite, bundle: ClientBundle, pages: WrittenPages, files: ExportState['files']): ExportState {
  const { run, manifestHash } = site.snapshot;
  return { format: 2, shared: site.shared, ...(run !== undefined ? { run } : {}), ...(manifestHash !== undefined ? { manifestHash } : {}), siteData: site.snapshot.siteKey, bundle, pages: pages.state, notFoundIcons: pages.notFoundIcons, files };
}

/** Whether the files an earlier export's client bundle wrote are all still there. */
function bundlePresent(outDir: string, bundle: ClientBundle): boolean {
  return bundle.files.every((file) => isRegularFile(path.join(outDir, file)));
}

function isRegularFile(file: string): boolean {
  try {
    return lstatSync(file).isFile();
  } catch {
    return false;
  }
}

/** Why `outDir` must not be written, or undefined. Never the docs root, a folder holding it, or a folder of other files. */
function outProblem(outDir: string, root: string): string | undefined {
  const relative = path.relative(root, outDir);
  if (isWithin(root, outDir)) return `--out ${outDir} is the docs root or holds it`;
  if (isWithin(outDir, root) && !relative.split(path.sep).some((part) => part.startsWith('.'))) {
    return `--out ${outDir} is inside the docs root, where its pages and Markdown files would become pages of the next build; write it outside the root or under a hidden folder such as .docs-build/site`;
  }
  let stats;
  try {
    stats = lstatSync(outDir);
  } catch {
    return undefined;
  }
  if (!stats.isDirectory()) return `--out ${outDir} is not a folder`;
  const entries = readdirSync(outDir);
  if (entries.length > 0 && !entries.includes(exportMarker)) return `--out ${outDir} is not empty and was not written by docs-build export (no ${exportMarker} file): refusing to replace it`;
  return undefined;
}


/** Replaces `outDir` by the finished folder: the old export is moved aside first, then removed. */
function commit(temporary: string, outDir: string): void {
  let aside: string | undefined;
  if (existsSync(outDir)) {
    aside = temporaryBeside(outDir, 'old');
    renameSync(outDir, aside);
  }
  try {
    renameSync(temporary, outDir);
  } catch (error) {
    if (aside) renameSync(aside, outDir);
    throw error;
  }
  if (aside) rmSync(aside, { recursive: true, force: true });
}

/**
 * Writes files under the export folder, never outside it. A new folder is written directly; an export
 * updated in place gets each file through the atomic writer (a reader sees the old file or the new one).
 */
class FolderWriter {
  /** Files written or removed. */
  count = 0;

  constructor(
    readonly dir: string,
    private readonly atomic: boolean,
  ) {}

  write(relative: string, contents: string | Buffer): void {
    const target = this.target(relative);
    if (this.atomic) writeFileAtomic(target, contents, { durable: false, within: this.dir });
    else {
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, contents);
    }
    this.count++;
  }

  copy(source: string, relative: string): void {
    const target = this.target(relative);
    if (this.atomic) copyFileAtomic(source, target, { durable: false, within: this.dir });
    else {
      mkdirSync(path.dirname(target), { recursive: true });
      copyFileSync(source, target);
    }
    this.count++;
  }

  /** Removes a file an earlier export wrote (a regular file only), and the folders it leaves empty. */
  remove(relative: string): void {
    // Located first: a folder on the way that is a link out of the export throws instead of being followed.
    const target = locatePath(this.target(relative), { within: this.dir });
    if (!isRegularFile(target)) return;
    rmSync(target);
    this.count++;
    for (let dir = path.dirname(target); dir !== this.dir && dir.startsWith(this.dir + path.sep); dir = path.dirname(dir)) {
      try {
        rmdirSync(dir);
      } catch {
        break;
      }
    }
  }

  private target(relative: string): string {
    const target = path.resolve(this.dir, relative);
    if (!isRelative(relative) || !target.startsWith(this.dir + path.sep)) throw new Error(`docs-build: refusing to write ${relative} outside the export`);
    return target;
  }
}

/**
 * The HTML file of a page: `<path>/index.html` at its served path (`pagePath`: `guides/index` at
 * `guides/index.html`), so `/<path>` and `/<path>/` reach it on every static server;
 * `index.html` for `index`. A segment too long for a file name is shortened (`boundedPath`), and
 * `_redirects` serves the page at its URL from there.
 */
export function pageHtmlPath(id: string): string {
  const served = pagePath(id);
  return served === '' ? 'index.html' : `${boundedPath(served)}/index.html`;
}

/**
 * A page's files: its HTML, its data, and where its Markdown twin goes (when the compiler wrote one):
 * `<id>.md`, as llms.txt names it, and for a folder's index page also `<path>.md` beside the folder
 * (`guides.md` for `guides/index`), its served path with `.md` as for every other page, which the
 * preview answers too.
 */
function pageFilePaths(id: string): { html: string; data: string; twins: string[] } {
  const served = pagePath(id);
  const twins = [`${boundedPath(id)}.md`, ...(served !== id && served !== '' ? [`${boundedPath(served)}.md`] : [])];
  return { html: pageHtmlPath(id), data: pageDataPath(id), twins };
}

const notFoundPath = '404.html';

interface WrittenPages {
  state: ExportState['pages'];
  notFoundIcons: string[];
  /** The files of every page, written now or kept. */
  paths: string[];
  rendered: number;
}

/**
 * Every page's HTML, data and twin. With a previous state, a page whose key is unchanged keeps its files
 * (and the icons its HTML named); the server bundle is loaded only if some page must be rendered.
 */
async function writePages(site: ExportSite, bundle: ClientBundle, writer: FolderWriter, previous: ExportState | undefined): Promise<WrittenPages> {
  const { snapshot, timings } = site;
  const started = performance.now();
  let entry: ServerEntry | undefined;
  const render = async (): Promise<ServerEntry> => (entry ??= (await loadServerEntry(site.bundleCacheDir)).entry);
  const written: WrittenPages = { state: {}, notFoundIcons: [], paths: [], rendered: 0 };
  for (const id of snapshot.pageIds()) {
    const before = previous?.pages[id];
    // A page the compiler run did not change since the previous export's keeps its key, not made again
    // (serializing every page entry costs 90 ms on firecrawl-docs' 2,159 pages).
    const key = before && snapshot.unchangedSince(previous!.run, id) ? before.key : hashKey(site.shared, snapshot.pageKey(id, { keep: false }));
    const { html, data, twins } = pageFilePaths(id);
    // (A folder index page's second twin is checked too: an export made before it was written lacks it.)
    const there = (file: string): boolean => isRegularFile(path.join(writer.dir, file));
    if (before?.key === key && there(html) && there(data) && (!before.twin || twins.slice(1).every(there))) {
      // Same entry, same twin: the page's entry is not read.
      written.paths.push(html, data, ...(before.twin ? twins : []));
      written.state[id] = before;
      continue;
    }
    // Each page is read once: nothing of it is kept once its files are written. A published page shows
    // its readers no build problems: those are the terminal's and the preview's.
    const pageData: PageData = { ...snapshot.page(id, { keep: false })!, diagnostics: [] };
    const page = pageHtml(await render(), site, bundle, id, pageData);
    writer.write(html, page);
    writer.write(data, JSON.stringify(pageData));
    written.paths.push(html, data);
    const twin = snapshot.markdown(id);
    if (twin !== undefined) {
      for (const twinPath of twins) writer.write(twinPath, twin);
      written.paths.push(...twins);
    }
    written.state[id] = { key, icons: iconPathsIn(page), ...(twin !== undefined ? { twin: true as const } : {}) };
    written.rendered++;
  }
  // The not-found page shows the site data alone, which an update in place shares with the export before.
  if (previous && isRegularFile(path.join(writer.dir, notFoundPath))) written.notFoundIcons = previous.notFoundIcons;
  else {
    const notFound = notFoundHtml(await render(), site, bundle);
    writer.write(notFoundPath, notFound);
    written.notFoundIcons = iconPathsIn(notFound);
  }
  timings.renderMs = performance.now() - started;
  return written;
}

function headFor(site: ExportSite, bundle: ClientBundle, extra: string[]): string {
  const base = site.snapshot.base;
  return [
    ...bundle.css.map((file) => `<link rel="stylesheet" href="${escapeHtml(base + file)}">`),
    ...bundle.preload.map((file) => `<link rel="modulepreload" href="${escapeHtml(base + file)}">`),
    ...extra,
  ].join('');
}

function pageHtml(entry: ServerEntry, site: ExportSite, bundle: ClientBundle, id: string, pageData: PageData): string {
  const { snapshot, origin } = site;
  const base = snapshot.base;
  const body = entry.render({ data: snapshot.data, pageId: id, pageData });
  const canonical = origin ? `${origin}${pageHref(base, id)}` : undefined;
  // The page's data is fetched by the client before it hydrates: preloaded beside the scripts.
  const preloadData = `<link rel="preload" href="${escapeHtml(base + pageDataPath(id))}" as="fetch" crossorigin="anonymous">`;
  return htmlShell({
    site: snapshot.data.site,
    base: snapshot.data.base,
    page: pageData,
    pageId: id,
    body,
    head: headFor(site, bundle, [preloadData]),
    scripts: `<script type="module" src="${escapeHtml(base + bundle.entry)}"></script>`,
    noindex: noindex(snapshot, id),
    ...(canonical ? { canonical } : {}),
  });
}

function notFoundHtml(entry: ServerEntry, site: ExportSite, bundle: ClientBundle): string {
  const { snapshot } = site;
  const body = entry.render({ data: snapshot.data, pageId: undefined, pageData: undefined });
  const scripts = `<script type="module" src="${escapeHtml(snapshot.base + bundle.entry)}"></script>`;
  return htmlShell({ site: snapshot.data.site, base: snapshot.data.base, page: undefined, pageId: '404', body, head: headFor(site, bundle, []), scripts, noindex: true });
}

/** A file besides the pages: the key of what it is made from, and its bytes (made, or a file copied as it is). */
type PlannedFile = { key: string; make: () => string | Buffer } | { key: string; source: string } | { key: string; publish: () => PublishedFile | undefined };

/**
 * Every file besides the pages (the docs root's own files, icons, search records, llms.txt, sitemap,
 * robots.txt, redirects), written when its key differs from the previous export's. Returns the keys, and
 * the icons the pages name that no installed package has (`ExportResult.missingIcons`).
 */
function writeSiteFiles(
  site: ExportSite,
  bundle: ClientBundle,
  writer: FolderWriter,
  pages: WrittenPages,
  previous: ExportState | undefined,
): { keys: Record<string, string>; missingIcons: string[] } {
  const { snapshot, origin } = site;
  const taken = new Set([...pages.paths, ...bundle.files, notFoundPath, exportMarker]);
  const planned = new Map<string, PlannedFile>();
  const plan = (file: string, entry: PlannedFile): void => {
    if (!taken.has(file) && !planned.has(file) && isRelative(file)) planned.set(file, entry);
  };
  const text = (make: () => string | undefined): PlannedFile | undefined => {
    const made = make();
    return made === undefined ? undefined : { key: hashKey(made), make: () => made };
  };
  // The docs root's sitemap.xml or robots.txt is the site's own: it wins.
  for (const file of rootFiles(site.root, [site.outDir])) plan(file.relative, { key: file.stamp, source: file.path });
  const missingIcons: string[] = [];
  for (const icon of new Set([...Object.values(pages.state).flatMap((page) => page.icons), ...pages.notFoundIcons])) {
    const source = iconFile(icon);
    if (source) plan(`_docs-build/icons/${icon}`, { key: `${generatorVersion} ${icon}`, source });
    else missingIcons.push(icon);
  }
  // The compiler's llms files are large: keyed by their files' hashes (from the compiler's index) and,
  // when changed, copied as they are. Under another base or site URL they are written again from the
  // manifest and the twins, which change exactly when the compiler's own do.
  const hashes = snapshot.textFileHashes();
  if (hashes.search !== '') {
    // A part's records change only with its pages' entries (content hash and title), as their keys do.
    for (const [name, ids] of snapshot.searchParts()) {
      const key = hashKey(site.shared, name, ...ids.map((id) => pages.state[id]?.key ?? ''));
      plan(`${searchIndexFolderPath}${name}.json`, { key, make: () => searchPartBytes(ids, snapshot.searchRecords()) });
    }
  }
  const fromCompiler: Array<[string, string, () => PublishedFile | undefined]> = [
    ['llms.txt', hashes.llms, () => snapshot.llmsFile('index', origin)],
    ['llms-full.txt', hashes.llmsFull, () => snapshot.llmsFile('full', origin)],
  ];
  for (const [file, hash, publish] of fromCompiler) {
    if (hash !== '') plan(file, { key: hashKey(site.shared, file, hash), publish });
  }
  const generated: Array<[string, () => string | undefined]> = [
    ['sitemap.xml', () => sitemapXml(snapshot, origin)],
    ['robots.txt', () => robotsTxt(snapshot, origin)],
    ['_redirects', () => redirectsFile(snapshot) || undefined],
    ...htmlRedirects(snapshot).map(({ path: from, target }): [string, () => string] => [`${from}/index.html`, () => redirectHtml(target)]),
  ];
  // A site without an `index` page: its root sends readers where the service does (site-files.ts).
  const root = rootTarget(snapshot);
  if (root) generated.push(['index.html', () => redirectHtml(root.url)]);
  for (const [file, make] of generated) {
    if (taken.has(file) || planned.has(file)) continue;
    const entry = text(make);
    if (entry) plan(file, entry);
  }
  const keys: Record<string, string> = {};
  for (const [file, entry] of planned) {
    keys[file] = entry.key;
    if (previous?.files[file] === entry.key && isRegularFile(path.join(writer.dir, file))) continue;
    if ('source' in entry) writer.copy(entry.source, file);
    else if ('make' in entry) writer.write(file, entry.make());
    else {
      const published = entry.publish();
      if (published && 'path' in published) writer.copy(published.path, file);
      else writer.write(file, published?.bytes ?? '');
    }
  }
  return { keys, missingIcons: missingIcons.sort() };
}

/** Source files and settings of the docs root, never published as files. */
const notPublished = /\.(mdx?|jsx?|tsx?|mjs|cjs)$/i;
/** Top-level folders of sources that are never served (snippets are inlined into the pages). */
const sourceFolders = new Set(['snippets']);
const settingsFiles = new Set(['docs.json', 'mint.json', 'docs-build.json', 'package.json', 'package-lock.json']);

interface RootFile {
  relative: string;
  path: string;
  /** Size and modification time: a file whose stamp is unchanged is not copied again. */
  stamp: string;
}

/** The docs root's own files (images, logos, downloads, specs), published at the same paths. */
function rootFiles(root: string, skip: string[]): RootFile[] {
  const found: RootFile[] = [];
  const walk = (dir: string, relative: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => compareCodeUnits(a.name, b.name))) {
      const rel = relative ? `${relative}/${entry.name}` : entry.name;
      const full = path.join(dir, entry.name);
      if (entry.name.startsWith('.') || ignoredPath(rel) || skip.includes(full) || (relative === '' && sourceFolders.has(entry.name))) continue;
      if (entry.isDirectory()) walk(full, rel);
      else if (entry.isFile() && !notPublished.test(entry.name) && !(relative === '' && settingsFiles.has(entry.name))) {
        const stats = statSync(full);
        if (stats.size < 100 * 1024 * 1024) found.push({ relative: rel, path: full, stamp: `${stats.size} ${stats.mtimeMs}` });
      }
    }
  };
  walk(root, '');
  return found;
}
