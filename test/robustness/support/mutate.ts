/**
 * Mutations of valid documents, as data: a counterexample printed by fast-check is a short list of
 * operations (drop the 12th node, retype the 3rd, truncate at 41%...), not a megabyte of text, and
 * applying the same list to the same seed always gives the same bytes.
 */
import fc from 'fast-check';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Keys an object was written with twice (the second time with another value): JSON allows it, JSON.parse keeps the last. */
const duplicates = new WeakMap<object, Array<{ key: string; value: Json }>>();

export type ValueMutation =
  /** Removes the node (object member or array element). */
  | { op: 'drop'; at: number }
  /** Writes the member's key twice in the text (second value `value`), or repeats an array element. */
  | { op: 'duplicate'; at: number; value: Json | 'same' }
  /** Replaces the node with a value of another type. */
  | { op: 'retype'; at: number; value: Json }
  /** Replaces the node with a string a user might write where a path or reference goes. */
  | { op: 'set'; at: number; value: string }
  /** Inserts odd unicode into a string value (or into a member's key). */
  | { op: 'unicode'; at: number; text: string; where: number; inKey: boolean }
  /** Replaces the node with `depth` levels of nested arrays or objects. */
  | { op: 'nest'; at: number; depth: number; shape: 'array' | 'object'; key: string }
  /** Replaces the node with a long string. */
  | { op: 'huge'; at: number; length: number; unit: string }
  /** Adds a member to an object (or an element to an array). */
  | { op: 'addKey'; at: number; key: string; value: Json };

export type TextMutation =
  | { op: 'truncate'; where: number }
  | { op: 'insert'; where: number; text: string }
  | { op: 'delete'; where: number; length: number }
  | { op: 'repeat'; where: number; length: number }
  | { op: 'crlf' }
  | { op: 'bom' };

/** Raw bytes that are not valid UTF-8: a lone surrogate's WTF-8 form, a stray continuation byte, an overlong slash, 0xFF. */
export type ByteMutation = { op: 'bytes'; where: number; bytes: number[] };

export const oddUnicode = [
  '\uD800', '\uDFFF', '\uDBFF\uDFFF', '\u202E', '\u200F', '\u202B', 'مرحبا', 'שלום', '👩‍💻', '🏳️‍🌈', '\u2028', '\u2029',
  '\u0000', '\uFEFF', 'e\u0301', '\u0085', '\t', '\r', '\n', '\r\n', '\\', '"', "'", '\u00A0', '𝔘𝔫𝔦', '\uFFFF', '\uFFFE', '\u001B[31m',
];

/** Strings users write where paths, references and enums go, including every way out of the docs root. */
export const interestingStrings = [
  '', ' ', '.', '..', '../outside', '../../etc/passwd', '/etc/passwd', 'C:\\Windows\\win.ini', '\\\\server\\share\\x', 'file:///etc/passwd',
  '%2e%2e/%2e%2e/etc/passwd', '..%2fsecret', '%2E%2E%2Fsecret', 'index', 'index.mdx', '/index', 'quickstart/', './quickstart', 'guides/../index',
  'GET /users', 'get /users/{id}', 'POST /users/', 'DELETE', 'webhook', 'webhook userCreated', 'openapi.json GET /users/{id}',
  'openapi GET /users', 'https://example.invalid/openapi.json', 'http://127.0.0.1:9/openapi.json', '#/components/schemas/User',
  './docs.json', 'docs.json', 'openapi.json', 'schemas.json', '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty',
  '{id}', '$ref', 'x'.repeat(300), 'null', 'true', '#fff', '#GGGGGG', 'mint', 'maple', 'none', 'interactive', 'bearer', 'key', '%', '%ZZ',
];

export const interestingKeys = [
  '__proto__', 'constructor', 'prototype', 'toString', '$ref', 'openapi', 'pages', 'groups', 'tabs', 'anchors', 'dropdowns', 'versions',
  'languages', 'products', 'menu', 'global', 'group', 'tab', 'hidden', 'root', 'href', 'icon', 'logo', 'favicon', 'api', 'x-hidden',
  'x-excluded', 'x-docs', 'x-mint', 'allOf', 'oneOf', 'anyOf', 'not', 'items', 'properties', 'additionalProperties', 'required', 'paths',
  'webhooks', 'components', 'schemas', 'parameters', 'requestBody', 'responses', 'servers', 'tags', 'summary', 'operationId', 'title',
  'description', 'playground', 'authMethod', 'sidebarTitle', 'openapi-schema', 'mode', 'deprecated', 'theme', 'name', 'colors', 'primary',
  'navigation', 'directory', 'source', 'metadata', 'content', 'type', 'in', 'default', 'enum', 'nullable', '', ' ', '🔑', '\u202Ekey',
];

