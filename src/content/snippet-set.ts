import { distanceWithin, rankCandidates, type Diagnostic, type DiagnosticCode, type RelatedLocation, type SourceLocation } from '../diagnostics/index.js';
import { invalidUtf8Diagnostic, type DocsRoot, type SourceFile } from '../root/index.js';
import { checkFileBody } from './components.js';
import type { ConvertedBody } from './types.js';

/** A snippet file, parsed once per run. */
export interface LoadedSnippet {
  /** Path relative to the docs root. */
  file: string;
  /** sha256 of its bytes. */
  hash: string;
  body: ConvertedBody;
}

/** Why a snippet could not be loaded: `code` is reported at the import that named it. */
export interface SnippetProblem {
  code: DiagnosticCode;
  message: string;
  suggestion?: string;
}

export type SnippetLoad = { ok: true; snippet: LoadedSnippet } | { ok: false; problem: SnippetProblem };

/** What a snippet's parse leaves: its converted body (absent when the body is not valid MDX) and its own diagnostics. */
export interface SnippetParse {
  body: ConvertedBody | undefined;
  diagnostics: Diagnostic[];
}

/**
 * A store of snippet parses by path and content hash, across runs. The pipeline adapts its DiskCache to
 * it (a stage does not import the cache engine): `get: (path, hash) => cache.get('snippets', cache.key('snippet', path, hash))`.
 */
export interface SnippetCache {
  get(path: string, hash: string): SnippetParse | undefined;
  set(path: string, hash: string, value: SnippetParse): void;
}

export interface SnippetSetOptions {
  /** Parses from an earlier run. Default: none. */
  cache?: SnippetCache;
  /**
   * How a snippet file is parsed: the pipeline hands in the MDX stage's parse (whose `content` is the
   * body). Injected, because the MDX stage runs the content conversion and so comes after this folder.
   */
  parse: (file: SourceFile) => SnippetParse;
  /** Importing pages listed as related locations of a snippet's problem. Default 5. */
  maxRelated?: number;
  /** Parses made ahead (`SnippetPrefetch`), by `snippetParseKey`: taken instead of parsing again. */
  prefetched?: ReadonlyMap<string, SnippetParse>;
}

/** The key of a snippet's parse: its path and the hash of its bytes. */
export function snippetParseKey(path: string, hash: string): string {
  return `${path}\u0000${hash}`;
}

/** A snippet file's parse as the set keeps it: the project's parse, with the file's encoding problem first (the bytes decide both). */
export function parseSnippetFile(file: SourceFile, parse: (file: SourceFile) => SnippetParse): SnippetParse {
  const fresh = parse(file);
  const encoding = invalidUtf8Diagnostic(file);
  return encoding ? { body: fresh.body, diagnostics: [encoding, ...fresh.diagnostics] } : fresh;
}

const snippetFile = /\.(mdx|md)$/i;
const emptyBody: ConvertedBody = { tree: { type: 'root', children: [] }, links: [], islands: [], snippetImports: [], components: [] };

/**
 * The snippets of one run over a docs root: each file read and parsed at most once (or taken from the
 * cache by its hash), its own problems (parse, unknown components, problems met while inlining it) kept
 * once and reported at the snippet's own place, with the pages that include it as related locations.
 */
export class SnippetSet {
  private readonly loads = new Map<string, SnippetLoad>();
  private readonly parses = new Map<string, SnippetParse>();
  /** Problems found at a snippet's place while inlining it (nested snippet missing, cycle), by file then key. */
  private readonly found = new Map<string, Map<string, Diagnostic>>();
  /** Snippet file -> page file -> where the page brought it in (its outermost import or <Snippet>). */
  private readonly users = new Map<string, Map<string, SourceLocation>>();
  private readonly parse: (file: SourceFile) => SnippetParse;

  constructor(
    readonly root: DocsRoot,
    private readonly options: SnippetSetOptions,
  ) {
    this.parse = options.parse;
  }

  /** The snippet at a root-relative path (already resolved), parsed once per run. */
  load(file: string): SnippetLoad {
    let loaded = this.loads.get(file);
    if (!loaded) {
      loaded = this.read(file);
      this.loads.set(file, loaded);
    }
    return loaded;
  }

