import path from 'node:path';
import { readConfiguration } from '../config/index.js';
import type { Site } from '../config/site.js';
import type { LoadedConfig } from '../config/load.js';
import type { ContentPatchFacts, ContentStageResult } from './content-stage.js';
import { contentStageEdges } from './content-edges.js';
import { appendAll, createDiagnostic, inStage, isJsonObject, joinPointer, type Diagnostic, type SourceLocation, type StageResult } from '../diagnostics/index.js';
import { specValidationCache, type DiskCache } from '../incremental/index.js';
import { stageFingerprint, structureFingerprint, withEncodingProblem } from '../incremental/page-patch.js';
import { assembleManifest } from '../manifest/assemble.js';
import type { Manifest } from '../manifest/types.js';
import type { ParsedPage } from '../mdx/index.js';
import { defaultMinPages, parsePages, startPagePool, type PagePool, type PoolOptions } from '../mdx/page-pool.js';
import { parseMdxPage, parseSnippet } from '../mdx/parse-page.js';
import { SnippetPrefetch } from '../content/snippet-prefetch.js';
import { isVariableName } from '../content/variables.js';
import type { SnippetParse } from '../content/snippet-set.js';
import { MINTIGNORE, pageIdOfFile, publishedPageFiles, resolveNavigation, type NavTree } from '../navigation/index.js';
import { resolveOpenapi } from '../openapi/index.js';
import { apiSettingsFromSite } from '../precedence/index.js';
import { invalidUtf8Diagnostic, type DocsRoot, type SourceFile } from '../root/index.js';
import { llmsFiles, serializeContent } from './content-output.js';
import { diskExternalCache } from './external-cache.js';
import { llmsTxt } from './llms.js';
import type { BuildOptions, BuildStats } from './types.js';

export interface PipelineRun {
  /** The content files to write beside the manifest (relative path -> bytes); the manifest already references them. */
  contentFiles?: Map<string, Buffer>;
  /** Absent when docs.json could not be read; `diagnostics` in it are still to be counted. */
  manifest?: Manifest;
  diagnostics: Diagnostic[];
  stats?: BuildStats;
  /** Whether the result depends only on the files of the root (no remote spec, no job check). */
  reusable: boolean;
  /** MDX pages by file, with the id of the manifest page each produced (not one that lost a collision). */
  pageIds: Record<string, string>;
  /** The `stageFingerprint` of each page in `pageIds`. */
  pageFingerprints: Record<string, string>;
  /** What patching one page's content later needs (with a session or a writable cache). */
  patchFacts?: { facts: ContentPatchFacts; structures: Record<string, string> };
}

/**
 * The stages, in order: config, navigation, MDX pages, OpenAPI, precedence, assembly. Loaded only
 * when the previous run cannot be reused, so a warm no-change run never pays for importing them.
 */
export async function runPipeline(root: DocsRoot, options: BuildOptions, cache: DiskCache | undefined): Promise<PipelineRun> {
  // A first build parses most pages: its workers start now and load the parser while the config is read.
  const poolOptions: PoolOptions = options.workers !== undefined ? { workers: options.workers } : {};
  const firstBuild = !cache?.hasEntries('pages') && root.files().filter((file) => /\.mdx?$/.test(file)).length >= defaultMinPages;
  const pool = firstBuild ? startPagePool(poolOptions) : undefined;
  try {
    return await runStages(root, options, cache, { started: pool, options: poolOptions });
  } finally {
    await pool?.close();
  }
}

interface PoolPlan {
  started: PagePool | undefined;
  options: PoolOptions;
}

