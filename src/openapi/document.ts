import { joinPointer, splitPointer, type JsonValue, type PointerLocator, type SourceLocation } from '../diagnostics/index.js';
import { isObject, type SpecFormat } from './parse.js';

/** One parsed file of a spec: the main document or a file reached through `$ref`. */
export interface SpecFile {
  /** Root-relative path, or the URL of a remote spec. */
  id: string;
  value: JsonValue;
  text: string;
  format: SpecFormat;
  hash: string;
  locator: PointerLocator;
}

/** A raw node of a spec together with where it was written. */
export interface Cursor {
  file: string;
  /** Pointer inside `file` (not inside the composed document). */
  pointer: string;
  value: JsonValue;
}

/** Where the file part of a `$ref` leads, decided once when the spec is loaded. */
export type FileResolution = { ok: true; file: string } | { ok: false; message: string };

export type RefTarget = { ok: true; file: string; pointer: string } | { ok: false; message: string };

/** Keys whose value is a map of user-chosen names (so a name like `default` or `example` is not a keyword there). */
const nameMapKeys = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'responses',
  'schemas',
  'headers',
  'content',
  'links',
  'callbacks',
  'securitySchemes',
  'requestBodies',
  'pathItems',
  'paths',
  'webhooks',
  'encoding',
  'variables',
  'examples',
  'parameters',
  'mapping',
  'scopes',
]);

/** Keys holding literal data, where a `$ref` key is an example value, not a reference. */
const dataKeys = new Set(['example', 'default', 'enum', 'const', 'value']);

/** `keyword`: an object of OpenAPI / JSON Schema keywords; `names`: a map of names; `data`: literal data. */
export type WalkMode = 'keyword' | 'names' | 'names-of-names' | 'data';

/** How the value under `key` of an object in `mode` is to be read. */
export function childMode(mode: WalkMode, key: string, child: JsonValue): WalkMode {
  if (mode === 'data') return 'data';
  if (mode === 'names') return 'keyword';
  if (mode === 'names-of-names') return 'names';
  if (key.startsWith('x-') || dataKeys.has(key) || (key === 'examples' && Array.isArray(child))) return 'data';
  if (nameMapKeys.has(key) && isObject(child)) return key === 'callbacks' ? 'names-of-names' : 'names';
  return 'keyword';
}

/**
 * Calls `visit` for every `$ref` that is a reference (not a `$ref` key inside an example, a default, an
 * enum or an `x-` extension, where it is data). Shared YAML aliases are walked at each place they occur;
 * a self-containing alias is walked once.
 */
export function walkReferences(value: JsonValue, basePointer: string, visit: (objectPointer: string, ref: string) => void): void {
  const ancestors = new Set<object>();
  const walk = (node: JsonValue, pointer: string, mode: WalkMode): void => {
    if (typeof node !== 'object' || node === null || mode === 'data' || ancestors.has(node)) return;
    ancestors.add(node);
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) walk(node[i]!, `${pointer}/${i}`, 'keyword');
    } else {
      if (mode === 'keyword' && typeof node.$ref === 'string') visit(pointer, node.$ref);
      for (const key of Object.keys(node)) {
        const child = node[key]!;
        if (typeof child === 'object' && child !== null) walk(child, joinPointer(pointer, key), childMode(mode, key, child));
      }
    }
    ancestors.delete(node);
  };
  walk(value, basePointer, 'keyword');
}

export function isReference(value: JsonValue | undefined): value is { $ref: string; [key: string]: JsonValue } {
  return isObject(value) && typeof value.$ref === 'string';
}

