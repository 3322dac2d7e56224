import { copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync, realpathSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BuildResult } from '../pipeline/index.js';
import { compareCodeUnits, createDiagnostic, hasErrors, joinPointer, promoteWarnings, type Diagnostic, type SourceLocation } from '../diagnostics/index.js';
import { loadConfig } from '../config/index.js';
import { absoluteHttpUrl } from '../fields/http.js';
import { applyRules, IGNORE_FILE, loadProjectRules, RULES_FILE, type IgnoredCounts } from '../rules/index.js';
import { copyFileAtomic, DocsRoot, foldedPath, isWithin, locatePath, removeAbandonedTemporaries, temporaryBeside, UnsafePathError, writeFileAtomic } from '../root/index.js';
import { generatorVersion } from '../version.js';
import { SiteCompiler, type SiteCompileOptions, type SiteSnapshot } from './compiler.js';
import { pageHref, pagePath } from '../theme/layout/urls.js';
import type { PageData } from '../theme/types.js';
import type { ServerEntry } from './dev-middleware.js';
import { exportMarker, hashKey, isRelative, markerText, readExportState, type ClientBundle, type ExportState } from './export-state.js';
import type { PublishedFile } from './data.js';
import { escapeHtml, htmlShell, redirectHtml } from './html.js';
import { blankIcon, iconFile, iconPathsIn } from './icons.js';
import { pageDataPath } from './modules.js';
import { boundedPath } from '../pipeline/content-output.js';
import { defaultViteCacheDir, loadServerEntry, keptFilesFolder, themeIdentity } from './server-bundle.js';
import { clientBundle } from './client-bundle.js';
import { canonicalSetting, htmlRedirects, noindex, publicRootUrl, redirectsFile, robotsTxt, rootTarget, sitemapXml } from './site-files.js';
import { maxPublishedFileBytes, publishedEntry } from '../root/index.js';
import { searchIndexFolderPath, searchPartBytes } from './search-parts.js';

export { exportMarker };

export interface ExportOptions extends Omit<SiteCompileOptions, 'base'> {
  /** The folder to write. Replaced as a whole, or updated in place, only if it is absent, empty, or a previous export. */
  outDir: string;
  /** The public base path the site is served under (`/docs/`). Default `/`. */
  base?: string;
  /**
   * The site's absolute URL (`https://docs.example.com`, or with the path the docs are at): sitemap,
   * robots.txt, llms.txt and canonical links use it. Default: docs.json's `seo.metatags.canonical`.
   */
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
   * they show blank (an empty SVG is written at their URL). Their URL paths after `_docs-build/icons/`, sorted.
   */
  missingIcons: string[];
  /**
   * The absolute URL the site is published at (`--site-url`, else docs.json's `seo.metatags.canonical`),
   * ending in `/`; without it there is no sitemap.xml and no canonical link.
   */
  publicRoot?: string;
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

