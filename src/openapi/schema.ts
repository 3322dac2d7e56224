import { unescapePointerSegment, type Diagnostic, type JsonValue } from '../diagnostics/index.js';
import type { Field, FieldLocation } from '../fields/index.js';
import { isReference, valueAt, type Cursor, type SpecDocument } from './document.js';
import { isObject } from './parse.js';
import { annotationKeys, fillAnnotations, ShapeReader, valueAnnotationKeys, type Annotations, type Shape } from './shape.js';

/** One entry of the manifest's `schemas` table: a schema where nesting stopped, expanded once. */
export interface SchemaEntry {
  /** Name of the schema (`User` for `#/components/schemas/User`). */
  name: string;
  /** Spec id the schema belongs to. */
  spec: string;
  type: string;
  description?: string;
  deprecated?: boolean;
  /** Fields of an object schema (or of the items of an array schema). */
  properties?: Field[];
  source: { file: string; pointer: string };
}

export interface SchemaLimits {
  /** Deepest nesting of `properties` inlined into a page before stopping at a table reference. Default 6. */
  maxDepth: number;
  /** Fields inlined per list (params, response fields, one table entry) before stopping at references. Default 1500. */
  maxFields: number;
  /**
   * Work for one spec over the whole run: schemas read, parts merged through allOf/oneOf/anyOf, fields
   * made. Default 100,000, or a tenth of the characters of the spec's files when that is more (real
   * specs need under a fiftieth: openai's 3.4 MB spec 61,000). Past it: `openapi/schema-too-large`, and
   * fields stop at table references without nested properties.
   */
  maxExpansion: number;
  /** allOf/oneOf/anyOf parts and array items read inside one another. Default 32; deeper ones are left out, with a warning. */
  maxNesting: number;
  /** Longest type string; a longer one is given as `any`, with a warning. Default 200. */
  maxTypeLength: number;
}

export const defaultLimits: SchemaLimits = { maxDepth: 6, maxFields: 1500, maxExpansion: 100_000, maxNesting: 32, maxTypeLength: 200 };

interface Pending {
  key: string;
  doc: SpecDocument;
  spec: string;
  cursor: Cursor;
}

/**
 * The shared table of schemas behind the manifest's `schemas`. A page inlines the fields of its schemas
 * up to a depth and size bound; where a schema recurses (or a bound is hit) the field carries a
 * `schemaRef` key of this table instead, and the table holds that schema expanded once, its own
 * recursion stopping the same way. So the result is always a finite, acyclic, JSON-serializable value.
 * Keys are `<file>#<pointer>`, for a spec's own schemas `<specId>#/components/schemas/<Name>`.
 */
export class SchemaTable {
  readonly limits: SchemaLimits;
  private readonly entries = new Map<string, SchemaEntry>();
  private readonly queue: Pending[] = [];
  private readonly readers = new Map<SpecDocument, ShapeReader>();
  private readonly problems: Diagnostic[] = [];

  constructor(limits: Partial<SchemaLimits> = {}) {
    this.limits = { ...defaultLimits, ...limits };
  }

  /** Warnings about schemas too large to expand (`openapi/schema-too-large`), each once; taking them empties the list. */
  takeDiagnostics(): Diagnostic[] {
    return this.problems.splice(0);
  }

  /** The shape reader of a spec: its memo and its budget of work last for the whole run. */
  reader(doc: SpecDocument, spec: string): ShapeReader {
    let reader = this.readers.get(doc);
    if (!reader) {
      let characters = 0;
      for (const file of doc.files.values()) characters += file.text.length;
      const maxWork = Math.max(this.limits.maxExpansion, Math.floor(characters / 10));
      reader = new ShapeReader(doc, spec, { maxNesting: this.limits.maxNesting, maxTypeLength: this.limits.maxTypeLength, maxWork }, (d) => this.problems.push(d));
      this.readers.set(doc, reader);
    }
    return reader;
  }

