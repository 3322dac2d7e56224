import type { JSONScanner, Node as JsonNode, ParseError } from 'jsonc-parser';
import type { Node as YamlNode } from 'yaml';
import { jsoncLibrary, yamlLibrary } from '../libraries.js';
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
    jsoncLibrary().parseTree(text, errors, { allowTrailingComma: false, disallowComments: true, allowEmptyContent: false });
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
  const name = jsoncLibrary().printParseErrorCode(first.error);
  let message = plainWords[name] ?? name;
  if ((name === 'ValueExpected' || name === 'PropertyNameExpected') && text.slice(Math.max(0, first.offset - 4096), first.offset).trimEnd().endsWith(',')) {
    // What follows the comma says which mistake it is: `,}` / `,]` is a trailing comma, `,,` a doubled one.
    const next = text.slice(first.offset, first.offset + 4096).trimStart()[0];
    if (next === '}' || next === ']') message = `trailing comma before "${next}"`;
    else if (next === ',') message = 'two commas in a row';
  }
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
  let tree: LazyJsonTree | undefined;
  let index: LineIndex | undefined;
  return {
    locate(pointer, target = 'value') {
      if (tree === undefined) {
        tree = new LazyJsonTree(text);
        index = new LineIndex(text);
      }
      if (!tree.top || !index) return { file, line: 1, column: 1, pointer };
      let node = tree.top;
      let reached = true;
      for (const segment of splitPointer(pointer)) {
        const child = tree.childOf(node, segment);
        if (!child) {
          reached = false;
          break;
        }
        node = child;
      }
      return nodeLocation(node, target === 'key' && reached, index, file, pointer);
    },
  };
}

/**
 * Where a located node is shown: its key token when asked for (and the pointer was reached), else the
 * whole scalar, or just the bracket that opens an object or array.
 */
function nodeLocation(node: LazyNode, wantsKey: boolean, index: LineIndex, file: string, pointer: string): SourceLocation {
  const onKey = wantsKey && node.keyOffset !== undefined;
  const startOffset = onKey ? node.keyOffset! : node.offset;
  const endOffset = onKey ? node.keyEnd! : node.kind === 'scalar' ? node.end : node.offset + 1;
  const start = index.locate(startOffset);
  const end = index.locate(endOffset);
  return { file, line: start.line, column: start.column, endLine: end.line, endColumn: end.column, pointer };
}

/** The next token that is not whitespace or a comment. */
function nextToken(scanner: JSONScanner): number {
  for (;;) {
    const kind = scanner.scan() as number;
    if (kind !== token.trivia && kind !== token.lineBreak && kind !== token.lineComment && kind !== token.blockComment) return kind;
  }
}

/**
 * Where every object and array of a text ends, found by one scan with an explicit stack (no recursion,
 * so any depth). Two flat number arrays rather than nodes: a 50 MB text has millions of containers.
 */
class ContainerEnds {
  /** Start offsets of every object and array, in text order. */
  private readonly starts: number[] = [];
  /** The offset just past each one's end (-1 when it is never closed). */
  private readonly ends: number[] = [];

  constructor(scanner: JSONScanner) {
    const open: number[] = [];
    scanner.setPosition(0);
    for (;;) {
      const kind = nextToken(scanner);
      if (kind === token.eof) break;
      if (kind === token.openBrace || kind === token.openBracket) {
        open.push(this.starts.length);
        this.starts.push(scanner.getTokenOffset());
        this.ends.push(-1);
      } else if (kind === token.closeBrace || kind === token.closeBracket) {
        const at = open.pop();
        if (at !== undefined) this.ends[at] = scanner.getTokenOffset() + 1;
      }
    }
  }

  /** The end of the container starting at `offset` (binary search: starts are in text order). */
  endOf(offset: number): number {
    const { starts, ends } = this;
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
  }
}

/**
 * The values of a JSON text, read on demand: an object or array is read only when a pointer goes
 * through it, and then only its direct children, jumping over theirs with the container ends.
 */
class LazyJsonTree {
  /** The top value, or null when the text does not start with a readable value. */
  readonly top: LazyNode | null;
  private readonly scanner: JSONScanner;
  private readonly containers: ContainerEnds;

  constructor(text: string) {
    this.scanner = jsoncLibrary().createScanner(text, false);
    this.containers = new ContainerEnds(this.scanner);
    this.scanner.setPosition(0);
    this.top = this.readValue(nextToken(this.scanner)) ?? null;
  }

  /** The child of an object or array named by a pointer segment, reading the parent's children once. */
  childOf(node: LazyNode, segment: string): LazyNode | undefined {
    if (node.kind === 'object') {
      if (!node.members) node.members = this.readMembers(node);
      return node.members.get(segment);
    }
    if (node.kind === 'array' && /^\d+$/.test(segment)) {
      if (!node.items) node.items = this.readItems(node);
      return node.items[Number(segment)];
    }
    return undefined;
  }

