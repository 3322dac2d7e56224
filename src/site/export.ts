import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BuildResult } from '../pipeline/index.js';
import { hasErrors } from '../diagnostics/index.js';
import { isRunning } from '../root/index.js';
import { generatorName, generatorVersion } from '../version.js';
import { SiteCompiler, searchIndexPath, type SiteCompileOptions, type SiteSnapshot } from './compiler.js';
import type { ServerEntry } from './dev-middleware.js';
import { htmlShell, redirectHtml } from './html.js';
import { iconFile, iconPathsIn } from './icons.js';
import { pageModuleId, pageModulePrefix } from './modules.js';
import { sitePaths } from './paths.js';
import { htmlRedirects, noindex, redirectsFile, robotsTxt, sitemapXml } from './site-files.js';
import { ignoredPath } from './watcher.js';

/** The file that marks a folder as an export of docs-build: only such a folder is ever replaced. */
export const exportMarker = '.docs-build-export';

export interface ExportOptions extends Omit<SiteCompileOptions, 'base'> {
  /** The folder to write. Replaced as a whole, only if it is absent, empty, or a previous export. */
  outDir: string;
  /** The public base path the site is served under (`/docs/`). Default `/`. */
  base?: string;
  /** The site's absolute URL (`https://docs.example.com`): sitemap, robots.txt, llms.txt and canonical links use it. */
  siteUrl?: string;
  /** Test hook: called with the folder being written just before it replaces `outDir` (a throw aborts the export). */
  beforeCommit?: (temporaryDir: string) => void;
}

export interface ExportResult {
  result: BuildResult;
  /** The folder written, when the export completed. */
  written?: string;
  /** Why nothing was written (besides errors in `result.diagnostics`). */
  refused?: string;
  pages: number;
  files: number;
  timings: { compileMs: number; bundleMs: number; renderMs: number; writeMs: number };
}

export class ExportRefused extends Error {}

/**
 * `docs-build export`: the site as static files for any static host (docs/site.md). The compiler runs
 * with its cache, Vite bundles the client, every page is rendered to HTML with the same server entry
 * as dev and hydrated in the browser. Everything is written to a new folder beside `outDir` which then
 * takes its place: a failed export leaves the previous one as it was. Same inputs, same bytes.
 */
export async function exportSite(options: ExportOptions): Promise<ExportResult> {
  const timings = { compileMs: 0, bundleMs: 0, renderMs: 0, writeMs: 0 };
  const outDir = path.resolve(options.outDir);
  const root = path.resolve(options.root);
  let started = performance.now();
  const refusal = outProblem(outDir, root);
  const compiler = new SiteCompiler({ ...options, base: options.base ?? '/' });
  if (refusal) return { result: { diagnostics: [] }, refused: refusal, pages: 0, files: 0, timings };
  const { result, snapshot } = await compiler.compile();
  timings.compileMs = performance.now() - started;
  if (!snapshot || hasErrors(result.diagnostics)) return { result, pages: 0, files: 0, timings };

  const parent = path.dirname(outDir);
  mkdirSync(parent, { recursive: true });
  removeStaleTemporaries(parent, path.basename(outDir));
  const temporary = path.join(parent, `.${path.basename(outDir)}.export-${process.pid}-${randomBytes(4).toString('hex')}`);
  mkdirSync(temporary);
  try {
    started = performance.now();
    const client = await bundleClient(compiler, temporary);
    timings.bundleMs = performance.now() - started;
    started = performance.now();
    const writer = new OutputWriter(temporary);
    await renderPages(compiler, snapshot, client, writer, options.siteUrl);
    timings.renderMs = performance.now() - started;
    started = performance.now();
    writeSiteFiles(snapshot, writer, options.siteUrl, root, outDir);
    writer.write(exportMarker, `${JSON.stringify({ generator: generatorName, version: generatorVersion })}\n`);
    options.beforeCommit?.(temporary);
    commit(temporary, outDir);
    timings.writeMs = performance.now() - started;
    return { result, written: outDir, pages: snapshot.pageIds().length, files: writer.count + client.files, timings };
  } catch (error) {
    rmSync(temporary, { recursive: true, force: true });
    throw error;
  }
}

