import { parseTree, type Node as JsonNode, type ParseError, printParseErrorCode } from 'jsonc-parser';
import { isMap, isSeq, isScalar, LineCounter, parseDocument, type Node as YamlNode, isPair } from 'yaml';
import { LineIndex } from './positions.js';
import { splitPointer } from './pointer.js';
import type { SourceLocation } from './diagnostic.js';

/**
 * Maps JSON pointers of a parsed JSON or YAML document back to positions in its text. Built lazily:
 * parsing with positions costs several times a plain parse, so it is paid only when a diagnostic
 * actually needs a position.
 */
export interface PointerLocator {
  /**
   * Location of the value at `pointer` (or of its key with `target: 'key'`). When the pointer does not
   * exist, the nearest existing ancestor is returned, so "missing key" problems point at the object
   * that should hold the key.
   */
  locate(pointer: string, target?: 'key' | 'value'): SourceLocation;
}

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export interface ParsedJson {
  value: JsonValue;
  locator: PointerLocator;
}

export interface JsonSyntaxError {
  message: string;
  line: number;
  column: number;
  offset: number;
}

const plainWords: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: 'expected ":" after the property name',
  CommaExpected: 'expected "," between entries (or a closing bracket)',
  CloseBraceExpected: 'expected "}" to close the object',
  CloseBracketExpected: 'expected "]" to close the array',
  EndOfFileExpected: 'unexpected content after the end of the JSON value',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'invalid unicode escape',
  InvalidEscapeCharacter: 'invalid escape character in string',
  InvalidCharacter: 'invalid character in string (control characters must be escaped)',
};

/** Parses JSON strictly (no comments, no trailing commas). On failure: the first error, in plain words. */
export function parseJsonWithPositions(text: string, file: string): { ok: true; json: ParsedJson } | { ok: false; error: JsonSyntaxError } {
  let value: JsonValue;
  try {
    value = JSON.parse(text) as JsonValue;
  } catch {
    return { ok: false, error: firstJsonError(text) };
  }
  return { ok: true, json: { value, locator: jsonLocator(text, file) } };
}

function firstJsonError(text: string): JsonSyntaxError {
  const errors: ParseError[] = [];
  try {
    parseTree(text, errors, { allowTrailingComma: false, disallowComments: true, allowEmptyContent: false });
  } catch {
    // jsonc-parser recurses per nesting level; on pathological depth fall through to a generic message.
  }
  const index = new LineIndex(text);
  if (text.trim() === '') return { message: 'the file is empty; expected a JSON value', offset: 0, ...index.locate(0) };
  const first = errors[0];
  if (!first) {
    return { message: 'the JSON could not be parsed (nesting too deep?)', offset: 0, ...index.locate(0) };
  }
  const name = printParseErrorCode(first.error);
  let message = plainWords[name] ?? name;
  if (name === 'ValueExpected' && /,\s*$/.test(text.slice(0, first.offset))) message = 'trailing comma before a closing bracket';
  if (name === 'PropertyNameExpected' && /,\s*$/.test(text.slice(0, first.offset))) message = 'trailing comma before "}"';
  return { message, offset: first.offset, ...index.locate(first.offset) };
}

export function jsonLocator(text: string, file: string): PointerLocator {
  let tree: JsonNode | undefined;
  let index: LineIndex | undefined;
  let failed = false;
  return {
    locate(pointer, target = 'value') {
      if (!tree && !failed) {
        try {
          tree = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
        } catch {
          failed = true;
        }
        index = new LineIndex(text);
      }
      if (!tree || !index) return { file, line: 1, column: 1, pointer };
      let node: JsonNode = tree;
      let keyNode: JsonNode | undefined;
      for (const segment of splitPointer(pointer)) {
        const next = childOf(node, segment);
        if (!next) {
          keyNode = undefined;
          break;
        }
        node = next.value;
        keyNode = next.key;
      }
      const anchor = target === 'key' && keyNode ? keyNode : node;
      const start = index.locate(anchor.offset);
      const end = index.locate(anchor.offset + Math.min(anchor.length, anchor.type === 'object' || anchor.type === 'array' ? 1 : anchor.length));
      return { file, line: start.line, column: start.column, endLine: end.line, endColumn: end.column, pointer };
    },
  };
}

function childOf(node: JsonNode, segment: string): { key?: JsonNode; value: JsonNode } | undefined {
  if (node.type === 'object') {
    // Last duplicate wins, as with JSON.parse.
    let found: { key?: JsonNode; value: JsonNode } | undefined;
    for (const property of node.children ?? []) {
      const [key, value] = property.children ?? [];
      if (key && value && key.value === segment) found = { key, value };
    }
    return found;
  }
  if (node.type === 'array' && /^\d+$/.test(segment)) {
    const value = node.children?.[Number(segment)];
    return value ? { value } : undefined;
  }
  return undefined;
}

/** A pointer locator over YAML text, parsed with positions on first use. */
export function yamlLocator(text: string, file: string): PointerLocator {
  let root: YamlNode | null | undefined;
  let counter: LineCounter | undefined;
  return {
    locate(pointer, target = 'value') {
      if (root === undefined) {
        counter = new LineCounter();
        try {
          root = parseDocument(text, { lineCounter: counter, uniqueKeys: false }).contents as YamlNode | null;
        } catch {
          root = null;
        }
      }
      let node: YamlNode | null = root ?? null;
      let keyNode: YamlNode | null = null;
      for (const segment of splitPointer(pointer)) {
        if (isMap(node)) {
          const pair = node.items.find((item) => isPair(item) && String(isScalar(item.key) ? item.key.value : item.key) === segment);
          if (!pair) break;
          keyNode = pair.key as YamlNode;
          node = pair.value as YamlNode | null;
        } else if (isSeq(node) && /^\d+$/.test(segment)) {
          const item = node.items[Number(segment)] as YamlNode | undefined;
          if (!item) break;
          keyNode = null;
          node = item;
        } else break;
        if (!node) break;
      }
      const anchor = target === 'key' && keyNode ? keyNode : (node ?? keyNode);
      const range = anchor?.range;
      if (!range || !counter) return { file, line: 1, column: 1, pointer };
      const start = counter.linePos(range[0]);
      return { file, line: start.line, column: start.col, pointer };
    },
  };
}
