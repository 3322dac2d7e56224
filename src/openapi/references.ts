import { closestMatches, createDiagnostic, type SourceLocation, type StageResult } from '../diagnostics/index.js';
import type { DocsRoot } from '../root/index.js';
import type { SchemaReference } from './types.js';

const specExtension = /\.(json|ya?ml)$/i;

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
