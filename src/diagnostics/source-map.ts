import { createScanner, parseTree, type Node as JsonNode, type ParseError, printParseErrorCode } from 'jsonc-parser';
import { isMap, isSeq, isScalar, parseDocument, type Node as YamlNode, isPair } from 'yaml';
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

export type JsonObject = { [key: string]: JsonValue };

/** A JSON object: not null, not an array. */
export function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

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
  let errors: ParseError[] = [];
  try {
    parseTree(text, errors, { allowTrailingComma: false, disallowComments: true, allowEmptyContent: false });
  } catch {
    // jsonc-parser recurses once per nesting level and overflows the stack past ~4,000 levels; the
    // iterative parser finds the same first error at any depth.
    const scanned = parseTreeIteratively(text, { allowTrailingComma: false, allowComments: false });
    errors = scanned.error ? [scanned.error] : [];
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

/** A value of a JSON text, its children read from the text only when a pointer goes through it. */
interface LazyNode {
  kind: 'object' | 'array' | 'scalar';
  offset: number;
  end: number;
  /** The member's key token, for values of objects. */
  keyOffset?: number;
  keyEnd?: number;
  members?: Map<string, LazyNode>;
  items?: LazyNode[];
}

/**
 * A pointer locator over JSON text. Nothing is built until a position is asked for; then one scan finds
 * where every object and array ends (two flat arrays, no recursion), and only the objects and arrays on
 * the way to a pointer are read, each once, jumping over their children. Locating a few pointers in a
 * 50 MB or 10,000-level document costs one scan, not a tree of millions of nodes.
 */
export function jsonLocator(text: string, file: string): PointerLocator {
  const scanner = createScanner(text, false);
  let index: LineIndex | undefined;
  let top: LazyNode | null | undefined;
  // Start offsets of every object and array, in text order, and the offset just past each one's end
  // (-1 when it is never closed).
  const starts: number[] = [];
  const ends: number[] = [];

  /** The next token that is not whitespace or a comment. */
  const next = (): number => {
    for (;;) {
      const kind = scanner.scan() as number;
      if (kind !== token.trivia && kind !== token.lineBreak && kind !== token.lineComment && kind !== token.blockComment) return kind;
    }
  };
  const indexContainers = (): void => {
    const open: number[] = [];
    scanner.setPosition(0);
    for (;;) {
      const kind = next();
      if (kind === token.eof) break;
      if (kind === token.openBrace || kind === token.openBracket) {
        open.push(starts.length);
        starts.push(scanner.getTokenOffset());
        ends.push(-1);
      } else if (kind === token.closeBrace || kind === token.closeBracket) {
        const at = open.pop();
        if (at !== undefined) ends[at] = scanner.getTokenOffset() + 1;
      }
    }
  };
  const endOf = (offset: number): number => {
    let low = 0;
    let high = starts.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const at = starts[mid]!;
      if (at === offset) return ends[mid]!;
      if (at < offset) low = mid + 1;
      else high = mid - 1;
    }
    return -1;
  };
  /** The value starting at the current token (of kind `kind`); the scanner continues after it. */
  const readValue = (kind: number): LazyNode | undefined => {
    const offset = scanner.getTokenOffset();
    if (kind === token.openBrace || kind === token.openBracket) {
      const end = endOf(offset);
      if (end < 0) return undefined;
      scanner.setPosition(end);
      return { kind: kind === token.openBrace ? 'object' : 'array', offset, end };
    }
    if (kind === token.string || kind === token.number || kind === token.true || kind === token.false || kind === token.null) {
      return { kind: 'scalar', offset, end: offset + scanner.getTokenLength() };
    }
    return undefined;
  };
  /** Reads the direct children of an object or array (once). */
  const expand = (node: LazyNode): void => {
    scanner.setPosition(node.offset + 1);
    if (node.kind === 'object') {
      const members = new Map<string, LazyNode>();
      node.members = members;
      for (;;) {
        const kind = next();
        if (kind === token.comma) continue;
        if (kind !== token.string) return;
        const keyOffset = scanner.getTokenOffset();
        const keyEnd = keyOffset + scanner.getTokenLength();
        const key = scanner.getTokenValue();
        if (next() !== token.colon) return;
        const child = readValue(next());
        if (!child) return;
        child.keyOffset = keyOffset;
        child.keyEnd = keyEnd;
        // Last duplicate wins, as with JSON.parse.
        members.set(key, child);
      }
    } else {
      const items: LazyNode[] = [];
      node.items = items;
      for (;;) {
        const kind = next();
        if (kind === token.comma) continue;
        const child = readValue(kind);
        if (!child) return;
        items.push(child);
      }
    }
  };
  const childOf = (node: LazyNode, segment: string): LazyNode | undefined => {
    if (node.kind === 'object') {
      if (!node.members) expand(node);
      return node.members!.get(segment);
    }
    if (node.kind === 'array' && /^\d+$/.test(segment)) {
      if (!node.items) expand(node);
      return node.items![Number(segment)];
    }
    return undefined;
  };

  return {
    locate(pointer, target = 'value') {
      if (top === undefined) {
        indexContainers();
        scanner.setPosition(0);
        top = readValue(next()) ?? null;
        index = new LineIndex(text);
      }
      if (!top || !index) return { file, line: 1, column: 1, pointer };
      let node = top;
      let reached = true;
      for (const segment of splitPointer(pointer)) {
        const child = childOf(node, segment);
        if (!child) {
          reached = false;
          break;
        }
        node = child;
      }
      const onKey = target === 'key' && reached && node.keyOffset !== undefined;
      const startOffset = onKey ? node.keyOffset! : node.offset;
      const endOffset = onKey ? node.keyEnd! : node.kind === 'scalar' ? node.end : node.offset + 1;
      const start = index.locate(startOffset);
      const end = index.locate(endOffset);
      return { file, line: start.line, column: start.column, endLine: end.line, endColumn: end.column, pointer };
    },
  };
}

