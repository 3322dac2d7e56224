import { closestMatches, createDiagnostic, type SourceLocation, type StageResult } from '../diagnostics/index.js';
import type { DocsRoot } from '../root/index.js';
import type { ParsedReference, SchemaReference } from './types.js';

const methodPattern = 'get|post|put|patch|delete|head|options|trace';
const specExtension = /\.(json|ya?ml)$/i;

export interface ParseReferenceOptions {
  /**
   * `pages`: a docs.json pages entry, which may also be an ordinary page path (default).
   * `frontmatter`: an `openapi:` frontmatter value, which is always an endpoint reference.
   */
  context?: 'pages' | 'frontmatter';
  /** Spec files and ids known in this run; a pages entry may name one without extension. */
  knownSpecs?: readonly string[];
}

function isKnownSpec(file: string, knownSpecs: readonly string[]): boolean {
  const bare = file.replace(/^\/+/, '');
  return knownSpecs.some((spec) => {
    const known = spec.replace(/^\/+/, '');
    return known === bare || known.replace(specExtension, '') === bare;
  });
}

/**
 * Reads `METHOD /path`, `<file> METHOD /path`, `webhook <name>` or `<file> webhook <name>`. METHOD is
 * case-insensitive and returned upper-case. In a pages entry, text that does not start with a method or
 * `webhook` (optionally after a spec file ending in .json/.yaml/.yml or naming a known spec) is a page path,
 * so `users/get` stays a page while `GET /users` is an endpoint.
 */
export function parseEndpointReference(text: string, options: ParseReferenceOptions = {}): ParsedReference {
  const context = options.context ?? 'pages';
  const trimmed = text.trim();
  const match = new RegExp(`^(?:(\\S.*?)\\s+)?(${methodPattern}|webhook)(?:\\s+(.*))?$`, 'i').exec(trimmed);
  if (!match) {
    if (context === 'pages') return { kind: 'page' };
    return { kind: 'invalid', message: `"${text}" is not of the form "METHOD /path", "<file> METHOD /path" or "webhook <name>"` };
  }
  const file = match[1];
  const word = match[2]!;
  const rest = (match[3] ?? '').trim();
  if (context === 'pages' && file !== undefined && !specExtension.test(file) && !isKnownSpec(file, options.knownSpecs ?? [])) {
    return { kind: 'page' };
  }
  // A lone `get` or `webhook` in pages is a page at the root with that name, not a broken reference.
  if (context === 'pages' && file === undefined && rest === '') return { kind: 'page' };
  if (word.toLowerCase() === 'webhook') {
    if (rest === '') return { kind: 'invalid', message: `"${text}" names no webhook; write "webhook <name>"` };
    return file === undefined ? { kind: 'webhook', name: rest } : { kind: 'webhook', file, name: rest };
  }
  const method = word.toUpperCase();
  if (rest === '') return { kind: 'invalid', message: `"${text}" has no path after ${method}; write "${method} /path"` };
  if (/\s/.test(rest)) return { kind: 'invalid', message: `"${text}" has text after the path "${rest.split(/\s+/)[0]}"; write "${method} /path"` };
  if (!rest.startsWith('/')) return { kind: 'invalid', message: `the path "${rest}" of "${text}" must start with "/"` };
  return file === undefined ? { kind: 'operation', method, path: rest } : { kind: 'operation', file, method, path: rest };
}

/** Reads an `openapi-schema:` frontmatter value: `Name` or `<file> Name`. */
export function parseSchemaReference(text: string): SchemaReference {
  const parts = text.trim().split(/\s+/);
  if (parts.length === 1 && parts[0] !== '') return { kind: 'schema', name: parts[0]! };
  if (parts.length === 2) return { kind: 'schema', file: parts[0]!, name: parts[1]! };
  return { kind: 'invalid', message: `"${text}" is not of the form "<Name>" or "<file> <Name>"` };
}

/** Every .json/.yaml/.yml file of the root (except docs.json) plus the given spec ids, without duplicates. */
export function specCandidates(root: DocsRoot, extra: Iterable<string> = []): string[] {
  const found = new Set<string>();
  for (const file of root.files()) {
    if (specExtension.test(file) && file !== 'docs.json' && !file.endsWith('/docs.json')) found.add(file);
  }
  for (const id of extra) found.add(id);
  return [...found];
}

/**
 * Finds the spec file a frontmatter or pages reference names among `candidates`: the exact path, with
 * or without a leading slash, with or without extension. Several files for one name (openapi.json and
 * openapi.yaml) is `openapi/ambiguous-spec`; none is `openapi/spec-not-found` with the closest file.
 */
export function matchSpecFile(reference: string, candidates: readonly string[], at: SourceLocation): StageResult<string | undefined> {
  const wanted = reference.trim().replace(/^\.?\/+/, '');
  const exact = candidates.find((c) => c.replace(/^\/+/, '') === wanted);
  if (exact !== undefined) return { value: exact, diagnostics: [] };
  let matches: string[] = [];
  if (!specExtension.test(wanted)) {
    matches = candidates.filter((c) => specExtension.test(c) && c.replace(/^\/+/, '').replace(specExtension, '') === wanted);
  }
  if (matches.length === 1) return { value: matches[0], diagnostics: [] };
  if (matches.length > 1) {
    const sorted = [...matches].sort();
    return {
      value: undefined,
      diagnostics: [
        createDiagnostic('openapi/ambiguous-spec', `"${reference}" matches several OpenAPI files: ${sorted.join(', ')}`, at, {
          suggestion: `write the file name with its extension, e.g. "${sorted[0]}"`,
        }),
      ],
    };
  }
  const closest = closestMatches(wanted, candidates, 1)[0] ?? closestByName(wanted, candidates);
  return {
    value: undefined,
    diagnostics: [
      createDiagnostic('openapi/spec-not-found', `no OpenAPI file "${reference}" in the docs root`, at, {
        suggestion: closest === undefined ? undefined : `did you mean "${closest}"?`,
      }),
    ],
  };
}

/** Long paths rarely fall within an edit-distance budget; the same file name in another folder still helps. */
function closestByName(wanted: string, candidates: readonly string[]): string | undefined {
  const base = (p: string) => p.slice(p.lastIndexOf('/') + 1).replace(specExtension, '');
  const names = candidates.map(base);
  const best = closestMatches(base(wanted), names, 1)[0];
  return best === undefined ? undefined : candidates[names.indexOf(best)];
}