  get size(): number {
    return this.entries.size;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  get(key: string): SchemaEntry | undefined {
    return this.entries.get(key);
  }

  keys(): string[] {
    return [...this.entries.keys()].sort();
  }

  /** Makes sure `key` gets an entry; the entry is expanded by `drain`, so requiring never recurses. */
  require(key: string, doc: SpecDocument, spec: string, cursor: Cursor): void {
    if (this.entries.has(key)) return;
    const placeholder: SchemaEntry = { name: nameOf(cursor), spec, type: 'object', source: { file: cursor.file, pointer: cursor.pointer } };
    this.entries.set(key, placeholder);
    this.queue.push({ key, doc, spec, cursor });
  }

  /** Expands every required entry (and the entries those require in turn). */
  drain(): void {
    while (this.queue.length > 0) {
      const { key, doc, spec, cursor } = this.queue.shift()!;
      // Entries are shared by requests and responses: their fields say `body` and keep readOnly/writeOnly ones.
      const converter = new SchemaConverter(doc, spec, this, 'body', [key], false);
      const expanded = converter.expandResolved(cursor, 0);
      const entry: SchemaEntry = { name: nameOf(cursor), spec, type: expanded.type, source: { file: cursor.file, pointer: cursor.pointer } };
      if (expanded.description !== undefined) entry.description = expanded.description;
      if (expanded.deprecated) entry.deprecated = true;
      if (expanded.properties) entry.properties = expanded.properties;
      this.entries.set(key, entry);
    }
  }

  /** The table as the manifest's `schemas`: keys sorted, so output is byte-identical run to run. */
  toJSON(): Record<string, JsonValue> {
    this.drain();
    const out: Record<string, JsonValue> = {};
    // SchemaEntry is plain JSON data (strings, booleans, arrays, objects); the cast only drops the interface name.
    for (const key of this.keys()) out[key] = this.entries.get(key)! as unknown as JsonValue;
    return out;
  }
}

function nameOf(cursor: Cursor): string {
  const at = cursor.pointer.lastIndexOf('/');
  const last = at === -1 ? '' : unescapePointerSegment(cursor.pointer.slice(at + 1));
  if (last !== '') return last;
  const base = cursor.file.slice(cursor.file.lastIndexOf('/') + 1);
  return base.replace(/\.(json|ya?ml)$/i, '');
}

interface Expanded {
  type: string;
  description?: string;
  default?: JsonValue;
  deprecated?: boolean;
  properties?: Field[];
  schemaRef?: string;
  annotations?: Annotations;
}

/**
 * Turns schemas into the shared Field model. Types: `string`, `integer`, `object`, `string[]`,
 * `(string | integer)[]`; `null` in a type list is dropped (`["string", "null"]` is `string`). `allOf`
 * merges properties (later ones win), `required` lists and the first type; `oneOf`/`anyOf` give a union
 * type (`string | object`) and the properties of their object alternatives, required only when every
 * alternative requires them. Request fields skip `readOnly` properties, response fields `writeOnly` ones.
 */
export class SchemaConverter {
  private budget: number;
  private readonly stack: KeyStack;
  private readonly reader: ShapeReader;
  /** Arrays of arrays nest without adding a field level; this bounds them separately. */
  private itemsNesting = 0;

  constructor(
    private readonly doc: SpecDocument,
    private readonly spec: string,
    private readonly table: SchemaTable,
    private readonly location: FieldLocation,
    stack: string[] = [],
    private readonly filterAccess = true,
  ) {
    this.budget = table.limits.maxFields;
    this.stack = new KeyStack(stack);
    this.reader = table.reader(doc, spec);
  }

  /** A field for a named value (a property, a parameter, a whole body) whose schema is at `cursor`. */
  field(name: string, required: boolean, cursor: Cursor | undefined, depth: number, source?: Cursor): Field {
    return this.toField(name, required, cursor ? this.expand(cursor, depth) : { type: 'any' }, source ?? cursor);
  }

