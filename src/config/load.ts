import path from 'node:path';
import {
  createDiagnostic,
  escapePointerSegment,
  joinPointer,
  parseJsonWithPositions,
  splitPointer,
  uniqueDiagnostics,
  type Diagnostic,
  type JsonValue,
  type PointerLocator,
  type SourceLocation,
  type StageResult,
} from '../diagnostics/index.js';
import { invalidUtf8Diagnostic, type DocsRoot } from '../root/index.js';

export const CONFIG_FILE = 'docs.json';
/**
 * docs.json (after composition) may nest this deep, no deeper: real configurations stay under 30
 * levels, and every later stage walks the value recursively. A deeper part is reported and dropped.
 */
export const MAX_CONFIG_DEPTH = 256;
export const LEGACY_CONFIG_FILE = 'mint.json';

/** docs.json after `$ref` composition, able to point back into whichever file each value came from. */
export interface LoadedConfig {
  /** The composed configuration (not yet validated). */
  value: JsonValue;
  /**
   * Location of a pointer of the composed value, in the file it was written in; the returned `pointer`
   * is the one inside that file (for a value composed from `fr.json`, a pointer of `fr.json`).
   */
  locate(pointer: string, target?: 'key' | 'value'): SourceLocation;
  /** Every file the configuration was composed from, docs.json first, with content hashes. */
  files: Array<{ path: string; hash: string }>;
  /**
   * Composed pointers of objects whose `$ref` could not be resolved (already reported). Validation
   * skips problems at or below them: they are consequences of the missing part, not new mistakes.
   */
  unresolved: string[];
}

interface Origin {
  file: string;
  pointer: string;
}

function legacyConfig(root: DocsRoot): Diagnostic {
  return createDiagnostic(
    'config/legacy-mint-json',
    'found only the legacy mint.json; docs-build reads docs.json, the format that replaced it',
    { file: LEGACY_CONFIG_FILE, line: 1, column: 1 },
    { suggestion: `convert it with \`docs-build upgrade ${root.dir}\` (offline; docs/upgrade.md), then build again` },
  );
}

/** Names the folder looked in, and a docs.json further down when there is one (a repository's `docs/`). */
function missingConfig(root: DocsRoot): Diagnostic {
  const nested = root
    .files()
    .filter((file) => file.endsWith(`/${CONFIG_FILE}`))
    .sort((a, b) => a.split('/').length - b.split('/').length || (a < b ? -1 : a > b ? 1 : 0))[0];
  const suggestion = nested
    ? `did you mean the docs root ${path.join(root.dir, path.dirname(nested))}? (it holds ${nested})`
    : `create ${CONFIG_FILE} there, or pass the folder that holds it: docs-build build <folder>`;
  return createDiagnostic('config/missing', `no ${CONFIG_FILE} in ${root.dir}, the docs root docs-build looked in`, undefined, { suggestion });
}

/**
 * Loads docs.json with `{"$ref": "./part.json"}` composition: a reference is resolved relative to the
 * file that holds it, must stay inside the docs root, may not form a cycle, and sibling keys override
 * the keys of the referenced object.
 */
