import type { JsonValue } from '../diagnostics/index.js';
import type { Field, FieldLocation } from '../fields/index.js';
import { isReference, valueAt, type Cursor, type SpecDocument } from './document.js';
import { isObject } from './parse.js';

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
}

export const defaultLimits: SchemaLimits = { maxDepth: 6, maxFields: 1500 };

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
  private readonly entries = new Map<string, SchemaEntry>();
  private readonly queue: Pending[] = [];

  constructor(readonly limits: SchemaLimits = defaultLimits) {}

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
  const last = at === -1 ? '' : cursor.pointer.slice(at + 1).replace(/~1/g, '/').replace(/~0/g, '~');
  if (last !== '') return last;
  const base = cursor.file.slice(cursor.file.lastIndexOf('/') + 1);
  return base.replace(/\.(json|ya?ml)$/i, '');
}

/** What a schema describes, once `allOf` is merged and `oneOf`/`anyOf` are folded. */
interface Shape {
  types: string[];
  description?: string;
  default?: JsonValue;
  deprecated: boolean;
  readOnly: boolean;
  writeOnly: boolean;
  properties: Array<{ name: string; cursor: Cursor }>;
  required: Set<string>;
  items?: Cursor;
  /** Named schemas merged in through allOf / oneOf / anyOf: a recursion can close through them too. */
  merged: Array<{ key: string; cursor: Cursor }>;
}

interface Expanded {
  type: string;
  description?: string;
  default?: JsonValue;
  deprecated?: boolean;
  properties?: Field[];
  schemaRef?: string;
}

const primitiveOfValue = (value: JsonValue): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'object' ? 'object' : typeof value === 'number' && Number.isInteger(value) ? 'integer' : typeof value;

/**
 * Turns schemas into the shared Field model. Types: `string`, `integer`, `object`, `string[]`,
 * `(string | integer)[]`; `null` in a type list is dropped (`["string", "null"]` is `string`). `allOf`
 * merges properties (later ones win), `required` lists and the first type; `oneOf`/`anyOf` give a union
 * type (`string | object`) and the properties of their object alternatives, required only when every
 * alternative requires them. Request fields skip `readOnly` properties, response fields `writeOnly` ones.
 */