/** Why `outDir` must not be written, or undefined. Never the docs root, a folder holding it, or a folder of other files. */
function outProblem(outDir: string, root: string): string | undefined {
  const relative = path.relative(root, outDir);
  if (isInside(root, outDir)) return `--out ${outDir} is the docs root or holds it`;
  if (isInside(outDir, root) && !relative.split(path.sep).some((part) => part.startsWith('.'))) {
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

function isInside(candidate: string, folder: string): boolean {
  const relative = path.relative(folder, candidate);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** Replaces `outDir` by the finished folder: the old export is moved aside first, then removed. */
function commit(temporary: string, outDir: string): void {
  let aside: string | undefined;
  if (existsSync(outDir)) {
    aside = path.join(path.dirname(outDir), `.${path.basename(outDir)}.old-${process.pid}-${randomBytes(4).toString('hex')}`);
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

/** Folders a killed export left beside the output (`.<name>.export-<pid>-...`, `.<name>.old-<pid>-...`). */
function removeStaleTemporaries(parent: string, name: string): void {
  const pattern = new RegExp(`^\\.${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(export|old)-(\\d+)-[0-9a-f]+$`);
  for (const entry of readdirSync(parent)) {
    const match = pattern.exec(entry);
    if (!match || isRunning(Number(match[2]))) continue;
    rmSync(path.join(parent, entry), { recursive: true, force: true });
  }
}

/** Writes files under the export folder, never outside it. */
class OutputWriter {
  count = 0;
  private readonly written = new Set<string>();

  constructor(readonly dir: string) {}

  has(relative: string): boolean {
    return this.written.has(relative) || existsSync(this.target(relative));
  }

  write(relative: string, contents: string | Buffer): void {
    const target = this.target(relative);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, contents);
    if (!this.written.has(relative)) this.count++;
    this.written.add(relative);
  }

  copy(source: string, relative: string): void {
    const target = this.target(relative);
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(source, target);
    if (!this.written.has(relative)) this.count++;
    this.written.add(relative);
  }

  private target(relative: string): string {
    const target = path.resolve(this.dir, relative);
    if (!target.startsWith(this.dir + path.sep)) throw new Error(`docs-build: refusing to write ${relative} outside the export`);
    return target;
  }
}

interface ClientBundle {
  /** The entry script, stylesheets and preloads, as URLs under the base. */
  entry: string;
  css: string[];
  preload: string[];
  /** Each page's data chunk (preloaded by its page). */
  pageChunks: Map<string, string>;
  files: number;
}

interface ViteManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** The client bundle: Vite's build of the client entry, the site module and one chunk per page. */
async function bundleClient(compiler: SiteCompiler, outDir: string): Promise<ClientBundle> {
  const [{ build }, { docsBuild }] = await Promise.all([import('vite'), import('./plugin.js')]);
  const paths = sitePaths();
  await build({
    // docs-build's folder, where the theme's dependencies resolve (see cli/dev.ts).
    root: paths.packageDir,
    base: compiler.base,
    configFile: false,
    envDir: false,
    logLevel: 'warn',
    mode: 'production',
    plugins: docsBuild({ compiler, watch: false, root: compiler.root }),
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      manifest: '.vite/manifest.json',
      assetsDir: '_docs-build/assets',
      reportCompressedSize: false,
      chunkSizeWarningLimit: 100_000,
      rollupOptions: { input: { client: paths.clientEntry } },
    },
  });
  const manifestFile = path.join(outDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ViteManifestChunk>;
  rmSync(path.join(outDir, '.vite'), { recursive: true, force: true });
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('docs-build: the client build produced no entry');
  const preload = new Set<string>();
  const css = new Set<string>(entry.css ?? []);
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk || preload.has(chunk.file)) return;
    preload.add(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach(visit);
  };
  entry.imports?.forEach(visit);
  // Vite names a virtual module's chunk by its id relative to the root (`../virtual:docs-build/page/<id>`).
  const pageChunks = new Map<string, string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const at = key.indexOf(pageModulePrefix);
    if (at >= 0 && chunk.isDynamicEntry) pageChunks.set(key.slice(at), chunk.file);
  }
  return { entry: entry.file, css: [...css], preload: [...preload], pageChunks, files: countFiles(outDir) };
}

function countFiles(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) count += entry.isDirectory() ? countFiles(path.join(dir, entry.name)) : 1;
  return count;
}

/** The HTML file of a page: `<id>/index.html` (served for `/<id>` and `/<id>/` by every static server); `index.html` for `index`. */
export function pageHtmlPath(id: string): string {
  return id === 'index' ? 'index.html' : `${id}/index.html`;
}

async function renderPages(compiler: SiteCompiler, snapshot: SiteSnapshot, client: ClientBundle, writer: OutputWriter, siteUrl: string | undefined): Promise<void> {
  const { createServer } = await import('vite');
  const { docsBuild } = await import('./plugin.js');
  const paths = sitePaths();
  // The same server entry as dev, loaded the same way (Vite's SSR transform): one render code path.
  const server = await createServer({
    root: paths.packageDir,
    base: compiler.base,
    configFile: false,
    envDir: false,
    logLevel: 'warn',
    mode: 'production',
    appType: 'custom',
    plugins: docsBuild({ compiler, watch: false, root: compiler.root }),
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  });
  try {
    const entry = (await server.ssrLoadModule(paths.serverEntry)) as ServerEntry;
    const base = compiler.base;
    const head = (extra: string[]): string =>
      [...client.css.map((file) => `<link rel="stylesheet" href="${base}${file}">`), ...[...client.preload, ...extra].map((file) => `<link rel="modulepreload" href="${base}${file}">`)].join('');
    const scripts = `<script type="module" src="${base}${client.entry}"></script>`;
    const origin = siteUrl?.replace(/\/+$/, '');
    for (const id of snapshot.pageIds()) {
      const pageData = snapshot.page(id)!;
      const chunk = client.pageChunks.get(pageModuleId(id));
      const body = entry.render({ data: snapshot.data, pageId: id, pageData });
      const canonical = origin ? `${origin}${base}${id === 'index' ? '' : id}` : undefined;
      const html = htmlShell({ site: snapshot.data.site, base: snapshot.data.base, page: pageData, pageId: id, body, head: head(chunk ? [chunk] : []), scripts, noindex: noindex(snapshot, id), ...(canonical ? { canonical } : {}) });
      writer.write(pageHtmlPath(id), html);
      collectIcons(html, writer);
    }
    const notFound = entry.render({ data: snapshot.data, pageId: undefined, pageData: undefined });
    const html404 = htmlShell({ site: snapshot.data.site, base: snapshot.data.base, page: undefined, pageId: '404', body: notFound, head: head([]), scripts, noindex: true });
    writer.write('404.html', html404);
    collectIcons(html404, writer);
  } finally {
    await server.close();
  }
}

function collectIcons(html: string, writer: OutputWriter): void {
  for (const icon of iconPathsIn(html)) {
    const relative = `_docs-build/icons/${icon}`;
    if (writer.has(relative)) continue;
    const file = iconFile(icon);
    if (file) writer.copy(file, relative);
  }
}

function writeSiteFiles(snapshot: SiteSnapshot, writer: OutputWriter, siteUrl: string | undefined, root: string, outDir: string): void {
  const origin = siteUrl?.replace(/\/+$/, '');
  copyRootFiles(root, writer, [outDir]);
  for (const id of snapshot.pageIds()) {
    const twin = snapshot.markdown(id);
    if (twin !== undefined) writer.write(`${id}.md`, twin);
  }
  writer.write(searchIndexPath, JSON.stringify(snapshot.searchRecords()));
  for (const [file, which] of [['llms.txt', 'index'], ['llms-full.txt', 'full']] as const) {
    const text = snapshot.llms(which, origin);
    if (text !== undefined) writer.write(file, text);
  }
  // A sitemap.xml or robots.txt of the docs root is the site's own: it wins.
  if (!writer.has('sitemap.xml')) writer.write('sitemap.xml', sitemapXml(snapshot, origin));
  if (!writer.has('robots.txt')) writer.write('robots.txt', robotsTxt(snapshot, origin));
  const redirects = redirectsFile(snapshot);
  if (redirects !== '') writer.write('_redirects', redirects);
  for (const { path: from, target } of htmlRedirects(snapshot)) {
    const file = `${from}/index.html`;
    if (!writer.has(file)) writer.write(file, redirectHtml(target));
  }
}

/** Source files and settings of the docs root, never published as files. */
const notPublished = /\.(mdx?|jsx?|tsx?|mjs|cjs)$/i;
/** Top-level folders of sources that are never served (snippets are inlined into the pages). */
const sourceFolders = new Set(['snippets']);
const settingsFiles = new Set(['docs.json', 'mint.json', 'docs-build.json', 'package.json', 'package-lock.json']);

/** The docs root's own files (images, logos, downloads, specs), as they are at the same paths. */
function copyRootFiles(root: string, writer: OutputWriter, skip: string[]): void {
  const walk = (dir: string, relative: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const rel = relative ? `${relative}/${entry.name}` : entry.name;
      const full = path.join(dir, entry.name);
      if (entry.name.startsWith('.') || ignoredPath(rel) || skip.includes(full) || (relative === '' && sourceFolders.has(entry.name))) continue;
      if (entry.isDirectory()) walk(full, rel);
      else if (entry.isFile() && !notPublished.test(entry.name) && !(relative === '' && settingsFiles.has(entry.name)) && statSync(full).size < 100 * 1024 * 1024) writer.copy(full, rel);
    }
  };
  walk(root, '');
}
