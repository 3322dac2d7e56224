/**
 * Type strings of the Field model, normalized so that what a hand-written page writes (`Object[]`,
 * `array<string>`, `int`, `enum<string>`) can be compared with what the OpenAPI converter derives
 * (`object[]`, `string[]`, `integer`, `string`).
 *
 * A normalized type is `string`, `number`, `integer`, `boolean`, `object`, `null`, `any`, `T[]`, or a
 * union of those (members sorted, ` | `-joined). A name that is none of these and no known alias (a
 * model name such as `Vector`, or `json`) is not comparable: `normalizeType` returns undefined and no
 * type drift is reported for it, because guessing would mostly produce noise.
 */
export type NormalizedType = string;

const aliases: Record<string, string> = {
  string: 'string',
  str: 'string',
  text: 'string',
  file: 'string',
  binary: 'string',
  date: 'string',
  datetime: 'string',
  'date-time': 'string',
  timestamp: 'string',
  uuid: 'string',
  email: 'string',
  url: 'string',
  uri: 'string',
  number: 'number',
  float: 'number',
  double: 'number',
  decimal: 'number',
  numeric: 'number',
  integer: 'integer',
  int: 'integer',
  int32: 'integer',
  int64: 'integer',
  long: 'integer',
  uint: 'integer',
  boolean: 'boolean',
  bool: 'boolean',
  object: 'object',
  dict: 'object',
  map: 'object',
  record: 'object',
  hash: 'object',
  null: 'null',
  any: 'any',
  unknown: 'any',
  mixed: 'any',
  array: 'any[]',
  list: 'any[]',
};

/** Splits `a | (b | c)[]` on top-level `|` only. */
function splitUnion(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(' || ch === '<' || ch === '[') depth++;
    else if (ch === ')' || ch === '>' || ch === ']') depth--;
    else if (ch === '|' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

function normalizeMember(raw: string): string | undefined {
  let text = raw.trim().toLowerCase();
  if (text === '') return undefined;
  // `(a | b)` -> `a | b`
  while (text.startsWith('(') && text.endsWith(')') && balanced(text.slice(1, -1))) text = text.slice(1, -1).trim();
  if (splitUnion(text).length > 1) return normalizeType(text);
  if (text.endsWith('[]')) {
    const inner = normalizeType(text.slice(0, -2));
    return inner === undefined ? 'any[]' : arrayOf(inner);
  }
  const generic = /^(array|list|set|enum|record|map|dict|optional)\s*[<[](.*)[>\]]$/.exec(text);
  if (generic) {
    const [, kind, inner = ''] = generic;
    if (kind === 'enum' || kind === 'optional') return normalizeType(inner);
    if (kind === 'record' || kind === 'map' || kind === 'dict') return 'object';
    const item = normalizeType(inner);
    return item === undefined ? 'any[]' : arrayOf(item);
  }
  return aliases[text];
}

function balanced(text: string): boolean {
  let depth = 0;
  for (const ch of text) {
    if (ch === '(') depth++;
    else if (ch === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

function arrayOf(item: string): string {
  return item.includes(' | ') ? `(${item})[]` : `${item}[]`;
}

/** The normalized form of a type string, or undefined when it is empty or not comparable. */
export function normalizeType(raw: string): NormalizedType | undefined {
  const members: string[] = [];
  for (const part of splitUnion(raw)) {
    const member = normalizeMember(part);
    if (member === undefined) return undefined;
    if (!members.includes(member)) members.push(member);
  }
  if (members.length === 0) return undefined;
  // `string | null` is an optional string: the OpenAPI converter drops `null` the same way.
  const withoutNull = members.length > 1 ? members.filter((m) => m !== 'null') : members;
  if (withoutNull.includes('any')) return 'any';
  return withoutNull.sort().join(' | ');
}

function unionMembers(type: NormalizedType): string[] {
  return splitUnion(type).map((m) => (m.startsWith('(') && m.endsWith(')') && balanced(m.slice(1, -1)) ? m.slice(1, -1) : m));
}

function memberCompatible(page: string, spec: string): boolean {
  if (page === 'any' || spec === 'any') return true;
  if (page.endsWith('[]') && spec.endsWith('[]')) return typesCompatible(page.slice(0, -2).replace(/^\((.*)\)$/, '$1'), spec.slice(0, -2).replace(/^\((.*)\)$/, '$1'));
  if (page === spec) return true;
  // JavaScript-minded pages call every numeric value "number": broader than the spec's integer, and true.
  // The other way round (page promises integer, spec allows any number) is drift.
  return page === 'number' && spec === 'integer';
}

/**
 * Whether the page's type tells the reader the same as the spec's. Not comparable types (undefined)
 * and `any` on either side are compatible; unions are compatible when every member of each side has a
 * compatible member on the other.
 */
export function typesCompatible(page: NormalizedType | undefined, spec: NormalizedType | undefined): boolean {
  if (page === undefined || spec === undefined || page === 'any' || spec === 'any') return true;
  const pageMembers = unionMembers(page);
  const specMembers = unionMembers(spec);
  return pageMembers.every((p) => specMembers.some((s) => memberCompatible(p, s))) && specMembers.every((s) => pageMembers.some((p) => memberCompatible(p, s)));
}
