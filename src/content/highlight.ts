import type { HighlighterCore, LanguageRegistration, RegexEngine } from 'shiki/core';
import type { Theme } from 'shiki/textmate';
import { bundledLanguages, bundledLanguagesInfo } from 'shiki/langs';
import { bundledThemes, type BundledTheme } from 'shiki/themes';
import { createHash } from 'node:crypto';
// The modules themselves, not the barrels: a parse worker loads this file, and the barrels pull in the reporters and source maps.
import { createDiagnostic } from '../diagnostics/catalog.js';
import { compareCodeUnits, type Diagnostic, type SourceLocation, type StageResult } from '../diagnostics/diagnostic.js';
import { didYouMean } from '../diagnostics/suggest.js';
import type { Site } from '../config/site.js';
import type { ContentCode, ContentNode, ContentRoot, HighlightedLines } from './types.js';

/**
 * Code highlighting (docs/content.md "Code highlighting"): Shiki tokens for a light and a dark theme,
 * aligned token by token, as plain JSON a theme renders without Shiki. Everything here is usable in a
 * worker thread: the highlighter is created there, grammars load on first use.
 */

export interface CodeThemes {
  light: string;
  dark: string;
}

export type HighlightEngine = 'javascript' | 'oniguruma';

/** `system` (the default): GitHub's light and dark themes, the pair most docs sites use. */
export const defaultCodeThemes: CodeThemes = { light: 'github-light', dark: 'github-dark' };

/**
 * The WASM build of Oniguruma: on firecrawl-docs' 5,106 distinct blocks it highlights a block in about a
 * third of the JavaScript engine's time once grammars are compiled, and its compile cost is lower too
 * (docs/content.md, "Code highlighting"; `bench/highlight.ts`).
 */
export const defaultEngine: HighlightEngine = 'oniguruma';

/** Blocks longer than this are left without tokens: highlighting is linear but a megabyte block would stall a worker. */
export const maxHighlightChars = 200_000;

/** Lines longer than this are one plain token (minified JSON, base64): Shiki's own cut-off, deterministic. */
const maxLineLength = 20_000;

/**
 * No time limit per line (Shiki's default is 500 ms): the point where a line stops would depend on the
 * machine's load, and so would the cached tokens; a cold worker compiling a grammar on a busy machine
 * crossed it in the tests. Work stays bounded by `maxHighlightChars`, `maxLineLength` and Oniguruma's
 * own retry limit per match.
 */
const lineTimeLimitMs = 0;

/** Bumped when the token format changes, so cached tokens of an older format are not reused. */
const tokenFormat = 1;
const shikiVersion = '4.6.0';

/** Languages written in the corpora that Shiki knows under another name. */
const extraAliases: Record<string, string> = {
  golang: 'go',
  curl: 'shellscript',
  env: 'dotenv',
  'shell-session': 'shellsession',
  jsonl: 'json',
};

/** Written as a language but meaning "no highlighting"; `mermaid` is drawn by the theme, not highlighted. */
const plainLanguages = new Set(['', 'text', 'txt', 'plaintext', 'plain', 'ansi', 'mermaid']);

// ---------------------------------------------------------------------------------------------------
// Themes from styling.codeblocks

function isBundledTheme(name: string): name is BundledTheme {
  return Object.hasOwn(bundledThemes, name);
}

/**
 * The light and dark theme of the site's code blocks. `system` is the default pair, `dark` the dark
 * theme in both modes, any other string one theme in both modes, `{light, dark}` one of each. An
 * unknown theme name falls back to the default of its mode with `config/unknown-code-theme`.
 * `locate` turns a docs.json pointer into a place (the configuration stage's `locate`).
 */
export function codeThemes(
  codeblocks: Site['styling']['codeblocks'],
  locate: (pointer: string) => SourceLocation = (pointer) => ({ file: 'docs.json', pointer }),
): StageResult<CodeThemes> {
  const theme = codeblocks.theme;
  const diagnostics: Diagnostic[] = [];
  const check = (name: string, mode: keyof CodeThemes, pointer: string): string => {
    if (isBundledTheme(name)) return name;
    diagnostics.push(unknownTheme(name, defaultCodeThemes[mode], locate(pointer)));
    return defaultCodeThemes[mode];
  };
  if (typeof theme !== 'string') {
    const light = check(theme.light, 'light', '/styling/codeblocks/theme/light');
    return { value: { light, dark: check(theme.dark, 'dark', '/styling/codeblocks/theme/dark') }, diagnostics };
  }
  if (theme === 'system') return { value: { ...defaultCodeThemes }, diagnostics };
  if (theme === 'dark') return { value: { light: defaultCodeThemes.dark, dark: defaultCodeThemes.dark }, diagnostics };
  if (!isBundledTheme(theme)) {
    diagnostics.push(unknownTheme(theme, `"system" (${defaultCodeThemes.light} / ${defaultCodeThemes.dark})`, locate('/styling/codeblocks')));
    return { value: { ...defaultCodeThemes }, diagnostics };
  }
  return { value: { light: theme, dark: theme }, diagnostics };
}

