import { lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { writtenContentHashes } from '../pipeline/content-output.js';
import { hiddenBelow } from '../pipeline/llms.js';
import { sha256 } from '../root/index.js';
import { clientRedirects } from './site-files.js';
import type { ContentReference, PageContent } from '../content/types.js';
import type { Diagnostic } from '../diagnostics/index.js';
import type { Manifest, NavNode, Page, SchemaEntry } from '../manifest/types.js';
import type { PageData, PageDiagnostic, PageSummary, SiteData } from '../theme/types.js';

/*
 * What the site serves, made from one build's manifest, content files and diagnostics: the small
 * `SiteData` every route loads, and one `PageData` per page loaded on demand. Pure functions of the
 * build, so dev and export serve the same bytes.
 */

/** The page's content reference, when the compiler wrote a content file for it. */
export function contentReference(page: Page): ContentReference | undefined {
  const value: unknown = (page as { content?: unknown }).content;
  if (typeof value !== 'object' || value === null) return undefined;
  const reference = value as Partial<ContentReference>;
  return typeof reference.file === 'string' && typeof reference.hash === 'string' ? (reference as ContentReference) : undefined;
}

/** Whether the page is listed in docs.json's navigation (absent in manifests before the content stage: listed). */
function inNavigation(page: Page): boolean {
  const value: unknown = (page as { inNavigation?: unknown }).inNavigation;
  return typeof value === 'boolean' ? value : true;
}

export function pageSummary(page: Page, navigationHidden = false): PageSummary {
  const summary: PageSummary = { id: page.id, title: page.title, kind: page.kind, hidden: page.hidden, inNavigation: inNavigation(page) };
  if (page.sidebarTitle !== undefined) summary.sidebarTitle = page.sidebarTitle;
  if (page.description !== undefined) summary.description = page.description;
  if (page.api?.method) summary.method = page.api.method;
  if (page.deprecated) summary.deprecated = true;
  if (navigationHidden) summary.navigationHidden = true;
  if (page.frontmatter?.['noindex'] === true) summary.noindex = true;
  if (page.frontmatter?.['searchable'] === false) summary.searchable = false;
  return summary;
}

/**
 * Pages the navigation lists only under hidden nodes (a hidden group, tab or version): out of search and
 * the sitemap as unlisted pages are, unless a node on the way says `searchable: true` (firecrawl-docs'
 * hidden v1 keeps its tabs searchable so).
 */
export function listedOnlyWhereHidden(navigation: readonly NavNode[]): Set<string> {
  const visible = new Set<string>();
  const hiddenOnly = new Set<string>();
  const stack = navigation.map((node) => ({ node, hidden: false }));
  while (stack.length > 0) {
    const { node, hidden: above } = stack.pop()!;
    // A page node's own `hidden` is its page's (`hidden` of the summary), not its place in the navigation.
    const hidden = node.kind === 'page' ? above : hiddenBelow(node, above);
    for (const id of [node.page, node.root]) if (id !== undefined) (hidden ? hiddenOnly : visible).add(id);
    for (const child of node.children) stack.push({ node: child, hidden });
  }
  for (const id of visible) hiddenOnly.delete(id);
  return hiddenOnly;
}

export function siteData(manifest: Manifest, base: string, searchIndexFolder?: string): SiteData {
  const pages: Record<string, PageSummary> = {};
  // Code-unit order, as the written manifest has them: a cold build's assembled manifest lists pages in
  // the order the stages made them, and the site must not change bytes with the path the build took.
  const hiddenOnly = listedOnlyWhereHidden(manifest.navigation);
  for (const id of Object.keys(manifest.pages).sort()) pages[id] = pageSummary(manifest.pages[id]!, hiddenOnly.has(id));
  const data: SiteData = { site: manifest.site, navigation: manifest.navigation, pages, base };
  if (searchIndexFolder !== undefined) data.searchIndexFolder = searchIndexFolder;
  const redirects = clientRedirects(manifest.site, base);
  if (redirects.length > 0) data.clientRedirects = redirects;
  return data;
}

/** The files a page's text comes from: its source and the snippets it inlines. */
export function pageFiles(page: Page): string[] {
  return [page.source.file, ...(contentReference(page)?.deps ?? [])];
}

/**
 * Diagnostics by file, for `pageDiagnostics`: under the file they are at, and under each file a related
 * location of theirs is in (a spec that could not be read names the pages it leaves without their API
 * reference), once per file.
 */
export function diagnosticsByFile(diagnostics: readonly Diagnostic[]): Map<string, Diagnostic[]> {
  const byFile = new Map<string, Diagnostic[]>();
  const add = (file: string, diagnostic: Diagnostic): void => {
    const list = byFile.get(file);
    if (!list) byFile.set(file, [diagnostic]);
    else if (list[list.length - 1] !== diagnostic) list.push(diagnostic);
  };
  for (const diagnostic of diagnostics) {
    if (diagnostic.file !== undefined) add(diagnostic.file, diagnostic);
    for (const related of diagnostic.related ?? []) if (related.file !== undefined) add(related.file, diagnostic);
  }
  return byFile;
}

function toPageDiagnostic(diagnostic: Diagnostic): PageDiagnostic {
  const shown: PageDiagnostic = { severity: diagnostic.severity, code: diagnostic.code, message: diagnostic.message };
  if (diagnostic.file !== undefined) shown.file = diagnostic.file;
  if (diagnostic.line !== undefined) shown.line = diagnostic.line;
  if (diagnostic.column !== undefined) shown.column = diagnostic.column;
  return shown;
}

/** The diagnostics of a page's own file and of the snippets it inlines (an operation page: its spec's), and those that name them. */
export function pageDiagnostics(page: Page, byFile: Map<string, Diagnostic[]>): PageDiagnostic[] {
  const files = pageFiles(page);
  const found = files.length === 1 ? (byFile.get(files[0]!) ?? []) : [...new Set(files.flatMap((file) => byFile.get(file) ?? []))];
  return found.map(toPageDiagnostic);
}

/**
 * The files the compiler wrote beside the manifest (`content/<id>.json`, `<id>.md`, `search.json`,
 * `llms.txt`, `llms-full.txt`), as one run sees them: from the run's own `contentFiles` when it ran the
 * stages (a build with errors writes nothing, and the preview must still show what it made), else from
 * the folder (a reused run: the files there are current).
 */
export class BuildFiles {
  constructor(
    private readonly manifestDir: string,
    private readonly memory: ReadonlyMap<string, Buffer> | undefined,
  ) {}

  /** The bytes of a file relative to the manifest's folder; undefined when there is none. */
  bytes(relative: string): Buffer | undefined {
    const held = this.memory?.get(relative);
    if (held) return held;
    const file = this.onDisk(relative);
    if (file === undefined) return undefined;
    try {
      return readFileSync(file);
    } catch {
      return undefined;
    }
  }

  /** A file to publish as it is: where it is on disk (to be copied, not read), or its bytes when the run holds them. */
  published(relative: string): PublishedFile | undefined {
    const held = this.memory?.get(relative);
    if (held) return { bytes: held };
    const file = this.onDisk(relative);
    if (file === undefined) return undefined;
    try {
      return lstatSync(file).isFile() ? { path: file } : undefined;
    } catch {
      return undefined;
    }
  }

  /** The path of a file relative to the manifest's folder: the names come from the build, still never outside that folder. */
  private onDisk(relative: string): string | undefined {
    const file = path.resolve(this.manifestDir, relative);
    return file.startsWith(this.manifestDir + path.sep) ? file : undefined;
  }

  text(relative: string): string | undefined {
    return this.bytes(relative)?.toString('utf8');
  }

  /**
   * The sha256 of a file's bytes, without reading them when the content folder's index knows it (the
   * compiler writes it with every file); '' when there is no such file.
   */
  hash(relative: string): string {
    const held = this.memory?.get(relative);
    if (held) return sha256(held);
    this.index ??= writtenContentHashes(this.manifestDir);
    const indexed = this.index[relative];
    if (indexed !== undefined) return indexed;
    const bytes = this.bytes(relative);
    return bytes ? sha256(bytes) : '';
  }

  private index: Readonly<Record<string, string>> | undefined;
}

/** A file the site publishes as the compiler made it: its path on disk (copied by the kernel, never read), or its bytes. */
export type PublishedFile = { path: string } | { bytes: Buffer };

/** The bytes of a published file (for a response: the dev server serves it from memory). */
export function publishedBytes(file: PublishedFile): Buffer {
  return 'bytes' in file ? file.bytes : readFileSync(file.path);
}

/** A page's Markdown twin beside its content file (`content/<id>.md`). */
export function twinFile(reference: ContentReference): string {
  return reference.file.replace(/\.json$/, '.md');
}

/**
 * Parsed content files, kept per page by hash across runs: a rebuild that left a page's content
 * unchanged serves it without a read or a parse. A reader that visits each page once (the export) asks
 * for nothing to be kept, which would hold every page's tree at once.
 */
export class ContentCache {
  private readonly cache = new Map<string, { hash: string; content: PageContent | null }>();

  read(page: Page, files: BuildFiles, options: { keep?: boolean } = {}): PageContent | null {
    const reference = contentReference(page);
    if (!reference) return null;
    const cached = this.cache.get(page.id);
    if (cached?.hash === reference.hash) return cached.content;
    const bytes = files.bytes(reference.file);
    const content = parseContent(bytes?.toString('utf8'));
    // Kept as that hash's content only when it is: a snapshot a rebuild has replaced reads a file the
    // rebuild may have written again (and an edit undone brings the old hash back).
    if (options.keep !== false && bytes && sha256(bytes) === reference.hash) this.cache.set(page.id, { hash: reference.hash, content });
    return content;
  }
}

function parseContent(text: string | undefined): PageContent | null {
  if (text === undefined) return null;
  try {
    return JSON.parse(text) as PageContent;
  } catch {
    return null;
  }
}

export function pageData(page: Page, content: PageContent | null, diagnostics: PageDiagnostic[], schemas?: Record<string, SchemaEntry>): PageData {
  return schemas ? { page, content, diagnostics, schemas } : { page, content, diagnostics };
}

/** The keys of `schemas` a page's reference shows (`PageData.schemas`): its own schema's, its bodies'. */
function schemaKeysOf(page: Page): string[] {
  const keys = new Set<string>();
  if (page.schema) keys.add(page.schema.ref);
  const media = [...(page.requestBody?.mediaTypes ?? []), ...(page.responses ?? []).flatMap((response) => response.mediaTypes)];
  for (const { schemaRef } of media) if (schemaRef !== undefined) keys.add(schemaRef);
  return [...keys];
}

/** The page's entries of the manifest's `schemas` table (`schemaKeysOf`), or undefined when it shows none. */
export function pageSchemas(page: Page, table: () => Manifest['schemas']): Record<string, SchemaEntry> | undefined {
  const keys = schemaKeysOf(page);
  if (keys.length === 0) return undefined;
  const schemas: Record<string, SchemaEntry> = {};
  const entries = table();
  for (const key of keys) if (Object.hasOwn(entries, key)) schemas[key] = entries[key] as unknown as SchemaEntry;
  return schemas;
}
