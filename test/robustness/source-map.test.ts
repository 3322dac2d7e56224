/**
 * The position machinery under hostile input: the iterative JSON tree (used past jsonc-parser's
 * recursion limit) must agree with jsonc-parser wherever both work, and positions must stay right at
 * depths and sizes where recursion fails.
 *
 * On failure fast-check prints `{ seed: ..., path: "..." }`; replay with
 *   FUZZ_SEED=<seed> FUZZ_PATH=<path> npx vitest run test/robustness/source-map.test.ts -t '<test name>'
 */
import fc from 'fast-check';
import { parseTree, type Node as JsonNode, type ParseError } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { jsonLocator, parseJsonWithPositions, yamlLocator } from '../../src/diagnostics/index.js';
import { parseTreeIteratively } from '../../src/diagnostics/source-map.js';
import { LineIndex } from '../../src/diagnostics/positions.js';
import { mutateText, textMutation } from './support/mutate.js';
import { fuzzParameters } from './support/roots.js';

interface Shape {
  type: string;
  offset: number;
  length: number;
  value?: unknown;
  colonOffset?: number;
  children?: Shape[];
}

function shape(node: JsonNode | undefined): Shape | undefined {
  if (!node) return undefined;
  const out: Shape = { type: node.type, offset: node.offset, length: node.length };
  if (node.type !== 'object' && node.type !== 'array' && node.type !== 'property') out.value = node.value;
  if (node.type === 'property') out.colonOffset = node.colonOffset;
  if (node.children) out.children = node.children.map((child) => shape(child)!);
  return out;
}

const jsonSnippets = ['{', '}', '[', ']', ',', ':', '"', '//c\n', '/*', '*/', 'null', 'tru', '01', '-', '1e', '"\\x"', '"\\u12"', '\u0001', ' ', '\n'];

/** JSON text with varied whitespace, as people write it. */
const jsonText = fc.tuple(fc.jsonValue({ maxDepth: 5 }), fc.constantFrom(0, 1, 2, '\t', ' \r\n ')).map(([value, indent]) => {
  const text = JSON.stringify(value, null, typeof indent === 'number' ? indent : 2);
  return typeof indent === 'string' && indent !== '\t' ? text.replace(/\n/g, indent) : text;
});

describe('parseTreeIteratively agrees with jsonc-parser', () => {
  it('builds the same tree for valid JSON (300 cases)', () => {
    fc.assert(
      fc.property(jsonText, (text) => {
        const expected = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
        const actual = parseTreeIteratively(text, { allowTrailingComma: true, allowComments: true });
        expect(actual.error).toBeUndefined();
        expect(shape(actual.root)).toEqual(shape(expected));
      }),
      fuzzParameters(300),
    );
  });

  it('finds the same first error as jsonc-parser for a comma straight after an opening brace, and after a member', () => {
    for (const [broken, lenient] of [['{, \r\n {} ]', false], ['{,}', true], ['{"a": 1,,}', false], ['[{,}]', false]] as const) {
      const errors: ParseError[] = [];
      parseTree(broken, errors, { allowTrailingComma: lenient, disallowComments: !lenient, allowEmptyContent: false });
      const actual = parseTreeIteratively(broken, { allowTrailingComma: lenient, allowComments: lenient });
      expect({ error: actual.error?.error, offset: actual.error?.offset }, broken).toEqual({ error: errors[0]!.error, offset: errors[0]!.offset });
    }
  });

  it('finds the same first error in broken JSON (500 cases)', () => {
    fc.assert(
      fc.property(jsonText, fc.array(textMutation(jsonSnippets), { minLength: 1, maxLength: 3 }), fc.boolean(), (text, mutations, lenient) => {
        const broken = mutateText(text, mutations);
        const errors: ParseError[] = [];
        parseTree(broken, errors, { allowTrailingComma: lenient, disallowComments: !lenient, allowEmptyContent: false });
        const actual = parseTreeIteratively(broken, { allowTrailingComma: lenient, allowComments: lenient });
        if (errors.length === 0) {
          expect(actual.error).toBeUndefined();
        } else {
          expect(actual.error).toBeDefined();
          expect({ error: actual.error!.error, offset: actual.error!.offset }).toEqual({ error: errors[0]!.error, offset: errors[0]!.offset });
        }
      }),
      fuzzParameters(500),
    );
  });
});

/** The locator as it was before it went lazy: jsonc-parser's whole tree, walked per pointer. */
function referenceLocate(tree: JsonNode, index: LineIndex, pointer: string, target: 'key' | 'value'): { line: number; column: number; endLine: number; endColumn: number } {
  let node = tree;
  let keyNode: JsonNode | undefined;
  for (const segment of pointer === '' ? [] : pointer.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))) {
    let next: { key?: JsonNode; value: JsonNode } | undefined;
    if (node.type === 'object') {
      for (const property of node.children ?? []) {
        const [key, value] = property.children ?? [];
        if (key && value && key.value === segment) next = { key, value };
      }
    } else if (node.type === 'array' && /^\d+$/.test(segment) && node.children?.[Number(segment)]) {
      next = { value: node.children[Number(segment)]! };
    }
    if (!next) {
      keyNode = undefined;
      break;
    }
    node = next.value;
    keyNode = next.key;
  }
  const anchor = target === 'key' && keyNode ? keyNode : node;
  const start = index.locate(anchor.offset);
  const end = index.locate(anchor.offset + (anchor.type === 'object' || anchor.type === 'array' ? 1 : anchor.length));
  return { line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
}

