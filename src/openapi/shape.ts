import { createDiagnostic, escapePointerSegment, type Diagnostic, type JsonValue } from '../diagnostics/index.js';
import { isReference, valueAt, type Cursor, type SpecDocument } from './document.js';
import { isObject } from './parse.js';
import type { FieldAnnotations } from '../fields/field.js';

/**
 * What a schema describes, once `allOf` is merged and `oneOf`/`anyOf` are folded. Shapes are memoized and
 * shared by every caller, so nothing changes one after it is built.
 */
export interface Shape {
  types: string[];
  /** The type as the manifest writes it: `string`, `object[]`, `(string | integer)[]`, `any`. */
  type: string;
  description?: string;
  default?: JsonValue;
  deprecated: boolean;
  /** Properties by name, in document order; a later `allOf` part replaces a property in place. */
  properties: ReadonlyMap<string, Cursor>;
  required: ReadonlySet<string>;
  items?: Cursor;
  /** Named schemas merged in through allOf / oneOf / anyOf, each once: a recursion can close through them. */
  merged: ReadonlyMap<string, Cursor>;
  /** Constraints and annotations of the value (enum, format, limits, example, nullable, ...). */
  annotations: Annotations;
}

/** The schema keywords a field carries besides its type (docs/openapi.md#fields): the field model's own. */
export type Annotations = FieldAnnotations;

export const annotationKeys = [
  'enum', 'format', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength',
  'minItems', 'maxItems', 'pattern', 'example', 'nullable', 'readOnly', 'writeOnly',
] as const satisfies ReadonlyArray<keyof Annotations>;

/** The keywords about a value (not about the array holding it): an array field takes them from its items. */
export const valueAnnotationKeys = [
  'enum', 'format', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'pattern',
] as const satisfies ReadonlyArray<keyof Annotations>;

const noAnnotations: Annotations = Object.freeze({});

export interface ShapeLimits {
  /** allOf / oneOf / anyOf parts and array items read inside one another before the rest is left out. */
  maxNesting: number;
  /** Longest type string (nested unions of arrays double it per level) before it is given as `any`. */
  maxTypeLength: number;
  /** Units of work (schemas read, parts merged, fields made) for one spec over a whole run. */
  maxWork: number;
}

const emptyShape: Shape = { types: [], type: 'any', deprecated: false, properties: new Map(), required: new Set(), merged: new Map(), annotations: noAnnotations };

/** One walk from a top-level schema: the schemas being read (with their depth) and results that depend on them. */
interface Walk {
  visiting: Map<string, number>;
  local: Map<string, Shape>;
  localOverlaid: WeakMap<object, Shape>;
}

/** `cut`: the shallowest depth of the walk the result depends on (a cycle or the nesting bound); Infinity: none. */
interface Read {
  shape: Shape;
  cut: number;
  /** Set when the cursor is a `$ref` that resolved: the named schema it merges in. */
  self?: { key: string; cursor: Cursor };
}

const primitiveOfValue = (value: JsonValue): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'object' ? 'object' : typeof value === 'number' && Number.isInteger(value) ? 'integer' : typeof value;

/**
 * Reads the shapes of one spec's schemas. Each schema is read once (memoized by its location, or by the
 * `$ref` object when keys beside it change it), so `allOf: [{$ref: S1}, {$ref: S1}]` seventeen levels
 * deep costs seventeen reads, not 2^17. A result that depends on where the walk started (a cycle cut
 * at an outer schema, the nesting bound) is kept for that walk only. Every read counts against the
 * spec's budget of work; past it, schemas read as `any` and one warning says where it ran out.
 */
export class ShapeReader {
  private readonly memo = new Map<string, Shape>();
  private readonly memoOverlaid = new WeakMap<object, Shape>();
  private work = 0;
  private readonly reported = new Set<string>();

  constructor(
    private readonly doc: SpecDocument,
    private readonly spec: string,
    private readonly limits: ShapeLimits,
    private readonly report: (diagnostic: Diagnostic) => void,
  ) {}

  /** Work done so far (see `ShapeLimits.maxWork`). */
  get used(): number {
    return this.work;
  }

  get exhausted(): boolean {
    return this.work > this.limits.maxWork;
  }

