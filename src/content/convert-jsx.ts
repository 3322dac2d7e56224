import type { Expression, JSXAttribute, JSXElement, JSXFragment, Node as EstreeNode } from 'estree-jsx';
import { find, html, svg } from 'property-information';
import type { JsonValue, SourceLocation } from '../diagnostics/index.js';
import { evaluateExpression, literalValue, styleToCss, type PropValue } from './props.js';
import type { ContentComponent, ContentElement, ContentLink, ContentNode, ContentPropertyValue } from './types.js';

type JsxNode = EstreeNode | JSXElement['children'][number];

/** One attribute of a JSX element, from the MDX tree or from estree JSX inside an attribute. */
export interface JsxAttribute {
  name: string;
  value: PropValue;
  /** The JavaScript source of a `{...}` value, without the braces (`''` for strings and flags). */
  source: string;
  line: number;
  column: number;
}

/** A JSX element before it becomes a node: `children` are converted only when the element is kept. */
export interface JsxParts {
  name: string;
  attributes: JsxAttribute[];
  /** Source of the whole element when it has a `{...spread}`: it then stays an island. */
  spreadSource?: string;
  inline: boolean;
  location: SourceLocation;
  children: () => ContentNode[];
}

/** Capitalized or dotted names (`Card`, `motion.div`) are components; `div` is HTML. */
export function isComponentName(name: string): boolean {
  return /^[A-Z]/.test(name) || name.includes('.');
}

/** Lowercase elements whose attribute is a link or a media source (`ContentLink`). */
const elementLinks: Record<string, { attribute: string; kind: 'link' | 'image' }> = {
  a: { attribute: 'href', kind: 'link' },
  img: { attribute: 'src', kind: 'image' },
  video: { attribute: 'src', kind: 'image' },
  source: { attribute: 'src', kind: 'image' },
  iframe: { attribute: 'src', kind: 'image' },
};
const componentLinkProps = new Set(['href', 'src', 'img', 'url', 'link']);
/** Estree JSX in attributes nests as deep as acorn could parse; far beyond real pages, well inside the stack. */
const maxJsxDepth = 200;

/** Builds component, element and island nodes, collecting links and component names on the way. */
export class JsxBuilder {
  readonly links: ContentLink[] = [];
  readonly components = new Map<string, SourceLocation>();
  /** `<Snippet file="...">` elements with a string `file` (ConvertedBody.snippetElements). */
  readonly snippetElements: Array<{ file: string; location: SourceLocation }> = [];
  /** `<img>` elements without an `alt` attribute (ConvertedBody.imagesWithoutAlt). */
  readonly imagesWithoutAlt: SourceLocation[] = [];
  private svgDepth = 0;
  private jsxDepth = 0;

  constructor(
    private readonly file: string,
    private readonly text: string,
    /** Component name -> the island that defines it (`.jsx` import or `export const`). */
    private readonly islandOf: ReadonlyMap<string, string>,
  ) {}

  build(parts: JsxParts): ContentNode {
    if (isComponentName(parts.name) && !this.components.has(parts.name)) this.components.set(parts.name, parts.location);
    if (parts.spreadSource !== undefined) return { type: 'island', kind: 'element', source: parts.spreadSource, ...(parts.inline ? { inline: true } : {}) };
    return isComponentName(parts.name) ? this.component(parts) : this.element(parts);
  }