function unknownTheme(name: string, fallback: string, location: SourceLocation): Diagnostic {
  const suggestion = didYouMean(name, [...Object.keys(bundledThemes), 'system', 'dark']) ?? 'see https://shiki.style/themes for the theme names';
  return createDiagnostic('config/unknown-code-theme', `"${name}" is not a syntax-highlighting theme docs-build knows; code blocks use ${fallback}`, location, { suggestion });
}

// ---------------------------------------------------------------------------------------------------
// Languages

/**
 * The Shiki language id for a fence's language, or undefined when it is plain text or unknown (such a
 * block gets no tokens; the theme shows it in the theme's colours).
 */
export function resolveLanguage(lang: string): string | undefined {
  const written = lang.trim().toLowerCase();
  if (plainLanguages.has(written)) return undefined;
  return canonicalLanguages.get(extraAliases[written] ?? written);
}

/** Every name Shiki knows -> its grammar's id, so `sh`, `bash` and `zsh` share one cache entry. */
const canonicalLanguages = new Map<string, string>(
  bundledLanguagesInfo.flatMap((info) => [[info.id, info.id] as const, ...(info.aliases ?? []).map((alias) => [alias, info.id] as const)]),
);

// ---------------------------------------------------------------------------------------------------
// The highlighter

export interface CodeHighlighter {
  readonly themes: CodeThemes;
  readonly engine: HighlightEngine;
  /** Tokens for both themes, or undefined for plain text, an unknown language or a block over `maxHighlightChars`. */
  highlight(code: string, lang: string): Promise<HighlightedLines | undefined>;
  dispose(): void;
}

async function createEngine(engine: HighlightEngine): Promise<RegexEngine> {
  if (engine === 'oniguruma') {
    const { createOnigurumaEngine } = await import('shiki/engine/oniguruma');
    return createOnigurumaEngine(import('shiki/wasm'));
  }
  const { createJavaScriptRegexEngine } = await import('shiki/engine/javascript');
  // forgiving: a grammar pattern the JavaScript engine cannot express is skipped instead of failing the block.
  return createJavaScriptRegexEngine({ forgiving: true });
}

/**
 * A highlighter for one pair of themes. Themes are checked by `codeThemes` first; an unknown name here
 * is a bug of the caller and throws.
 */
export async function createCodeHighlighter(
  themes: CodeThemes,
  options: { engine?: HighlightEngine } = {},
): Promise<CodeHighlighter> {
  const engine = options.engine ?? defaultEngine;
  const names = [...new Set([themes.light, themes.dark])];
  for (const name of names) if (!isBundledTheme(name)) throw new Error(`unknown code theme ${name}`);
  // Shiki's core and vscode-textmate (60 modules, 315 KB) load with the first highlighter: a rebuild
  // whose blocks all come from the cache (most edits) never needs them, only the language and theme lists.
  const [{ createHighlighterCore }, textmate] = await Promise.all([import('shiki/core'), import('shiki/textmate')]);
  const shiki = await createHighlighterCore({
    themes: names.map((name) => bundledThemes[name as BundledTheme]),
    langs: [],
    engine: createEngine(engine),
  });
  const ensureLanguage = languageLoader(shiki);
  return {
    themes,
    engine,
    async highlight(code, lang) {
      const id = resolveLanguage(lang);
      if (id === undefined || code.length > maxHighlightChars || !(await ensureLanguage(id))) return undefined;
      return tokenize(shiki, textmate, themes, code, id);
    },
    dispose: () => shiki.dispose(),
  };
}

/**
 * Loads a grammar with every grammar it may embed, including those Shiki marks "lazy" (the fenced
 * blocks of markdown, the `<script>` of a Vue file): without them a block's tokens would depend on which
 * blocks this worker highlighted before, and cached tokens would differ from run to run.
 *
 * The embedded grammars are registered before the grammars that embed them. Shiki rebuilds every
 * loaded grammar that lazily embeds a language each time that language is registered (so it sees the
 * new one), and a rebuild walks the grammar's whole dependency graph and drops its compiled rules:
 * markdown registered first was rebuilt once for each of its 57 lazy languages (its first block took
 * 2.1 s instead of 0.9 s on firecrawl-docs). The grammars in place at the end are the same either way.
 */
