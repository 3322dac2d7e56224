/**
 * Link-checker report over the real corpora: builds each root (for the manifest's pages, generated
 * API pages included), parses and converts every MDX page, inlines its snippets, collects heading ids
 * and `id` anchors, then runs checkLinks and prints the findings by code per corpus.
 *
 *   npx tsx scripts/links-report.ts [corpus ...] [--corpora <dir>] [--samples <n>] [--json <file>]
 *
 * The corpora hold no images (README of the corpora folder), so links/missing-asset counts there are
 * mostly an artefact of the copy; they are counted apart.
 */
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { slug } from 'github-slugger';
import { tmpdir } from 'node:os';
import { loadConfig, readConfiguration } from '../src/config/index.js';
import { resolveNavigation } from '../src/navigation/index.js';
import { publishedPageFiles } from '../src/navigation/page-files.js';
import { resolveOpenapi } from '../src/openapi/index.js';
import type { ContentNode, ContentRoot, ConvertedBody } from '../src/content/types.js';
import { isJsonObject, type Diagnostic } from '../src/diagnostics/index.js';
import { checkLinks, createLinkSite, readRedirects, type PageLinks } from '../src/links/index.js';
import { parseMdxPage } from '../src/mdx/index.js';
import { DocsRoot } from '../src/root/index.js';

interface Args {
  corporaDir: string;
  only: string[];
  samples: number;
  json?: string;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { corporaDir: path.resolve('..', 'shared', 'corpora'), only: [], samples: 0 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--corpora') args.corporaDir = path.resolve(argv[++i]!);
    else if (arg === '--samples') args.samples = Number(argv[++i]);
    else if (arg === '--json') args.json = argv[++i]!;
    else args.only.push(arg);
  }
  return args;
}

/** The heading ids and anchors of a tree: `assignHeadingIds` when the content stage has it, else github-slugger over heading text plus every `id`. */
type AnchorCollector = (tree: ContentRoot) => Iterable<string>;

async function anchorCollector(): Promise<AnchorCollector> {
  const headings = path.resolve('src/content/headings.ts');
  if (existsSync(headings)) {
    const module = (await import(headings)) as { assignHeadingIds?: (tree: ContentRoot) => { anchors: Iterable<string> } };
    if (module.assignHeadingIds) return (tree) => module.assignHeadingIds!(tree).anchors;
  }
  return fallbackAnchors;
}

function fallbackAnchors(tree: ContentRoot): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const unique = (text: string): string => {
    const base = slug(text);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return count === 0 ? base : `${base}-${count}`;
  };
  const visit = (nodes: ContentNode[]): void => {
    for (const node of nodes) {
      if (node.type === 'element') {
        if (typeof node.properties.id === 'string') anchors.add(node.properties.id);
        if (/^h[1-6]$/.test(node.tagName)) anchors.add(unique(textOf(node.children)));
        visit(node.children);
      } else if (node.type === 'component') {
        if (typeof node.props.id === 'string') anchors.add(node.props.id);
        if (['Step', 'Accordion', 'Update', 'ParamField', 'ResponseField'].includes(node.name) && typeof (node.props.title ?? node.props.label) === 'string') anchors.add(unique(String(node.props.title ?? node.props.label)));
        visit(node.children);
        for (const slot of Object.values(node.slots ?? {})) visit(slot);
      }
    }
  };
  visit(tree.children);
  return anchors;
}

function textOf(nodes: ContentNode[]): string {
  return nodes.map((node) => (node.type === 'text' ? node.value : node.type === 'element' || node.type === 'component' ? textOf(node.children) : '')).join('');
}

interface InlineApi {
  SnippetSet: new (root: DocsRoot) => object;
  inlineSnippets: (page: { file: string; body: ConvertedBody }, snippets: object, options: { variables: Record<string, string> }) => { tree: ContentRoot; links: PageLinks['links'] };
}

async function snippetApi(): Promise<InlineApi | undefined> {
  if (!existsSync(path.resolve('src/content/snippets.ts'))) return undefined;
  const [{ inlineSnippets }, { SnippetSet }] = await Promise.all([import('../src/content/snippets.js'), import('../src/content/snippet-set.js')]);
  return { inlineSnippets, SnippetSet } as unknown as InlineApi;
}