  /** Records that `page` includes `snippet`, brought in at `via` (a place in the page). */
  recordUse(snippet: string, page: string, via: SourceLocation): void {
    let pages = this.users.get(snippet);
    if (!pages) this.users.set(snippet, (pages = new Map()));
    if (!pages.has(page)) pages.set(page, via);
  }

  /** A problem at a place inside a snippet, reported once however many pages include it. */
  report(snippet: string, diagnostic: Diagnostic): void {
    let problems = this.found.get(snippet);
    if (!problems) this.found.set(snippet, (problems = new Map()));
    const key = `${diagnostic.code}\u0000${diagnostic.line ?? 0}:${diagnostic.column ?? 0}\u0000${diagnostic.message}`;
    if (!problems.has(key)) problems.set(key, diagnostic);
  }

  /** Snippet files loaded this run, sorted. */
  files(): string[] {
    return [...this.loads.entries()].filter(([, load]) => load.ok).map(([file]) => file).sort();
  }

  /**
   * Every used snippet's own problems, once each, at the snippet's place, with the including pages as
   * related locations (the first `maxRelated`, sorted; the message says how many there are).
   */
  diagnostics(): Diagnostic[] {
    const out: Diagnostic[] = [];
    for (const [file, pages] of this.users) {
      const own = [...(this.parses.get(file)?.diagnostics ?? []), ...(this.found.get(file)?.values() ?? [])];
      if (own.length === 0) continue;
      const related = this.relatedPages(pages);
      for (const diagnostic of own) out.push({ ...diagnostic, related: [...(diagnostic.related ?? []), ...related] });
    }
    return out;
  }

  private relatedPages(pages: Map<string, SourceLocation>): RelatedLocation[] {
    const max = this.options.maxRelated ?? 5;
    const sorted = [...pages.keys()].sort();
    const more = sorted.length > max ? ` (${sorted.length} pages include this snippet; the first ${max} are listed)` : '';
    return sorted.slice(0, max).map((page) => ({ ...pages.get(page)!, message: `included by ${page}${more}` }));
  }

  private read(file: string): SnippetLoad {
    if (!snippetFile.test(file)) return problem('content/snippet-not-found', `${file} is not an .mdx or .md file, so it cannot be inlined as a snippet`);
    if (!this.root.exists(file)) {
      return problem('content/snippet-not-found', `the snippet ${file} does not exist`, suggestSnippet(file, this.root));
    }
    // A snippet the last run read, unchanged by its stamp, is taken from the cache without a read (like pages).
    const unchanged = this.options.cache ? this.root.unchangedHash(file) : undefined;
    let parsed = unchanged === undefined ? undefined : this.options.cache?.get(file, unchanged);
    let path = file;
    let hash = unchanged ?? '';
    if (!parsed) {
      const read = this.root.read(file, { keep: false });
      if (!read.ok) return problem(read.problem.code, read.problem.message);
      ({ path, hash } = read.file);
      parsed = this.options.cache?.get(path, hash);
      if (!parsed) {
        parsed = this.options.prefetched?.get(snippetParseKey(path, hash)) ?? parseSnippetFile(read.file, this.parse);
        this.options.cache?.set(path, hash, parsed);
      }
    }
    const body = parsed.body ?? emptyBody;
    this.parses.set(path, { body: parsed.body, diagnostics: [...parsed.diagnostics, ...checkFileBody(body)] });
    return { ok: true, snippet: { file: path, hash, body } };
  }
}

function problem(code: DiagnosticCode, message: string, suggestion?: string): SnippetLoad {
  return { ok: false, problem: { code, message, ...(suggestion ? { suggestion } : {}) } };
}

/** The project's MDX parse; `content` is the converted body once the content stage fills it in. */
/** The existing Markdown files nearest to a missing snippet: same name first, then by edit distance. */
function suggestSnippet(missing: string, root: DocsRoot): string | undefined {
  const name = missing.slice(missing.lastIndexOf('/') + 1);
  const budget = Math.max(3, Math.floor(missing.length / 3));
  const ranked = rankCandidates(root.files(), {
    key: (file) => file,
    cost: (file) => (snippetFile.test(file) ? distanceWithin(file, missing, budget) ?? (file.endsWith(`/${name}`) ? budget + 1 : undefined) : undefined),
    prefer: (file) => file === name || file.endsWith(`/${name}`),
    limit: 2,
  });
  return ranked.length > 0 ? `did you mean ${ranked.map((file) => `"/${file}"`).join(' or ')}?` : undefined;
}