/** The value at a pointer inside one parsed file, or undefined. */
export function valueAt(value: JsonValue, pointer: string): JsonValue | undefined {
  let node: JsonValue | undefined = value;
  for (const segment of splitPointer(pointer)) {
    if (Array.isArray(node)) {
      if (!/^\d+$/.test(segment)) return undefined;
      node = node[Number(segment)];
    } else if (isObject(node)) {
      node = Object.prototype.hasOwnProperty.call(node, segment) ? node[segment] : undefined;
    } else return undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

/** Splits a `$ref` into its file part and its JSON pointer (URI-decoded); undefined for `#anchor` forms. */
export function splitReference(ref: string): { filePart: string; pointer: string } | undefined {
  const hash = ref.indexOf('#');
  const filePart = hash === -1 ? ref : ref.slice(0, hash);
  const fragment = hash === -1 ? '' : ref.slice(hash + 1);
  if (fragment !== '' && !fragment.startsWith('/')) return undefined;
  let segments: string[];
  try {
    segments = splitPointer('#' + fragment);
  } catch {
    return undefined;
  }
  return { filePart, pointer: joinPointer('', ...segments) };
}

/** `$ref` file parts that name another origin (`https://...`, `//host/...`): never followed. */
export function isRemoteReference(filePart: string): boolean {
  return /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(filePart) || filePart.startsWith('//');
}

const maxChain = 64;

/**
 * The composed view of a spec: its files, `$ref` resolution between them, and the mapping of pointers of
 * the composed document back to the file and pointer where each value was written. Read-only; nothing is
 * dereferenced ahead of time, so listing operations of a huge spec costs nothing per schema.
 */
export class SpecDocument {
  private readonly fileResolutions = new Map<string, FileResolution>();
  /** Targets of `$ref`s already followed, with their values: a schema's `$ref` is followed for every field that uses it. */
  private readonly followed = new Map<string, Cursor>();
  /** Values `deref` composed from a target and the keys written beside its `$ref`s: not values of any file. */
  private readonly composed = new WeakSet<object>();

  constructor(
    readonly mainId: string,
    readonly files: ReadonlyMap<string, SpecFile>,
  ) {}

  get main(): SpecFile {
    return this.files.get(this.mainId)!;
  }

  get root(): Cursor {
    return { file: this.mainId, pointer: '', value: this.main.value };
  }

  /** Recorded by the loader while it reads the files `$ref`s lead to. */
  setFileResolution(fromFile: string, filePart: string, resolution: FileResolution): void {
    this.fileResolutions.set(`${fromFile}\0${filePart}`, resolution);
  }

  fileResolution(fromFile: string, filePart: string): FileResolution | undefined {
    return this.fileResolutions.get(`${fromFile}\0${filePart}`);
  }

  /** The target of a `$ref` written in `fromFile`. */
  target(fromFile: string, ref: string): RefTarget {
    const parts = splitReference(ref);
    if (!parts) return { ok: false, message: `"${ref}" is not a JSON pointer reference (only "#/..." fragments are supported)` };
    let file = fromFile;
    if (parts.filePart !== '') {
      const resolution = this.fileResolution(fromFile, parts.filePart);
      if (!resolution) return { ok: false, message: `"${ref}" was not resolved` };
      if (!resolution.ok) return resolution;
      file = resolution.file;
    }
    const spec = this.files.get(file);
    if (!spec || valueAt(spec.value, parts.pointer) === undefined) {
      return { ok: false, message: `"${ref}" points at nothing: ${parts.pointer || '/'} does not exist in ${file}` };
    }
    return { ok: true, file, pointer: parts.pointer };
  }

  /**
   * Follows a chain of `$ref`s to the value it stands for. Keys written next to a `$ref` (a `description`,
   * a `summary`, ...) are kept and win over the target's, the outermost first; `properties` and
   * `required` are combined instead. `undefined` when the chain is broken or loops.
   */
  deref(cursor: Cursor): Cursor | undefined {
    if (!isReference(cursor.value)) return cursor;
    let current = cursor;
    const overlays: Array<{ [key: string]: JsonValue }> = [];
    const seen = new Set<string>();
    while (isReference(current.value)) {
      const { $ref, ...siblings } = current.value;
      if (Object.keys(siblings).length > 0) overlays.push(siblings);
      const target = this.follow(current.file, $ref);
      if (!target) return undefined;
      const key = `${target.file}#${target.pointer}`;
      if (seen.has(key) || seen.size > maxChain) return undefined;
      seen.add(key);
      current = target;
    }
    if (overlays.length === 0 || !isObject(current.value)) return current;
    let merged: { [key: string]: JsonValue } = current.value;
    for (let i = overlays.length - 1; i >= 0; i--) merged = overlay(merged, overlays[i]!);
    this.composed.add(merged);
    return { ...current, value: merged };
  }

  /** Whether `value` was composed by `deref` (a target with keys beside its `$ref`) rather than written in a file. */
  isComposed(value: JsonValue): boolean {
    return typeof value === 'object' && value !== null && this.composed.has(value);
  }

  /** The target of a `$ref` with its value, remembered once it resolved (file resolutions never change after that). */
  private follow(fromFile: string, ref: string): Cursor | undefined {
    const cacheKey = `${fromFile}\0${ref}`;
    const known = this.followed.get(cacheKey);
    if (known) return known;
    const target = this.target(fromFile, ref);
    if (!target.ok) return undefined;
    const cursor = { file: target.file, pointer: target.pointer, value: valueAt(this.files.get(target.file)!.value, target.pointer)! };
    this.followed.set(cacheKey, cursor);
    return cursor;
  }

  /** A child of a node, with the node itself dereferenced first. */
  child(cursor: Cursor, key: string | number): Cursor | undefined {
    const node = this.deref(cursor);
    if (!node) return undefined;
    const value = node.value;
    let childValue: JsonValue | undefined;
    if (Array.isArray(value)) {
      const index = typeof key === 'number' ? key : /^\d+$/.test(key) ? Number(key) : -1;
      childValue = value[index];
    } else if (isObject(value) && Object.prototype.hasOwnProperty.call(value, String(key))) childValue = value[String(key)];
    if (childValue === undefined) return undefined;
    // A key that came from a sibling overlay is located at the reference, which is where it was written.
    return { file: node.file, pointer: joinPointer(node.pointer, key), value: childValue };
  }

  /** The node at a pointer of the composed document (the main file with `$ref`s followed). */
  get(pointer: string): Cursor | undefined {
    let cursor: Cursor | undefined = this.root;
    for (const segment of splitPointer(pointer)) {
      if (!cursor) return undefined;
      cursor = this.child(cursor, segment);
    }
    return cursor;
  }

  /**
   * Where a pointer of the composed document was written: walks from the main file's root and jumps
   * through each `$ref` met on the way. Segments that do not exist are kept, so the locator can point at
   * the closest existing ancestor.
   */
  mapPointer(pointer: string): { file: string; pointer: string } {
    let file = this.mainId;
    let raw = '';
    let node: JsonValue | undefined = this.main.value;
    const segments = splitPointer(pointer);
    for (let i = 0; i < segments.length; i++) {
      const segment = segments[i]!;
      let hops = 0;
      while (isReference(node) && hops++ < maxChain) {
        const target = this.target(file, node.$ref);
        const targetValue = target.ok ? valueAt(this.files.get(target.file)!.value, target.pointer) : undefined;
        const inTarget = target.ok && (isObject(targetValue) || Array.isArray(targetValue)) && hasKey(targetValue, segment);
        if (!target.ok || (!inTarget && hasKey(node, segment))) break;
        file = target.file;
        raw = target.pointer;
        node = targetValue;
      }
      if (node === undefined || !hasKey(node, segment)) {
        return { file, pointer: joinPointer(raw, ...segments.slice(i)) };
      }
      node = Array.isArray(node) ? node[Number(segment)] : (node as { [key: string]: JsonValue })[segment];
      raw = joinPointer(raw, segment);
    }
    return { file, pointer: raw };
  }

  /** Location of a pointer of the composed document, in the file that holds it. */
  locate(pointer: string, target: 'key' | 'value' = 'value'): SourceLocation {
    const mapped = this.mapPointer(pointer);
    return this.locateIn(mapped.file, mapped.pointer, target);
  }

  /** Location of a pointer inside one file of the spec. */
  locateIn(file: string, pointer: string, target: 'key' | 'value' = 'value'): SourceLocation {
    const spec = this.files.get(file);
    if (!spec) return { file, pointer };
    return { ...spec.locator.locate(pointer, target), pointer };
  }
}

function hasKey(node: JsonValue | undefined, segment: string): boolean {
  if (Array.isArray(node)) return /^\d+$/.test(segment) && Number(segment) < node.length;
  return isObject(node) && Object.prototype.hasOwnProperty.call(node, segment);
}

function overlay(base: { [key: string]: JsonValue }, top: { [key: string]: JsonValue }): { [key: string]: JsonValue } {
  const merged: { [key: string]: JsonValue } = { ...base, ...top };
  if (isObject(base.properties) && isObject(top.properties)) merged.properties = { ...base.properties, ...top.properties };
  if (Array.isArray(base.required) && Array.isArray(top.required)) {
    merged.required = [...new Set([...base.required, ...top.required])];
  }
  return merged;
}
