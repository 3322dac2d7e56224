import type { MdxJsxAttributeValueExpression, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { JsonValue } from '../diagnostics/index.js';

// The estree types come through remark-mdx's own declarations, so they always match what it produces.
type Program = NonNullable<NonNullable<MdxJsxAttributeValueExpression['data']>['estree']>;
type Statement = Program['body'][number];
type Expression = Extract<Statement, { type: 'ExpressionStatement' }>['expression'];
type EstreeNode = Expression | Extract<Expression, { type: 'ObjectExpression' }>['properties'][number];

/**
 * The value of one JSX attribute as far as docs-build can know it without running code:
 * `flag` for a bare attribute (`required`), `literal` for a string or a literal expression
 * (`{10}`, `{["a"]}`), `expression` for anything else, kept as its source text with the braces.
 */
export type AttributeValue =
  | { kind: 'flag' }
  | { kind: 'literal'; value: JsonValue }
  | { kind: 'expression'; source: string };

export interface ElementAttribute {
  value: AttributeValue;
  line: number;
  column: number;
}

export interface ElementAttributes {
  /** Named attributes; a repeated name keeps the last, as JSX does. */
  named: Map<string, ElementAttribute>;
  /** `{...props}` spreads, as source text; their keys are unknown. */
  spreads: Array<{ source: string; line: number; column: number }>;
}

export function readAttributes(element: MdxJsxFlowElement | MdxJsxTextElement): ElementAttributes {
  const named = new Map<string, ElementAttribute>();
  const spreads: ElementAttributes['spreads'] = [];
  const fallback = element.position?.start ?? { line: 1, column: 1 };
  for (const attribute of element.attributes) {
    const start = attribute.position?.start ?? fallback;
    if (attribute.type === 'mdxJsxExpressionAttribute') {
      spreads.push({ source: `{${attribute.value}}`, line: start.line, column: start.column });
      continue;
    }
    let value: AttributeValue;
    if (attribute.value === null || attribute.value === undefined) value = { kind: 'flag' };
    else if (typeof attribute.value === 'string') value = { kind: 'literal', value: attribute.value };
    else value = evaluateExpression(attribute.value);
    named.set(attribute.name, { value, line: start.line, column: start.column });
  }
  return { named, spreads };
}

function evaluateExpression(expression: MdxJsxAttributeValueExpression): AttributeValue {
  const source = `{${expression.value}}`;
  const program = expression.data?.estree;
  const statement = program?.body.length === 1 ? program.body[0] : undefined;
  if (!statement || statement.type !== 'ExpressionStatement') return { kind: 'expression', source };
  const evaluated = literalValue(statement.expression);
  return evaluated.ok ? { kind: 'literal', value: evaluated.value } : { kind: 'expression', source };
}

const notLiteral = { ok: false } as const;

/**
 * Evaluates the literal subset of JavaScript that maps onto JSON: strings, finite numbers (with a sign),
 * booleans, null, template literals without `${}`, arrays and plain objects of those. Never runs code.
 */
function literalValue(node: EstreeNode): { ok: true; value: JsonValue } | typeof notLiteral {
  switch (node.type) {
    case 'Literal': {
      const value = node.value;
      if (value === null || typeof value === 'string' || typeof value === 'boolean') return { ok: true, value };
      if (typeof value === 'number' && Number.isFinite(value)) return { ok: true, value };
      return notLiteral; // RegExp, bigint, non-finite
    }
    case 'TemplateLiteral': {
      if (node.expressions.length > 0 || node.quasis.length !== 1) return notLiteral;
      const quasi = node.quasis[0];
      return quasi ? { ok: true, value: quasi.value.cooked ?? quasi.value.raw } : notLiteral;
    }
    case 'UnaryExpression': {
      if ((node.operator !== '-' && node.operator !== '+') || node.argument.type !== 'Literal') return notLiteral;
      const value = node.argument.value;
      if (typeof value !== 'number' || !Number.isFinite(value)) return notLiteral;
      return { ok: true, value: node.operator === '-' ? -value : value };
    }
    case 'ArrayExpression': {
      const items: JsonValue[] = [];
      for (const element of node.elements) {
        if (!element || element.type === 'SpreadElement') return notLiteral;
        const item = literalValue(element);
        if (!item.ok) return notLiteral;
        items.push(item.value);
      }
      return { ok: true, value: items };
    }
    case 'ObjectExpression': {
      const object: Record<string, JsonValue> = {};
      for (const property of node.properties) {
        if (property.type !== 'Property' || property.kind !== 'init' || property.computed || property.method || property.shorthand) {
          return notLiteral;
        }
        let key: string;
        if (property.key.type === 'Identifier') key = property.key.name;
        else if (property.key.type === 'Literal' && (typeof property.key.value === 'string' || typeof property.key.value === 'number')) {
          key = String(property.key.value);
        } else return notLiteral;
        if (property.value.type === 'ObjectPattern' || property.value.type === 'ArrayPattern' || property.value.type === 'AssignmentPattern' || property.value.type === 'RestElement') {
          return notLiteral;
        }
        const value = literalValue(property.value as Expression);
        if (!value.ok) return notLiteral;
        // defineProperty: a `__proto__` key must become data, not the prototype.
        Object.defineProperty(object, key, { value: value.value, enumerable: true, writable: true, configurable: true });
      }
      return { ok: true, value: object };
    }
    default:
      return notLiteral;
  }
}