  /** The value starting at the current token (of kind `kind`); the scanner continues after it. */
  private readValue(kind: number): LazyNode | undefined {
    const scanner = this.scanner;
    const offset = scanner.getTokenOffset();
    if (kind === token.openBrace || kind === token.openBracket) {
      const end = this.containers.endOf(offset);
      if (end < 0) return undefined;
      scanner.setPosition(end);
      return { kind: kind === token.openBrace ? 'object' : 'array', offset, end };
    }
    if (kind === token.string || kind === token.number || kind === token.true || kind === token.false || kind === token.null) {
      return { kind: 'scalar', offset, end: offset + scanner.getTokenLength() };
    }
    return undefined;
  }

  /** An object's members, up to the first thing that is not one (the text may be broken past it). */
  private readMembers(node: LazyNode): Map<string, LazyNode> {
    const scanner = this.scanner;
    const members = new Map<string, LazyNode>();
    scanner.setPosition(node.offset + 1);
    for (;;) {
      const kind = nextToken(scanner);
      if (kind === token.comma) continue;
      if (kind !== token.string) return members;
      const keyOffset = scanner.getTokenOffset();
      const keyEnd = keyOffset + scanner.getTokenLength();
      const key = scanner.getTokenValue();
      if (nextToken(scanner) !== token.colon) return members;
      const child = this.readValue(nextToken(scanner));
      if (!child) return members;
      child.keyOffset = keyOffset;
      child.keyEnd = keyEnd;
      // Last duplicate wins, as with JSON.parse.
      members.set(key, child);
    }
  }

  /** An array's items, up to the first thing that is not a value. */
  private readItems(node: LazyNode): LazyNode[] {
    const items: LazyNode[] = [];
    this.scanner.setPosition(node.offset + 1);
    for (;;) {
      const kind = nextToken(this.scanner);
      if (kind === token.comma) continue;
      const child = this.readValue(kind);
      if (!child) return items;
      items.push(child);
    }
  }
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

type TreeResult = { root?: JsonNode; error?: ParseError };

/**
 * jsonc-parser's `parseTree` without recursion, for documents nested too deep for the call stack. Builds
 * the same node shapes (object -> property -> [key, value], array -> values) and stops at the first
 * syntax error, reported with jsonc-parser's error codes.
 */
export function parseTreeIteratively(
  text: string,
  options: { allowTrailingComma: boolean; allowComments: boolean },
): TreeResult {
  return new IterativeTreeParser(text, options).parse();
}

/** What the next significant token may be: `value` follows a colon, a comma in an array, or nothing; `key` follows a comma in an object. */
type Expect = 'value' | 'valueOrClose' | 'key' | 'keyOrClose' | 'colon' | 'commaOrClose' | 'end';

/**
 * The state machine behind `parseTreeIteratively`: one token at a time, open objects, arrays and
 * properties on an explicit stack instead of the call stack. Each token handler returns the result when
 * parsing ends there (the tree, or the first error) and undefined to go on, so the token loop allocates
 * nothing beyond the nodes it builds.
 */
class IterativeTreeParser {
  private readonly scanner: JSONScanner;
  private expect: Expect = 'value';
  private root: ScanNode | undefined;
  /** Open objects and arrays, and the properties whose value is being read. */
  private readonly stack: ScanNode[] = [];

  constructor(
    text: string,
    private readonly options: { allowTrailingComma: boolean; allowComments: boolean },
  ) {
    this.scanner = jsoncLibrary().createScanner(text, false);
  }

  parse(): TreeResult {
    const scanner = this.scanner;
    for (;;) {
      const kind = scanner.scan() as number;
      // Whitespace is most of the tokens of an indented file: skipped before any dispatch.
      if ((kind === token.trivia || kind === token.lineBreak) && scanner.getTokenError() === 0) continue;
      const done = this.token(kind);
      if (done) return done;
    }
  }

  /** Handles one token; the checks run in jsonc-parser's order, so the same first error wins. */
  private token(kind: number): TreeResult | undefined {
    const scanError = this.scanner.getTokenError() as number;
    // A comment where none is allowed is that error, even when it is also unterminated.
    if (kind === token.lineComment || kind === token.blockComment) {
      if (!this.options.allowComments) return this.fail(parseError.invalidCommentToken);
      if (scanError !== 0) return this.fail(scanErrorToParseError[scanError] ?? parseError.invalidSymbol);
      return undefined;
    }
    if (scanError !== 0) return this.fail(scanErrorToParseError[scanError] ?? parseError.invalidSymbol);
    if (kind === token.lineBreak || kind === token.trivia) return undefined;
    // As in jsonc-parser, an unknown character is reported as such whatever was expected.
    if (kind === token.unknown) return this.fail(parseError.invalidSymbol);
    if (kind === token.eof) return this.endOfText();
    if (kind === token.closeBrace || kind === token.closeBracket) return this.close(kind);
    if (this.expect === 'value' || this.expect === 'valueOrClose') return this.value(kind);
    return this.punctuationOrKey(kind);
  }

  /** The end of the text: the tree when the top value is complete, else what was missing. */
  private endOfText(): TreeResult {
    const offset = this.scanner.getTokenOffset();
    if (this.expect === 'end') return this.root ? { root: this.root as unknown as JsonNode } : {};
    if (this.expect === 'value' || this.expect === 'colon' || this.expect === 'key') return this.fail(this.unexpected(), offset, 0);
    const open = [...this.stack].reverse().find((node) => node.type !== 'property');
    return this.fail(open?.type === 'array' ? parseError.closeBracketExpected : parseError.closeBraceExpected, offset, 0);
  }

