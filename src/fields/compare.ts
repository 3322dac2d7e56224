import type { JsonValue } from '../diagnostics/index.js';
import type { Field } from './field.js';
import { normalizeType, typesCompatible } from './types-compat.js';

export type DriftKind = 'missing-in-spec' | 'missing-in-page' | 'location' | 'type' | 'required' | 'default' | 'nesting';

export const driftKinds: readonly DriftKind[] = ['missing-in-spec', 'missing-in-page', 'location', 'type', 'required', 'default', 'nesting'];

/** One difference between a page's fields and an operation's, on the shared Field model. */
export interface FieldDrift {
  kind: DriftKind;
  /** Dotted path of the field on the page (`data.items.id`); absent for `missing-in-page`. */
  pagePath?: string;
  /** Dotted path of the field in the spec; absent for `missing-in-spec`. */
  specPath?: string;
  /** The page's field (absent for `missing-in-page`). */
  page?: Field;
  /** The spec's field (absent for `missing-in-spec`). */
  spec?: Field;
  /** What differs, in plain words (`type "integer" on the page, "number" in the spec`). */
  detail: string;
}

export interface CompareOptions {
  /**
   * Page header fields to leave out when the spec has no field of that name, compared
   * case-insensitively: `Authorization` and the API-key header are carried by the operation's security
   * in OpenAPI, not by a parameter. Default none.
   */
  ignorePageHeaders?: readonly string[];
  /** Properties of a spec field that stopped at a schema-table reference (`schemaRef`). Default: none known. */
  resolveSchemaRef?: (key: string) => readonly Field[] | undefined;
}

interface PoolEntry {
  field: Field;
  path: string[];
  /** Index of the enclosing entry in the same pool (its parent was unmatched too). */
  parent?: number;
  paired: boolean;
}

const nestable: ReadonlySet<string> = new Set(['body', 'response']);

/** How deep properties are compared and pooled: a spec's recursive schema is expanded through the table. */
const maxDepth = 12;

/**
 * Compares the fields of a hand-written page with the fields of an operation (one list: request
 * parameters with the body's properties, or response fields). Fields pair by name and location; a
 * parameter with the same name in another location is `location` drift; a body or response field found
 * only at another depth is `nesting` drift when its name is unique on both sides. Paired fields are
 * compared for type (see `typesCompatible`), `required` (not for path parameters, which OpenAPI always
 * requires) and `default`, then their properties the same way. A field missing on one side is reported
 * once, not again for each of its properties. Pure: the order of the result follows the page, then the spec.
 */
export function compareFields(pageFields: readonly Field[], specFields: readonly Field[], options: CompareOptions = {}): FieldDrift[] {
  const comparison = new FieldComparison(options);
  comparison.compareLevel(withoutIgnoredHeaders(pageFields, specFields, options), specFields, [], [], true, 0, true);
  comparison.pairNestedDifferently();
  return comparison.finish();
}

/** The page's fields without the ignored headers the spec does not name (they come from its security). */
function withoutIgnoredHeaders(pageFields: readonly Field[], specFields: readonly Field[], options: CompareOptions): Field[] {
  const ignored = new Set((options.ignorePageHeaders ?? []).map((h) => h.toLowerCase()));
  const hasSpecHeader = (name: string): boolean => specFields.some((f) => f.in === 'header' && f.name.toLowerCase() === name.toLowerCase());
  return pageFields.filter((f) => !(f.in === 'header' && ignored.has(f.name.toLowerCase()) && !hasSpecHeader(f.name)));
}

/**
 * One comparison's state: the drift found so far, in report order, and the fields left unpaired on each
 * side (pooled with their properties), which get a second chance at another depth before they are
 * reported missing.
 */
class FieldComparison {
  private readonly drift: FieldDrift[] = [];
  private readonly pagePool: PoolEntry[] = [];
  private readonly specPool: PoolEntry[] = [];

  constructor(private readonly options: CompareOptions) {}

