import { createDiagnostic, type DiagnosticCode } from '../diagnostics/catalog.js';
import { appendAll, type Diagnostic, type SourceLocation } from '../diagnostics/diagnostic.js';
import type { JsonValue } from '../diagnostics/source-map.js';
import { checkFileBody, checkHeadingOrder } from './components.js';
import type { LoadedSnippet, SnippetSet } from './snippet-set.js';
import type { ContentComponent, ContentElement, ContentLink, ContentNode, ContentRoot, ConvertedBody, PageIsland, SnippetImport } from './types.js';
import { locateVariable, substituteVariables, variableOfExpression } from './variables.js';

export interface InlineOptions {
  /** docs.json `variables`. An empty object means none are defined: `{{name}}` is then left as written, unchecked. */
  variables: Readonly<Record<string, string>>;
  /** Snippets nested deeper than this are not inlined. Default 16. */
  maxDepth?: number;
  /** Snippet copies one page may inline (a fan-out of nested snippets grows fast). Default 5,000. */
  maxInstances?: number;
  /**
   * Characters of text one page may gain through snippet copies and variables. Default 16 Mi: no page of
   * the real corpora comes near it, while copies of a large snippet, or a large variable used often, reach
   * gigabytes well within the copy limit.
   */
  maxGrowth?: number;
  /**
   * The caller hands the page's tree over and never reads it again: it becomes the result, changed in
   * place, instead of being copied first (the content stage drops each parse once inlined: copying
   * every page's tree cost 0.5 s of a cold build of firecrawl-docs).
   */
  takesTree?: boolean;
}

export interface InlinedPage {
  tree: ContentRoot;
  /** The page's links and those of every snippet it inlines, each at its own file:line:col. */
  links: ContentLink[];
  islands: PageIsland[];
  /** Snippet files the page (or a snippet it inlines) imports or includes, sorted. */
  deps: string[];
  /** Problems at places in the page itself. A snippet's own problems come once per run from `SnippetSet.diagnostics()`. */
  diagnostics: Diagnostic[];
}

/** What a prop-taking snippet receives from `<X word="..." slot={<b/>}>children</X>`. */
interface Props {
  values: Record<string, JsonValue>;
  slots: Record<string, ContentNode[]>;
  children: ContentNode[];
}

/** What a name imported from a snippet file stands for. */
type Binding =
  | { kind: 'snippet'; snippet: LoadedSnippet; location: SourceLocation }
  | { kind: 'island'; exported: string }
  | { kind: 'value'; value: JsonValue }
  | { kind: 'unresolved' };

/** One file being walked: the page, or a snippet inlined into it with its props. */
interface Scope {
  file: string;
  body: ConvertedBody;
  bindings: Map<string, Binding>;
  values: Record<string, JsonValue>;
  props?: Props;
  /** Files being inlined, outermost (the page) first: a file met again closes a cycle. */
  chain: string[];
  /** Where the page brought in the outermost snippet of this chain. */
  origin?: SourceLocation;
  /** `<Snippet file>` elements met so far in this copy of the file, by file attribute (to find each one's place). */
  elementsSeen: Map<string, number>;
  /** Headings met so far in this copy of the file: the n-th is `body.headings[n]` (both in document order). */
  headingsSeen: number;
}

/**
 * Replaces imported snippet components and `<Snippet file>` by the snippet's tree (props filled in,
 * provenance on its root nodes), applies docs.json variables, and collects the links, islands and
 * snippet files the page ends up with. The page's tree is copied, never changed, unless `takesTree`.
 */
export function inlineSnippets(page: { file: string; body: ConvertedBody }, snippets: SnippetSet, options: InlineOptions): InlinedPage {
  return new PageInliner(page.file, snippets, options).run(page.body);
}

const identifierPath = /^\s*(?:props\s*\.\s*)?([A-Za-z_$][\w$]*)((?:\s*\.\s*[A-Za-z_$][\w$]*)*)\s*$/;
const propInCode = /\{\s*([A-Za-z_$][\w$]*)\s*\}/g;

