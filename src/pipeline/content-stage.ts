import { createHash } from 'node:crypto';
import type { Site } from '../config/site.js';
import { appendAll, inStage, sortDiagnostics, type Diagnostic, type StageResult } from '../diagnostics/index.js';
import { checkLinks, collectExternalLinks, createLinkSite, readRedirects, rewriteTreeLinks, type ConfigSource, type LinkSite } from '../links/index.js';
import type { Redirect } from '../links/redirects.js';
import { checkExternalLinks, type ExternalCheckOptions } from '../links/external.js';
import type { Manifest, Page } from '../manifest/types.js';
import type { ParsedPage } from '../mdx/types.js';
import { publishedPath, sha256, type DocsRoot } from '../root/index.js';
import { assignHeadingIds } from '../content/headings.js';
import { codeThemes, highlightPlan, highlightTrees, planHighlighting, type CodeThemes, type HighlightBatchOptions, type HighlightStats } from '../content/highlight.js';
import { toMarkdown } from '../content/markdown.js';
import { searchRecords } from '../content/search.js';
import { contentFileBytes, searchSegment, TokenSlots } from './content-output.js';
import { SnippetSet, type SnippetCache, type SnippetParse } from '../content/snippet-set.js';
import { parseSnippet } from '../mdx/parse-page.js';
import { inlineSnippets } from '../content/snippets.js';
import type { ContentCode, ContentLink, ContentRoot, ConvertedBody, PageContent, PageIsland, TocEntry } from '../content/types.js';

/** A page's tree after its snippets are inlined and its headings have ids. */
interface InlinedContent {
  tree: ContentRoot;
  islands: PageIsland[];
  deps: string[];
  toc: TocEntry[];
  anchors: string[];
  /** The page's own file; absent for generated pages (no body of their own). */
  file?: string;
  links: readonly ContentLink[];
}

/** One page's content, ready to be written beside the manifest. */
export interface BuiltPageContent {
  /** The content file's bytes (`PageContent` as JSON, highlighted): what a theme reads. */
  bytes: Buffer;
  toc: TocEntry[];
  /** Snippet files the page inlines, sorted. */
  deps: string[];
  /** The Markdown twin (what `<id>.md` and llms-full.txt serve). */
  markdown: string;
  /** Search records, one per heading section, as `search.json` holds them (`searchSegment`). */
  searchSegment: string;
}

/** A page's text projections (its twin and search records), which depend only on its content and heading. */
export type PageText = Pick<BuiltPageContent, 'markdown' | 'searchSegment'>;

/**
 * Text projections from an earlier run, by `pageTextKey`. A run of every stage with the parses cached
 * (docs.json or a spec changed) makes the same twin for nearly every page again, and the twin is the
 * costliest part of finishing a page (mdast-util-to-markdown's escaping).
 */
export interface PageTextCache {
  get(key: string): PageText | undefined;
  set(key: string, text: PageText): void;
}

export interface ContentStageInput {
  root: DocsRoot;
  manifest: Manifest;
  /** Parsed MDX pages by page id (those that made it into the manifest). */
  parsed: ReadonlyMap<string, ParsedPage>;
  site: Site;
  /** The composed docs.json with its text, for its hrefs and redirects (checked at their line:col). */
  config?: ConfigSource;
  /** docs.json `variables`. */
  variables?: Readonly<Record<string, string>>;
  snippetCache?: SnippetCache;
  textCache?: PageTextCache;
  /** Snippets parsed while the pages parsed (`SnippetPrefetch`), by `snippetParseKey`. */
  prefetchedSnippets?: ReadonlyMap<string, SnippetParse>;
  /** How code blocks get their tokens (the worker pool or an in-process highlighter, with the cache); absent: no tokens. */
  highlight?: (themes: CodeThemes) => Omit<HighlightBatchOptions, 'themes'>;
  /**
   * Called once every block has its tokens: the highlighting workers can stop before the pages are
   * finished and serialized (their heaps and Oniguruma's memory, ~0.9 GB on firecrawl-docs, went
   * only at the end of the stage, on top of its largest heap).
   */
  highlighted?: () => Promise<void>;
  /** Page-id prefixes of pages generated from a remote spec this run could not load: links under them are not reported. */
  unverifiedPrefixes?: readonly string[];
  /** Check links (default true). */
  checkLinks?: boolean;
  /** Also check external links (`--check-external`): how, with the cache of earlier answers. */
  external?: ExternalCheckOptions;
  /** Also return what patching one page's content later needs (`ContentPatchFacts`). */
  collectPatchFacts?: boolean;
}