  /**
   * Pairs and compares one level of fields, then their properties. Unpaired fields are pooled when
   * `collect` is set (the first pass), else reported missing at once (inside a pair found by nesting).
   */
  compareLevel(pageList: readonly Field[], specList: readonly Field[], pagePath: string[], specPath: string[], topLevel: boolean, depth: number, collect: boolean): void {
    const { pairs, pageLeft, specUsed } = pairLevel(pageList, specList, topLevel);
    for (const [p, s, moved] of pairs) {
      const pp = [...pagePath, p.name];
      const sp = [...specPath, s.name];
      if (moved) this.drift.push({ kind: 'location', pagePath: pp.join('.'), specPath: sp.join('.'), page: p, spec: s, detail: `in ${p.in} on the page, in ${s.in} in the spec` });
      this.compareAttributes(p, s, pp, sp);
      if (depth < maxDepth) this.compareLevel(p.properties ?? [], this.specChildren(s), pp, sp, false, depth + 1, collect);
    }
    for (const p of pageLeft) {
      if (collect) addToPool(this.pagePool, p, [...pagePath, p.name], undefined, (f) => f.properties ?? [], depth);
      else this.drift.push(missing('missing-in-spec', p, [...pagePath, p.name]));
    }
    specList.forEach((s, i) => {
      if (specUsed.has(i)) return;
      if (collect) addToPool(this.specPool, s, [...specPath, s.name], undefined, (f) => this.specChildren(f), depth);
      else this.drift.push(missing('missing-in-page', s, [...specPath, s.name]));
    });
  }

  /** Fields left over on both sides: the same name at another depth is the same field, nested differently. */
  pairNestedDifferently(): void {
    const { pagePool, specPool } = this;
    const specNames = namesOf(specPool);
    for (const [name, pageIndexes] of namesOf(pagePool)) {
      const specIndexes = specNames.get(name);
      if (pageIndexes.length !== 1 || specIndexes?.length !== 1) continue;
      const p = pagePool[pageIndexes[0]!]!;
      const s = specPool[specIndexes[0]!]!;
      if (p.field.in !== s.field.in || p.path.join('.') === s.path.join('.')) continue;
      p.paired = true;
      s.paired = true;
      const pagePath = p.path.join('.');
      const specPath = s.path.join('.');
      this.drift.push({ kind: 'nesting', pagePath, specPath, page: p.field, spec: s.field, detail: `at ${describePath(p.path)} on the page, at ${describePath(s.path)} in the spec` });
      this.compareAttributes(p.field, s.field, p.path, s.path);
      this.compareLevel(p.field.properties ?? [], this.specChildren(s.field), p.path, s.path, false, p.path.length, false);
      // Properties of the pair were compared with it; they are not left over.
      markDescendants(pagePool, pageIndexes[0]!);
      markDescendants(specPool, specIndexes[0]!);
    }
  }

  /** All the drift: what was found while pairing, then what is still missing on each side. */
  finish(): FieldDrift[] {
    reportMissing(this.pagePool, 'missing-in-spec', this.drift);
    reportMissing(this.specPool, 'missing-in-page', this.drift);
    return this.drift;
  }

  private specChildren(field: Field): readonly Field[] {
    if (field.properties) return field.properties;
    if (field.schemaRef !== undefined) return this.options.resolveSchemaRef?.(field.schemaRef) ?? [];
    return [];
  }

  private compareAttributes(p: Field, s: Field, pagePath: string[], specPath: string[]): void {
    const base = { pagePath: pagePath.join('.'), specPath: specPath.join('.'), page: p, spec: s };
    if (!typesCompatible(normalizeType(p.type), normalizeType(s.type))) {
      this.drift.push({ ...base, kind: 'type', detail: `type "${p.type}" on the page, "${s.type}" in the spec` });
    }
    if (p.in !== 'path' && s.in !== 'path' && p.required !== s.required) {
      this.drift.push({ ...base, kind: 'required', detail: p.required ? 'required on the page, optional in the spec' : 'optional on the page, required in the spec' });
    }
    const pd = p.default === undefined ? undefined : defaultText(p.default);
    const sd = s.default === undefined ? undefined : defaultText(s.default);
    if (pd !== sd) {
      const detail =
        pd === undefined
          ? `no default on the page, default ${sd} in the spec`
          : sd === undefined
            ? `default ${pd} on the page, none in the spec`
            : `default ${pd} on the page, ${sd} in the spec`;
      this.drift.push({ ...base, kind: 'default', detail });
    }
  }
}

/**
 * Pairs one level of fields: first by name in the same location, then (top level only) request
 * parameters whose name matches in another location, which are marked `moved`.
 */