// jsonc-parser's SyntaxKind, ScanError and ParseErrorCode are `const enum`s, which a per-file
// transpiler cannot inline: their values are spelled out here.
const token = {
  openBrace: 1, closeBrace: 2, openBracket: 3, closeBracket: 4, comma: 5, colon: 6, null: 7, true: 8, false: 9, string: 10, number: 11,
  lineComment: 12, blockComment: 13, lineBreak: 14, trivia: 15, unknown: 16, eof: 17,
} as const;
const scanErrorToParseError: Record<number, number> = { 1: 11, 2: 12, 3: 13, 4: 14, 5: 15, 6: 16 };
const parseError = {
  invalidSymbol: 1, propertyNameExpected: 3, valueExpected: 4, colonExpected: 5, commaExpected: 6, closeBraceExpected: 7,
  closeBracketExpected: 8, endOfFileExpected: 9, invalidCommentToken: 10,
} as const;

/** jsonc-parser's Node, writable while it is built. */
interface ScanNode {
  type: JsonNode['type'];
  offset: number;
  length: number;
  value?: unknown;
  colonOffset?: number;
  parent?: ScanNode;
  children?: ScanNode[];
}

/**
 * jsonc-parser's `parseTree` without recursion, for documents nested too deep for the call stack. Builds
 * the same node shapes (object -> property -> [key, value], array -> values) and stops at the first
 * syntax error, reported with jsonc-parser's error codes.
 */