export interface ContentStageResult {
  pages: Map<string, BuiltPageContent>;
  diagnostics: Diagnostic[];
  highlight?: HighlightStats;
  themes: CodeThemes;
}

/**
 * What a later run needs to rebuild one page's content alone (`content-patch.ts`): the site as its links
 * see it, and, per page with a file of its own, what other pages or the manifest read of its content.
 * Collected only when asked (`collectPatchFacts`): a long-lived process (the preview, `build --watch`).
 */
export interface ContentPatchFacts {
  linkSite: LinkSite;
  /** What the link site was made of (but the root's files): kept on disk with the rest. */
  linkSiteInput: StoredLinkSite;
  themes: CodeThemes;
  variables: Readonly<Record<string, string>>;
  /** Files inlined into some page (snippets, and pages imported as snippets): an edit of such a page is never patched. */
  inlined: Set<string>;
  /** Files inlined into a page without facts (a generated page's `x-docs` content): an edit of such a snippet is never patched. */
  inlinedElsewhere: Set<string>;
  /** By page id, the pages whose content is their own file's body (pages, and `openapi:` MDX endpoint pages). */
  pages: Map<string, PageFacts>;
  /** By page id, every page: its search records as they appear in `search.json` (comma-joined). */
  searchSegments: Map<string, string>;
  /** By page id, every page: the Markdown twin (what llms-full.txt concatenates). */
  twins: Map<string, string>;
}

/** What must not change for one page's content to be patched in. */
export interface PageFacts {
  file: string;
  /**
   * False for a page llms-full.txt leaves out (hidden, unlisted, `noindex`: `llmsTxt`'s `leftOut`): a
   * patch has nothing of it to splice there.
   */
  llmsFull?: boolean;
  /** The page's title and description, as its twin and search records use them. */
  title: string;
  description?: string;
  /** The files it inlines (`BuiltPageContent.deps`) as JSON: which pages an edited snippet reaches. */
  deps: string;
  /**
   * sha256 of what reaches past the page's own content file, compared only for equality: its anchors
   * (other pages' links are checked against them), its table of contents (in the manifest), its own
   * problems (its inlining's diagnostics and the link diagnostics at its file: in the recorded run) and
   * the links that come from inlined files (their diagnostics are at those files).
   */
  surface: string;
}

/**
 * The content stage: each MDX page's converted body (made in the parse worker) gets its snippets
 * inlined, heading ids, links resolved and checked against every page's anchors, code highlighted and a
 * Markdown twin. Generated operation pages have no body of their own: their content is the
 * `x-docs.content` MDX when there is one, else empty.
 */