  /** Counts work done at `at`; false once the budget is spent (the first time, with a warning there). */
  spend(units: number, at: Cursor): boolean {
    this.work += units;
    if (!this.exhausted) return true;
    this.warnOnce('budget', at, `the schemas of ${this.spec} expand to more than ${this.limits.maxWork} nodes (fields, and schemas merged through allOf/oneOf/anyOf); from here on, fields stop at a reference to the schemas table without nested properties`, {
      suggestion: 'look for schemas that combine the same schema many times, or whose properties reference many large schemas',
    });
    return false;
  }

  /** The shape of the schema at `cursor` (a `$ref` is followed). */
  shape(cursor: Cursor): Shape {
    return this.read(cursor, { visiting: new Map(), local: new Map(), localOverlaid: new WeakMap() }).shape;
  }

  private read(cursor: Cursor, walk: Walk): Read {
    const node = this.doc.deref(cursor);
    if (!node || !isObject(node.value)) return { shape: emptyShape, cut: Infinity };
    const key = `${node.file}#${node.pointer}`;
    const composed = this.doc.isComposed(node.value);
    // Keys written beside a `$ref` make a value of their own: it is memoized by the object the cursor holds
    // (the `$ref` object with those keys, or the composed value a caller passed).
    const read = this.readNode(node, key, composed ? (cursor.value as object) : undefined, walk);
    if (!isReference(cursor.value)) return read;
    const value = composed ? (valueAt(this.doc.files.get(node.file)!.value, node.pointer) ?? node.value) : node.value;
    return { shape: read.shape, cut: read.cut, self: { key, cursor: { file: node.file, pointer: node.pointer, value } } };
  }

  private readNode(node: Cursor, key: string, overlaid: object | undefined, walk: Walk): Read {
    const memoized = overlaid ? this.memoOverlaid.get(overlaid) : this.memo.get(key);
    if (memoized) return { shape: memoized, cut: Infinity };
    const local = overlaid ? walk.localOverlaid.get(overlaid) : walk.local.get(key);
    if (local) return { shape: local, cut: 0 };
    const depth = walk.visiting.get(key);
    if (depth !== undefined) return { shape: emptyShape, cut: depth };
    if (walk.visiting.size >= this.limits.maxNesting) {
      this.warnOnce('nesting', node, `allOf/oneOf/anyOf parts and array items nest more than ${this.limits.maxNesting} schemas deep here; the schemas below are left out`);
      return { shape: emptyShape, cut: 0 };
    }
    if (!this.spend(1, node)) return { shape: emptyShape, cut: 0 };
    const own = walk.visiting.size;
    walk.visiting.set(key, own);
    const cuts = { cut: Infinity };
    const shape = this.build(node, walk, cuts);
    walk.visiting.delete(key);
    const settled = cuts.cut >= own;
    if (overlaid) (settled ? this.memoOverlaid : walk.localOverlaid).set(overlaid, shape);
    else (settled ? this.memo : walk.local).set(key, shape);
    return { shape, cut: settled ? Infinity : cuts.cut };
  }

  /** Reads a part of the schema being built; `cuts` keeps the shallowest cut any part depends on. */
  private part(cursor: Cursor, walk: Walk, cuts: { cut: number }): Read {
    const read = this.read(cursor, walk);
    if (read.cut < cuts.cut) cuts.cut = read.cut;
    return read;
  }

  /** Reads a schema's own keywords and merges `allOf` / folds `oneOf` and `anyOf`. */
  private build(node: Cursor, walk: Walk, cuts: { cut: number }): Shape {
    const value = node.value as { [key: string]: JsonValue };
    const draft = ownKeywords(node.file, node.pointer, value);
    if (Array.isArray(value.allOf)) {
      value.allOf.forEach((sub, i) => this.mergeAllOf(draft, this.part({ file: node.file, pointer: `${node.pointer}/allOf/${i}`, value: sub }, walk, cuts)));
    }
    for (const keyword of ['oneOf', 'anyOf'] as const) {
      const alternatives = value[keyword];
      if (!Array.isArray(alternatives) || alternatives.length === 0) continue;
      this.fold(draft, alternatives.map((sub, i) => this.part({ file: node.file, pointer: `${node.pointer}/${keyword}/${i}`, value: sub }, walk, cuts)));
    }
    if (draft.types.length === 0 && Array.isArray(value.enum) && value.enum.length > 0) {
      draft.types = [...new Set(value.enum.filter((v) => v !== null).map(primitiveOfValue))];
    }
    if (draft.types.length === 0 && value.const !== undefined) draft.types = [primitiveOfValue(value.const)];
    const shape: Shape = { ...draft, annotations: Object.keys(draft.annotations).length > 0 ? draft.annotations : noAnnotations, type: 'any' };
    shape.type = this.typeOf(shape, node, walk, cuts);
    return shape;
  }