export function loadConfig(root: DocsRoot): StageResult<LoadedConfig | undefined> {
  const diagnostics: Diagnostic[] = [];
  if (!root.exists(CONFIG_FILE)) {
    diagnostics.push(root.exists(LEGACY_CONFIG_FILE) ? legacyConfig(root) : missingConfig(root));
    return { value: undefined, diagnostics };
  }

  const locators = new Map<string, PointerLocator>();
  const origins = new Map<string, Origin>();
  const files: Array<{ path: string; hash: string }> = [];
  const unresolved: string[] = [];

  const parseFile = (path: string, referencedAt?: SourceLocation): JsonValue | undefined => {
    const read = root.read(path);
    if (!read.ok) {
      const code = read.problem.code === 'root/file-not-found' ? 'config/ref-not-found' : read.problem.code;
      diagnostics.push(createDiagnostic(code, read.problem.message, referencedAt ?? { file: path, line: 1, column: 1 }));
      return undefined;
    }
    if (!files.some((f) => f.path === path)) files.push({ path, hash: read.file.hash });
    const encoding = invalidUtf8Diagnostic(read.file);
    if (encoding) diagnostics.push(encoding);
    const parsed = parseJsonWithPositions(read.file.text, path);
    if (!parsed.ok) {
      const { message, line, column } = parsed.error;
      diagnostics.push(createDiagnostic('config/invalid-json', `${path} is not valid JSON: ${message}`, { file: path, line, column }));
      return undefined;
    }
    locators.set(path, parsed.json.locator);
    return parsed.json.value;
  };

  const locateIn = (origin: Origin, target: 'key' | 'value' = 'value'): SourceLocation =>
    locators.get(origin.file)?.locate(origin.pointer, target) ?? { file: origin.file, line: 1, column: 1, pointer: origin.pointer };

  let tooDeep = false;
  /**
   * Composes one value. Origins are recorded only where they cannot be inferred from the nearest
   * recorded ancestor (`record`): at the top, where a `$ref` switches files, and for keys written beside
   * a `$ref`. A 50 MB docs.json has millions of nodes; a map entry for each would cost gigabytes.
   */
  const compose = (value: JsonValue, origin: Origin, composedPointer: string, stack: string[], depth: number, record: boolean): JsonValue => {
    if (record) origins.set(composedPointer, origin);
    if (value === null || typeof value !== 'object') return value;
    if (depth >= MAX_CONFIG_DEPTH) {
      if (!tooDeep) {
        tooDeep = true;
        diagnostics.push(
          createDiagnostic('config/invalid-value', `the configuration nests more than ${MAX_CONFIG_DEPTH} levels deep here; the value is ignored`, locateIn(origin), {
            suggestion: 'flatten this value: no docs.json setting needs this much nesting',
          }),
        );
      }
      return null;
    }
    if (Array.isArray(value)) {
      const items: JsonValue[] = new Array<JsonValue>(value.length);
      for (let i = 0; i < value.length; i++) {
        items[i] = compose(value[i]!, { file: origin.file, pointer: `${origin.pointer}/${i}` }, `${composedPointer}/${i}`, stack, depth + 1, false);
      }
      return items;
    }

    const reference = Object.hasOwn(value, '$ref') ? value.$ref : undefined;
    let base: JsonValue | undefined;
    if (reference !== undefined) {
      const refAt = locateIn({ file: origin.file, pointer: joinPointer(origin.pointer, '$ref') });
      base = resolveReference(reference, origin, refAt, composedPointer, stack, depth);
      if (base === undefined) unresolved.push(composedPointer);
      if (base !== undefined && Object.keys(value).length > 1 && (base === null || typeof base !== 'object' || Array.isArray(base))) {
        diagnostics.push(createDiagnostic('config/ref-invalid', `"${String(reference)}" holds ${Array.isArray(base) ? 'an array' : 'a non-object value'}, so the keys beside "$ref" cannot be merged into it`, refAt));
        // The object's own keys keep their origin in this file.
        origins.set(composedPointer, origin);
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
      setOwn(result, key, compose(value[key]!, { file: origin.file, pointer: `${origin.pointer}/${segment}` }, `${composedPointer}/${segment}`, stack, depth + 1, siblingsOfRef));
    }
    return result;
  };

  const resolveReference = (reference: JsonValue, origin: Origin, refAt: SourceLocation, composedPointer: string, stack: string[], depth: number): JsonValue | undefined => {
    if (typeof reference !== 'string' || reference === '') {
      diagnostics.push(createDiagnostic('config/ref-invalid', '"$ref" must be a relative path to a JSON file, such as "./navigation.json"', refAt));
      return undefined;
    }
    if (reference.includes('#')) {
      diagnostics.push(createDiagnostic('config/ref-invalid', `"${reference}" has a fragment; docs.json "$ref" composition takes a whole file, such as "./navigation.json"`, refAt));
      return undefined;
    }
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(reference)) {
      diagnostics.push(createDiagnostic('config/ref-invalid', `"${reference}" is not a local file; docs.json "$ref" composition only reads files inside the docs root`, refAt));
      return undefined;
    }
    const resolved = root.resolve(reference, origin.file);
    if (!resolved.ok) {
      diagnostics.push(createDiagnostic(resolved.problem.code, resolved.problem.message, refAt));
      return undefined;
    }
    const target = resolved.path;
    if (stack.includes(target)) {
      const chain = [...stack.slice(stack.indexOf(target)), target].join(' -> ');
      diagnostics.push(createDiagnostic('config/ref-cycle', `"$ref" composition forms a cycle: ${chain}`, refAt));
      return undefined;
    }
    if (!root.exists(target)) {
      diagnostics.push(
        createDiagnostic('config/ref-not-found', `"${reference}" does not exist (resolved to ${target})`, refAt),
      );
      return undefined;
    }
    const parsed = parseFile(target, refAt);
    if (parsed === undefined) return undefined;
    return compose(parsed, { file: target, pointer: '' }, composedPointer, [...stack, target], depth, true);
  };

  const top = parseFile(CONFIG_FILE);
  if (top === undefined) return { value: undefined, diagnostics };
  const value = compose(top, { file: CONFIG_FILE, pointer: '' }, '', [CONFIG_FILE], 0, true);

  const locate = (pointer: string, target: 'key' | 'value' = 'value'): SourceLocation => {
    // Every navigation item is located, so this avoids splitting and re-escaping: the prefixes of an
    // escaped pointer are its slices before each '/', and the remainder is re-appended as it is.
    const escaped = pointer === '' || pointer.startsWith('/') ? pointer : joinPointer('', ...splitPointer(pointer));
    // Walk up to the nearest composed node with a known origin.
    for (let end = escaped.length; end >= 0; end = end === 0 ? -1 : escaped.lastIndexOf('/', end - 1)) {
      const origin = origins.get(escaped.slice(0, end));
      // The pointer is the one inside the file that holds the value, like the line and column.
      if (origin) return locateIn({ file: origin.file, pointer: origin.pointer + escaped.slice(end) }, target);
    }
    return { file: CONFIG_FILE, line: 1, column: 1, pointer };
  };

  return { value: { value, locate, files, unresolved }, diagnostics: uniqueDiagnostics(diagnostics) };
}

/** Sets an own data property: a `__proto__` key stays data and never becomes the object's prototype. */
function setOwn(target: Record<string, JsonValue>, key: string, value: JsonValue): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