function languageLoader(shiki: HighlighterCore): (id: string) => Promise<boolean> {
  const imported = new Map<string, Promise<LanguageRegistration[]>>();
  const ready = new Map<string, Promise<boolean>>();
  const registered = new Set<string>();
  const grammarsOf = (id: string): Promise<LanguageRegistration[]> => {
    let pending = imported.get(id);
    if (!pending) imported.set(id, (pending = importGrammar(id)));
    return pending;
  };
  // Depth first, each language after the ones it lazily embeds (a cycle is cut where it closes).
  const inOrder = async (id: string, visiting: Set<string>, order: string[]): Promise<void> => {
    if (visiting.has(id) || registered.has(id)) return;
    visiting.add(id);
    const grammars = await grammarsOf(id);
    const lazy = grammars.flatMap((grammar) => grammar.embeddedLangsLazy ?? []).flatMap((name) => canonicalLanguages.get(name) ?? []);
    for (const embedded of lazy) await inOrder(embedded, visiting, order);
    order.push(id);
  };
  const load = async (id: string): Promise<boolean> => {
    const order: string[] = [];
    await inOrder(id, new Set(), order);
    // Loads run one at a time (below), so nothing in `order` was registered since it was made.
    for (const next of order) {
      await shiki.loadLanguage(await grammarsOf(next));
      registered.add(next);
    }
    return true;
  };
  // One language at a time: two closures registering the same grammars at once would each miss the other's.
  let last: Promise<boolean> = Promise.resolve(true);
  return (id) => {
    let pending = ready.get(id);
    if (!pending) {
      pending = last.then(() => load(id)).catch(() => false);
      ready.set(id, pending);
      last = pending;
    }
    return pending;
  };
}

async function importGrammar(id: string): Promise<LanguageRegistration[]> {
  const load = bundledLanguages[id as keyof typeof bundledLanguages];
  const module = await load();
  return module.default;
}

/** vscode-textmate as Shiki exports it (`shiki/textmate`), loaded with the highlighter. */
type Textmate = typeof import('shiki/textmate');

function tokenize(shiki: HighlighterCore, textmate: Textmate, themes: CodeThemes, code: string, lang: string): HighlightedLines | undefined {
  const light = blockColors(shiki, themes.light);
  const dark = blockColors(shiki, themes.dark);
  let lines: Token[][];
  try {
    const stylers: [Styler, Styler] = [styler(shiki, textmate, themes.light, light.foreground), styler(shiki, textmate, themes.dark, dark.foreground)];
    lines = tokenizeOnce(shiki.getLanguage(lang), stylers, code, textmate.INITIAL);
  } catch {
    // A grammar the engine cannot run (should not happen with `forgiving`): the block stays plain.
    return undefined;
  }
  return { lightTheme: themes.light, darkTheme: themes.dark, light, dark, lines };
}

/**
 * Colours of a theme for scope paths, as vscode-textmate gives a token: from the theme's defaults, each
 * scope of the path (outermost first) matched with the path up to it, a rule's foreground and font
 * style replacing the inherited ones when set. Cached by path: a block repeats a few dozen paths.
 */
interface Styler {
  style(scopes: readonly string[]): readonly [color: string, fontStyle: number];
}

const stylers = new WeakMap<HighlighterCore, Map<string, Styler>>();

function styler(shiki: HighlighterCore, { Theme, FontStyle }: Textmate, name: string, foreground: string): Styler {
  let byTheme = stylers.get(shiki);
  if (!byTheme) stylers.set(shiki, (byTheme = new Map()));
  const known = byTheme.get(name);
  if (known) return known;
  const registration = shiki.getTheme(name);
  // The same textmate theme Shiki makes of the registration (its setTheme), with the same colour replacements.
  const theme = Theme.createFromRawTheme(registration);
  const replacements = registration.colorReplacements ?? {};
  const colors = theme.getColorMap().map((color) => {
    const replaced = (color && replacements[color.toLowerCase()]) || color;
    const normalized = normalizeColor(replaced);
    return normalized === foreground ? '' : normalized;
  });
  const defaults = theme.getDefaults();
  const cache = new Map<string, readonly [string, number]>();
  const made: Styler = {
    style(scopes) {
      const key = scopes.join(' ');
      let found = cache.get(key);
      if (!found) {
        let color = defaults.foregroundId;
        let fontStyle: number = defaults.fontStyle;
        let path: { parent: unknown; scopeName: string } | null = null;
        for (const scopeName of scopes) {
          path = { parent: path, scopeName };
          const matched = theme.match(path as Parameters<Theme['match']>[0]);
          if (!matched) continue;
          if (matched.fontStyle !== FontStyle.NotSet) fontStyle = matched.fontStyle;
          if (matched.foregroundId !== 0) color = matched.foregroundId;
        }
        found = [colors[color] ?? '', Math.max(0, fontStyle)];
        cache.set(key, found);
      }
      return found;
    },
  };
  byTheme.set(name, made);
  return made;
}