async function runStages(root: DocsRoot, options: BuildOptions, cache: DiskCache | undefined, pool: PoolPlan): Promise<PipelineRun> {
  const diagnostics: Diagnostic[] = [];
  const cacheDir = options.cacheDir ?? path.join(root.dir, '.docs-build', 'cache');
  const configured = inStage('config', 'docs.json', () => readConfiguration(root));
  diagnostics.push(...configured.diagnostics);
  if (!configured.value) return { diagnostics, reusable: false, pageIds: {}, pageFingerprints: {} };
  const { config, site, origins } = configured.value;
  const navigation = inStage('navigation', 'docs.json', () => resolveNavigation(config, root));
  diagnostics.push(...navigation.diagnostics);

  // Pages parse on worker threads while the main thread loads, validates and describes the specs,
  // including those that `openapi:` frontmatter names, page by page as the parses come back.
  const published = inStage('navigation', MINTIGNORE, () => publishedPageFiles(root));
  diagnostics.push(...published.diagnostics);
  // The main thread parses the snippets the pages bring in while it waits for the workers.
  const snippetsAhead = new SnippetPrefetch(root, parseSnippet, cache ? (file) => root.unchangedHash(file) !== undefined : undefined);
  const pagesParsed = parsePublishedPages(root, navigation.value, published.files, diagnostics, cache, options, pool, snippetsAhead);
  const settings = apiSettingsFromSite(site.api, origins);
  const openapiResolved = resolveOpenapi({
    root,
    tree: navigation.value,
    parsedPages: pagesParsed.inOrder,
    site,
    offline: options.offline ?? false,
    cacheDir: path.join(cacheDir, 'remote'),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(cache ? { validationCache: specValidationCache(cache) } : {}),
  });
  const [mdx, openapi] = await Promise.all([pagesParsed.all, openapiResolved]);
  const prefetchedSnippets = await snippetsAhead.settled();
  diagnostics.push(...openapi.diagnostics);
  // Every page is parsed: the parse workers' heaps go before the highlighting workers start theirs.
  await pool.started?.close();

  const assembled = inStage('manifest', undefined, () => assembleManifest({ site, navigation: navigation.value, mdxPages: mdx.pages, unlistedPages: mdx.unlisted, openapi, settings }));
  diagnostics.push(...assembled.diagnostics);
  const { manifest } = assembled;
  const pages = manifest.pages;
  const pageIds: Record<string, string> = {};
  const pageFingerprints: Record<string, string> = {};
  const structures: Record<string, string> = {};
  const parsedById = new Map<string, ParsedPage>();
  for (const [id, parsed] of [...mdx.pages, ...mdx.unlisted.map(({ id, page }) => [id, page] as const)]) {
    if (pages[id]?.source.file !== parsed.path || pages[id]?.kind === 'openapi') continue;
    pageIds[parsed.path] = id;
    pageFingerprints[parsed.path] = mdx.fingerprints.get(parsed.path)!;
    if (keepsPatchFacts(options)) structures[parsed.path] = structureFingerprint(parsed, mdx.diagnosticsOf.get(parsed.path) ?? []);
    parsedById.set(id, parsed);
  }
  const generated = new Map(openapi.pages.map((made) => [made.id, made]));
  for (const [id, page] of Object.entries(pages)) {
    if (page.kind !== 'openapi' || page.xDocsContent === undefined || page.xDocsContent.trim() === '') continue;
    // The operation's position in its spec (the manifest records its pointer alone).
    const at = generated.get(id)?.locate() ?? { file: page.source.file };
    const parsed = operationContent(root, at, page.xDocsContent);
    appendAll(diagnostics, parsed.diagnostics);
    parsedById.set(id, parsed.value);
  }
  const content = await runContentStage(root, manifest, parsedById, configured.value, cache, options, prefetchedSnippets);
  appendAll(diagnostics, content.diagnostics);
  return {
    ...(content.facts ? { patchFacts: { facts: content.facts, structures } } : {}),
    manifest,
    diagnostics,
    stats: assembled.stats,
    contentFiles: content.files,
    reusable: Object.values(openapi.specs).every((spec) => spec.url === undefined),
    pageIds,
    pageFingerprints,
  };
}

