import {
  createDiagnostic,
  escapePointerSegment,
  joinPointer,
  parseJsonWithPositions,
  type Diagnostic,
  type JsonValue,
  type PointerLocator,
  type SourceLocation,
} from '../diagnostics/index.js';
import { invalidUtf8Diagnostic, type DocsRoot } from '../root/index.js';
import { duplicateKeys } from './duplicate-keys.js';

/**
 * docs.json (after composition) may nest this deep, no deeper: real configurations stay under 30
 * levels, and every later stage walks the value recursively. A deeper part is reported and dropped.
 */
export const MAX_CONFIG_DEPTH = 256;
/** Files `$ref`-ing files this deep, no deeper (real configurations use two or three levels). */
export const MAX_REF_NESTING = 64;

export interface Origin {
  file: string;
  pointer: string;
}

/** The composition of one file under way: what `compose` records, relative to where the file is placed. */
interface Frame {
  /** Files being composed, outermost first: a `$ref` to one of them is a cycle. */
  stack: string[];
  /** Nesting of the file's top value in the composed configuration. */
  depth: number;
  /** Where the file's top value is in the composed configuration (its origins are recorded there too). */
  prefix: string;
  /** The `$ref` that led here, for a diagnostic when the budget runs out while composing. */
  refAt: () => SourceLocation;
  /** Values composed, each shared part counted where it appears: the size later stages walk. */
  values: number;
  /** Deepest nesting below the file's top value. */
  height: number;
  /**
   * What composing the file recorded, in order, by pointer relative to its top value (`''` for the value
   * itself): origins, objects whose `$ref` was not resolved, and compositions placed inside it. Replayed
   * under another prefix where the file is referenced again.
   */
  records: Array<{ at: string; origin: Origin } | { at: string; hole: true } | { at: string; mount: Composition }>;
  /** False when a `$ref` cycle or the depth limit cut it: then it depends on where it was placed and is not reused. */
  settled: boolean;
}

/** A file composed once and placed wherever it is referenced again (the value is shared, never copied). */
type Composition = Frame & { value: JsonValue };

/**
 * Bounds the composed configuration as the YAML loader bounds alias expansion: no more values than the
 * text of every file read could hold without repetition, plus 100,000 for files referenced several
 * times. Each reference to a file composed before costs the file's size, so a fan-out (a file with a
 * thousand `$ref`s to a file with a thousand `$ref`s...) ends at the `$ref` where it passes the bound.
 */
class CompositionBudget {
  static readonly extra = 100_000;
  private text = 0;
  private used = 0;
  spent = false;

  constructor(private readonly onSpent: (at: SourceLocation, limit: number) => void) {}

  get limit(): number {
    return this.text + CompositionBudget.extra;
  }

  addText(characters: number): void {
    this.text += characters;
  }

  /** Counts `values` composed because of the `$ref` at `at`; false (reported once) past the limit. */
  charge(values: number, at: () => SourceLocation): boolean {
    if (this.spent) return false;
    this.used += values;
    if (this.used <= this.limit) return true;
    this.spent = true;
    this.onSpent(at(), this.limit);
    return false;
  }
}

/**
 * docs.json with its `{"$ref": "./part.json"}` composition: a reference is resolved relative to the file
 * that holds it, must stay inside the docs root, may not form a cycle, and sibling keys override the
 * keys of the referenced object. Each file is parsed and composed once; a reference to it again places
 * the same value (never copied) and replays where its values came from, within the budget above.
 */
export class ConfigComposer {
  /** Where values of the composed configuration were written, at the composed pointers where that changes. */
  readonly origins = new Map<string, Origin>();
  /** Every file read, docs.json first, with content hashes. */
  readonly files: Array<{ path: string; hash: string }> = [];
  /** Composed pointers of objects whose `$ref` was not resolved (already reported). */
  readonly unresolved: string[] = [];
  private readonly locators = new Map<string, PointerLocator>();
  private readonly parsed = new Map<string, JsonValue>();
  private readonly compositions = new Map<string, Composition>();
  private readonly budget: CompositionBudget;
  private tooDeep = false;

  constructor(
    private readonly root: DocsRoot,
    private readonly diagnostics: Diagnostic[],
  ) {
    this.budget = new CompositionBudget((at, limit) =>
      diagnostics.push(
        createDiagnostic('config/ref-too-large', `"$ref" composition expands to more than ${limit} values here (files referenced many times, by files referenced many times); this reference and the ones after it are not composed`, at, {
          suggestion: 'reference each file from fewer places, or merge the repeated parts into one file',
        }),
      ),
    );
  }

  /** Composes the file `path` as the whole configuration; undefined when it cannot be read or parsed. */
  composeFile(path: string): JsonValue | undefined {
    const top = this.parseFile(path);
    if (top === undefined) return undefined;
    const frame: Frame = { stack: [path], depth: 0, prefix: '', refAt: () => ({ file: path, line: 1, column: 1 }), values: 0, height: 0, records: [], settled: true };
    return this.compose(top, { file: path, pointer: '' }, '', 0, true, frame);
  }