  const theme = themeIdentity();
  // (docs.json's canonical URL, the other source of the public URL, is in the site data the key holds.)
  const sharedKey = (siteKey: string): string => hashKey(theme, snapshot.base, options.siteUrl ?? '', siteKey);
  const locate = docsJsonLocator(root);
  const bundleCacheDir = options.cache === false ? undefined : keptFilesFolder(defaultViteCacheDir(root), root);
  // Every path the export writes is settled before the first write, whichever way the folder is written
  // (from the snapshot it shows: one with the marker's site data never parses the manifest).
  const siteOf = (shown: SiteSnapshot, shared = sharedKey(shown.siteKey)): ExportSite => {
    const publicRoot = publicRootUrl(shown.base, options.siteUrl, shown.data.site);
    // llms.txt and llms-full.txt are made again from the manifest and every twin when their links are not
    // the compiler's paths under `/`, at each change of a page: only for a URL the command was given.
    const llmsRoot = options.siteUrl === undefined ? undefined : publicRoot;
    return { snapshot: shown, root, outDir, publicRoot, llmsRoot, shared, bundleCacheDir, timings, layout: planLayout(shown, root, outDir, locate) };
  };
  // The paths the layout could not give, a canonical URL that is none: reported with the build's
  // problems, as the build's are (`siteProblems`). (The result's properties are copied as they are: its
  // manifest may be a getter that parses it, which a spread would call.)
  const reported = (site: ExportSite): BuildResult => {
    const found = [...site.layout.diagnostics, ...(options.siteUrl === undefined ? canonicalProblems(site.snapshot, locate) : [])];
    const problems = siteProblems(found, root, options.strict === true);
    if (problems.diagnostics.length === 0 && problems.ignored === undefined) return result;
    const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(result)) as BuildResult;
    const ignored = problems.ignored && mergeIgnored(result.ignored, problems.ignored);
    const changed: PropertyDescriptorMap = { diagnostics: { value: [...result.diagnostics, ...problems.diagnostics], enumerable: true, writable: true, configurable: true } };
    if (ignored) changed.ignored = { value: ignored, enumerable: true, writable: true, configurable: true };
    return Object.defineProperties(copy, changed);
  };
  const previous = readExportState(outDir);
  if (previous && bundlePresent(outDir, previous.bundle)) {
    // This manifest, or one this build patched, made the previous export: its site data (vouched for by
    // the shared key) stands for this build's, and the few pages to render are read alone from the
    // manifest's bytes instead of parsing all of it (24 MB on firecrawl-docs).
    const known = snapshot.sharesSiteDataWith(previous.manifestHash) && sharedKey(previous.siteData) === previous.shared;
    const site = known ? siteOf(snapshot.withSiteData(previous.siteData), previous.shared) : siteOf(snapshot);
    if (site.shared === previous.shared) {
      try {
        return { result: reported(site), ...(await updateInPlace(site, previous, options.beforeCommit)), ...publishedAt(site) };
      } catch (error) {
        // A link in the folder that leads out of it: not ours to follow; or a file where a folder must
        // now be (or the reverse). The folder is replaced whole.
        if (!(error instanceof UnsafePathError) && !(error instanceof ShapeChanged)) throw error;
      }
    }
  }
  const site = siteOf(snapshot);
  return { result: reported(site), ...(await exportAnew(site, compiler, options.beforeCommit)), ...publishedAt(site) };
}

const publishedAt = (site: ExportSite): Pick<ExportResult, 'publicRoot'> => (site.publicRoot === undefined ? {} : { publicRoot: site.publicRoot });

/** One export's inputs, shared by its steps. */
interface ExportSite {
  snapshot: SiteSnapshot;
  root: string;
  outDir: string;
  /** The absolute URL the site is published at, ending in `/` (`publicRootUrl`), when known. */
  publicRoot: string | undefined;
  /** The URL llms.txt and llms-full.txt link under: `publicRoot` when `--site-url` gave it, else the base. */
  llmsRoot: string | undefined;
  /** The key of everything all pages share (`ExportState.shared`). */
  shared: string;
  /** Where the server and client bundles are kept between exports (`keptFilesFolder`); none with `cache: false`. */
  bundleCacheDir: string | undefined;
  timings: ExportResult['timings'];
  /** Where each file goes (`planLayout`). */
  layout: Layout;
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
    const { keys: files, missingIcons } = writeSiteFiles(site, writer, pages, undefined);
    writer.write(exportMarker, markerText(exportState(site, bundle, pages, files)));
    beforeCommit?.(temporary);
    commit(temporary, outDir);
    timings.writeMs = performance.now() - started;
    const count = writer.count + bundle.files.length;
    return { written: outDir, mode: 'full', pages: site.layout.pages.size, rendered: pages.rendered, files: count, changed: count, missingIcons, timings };
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
  const { keys: files, missingIcons } = writeSiteFiles(site, writer, pages, previous);
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
  return { written: outDir, mode: 'update', pages: site.layout.pages.size, rendered: pages.rendered, files: count, changed: writer.count - 2, missingIcons, timings };
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

/**
 * Why `outDir` must not be written, or undefined. Never the docs root, a folder holding it, or a folder of
 * other files. Compared where they really are (links resolved; an `outDir` not made yet by its nearest
 * existing folder): `--out` through a link into the docs root, or a root reached through a link to the
 * folder holding `--out`, are the same folders.
 */
function outProblem(outDir: string, root: string): string | undefined {
  const realOut = locatePath(outDir);
  const realRoot = locatePath(root);
  const relative = path.relative(realRoot, realOut);
  if (isWithin(realRoot, realOut)) return `--out ${outDir} is the docs root or holds it`;
  if (isWithin(realOut, realRoot) && !relative.split(path.sep).some((part) => part.startsWith('.'))) {
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

/** A file of an update in place is a folder in the previous export, or the reverse (`FolderWriter.inPlace`). */
class ShapeChanged extends Error {}

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
    if (this.atomic) this.inPlace(() => writeFileAtomic(target, contents, { durable: false, within: this.dir }));
    else {
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, contents);
    }
    this.count++;
  }