const invalidUtf8 = [[0xed, 0xa0, 0x80], [0x80], [0xc0, 0xaf], [0xff], [0xf0, 0x9f, 0x98], [0xe2, 0x28, 0xa1]];

// ---------------------------------------------------------------- arbitraries

const node = fc.nat({ max: 1_000_000 });
const fraction = fc.double({ min: 0, max: 1, noNaN: true });

export const smallJson: fc.Arbitrary<Json> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 12 }),
  fc.constantFrom<Json>([], {}, [''], { '': null }, '', 0, -1, 1e308, true),
  fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>,
);

export function valueMutation(options: { maxHuge?: number; maxDepth?: number } = {}): fc.Arbitrary<ValueMutation> {
  const maxHuge = options.maxHuge ?? 200_000;
  const maxDepth = options.maxDepth ?? 2_000;
  return fc.oneof(
    { arbitrary: fc.record({ op: fc.constant('drop' as const), at: node }), weight: 3 },
    { arbitrary: fc.record({ op: fc.constant('duplicate' as const), at: node, value: fc.oneof(fc.constant('same' as const), smallJson) }), weight: 2 },
    { arbitrary: fc.record({ op: fc.constant('retype' as const), at: node, value: smallJson }), weight: 3 },
    { arbitrary: fc.record({ op: fc.constant('set' as const), at: node, value: fc.constantFrom(...interestingStrings) }), weight: 3 },
    {
      arbitrary: fc.record({ op: fc.constant('unicode' as const), at: node, text: fc.constantFrom(...oddUnicode), where: fraction, inKey: fc.boolean() }),
      weight: 2,
    },
    {
      arbitrary: fc.record({
        op: fc.constant('nest' as const),
        at: node,
        depth: fc.oneof(fc.integer({ min: 1, max: 40 }), fc.constantFrom(200, 1000, maxDepth)),
        shape: fc.constantFrom('array' as const, 'object' as const),
        key: fc.constantFrom('a', 'pages', 'groups', 'allOf', 'properties', '$ref'),
      }),
      weight: 1,
    },
    {
      arbitrary: fc.record({
        op: fc.constant('huge' as const),
        at: node,
        length: fc.constantFrom(5_000, 50_000, maxHuge),
        unit: fc.constantFrom('a', 'é', '😀', ' ', '/', '{', '\u2028', 'ab/'),
      }),
      weight: 1,
    },
    { arbitrary: fc.record({ op: fc.constant('addKey' as const), at: node, key: fc.constantFrom(...interestingKeys), value: fc.oneof(smallJson, fc.constantFrom<Json>(...interestingStrings)) }), weight: 2 },
  );
}

export function textMutation(snippets: readonly string[] = oddUnicode): fc.Arbitrary<TextMutation> {
  return fc.oneof(
    fc.record({ op: fc.constant('truncate' as const), where: fraction }),
    fc.record({ op: fc.constant('insert' as const), where: fraction, text: fc.oneof(fc.constantFrom(...snippets), fc.constantFrom(...oddUnicode), fc.string({ maxLength: 8 })) }),
    fc.record({ op: fc.constant('delete' as const), where: fraction, length: fc.integer({ min: 1, max: 200 }) }),
    fc.record({ op: fc.constant('repeat' as const), where: fraction, length: fc.integer({ min: 1, max: 400 }) }),
    fc.constant({ op: 'crlf' as const }),
    fc.constant({ op: 'bom' as const }),
  );
}

export const byteMutation: fc.Arbitrary<ByteMutation> = fc.record({ op: fc.constant('bytes' as const), where: fraction, bytes: fc.constantFrom(...invalidUtf8) });

// ---------------------------------------------------------------- applying

interface NodeRef {
  parent: Json[] | { [key: string]: Json } | undefined;
  key: string | number | undefined;
  value: Json;
}

/** Every node in document order (the root first). */
function nodesOf(root: Json): NodeRef[] {
  const out: NodeRef[] = [];
  const stack: NodeRef[] = [{ parent: undefined, key: undefined, value: root }];
  while (stack.length) {
    const ref = stack.pop()!;
    out.push(ref);
    const v = ref.value;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ parent: v, key: i, value: v[i]! });
    } else if (v !== null && typeof v === 'object') {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) stack.push({ parent: v, key: keys[i]!, value: v[keys[i]!]! });
    }
  }
  return out;
}

/** Sets an own data property: `__proto__` stays a key, never a prototype. */
function put(target: { [key: string]: Json }, key: string, value: Json): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function replace(root: Json, ref: NodeRef, value: Json): Json {
  if (ref.parent === undefined) return value;
  if (Array.isArray(ref.parent)) ref.parent[ref.key as number] = value;
  else put(ref.parent, ref.key as string, value);
  return root;
}