  locateIn(origin: Origin, target: 'key' | 'value' = 'value'): SourceLocation {
    return this.locators.get(origin.file)?.locate(origin.pointer, target) ?? { file: origin.file, line: 1, column: 1, pointer: origin.pointer };
  }

  private parseFile(path: string, referencedAt?: () => SourceLocation): JsonValue | undefined {
    const known = this.parsed.get(path);
    if (known !== undefined) return known;
    const read = this.root.read(path);
    if (!read.ok) {
      const code = read.problem.code === 'root/file-not-found' ? 'config/ref-not-found' : read.problem.code;
      this.diagnostics.push(createDiagnostic(code, read.problem.message, referencedAt?.() ?? { file: path, line: 1, column: 1 }));
      return undefined;
    }
    if (!this.files.some((f) => f.path === path)) this.files.push({ path, hash: read.file.hash });
    const encoding = invalidUtf8Diagnostic(read.file);
    if (encoding) this.diagnostics.push(encoding);
    const result = parseJsonWithPositions(read.file.text, path);
    if (!result.ok) {
      const { message, line, column } = result.error;
      this.diagnostics.push(createDiagnostic('config/invalid-json', `${path} is not valid JSON: ${message}`, { file: path, line, column }));
      return undefined;
    }
    this.locators.set(path, result.json.locator);
    this.budget.addText(read.file.text.length);
    this.diagnostics.push(...duplicateKeys(read.file.text, path));
    this.parsed.set(path, result.json.value);
    return result.json.value;
  }

  /**
   * Composes one value into `frame`, the composition of the file being read. Origins are recorded only
   * where they cannot be inferred from the nearest recorded ancestor (`record`): at the top, where a
   * `$ref` switches files, and for keys written beside a `$ref`. A 50 MB docs.json has millions of
   * nodes; a map entry for each would cost gigabytes.
   */
  private compose(value: JsonValue, origin: Origin, at: string, depth: number, record: boolean, frame: Frame): JsonValue {
    if (record) this.recordOrigin(frame, at, origin);
    frame.values++;
    frame.height = Math.max(frame.height, depth - frame.depth);
    this.budget.charge(1, frame.refAt);
    if (value === null || typeof value !== 'object') return value;
    if (depth >= MAX_CONFIG_DEPTH) return this.tooDeepAt(origin, frame);
    if (Array.isArray(value)) {
      const items: JsonValue[] = new Array<JsonValue>(value.length);
      for (let i = 0; i < value.length; i++) {
        items[i] = this.compose(value[i]!, { file: origin.file, pointer: `${origin.pointer}/${i}` }, `${at}/${i}`, depth + 1, false, frame);
      }
      return items;
    }
    return this.composeObject(value, origin, at, depth, frame);
  }

  private tooDeepAt(origin: Origin, frame: Frame): null {
    frame.settled = false;
    if (!this.tooDeep) {
      this.tooDeep = true;
      this.diagnostics.push(
        createDiagnostic('config/invalid-value', `the configuration nests more than ${MAX_CONFIG_DEPTH} levels deep here; the value is ignored`, this.locateIn(origin), {
          suggestion: 'flatten this value: no docs.json setting needs this much nesting',
        }),
      );
    }
    return null;
  }

  private composeObject(value: { [key: string]: JsonValue }, origin: Origin, at: string, depth: number, frame: Frame): JsonValue {
    const reference = Object.hasOwn(value, '$ref') ? value.$ref : undefined;
    let base: JsonValue | undefined;
    if (reference !== undefined) {
      const refOrigin = { file: origin.file, pointer: joinPointer(origin.pointer, '$ref') };
      const refAt = (): SourceLocation => this.locateIn(refOrigin);
      base = this.resolveReference(reference, origin, refAt, at, depth, frame);
      if (base === undefined) {
        frame.records.push({ at, hole: true });
        this.unresolved.push(frame.prefix + at);
      }
      if (base !== undefined && Object.keys(value).length > 1 && (base === null || typeof base !== 'object' || Array.isArray(base))) {
        this.diagnostics.push(createDiagnostic('config/ref-invalid', `"${String(reference)}" holds ${Array.isArray(base) ? 'an array' : 'a non-object value'}, so the keys beside "$ref" cannot be merged into it`, refAt()));
        // The object's own keys keep their origin in this file.
        this.recordOrigin(frame, at, origin);
        base = undefined;
      } else if (base !== undefined && Object.keys(value).length === 1) {
        return base;
      }
    }
    // Keys beside a resolved `$ref` come from this file while their parent now maps to the other one.
    const siblingsOfRef = base !== undefined;
    const result: Record<string, JsonValue> = {};
    if (base && typeof base === 'object' && !Array.isArray(base)) for (const key of Object.keys(base)) setOwn(result, key, base[key]!);
    for (const key of Object.keys(value)) {
      if (key === '$ref' && reference !== undefined) continue;
      const segment = escapePointerSegment(key);
      setOwn(result, key, this.compose(value[key]!, { file: origin.file, pointer: `${origin.pointer}/${segment}` }, `${at}/${segment}`, depth + 1, siblingsOfRef, frame));
    }
    return result;
  }