  /** `allOf`: properties merge (a later part replaces a property in place), `required` lists add up, the first type wins. */
  private mergeAllOf(draft: Draft, read: Read): void {
    const part = read.shape;
    if (draft.types.length === 0) draft.types = part.types;
    draft.description ??= part.description;
    if (draft.default === undefined && part.default !== undefined) draft.default = part.default;
    draft.deprecated ||= part.deprecated;
    for (const [name, cursor] of part.properties) draft.properties.set(name, cursor);
    for (const r of part.required) draft.required.add(r);
    draft.items ??= part.items;
    fillAnnotations(draft.annotations, part.annotations, annotationKeys);
    this.mergeNamed(draft, read);
  }

  /** `oneOf` / `anyOf`: a union type, the properties of object alternatives, required only when every one requires them. */
  private fold(draft: Draft, reads: Read[]): void {
    for (const read of reads) this.mergeNamed(draft, read);
    const parts = reads.map((r) => r.shape);
    if (draft.types.length === 0) draft.types = [...new Set(parts.map((p) => p.type).filter((t) => t !== 'any' && t !== 'null'))];
    const objects = parts.filter((p) => p.properties.size > 0);
    for (const part of objects) for (const [name, cursor] of part.properties) if (!draft.properties.has(name)) draft.properties.set(name, cursor);
    const names = new Set(objects.flatMap((p) => [...p.properties.keys()]));
    for (const name of names) if (objects.every((p) => p.required.has(name))) draft.required.add(name);
    draft.items ??= parts.find((p) => p.items)?.items;
    // `anyOf: [X, {type: 'null'}]` is how 3.1 (and many 3.0 specs) write a nullable X: X's keywords apply.
    const values = parts.filter((p) => !(p.types.length === 1 && p.types[0] === 'null'));
    if (values.length < parts.length || parts.some((p) => p.annotations.nullable)) draft.annotations.nullable = true;
    if (values.length === 1) fillAnnotations(draft.annotations, values[0]!.annotations, annotationKeys);
  }

  /** The named schemas a part brings in, each once (merging them is work too). */
  private mergeNamed(draft: Draft, read: Read): void {
    if (read.self && !draft.merged.has(read.self.key)) draft.merged.set(read.self.key, read.self.cursor);
    for (const [key, cursor] of read.shape.merged) if (!draft.merged.has(key)) draft.merged.set(key, cursor);
    this.work += read.shape.properties.size + read.shape.merged.size;
  }

  /** `string | integer`, `object[]`, `(string | integer)[]`; `any` when nothing says. */
  private typeOf(shape: Shape, node: Cursor, walk: Walk, cuts: { cut: number }): string {
    const arrayOf = (items: Cursor): string => {
      const inner = this.part(items, walk, cuts).shape.type;
      return `${inner.includes(' ') ? `(${inner})` : inner}[]`;
    };
    let type = 'any';
    if (shape.types.length > 0) type = shape.types.length === 1 && shape.types[0] === 'array' && shape.items ? arrayOf(shape.items) : shape.types.join(' | ');
    else if (shape.items) type = arrayOf(shape.items);
    else if (shape.properties.size > 0) type = 'object';
    if (type.length <= this.limits.maxTypeLength) return type;
    this.warnOnce('type', node, `the type of this schema is longer than ${this.limits.maxTypeLength} characters (unions of arrays of unions, nested); it is given as "any"`);
    return 'any';
  }