  private component(parts: JsxParts): ContentComponent {
    const props: Record<string, JsonValue> = {};
    const slots: Record<string, ContentNode[]> = {};
    const expressions: Record<string, string> = {};
    for (const { name, value, line, column } of parts.attributes) {
      if (value.kind === 'flag') props[name] = true;
      else if (value.kind === 'literal') setOwn(props, name, value.value);
      else if (value.kind === 'jsx') slots[name] = this.fromEstree(value.node, false);
      else setOwn(expressions, name, value.source);
      if (value.kind === 'literal' && typeof value.value === 'string' && componentLinkProps.has(name)) {
        this.links.push({ href: value.value, kind: 'prop', via: `${parts.name}.${name}`, location: { file: this.file, line, column } });
      }
    }
    if (parts.name === 'Snippet' && typeof props.file === 'string') this.snippetElements.push({ file: props.file, location: parts.location });
    const island = this.islandOf.get(parts.name.split('.')[0] ?? parts.name);
    return {
      type: 'component',
      name: parts.name,
      props,
      ...(Object.keys(slots).length > 0 ? { slots } : {}),
      ...(Object.keys(expressions).length > 0 ? { expressions } : {}),
      children: parts.children(),
      ...(parts.inline ? { inline: true } : {}),
      ...(island !== undefined ? { island } : {}),
    };
  }

  private element(parts: JsxParts): ContentElement {
    const inSvg = parts.name === 'svg' || this.svgDepth > 0;
    const properties: Record<string, ContentPropertyValue> = {};
    const expressions: Record<string, string> = {};
    for (const attribute of parts.attributes) {
      const property = find(inSvg ? svg : html, attribute.name).property;
      const value = propertyValue(property, attribute.value);
      // An HTML element has no slots: JSX, objects other than `style` and code stay source.
      if (value === undefined) setOwn(expressions, attribute.name, attribute.source);
      else if (value !== null) setOwn(properties, property, value);
      this.collectElementLink(parts.name, attribute);
    }
    if (parts.name === 'img' && !parts.attributes.some((attribute) => attribute.name === 'alt')) this.imagesWithoutAlt.push(parts.location);
    if (inSvg) this.svgDepth++;
    let children: ContentNode[];
    try {
      children = parts.children();
    } finally {
      if (inSvg) this.svgDepth--;
    }
    return { type: 'element', tagName: parts.name, properties, children, ...(Object.keys(expressions).length > 0 ? { expressions } : {}) };
  }

  private collectElementLink(tagName: string, attribute: JsxAttribute): void {
    const link = elementLinks[tagName];
    if (!link || link.attribute !== attribute.name || attribute.value.kind !== 'literal' || typeof attribute.value.value !== 'string') return;
    this.links.push({ href: attribute.value.value, kind: link.kind, location: { file: this.file, line: attribute.line, column: attribute.column } });
  }

  /** Estree JSX (a slot's value, or JSX nested in one) as content nodes. */
  fromEstree(node: JsxNode, inline: boolean): ContentNode[] {
    if (this.jsxDepth >= maxJsxDepth) return [];
    this.jsxDepth++;
    try {
      return this.estreeNode(node, inline);
    } finally {
      this.jsxDepth--;
    }
  }

  private estreeNode(node: JsxNode, inline: boolean): ContentNode[] {
    switch (node.type) {
      case 'JSXElement':
        return [this.estreeElement(node, inline)];
      case 'JSXFragment':
        return this.estreeChildren(node);
      case 'JSXText': {
        const value = cleanJsxText(node.value);
        return value === '' ? [] : [{ type: 'text', value }];
      }
      case 'JSXExpressionContainer':
        return node.expression.type === 'JSXEmptyExpression' ? [] : this.estreeExpression(node.expression);
      default:
        return this.estreeExpression(node as Expression);
    }
  }

  private estreeExpression(expression: Expression): ContentNode[] {
    if (expression.type === 'JSXElement' || expression.type === 'JSXFragment') return this.estreeNode(expression, true);
    const value = literalValue(expression);
    if (value.ok) return typeof value.value === 'string' || typeof value.value === 'number' ? [{ type: 'text', value: String(value.value) }] : [];
    return [{ type: 'island', kind: 'expression', source: this.source(expression), inline: true }];
  }

  private estreeChildren(node: JSXElement | JSXFragment): ContentNode[] {
    return node.children.flatMap((child) => this.fromEstree(child, true));
  }

