/**
 * docs.json `variables`: `{{name}}` in pages and snippets becomes the variable's value (docs/content.md,
 * "Snippets"). Names are letters, digits, `_` and `-`, as the service allows.
 *
 * `{{name}}` in prose is a JavaScript expression to MDX (`{ {name} }`, an object) and `{{api-url}}` is
 * not even valid JavaScript, so the parse (`parseMdxPage`) masks those first: `maskVariablePlaceholders`
 * swaps the braces for Unicode noncharacters of the same length (positions stay right) outside attribute
 * values written `={{...}}`, and the text keeps them until `substituteVariables` puts the value (or the
 * braces, for a name docs.json does not define) back.
 */

const name = '[A-Za-z0-9_-]+';
const OPEN = '\uFDD0\uFDD1';
const CLOSE = '\uFDD1\uFDD0';
/** Whether `text` can be the name of a `{{name}}` placeholder: no other docs.json variable is ever used. */
export function isVariableName(text: string): boolean {
  return wholeName.test(text);
}
const wholeName = new RegExp(`^${name}$`);

/** `{{name}}` as written, or masked. */
const placeholder = new RegExp(`(?:\\{\\{|${OPEN})(\\s*)(${name})(\\s*)(?:\\}\\}|${CLOSE})`, 'g');
/**
 * A name MDX cannot read as JavaScript (`api-url`, `2fa`): `{{api-url}}` fails the parse. `{{version}}`
 * parses (an object) and reaches the inliner as an expression, which it reads as the placeholder; it is
 * left unmasked because masked text would also change string literals and exported values that hold it.
 */
const unparsableName = '(?:[A-Za-z0-9_]*-[A-Za-z0-9_-]*|[0-9][A-Za-z0-9_-]*)';
/** `{{name}}` with such a name in the page's text, not right after `=` (a JSX attribute's object value). */
const maskable = new RegExp(`(?<!=\\s*)\\{\\{(\\s*${unparsableName}\\s*)\\}\\}`, 'g');
/** The source of an MDX expression written `{{name}}`: `{name}`. */
const expressionPlaceholder = new RegExp(`^\\s*\\{\\s*(${name})\\s*\\}\\s*$`);
/** A page's leading frontmatter block, as the page parse reads it: masking leaves it as written. */
export const leadingFrontmatter = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/;

/** The page's text with each `{{name}}` of its body that MDX cannot parse masked, same length; frontmatter untouched. */
export function maskVariablePlaceholders(text: string): string {
  if (!text.includes('{{')) return text;
  const head = leadingFrontmatter.exec(text)?.[0] ?? '';
  return head + text.slice(head.length).replace(maskable, (_match, inner: string) => `${OPEN}${inner}${CLOSE}`);
}

/**
 * `value` with each placeholder replaced by its variable; a name `variables` does not define is put back
 * as written (`{{name}}`) and passed to `onUnknown`.
 */
export function substituteVariables(value: string, variables: Readonly<Record<string, string>>, onUnknown?: (name: string) => void): string {
  if (!value.includes('{{') && !value.includes(OPEN)) return value;
  return value.replace(placeholder, (_match, before: string, key: string, after: string) => {
    if (Object.hasOwn(variables, key)) return variables[key]!;
    onUnknown?.(key);
    return `{{${before}${key}${after}}}`;
  });
}

/** The variable name when an expression's source is what `{{name}}` parses to (`{name}`). */
export function variableOfExpression(source: string): string | undefined {
  return expressionPlaceholder.exec(source)?.[1];
}

/** 1-based line and column of the first `{{key}}` (written or masked) in a file's text; of any name without `key`. */
export function locateVariable(text: string, key?: string): { line: number; column: number } | undefined {
  for (const match of text.matchAll(placeholder)) {
    if (key !== undefined && match[2] !== key) continue;
    const before = text.slice(0, match.index);
    const line = before.split('\n').length;
    return { line, column: match.index - before.lastIndexOf('\n') };
  }
  return undefined;
}
