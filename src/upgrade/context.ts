import { createDiagnostic, isJsonObject, joinPointer, splitPointer, type Diagnostic, type JsonObject, type JsonValue, type SourceLocation } from '../diagnostics/index.js';

export const MINT_FILE = 'mint.json';

/** What every part of the conversion shares: where a mint.json value was, and the warnings so far. */
export class Upgrade {
  readonly diagnostics: Diagnostic[] = [];

  constructor(private readonly locate: (pointer: string, target?: 'key' | 'value') => SourceLocation) {}

  /** A key or value that has no docs.json equivalent: left out, with a warning naming it. */
  notMapped(pointer: string, why: string): void {
    this.diagnostics.push(createDiagnostic('upgrade/key-not-mapped', `${describe(pointer)} ${why}; left out of docs.json`, this.at(pointer, 'key')));
  }

  /** A value converted with a change the user should look at. */
  changed(pointer: string, what: string): void {
    this.diagnostics.push(createDiagnostic('upgrade/value-changed', `${describe(pointer)}: ${what}`, this.at(pointer, 'value')));
  }

  /** Every key of `object` that `handled` does not name is reported as not mapped. */
  rest(object: JsonObject, pointer: string, handled: readonly string[], why = 'has no docs.json equivalent'): void {
    for (const key of Object.keys(object)) if (!handled.includes(key)) this.notMapped(joinPointer(pointer, key), why);
  }

  /** The value as an object, or undefined with a warning when it is something else. */
  object(value: JsonValue | undefined, pointer: string): JsonObject | undefined {
    if (value === undefined) return undefined;
    if (isJsonObject(value)) return value;
    this.notMapped(pointer, 'is not an object');
    return undefined;
  }

  string(value: JsonValue | undefined, pointer: string): string | undefined {
    if (value === undefined) return undefined;
    if (typeof value === 'string') return value;
    this.notMapped(pointer, 'is not a string');
    return undefined;
  }

  array(value: JsonValue | undefined, pointer: string): JsonValue[] | undefined {
    if (value === undefined) return undefined;
    if (Array.isArray(value)) return value;
    this.notMapped(pointer, 'is not an array');
    return undefined;
  }

  private at(pointer: string, target: 'key' | 'value'): SourceLocation {
    return { ...this.locate(pointer, target), file: MINT_FILE, pointer };
  }
}

/** `/api/auth/inputPrefix` -> `api.auth.inputPrefix` (array indexes as [n]), how users read keys. */
function describe(pointer: string): string {
  const parts = splitPointer(pointer);
  return parts.reduce((text, part) => (/^\d+$/.test(part) ? `${text}[${part}]` : text ? `${text}.${part}` : part), '');
}

/** Sets `key` only when there is a value, so the output has no `undefined` holes. */
export function put(target: JsonObject, key: string, value: JsonValue | undefined): void {
  if (value !== undefined) target[key] = value;
}

/** Whether a URL leaves the site (`https:`, `mailto:`, ...), as opposed to a path of the docs. */
export function isExternal(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url);
}