/**
 * A block's lines as `[text, light, dark, fontStyle?]` tokens, tokenized once for both themes: the
 * grammar gives each token its scopes, and each theme colours them (Shiki's own two-theme call runs
 * the grammar once per theme, the costliest part twice). Lines as Shiki splits and skips them: empty
 * lines have no tokens, lines of `maxLineLength` or more are one plain token and do not advance the
 * grammar's state. Neighbours with the same colours and style merge; the theme's foreground is `''`.
 */
function tokenizeOnce(grammar: ReturnType<HighlighterCore['getLanguage']>, [light, dark]: [Styler, Styler], code: string, initial: Textmate['INITIAL']): Token[][] {
  const parts = code.split(/(\r?\n)/);
  const lines: Token[][] = [];
  let state = initial;
  for (let i = 0; i < parts.length; i += 2) {
    const line = parts[i] as string;
    if (line === '') {
      lines.push([]);
      continue;
    }
    if (line.length >= maxLineLength) {
      lines.push([[line, '', '']]);
      continue;
    }
    const result = grammar.tokenizeLine(line, state, lineTimeLimitMs);
    const out: Token[] = [];
    let previous: Token | undefined;
    for (const token of result.tokens) {
      const text = line.slice(token.startIndex, token.endIndex);
      if (text === '') continue;
      const [lightColor, lightStyle] = light.style(token.scopes);
      const [darkColor, darkStyle] = dark.style(token.scopes);
      const style = lightStyle | darkStyle;
      if (previous && previous[1] === lightColor && previous[2] === darkColor && (previous[3] ?? 0) === style) {
        previous[0] += text;
        continue;
      }
      previous = style > 0 ? [text, lightColor, darkColor, style] : [text, lightColor, darkColor];
      out.push(previous);
    }
    lines.push(out);
    state = result.ruleStack;
  }
  return lines;
}

function blockColors(shiki: HighlighterCore, theme: string): { background: string; foreground: string } {
  const registration = shiki.getTheme(theme);
  return { background: normalizeColor(registration.bg), foreground: normalizeColor(registration.fg) };
}

function normalizeColor(color: string | undefined): string {
  return (color ?? '').toLowerCase();
}

type Token = HighlightedLines['lines'][number][number];

// ---------------------------------------------------------------------------------------------------
// Cache keys and batches

/** The cache key of a block's tokens: sha256 of the code, the resolved language, both themes, the engine and the token format. */
export function highlightKey(code: string, lang: string, themes: CodeThemes, engine: HighlightEngine = defaultEngine): string {
  const id = resolveLanguage(lang) ?? '';
  return createHash('sha256').update(JSON.stringify([tokenFormat, shikiVersion, engine, id, themes.light, themes.dark, code])).digest('hex');
}

export interface HighlightBatchOptions {
  themes: CodeThemes;
  engine?: HighlightEngine;
  /** Highlights one block: a `CodeHighlighter`'s `highlight`, or a call into the worker pool. */
  highlight(code: string, lang: string): Promise<HighlightedLines | undefined>;
  /** A cached result: tokens, `null` for "highlighted before, no tokens", undefined for a miss. */
  lookup?(key: string): Promise<HighlightedLines | null | undefined> | HighlightedLines | null | undefined;
  store?(key: string, tokens: HighlightedLines | null): Promise<void> | void;
}

export interface HighlightStats {
  /** Code blocks seen (in all trees). */
  blocks: number;
  /** Blocks with a language Shiki knows. */
  highlightable: number;
  /** Distinct (code, language) pairs among those. */
  unique: number;
  /** Distinct pairs found by `lookup`. */
  cached: number;
  /** Distinct pairs highlighted now. */
  highlighted: number;
}