  /**
   * The fields a body or response lists: an object's properties, or one field named `wholeName` for
   * anything else (an array, a string, a free-form object), required when `wholeRequired`.
   */
  fieldsOf(cursor: Cursor, wholeName: string, wholeRequired: boolean): Field[] {
    return this.bodyOf(cursor, wholeName, wholeRequired).fields;
  }

  /** `fieldsOf` with the type of the whole value (`object`, `object[]`, `string`, `any`). */
  bodyOf(cursor: Cursor, wholeName: string, wholeRequired: boolean): { type: string; fields: Field[] } {
    const expanded = this.expand(cursor, 0);
    if (expanded.type === 'object' && expanded.properties && expanded.schemaRef === undefined) return { type: expanded.type, fields: expanded.properties };
    if (expanded.type === 'any' && !expanded.properties) return { type: expanded.type, fields: [] };
    return { type: expanded.type, fields: [this.toField(wholeName, wholeRequired, expanded, this.doc.deref(cursor) ?? cursor)] };
  }

  /**
   * A schema written as a `$ref`, put in the table instead of inlined: its key and type. Undefined for an
   * inline schema or a broken reference.
   */
  reference(cursor: Cursor): { type: string; schemaRef: string } | undefined {
    if (!isReference(cursor.value)) return undefined;
    const target = this.doc.deref(cursor);
    if (!target) return undefined;
    const key = `${target.file}#${target.pointer}`;
    const stopped = this.stop(target, key);
    return { type: stopped.type, schemaRef: key };
  }

  /** The schema's own example (`example`, else the first of `examples`), with allOf parts merged. */
  exampleOf(cursor: Cursor): JsonValue | undefined {
    return this.reader.shape(cursor).annotations.example;
  }

  private toField(name: string, required: boolean, expanded: Expanded, at: Cursor | undefined): Field {
    const field: Field = { name, in: this.location, type: expanded.type, required, source: at ? { file: at.file, pointer: at.pointer } : { file: this.spec, pointer: '' } };
    if (expanded.default !== undefined) field.default = expanded.default;
    if (expanded.deprecated) field.deprecated = true;
    if (expanded.description !== undefined) field.description = expanded.description;
    if (expanded.annotations) writeAnnotations(field, expanded.annotations);
    if (expanded.properties) field.properties = expanded.properties;
    if (expanded.schemaRef !== undefined) field.schemaRef = expanded.schemaRef;
    return field;
  }

  /** The list's budget or the spec's is spent: what is left stops at table references. */
  private spent(): boolean {
    return this.budget <= 0 || this.reader.exhausted;
  }

  /** Expands a schema that may be a `$ref`, stopping at the table on recursion or when a bound is hit. */
  expand(cursor: Cursor, depth: number): Expanded {
    if (!isReference(cursor.value)) return this.expandResolved(cursor, depth);
    const target = this.doc.deref(cursor);
    if (!target) return { type: 'any' };
    const key = `${target.file}#${target.pointer}`;
    if (this.stack.has(key) || depth > this.table.limits.maxDepth || this.spent()) {
      return this.stop(target, key);
    }
    this.stack.push(key);
    try {
      return this.expandResolved(target, depth);
    } finally {
      this.stack.pop(1);
    }
  }

  private stop(target: Cursor, key: string): Expanded {
    const plain = { file: target.file, pointer: target.pointer, value: valueAt(this.doc.files.get(target.file)!.value, target.pointer) ?? target.value };
    this.table.require(key, this.doc, this.spec, plain);
    const shape = this.reader.shape(target);
    const stopped: Expanded = { type: shape.type, schemaRef: key };
    if (shape.description !== undefined) stopped.description = shape.description;
    if (shape.default !== undefined) stopped.default = shape.default;
    if (shape.deprecated) stopped.deprecated = true;
    stopped.annotations = shape.annotations;
    return stopped;
  }

