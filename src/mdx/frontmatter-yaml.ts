import type JsYaml from 'js-yaml';
import type { Document, Node as YamlNode } from 'yaml';
import { jsYamlLibrary, yamlLibrary } from '../libraries.js';

/** Offsets into the YAML text: [start, end). */
export type Range = readonly [number, number];

export interface YamlReading {
  value: unknown;
  /** Where each top-level key and its value are; a key without a value has no value range. */
  ranges: Map<string, { key: Range; value?: Range }>;
  /** The top level is not a mapping: a list, a scalar or empty (its range). */
  notMapping?: { kind: string; range: Range };
}

export interface YamlError {
  message: string;
  code: string;
  range: Range;
}

export type YamlResult = { ok: true; reading: YamlReading } | { ok: false; error: YamlError };

/**
 * Reads frontmatter YAML as the hosted service does, with positions. The service's reader is js-yaml,
 * so whatever js-yaml accepts is accepted here; values are those of the YAML 1.2 core schema
 * (`2024-01-01` stays a string), read by `yaml`, which keeps positions. Where `yaml` is stricter than
 * js-yaml (continuation lines of a quoted value or a flow collection indented less than its key,
 * implicit keys over 1,024 characters), js-yaml's reading is taken, with positions from its own parse.
 * A text both reject is an error at `yaml`'s position.
 */
export function readYaml(text: string): YamlResult {
  // yaml reads a lone CR as a character, not a line break; js-yaml and the page's line index do.
  const yamlText = text.replace(/\r(?!\n)/g, '\n');
  const document = yamlLibrary().parseDocument(yamlText, { prettyErrors: false, keepSourceTokens: false, uniqueKeys: false });
  const error = firstError(document);
  if (!error) return readDocument(document);
  return readLeniently(yamlText) ?? { ok: false, error };
}

function firstError(document: Document.Parsed): YamlError | undefined {
  const parsed = document.errors[0];
  const duplicate = firstDuplicateKey(document);
  const candidates: YamlError[] = [];
  if (parsed) candidates.push({ message: parsed.message, code: parsed.code, range: [parsed.pos[0], parsed.pos[1]] });
  if (duplicate) candidates.push(duplicate);
  return candidates.sort((a, b) => a.range[0] - b.range[0])[0];
}

/**
 * The first key repeated in one mapping, at any depth. yaml's own check compares each key with every
 * earlier one (100,000 keys took 36 s, 500,000 never ended); this one keeps a set per mapping.
 */
function firstDuplicateKey(document: Document.Parsed): YamlError | undefined {
  let found: YamlError | undefined;
  const { isScalar, visit } = yamlLibrary();
  visit(document, {
    Map(_key, map) {
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        if (!isScalar(pair.key)) continue;
        const value: unknown = pair.key.value;
        if (seen.has(value)) {
          const range = pair.key.range ?? [0, 0];
          if (!found || range[0] < found.range[0]) found = { message: 'Map keys must be unique', code: 'DUPLICATE_KEY', range: [range[0], range[1]] };
          break;
        }
        seen.add(value);
      }
    },
  });
  return found;
}

function readDocument(document: Document.Parsed): YamlResult {
  const { isMap, isPair, isScalar } = yamlLibrary();
  const contents = document.contents as YamlNode | null;
  const ranges = new Map<string, { key: Range; value?: Range }>();
  if (contents === null || (isScalar(contents) && contents.value === null)) return { ok: true, reading: { value: null, ranges } };
  if (!isMap(contents)) {
    const kind = isScalar(contents) ? `a ${typeof contents.value}` : 'a list';
    const range = contents.range ?? [0, 0];
    return { ok: true, reading: { value: undefined, ranges, notMapping: { kind, range: [range[0], range[1]] } } };
  }
  let value: unknown;
  try {
    value = document.toJS({ maxAliasCount: 100 });
  } catch (error) {
    const range = contents.range ?? [0, 0];
    return { ok: false, error: { message: (error as Error).message.split('\n')[0] ?? '', code: 'ALIAS', range: [range[0], range[1]] } };
  }
  for (const pair of contents.items) {
    if (!isPair(pair) || !isScalar(pair.key) || !pair.key.range) continue;
    const valueNode = (pair.value ?? null) as YamlNode | null;
    const keyRange: Range = [pair.key.range[0], pair.key.range[1]];
    ranges.set(String(pair.key.value), valueNode?.range ? { key: keyRange, value: [valueNode.range[0], valueNode.range[1]] } : { key: keyRange });
  }
  return { ok: true, reading: { value, ranges } };
}

/**
 * js-yaml's reading of a text `yaml` rejected, or undefined when js-yaml rejects it too. Values come
 * from js-yaml's core schema (the same values `yaml` gives); a text using js-yaml's extra tags
 * (`!!set`, `!!binary`, `!!timestamp`) is read with its default schema, as the service reads it.
 */
function readLeniently(text: string): YamlResult | undefined {
  const jsYaml = jsYamlLibrary();
  const ranges = new Map<string, { key: Range; value?: Range }>();
  let value: unknown;
  try {
    value = jsYaml.load(text, { schema: jsYaml.CORE_SCHEMA, listener: topLevelListener(text, ranges) });
  } catch {
    ranges.clear();
    try {
      value = jsYaml.load(text, { listener: topLevelListener(text, ranges) });
    } catch {
      return undefined;
    }
  }
  if (value === null || value === undefined) return { ok: true, reading: { value: null, ranges } };
  if (typeof value !== 'object' || Array.isArray(value)) {
    return { ok: true, reading: { value: undefined, ranges, notMapping: { kind: Array.isArray(value) ? 'a list' : `a ${typeof value}`, range: [0, text.length] } } };
  }
  return { ok: true, reading: { value, ranges } };
}

/** js-yaml's parser state has the node depth too, which its types leave out. */
type ListenerState = JsYaml.State & { depth?: number };

/**
 * Collects the ranges of the top-level keys and values from js-yaml's node events: a node of the
 * top-level mapping followed by `:` is a key, the node after a key is its value.
 */
function topLevelListener(text: string, ranges: Map<string, { key: Range; value?: Range }>): (event: JsYaml.EventType, state: ListenerState) => void {
  let openedAt = 0;
  let pendingKey: string | undefined;
  return (event, state) => {
    if (state.depth !== 2) return;
    if (event === 'open') {
      openedAt = state.position;
      return;
    }
    const start = skipBlank(text, openedAt);
    const end = Math.max(start, trimEnd(text, state.position));
    const result: unknown = state.result;
    const scalar = typeof result === 'string' || typeof result === 'number' || typeof result === 'boolean';
    if (scalar && text.charCodeAt(skipSpaces(text, state.position)) === 58 /* : */) {
      pendingKey = String(result);
      ranges.set(pendingKey, { key: [start, end] });
      return;
    }
    const entry = pendingKey === undefined ? undefined : ranges.get(pendingKey);
    if (entry && start < end) entry.value = [start, end];
    pendingKey = undefined;
  };
}

function skipSpaces(text: string, at: number): number {
  let i = at;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
  return i;
}

/** Past spaces, line breaks and comment lines: where a node's text starts. */
function skipBlank(text: string, at: number): number {
  let i = at;
  for (;;) {
    const code = text.charCodeAt(i);
    if (code === 32 || code === 9 || code === 10 || code === 13) i++;
    else if (code === 35 /* # */) while (i < text.length && text.charCodeAt(i) !== 10) i++;
    else return i;
  }
}

function trimEnd(text: string, at: number): number {
  let i = at;
  while (i > 0 && /\s/.test(text.charAt(i - 1))) i--;
  return i;
}
