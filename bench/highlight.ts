/**
 * Which regex engine highlights code blocks: Shiki's JavaScript engine (oniguruma-to-es, native
 * RegExp) or its WASM build of Oniguruma. Measured on every fenced code block of
 * ../shared/corpora/firecrawl-docs (pages and snippets), each engine in a fresh process:
 * `npx tsx bench/highlight.ts` (optionally `--limit N` blocks). Results are in docs/content.md
 * ("Code highlighting").
 *
 * - cold: each distinct (code, language) highlighted once, in corpus order, grammars loading on first use
 * - warm: the same blocks again in the same process (grammars compiled, JIT warm)
 * - cached: `highlightTrees` over all blocks with every result already in the store (hash + lookup)
 * - differ: distinct blocks whose tokens differ between the engines
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Code, Nodes } from 'mdast';
import {
  createCodeHighlighter,
  defaultCodeThemes,
  highlightKey,
  highlightTrees,
  resolveLanguage,
  type HighlightEngine,
} from '../src/content/highlight.js';
import type { ContentCode, ContentRoot, HighlightedLines } from '../src/content/types.js';
import { parseMdx } from '../src/mdx/processor.js';

const corpus = fileURLToPath(new URL('../../shared/corpora/firecrawl-docs', import.meta.url));
const engines: HighlightEngine[] = ['javascript', 'oniguruma'];

interface Block {
  lang: string;
  value: string;
}

interface EngineResult {
  engine: HighlightEngine;
  createMs: number;
  cold: number[];
  warm: number[];
  cachedMs: number;
  /** key -> sha256 of the tokens, to compare the engines. */
  digests: Record<string, string>;
}

function pageFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) pageFiles(full, out);
    else if (/\.mdx?$/.test(entry.name)) out.push(full);
  }
  return out.sort();
}

function codeNodes(node: Nodes, out: Block[]): void {
  if (node.type === 'code') out.push({ lang: (node as Code).lang?.toLowerCase() ?? '', value: (node as Code).value });
  if ('children' in node) for (const child of node.children) codeNodes(child as Nodes, out);
}

/** One tree per page, holding its code blocks, as the content stage would hand them over. */
function corpusTrees(limit: number): ContentRoot[] {
  const trees: ContentRoot[] = [];
  let count = 0;
  for (const file of pageFiles(corpus)) {
    const parsed = parseMdx(readFileSync(file, 'utf8'));
    if (!parsed.ok) continue;
    const blocks: Block[] = [];
    codeNodes(parsed.tree, blocks);
    const children: ContentCode[] = blocks.slice(0, Math.max(0, limit - count)).map((b) => ({ type: 'code', lang: b.lang, meta: {}, value: b.value }));
    count += children.length;
    trees.push({ type: 'root', children });
    if (count >= limit) break;
  }
  return trees;
}

function uniqueBlocks(trees: ContentRoot[]): Map<string, ContentCode> {
  const unique = new Map<string, ContentCode>();
  for (const tree of trees) {
    for (const node of tree.children as ContentCode[]) {
      if (resolveLanguage(node.lang) === undefined) continue;
      const key = highlightKey(node.value, node.lang, defaultCodeThemes);
      if (!unique.has(key)) unique.set(key, node);
    }
  }
  return unique;
}

async function timeEach(blocks: ContentCode[], run: (block: ContentCode) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (const block of blocks) {
    const started = performance.now();
    await run(block);
    times.push(performance.now() - started);
  }
  return times;
}

async function measure(engine: HighlightEngine, limit: number): Promise<EngineResult> {
  const trees = corpusTrees(limit);
  const unique = uniqueBlocks(trees);
  let started = performance.now();
  const highlighter = await createCodeHighlighter(defaultCodeThemes, { engine });
  const createMs = performance.now() - started;
  const results = new Map<string, HighlightedLines | null>();
  const blocks = [...unique.values()];
  const cold = await timeEach(blocks, async (b) => results.set(highlightKey(b.value, b.lang, defaultCodeThemes), (await highlighter.highlight(b.value, b.lang)) ?? null));
  const warm = await timeEach(blocks, (b) => highlighter.highlight(b.value, b.lang));
  started = performance.now();
  await highlightTrees(trees, { themes: defaultCodeThemes, highlight: () => Promise.reject(new Error('cache miss')), lookup: (key) => results.get(key) });
  const cachedMs = performance.now() - started;
  const digests: Record<string, string> = {};
  for (const [key, tokens] of results) digests[key] = createHash('sha256').update(JSON.stringify(tokens)).digest('hex');
  highlighter.dispose();
  return { engine, createMs, cold, warm, cachedMs, digests };
}

function summary(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const total = sorted.reduce((a, b) => a + b, 0);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return `${total.toFixed(0)} | ${(total / Math.max(1, sorted.length)).toFixed(2)} | ${at(0.5).toFixed(2)} | ${at(0.95).toFixed(2)} | ${at(1).toFixed(0)}`;
}

function runChild(engine: HighlightEngine, limit: number): EngineResult {
  const script = fileURLToPath(import.meta.url);
  const child = spawnSync(process.execPath, [...process.execArgv, script, '--child', engine, '--limit', String(limit)], { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (child.status !== 0) throw new Error(`bench child for ${engine} failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as EngineResult;
}

function printCorpus(limit: number): void {
  const trees = corpusTrees(limit);
  const all = trees.flatMap((t) => t.children as ContentCode[]);
  const known = all.filter((b) => resolveLanguage(b.lang) !== undefined);
  const unique = uniqueBlocks(trees).size;
  const unknown = new Map<string, number>();
  for (const b of all) if (resolveLanguage(b.lang) === undefined) unknown.set(b.lang, (unknown.get(b.lang) ?? 0) + 1);
  const top = [...unknown].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 8).map(([l, n]) => `${l || '(none)'} ${n}`).join(', ');
  console.log(`firecrawl-docs: ${all.length} code blocks in ${trees.length} files; ${known.length} in a known language; ${unique} distinct (${((unique / Math.max(1, known.length)) * 100).toFixed(1)}% of them)`);
  console.log(`not highlighted: ${top}`);
}

function printTable(results: EngineResult[]): void {
  console.log('\n| engine | create ms | cold total ms | cold mean ms/block | p50 | p95 | max | warm total ms | warm mean | p50 | p95 | max | cached pass ms (all blocks) |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) console.log(`| ${r.engine} | ${r.createMs.toFixed(0)} | ${summary(r.cold)} | ${summary(r.warm)} | ${r.cachedMs.toFixed(0)} |`);
  const [a, b] = results as [EngineResult, EngineResult];
  const differ = Object.keys(a.digests).filter((key) => a.digests[key] !== b.digests[key]).length;
  console.log(`\ndistinct blocks whose tokens differ between the engines: ${differ} of ${Object.keys(a.digests).length}`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const limitAt = args.indexOf('--limit');
  const limit = limitAt >= 0 ? Number(args[limitAt + 1]) : Number.POSITIVE_INFINITY;
  const childAt = args.indexOf('--child');
  if (childAt >= 0) {
    process.stdout.write(JSON.stringify(await measure(args[childAt + 1] as HighlightEngine, limit)));
    return;
  }
  if (!existsSync(corpus)) {
    console.log('bench/highlight.ts: ../shared/corpora/firecrawl-docs is absent; nothing to measure');
    return;
  }
  printCorpus(limit);
  printTable(engines.map((engine) => runChild(engine, limit)));
}

await main();