  /** Expands a schema that is not itself a `$ref`. */
  expandResolved(cursor: Cursor, depth: number): Expanded {
    const shape = this.reader.shape(cursor);
    const out: Expanded = { type: 'any' };
    if (shape.description !== undefined) out.description = shape.description;
    if (shape.default !== undefined) out.default = shape.default;
    if (shape.deprecated) out.deprecated = true;
    out.annotations = shape.annotations;
    if (shape.items && (shape.types.length === 0 || (shape.types.length === 1 && shape.types[0] === 'array'))) return this.expandItems(shape.items, depth, out);
    out.type = shape.type;
    if (shape.properties.size === 0) return out;
    for (const [key, merged] of shape.merged) {
      if (!this.stack.has(key)) continue;
      // `allOf: [{$ref: Node}]` inside Node: the recursion closes through a merged schema.
      this.table.require(key, this.doc, this.spec, merged);
      out.schemaRef = key;
      return out;
    }
    if (depth >= this.table.limits.maxDepth || this.spent()) {
      // Too deep or too big to inline: the table holds this object under its own location.
      const key = `${cursor.file}#${cursor.pointer}`;
      if (!this.stack.has(key)) this.table.require(key, this.doc, this.spec, cursor);
      out.schemaRef = key;
      return out;
    }
    for (const key of shape.merged.keys()) this.stack.push(key);
    try {
      out.properties = this.propertyFields(shape, depth);
    } finally {
      this.stack.pop(shape.merged.size);
    }
    return out;
  }

  private expandItems(items: Cursor, depth: number, out: Expanded): Expanded {
    if (this.itemsNesting >= 16) return { ...out, type: 'any[]' };
    this.itemsNesting++;
    let expanded: Expanded;
    try {
      expanded = this.expand(items, depth);
    } finally {
      this.itemsNesting--;
    }
    out.type = `${expanded.type.includes(' ') ? `(${expanded.type})` : expanded.type}[]`;
    // Enum, format, limits and pattern cannot apply to the array itself: they are its items'.
    if (expanded.annotations && valueAnnotationKeys.some((key) => expanded.annotations![key] !== undefined)) {
      const merged: Annotations = { ...out.annotations };
      fillAnnotations(merged, expanded.annotations, valueAnnotationKeys);
      out.annotations = merged;
    }
    if (expanded.properties) out.properties = expanded.properties;
    if (expanded.schemaRef !== undefined) out.schemaRef = expanded.schemaRef;
    return out;
  }

  private propertyFields(shape: Shape, depth: number): Field[] {
    const fields: Field[] = [];
    for (const [name, cursor] of shape.properties) {
      const resolved = this.doc.deref(cursor);
      const flags = resolved && isObject(resolved.value) ? resolved.value : {};
      if (this.filterAccess && this.location !== 'response' && flags.readOnly === true) continue;
      if (this.filterAccess && this.location === 'response' && flags.writeOnly === true) continue;
      this.budget--;
      this.reader.spend(1, cursor);
      fields.push(this.field(name, shape.required.has(name), cursor, depth + 1, cursor));
    }
    return fields;
  }
}

/** The keys being expanded, innermost last, with constant-time membership (merged schemas can be many). */
class KeyStack {
  private readonly keys: string[] = [];
  private readonly counts = new Map<string, number>();

  constructor(initial: readonly string[]) {
    for (const key of initial) this.push(key);
  }

  push(key: string): void {
    this.keys.push(key);
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  pop(count: number): void {
    for (let i = 0; i < count; i++) {
      const key = this.keys.pop()!;
      const left = this.counts.get(key)! - 1;
      if (left === 0) this.counts.delete(key);
      else this.counts.set(key, left);
    }
  }

  has(key: string): boolean {
    return this.counts.has(key);
  }
}

/** The keywords in one order for every field, so a manifest's bytes depend only on the spec. */
function writeAnnotations(field: Field, annotations: Annotations): void {
  for (const key of annotationKeys) {
    const value = annotations[key];
    if (value !== undefined) (field as unknown as Record<string, JsonValue>)[key] = value;
  }
}