export async function buildContent(input: ContentStageInput): Promise<ContentStageResult & { facts?: ContentPatchFacts }> {
  const diagnostics: Diagnostic[] = [];
  const snippets = new SnippetSet(input.root, { parse: parseSnippet, ...(input.snippetCache ? { cache: input.snippetCache } : {}), ...(input.prefetchedSnippets ? { prefetched: input.prefetchedSnippets } : {}) });
  const variables = input.variables ?? {};
  const trees = new Map<string, InlinedContent>();
  const inlineProblems = new Map<string, Diagnostic[]>();

  for (const id of Object.keys(input.manifest.pages)) {
    const parsed = input.parsed.get(id);
    if (!parsed?.content) {
      const empty: ContentRoot = { type: 'root', children: [] };
      trees.set(id, { tree: empty, islands: [], deps: [], toc: [], anchors: [], links: [] });
      continue;
    }
    const inlined = inlinePage(parsed.path, parsed.content, snippets, variables, { takesTree: true });
    appendAll(diagnostics, inlined.diagnostics);
    if (input.collectPatchFacts) inlineProblems.set(id, inlined.diagnostics);
    // The stage takes the body over: the parse result keeps no second copy of the tree while the site's
    // other pages are processed (a cached parse was serialized when it was stored).
    delete parsed.content;
    trees.set(id, inlined.value);
  }
  appendAll(diagnostics, snippets.diagnostics());

  // Endpoint pages and `openapi-schema:` pages get anchors from their spec's fields too (the theme
  // renders them), which their text does not have: their `#anchors` are not checked rather than
  // reported wrongly (box links `#param-status` on a schema page 25 times).
  const anchors = new Map<string, string[]>();
  for (const [id, entry] of trees) {
    const page = input.manifest.pages[id];
    if (entry.file !== undefined && page?.kind === 'page' && page.schema === undefined) anchors.set(id, entry.anchors);
  }
  const linkSiteInput: StoredLinkSite = {
    pages: Object.keys(input.manifest.pages),
    anchors: Object.fromEntries(anchors),
    redirects: readRedirects(input.config?.value),
    unverifiedPrefixes: [...(input.unverifiedPrefixes ?? [])],
  };
  const linkSite = linkSiteOf(linkSiteInput, input.root, { listed: true });
  const linkProblems: Diagnostic[] = [];
  if (input.checkLinks !== false) {
    const pages = [...trees].filter(([, entry]) => entry.file !== undefined).map(([id, entry]) => ({ page: id, file: entry.file!, links: entry.links }));
    const linkInput = { site: linkSite, pages, ...(input.config ? { config: input.config } : {}) };
    appendAll(linkProblems, inStage('links', undefined, () => checkLinks(linkInput)));
    appendAll(diagnostics, linkProblems);
    if (input.external) appendAll(diagnostics, await checkExternalLinks(collectExternalLinks(linkInput), input.external));
  }

  const themed = codeThemes(input.site.styling.codeblocks, input.config ? (pointer) => input.config!.locate(pointer) : undefined);
  diagnostics.push(...themed.diagnostics);
  const themes = themed.value;
  const facts = input.collectPatchFacts ? patchFactsOf(trees, inlineProblems, linkProblems, input.manifest, { linkSite, linkSiteInput, themes, variables }) : undefined;
  const resolvedTrees = new Map<string, ContentRoot>();
  for (const [id, entry] of trees) resolvedTrees.set(id, rewriteTreeLinks(entry.tree, id, linkSite));
  const finished = await finishPages(trees, resolvedTrees, { ...input, themes, ...(facts ? { facts } : {}) });
  return { pages: finished.pages, diagnostics, ...(finished.highlight ? { highlight: finished.highlight } : {}), themes, ...(facts ? { facts } : {}) };
}

/**
 * Every page's content bytes, twin and search records, while its code blocks are highlighted. The twins
 * and search records do not read tokens: they are made meanwhile, on the main thread that used to wait
 * idle for the workers, which it lets hand out blocks every few milliseconds. Each finished page is
 * kept as its content file's bytes with a slot for each block's tokens, not as its tree (`TokenSlots`).
 * The workers stop once the last block has its tokens: their grammars and WASM memory are not needed
 * for the rest.
 */
async function finishPages(
  trees: Map<string, InlinedContent>,
  resolvedTrees: Map<string, ContentRoot>,
  input: Pick<ContentStageInput, 'manifest' | 'highlight' | 'highlighted' | 'textCache'> & { themes: CodeThemes; facts?: ContentPatchFacts },
): Promise<{ pages: Map<string, BuiltPageContent>; highlight?: HighlightStats }> {
  const batch = input.highlight ? { ...input.highlight(input.themes), themes: input.themes } : undefined;
  const plan = batch ? planHighlighting(resolvedTrees.values(), batch) : undefined;
  /** Each distinct block's tokens as JSON bytes; none for a block without tokens. */
  const tokens = new Map<string, Buffer>();
  const highlighting =
    plan && batch
      ? highlightPlan(plan, batch, (key, found) => void (found && tokens.set(key, Buffer.from(JSON.stringify(found), 'utf8')))).then(async (stats) => {
          await input.highlighted?.();
          return stats;
        })
      : undefined;
  // Awaited below; a failure while the pages are finished must not count as unhandled meanwhile.
  highlighting?.catch(() => undefined);
  const slots = new TokenSlots();
  const serialize = plan ? (content: PageContent) => slots.serialize(content, (code: ContentCode) => plan.keyOf.get(code)) : contentFileBytes;
  const texts = input.textCache ? { cache: input.textCache, keyOf: (bytes: Buffer, heading: PageHeading) => pageTextKey(plan ? slots.stableParts(bytes) : [bytes], heading) } : undefined;
  const finished = new Map<string, BuiltPageContent>();
  let yieldedAt = performance.now();
  for (const [id, entry] of trees) {
    const page = finishPage(id, entry, resolvedTrees.get(id)!, headingOf(input.manifest.pages[id]!), serialize, texts);
    finished.set(id, page);
    input.facts?.searchSegments.set(id, page.searchSegment);
    input.facts?.twins.set(id, page.markdown);
    // The tree now lives in its bytes only: drop the stage's own references as it goes.
    trees.delete(id);
    resolvedTrees.delete(id);
    if (highlighting && performance.now() - yieldedAt > 10) {
      await new Promise((resolve) => setImmediate(resolve));
      yieldedAt = performance.now();
    }
  }
  const highlight = highlighting ? await highlighting : undefined;
  if (plan) for (const page of finished.values()) page.bytes = slots.fill(page.bytes, (key) => tokens.get(key));
  return { pages: finished, ...(highlight ? { highlight } : {}) };
}