class PageInliner {
  private readonly links: ContentLink[] = [];
  private readonly islands: PageIsland[] = [];
  private readonly islandKeys = new Set<string>();
  private readonly linksTaken = new Set<string>();
  private readonly deps = new Set<string>();
  private readonly diagnostics: Diagnostic[] = [];
  private readonly unknownVariables = new Map<string, Set<string>>();
  /** The page's headings as a reader meets them, snippets' included, each at the place it was written. */
  private readonly outline: Array<{ depth: number; location: SourceLocation }> = [];
  private instances = 0;
  /** Text gained through snippet copies and variables so far (`maxGrowth`). */
  private grown = 0;
  private grownTooFar = false;
  /** Inside inline code or `<pre>`: unknown variables there are not reported. */
  private codeDepth = 0;
  private readonly maxDepth: number;
  private readonly maxInstances: number;
  private readonly maxGrowth: number;

  constructor(
    private readonly page: string,
    private readonly snippets: SnippetSet,
    private readonly options: InlineOptions,
  ) {
    this.maxDepth = options.maxDepth ?? 16;
    this.maxInstances = options.maxInstances ?? 5000;
    this.maxGrowth = options.maxGrowth ?? 16 * 1024 * 1024;
  }

  run(body: ConvertedBody): InlinedPage {
    const scope = this.scopeOf(this.page, body, [this.page]);
    this.takeFileParts(this.page, body);
    appendAll(this.diagnostics, checkFileBody(body));
    const children = this.walk(this.options.takesTree ? body.tree.children : structuredClone(body.tree.children), scope);
    this.reportUnknownVariables();
    for (const diagnostic of checkHeadingOrder(this.outline)) this.report(diagnostic.file ?? this.page, diagnostic);
    return { tree: { type: 'root', children }, links: this.links, islands: this.islands, deps: [...this.deps].sort(), diagnostics: this.diagnostics };
  }

  /** A problem at a place in `file`: the page's own, or its snippet's (reported once per run). */
  private report(file: string, diagnostic: Diagnostic): void {
    if (file === this.page) this.diagnostics.push(diagnostic);
    else this.snippets.report(file, diagnostic);
  }

  /** The names a file's imports bind, each snippet loaded (and a missing one reported at its import). */
  private scopeOf(file: string, body: ConvertedBody, chain: string[], props?: Props, origin?: SourceLocation): Scope {
    const bindings = new Map<string, Binding>();
    const values: Record<string, JsonValue> = { ...body.exportedValues };
    for (const statement of body.snippetImports) {
      const target = resolveSnippetImport(statement.specifier, file, this.snippets);
      if (!target) continue;
      const loaded = target.ok ? this.snippets.load(target.path) : undefined;
      if (!loaded?.ok) {
        const problem = loaded && !loaded.ok ? loaded.problem : target.ok ? undefined : target.problem;
        if (problem) this.report(file, createDiagnostic(problem.code, `import "${statement.specifier}": ${problem.message}`, statement.location, { suggestion: problem.suggestion }));
        for (const local of Object.keys(statement.names)) bindings.set(local, { kind: 'unresolved' });
        continue;
      }
      // Imported is used: the service compiles every import, so a broken snippet breaks the page even unrendered.
      this.snippets.recordUse(loaded.snippet.file, this.page, origin ?? statement.location);
      this.deps.add(loaded.snippet.file);
      this.bindNames(file, statement, loaded.snippet, bindings, values);
    }
    return { file, body, bindings, values, chain, ...(props ? { props } : {}), ...(origin ? { origin } : {}), elementsSeen: new Map(), headingsSeen: 0 };
  }

  private bindNames(file: string, statement: SnippetImport, snippet: LoadedSnippet, bindings: Map<string, Binding>, values: Record<string, JsonValue>): void {
    for (const [local, exported] of Object.entries(statement.names)) {
      if (exported === 'default') {
        bindings.set(local, { kind: 'snippet', snippet, location: statement.location });
        continue;
      }
      const value = snippet.body.exportedValues && Object.hasOwn(snippet.body.exportedValues, exported) ? snippet.body.exportedValues[exported] : undefined;
      if (value !== undefined) {
        bindings.set(local, { kind: 'value', value });
        values[local] = value;
      } else if (snippet.body.islands.some((island) => island.kind === 'export' && island.names.includes(exported))) {
        bindings.set(local, { kind: 'island', exported });
        this.takeIslands(snippet.body.islands);
      } else if (exported !== '*') {
        bindings.set(local, { kind: 'unresolved' });
        this.report(
          file,
          createDiagnostic('content/snippet-export-not-found', `import "${statement.specifier}": ${snippet.file} does not export ${exported}`, statement.location, {
            suggestion: exportSuggestion(snippet.body),
          }),
        );
      }
    }
  }