  /** `}` or `]`: closes the innermost container if it is of that kind and may close here. */
  private close(kind: number): TreeResult | undefined {
    const top = this.stack[this.stack.length - 1];
    const closes = kind === token.closeBrace ? 'object' : 'array';
    const expect = this.expect;
    const trailing = this.options.allowTrailingComma;
    const allowed =
      top?.type === closes &&
      (expect === 'commaOrClose' ||
        (closes === 'object' && (expect === 'keyOrClose' || (expect === 'key' && trailing))) ||
        (closes === 'array' && (expect === 'valueOrClose' || (expect === 'value' && trailing))));
    if (!allowed) return this.fail(this.unexpected());
    const end = this.scanner.getTokenOffset() + this.scanner.getTokenLength();
    top.length = end - top.offset;
    this.stack.pop();
    this.finishValue(end);
    return undefined;
  }

  /** A token where a colon, a key, a comma or nothing more is expected. */
  private punctuationOrKey(kind: number): TreeResult | undefined {
    const scanner = this.scanner;
    const top = this.stack[this.stack.length - 1];
    switch (this.expect) {
      case 'colon':
        if (kind !== token.colon) return this.fail(parseError.colonExpected);
        top!.colonOffset = scanner.getTokenOffset();
        this.expect = 'value';
        return undefined;
      case 'key':
      case 'keyOrClose': {
        // A comma straight after `{` is a missing member to jsonc-parser (value expected); elsewhere a missing name.
        if (kind !== token.string) return this.fail(kind === token.comma && this.expect === 'keyOrClose' ? parseError.valueExpected : parseError.propertyNameExpected);
        const offset = scanner.getTokenOffset();
        const property: ScanNode = { type: 'property', offset, length: 0, children: [] };
        this.attach(property);
        property.children!.push({ type: 'string', offset, length: scanner.getTokenLength(), value: scanner.getTokenValue(), parent: property });
        this.stack.push(property);
        this.expect = 'colon';
        return undefined;
      }
      case 'commaOrClose':
        if (kind !== token.comma) return this.fail(parseError.commaExpected);
        this.expect = top!.type === 'object' ? 'key' : 'value';
        return undefined;
      default:
        return this.fail(parseError.endOfFileExpected);
    }
  }

  /** A token where a value is expected: opens a container or completes a scalar. */
  private value(kind: number): TreeResult | undefined {
    if (kind === token.openBrace || kind === token.openBracket) {
      this.open(kind);
      return undefined;
    }
    const node = this.scalar(kind);
    if (!node) return this.fail(this.unexpected());
    this.attach(node);
    this.finishValue(node.offset + node.length);
    return undefined;
  }

  /** `{` or `[`: a container that the values up to its closing bracket go into. */
  private open(kind: number): void {
    const node: ScanNode = { type: kind === token.openBrace ? 'object' : 'array', offset: this.scanner.getTokenOffset(), length: 0, children: [] };
    this.attach(node);
    this.stack.push(node);
    this.expect = kind === token.openBrace ? 'keyOrClose' : 'valueOrClose';
  }

  /** The string, number, boolean or null at the current token; undefined when it is none of those. */
  private scalar(kind: number): ScanNode | undefined {
    const scanner = this.scanner;
    const offset = scanner.getTokenOffset();
    const length = scanner.getTokenLength();
    switch (kind) {
      case token.string:
        return { type: 'string', offset, length, value: scanner.getTokenValue() };
      case token.number:
        return { type: 'number', offset, length, value: Number(scanner.getTokenValue()) };
      case token.true:
      case token.false:
        return { type: 'boolean', offset, length, value: kind === token.true };
      case token.null:
        return { type: 'null', offset, length, value: null };
      default:
        return undefined;
    }
  }

  /** Adds a node to the open container or property, or makes it the root. */
  private attach(node: ScanNode): void {
    const parent = this.stack[this.stack.length - 1];
    if (parent) {
      node.parent = parent;
      parent.children!.push(node);
    } else this.root = node;
  }

  /** After a complete value: closes the property it was the value of, and expects what may follow. */
  private finishValue(end: number): void {
    const top = this.stack[this.stack.length - 1];
    if (top?.type === 'property') {
      top.length = end - top.offset;
      this.stack.pop();
    }
    this.expect = this.stack.length === 0 ? 'end' : 'commaOrClose';
  }

  /** The error for a token that is not what was expected. */
  private unexpected(): number {
    switch (this.expect) {
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
  }

  private fail(error: number, offset = this.scanner.getTokenOffset(), length = this.scanner.getTokenLength()): { error: ParseError } {
    return { error: { error, offset, length } };
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
          root = yamlLibrary().parseDocument(text, { uniqueKeys: false }).contents as YamlNode | null;
        } catch {
          root = null;
        }
      }
      const { isMap, isPair, isScalar, isSeq } = yamlLibrary();
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