/** A link site as JSON: every page id, the anchors of pages with text of their own, the redirects. */
export interface StoredLinkSite {
  pages: string[];
  anchors: Record<string, string[]>;
  redirects: Redirect[];
  unverifiedPrefixes: string[];
}

/**
 * The link site of the stored input over the root's files. A file is a link target only where the site
 * publishes it: by its path (src/root/published-files.ts) and as a file of its own, not a symbolic link.
 */
export function linkSiteOf(input: StoredLinkSite, root: DocsRoot, options: { listed: boolean }): LinkSite {
  return createLinkSite({
    pages: input.pages,
    anchors: new Map(Object.entries(input.anchors)),
    redirects: input.redirects,
    // A patch lists the root only if a link needs a suggestion: a link to a file looks in its folders alone.
    ...(options.listed ? { files: root.files() } : { files: () => root.files(), fileExists: (path: string) => root.exists(path) }),
    published: (path) => publishedPath(path) && root.isRegularFile(path),
    ...(input.unverifiedPrefixes.length > 0 ? { unverifiedPrefixes: input.unverifiedPrefixes } : {}),
  });
}

/** A page's snippets inlined and its headings given ids. */
function inlinePage(file: string, body: ConvertedBody, snippets: SnippetSet, variables: Readonly<Record<string, string>>, handover: { takesTree?: boolean } = {}): StageResult<InlinedContent> {
  const inlined = inStage('content', file, () => inlineSnippets({ file, body }, snippets, { variables, ...handover }));
  const ids = assignHeadingIds(inlined.tree);
  return { value: { tree: inlined.tree, islands: inlined.islands, deps: inlined.deps, toc: ids.toc, anchors: ids.anchors, file, links: inlined.links }, diagnostics: inlined.diagnostics };
}

/**
 * The page's content, twin and search records, from its tree with links resolved (and code highlighted, or
 * slots for it: `serialize`). The twin and the search records come from `texts` when it has them for
 * these bytes and heading.
 */
function finishPage(
  id: string,
  entry: InlinedContent,
  tree: ContentRoot,
  heading: PageHeading,
  serialize: (content: PageContent) => Buffer,
  texts?: { cache: PageTextCache; keyOf: (bytes: Buffer, heading: PageHeading) => string },
): BuiltPageContent {
  const content: PageContent = entry.islands.length > 0 ? { id, tree, islands: entry.islands } : { id, tree };
  const bytes = serialize(content);
  const key = texts?.keyOf(bytes, heading);
  let text = key !== undefined ? texts!.cache.get(key) : undefined;
  if (!text) {
    text = { markdown: toMarkdown(tree, heading), searchSegment: searchSegment(searchRecords(id, heading.title, tree, heading.description)) };
    if (key !== undefined) texts!.cache.set(key, text);
  }
  return { bytes, toc: entry.toc, deps: entry.deps, ...text };
}

/**
 * What a page's text projections depend on: its content bytes (the page id, its tree and islands; with
 * highlighting, where each block's tokens go, which the projections never read) and its heading.
 */
function pageTextKey(contentParts: Iterable<Uint8Array>, heading: PageHeading): string {
  const hash = createHash('sha256');
  for (const part of contentParts) hash.update(part);
  // A NUL never occurs in JSON text: the bytes and the heading cannot run into each other.
  return hash.update('\u0000').update(JSON.stringify([heading.title, heading.description ?? null])).digest('hex');
}