  private takeFileParts(file: string, body: ConvertedBody): void {
    if (this.linksTaken.has(file)) return;
    this.linksTaken.add(file);
    for (const link of body.links) this.links.push({ ...link, href: substituteVariables(link.href, this.options.variables) });
    this.takeIslands(body.islands);
  }

  private takeIslands(islands: PageIsland[]): void {
    for (const island of islands) {
      const key = `${island.file}\u0000${island.source}`;
      if (this.islandKeys.has(key)) continue;
      this.islandKeys.add(key);
      this.islands.push(island);
    }
  }

  /** The nodes of one file with snippets inlined; nodes that come back from a snippet are not walked again. */
  private walk(nodes: ContentNode[], scope: Scope): ContentNode[] {
    const out: ContentNode[] = [];
    for (const node of nodes) appendAll(out, this.visit(node, scope));
    return out;
  }

  private visit(node: ContentNode, scope: Scope): ContentNode[] {
    switch (node.type) {
      case 'text':
      case 'raw':
        node.value = this.substitute(node.value, scope);
        return [node];
      case 'code':
        node.value = this.filledWithin(node.value, substituteVariables(fillCodeProps(node.value, scope.props), this.options.variables), scope);
        return [node];
      case 'island':
        return this.visitIsland(node, scope);
      case 'element': {
        this.fillElement(node, scope);
        this.noteHeading(node, scope);
        const code = node.tagName === 'code' || node.tagName === 'pre';
        if (code) this.codeDepth++;
        node.children = this.walk(node.children, scope);
        if (code) this.codeDepth--;
        return [node];
      }
      case 'component':
        return this.visitComponent(node, scope);
    }
  }

  private noteHeading(node: ContentElement, scope: Scope): void {
    const depth = /^h([1-6])$/.exec(node.tagName)?.[1];
    if (depth === undefined) return;
    const written = scope.body.headings?.[scope.headingsSeen++];
    this.outline.push({ depth: Number(depth), location: written?.depth === Number(depth) ? written.location : { file: scope.file } });
  }

  private visitIsland(node: Extract<ContentNode, { type: 'island' }>, scope: Scope): ContentNode[] {
    if (node.kind !== 'expression') return [node];
    const resolved = this.resolveExpression(node.source, scope);
    return resolved ?? [node];
  }

  /** What an expression stands for as content: a prop, a slot, the children, an exported value or a variable. */
  private resolveExpression(source: string, scope: Scope): ContentNode[] | undefined {
    const variable = variableOfExpression(source);
    if (variable !== undefined) return this.variableNodes(variable, source, scope);
    const match = identifierPath.exec(source);
    if (!match) return undefined;
    const head = match[1]!;
    const path = match[2]!.split('.').map((part) => part.trim()).filter((part) => part !== '');
    const props = scope.props;
    if (props && path.length === 0) {
      if (head === 'children') return structuredClone(props.children);
      if (Object.hasOwn(props.slots, head)) return structuredClone(props.slots[head]!);
    }
    const value = lookup(head, path, scope);
    return value === undefined ? undefined : valueNodes(value);
  }

  /** `{{name}}` as an expression: the variable's text, or the placeholder as written when it names none. */
  private variableNodes(name: string, source: string, scope: Scope): ContentNode[] | undefined {
    if (Object.hasOwn(this.options.variables, name)) {
      const value = this.options.variables[name]!;
      return this.grow(value.length, scope) ? [{ type: 'text', value }] : [{ type: 'text', value: `{${source}}` }];
    }
    this.noteUnknownVariable(scope.file, name);
    // The warning says it is left as written; without variables it stays an expression (unchecked).
    return Object.keys(this.options.variables).length > 0 ? [{ type: 'text', value: `{${source}}` }] : undefined;
  }

  /** Variables in text; an unknown name in code is left alone unreported (templating languages use the same braces). */
  private substitute(value: string, scope: Scope): string {
    const substituted = this.codeDepth > 0 ? substituteVariables(value, this.options.variables) : substituteVariables(value, this.options.variables, (name) => this.noteUnknownVariable(scope.file, name));
    return this.filledWithin(value, substituted, scope);
  }

  /** `after` (text with variables filled in) where the page may still grow by the difference, else `before`. */
  private filledWithin(before: string, after: string, scope: Scope): string {
    return after === before || this.grow(after.length - before.length, scope) ? after : before;
  }

