import type { Site } from '../config/site.js';
import { appendAll, inStage, type Diagnostic, type JsonValue } from '../diagnostics/index.js';
import { checkLinks, collectExternalLinks, createLinkSite, readRedirects, rewriteTreeLinks, type ConfigSource } from '../links/index.js';
import { checkExternalLinks, type ExternalCheckOptions } from '../links/external.js';
import type { Manifest, Page } from '../manifest/types.js';
import type { ParsedPage } from '../mdx/types.js';
import type { DocsRoot, SourceFile } from '../root/index.js';
import { assignHeadingIds } from '../content/headings.js';
import { codeThemes, highlightTrees, type CodeThemes, type HighlightBatchOptions, type HighlightStats } from '../content/highlight.js';
import { toMarkdown } from '../content/markdown.js';
import { searchRecords, type SearchRecord } from '../content/search.js';
import { SnippetSet, type SnippetCache, type SnippetParse } from '../content/snippet-set.js';
import { parseMdxPage } from '../mdx/parse-page.js';
import { inlineSnippets } from '../content/snippets.js';
import type { ContentLink, ContentRoot, PageContent, PageIsland, TocEntry } from '../content/types.js';

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
  content: PageContent;
  toc: TocEntry[];
  /** Snippet files the page inlines, sorted. */
  deps: string[];
  /** The Markdown twin (what `<id>.md` and llms-full.txt serve). */
  markdown: string;
  /** Search records, one per heading section. */
  search: SearchRecord[];
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
  /** How code blocks get their tokens (the worker pool or an in-process highlighter, with the cache); absent: no tokens. */
  highlight?: (themes: CodeThemes) => Omit<HighlightBatchOptions, 'themes'>;
  /** Page-id prefixes of pages generated from a remote spec this run could not load: links under them are not reported. */
  unverifiedPrefixes?: readonly string[];
  /** Check links (default true). */
  checkLinks?: boolean;
  /** Also check external links (`--check-external`): how, with the cache of earlier answers. */
  external?: ExternalCheckOptions;
}

export interface ContentStageResult {
  pages: Map<string, BuiltPageContent>;
  diagnostics: Diagnostic[];
  highlight?: HighlightStats;
  themes: CodeThemes;
}

/**
 * The content stage: each MDX page's converted body (made in the parse worker) gets its snippets
 * inlined, heading ids, links resolved and checked against every page's anchors, code highlighted and a
 * Markdown twin. Generated operation pages have no body of their own: their content is the
 * `x-docs.content` MDX when there is one, else empty.
 */
export async function buildContent(input: ContentStageInput): Promise<ContentStageResult> {
  const diagnostics: Diagnostic[] = [];
  const snippets = new SnippetSet(input.root, { parse: parseSnippet, ...(input.snippetCache ? { cache: input.snippetCache } : {}) });
  const variables = input.variables ?? {};
  const trees = new Map<string, InlinedContent>();

  for (const id of Object.keys(input.manifest.pages)) {
    const parsed = input.parsed.get(id);
    if (!parsed?.content) {
      const empty: ContentRoot = { type: 'root', children: [] };
      trees.set(id, { tree: empty, islands: [], deps: [], toc: [], anchors: [], links: [] });
      continue;
    }
    const body = parsed.content;
    const inlined = inStage('content', parsed.path, () => inlineSnippets({ file: parsed.path, body }, snippets, { variables }));
    diagnostics.push(...inlined.diagnostics);
    // The stage takes the body over: the parse result keeps no second copy of the tree while the site's
    // other pages are processed (a cached parse was serialized when it was stored).
    delete parsed.content;
    const ids = assignHeadingIds(inlined.tree);
    trees.set(id, { tree: inlined.tree, islands: inlined.islands, deps: inlined.deps, toc: ids.toc, anchors: ids.anchors, file: parsed.path, links: inlined.links });
  }
  appendAll(diagnostics, snippets.diagnostics());

  // Endpoint pages get anchors from their spec's fields too (the theme renders them), which their text
  // does not have: their `#anchors` are not checked rather than reported wrongly.
  const anchors = new Map<string, string[]>();
  for (const [id, entry] of trees) if (entry.file !== undefined && input.manifest.pages[id]?.kind === 'page') anchors.set(id, entry.anchors);
  const linkSite = createLinkSite({
    pages: Object.keys(input.manifest.pages),
    anchors,
    redirects: readRedirects(input.config?.value),
    files: input.root.files(),
    ...(input.unverifiedPrefixes ? { unverifiedPrefixes: input.unverifiedPrefixes } : {}),
  });
  if (input.checkLinks !== false) {
    const pages = [...trees].filter(([, entry]) => entry.file !== undefined).map(([id, entry]) => ({ page: id, file: entry.file!, links: entry.links }));
    const linkInput = { site: linkSite, pages, ...(input.config ? { config: input.config } : {}) };
    appendAll(diagnostics, inStage('links', undefined, () => checkLinks(linkInput)));
    if (input.external) appendAll(diagnostics, await checkExternalLinks(collectExternalLinks(linkInput), input.external));
  }

  const themed = codeThemes(input.site.styling.codeblocks, input.config ? (pointer) => input.config!.locate(pointer) : undefined);
  diagnostics.push(...themed.diagnostics);
  const themes = themed.value;
  const resolvedTrees = new Map<string, ContentRoot>();
  for (const [id, entry] of trees) resolvedTrees.set(id, rewriteTreeLinks(entry.tree, id, linkSite));
  let highlight: HighlightStats | undefined;
  if (input.highlight) highlight = await highlightTrees(resolvedTrees.values(), { ...input.highlight(themes), themes });

  const pages = new Map<string, BuiltPageContent>();
  for (const [id, entry] of trees) {
    const tree = resolvedTrees.get(id)!;
    const page = input.manifest.pages[id]!;
    const content: PageContent = entry.islands.length > 0 ? { id, tree, islands: entry.islands } : { id, tree };
    pages.set(id, { content, toc: entry.toc, deps: entry.deps, markdown: toMarkdown(tree, markdownHeading(page)), search: searchRecords(id, page.title, tree) });
    // The tree now lives in `content` only: drop the stage's own references as it goes.
    trees.delete(id);
    resolvedTrees.delete(id);
  }
  return { pages, diagnostics, ...(highlight ? { highlight } : {}), themes };
}

/** A snippet is parsed like a page; its converted body is what gets inlined. */
function parseSnippet(file: SourceFile): SnippetParse {
  const result = parseMdxPage(file);
  return { body: result.value.content, diagnostics: result.diagnostics };
}

function markdownHeading(page: Page): { title: string; description?: string } {
  return page.description !== undefined ? { title: page.title, description: page.description } : { title: page.title };
}