function patchFactsOf(
  trees: ReadonlyMap<string, InlinedContent>,
  inlineProblems: ReadonlyMap<string, Diagnostic[]>,
  linkProblems: readonly Diagnostic[],
  manifest: Manifest,
  site: Pick<ContentPatchFacts, 'linkSite' | 'linkSiteInput' | 'themes' | 'variables'>,
): ContentPatchFacts {
  const linkProblemsByFile = new Map<string, Diagnostic[]>();
  for (const problem of linkProblems) {
    if (problem.file === undefined) continue;
    const list = linkProblemsByFile.get(problem.file);
    if (list) list.push(problem);
    else linkProblemsByFile.set(problem.file, [problem]);
  }
  const facts: ContentPatchFacts = { ...site, inlined: new Set(), inlinedElsewhere: new Set(), pages: new Map(), searchSegments: new Map(), twins: new Map() };
  for (const [id, entry] of trees) {
    // An `openapi:` MDX page's content is its own file's body as for any page: its edits are patched too.
    // A generated page's (its operation's `x-docs.content`) is not: its file is the spec.
    const own = entry.file !== undefined && manifest.pages[id]?.source.file === entry.file && manifest.pages[id]?.kind !== 'openapi';
    for (const dep of entry.deps) {
      facts.inlined.add(dep);
      if (!own) facts.inlinedElsewhere.add(dep);
    }
    if (!own || entry.file === undefined) continue;
    facts.pages.set(id, pageFactsOf({ ...entry, file: entry.file }, headingOf(manifest.pages[id]!), inlineProblems.get(id) ?? [], linkProblemsByFile.get(entry.file) ?? []));
  }
  return facts;
}

function pageFactsOf(entry: InlinedContent & { file: string }, heading: PageHeading, inlineProblems: readonly Diagnostic[], linkProblems: readonly Diagnostic[]): PageFacts {
  return {
    file: entry.file,
    ...heading,
    deps: JSON.stringify(entry.deps),
    surface: sha256(
      JSON.stringify([entry.anchors, entry.toc, sortDiagnostics([...inlineProblems, ...linkProblems]), entry.links.filter((link) => link.location.file !== entry.file)]),
    ),
  };
}

/** One page's content built again on the facts of the run that built them all. */
export interface PageContentRebuild {
  built: BuiltPageContent;
  facts: PageFacts;
}

/**
 * The content stage for one page with a body of its own, against the site of an earlier run (its link site,
 * code themes and variables). The caller compares `facts` with the earlier run's: only when they are
 * equal is the result what a run of the whole stage would give for this page.
 */
export async function rebuildPageContent(
  input: { root: DocsRoot; id: string; parsed: ParsedPage; heading: PageHeading; facts: Pick<ContentPatchFacts, 'linkSite' | 'themes' | 'variables'> } & Pick<ContentStageInput, 'snippetCache' | 'highlight' | 'checkLinks'>,
): Promise<PageContentRebuild | undefined> {
  const { id, parsed, heading, facts } = input;
  if (!parsed.content) return undefined;
  const snippets = new SnippetSet(input.root, { parse: parseSnippet, ...(input.snippetCache ? { cache: input.snippetCache } : {}) });
  const inlined = inlinePage(parsed.path, parsed.content, snippets, facts.variables);
  const entry = inlined.value as InlinedContent & { file: string };
  const linkProblems =
    input.checkLinks === false ? [] : inStage('links', undefined, () => checkLinks({ site: facts.linkSite, pages: [{ page: id, file: entry.file, links: entry.links }] })).filter((problem) => problem.file === entry.file);
  const pageFacts = pageFactsOf(entry, heading, inlined.diagnostics, linkProblems);
  // Problems of the snippets themselves are reported once, at the snippet, by the whole stage: a page whose snippets have any is not patched.
  if (snippets.diagnostics().length > 0) return undefined;
  const tree = rewriteTreeLinks(entry.tree, id, facts.linkSite);
  if (input.highlight) await highlightTrees([tree], { ...input.highlight(facts.themes), themes: facts.themes });
  return { built: finishPage(id, entry, tree, heading, contentFileBytes), facts: pageFacts };
}

/** What a page's twin and search records take from its manifest entry. */
export interface PageHeading {
  title: string;
  description?: string;
}

function headingOf(page: Page): PageHeading {
  return page.description !== undefined ? { title: page.title, description: page.description } : { title: page.title };
}