export function parseTreeIteratively(
  text: string,
  options: { allowTrailingComma: boolean; allowComments: boolean },
): { root?: JsonNode; error?: ParseError } {
  const scanner = createScanner(text, false);
  // `value` follows a colon, a comma in an array, or nothing; `key` follows a comma in an object.
  type Expect = 'value' | 'valueOrClose' | 'key' | 'keyOrClose' | 'colon' | 'commaOrClose' | 'end';
  // An object, so that narrowing does not forget the updates made inside the helpers.
  const state: { expect: Expect } = { expect: 'value' };
  let root: ScanNode | undefined;
  // Open objects and arrays, and the properties whose value is being read.
  const stack: ScanNode[] = [];
  const fail = (error: number, offset = scanner.getTokenOffset(), length = scanner.getTokenLength()): { error: ParseError } => ({
    error: { error, offset, length },
  });
  const attach = (node: ScanNode): void => {
    const parent = stack[stack.length - 1];
    if (parent) {
      node.parent = parent;
      parent.children!.push(node);
    } else root = node;
  };
  const finishValue = (end: number): void => {
    const top = stack[stack.length - 1];
    if (top?.type === 'property') {
      top.length = end - top.offset;
      stack.pop();
    }
    state.expect = stack.length === 0 ? 'end' : 'commaOrClose';
  };
  const unexpected = (): number => {
    switch (state.expect) {
      case 'end':
        return parseError.endOfFileExpected;
      case 'colon':
        return parseError.colonExpected;
      case 'key':
      case 'keyOrClose':
        return parseError.propertyNameExpected;
      case 'commaOrClose':
        return parseError.commaExpected;
      default:
        return parseError.valueExpected;
    }
  };
  for (;;) {
    const kind = scanner.scan() as number;
    const offset = scanner.getTokenOffset();
    const end = offset + scanner.getTokenLength();
    const scanError = scanner.getTokenError() as number;
    // A comment where none is allowed is that error, even when it is also unterminated.
    if (kind === token.lineComment || kind === token.blockComment) {
      if (!options.allowComments) return fail(parseError.invalidCommentToken);
      if (scanError !== 0) return fail(scanErrorToParseError[scanError] ?? parseError.invalidSymbol);
      continue;
    }
    if (scanError !== 0) return fail(scanErrorToParseError[scanError] ?? parseError.invalidSymbol);
    if (kind === token.lineBreak || kind === token.trivia) continue;
    // As in jsonc-parser, an unknown character is reported as such whatever was expected.
    if (kind === token.unknown) return fail(parseError.invalidSymbol);
    const top = stack[stack.length - 1];
    if (kind === token.eof) {
      if (state.expect === 'end') return root ? { root: root as unknown as JsonNode } : {};
      if (state.expect === 'value' || state.expect === 'colon' || state.expect === 'key') return fail(unexpected(), offset, 0);
      const open = [...stack].reverse().find((node) => node.type !== 'property');
      return fail(open?.type === 'array' ? parseError.closeBracketExpected : parseError.closeBraceExpected, offset, 0);
    }
    if (kind === token.closeBrace || kind === token.closeBracket) {
      const closes = kind === token.closeBrace ? 'object' : 'array';
      const allowed =
        top?.type === closes &&
        (state.expect === 'commaOrClose' ||
          (closes === 'object' && (state.expect === 'keyOrClose' || (state.expect === 'key' && options.allowTrailingComma))) ||
          (closes === 'array' && (state.expect === 'valueOrClose' || (state.expect === 'value' && options.allowTrailingComma))));
      if (!allowed) return fail(unexpected());
      top.length = end - top.offset;
      stack.pop();
      finishValue(end);
      continue;
    }
    switch (state.expect) {
      case 'end':
        return fail(parseError.endOfFileExpected);
      case 'colon':
        if (kind !== token.colon) return fail(parseError.colonExpected);
        top!.colonOffset = offset;
        state.expect = 'value';
        continue;
      case 'key':
      case 'keyOrClose': {
        if (kind !== token.string) return fail(parseError.propertyNameExpected);
        const property: ScanNode = { type: 'property', offset, length: 0, children: [] };
        attach(property);
        property.children!.push({ type: 'string', offset, length: end - offset, value: scanner.getTokenValue(), parent: property });
        stack.push(property);
        state.expect = 'colon';
        continue;
      }
      case 'commaOrClose':
        if (kind !== token.comma) return fail(parseError.commaExpected);
        state.expect = top!.type === 'object' ? 'key' : 'value';
        continue;
      default:
        break;
    }
    switch (kind) {
      case token.openBrace:
      case token.openBracket: {
        const node: ScanNode = { type: kind === token.openBrace ? 'object' : 'array', offset, length: 0, children: [] };
        attach(node);
        stack.push(node);
        state.expect = kind === token.openBrace ? 'keyOrClose' : 'valueOrClose';
        continue;
      }
      case token.string:
        attach({ type: 'string', offset, length: end - offset, value: scanner.getTokenValue() });
        break;
      case token.number:
        attach({ type: 'number', offset, length: end - offset, value: Number(scanner.getTokenValue()) });
        break;
      case token.true:
      case token.false:
        attach({ type: 'boolean', offset, length: end - offset, value: kind === token.true });
        break;
      case token.null:
        attach({ type: 'null', offset, length: end - offset, value: null });
        break;
      default:
        return fail(unexpected());
    }
    finishValue(end);
  }
}

/** A pointer locator over YAML text, parsed with positions on first use. */
export function yamlLocator(text: string, file: string): PointerLocator {
  let root: YamlNode | null | undefined;
  // Lines as docs-build counts them everywhere (a lone \r ends one too), not as the yaml package does.
  let lines: LineIndex | undefined;
  return {
    locate(pointer, target = 'value') {
      if (root === undefined) {
        lines = new LineIndex(text);
        try {
          root = parseDocument(text, { uniqueKeys: false }).contents as YamlNode | null;
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
      if (!range || !lines) return { file, line: 1, column: 1, pointer };
      return { file, ...lines.locate(range[0]), pointer };
    },
  };
}
