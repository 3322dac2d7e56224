import { splitPointer, type JsonValue } from '../diagnostics/index.js';

/** The value at a JSON pointer of `root`, or undefined when the pointer leads nowhere. */
export function valueAt(root: JsonValue, pointer: string): JsonValue | undefined {
  let node: JsonValue | undefined = root;
  for (const segment of splitPointer(pointer)) {
    if (Array.isArray(node)) node = /^\d+$/.test(segment) ? node[Number(segment)] : undefined;
    else if (node !== null && typeof node === 'object') node = Object.hasOwn(node, segment) ? node[segment] : undefined;
    else return undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

/**
 * A pointer as users read docs.json: `navigation.tabs[0].groups[2]`; the top level is `docs.json`.
 * Array indexes are told from numeric object keys (`errors.404`) by looking at the value.
 */
export function displayPath(root: JsonValue, pointer: string): string {
  const segments = splitPointer(pointer);
  if (segments.length === 0) return 'docs.json';
  let node: JsonValue | undefined = root;
  let path = '';
  for (const segment of segments) {
    if (Array.isArray(node) && /^\d+$/.test(segment)) {
      path += `[${segment}]`;
      node = node[Number(segment)];
      continue;
    }
    path += /^[A-Za-z0-9_$][\w$-]*$/.test(segment) ? (path ? '.' : '') + segment : `[${JSON.stringify(segment)}]`;
    node = node !== null && typeof node === 'object' && !Array.isArray(node) && Object.hasOwn(node, segment) ? node[segment] : undefined;
  }
  return path;
}

/** A value as quoted in a message: strings and scalars as JSON (shortened), containers by kind. */
export function describeValue(value: JsonValue | undefined): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  if (value !== null && typeof value === 'object') return 'an object';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}..."` : text;
}

export function quoteList(values: readonly string[], conjunction = 'or'): string {
  const quoted = values.map((value) => JSON.stringify(value));
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} ${conjunction} ${quoted[quoted.length - 1]}`;
}
