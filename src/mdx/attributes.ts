import type { MdxJsxAttributeValueExpression, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { JsonValue } from '../diagnostics/index.js';
// One evaluator of literal JavaScript for fields and page content alike (content comes before this stage).
import { literalValue } from '../content/props.js';

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