/** Every pointer of a value, plus a few that do not exist. */
function pointersOf(value: unknown, prefix = ''): string[] {
  const out = [prefix, `${prefix}/missing`, `${prefix}/0`];
  if (Array.isArray(value)) value.forEach((item, i) => out.push(...pointersOf(item, `${prefix}/${i}`)));
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) out.push(...pointersOf(item, `${prefix}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`));
  }
  return out;
}

describe('jsonLocator (lazy) agrees with a whole-tree walk', () => {
  it('for every pointer of random documents, keys and values (200 cases)', () => {
    fc.assert(
      fc.property(jsonText, fc.boolean(), (text, duplicate) => {
        // A duplicated key: the last one wins, as with JSON.parse.
        const source = duplicate && text.startsWith('{') && text.length > 2 ? text.replace('{', '{"dup": 1, "dup": [true], ') : text;
        const locator = jsonLocator(source, 'x.json');
        const tree = parseTree(source, [], { allowTrailingComma: true, disallowComments: false })!;
        const index = new LineIndex(source);
        for (const pointer of pointersOf(JSON.parse(source))) {
          for (const target of ['key', 'value'] as const) {
            expect({ pointer, target, ...locator.locate(pointer, target) }).toEqual({ pointer, target, file: 'x.json', ...referenceLocate(tree, index, pointer, target) });
          }
        }
      }),
      fuzzParameters(200),
    );
  });
});

describe('positions at depths where recursion fails', () => {
  const depth = 10_000;
  const deep = (leaf: string): string => `{\n  "theme": "mint",\n  "deep": ${'{"a":'.repeat(depth)}${leaf}${'}'.repeat(depth)}\n}\n`;

  it('locates a pointer 10,000 levels down', () => {
    const text = deep('"leaf"');
    const pointer = '/deep' + '/a'.repeat(depth);
    const located = jsonLocator(text, 'docs.json').locate(pointer);
    const offset = text.indexOf('"leaf"');
    expect(located).toMatchObject({ file: 'docs.json', line: 3, column: offset - text.indexOf('  "deep"') + 1, pointer });
    expect(jsonLocator(text, 'docs.json').locate(pointer, 'key')).toMatchObject({ line: 3, column: offset - text.indexOf('  "deep"') - 3 });
  });

  it('reports the exact place of a syntax error 10,000 levels down', () => {
    const text = deep('"leaf",');
    const parsed = parseJsonWithPositions(text, 'docs.json');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    const offset = text.indexOf('"leaf",') + '"leaf",'.length;
    expect(parsed.error).toEqual({ message: 'trailing comma before "}"', offset, line: 3, column: offset - text.indexOf('  "deep"') + 1 });
  });

  it('reports an unclosed 10,000-level document at its end', () => {
    const text = '['.repeat(depth) + '1';
    const parsed = parseJsonWithPositions(text, 'docs.json');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toEqual({ message: 'expected "]" to close the array', offset: text.length, line: 1, column: text.length + 1 });
  });
});

describe('LineIndex', () => {
  it('agrees with a naive split for any mix of \\n, \\r\\n, \\r and U+2028 (300 cases)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'é', '😀', '\n', '\r\n', '\r', '\u2028', '\u2029', '\uD800'), { maxLength: 60 }), (parts) => {
        const text = parts.join('');
        const index = new LineIndex(text);
        let line = 1;
        let column = 1;
        for (let offset = 0; offset <= text.length; offset++) {
          expect(index.locate(offset)).toEqual({ line, column });
          expect(index.offsetOf(line, column)).toBe(offset);
          const ch = text[offset];
          if (ch === '\n' || (ch === '\r' && text[offset + 1] !== '\n')) {
            line++;
            column = 1;
          } else column++;
        }
      }),
      fuzzParameters(300),
    );
  });
});


describe('yamlLocator counts lines as docs-build does', () => {
  it('a lone carriage return ends a line, as in every other position docs-build reports (npm run fuzz, openapi seed 1273311796)', () => {
    const text = '\ropenapi: 3.1.0\r\npaths:\n  /a: 5\n';
    const locator = yamlLocator(text, 'openapi.yaml');
    expect(locator.locate('/paths/~1a')).toMatchObject({ line: 4, column: 7 });
    expect(locator.locate('/paths/~1a', 'key')).toMatchObject({ line: 4, column: 3 });
    expect(new LineIndex(text).locate(text.indexOf('5'))).toEqual({ line: 4, column: 7 });
  });
});