  private estreeElement(node: JSXElement, inline: boolean): ContentNode {
    const opening = node.openingElement;
    const spread = opening.attributes.some((a) => a.type === 'JSXSpreadAttribute');
    return this.build({
      name: jsxName(opening.name),
      attributes: spread ? [] : opening.attributes.map((a) => this.estreeAttribute(a as JSXAttribute)),
      ...(spread ? { spreadSource: this.source(node) } : {}),
      inline,
      location: this.locationOf(node),
      children: () => this.estreeChildren(node),
    });
  }

  private estreeAttribute(attribute: JSXAttribute): JsxAttribute {
    const { line = 1, column = 1 } = this.locationOf(attribute);
    const name = attribute.name.type === 'JSXIdentifier' ? attribute.name.name : `${attribute.name.namespace.name}:${attribute.name.name.name}`;
    const raw = attribute.value;
    let value: PropValue;
    let source = '';
    if (raw === null) value = { kind: 'flag' };
    else if (raw.type === 'Literal') value = { kind: 'literal', value: typeof raw.value === 'string' ? raw.value : String(raw.value) };
    else if (raw.type === 'JSXExpressionContainer') {
      source = this.source(raw.expression);
      value = raw.expression.type === 'JSXEmptyExpression' ? { kind: 'flag' } : evaluateExpression(raw.expression, source);
    } else {
      source = this.source(raw);
      value = { kind: 'jsx', node: raw };
    }
    return { name, value, source, line, column };
  }

  source(node: object): string {
    const { start, end } = node as { start?: unknown; end?: unknown };
    if (typeof start !== 'number' || typeof end !== 'number') return '';
    return this.text.slice(start, end);
  }

  private locationOf(node: EstreeNode): SourceLocation {
    const start = node.loc?.start;
    return { file: this.file, line: start?.line ?? 1, column: (start?.column ?? 0) + 1 };
  }
}

function jsxName(name: JSXElement['openingElement']['name']): string {
  if (name.type === 'JSXIdentifier') return name.name;
  if (name.type === 'JSXNamespacedName') return `${name.namespace.name}:${name.name.name}`;
  return `${jsxName(name.object)}.${name.property.name}`;
}

/**
 * A hast property value for an HTML attribute: `className` a list, `style` a CSS string, a flag `true`.
 * `null` drops the attribute (`{null}`, `{false}` on a non-boolean); `undefined` keeps it as an expression.
 */
function propertyValue(property: string, value: PropValue): ContentPropertyValue | undefined {
  if (value.kind === 'flag') return true;
  if (value.kind !== 'literal') return undefined;
  const literal = value.value;
  if (property === 'style' && literal !== null && typeof literal === 'object' && !Array.isArray(literal)) return styleToCss(literal);
  if (property === 'className' && typeof literal === 'string') return literal.split(/\s+/).filter((c) => c !== '');
  if (literal === null || typeof literal === 'string' || typeof literal === 'number' || typeof literal === 'boolean') return literal;
  if (Array.isArray(literal) && literal.every((item) => typeof item === 'string' || typeof item === 'number')) return literal as Array<string | number>;
  return undefined;
}

/** JSX text as React reads it: lines trimmed, blank lines dropped, the rest joined by one space. */
export function cleanJsxText(raw: string): string {
  const lines = raw.replace(/\t/g, ' ').split(/\r\n|\n|\r/);
  if (lines.length === 1) return raw;
  const kept: string[] = [];
  lines.forEach((line, index) => {
    let trimmed = index === 0 ? line : line.replace(/^ +/, '');
    if (index !== lines.length - 1) trimmed = trimmed.replace(/(?<! ) +$/, '');
    if (trimmed !== '') kept.push(trimmed);
  });
  return kept.join(' ');
}

function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  // defineProperty: a `__proto__` attribute must become data, not the prototype.
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