function pairLevel(pageList: readonly Field[], specList: readonly Field[], topLevel: boolean): { pairs: Array<[Field, Field, boolean]>; pageLeft: Field[]; specUsed: Set<number> } {
  const specUsed = new Set<number>();
  const pairs: Array<[Field, Field, boolean]> = [];
  const unmatched: Field[] = [];
  for (const p of pageList) {
    const at = specList.findIndex((s, i) => !specUsed.has(i) && s.in === p.in && sameName(p, s));
    if (at === -1) unmatched.push(p);
    else {
      specUsed.add(at);
      pairs.push([p, specList[at]!, false]);
    }
  }
  const pageLeft: Field[] = [];
  for (const p of unmatched) {
    // The same parameter in another location: only request parameters have locations to confuse.
    const at = topLevel && p.in !== 'response' ? specList.findIndex((s, i) => !specUsed.has(i) && s.in !== 'response' && sameName(p, s)) : -1;
    if (at === -1) pageLeft.push(p);
    else {
      specUsed.add(at);
      pairs.push([p, specList[at]!, true]);
    }
  }
  return { pairs, pageLeft, specUsed };
}

/** Adds a field and its properties to a pool, each entry knowing its enclosing one. */
function addToPool(pool: PoolEntry[], field: Field, path: string[], parent: number | undefined, children: (f: Field) => readonly Field[], depth: number): void {
  const entry: PoolEntry = { field, path, paired: false };
  if (parent !== undefined) entry.parent = parent;
  const index = pool.push(entry) - 1;
  // Bounded: a spec's recursive schema is expanded through the table, so stop at a sane depth.
  if (depth > maxDepth) return;
  for (const child of children(field)) addToPool(pool, child, [...path, child.name], index, children, depth + 1);
}

/** The pool's body and response entries by name (the only fields that can be nested differently). */
function namesOf(pool: PoolEntry[]): Map<string, number[]> {
  const map = new Map<string, number[]>();
  pool.forEach((entry, i) => {
    if (!nestable.has(entry.field.in)) return;
    const list = map.get(entry.field.name) ?? [];
    list.push(i);
    map.set(entry.field.name, list);
  });
  return map;
}

function sameName(a: Field, b: Field): boolean {
  // HTTP header names are case-insensitive.
  if (a.in === 'header' || b.in === 'header') return a.name.toLowerCase() === b.name.toLowerCase();
  return a.name === b.name;
}

function missing(kind: 'missing-in-spec' | 'missing-in-page', field: Field, path: string[]): FieldDrift {
  const where = field.in === 'response' ? 'response field' : `${field.in} parameter`;
  if (kind === 'missing-in-spec') return { kind, pagePath: path.join('.'), page: field, detail: `${where} on the page only` };
  return { kind, specPath: path.join('.'), spec: field, detail: `${where} in the spec only` };
}

function markDescendants(pool: PoolEntry[], index: number): void {
  for (let i = index + 1; i < pool.length; i++) {
    let ancestor = pool[i]!.parent;
    while (ancestor !== undefined && ancestor !== index) ancestor = pool[ancestor]!.parent;
    if (ancestor === index) pool[i]!.paired = true;
  }
}

/** Reports the unpaired entries whose enclosing field was not reported already. */
function reportMissing(pool: PoolEntry[], kind: 'missing-in-spec' | 'missing-in-page', drift: FieldDrift[]): void {
  const reported = new Set<number>();
  pool.forEach((entry, i) => {
    if (entry.paired) return;
    let ancestor = entry.parent;
    while (ancestor !== undefined) {
      if (reported.has(ancestor)) return;
      ancestor = pool[ancestor]!.parent;
    }
    reported.add(i);
    drift.push(missing(kind, entry.field, entry.path));
  });
}

function describePath(path: string[]): string {
  return path.length === 1 ? 'the top level' : `${path.slice(0, -1).join('.')}`;
}

/**
 * Defaults compared as text: MDX attributes are strings (`default="10"`, `default="[]"`) while specs hold
 * typed values (`default: 10`, `default: []`), and both mean the same to a reader. Returned quoted, for messages.
 */
export function defaultText(value: JsonValue): string {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (/^[[{]/.test(trimmed)) {
      try {
        return JSON.stringify(JSON.stringify(JSON.parse(trimmed) as JsonValue));
      } catch {
        // Not JSON: compared as written.
      }
    }
    return JSON.stringify(trimmed);
  }
  return JSON.stringify(typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
}