/**
 * A generated page's body: its operation's `x-docs.content` MDX, parsed as a page's is. Its problems
 * are reported at the operation (the string's own lines are not the spec's), saying where they are.
 */
function operationContent(root: DocsRoot, at: SourceLocation, text: string): StageResult<ParsedPage> {
  const file = at.file ?? '';
  const parsed = parseMdxPage({ path: file, absolutePath: path.join(root.dir, file), text, hash: '', byteLength: Buffer.byteLength(text) });
  const diagnostics = parsed.diagnostics.map(({ file: _file, line, column: _column, endLine: _endLine, endColumn: _endColumn, pointer: _pointer, ...rest }) => ({
    ...rest,
    ...at,
    message: `in x-docs.content${line !== undefined ? ` (its line ${line})` : ''}: ${rest.message}`,
  }));
  const body = parsed.value.content;
  // Everything the content stage reports later (links, images, components) is at the operation as well.
  if (body) {
    const place = (): SourceLocation => ({ ...at });
    body.links = body.links.map((link) => ({ ...link, location: place() }));
    body.snippetImports = body.snippetImports.map((item) => ({ ...item, location: place() }));
    body.components = body.components.map((item) => ({ ...item, location: place() }));
    if (body.snippetElements) body.snippetElements = body.snippetElements.map((item) => ({ ...item, location: place() }));
    if (body.imagesWithoutAlt) body.imagesWithoutAlt = body.imagesWithoutAlt.map(place);
    if (body.headings) body.headings = body.headings.map((item) => ({ ...item, location: place() }));
  }
  return { value: parsed.value, diagnostics };
}

/**
 * The content stage over the assembled manifest: snippets, heading ids, links, highlighting, Markdown
 * twins; then each page's content reference goes into the manifest (the files are written by the
 * driver, with the manifest, when the run has no errors).
 */
async function runContentStage(
  root: DocsRoot,
  manifest: Manifest,
  parsed: ReadonlyMap<string, ParsedPage>,
  configured: { config: LoadedConfig; site: Site },
  cache: DiskCache | undefined,
  options: BuildOptions,
  prefetchedSnippets: ReadonlyMap<string, SnippetParse>,
): Promise<{ files: Map<string, Buffer>; diagnostics: Diagnostic[]; facts?: ContentPatchFacts }> {
  const { buildContent } = await import('./content-stage.js');
  const { config, site } = configured;
  const edges = contentStageEdges(cache, options);
  const variables = variablesOf(config);
  try {
    const built = await buildContent({
      root,
      manifest,
      parsed,
      site,
      config,
      variables: variables.value,
      ...(edges.snippetCache ? { snippetCache: edges.snippetCache } : {}),
      ...(edges.textCache ? { textCache: edges.textCache } : {}),
      prefetchedSnippets,
      highlight: edges.highlight,
      highlighted: () => edges.close(),
      checkLinks: options.checkLinks !== false,
      ...(options.checkExternal
        ? { external: { offline: options.offline ?? false, ...(options.checkPrivateHosts ? { checkPrivateHosts: true } : {}), ...(cache ? { cache: diskExternalCache(cache) } : {}), ...(options.fetch ? { fetch: options.fetch } : {}), ...(options.signal ? { signal: options.signal } : {}) } }
        : {}),
      ...(keepsPatchFacts(options) ? { collectPatchFacts: true } : {}),
    });
    const { leftOut, ...content } = contentOf(built, manifest);
    // A patch of such a page's text has no part of llms-full.txt to splice.
    for (const id of leftOut) {
      const page = built.facts?.pages.get(id);
      if (page) page.llmsFull = false;
    }
    return { ...content, diagnostics: [...variables.diagnostics, ...content.diagnostics], ...(built.facts ? { facts: built.facts } : {}) };
  } finally {
    await edges.close();
  }
}