function nested(depth: number, shape: 'array' | 'object', key: string, leaf: Json): Json {
  let value: Json = leaf;
  for (let i = 0; i < depth; i++) value = shape === 'array' ? [value] : { [key]: value };
  return value;
}

function splice(text: string, at: number, insert: string): string {
  return text.slice(0, at) + insert + text.slice(at);
}

/** Deep copy that keeps `__proto__` members as data. */
export function cloneJson<T extends Json>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** Applies value mutations to a copy of `seed`. */
export function mutateValue(seed: Json, mutations: readonly ValueMutation[]): Json {
  let root = cloneJson(seed);
  for (const m of mutations) {
    const nodes = nodesOf(root);
    const ref = nodes[m.at % nodes.length]!;
    switch (m.op) {
      case 'drop':
        if (ref.parent === undefined) root = {};
        else if (Array.isArray(ref.parent)) ref.parent.splice(ref.key as number, 1);
        else delete ref.parent[ref.key as string];
        break;
      case 'duplicate':
        if (Array.isArray(ref.parent)) ref.parent.splice(ref.key as number, 0, cloneJson(m.value === 'same' ? ref.value : m.value));
        else if (ref.parent) {
          const list = duplicates.get(ref.parent) ?? [];
          list.push({ key: ref.key as string, value: cloneJson(m.value === 'same' ? ref.value : m.value) });
          duplicates.set(ref.parent, list);
        }
        break;
      case 'retype':
        // A copy: fast-check may hand the same object to several mutations, and inserting one object
        // twice (once inside itself) would make a cycle.
        root = replace(root, ref, cloneJson(m.value));
        break;
      case 'set':
        root = replace(root, ref, m.value);
        break;
      case 'unicode': {
        if (m.inKey && ref.parent && !Array.isArray(ref.parent)) {
          const key = ref.key as string;
          const renamed = splice(key, Math.floor(m.where * key.length), m.text);
          delete ref.parent[key];
          put(ref.parent, renamed, ref.value);
        } else if (typeof ref.value === 'string') {
          root = replace(root, ref, splice(ref.value, Math.floor(m.where * ref.value.length), m.text));
        } else {
          root = replace(root, ref, m.text);
        }
        break;
      }
      case 'nest':
        root = replace(root, ref, nested(m.depth, m.shape, m.key, typeof ref.value === 'object' ? 'leaf' : ref.value));
        break;
      case 'huge':
        root = replace(root, ref, m.unit.repeat(Math.ceil(m.length / m.unit.length)));
        break;
      case 'addKey': {
        const value = cloneJson(m.value);
        if (Array.isArray(ref.value)) ref.value.push(value);
        else if (ref.value !== null && typeof ref.value === 'object') put(ref.value, m.key, value);
        else if (ref.parent && !Array.isArray(ref.parent)) put(ref.parent, m.key, value);
        break;
      }
    }
  }
  return root;
}

/** JSON text with 2-space indentation, writing the duplicated members recorded by `mutateValue`. */
export function serializeJson(value: Json, indent = ''): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  // Deep below the top, compact: indenting thousands of nesting levels would make the text quadratic.
  if (indent.length > 40) return JSON.stringify(value);
  const inner = indent + '  ';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => inner + serializeJson(item, inner)).join(',\n')}\n${indent}]`;
  }
  const members: Array<[string, Json]> = Object.keys(value).map((key) => [key, value[key]!]);
  for (const extra of duplicates.get(value) ?? []) members.push([extra.key, extra.value]);
  if (members.length === 0) return '{}';
  return `{\n${members.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${serializeJson(item, inner)}`).join(',\n')}\n${indent}}`;
}

export function mutateText(text: string, mutations: readonly TextMutation[]): string {
  let out = text;
  for (const m of mutations) {
    const at = (where: number): number => Math.min(out.length, Math.floor(where * (out.length + 1)));
    switch (m.op) {
      case 'truncate':
        out = out.slice(0, at(m.where));
        break;
      case 'insert':
        out = splice(out, at(m.where), m.text);
        break;
      case 'delete': {
        const start = at(m.where);
        out = out.slice(0, start) + out.slice(start + m.length);
        break;
      }
      case 'repeat': {
        const start = at(m.where);
        out = splice(out, start, out.slice(start, start + m.length));
        break;
      }
      case 'crlf':
        out = out.replace(/\r?\n/g, '\r\n');
        break;
      case 'bom':
        out = '\uFEFF' + out;
        break;
    }
  }
  return out;
}

export function mutateBytes(text: string, mutations: readonly ByteMutation[]): Buffer {
  let bytes = Buffer.from(text, 'utf8');
  for (const m of mutations) {
    const at = Math.min(bytes.length, Math.floor(m.where * (bytes.length + 1)));
    bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from(m.bytes), bytes.subarray(at)]);
  }
  return bytes;
}
