import { createDiagnostic, didYouMean, joinPointer, type Diagnostic, type JsonValue, type SourceLocation } from '../diagnostics/index.js';
import { isObject } from './parse.js';
import type { XDocs } from './types.js';
import { trimSlashes } from '../fields/http.js';

type Locate = (pointer: string, target?: 'key' | 'value') => SourceLocation;

const xDocsKeys = ['metadata', 'content', 'href', 'mcp'];

const metadataChecks: Record<string, { kind: 'string' } | { kind: 'boolean' } | { kind: 'enum'; values: string[] }> = {
  title: { kind: 'string' },
  sidebarTitle: { kind: 'string' },
  description: { kind: 'string' },
  icon: { kind: 'string' },
  tag: { kind: 'string' },
  playground: { kind: 'enum', values: ['interactive', 'simple', 'none'] },
  authMethod: { kind: 'enum', values: ['bearer', 'basic', 'key', 'none'] },
  deprecated: { kind: 'boolean' },
  hidden: { kind: 'boolean' },
};

function describeValue(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${JSON.stringify(value)}`;
}

/**
 * Reads `x-docs` (or its synonym `x-mint`; `x-docs` wins when both are written) of an operation.
 * Malformed parts are reported at their pointer and dropped; the rest is kept.
 */
export function readXDocs(operation: { [key: string]: JsonValue }, pointer: string, locate: Locate): { value?: XDocs; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const key = operation['x-docs'] !== undefined ? 'x-docs' : operation['x-mint'] !== undefined ? 'x-mint' : undefined;
  if (!key) return { diagnostics };
  const raw = operation[key]!;
  const at = joinPointer(pointer, key);
  if (!isObject(raw)) {
    diagnostics.push(
      createDiagnostic('openapi/invalid-x-docs', `${key} must be an object with metadata, content and/or href; found ${describeValue(raw)}`, locate(at)),
    );
    return { diagnostics };
  }
  const value: XDocs = {};
  for (const [name, entry] of Object.entries(raw)) {
    const entryPointer = joinPointer(at, name);
    if (name === 'metadata') {
      if (!isObject(entry)) {
        diagnostics.push(createDiagnostic('openapi/invalid-x-docs', `${key}.metadata must be an object of frontmatter keys; found ${describeValue(entry)}`, locate(entryPointer)));
        continue;
      }
      const metadata: Record<string, JsonValue> = {};
      for (const [metaKey, metaValue] of Object.entries(entry)) {
        // Keys come from the spec: `constructor` or `__proto__` must not find Object.prototype's members.
        const check = Object.hasOwn(metadataChecks, metaKey) ? metadataChecks[metaKey] : undefined;
        const problem =
          check === undefined
            ? undefined
            : check.kind === 'string'
              ? typeof metaValue === 'string' ? undefined : 'a string'
              : check.kind === 'boolean'
                ? typeof metaValue === 'boolean' ? undefined : 'true or false'
                : typeof metaValue === 'string' && check.values.includes(metaValue) ? undefined : `one of ${check.values.join(', ')}`;
        if (problem) {
          diagnostics.push(
            createDiagnostic('openapi/invalid-x-docs', `${key}.metadata.${metaKey} must be ${problem}; found ${describeValue(metaValue)}`, locate(joinPointer(entryPointer, metaKey))),
          );
          continue;
        }
        // A data property even for `__proto__`, which plain assignment would take as the object's prototype.
        Object.defineProperty(metadata, metaKey, { value: metaValue, enumerable: true, writable: true, configurable: true });
      }
      value.metadata = metadata;
    } else if (name === 'content') {
      if (typeof entry !== 'string') {
        diagnostics.push(createDiagnostic('openapi/invalid-x-docs', `${key}.content must be a string of MDX; found ${describeValue(entry)}`, locate(entryPointer)));
        continue;
      }
      value.content = entry;
    } else if (name === 'href') {
      const href: ReturnType<typeof normalizeHref> =
        typeof entry === 'string' ? normalizeHref(entry) : { ok: false, message: `must be a string; found ${describeValue(entry)}` };
      if (!href.ok) {
        diagnostics.push(createDiagnostic('openapi/invalid-x-docs', `${key}.href ${href.message}`, locate(entryPointer)));
        continue;
      }
      value.href = href.id;
    } else if (!xDocsKeys.includes(name)) {
      diagnostics.push(
        createDiagnostic('openapi/unknown-x-docs-key', `unknown key "${name}" in ${key}; it takes metadata, content and href`, locate(entryPointer, 'key'), {
          suggestion: didYouMean(name, xDocsKeys),
        }),
      );
    }
  }
  return { value, diagnostics };
}

/** `/api/users/list/` -> `api/users/list`; URLs and paths with `..` are not page ids. */
function normalizeHref(href: string): { ok: true; id: string } | { ok: false; message: string } {
  const trimmed = href.trim();
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(trimmed) || trimmed.startsWith('//')) {
    return { ok: false, message: `must be a page path of this site (like "/api/users/list"), not the URL "${href}"` };
  }
  const id = trimSlashes(trimmed.replace(/[?#].*$/s, '')).replace(/\.mdx?$/, '');
  if (id === '') return { ok: false, message: 'must name a page path; it is empty' };
  if (id.split('/').some((segment) => segment === '..' || segment === '.' || segment === '')) {
    return { ok: false, message: `"${href}" is not a clean page path (no ".", ".." or empty segments)` };
  }
  return { ok: true, id };
}

/**
 * `x-hidden` (synonym `x-excluded`) of an operation or path item. The strings "true"/"false" are read as
 * booleans (with a warning) because ignoring a mistyped `x-hidden: "true"` would publish what the author
 * meant to hide.
 */
export function readHidden(node: { [key: string]: JsonValue }, pointer: string, locate: Locate): { hidden: boolean; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  let hidden = false;
  for (const key of ['x-hidden', 'x-excluded']) {
    const value = node[key];
    if (value === undefined) continue;
    if (typeof value === 'boolean') {
      hidden ||= value;
      continue;
    }
    const asString = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
    const read = asString === 'true' ? true : asString === 'false' ? false : undefined;
    diagnostics.push(
      createDiagnostic(
        'openapi/invalid-x-hidden',
        read === undefined
          ? `${key} must be true or false; found ${describeValue(value)}, which is ignored`
          : `${key} must be a boolean, not the string ${JSON.stringify(value)}; read as ${read}`,
        locate(joinPointer(pointer, key)),
        { suggestion: `write ${key}: ${read ?? true}` },
      ),
    );
    if (read) hidden = true;
  }
  return { hidden, diagnostics };
}
