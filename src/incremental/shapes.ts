/**
 * Checks that a value parsed from a cache file has a given shape, typed so the compiler keeps each
 * check in step with its type: `object<T>` wants a check for every property of `T`, optional ones
 * marked `{ optional }`, so a property added to a cached type without a check does not compile.
 *
 * Hand-written rather than ajv: the types are recursive (fields, JSON values) and ajv's
 * `JSONSchemaType` cannot express them, while a precompiled schema would drift from the types
 * silently; these are a few dozen lines and load in no time on the warm path, which reads a record on
 * every run.
 */
import type { JsonValue } from '../diagnostics/index.js';

export type Check<T> = (value: unknown) => value is T;

type Shape<T> = { [K in keyof T]-?: undefined extends T[K] ? { optional: Check<Exclude<T[K], undefined>> } : Check<T[K]> };

export const string: Check<string> = (value): value is string => typeof value === 'string';
export const boolean: Check<boolean> = (value): value is boolean => typeof value === 'boolean';
export const finite: Check<number> = (value): value is number => typeof value === 'number' && Number.isFinite(value);
/** A count, size, offset or position: a safe integer, not negative. */
export const natural: Check<number> = (value): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
export const sha256Hex: Check<string> = (value): value is string => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
/** Anything `JSON.parse` returns is a JSON value; only its place in the shape is checked. */
export const json: Check<JsonValue> = (value): value is JsonValue => value !== undefined;
/** One test, no allocation: a record holds a path per input (5,000 on firecrawl-docs), checked on every run. */
const notRootPath = /^(?:\/|[a-zA-Z]:)|[\\\0]|(?:^|\/)\.\.(?:\/|$)/;
/**
 * A path relative to the docs root as `DocsRoot` spells them: forward slashes, no `..`, not absolute
 * (`''` is the root folder). Cached paths are still resolved through `DocsRoot`, never joined.
 */
export const rootPath: Check<string> = (value): value is string => typeof value === 'string' && !notRootPath.test(value);

export function literal<T extends string>(...values: readonly T[]): Check<T> {
  const allowed = new Set<string>(values);
  return (value): value is T => typeof value === 'string' && allowed.has(value);
}

export function array<T>(item: Check<T>): Check<T[]> {
  return (value): value is T[] => Array.isArray(value) && value.every((element) => item(element));
}

/** An object used as a map: any own keys, each value checked. */
export function record<T>(item: Check<T>): Check<Record<string, T>> {
  return (value): value is Record<string, T> => isPlainObject(value) && Object.keys(value).every((key) => item(value[key]));
}

export function union<A, B>(first: Check<A>, second: Check<B>): Check<A | B> {
  return (value): value is A | B => first(value) || second(value);
}

/** For recursive shapes: the check is looked up when first used. */
export function lazy<T>(get: () => Check<T>): Check<T> {
  return (value): value is T => get()(value);
}

/** An object with these properties (others are ignored). */
export function object<T>(shape: Shape<T>): Check<T> {
  const entries = Object.entries(shape) as Array<[string, Check<unknown> | { optional: Check<unknown> }]>;
  // Flat arrays and an index loop: this runs for every recorded input on every run.
  const keys = entries.map(([key]) => key);
  const checks = entries.map(([, check]) => (typeof check === 'function' ? check : check.optional));
  const required = entries.map(([, check]) => typeof check === 'function');
  return (value): value is T => {
    if (!isPlainObject(value)) return false;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const property = Object.hasOwn(value, key) ? value[key] : undefined;
      if (property === undefined ? required[i] : !checks[i]!(property)) return false;
    }
    return true;
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