/** The distinct blocks of some trees to highlight, and which of them each code node is. */
export interface HighlightPlan {
  /** Each highlightable code node's key (weakly: a tree finished meanwhile can go). */
  keyOf: WeakMap<ContentCode, string>;
  /** The distinct blocks by key, in language order. */
  blocks: Map<string, { value: string; lang: string }>;
  stats: HighlightStats;
}

/**
 * Keys every code block of the trees, each distinct (code, lang) once (translated pages repeat the
 * same blocks), and removes any stale `tokens`. Blocks come in language order: a highlighting worker
 * replaced for its memory (highlight-pool.ts) then compiles each grammar once, not again for every
 * later block of a language it had compiled.
 */
export function planHighlighting(trees: Iterable<ContentRoot>, options: Pick<HighlightBatchOptions, 'themes' | 'engine'>): HighlightPlan {
  const keyOf = new WeakMap<ContentCode, string>();
  const found: Array<{ key: string; language: string; value: string; lang: string }> = [];
  const seen = new Set<string>();
  let blocks = 0;
  let highlightable = 0;
  for (const tree of trees) {
    for (const code of codeBlocks(tree)) {
      blocks++;
      delete code.tokens;
      const language = resolveLanguage(code.lang);
      if (language === undefined || code.value.length > maxHighlightChars) continue;
      highlightable++;
      const key = highlightKey(code.value, code.lang, options.themes, options.engine);
      keyOf.set(code, key);
      if (seen.has(key)) continue;
      seen.add(key);
      found.push({ key, language, value: code.value, lang: code.lang });
    }
  }
  found.sort((a, b) => compareCodeUnits(a.language, b.language));
  return {
    keyOf,
    blocks: new Map(found.map(({ key, value, lang }) => [key, { value, lang }])),
    stats: { blocks, highlightable, unique: found.length, cached: 0, highlighted: 0 },
  };
}

/** Tokens for every distinct block of the plan, from the cache or highlighted, each handed to `take` as it comes. */
export async function highlightPlan(plan: HighlightPlan, options: HighlightBatchOptions, take: (key: string, tokens: HighlightedLines | null) => void): Promise<HighlightStats> {
  const stats = { ...plan.stats };
  await Promise.all(
    [...plan.blocks].map(async ([key, block]) => {
      let tokens = await options.lookup?.(key);
      if (tokens === undefined) {
        tokens = (await options.highlight(block.value, block.lang)) ?? null;
        stats.highlighted++;
        await options.store?.(key, tokens);
      } else {
        stats.cached++;
      }
      take(key, tokens);
    }),
  );
  return stats;
}

/** Fills `tokens` of every code block of the trees (in place); blocks with no tokens lose any stale `tokens`. */
export async function highlightTrees(trees: Iterable<ContentRoot>, options: HighlightBatchOptions): Promise<HighlightStats> {
  const list = [...trees];
  const plan = planHighlighting(list, options);
  const tokens = new Map<string, HighlightedLines | null>();
  const stats = await highlightPlan(plan, options, (key, found) => tokens.set(key, found));
  for (const tree of list) {
    for (const code of codeBlocks(tree)) {
      const found = tokens.get(plan.keyOf.get(code) ?? '');
      if (found) code.tokens = found;
    }
  }
  return stats;
}

/** Every code node of a tree, in document order, including those in component slots; iterative (any depth). */
export function codeBlocks(tree: ContentRoot): ContentCode[] {
  const found: ContentCode[] = [];
  const stack: ContentNode[][] = [tree.children];
  const positions: number[] = [0];
  while (stack.length > 0) {
    const top = stack.length - 1;
    const list = stack[top] as ContentNode[];
    const index = positions[top] as number;
    if (index >= list.length) {
      stack.pop();
      positions.pop();
      continue;
    }
    positions[top] = index + 1;
    const node = list[index] as ContentNode;
    if (node.type === 'code') found.push(node);
    else if (node.type === 'element' || node.type === 'component') pushChildren(node, stack, positions);
  }
  return found;
}

function pushChildren(node: Extract<ContentNode, { type: 'element' | 'component' }>, stack: ContentNode[][], positions: number[]): void {
  // Children first in document order; slots (a Card's icon, say) are pushed below them so they come after.
  if (node.type === 'component' && node.slots) {
    for (const name of Object.keys(node.slots).sort().reverse()) {
      stack.push(node.slots[name] as ContentNode[]);
      positions.push(0);
    }
  }
  stack.push(node.children);
  positions.push(0);
}