  private resolveReference(reference: JsonValue, origin: Origin, refAt: () => SourceLocation, at: string, depth: number, frame: Frame): JsonValue | undefined {
    const target = this.referencedFile(reference, origin, refAt, frame);
    if (target === undefined || this.budget.spent) return undefined; // A spent budget was reported where it ran out.
    const known = this.compositions.get(target);
    if (known && depth + known.height < MAX_CONFIG_DEPTH) {
      // The file was composed before: it costs its size, not a second composition.
      if (!this.budget.charge(known.values + known.records.length, refAt)) return undefined;
      this.replay(known, frame.prefix + at);
      return this.mount(known, at, frame, depth);
    }
    if (!this.root.exists(target)) {
      this.diagnostics.push(createDiagnostic('config/ref-not-found', `"${String(reference)}" does not exist (resolved to ${target})`, refAt()));
      return undefined;
    }
    const value = this.parseFile(target, refAt);
    if (value === undefined) return undefined;
    const inner: Frame = { stack: [...frame.stack, target], depth, prefix: frame.prefix + at, refAt, values: 0, height: 0, records: [], settled: true };
    const composed = this.compose(value, { file: target, pointer: '' }, '', depth, true, inner);
    const composition: Composition = { ...inner, value: composed };
    if (composition.settled) this.compositions.set(target, composition);
    else frame.settled = false;
    return this.mount(composition, at, frame, depth);
  }

  /** The docs-root path a `$ref` names, or undefined (reported) when it is not a usable reference. */
  private referencedFile(reference: JsonValue, origin: Origin, refAt: () => SourceLocation, frame: Frame): string | undefined {
    const refuse = (code: 'config/ref-invalid' | 'config/ref-cycle' | 'config/ref-too-large', message: string, suggestion?: string): undefined => {
      this.diagnostics.push(createDiagnostic(code, message, refAt(), suggestion === undefined ? {} : { suggestion }));
      return undefined;
    };
    if (typeof reference !== 'string' || reference === '') return refuse('config/ref-invalid', '"$ref" must be a relative path to a JSON file, such as "./navigation.json"');
    if (reference.includes('#')) return refuse('config/ref-invalid', `"${reference}" has a fragment; docs.json "$ref" composition takes a whole file, such as "./navigation.json"`);
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(reference)) return refuse('config/ref-invalid', `"${reference}" is not a local file; docs.json "$ref" composition only reads files inside the docs root`);
    const resolved = this.root.resolve(reference, origin.file);
    if (!resolved.ok) {
      this.diagnostics.push(createDiagnostic(resolved.problem.code, resolved.problem.message, refAt()));
      return undefined;
    }
    const target = resolved.path;
    if (frame.stack.length > MAX_REF_NESTING) {
      return refuse('config/ref-too-large', `"$ref" composition nests more than ${MAX_REF_NESTING} files deep here; this reference is not composed`, 'reference the parts from fewer levels of files');
    }
    if (frame.stack.includes(target)) {
      frame.settled = false;
      return refuse('config/ref-cycle', `"$ref" composition forms a cycle: ${[...frame.stack.slice(frame.stack.indexOf(target)), target].join(' -> ')}`);
    }
    return target;
  }

  private recordOrigin(frame: Frame, at: string, origin: Origin): void {
    frame.records.push({ at, origin });
    this.origins.set(frame.prefix + at, origin);
  }

  /** Records a composition made before at `prefix`: its origins and unresolved `$ref`s, in the order they were found. */
  private replay(composition: Composition, prefix: string): void {
    for (const record of composition.records) {
      if ('origin' in record) this.origins.set(prefix + record.at, record.origin);
      else if ('hole' in record) this.unresolved.push(prefix + record.at);
      else this.replay(record.mount, prefix + record.at);
    }
  }

  /** Places a file's composition at `at` of the frame being composed (already recorded under its prefix). */
  private mount(composition: Composition, at: string, frame: Frame, depth: number): JsonValue {
    frame.records.push({ at, mount: composition });
    frame.values += composition.values;
    frame.height = Math.max(frame.height, depth - frame.depth + composition.height);
    return composition.value;
  }
}

/** Sets an own data property: a `__proto__` key stays data and never becomes the object's prototype. */
function setOwn(target: Record<string, JsonValue>, key: string, value: JsonValue): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