  private warnOnce(kind: string, at: Cursor, message: string, extras: { suggestion?: string } = {}): void {
    if (this.reported.has(kind)) return;
    this.reported.add(kind);
    this.report(createDiagnostic('openapi/schema-too-large', message, this.doc.locateIn(at.file, at.pointer), extras));
  }
}

/** A shape being built: changed by `build` only, until it is returned. */
interface Draft {
  types: string[];
  description?: string;
  default?: JsonValue;
  deprecated: boolean;
  properties: Map<string, Cursor>;
  required: Set<string>;
  items?: Cursor;
  merged: Map<string, Cursor>;
  annotations: Annotations;
}

/** Copies the keywords `into` does not have yet (allOf: the first part that says wins). */
export function fillAnnotations(into: Annotations, from: Annotations, keys: ReadonlyArray<keyof Annotations>): void {
  for (const key of keys) {
    if (into[key] === undefined && from[key] !== undefined) (into as Record<string, JsonValue>)[key] = from[key] as JsonValue;
  }
}

const isCount = (value: JsonValue | undefined): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isNumber = (value: JsonValue | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * The value keywords of a schema, normalised once: `const` is a one-value `enum`; `null` leaves an enum
 * for `nullable`; 3.0's boolean `exclusiveMinimum` becomes 3.1's bound; `example`, else the first of 3.1's
 * `examples` list.
 */
export function annotationsOf(value: { [key: string]: JsonValue }, typeListHasNull: boolean): Annotations {
  const out: Annotations = {};
  let nullable = value.nullable === true || typeListHasNull;
  const values = Array.isArray(value.enum) ? value.enum : value.const !== undefined ? [value.const] : undefined;
  if (values) {
    const kept = values.filter((v) => v !== null);
    if (kept.length < values.length) nullable = true;
    if (kept.length > 0) out.enum = kept;
  }
  if (typeof value.format === 'string') out.format = value.format;
  bounds(value, out);
  for (const key of ['minLength', 'maxLength', 'minItems', 'maxItems'] as const) if (isCount(value[key])) out[key] = value[key];
  if (typeof value.pattern === 'string') out.pattern = value.pattern;
  if (value.example !== undefined) out.example = value.example;
  else if (Array.isArray(value.examples) && value.examples.length > 0) out.example = value.examples[0]!;
  if (nullable) out.nullable = true;
  if (value.readOnly === true) out.readOnly = true;
  if (value.writeOnly === true) out.writeOnly = true;
  return out;
}

function bounds(value: { [key: string]: JsonValue }, out: Annotations): void {
  for (const [plain, exclusive] of [['minimum', 'exclusiveMinimum'], ['maximum', 'exclusiveMaximum']] as const) {
    const bound = value[plain];
    const flag = value[exclusive];
    if (isNumber(flag)) out[exclusive] = flag;
    if (!isNumber(bound)) continue;
    if (flag === true) out[exclusive] = bound;
    else out[plain] = bound;
  }
}

/** A schema's own keywords, before its combinators are merged. */
function ownKeywords(file: string, pointer: string, value: { [key: string]: JsonValue }): Draft {
  const ownTypes = typeof value.type === 'string' ? [value.type] : Array.isArray(value.type) ? value.type.filter((t): t is string => typeof t === 'string') : [];
  const types = ownTypes.filter((t) => t !== 'null');
  const draft: Draft = {
    types: types.length === 0 && ownTypes.length > 0 ? ['null'] : types,
    deprecated: value.deprecated === true,
    properties: new Map(),
    required: new Set(),
    merged: new Map(),
    annotations: annotationsOf(value, types.length > 0 && types.length < ownTypes.length),
  };
  if (typeof value.description === 'string') draft.description = value.description;
  if (value.default !== undefined) draft.default = value.default;
  if (value.items !== undefined && !Array.isArray(value.items)) draft.items = { file, pointer: `${pointer}/items`, value: value.items };
  if (isObject(value.properties)) {
    for (const name of Object.keys(value.properties)) draft.properties.set(name, { file, pointer: `${pointer}/properties/${escapePointerSegment(name)}`, value: value.properties[name]! });
  }
  if (Array.isArray(value.required)) for (const r of value.required) if (typeof r === 'string') draft.required.add(r);
  return draft;
}