export class SchemaConverter {
  private budget: number;
  private readonly stack: string[];
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
    this.stack = [...stack];
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
    const expanded = this.expand(cursor, 0);
    if (expanded.type === 'object' && expanded.properties && expanded.schemaRef === undefined) return expanded.properties;
    if (expanded.type === 'any' && !expanded.properties) return [];
    return [this.toField(wholeName, wholeRequired, expanded, this.doc.deref(cursor) ?? cursor)];
  }

  private toField(name: string, required: boolean, expanded: Expanded, at: Cursor | undefined): Field {
    const field: Field = { name, in: this.location, type: expanded.type, required, source: at ? { file: at.file, pointer: at.pointer } : { file: this.spec, pointer: '' } };
    if (expanded.default !== undefined) field.default = expanded.default;
    if (expanded.deprecated) field.deprecated = true;
    if (expanded.description !== undefined) field.description = expanded.description;
    if (expanded.properties) field.properties = expanded.properties;
    if (expanded.schemaRef !== undefined) field.schemaRef = expanded.schemaRef;
    return field;
  }

  /** Expands a schema that may be a `$ref`, stopping at the table on recursion or when a bound is hit. */
  expand(cursor: Cursor, depth: number): Expanded {
    if (!isReference(cursor.value)) return this.expandResolved(cursor, depth);
    const target = this.doc.deref(cursor);
    if (!target) return { type: 'any' };
    const key = `${target.file}#${target.pointer}`;
    if (this.stack.includes(key) || depth > this.table.limits.maxDepth || this.budget <= 0) {
      return this.stop(target, key);
    }
    this.stack.push(key);
    try {
      return this.expandResolved(target, depth);
    } finally {
      this.stack.pop();
    }
  }

  private stop(target: Cursor, key: string): Expanded {
    const plain = { file: target.file, pointer: target.pointer, value: valueAt(this.doc.files.get(target.file)!.value, target.pointer) ?? target.value };
    this.table.require(key, this.doc, this.spec, plain);
    const shape = this.shape(target, new Set());
    const stopped: Expanded = { type: this.typeOf(shape, new Set([key])), schemaRef: key };
    if (shape.description !== undefined) stopped.description = shape.description;
    if (shape.deprecated) stopped.deprecated = true;
    return stopped;
  }

  /** Expands a schema that is not itself a `$ref`. */
  expandResolved(cursor: Cursor, depth: number): Expanded {
    const shape = this.shape(cursor, new Set());
    const out: Expanded = { type: 'any' };
    if (shape.description !== undefined) out.description = shape.description;
    if (shape.default !== undefined) out.default = shape.default;
    if (shape.deprecated) out.deprecated = true;
    if (shape.items && (shape.types.length === 0 || (shape.types.length === 1 && shape.types[0] === 'array'))) {
      if (this.itemsNesting >= 16) return { ...out, type: 'any[]' };
      this.itemsNesting++;
      let items: Expanded;
      try {
        items = this.expand(shape.items, depth);
      } finally {
        this.itemsNesting--;
      }
      out.type = `${items.type.includes(' ') ? `(${items.type})` : items.type}[]`;
      if (items.properties) out.properties = items.properties;
      if (items.schemaRef !== undefined) out.schemaRef = items.schemaRef;
      return out;
    }
    out.type = this.typeOf(shape, new Set());
    if (shape.properties.length === 0) return out;
    const closing = shape.merged.find((m) => this.stack.includes(m.key));
    if (closing) {
      // `allOf: [{$ref: Node}]` inside Node: the recursion closes through a merged schema.
      this.table.require(closing.key, this.doc, this.spec, closing.cursor);
      out.schemaRef = closing.key;
      return out;
    }
    if (depth >= this.table.limits.maxDepth || this.budget <= 0) {
      // Too deep or too big to inline: the table holds this object under its own location.
      const key = `${cursor.file}#${cursor.pointer}`;
      if (!this.stack.includes(key)) this.table.require(key, this.doc, this.spec, cursor);
      out.schemaRef = key;
      return out;
    }
    const pushed = shape.merged.map((m) => m.key);
    this.stack.push(...pushed);
    try {
      out.properties = this.propertyFields(shape, depth);
    } finally {
      this.stack.length -= pushed.length;
    }
    return out;
  }

  private propertyFields(shape: Shape, depth: number): Field[] {
    const fields: Field[] = [];
    for (const property of shape.properties) {
      const resolved = this.doc.deref(property.cursor);
      const flags = resolved && isObject(resolved.value) ? resolved.value : {};
      if (this.filterAccess && this.location !== 'response' && flags.readOnly === true) continue;
      if (this.filterAccess && this.location === 'response' && flags.writeOnly === true) continue;
      this.budget--;
      fields.push(this.field(property.name, shape.required.has(property.name), property.cursor, depth + 1, property.cursor));
    }
    return fields;
  }

  private typeOf(shape: Shape, seen: Set<string>): string {
    if (shape.types.length > 0) {
      if (shape.types.length === 1 && shape.types[0] === 'array' && shape.items) return `${this.itemType(shape.items, seen)}[]`;
      return shape.types.join(' | ');
    }
    if (shape.items) return `${this.itemType(shape.items, seen)}[]`;
    if (shape.properties.length > 0) return 'object';
    return 'any';
  }

  private itemType(items: Cursor, seen: Set<string>): string {
    const target = this.doc.deref(items);
    if (!target) return 'any';
    const key = `${target.file}#${target.pointer}`;
    if (seen.has(key) || seen.size > 16) return 'any';
    seen.add(key);
    const type = this.typeOf(this.shape(target, new Set()), seen);
    return type.includes(' ') ? `(${type})` : type;
  }

  /** Reads a schema's own keywords and merges `allOf` / folds `oneOf` and `anyOf`, following `$ref`s. */
  private shape(cursor: Cursor, visiting: Set<string>): Shape {
    const shape: Shape = { types: [], deprecated: false, readOnly: false, writeOnly: false, properties: [], required: new Set(), merged: [] };
    const node = this.doc.deref(cursor);
    if (!node || !isObject(node.value)) return shape;
    const key = `${node.file}#${node.pointer}`;
    if (visiting.has(key) || visiting.size > 32) return shape;
    visiting.add(key);
    const value = node.value;
    if (visiting.size > 1 && isReference(cursor.value)) shape.merged.push({ key, cursor: { file: node.file, pointer: node.pointer, value: valueAt(this.doc.files.get(node.file)!.value, node.pointer) ?? node.value } });

    const ownTypes = typeof value.type === 'string' ? [value.type] : Array.isArray(value.type) ? value.type.filter((t): t is string => typeof t === 'string') : [];
    shape.types = ownTypes.filter((t) => t !== 'null');
    if (shape.types.length === 0 && ownTypes.length > 0) shape.types = ['null'];
    if (typeof value.description === 'string') shape.description = value.description;
    if (value.default !== undefined) shape.default = value.default;
    shape.deprecated = value.deprecated === true;
    shape.readOnly = value.readOnly === true;
    shape.writeOnly = value.writeOnly === true;
    if (isObject(value.properties)) {
      for (const name of Object.keys(value.properties)) {
        shape.properties.push({ name, cursor: { file: node.file, pointer: `${node.pointer}/properties/${escape(name)}`, value: value.properties[name]! } });
      }
    }
    if (Array.isArray(value.required)) for (const r of value.required) if (typeof r === 'string') shape.required.add(r);
    if (value.items !== undefined && !Array.isArray(value.items)) shape.items = { file: node.file, pointer: `${node.pointer}/items`, value: value.items };

    if (Array.isArray(value.allOf)) {
      value.allOf.forEach((sub, i) => {
        const part = this.shape({ file: node.file, pointer: `${node.pointer}/allOf/${i}`, value: sub }, visiting);
        if (shape.types.length === 0) shape.types = part.types;
        shape.description ??= part.description;
        if (shape.default === undefined && part.default !== undefined) shape.default = part.default;
        shape.deprecated ||= part.deprecated;
        mergeProperties(shape, part.properties);
        for (const r of part.required) shape.required.add(r);
        shape.items ??= part.items;
        shape.merged.push(...part.merged);
      });
    }
    for (const keyword of ['oneOf', 'anyOf'] as const) {
      const alternatives = value[keyword];
      if (!Array.isArray(alternatives) || alternatives.length === 0) continue;
      const parts = alternatives.map((sub, i) => this.shape({ file: node.file, pointer: `${node.pointer}/${keyword}/${i}`, value: sub }, visiting));
      for (const part of parts) shape.merged.push(...part.merged);
      if (shape.types.length === 0) {
        const union: string[] = [];
        for (const part of parts) {
          const type = this.typeOf(part, new Set());
          if (type !== 'any' && type !== 'null' && !union.includes(type)) union.push(type);
        }
        shape.types = union;
      }
      const objects = parts.filter((p) => p.properties.length > 0);
      for (const part of objects) mergeProperties(shape, part.properties, false);
      for (const property of new Set(objects.flatMap((p) => p.properties.map((q) => q.name)))) {
        if (objects.every((p) => p.required.has(property))) shape.required.add(property);
      }
      if (shape.items === undefined) shape.items = parts.find((p) => p.items)?.items;
    }
    if (shape.types.length === 0 && value.enum !== undefined && Array.isArray(value.enum) && value.enum.length > 0) {
      shape.types = [...new Set(value.enum.filter((v) => v !== null).map(primitiveOfValue))];
    }
    if (shape.types.length === 0 && value.const !== undefined) shape.types = [primitiveOfValue(value.const)];
    visiting.delete(key);
    return shape;
  }
}

function escape(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Adds properties by name: later definitions replace earlier ones in place (`override`) or are ignored. */
function mergeProperties(shape: Shape, extra: Shape['properties'], override = true): void {
  for (const property of extra) {
    const at = shape.properties.findIndex((p) => p.name === property.name);
    if (at === -1) shape.properties.push(property);
    else if (override) shape.properties[at] = property;
  }
}
