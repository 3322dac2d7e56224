import type { ElementContent } from 'hast';
import type { Code, Definition, Heading, Html, Image, ImageReference, Link, LinkReference, Nodes, Root } from 'mdast';
import type { MdxFlowExpression, MdxTextExpression } from 'mdast-util-mdx-expression';
import type { InlineMath, Math as DisplayMath } from 'mdast-util-math';
import type { MdxJsxAttribute, MdxJsxExpressionAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { defaultHandlers, toHast, type Handler, type Handlers, type State } from 'mdast-util-to-hast';
import type { Diagnostic, SourceLocation } from '../diagnostics/index.js';
import { parseCodeMeta } from './code-meta.js';
import { readModule, type ModuleParts } from './convert-esm.js';
import { JsxBuilder, type JsxAttribute } from './convert-jsx.js';
import { evaluateProgram, literalValue, type PropValue } from './props.js';
import type { ContentLink, ContentNode, ContentRoot, ConvertedBody } from './types.js';

/**
 * How deep the conversion goes (mdast levels). mdast-util-to-hast recurses; the MDX stage already
 * warns about pages nested deeper than this (mdx/nesting-too-deep) and reads no fields below it.
 */
export const maxContentDepth = 400;

/**
 * The content of one page or snippet from its MDX tree (docs/content.md, "Representation"): hast
 * without positions plus component, code and island nodes; the links, imports, islands and components
 * it uses. Headings get no ids here (`assignHeadingIds` does that after snippets are inlined).
 *
 * Markdown goes through mdast-util-to-hast; the MDX node types have handlers of their own rather than
 * `passThrough`, which would structuredClone each node with its estree (most of the cost, for nothing).
 * Subtrees deeper than `maxContentDepth` are cut from `tree` in place.
 */
export function convertBody(tree: Root, text: string, file: string): { value: ConvertedBody; diagnostics: Diagnostic[] } {
  pruneDeepNodes(tree);
  const parts: ModuleParts = { islands: [], snippetImports: [], exportedValues: {} };
  for (const node of tree.children) {
    if (node.type === 'mdxjsEsm') readModule(node.data?.estree, text, file, locate(file, node), parts);
  }
  const converter = new Converter(file, text, islandNames(parts));
  const hast = toHast(tree, { handlers: converter.handlers(), allowDangerousHtml: true });
  const root: ContentRoot = { type: 'root', children: clean('children' in hast ? (hast.children as unknown as ContentNode[]) : []) };
  const links = [...converter.links(), ...converter.jsx.links].sort(byLocation);
  const value: ConvertedBody = {
    tree: root,
    links,
    islands: parts.islands,
    snippetImports: parts.snippetImports,
    ...(Object.keys(parts.exportedValues).length > 0 ? { exportedValues: parts.exportedValues } : {}),
    components: [...converter.jsx.components].map(([name, location]) => ({ name, location })),
    ...(converter.jsx.snippetElements.length > 0 ? { snippetElements: converter.jsx.snippetElements } : {}),
    ...(converter.jsx.imagesWithoutAlt.length > 0 ? { imagesWithoutAlt: converter.jsx.imagesWithoutAlt } : {}),
    ...(converter.headings.length > 0 ? { headings: converter.headings } : {}),
  };
  return { value, diagnostics: [] };
}

/** Name bound by a page island -> the island's first name, for `ContentComponent.island`. */
function islandNames(parts: ModuleParts): Map<string, string> {
  const names = new Map<string, string>();
  for (const island of parts.islands) for (const name of island.names) names.set(name, island.names[0] ?? name);
  return names;
}

type MdxJsxElement = MdxJsxFlowElement | MdxJsxTextElement;

/** The handlers of one conversion, and what they collect. */
class Converter {
  readonly jsx: JsxBuilder;
  private readonly markdownLinks: ContentLink[] = [];
  private readonly definitions: Definition[] = [];
  private readonly imageIdentifiers = new Set<string>();
  /** Headings in document order: to-hast visits the tree depth first, JSX elements among them. */
  readonly headings: NonNullable<ConvertedBody['headings']> = [];

  constructor(
    private readonly file: string,
    private readonly text: string,
    islandOf: ReadonlyMap<string, string>,
  ) {
    this.jsx = new JsxBuilder(file, text, islandOf);
  }

  /** Markdown links, images and reference definitions (kind `image` for a definition used by an image reference). */
  links(): ContentLink[] {
    const fromDefinitions = this.definitions.map((d): ContentLink => ({ href: d.url, kind: this.imageIdentifiers.has(d.identifier) ? 'image' : 'link', location: locate(this.file, d) }));
    return [...this.markdownLinks, ...fromDefinitions];
  }

  handlers(): Handlers {
    const element = (state: State, node: MdxJsxElement) => this.jsxElement(state, node);
    const expression = (_state: State, node: MdxFlowExpression | MdxTextExpression) => asHast(expressionNode(node));
    const nothing = () => undefined;
    return {
      mdxJsxFlowElement: element,
      mdxJsxTextElement: element,
      mdxFlowExpression: expression,
      mdxTextExpression: expression,
      mdxjsEsm: nothing,
      yaml: nothing,
      toml: nothing,
      code: (_state: State, node: Code) => asHast({ type: 'code', lang: (node.lang ?? '').toLowerCase(), meta: parseCodeMeta(node.meta), value: node.value }),
      // `$$` blocks are display math: a code block of language `math`, as GitHub's ```math; inline `$$x$$`
      // is `code.language-math.math-inline`, as mdast-util-math writes it (the theme renders both with KaTeX).
      math: (_state: State, node: DisplayMath) => asHast({ type: 'code', lang: 'math', meta: {}, value: node.value }),
      inlineMath: (_state: State, node: InlineMath) => ({ type: 'element', tagName: 'code', properties: { className: ['language-math', 'math-inline'] }, children: [{ type: 'text', value: node.value }] }),
      html: (_state: State, node: Html) => (/^\s*<!--/.test(node.value) ? undefined : asHast({ type: 'raw', value: node.value })),
      link: (state: State, node: Link) => this.keepUrl(defaultHandlers.link(state, node), 'href', node.url, node, 'link'),
      image: (state: State, node: Image) => this.keepUrl(defaultHandlers.image(state, node), 'src', node.url, node, 'image'),
      linkReference: (state: State, node: LinkReference) => this.referenceUrl(state, defaultHandlers.linkReference(state, node), 'href', node.identifier),
      imageReference: (state: State, node: ImageReference) => {
        this.imageIdentifiers.add(node.identifier);
        return this.referenceUrl(state, defaultHandlers.imageReference(state, node), 'src', node.identifier);
      },
      heading: (state: State, node: Heading) => {
        this.headings.push({ depth: node.depth, location: locate(this.file, node) });
        return defaultHandlers.heading(state, node);
      },
      definition: (_state: State, node: Definition) => {
        this.definitions.push(node);
        return undefined;
      },
    } as Handlers;
  }

  /** The URL as written (to-hast percent-encodes it), so the tree and `links` agree for the link checker. */
  private keepUrl<T>(result: T, property: 'href' | 'src', url: string, node: Link | Image, kind: 'link' | 'image'): T {
    this.markdownLinks.push({ href: url, kind, location: locate(this.file, node) });
    if (isHastElement(result)) result.properties[property] = url;
    return result;
  }

  private referenceUrl<T>(state: State, result: T, property: 'href' | 'src', identifier: string): T {
    const definition = state.definitionById.get(identifier.toUpperCase());
    if (definition && isHastElement(result)) result.properties[property] = definition.url;
    return result;
  }

  private jsxElement(state: State, node: MdxJsxElement): ElementContent | ElementContent[] | undefined {
    // A fragment (`<>...</>`) is its children.
    if (node.name === null) return state.all(node);
    const heading = /^h([1-6])$/.exec(node.name);
    if (heading) this.headings.push({ depth: Number(heading[1]), location: locate(this.file, node) });
    const spread = node.attributes.find((a): a is MdxJsxExpressionAttribute => a.type === 'mdxJsxExpressionAttribute');
    const built = this.jsx.build({
      name: node.name,
      attributes: spread ? [] : node.attributes.map((a) => this.attribute(a as MdxJsxAttribute, node)),
      ...(spread ? { spreadSource: slice(this.text, node) } : {}),
      inline: node.type === 'mdxJsxTextElement',
      location: locate(this.file, node),
      children: () => state.all(node) as unknown as ContentNode[],
    });
    return asHast(built);
  }

  private attribute(attribute: MdxJsxAttribute, element: MdxJsxElement): JsxAttribute {
    const start = attribute.position?.start ?? element.position?.start;
    const where = { line: start?.line ?? 1, column: start?.column ?? 1 };
    const raw = attribute.value;
    if (raw === null || raw === undefined) return { name: attribute.name, value: { kind: 'flag' }, source: '', ...where };
    if (typeof raw === 'string') return { name: attribute.name, value: { kind: 'literal', value: raw }, source: '', ...where };
    const value: PropValue = evaluateProgram(raw.data?.estree, raw.value);
    return { name: attribute.name, value, source: raw.value.trim(), ...where };
  }
}

/** `{...}` in flow or text: dropped when only a comment, text when a string or number literal, an island otherwise. */
function expressionNode(node: MdxFlowExpression | MdxTextExpression): ContentNode | undefined {
  const program = node.data?.estree;
  const statement = program?.body[0];
  if (program && program.body.length === 0) return undefined; // `{/* comment */}`
  if (statement?.type === 'ExpressionStatement' && program?.body.length === 1) {
    const value = literalValue(statement.expression);
    if (value.ok && (typeof value.value === 'string' || typeof value.value === 'number')) return { type: 'text', value: String(value.value) };
    if (value.ok && (value.value === null || typeof value.value === 'boolean')) return undefined; // React renders nothing
  }
  return { type: 'island', kind: 'expression', source: node.value.trim(), ...(node.type === 'mdxTextExpression' ? { inline: true } : {}) };
}

/** Our node types travel through to-hast's handlers as if they were hast. */
function asHast(node: ContentNode | undefined): ElementContent | undefined {
  return node as unknown as ElementContent | undefined;
}

function isHastElement(value: unknown): value is { type: 'element'; properties: Record<string, unknown> } {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'element';
}

/**
 * Drops what the content format does not carry: positions and `data` of hast nodes, properties that are
 * `undefined` or `null`. Recursion is bounded by `maxContentDepth` (to-hast adds a few levels at most).
 */
function clean(nodes: ContentNode[]): ContentNode[] {
  for (const node of nodes) {
    const loose = node as unknown as Record<string, unknown>;
    delete loose.position;
    delete loose.data;
    if (node.type === 'element') {
      for (const key of Object.keys(node.properties)) {
        const value = node.properties[key];
        if (value === undefined || value === null) delete node.properties[key];
      }
    }
    if (node.type === 'component' && node.slots) for (const slot of Object.values(node.slots)) clean(slot);
    if ('children' in node) clean(node.children);
  }
  return nodes;
}

/** Cuts the children of nodes at `maxContentDepth`, iteratively (the page may nest thousands deep). */
function pruneDeepNodes(tree: Root): void {
  const stack: Array<{ node: Nodes; depth: number }> = [{ node: tree, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (!('children' in node)) continue;
    if (depth >= maxContentDepth) {
      node.children = [];
      continue;
    }
    for (const child of node.children) stack.push({ node: child, depth: depth + 1 });
  }
}

function locate(file: string, node: { position?: { start: { line: number; column: number } } | undefined }): SourceLocation {
  return { file, line: node.position?.start.line ?? 1, column: node.position?.start.column ?? 1 };
}

function slice(text: string, node: Nodes): string {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return start !== undefined && end !== undefined ? text.slice(start, end) : '';
}

function byLocation(a: ContentLink, b: ContentLink): number {
  return (a.location.line ?? 0) - (b.location.line ?? 0) || (a.location.column ?? 0) - (b.location.column ?? 0);
}

export type { Handler };