  /**
   * Whether the page may gain `chars` more characters (`maxGrowth`); past it, one error at the place the
   * page (or the snippet) grows from, and nothing more is copied or substituted.
   */
  private grow(chars: number, scope: Scope, from?: SourceLocation): boolean {
    if (this.grown + chars <= this.maxGrowth) {
      this.grown += Math.max(0, chars);
      return true;
    }
    if (!this.grownTooFar) {
      this.grownTooFar = true;
      // A copy: where it is used; a variable: where the page uses the snippet it is in, or its first placeholder.
      const place = from ?? scope.origin ?? this.firstPlaceholder(this.page);
      const mebi = Math.round(this.maxGrowth / 1024 / 1024);
      this.report(place.file, createDiagnostic('content/snippet-limit', `this page grows by more than ${mebi} Mi characters through snippet copies and variables; the rest are not inlined or substituted`, place));
    }
    return false;
  }

  private noteUnknownVariable(file: string, name: string): void {
    if (Object.keys(this.options.variables).length === 0) return;
    let names = this.unknownVariables.get(file);
    if (!names) this.unknownVariables.set(file, (names = new Set()));
    names.add(name);
  }

  private firstPlaceholder(file: string): SourceLocation {
    const read = this.snippets.root.read(file, { keep: false });
    return { file, ...(read.ok ? locateVariable(read.file.text) : undefined) };
  }

  /** One warning per file and name, at its first place in the file (read again only for this). */
  private reportUnknownVariables(): void {
    for (const [file, names] of this.unknownVariables) {
      const read = this.snippets.root.read(file, { keep: false });
      for (const name of names) {
        const place = read.ok ? locateVariable(read.file.text, name) : undefined;
        const known = Object.keys(this.options.variables).sort();
        this.report(
          file,
          createDiagnostic('content/unknown-variable', `{{${name}}} names no variable of docs.json, so it is left as written`, { file, ...place }, {
            suggestion: `define it under "variables" in docs.json (defined: ${known.slice(0, 8).join(', ')}${known.length > 8 ? ', ...' : ''})`,
          }),
        );
      }
    }
  }

  /** Attribute values written as `{...}` that a prop, an exported value or a variable answers. */
  private fillElement(node: ContentElement, scope: Scope): void {
    for (const [key, value] of Object.entries(node.properties)) {
      if (typeof value === 'string') node.properties[key] = this.substitute(value, scope);
    }
    if (!node.expressions) return;
    for (const [name, source] of Object.entries(node.expressions)) {
      const value = this.expressionValue(source, scope);
      if (value === undefined || (typeof value === 'object' && value !== null && !Array.isArray(value))) continue;
      if (Array.isArray(value) && !value.every((item) => typeof item === 'string' || typeof item === 'number')) continue;
      node.properties[name] = value as ContentElement['properties'][string];
      delete node.expressions[name];
    }
    if (Object.keys(node.expressions).length === 0) delete node.expressions;
  }

  private fillComponent(node: ContentComponent, scope: Scope): void {
    node.props = substituteJson(node.props, (text) => this.substitute(text, scope)) as Record<string, JsonValue>;
    if (node.expressions) {
      for (const [name, source] of Object.entries(node.expressions)) {
        const slot = this.slotOf(source, scope);
        const value = slot ? undefined : this.expressionValue(source, scope);
        if (slot) (node.slots ??= {})[name] = structuredClone(slot);
        else if (value !== undefined) node.props[name] = value;
        else continue;
        delete node.expressions[name];
      }
      if (Object.keys(node.expressions).length === 0) delete node.expressions;
    }
    if (node.slots) for (const [name, slot] of Object.entries(node.slots)) node.slots[name] = this.walk(slot, scope);
  }

  private slotOf(source: string, scope: Scope): ContentNode[] | undefined {
    const match = identifierPath.exec(source);
    if (!match || match[2]!.trim() !== '' || !scope.props) return undefined;
    const head = match[1]!;
    if (head === 'children') return scope.props.children;
    return Object.hasOwn(scope.props.slots, head) ? scope.props.slots[head] : undefined;
  }

  private expressionValue(source: string, scope: Scope): JsonValue | undefined {
    const variable = variableOfExpression(source);
    if (variable !== undefined) {
      if (Object.hasOwn(this.options.variables, variable)) return this.options.variables[variable]!;
      this.noteUnknownVariable(scope.file, variable);
      return undefined;
    }
    const match = identifierPath.exec(source);
    if (!match) return undefined;
    return lookup(match[1]!, match[2]!.split('.').map((part) => part.trim()).filter((part) => part !== ''), scope);
  }