/**
 * Every page file of the root (as the content stage publishes them) plus the pages generated from
 * OpenAPI files, offline; the stages are called directly so the report does not depend on the
 * pipeline's wiring of the content stage.
 */
async function sitePages(root: DocsRoot): Promise<{ pages: Map<string, string | undefined> }> {
  const pages = new Map<string, string | undefined>();
  for (const file of publishedPageFiles(root).files) pages.set(file.replace(/\.mdx?$/, ''), file);
  const configured = readConfiguration(root).value;
  if (!configured) return { pages };
  const tree = resolveNavigation(configured.config, root).value;
  // Listed pages are published whatever the ignore patterns say.
  for (const item of tree.pages) if (item.file && !pages.has(item.id)) pages.set(item.id, item.file);
  const openapi = await resolveOpenapi({ root, tree, parsedPages: [], site: configured.site, offline: true, cacheDir: path.join(tmpdir(), 'links-report-remote') });
  for (const page of openapi.pages) if (!pages.has(page.id)) pages.set(page.id, undefined);
  return { pages };
}

async function reportCorpus(dir: string, anchorsOf: AnchorCollector, inline: InlineApi | undefined): Promise<Diagnostic[]> {
  const root = DocsRoot.open(dir)!;
  const config = loadConfig(root).value;
  const { pages } = await sitePages(root);
  const variables: Record<string, string> = {};
  if (config && isJsonObject(config.value) && isJsonObject(config.value.variables)) for (const [k, v] of Object.entries(config.value.variables)) if (typeof v === 'string') variables[k] = v;
  const snippets = inline ? new inline.SnippetSet(root) : undefined;
  const anchors = new Map<string, Iterable<string>>();
  const pageLinks: PageLinks[] = [];
  for (const [id, file] of pages) {
    if (file === undefined) continue;
    const read = root.read(file, { keep: false });
    if (!read.ok) continue;
    const parsed = parseMdxPage(read.file).value;
    const body = parsed.content;
    if (!body) continue;
    const final = inline && snippets ? inline.inlineSnippets({ file, body }, snippets, { variables }) : body;
    // An `openapi:`/`api:` page also shows generated fields (`#param-limit`): its anchors are not all in its text.
    if (parsed.frontmatter.openapi === undefined && parsed.frontmatter.api === undefined) anchors.set(id, anchorsOf(final.tree));
    pageLinks.push({ page: id, file, links: final.links });
  }
  const site = createLinkSite({ pages: pages.keys(), anchors, redirects: readRedirects(config?.value), files: root.files() });
  return checkLinks({ site, pages: pageLinks, ...(config ? { config } : {}) });
}

function kindOf(d: Diagnostic): string {
  if (d.file === 'docs.json' || d.file?.endsWith('.json')) return `${d.code} (docs.json)`;
  if (d.message.includes('which include this file')) return `${d.code} (snippet)`;
  return d.code;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (!existsSync(args.corporaDir)) {
    console.log(`no corpora at ${args.corporaDir}`);
    return;
  }
  const corpora = readdirSync(args.corporaDir).filter((name) => !name.startsWith('_') && statSync(path.join(args.corporaDir, name)).isDirectory() && (args.only.length === 0 || args.only.includes(name)));
  const [anchorsOf, inline] = await Promise.all([anchorCollector(), snippetApi()]);
  const all: Record<string, Diagnostic[]> = {};
  for (const corpus of corpora) {
    const started = performance.now();
    const diagnostics = await reportCorpus(path.join(args.corporaDir, corpus), anchorsOf, inline);
    all[corpus] = diagnostics;
    const counts = new Map<string, number>();
    for (const d of diagnostics) counts.set(kindOf(d), (counts.get(kindOf(d)) ?? 0) + 1);
    console.log(`${corpus}: ${diagnostics.length} findings in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    for (const [kind, count] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`  ${String(count).padStart(5)}  ${kind}`);
    const step = Math.max(1, Math.floor(diagnostics.length / Math.max(1, args.samples)));
    for (let i = 0; i < args.samples && i * step < diagnostics.length; i++) {
      const d = diagnostics[i * step]!;
      console.log(`    ${d.file}:${d.line}:${d.column} ${d.code} ${d.message}${d.suggestion ? ` [${d.suggestion}]` : ''}`);
    }
  }
  if (args.json) writeFileSync(args.json, JSON.stringify(all, null, 1));
}

await main();