function contentOf(built: ContentStageResult, manifest: Manifest): { files: Map<string, Buffer>; diagnostics: Diagnostic[]; leftOut: string[] } {
  const { files, references } = serializeContent(built.pages);
  for (const [id, reference] of references) {
    const page = manifest.pages[id];
    if (page) page.content = reference;
  }
  const twins = new Map([...built.pages].map(([id, page]) => [id, page.markdown]));
  const llms = llmsTxt(manifest, twins);
  files.set(llmsFiles.index, Buffer.from(llms.llmsTxt, 'utf8'));
  files.set(llmsFiles.full, Buffer.from(llms.llmsFullTxt, 'utf8'));
  return { files, diagnostics: built.diagnostics, leftOut: llms.leftOut };
}

/** Whether the run keeps what a later patch of a page's text needs: for a session, or in the cache it writes. */
function keepsPatchFacts(options: BuildOptions): boolean {
  return options.session !== undefined || options.cache === true;
}

/**
 * docs.json `variables`: string values only (the schema says so; anything else was reported there). A
 * name no `{{name}}` can write (`"api url"`) is reported at its key.
 */
function variablesOf(config: LoadedConfig): StageResult<Record<string, string>> {
  const variables = isJsonObject(config.value) ? config.value.variables : undefined;
  if (!isJsonObject(variables)) return { value: {}, diagnostics: [] };
  // Own properties made as data (`__proto__` too, which an assignment would take for the prototype).
  const value = Object.fromEntries(Object.entries(variables).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  const diagnostics = Object.keys(value)
    .filter((name) => !isVariableName(name))
    .map((name) => {
      const message = `variable ${JSON.stringify(name)} can never be used: a {{name}} placeholder takes letters, digits, _ and - only`;
      const usable = name.replace(/[^A-Za-z0-9_-]+/g, '-');
      return createDiagnostic('content/invalid-variable-name', message, config.locate(joinPointer('/variables', name), 'key'), { suggestion: usable.replace(/-/g, '') === '' ? 'rename it' : `rename it, for example to "${usable}"` });
    });
  return { value, diagnostics };
}

interface NavigationPages {
  /** Each page's parse in navigation order, as soon as it and every page before it are parsed. */
  inOrder: AsyncIterable<ParsedPage>;
  /** Every page by id, in navigation order, once all are parsed (their diagnostics pushed). */
  all: Promise<{ pages: Map<string, ParsedPage>; unlisted: Array<{ id: string; page: ParsedPage }>; fingerprints: Map<string, string>; diagnosticsOf: Map<string, Diagnostic[]> }>;
}

/** A page cache entry: the page's result and its `stageFingerprint`, computed once with the parse. */
interface PageEntry {
  result: StageResult<ParsedPage>;
  fingerprint: string;
}

/**
 * Parses every MDX/MD page the navigation references, once each (duplicates and group roots included),
 * then every other published page file: from the cache when the page's bytes were seen before, else on
 * the worker pool.
 */
function parsePublishedPages(root: DocsRoot, tree: NavTree, published: readonly string[], diagnostics: Diagnostic[], cache: DiskCache | undefined, options: BuildOptions, pool: PoolPlan, snippetsAhead: SnippetPrefetch): NavigationPages {
  const idOfFile = new Map<string, string>();
  const toParse: SourceFile[] = [];
  const results = new Map<string, PageEntry>();
  const keys = new Map<string, string>();
  const encodingProblems = new Map<string, Diagnostic>();
  const pageItems: Array<{ file: string; id: string; location: SourceLocation }> = [];
  for (const item of tree.pages) {
    if (item.file && !idOfFile.has(item.file)) {
      idOfFile.set(item.file, item.id);
      pageItems.push({ file: item.file, id: item.id, location: item.location });
    }
  }
  // Pages outside the navigation are published too (reachable by URL): after the listed ones, in path order.
  const unlisted = new Set<string>();
  for (const file of published) {
    if (idOfFile.has(file)) continue;
    const id = pageIdOfFile(file);
    idOfFile.set(file, id);
    unlisted.add(file);
    pageItems.push({ file, id, location: { file, line: 1, column: 1 } });
  }
  for (const item of pageItems) {
    // A page the last run read, unchanged by its stamp, is looked up without reading it.
    const unchanged = cache ? root.unchangedHash(item.file) : undefined;
    const known = unchanged === undefined ? undefined : cache!.get<PageEntry>('pages', cache!.key('page', item.file, unchanged));
    if (known) {
      results.set(item.file, known);
      continue;
    }
    const read = inStage('mdx', item.file, () => root.read(item.file, { keep: false }));
    if (!read.ok) {
      diagnostics.push(createDiagnostic(read.problem.code, read.problem.message, item.location));
      idOfFile.delete(item.file);
      continue;
    }
    const encoding = invalidUtf8Diagnostic(read.file);
    if (encoding) encodingProblems.set(read.file.path, encoding);
    const key = cache?.key('page', read.file.path, read.file.hash);
    const hit = key ? cache!.get<PageEntry>('pages', key) : undefined;
    if (hit) results.set(read.file.path, hit);
    else {
      toParse.push(read.file);
      if (key) keys.set(read.file.path, key);
    }
  }

  const total = idOfFile.size;
  const arrivals = new Map<string, Deferred<ParsedPage>>();
  for (const file of idOfFile.keys()) {
    const known = results.get(file);
    arrivals.set(file, known ? settled(known.result.value) : deferred());
  }
  options.onProgress?.({ phase: 'pages', done: results.size, total });
  const onResult = (file: string, parsedPage: StageResult<ParsedPage>): void => {
    // The bytes decide the encoding problem, so it is cached with the page (a page found unchanged
    // by its stamp is never decoded again).
    const result = withEncodingProblem(parsedPage, encodingProblems.get(file));
    const entry: PageEntry = { result, fingerprint: stageFingerprint(result) };
    results.set(file, entry);
    snippetsAhead.page(file, result.value.content);
    const key = keys.get(file);
    if (key) cache!.set('pages', key, entry);
    arrivals.get(file)?.resolve(result.value);
    options.onProgress?.({ phase: 'pages', done: results.size, total });
  };
  // On the pool started for a first build, else on one started now if there are enough pages.
  const parsed = pool.started ? pool.started.parse(toParse, onResult) : parsePages(toParse, { ...pool.options, onResult });
  parsed.catch((error: unknown) => arrivals.forEach((arrival) => arrival.reject(error)));

  const all = parsed.then(() => {
    // Map in navigation order so the manifest does not depend on which worker finished first.
    const pages = new Map<string, ParsedPage>();
    const unlistedPages: Array<{ id: string; page: ParsedPage }> = [];
    const fingerprints = new Map<string, string>();
    const diagnosticsOf = new Map<string, Diagnostic[]>();
    for (const [file, id] of idOfFile) {
      const entry = results.get(file);
      if (!entry) continue;
      const { result } = entry;
      diagnostics.push(...result.diagnostics);
      diagnosticsOf.set(file, result.diagnostics);
      if (unlisted.has(file)) unlistedPages.push({ id, page: result.value });
      else pages.set(id, result.value);
      fingerprints.set(file, entry.fingerprint);
    }
    return { pages, unlisted: unlistedPages, fingerprints, diagnosticsOf };
  });
  async function* inOrder(): AsyncGenerator<ParsedPage> {
    for (const arrival of arrivals.values()) yield await arrival.promise;
  }
  return { inOrder: inOrder(), all };
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  // The pool's failure reaches the caller through `all`; a page nobody awaited must not crash the process.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

function settled<T>(value: T): Deferred<T> {
  return { promise: Promise.resolve(value), resolve: () => undefined, reject: () => undefined };
}
