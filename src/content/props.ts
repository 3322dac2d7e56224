import type { Expression, Node as EstreeNode, Program, Property, SpreadElement } from 'estree-jsx';
import type { JsonValue } from '../diagnostics/index.js';

/**
 * JSX attribute values as far as the build can know them without running code (docs/content.md,
 * "Representation"). `literalValue` is also what the MDX stage's field attributes use
 * (src/mdx/attributes.ts): the MDX stage comes after this folder.
 */
export type PropValue =
  | { kind: 'flag' }
  | { kind: 'literal'; value: JsonValue }
  /** A JSX element or fragment (`icon={<svg/>}`): becomes a slot of a component. */
  | { kind: 'jsx'; node: Expression }
  /** Anything else, as its JavaScript source without the braces. */
  | { kind: 'expression'; source: string };

const notLiteral = { ok: false } as const;
type Evaluated = { ok: true; value: JsonValue } | typeof notLiteral;

/** The value of `{...}` given its estree program (as remark-mdx attaches it) and its source. */
export function evaluateProgram(program: Program | null | undefined, source: string): PropValue {
  const statement = program?.body.length === 1 ? program.body[0] : undefined;
  if (!statement || statement.type !== 'ExpressionStatement') return { kind: 'expression', source: source.trim() };
  return evaluateExpression(statement.expression, source);
}

export function evaluateExpression(expression: Expression, source: string): PropValue {
  if (expression.type === 'JSXElement' || expression.type === 'JSXFragment') return { kind: 'jsx', node: expression };
  const evaluated = literalValue(expression);
  return evaluated.ok ? { kind: 'literal', value: evaluated.value } : { kind: 'expression', source: source.trim() };
}

/**
 * The literal subset of JavaScript that maps onto JSON: strings, finite numbers (with a sign), booleans,
 * null, template literals without `${}`, arrays and plain objects of those. Never runs code.
 */
export function literalValue(node: EstreeNode): Evaluated {
  switch (node.type) {
    case 'Literal': {
      const value = node.value;
      if (value === null || typeof value === 'string' || typeof value === 'boolean') return { ok: true, value };
      return typeof value === 'number' && Number.isFinite(value) ? { ok: true, value } : notLiteral;
    }
    case 'TemplateLiteral': {
      const quasi = node.expressions.length === 0 && node.quasis.length === 1 ? node.quasis[0] : undefined;
      return quasi ? { ok: true, value: quasi.value.cooked ?? quasi.value.raw } : notLiteral;
    }
    case 'UnaryExpression': {
      if ((node.operator !== '-' && node.operator !== '+') || node.argument.type !== 'Literal') return notLiteral;
      const value = node.argument.value;
      if (typeof value !== 'number' || !Number.isFinite(value)) return notLiteral;
      return { ok: true, value: node.operator === '-' ? -value : value };
    }
    case 'ArrayExpression':
      return arrayValue(node.elements);
    case 'ObjectExpression':
      return objectValue(node.properties);
    default:
      return notLiteral;
  }
}

function arrayValue(elements: ReadonlyArray<Expression | SpreadElement | null>): Evaluated {
  const items: JsonValue[] = [];
  for (const element of elements) {
    if (!element || element.type === 'SpreadElement') return notLiteral;
    const item = literalValue(element);
    if (!item.ok) return notLiteral;
    items.push(item.value);
  }
  return { ok: true, value: items };
}

function objectValue(properties: ReadonlyArray<Property | SpreadElement>): Evaluated {
  const object: Record<string, JsonValue> = {};
  for (const property of properties) {
    if (property.type !== 'Property' || property.kind !== 'init' || property.computed || property.method || property.shorthand) return notLiteral;
    let key: string;
    if (property.key.type === 'Identifier') key = property.key.name;
    else if (property.key.type === 'Literal' && (typeof property.key.value === 'string' || typeof property.key.value === 'number')) key = String(property.key.value);
    else return notLiteral;
    const value = literalValue(property.value);
    if (!value.ok) return notLiteral;
    // defineProperty: a `__proto__` key must become data, not the prototype.
    Object.defineProperty(object, key, { value: value.value, enumerable: true, writable: true, configurable: true });
  }
  return { ok: true, value: object };
}

/** React's unitless CSS properties: a number is written without `px` for these. */
const unitless = new Set([
  'animationIterationCount', 'aspectRatio', 'borderImageOutset', 'borderImageSlice', 'borderImageWidth', 'boxFlex', 'boxFlexGroup',
  'boxOrdinalGroup', 'columnCount', 'columns', 'flex', 'flexGrow', 'flexPositive', 'flexShrink', 'flexNegative', 'flexOrder',
  'gridArea', 'gridRow', 'gridRowEnd', 'gridRowSpan', 'gridRowStart', 'gridColumn', 'gridColumnEnd', 'gridColumnSpan',
  'gridColumnStart', 'fontWeight', 'lineClamp', 'lineHeight', 'opacity', 'order', 'orphans', 'scale', 'tabSize', 'widows',
  'zIndex', 'zoom', 'fillOpacity', 'floodOpacity', 'stopOpacity', 'strokeDasharray', 'strokeDashoffset', 'strokeMiterlimit',
  'strokeOpacity', 'strokeWidth',
]);

/**
 * `style={{ maxWidth: '100%', marginTop: 8 }}` -> `max-width: 100%; margin-top: 8px`, as React writes
 * it: camelCase to kebab-case (`WebkitX` -> `-webkit-x`, `msX` -> `-ms-x`), `px` after numbers except
 * for unitless properties, custom properties (`--x`) as written; null, booleans and nested values dropped.
 */
export function styleToCss(style: Record<string, JsonValue>): string {
  const declarations: string[] = [];
  for (const [name, value] of Object.entries(style)) {
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const property = name.startsWith('--') ? name : name.replace(/^ms(?=[A-Z])/, '-ms').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    const text = typeof value === 'number' && value !== 0 && !unitless.has(name) && !name.startsWith('--') ? `${value}px` : String(value);
    declarations.push(`${property}: ${text}`);
  }
  return declarations.join('; ');
}