  private visitComponent(node: ContentComponent, scope: Scope): ContentNode[] {
    this.fillComponent(node, scope);
    node.children = this.walk(node.children, scope);
    const binding = scope.bindings.get(node.name);
    if (binding?.kind === 'snippet') return this.inline(node, binding.snippet, binding.location, scope);
    if (binding?.kind === 'island') node.island = binding.exported;
    if (!binding && node.name === 'Snippet' && typeof node.props['file'] === 'string') return this.inlineSnippetElement(node, scope);
    return [node];
  }

  /** `<Snippet file="a.mdx" />`: a file under snippets/ (or the legacy _snippets/), `.mdx` added when the name has no extension. */
  private inlineSnippetElement(node: ContentComponent, scope: Scope): ContentNode[] {
    const written = node.props['file'] as string;
    const location = this.snippetElementLocation(scope, written);
    const target = resolveSnippetElement(written, this.snippets);
    if (!target.ok) {
      this.report(scope.file, createDiagnostic(target.problem.code, `<Snippet file="${written}">: ${target.problem.message}`, location, { suggestion: target.problem.suggestion }));
      return [node];
    }
    const loaded = this.snippets.load(target.path);
    if (!loaded.ok) {
      this.report(scope.file, createDiagnostic(loaded.problem.code, `<Snippet file="${written}">: ${loaded.problem.message}`, location, { suggestion: loaded.problem.suggestion }));
      return [node];
    }
    const { file: _file, ...rest } = node.props;
    return this.inline({ ...node, props: rest }, loaded.snippet, location, scope);
  }

  /** Where a `<Snippet file>` was written: the n-th recorded element with this file attribute, for the n-th met in this copy of the file. */
  private snippetElementLocation(scope: Scope, written: string): SourceLocation {
    const seen = (scope.elementsSeen.get(written) ?? 0) + 1;
    scope.elementsSeen.set(written, seen);
    const candidates = scope.body.snippetElements?.filter((element) => element.file === written) ?? [];
    return candidates[Math.min(seen, candidates.length) - 1]?.location ?? { file: scope.file };
  }

  /** The snippet's tree in place of `node`, its props filled in; a cycle or a limit leaves `node` as it is. */
  private inline(node: ContentComponent, snippet: LoadedSnippet, from: SourceLocation, scope: Scope): ContentNode[] {
    const closing = scope.chain.indexOf(snippet.file);
    if (closing >= 0) {
      const cycle = [...scope.chain.slice(closing), snippet.file].join(' -> ');
      this.report(scope.file, createDiagnostic('content/snippet-cycle', `snippets include each other in a cycle (${cycle}); this one is not inlined`, from));
      return [node];
    }
    const limit = this.overLimit(scope.chain.length);
    if (limit) {
      this.report(scope.file, createDiagnostic('content/snippet-limit', limit, from));
      return [node];
    }
    if (!this.grow(treeText(snippet.body), scope, from)) return [node];
    this.instances++;
    const origin = scope.origin ?? from;
    this.snippets.recordUse(snippet.file, this.page, origin);
    this.deps.add(snippet.file);
    this.takeFileParts(snippet.file, snippet.body);
    const props: Props = { values: node.props, slots: node.slots ?? {}, children: node.children };
    const inner = this.scopeOf(snippet.file, snippet.body, [...scope.chain, snippet.file], props, origin);
    const roots = this.walk(structuredClone(snippet.body.tree.children), inner);
    const provenance = { file: snippet.file, from };
    for (const root of roots) if (root.type !== 'text' && !('provenance' in root && root.provenance)) Object.assign(root, { provenance });
    return roots;
  }

  private overLimit(depth: number): string | undefined {
    if (depth > this.maxDepth) return `snippets nest more than ${this.maxDepth} deep here; the deeper ones are not inlined`;
    if (this.instances >= this.maxInstances) return `this page inlines more than ${this.maxInstances} snippet copies; the rest are not inlined`;
    return undefined;
  }
}

const textOfBody = new WeakMap<ConvertedBody, number>();