  copy(source: string, relative: string): void {
    const target = this.target(relative);
    if (this.atomic) this.inPlace(() => copyFileAtomic(source, target, { durable: false, within: this.dir }));
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

  /**
   * A write into the previous export, where a file this export writes may be a folder there, or a folder
   * on its way a file (the previous export's layout, removed only after the writes): the export is then
   * made anew.
   */
  private inPlace(write: () => void): void {
    try {
      write();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST' || code === 'ENOTDIR' || code === 'EISDIR') throw new ShapeChanged(String(error));
      throw error;
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
  for (const [id, { html, data, twins }] of site.layout.pages) {
    const before = previous?.pages[id];
    // A page the compiler run did not change since the previous export's keeps its key, not made again
    // (serializing every page entry costs 90 ms on firecrawl-docs' 2,159 pages).
    const key = before && snapshot.unchangedSince(previous!.run, id) ? before.key : hashKey(site.shared, snapshot.pageKey(id, { keep: false, published: true }));
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
  const { snapshot, publicRoot } = site;
  const base = snapshot.base;
  const body = entry.render({ data: snapshot.data, pageId: id, pageData });
  const canonical = publicRoot === undefined ? undefined : `${publicRoot}${pageHref('/', id).slice(1)}`;
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
 * robots.txt, redirects), at the paths the layout gave them, written when its key differs from the
 * previous export's. Returns the keys, and the icons the pages name that no installed package has
 * (`ExportResult.missingIcons`).
 */
function writeSiteFiles(
  site: ExportSite,
  writer: FolderWriter,
  pages: WrittenPages,
  previous: ExportState | undefined,
): { keys: Record<string, string>; missingIcons: string[] } {
  const { snapshot, publicRoot, llmsRoot, layout } = site;
  const planned = new Map<string, PlannedFile>();
  const text = (make: () => string | undefined): PlannedFile | undefined => {
    const made = make();
    return made === undefined ? undefined : { key: hashKey(made), make: () => made };
  };
  for (const file of layout.rootFiles) planned.set(file.relative, { key: file.stamp, source: file.path });
  const missingIcons: string[] = [];
  for (const icon of new Set([...Object.values(pages.state).flatMap((page) => page.icons), ...pages.notFoundIcons])) {
    const source = iconFile(icon);
    if (!source) missingIcons.push(icon);
    const file = `${ownFolder}/icons/${icon}`;
    // (A name that is no path inside the export is not claimed, nor written.)
    if (layout.paths.claim([{ file, own: true }], `the icon ${icon}`)) continue;
    planned.set(file, source ? { key: `${generatorVersion} ${icon}`, source } : { key: `${generatorVersion} blank`, make: () => blankIcon });
  }
  // The compiler's llms files are large: keyed by their files' hashes (from the compiler's index) and,
  // when changed, copied as they are. Under another base or site URL they are written again from the
  // manifest and the twins, which change exactly when the compiler's own do.
  const hashes = snapshot.textFileHashes();
  if (hashes.search !== '') {
    // A part's records change only with its pages' entries (content hash and title), as their keys do.
    for (const [name, ids] of snapshot.searchParts()) {
      const file = `${searchIndexFolderPath}${name}.json`;
      if (!layout.searchParts.has(file)) continue;
      const key = hashKey(site.shared, name, ...ids.map((id) => pages.state[id]?.key ?? ''));
      planned.set(file, { key, make: () => searchPartBytes(ids, snapshot.searchRecords()) });
    }
  }
  // The site files a docs root file does not take the place of (`planLayout`).
  const generated = new Set(siteFileNames.filter((file) => !planned.has(file)));
  const fromCompiler: Array<[string, string, () => PublishedFile | undefined]> = [
    ['llms.txt', hashes.llms, () => snapshot.llmsFile('index', llmsRoot)],
    ['llms-full.txt', hashes.llmsFull, () => snapshot.llmsFile('full', llmsRoot)],
  ];
  for (const [file, hash, publish] of fromCompiler) {
    if (hash !== '' && generated.has(file)) planned.set(file, { key: hashKey(site.shared, file, hash), publish });
  }
  const made: Array<[string, () => string | undefined]> = [
    ['sitemap.xml', () => sitemapXml(snapshot, publicRoot)],
    ['robots.txt', () => robotsTxt(snapshot, publicRoot)],
    ['_redirects', () => redirectsFile(snapshot) || undefined],
  ];
  for (const [file, make] of made) {
    if (!generated.has(file)) continue;
    const entry = text(make);
    if (entry) planned.set(file, entry);
  }
  for (const [file, target] of layout.redirects) {
    const entry = text(() => redirectHtml(target));
    if (entry) planned.set(file, entry);
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

/** The export's own folder: its client bundle, the pages' data, the search parts, the icons. Nothing else is written under it. */
const ownFolder = '_docs-build';

/** The files the export makes at fixed names besides the pages; a docs root file of the same name is published in place of one. */
const siteFileNames = ['sitemap.xml', 'robots.txt', 'llms.txt', 'llms-full.txt', '_redirects'];

/**
 * Every path an export writes, each claimed once, before anything is written: a claim of a path another
 * claim holds, or that one claim needs as a file and another as a folder (`sitemap.xml` and
 * `sitemap.xml/index.html`), is refused with what holds it. The claims are made in the order of
 * `planLayout`, which decides who keeps a path.
 */
class OutputPaths {
  /** Each claimed file by its folded path (`folded`), with the path as claimed and what claimed it. */
  private readonly files = new Map<string, { file: string; what: string }>();
  /** Each folder a claimed file is in, by its folded path, with the folder as written and the first such file. */
  private readonly folders = new Map<string, { folder: string; file: string; what: string }>();

  /** Claims every path of `files` for `what`, or none: the first refused one, with why, or undefined. `own` paths may be in the export's own folder. */
  claim(files: ReadonlyArray<{ file: string; own?: boolean }>, what: string): { file: string; problem: string } | undefined {
    for (const { file, own } of files) {
      const problem = this.problem(file, own === true);
      if (problem !== undefined) return { file, problem };
    }
    for (const { file, own } of files) {
      // (Two paths of one claim that exclude each other: no claim has any.)
      const problem = this.problem(file, own === true);
      if (problem !== undefined) throw new Error(`docs-build: ${what}: ${problem}`);
      this.files.set(foldedPath(file), { file, what });
      for (let at = file.lastIndexOf('/'); at > 0; at = file.lastIndexOf('/', at - 1)) {
        const folder = file.slice(0, at);
        if (this.folders.has(foldedPath(folder))) break;
        this.folders.set(foldedPath(folder), { folder, file, what });
      }
    }
    return undefined;
  }

  /** A file of the export's own, which nothing else can hold (a refusal is a mistake of docs-build). */
  own(file: string, what: string): void {
    const refused = this.claim([{ file, own: true }], what);
    if (refused) throw new Error(`docs-build: ${what}: ${refused.problem}`);
  }

  /** Why `file` cannot be claimed, or undefined. */
  private problem(file: string, own: boolean): string | undefined {
    if (!isRelative(file)) return `${JSON.stringify(file)} is not a path inside the export`;
    const key = foldedPath(file);
    if (!own && (key === ownFolder || key.startsWith(`${ownFolder}/`))) return `${ownFolder}/ is the export's own folder`;
    const holder = this.files.get(key);
    if (holder !== undefined) return `${holder.file} is ${holder.what}${caseNote(file, holder.file)}`;
    const inside = this.folders.get(key);
    if (inside !== undefined) return `${inside.folder} is a folder of the export, holding ${inside.file} (${inside.what})${caseNote(file, inside.folder)}`;
    for (let at = file.lastIndexOf('/'); at > 0; at = file.lastIndexOf('/', at - 1)) {
      const folder = file.slice(0, at);
      const above = this.files.get(foldedPath(folder));
      if (above !== undefined) return `${above.file} is ${above.what}, not a folder${caseNote(folder, above.file)}`;
    }
    return undefined;
  }
}

function caseNote(file: string, holder: string): string {
  return file === holder ? '' : ' (paths that differ only in case are one file on macOS and Windows)';
}

/** Where each file of the export goes, and what could not have its path. */
interface Layout {
  paths: OutputPaths;
  /** The pages exported, in page-id order, with their files. */
  pages: Map<string, { html: string; data: string; twins: string[] }>;
  /** The docs root files published. */
  rootFiles: RootFile[];
  /** The search parts' files. */
  searchParts: Set<string>;
  /** HTML redirects (and the site root's, `index.html`, for a site without an `index` page): file -> target URL. */
  redirects: Map<string, string>;
  /** A diagnostic per path claim refused. */
  diagnostics: Diagnostic[];
}

/**
 * Every path the export writes, claimed in this order, the first claim of a path keeping it
 * (docs/site.md, "Paths that collide"):
 *
 * 1. the export's own files: `.docs-build-export`, `404.html`, `_docs-build/` (client bundle, pages'
 *    data, search parts, icons);
 * 2. the site files `sitemap.xml`, `robots.txt`, `llms.txt`, `llms-full.txt`, `_redirects` (a docs root
 *    file of one of those names takes its place);
 * 3. each page, in page-id order: its HTML, its data and its Markdown twin `<id>.md`, all or none (an
 *    error at the page when it cannot have them: the site would lack it);
 * 4. the second twin of a folder's index page (`guides.md`; a warning when it is left out);
 * 5. the docs root's files (a warning at the file left out);
 * 6. the HTML redirects, in docs.json order, and the site root's `index.html` redirect (a warning at the
 *    redirect's `source` in docs.json; `_redirects` keeps its line).
 *
 * The same docs give the same layout, so an update in place and a new export agree.
 */
function planLayout(snapshot: SiteSnapshot, root: string, outDir: string, locate: DocsJsonLocator): Layout {
  const paths = new OutputPaths();
  const layout: Layout = { paths, pages: new Map(), rootFiles: [], searchParts: new Set(), redirects: new Map(), diagnostics: [] };
  const refused = (message: string, location: SourceLocation | undefined, code: 'site/page-path-taken' | 'site/path-taken', suggestion: string): void => {
    layout.diagnostics.push(createDiagnostic(code, message, location, { suggestion }));
  };
  paths.own(exportMarker, 'the marker of the export');
  paths.own(notFoundPath, 'the not-found page');
  for (const file of siteFileNames) paths.claim([{ file }], `the export's ${file}`);

  const pageSource = (id: string): SourceLocation | undefined => {
    return snapshot.page(id, { keep: false })?.page.source;
  };
  const second = new Map<string, string>();
  for (const id of snapshot.pageIds()) {
    const { html, data, twins } = pageFilePaths(id);
    const lost = paths.claim([{ file: html }, { file: data, own: true }, { file: twins[0]! }], `the page "${id}"`);
    if (lost) {
      refused(`page "${id}" is not exported: its file ${lost.file} collides with another file of the export (${lost.problem})`, pageSource(id), 'site/page-path-taken', 'rename the page file (and its entry in the navigation)');
      continue;
    }
    layout.pages.set(id, { html, data, twins: twins.slice(0, 1) });
    if (twins[1] !== undefined) second.set(id, twins[1]);
  }
  for (const [id, twin] of second) {
    const lost = paths.claim([{ file: twin }], `the Markdown twin of page "${id}"`);
    if (lost) refused(`the Markdown twin of page "${id}" is not exported at ${twin} (it is at ${layout.pages.get(id)!.twins[0]}): ${lost.problem}`, pageSource(id), 'site/path-taken', 'rename the page, or the file in the way');
    else layout.pages.get(id)!.twins.push(twin);
  }
  const generatedNames = new Set(siteFileNames);
  for (const file of rootFiles(root, [outDir])) {
    // A docs root's sitemap.xml or robots.txt (or llms.txt, _redirects) is the site's own: it wins.
    const lost = generatedNames.has(file.relative) ? undefined : paths.claim([{ file: file.relative }], `the docs root file ${file.relative}`);
    if (lost) refused(`${file.relative} is not exported: ${lost.problem}`, { file: file.relative }, 'site/path-taken', 'rename or move the file');
    else layout.rootFiles.push(file);
  }
  for (const name of snapshot.searchParts().keys()) {
    const file = `${searchIndexFolderPath}${name}.json`;
    // (A part named by no path inside the export is not written.)
    if (!paths.claim([{ file, own: true }], `the search records' part ${name}`)) layout.searchParts.add(file);
  }

  const redirectSource = (index: number): SourceLocation => locate(joinPointer('/redirects', index, 'source'));
  for (const { path: from, target, index } of htmlRedirects(snapshot)) {
    const file = `${from}/index.html`;
    const lost = paths.claim([{ file }], `the HTML redirect of /${from}`);
    if (lost) refused(`redirect source "/${from}" gets no HTML redirect (${file}): ${lost.problem}; hosts that read _redirects still have it`, redirectSource(index), 'site/path-taken', 'redirect another path, or remove the redirect');
    else layout.redirects.set(file, target);
  }
  // A site without an `index` page: its root sends readers where the service does (site-files.ts).
  const rootRedirect = rootTarget(snapshot);
  if (rootRedirect) {
    const lost = paths.claim([{ file: 'index.html' }], 'the redirect of the site root');
    const at = rootRedirect.index !== undefined ? redirectSource(rootRedirect.index) : undefined;
    if (lost) refused(`the site root gets no HTML redirect to ${rootRedirect.url} (index.html): ${lost.problem}`, at, 'site/path-taken', 'remove the file in the way');
    else layout.redirects.set('index.html', rootRedirect.url);
  }
  return layout;
}

/**
 * The export's own problems as the build's are: the project's rule settings and ignore file applied
 * (docs/rules.md; entries of `site/*` codes are used, or reported unused, here), then `--strict`.
 */
function siteProblems(found: Diagnostic[], root: string, strict: boolean): { diagnostics: Diagnostic[]; ignored?: IgnoredCounts } {
  const docsRoot = DocsRoot.open(root);
  const rules = docsRoot && (docsRoot.exists(RULES_FILE) || docsRoot.exists(IGNORE_FILE)) ? loadProjectRules(docsRoot) : undefined;
  const applied = rules ? applyRules(found, rules, { site: true }) : undefined;
  const diagnostics = applied?.diagnostics ?? found;
  const promoted = strict ? promoteWarnings(diagnostics) : diagnostics;
  return applied && applied.ignored.off + applied.ignored.ignoreFile > 0 ? { diagnostics: promoted, ignored: applied.ignored } : { diagnostics: promoted };
}

function mergeIgnored(build: IgnoredCounts | undefined, site: IgnoredCounts): IgnoredCounts {
  if (!build) return site;
  const byCode = { ...build.byCode };
  for (const [code, count] of Object.entries(site.byCode)) byCode[code] = (byCode[code] ?? 0) + count;
  return { off: build.off + site.off, ignoreFile: build.ignoreFile + site.ignoreFile, byCode };
}

type DocsJsonLocator = (pointer: string) => SourceLocation;

/**
 * Where a docs.json value is written (its line and column, in whichever file of its `$ref`s): docs.json
 * is read again, once, and only when the export reports a problem at one of its values.
 */
function docsJsonLocator(root: string): DocsJsonLocator {
  let config: ReturnType<typeof loadConfig>['value'] | null = null;
  return (pointer) => {
    if (config === null) {
      const docsRoot = DocsRoot.open(root);
      config = docsRoot ? loadConfig(docsRoot).value : undefined;
    }
    return config?.locate(pointer) ?? { file: 'docs.json', pointer };
  };
}

/** docs.json's canonical URL, when it is set but is no absolute http(s) URL: the export cannot use it. */
function canonicalProblems(snapshot: SiteSnapshot, locate: DocsJsonLocator): Diagnostic[] {
  const canonical = canonicalSetting(snapshot.data.site);
  if (canonical === undefined || (typeof canonical === 'string' && absoluteHttpUrl(canonical))) return [];
  const shown = typeof canonical === 'string' ? `"${canonical}"` : JSON.stringify(canonical);
  const message = `seo.metatags.canonical ${shown} is no absolute http(s) URL: the export does not use it (no sitemap.xml is generated, and pages have no canonical links)`;
  return [createDiagnostic('site/invalid-site-url', message, locate('/seo/metatags/canonical'), { suggestion: 'write the URL the site is published at, such as "https://docs.example.com"' })];
}

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
      if (skip.includes(full)) continue;
      // Which entries are published: src/root/published-files.ts, the rule the preview's server checks too.
      if (entry.isDirectory()) {
        if (publishedEntry(rel, 'folder')) walk(full, rel);
      } else if (entry.isFile() && publishedEntry(rel, 'file')) {
        const stats = statSync(full);
        if (stats.size < maxPublishedFileBytes) found.push({ relative: rel, path: full, stamp: `${stats.size} ${stats.mtimeMs}` });
      }
    }
  };
  walk(root, '');
  return found;
}