/** Characters of text, code and raw HTML in a snippet's tree (what one copy adds), counted once per parse. */
function treeText(body: ConvertedBody): number {
  let chars = textOfBody.get(body);
  if (chars !== undefined) return chars;
  chars = 0;
  const pending: ContentNode[] = [...body.tree.children];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node.type === 'text' || node.type === 'raw' || node.type === 'code') chars += node.value.length;
    else if ('children' in node) for (const child of node.children) pending.push(child);
  }
  textOfBody.set(body, chars);
  return chars;
}

/** A value as React renders it: strings and numbers as text, `true`/`false`/`null` as nothing; objects stay code. */
function valueNodes(value: JsonValue): ContentNode[] | undefined {
  if (typeof value === 'string' || typeof value === 'number') return [{ type: 'text', value: String(value) }];
  if (value === null || typeof value === 'boolean') return [];
  return undefined;
}

/** `name` or `name.a.b` among the props, then the file's exported and imported values. */
function lookup(head: string, path: string[], scope: Scope): JsonValue | undefined {
  let value: JsonValue | undefined;
  if (scope.props && Object.hasOwn(scope.props.values, head)) value = scope.props.values[head];
  else if (Object.hasOwn(scope.values, head)) value = scope.values[head];
  for (const key of path) {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, key)) return undefined;
    value = value[key];
  }
  return value;
}

/** `{name}` in a code block of a snippet given `name` as a prop (the service fills those in code too). */
function fillCodeProps(code: string, props: Props | undefined): string {
  if (!props || !code.includes('{')) return code;
  return code.replace(propInCode, (match, name: string) => {
    const value = Object.hasOwn(props.values, name) ? props.values[name] : undefined;
    return typeof value === 'string' || typeof value === 'number' ? String(value) : match;
  });
}

function substituteJson(value: JsonValue, substitute: (text: string) => string): JsonValue {
  if (typeof value === 'string') return substitute(value);
  if (Array.isArray(value)) return value.map((item) => substituteJson(item, substitute));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, JsonValue> = {};
    for (const [key, item] of Object.entries(value)) Object.defineProperty(out, key, { value: substituteJson(item, substitute), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return value;
}

function exportSuggestion(body: ConvertedBody): string | undefined {
  const names = [...Object.keys(body.exportedValues ?? {}), ...body.islands.filter((island) => island.kind === 'export').flatMap((island) => island.names)].sort();
  return names.length > 0 ? `it exports ${names.slice(0, 8).join(', ')}${names.length > 8 ? ', ...' : ''}` : 'it has no named exports; import its content with a default import';
}

type Target = { ok: true; path: string } | { ok: false; problem: { code: DiagnosticCode; message: string; suggestion?: string } };

const markdownFile = /\.(mdx|md)$/i;

/**
 * The snippet file an import names, or undefined when the import is not a snippet: a package, a `.jsx`
 * module, or a path without extension (the site's bundler resolves those, as `mdx/imports.ts` says).
 * Root-absolute (`/snippets/a.mdx`) or relative to the importing file (`./a.mdx`, `../a.mdx`).
 */
export function resolveSnippetImport(specifier: string, from: string, snippets: Pick<SnippetSet, 'root'>): Target | undefined {
  const bare = specifier.replace(/[?#].*$/s, '');
  if (!bare.startsWith('/') && !bare.startsWith('./') && !bare.startsWith('../')) return undefined;
  if (!markdownFile.test(bare)) return undefined;
  const resolved = snippets.root.resolve(bare, from);
  return resolved.ok ? { ok: true, path: resolved.path } : { ok: false, problem: resolved.problem };
}

/** `<Snippet file>`: relative to snippets/, then to the legacy _snippets/; `.mdx` added when the name has no extension. */
export function resolveSnippetElement(file: string, snippets: Pick<SnippetSet, 'root'>): Target {
  const bare = file.replace(/^\/+/, '').replace(/^_?snippets\//, '');
  const names = bare.slice(bare.lastIndexOf('/') + 1).includes('.') ? [bare] : [`${bare}.mdx`, `${bare}.md`];
  let first: Target | undefined;
  for (const folder of ['snippets', '_snippets']) {
    for (const name of names) {
      const resolved = snippets.root.resolve(`${folder}/${name}`);
      if (!resolved.ok) return { ok: false, problem: resolved.problem };
      first ??= { ok: true, path: resolved.path };
      if (snippets.root.exists(resolved.path)) return { ok: true, path: resolved.path };
    }
  }
  return first!;
}
