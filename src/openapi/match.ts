import { distance } from 'fastest-levenshtein';
import { closestMatches, createDiagnostic, joinPointer, rankCandidates, type SourceLocation, type StageResult } from '../diagnostics/index.js';
import type { EndpointReference, LoadedSpec, OperationInfo } from './types.js';
import { trimTrailingSlashes } from '../fields/http.js';

export type OperationMatch =
  | { kind: 'matched'; operation: OperationInfo }
  /** Several operations match equally well (e.g. `/users/{id}` and `/users/{userId}`). */
  | { kind: 'ambiguous'; operations: OperationInfo[] }
  /** Nothing matches; `closest` holds up to three operations by edit distance, best first. */
  | { kind: 'none'; closest: OperationInfo[] };

export type SchemaMatch = { kind: 'matched'; name: string; pointer: string } | { kind: 'none'; closest: string[] };

function withoutTrailingSlash(path: string): string {
  return path.length > 1 ? trimTrailingSlashes(path) : path;
}

/** `/users/{userId}/` -> `/users/{}`: two templates that differ only in parameter names become equal. */
function templateShape(path: string): string {
  return withoutTrailingSlash(path).replace(/\{[^{}]*\}/g, '{}');
}

/**
 * Finds the operation an endpoint reference names. METHOD is case-insensitive. Paths match exactly,
 * then ignoring a trailing slash, then as templates whose parameter names may differ; the first rule
 * that matches decides, and several matches under it is ambiguous.
 */
export function findOperation(spec: Pick<LoadedSpec, 'operations'>, method: string, path: string): OperationMatch {
  const upper = method.toUpperCase();
  const sameMethod = spec.operations.filter((op) => op.method === upper);
  const rules: Array<(op: OperationInfo) => boolean> = [
    (op) => op.path === path,
    (op) => withoutTrailingSlash(op.path) === withoutTrailingSlash(path),
    (op) => templateShape(op.path) === templateShape(path),
  ];
  for (const rule of rules) {
    const found = sameMethod.filter(rule);
    if (found.length === 1) return { kind: 'matched', operation: found[0]! };
    if (found.length > 1) return { kind: 'ambiguous', operations: found };
  }
  const wanted = templateShape(path);
  const budget = Math.max(3, Math.ceil(wanted.length / 2));
  // Another method costs two edits: a path that fits with another method is still a good guess.
  const closest = rankCandidates(spec.operations, {
    key: (op) => `${op.path}\u0000${op.method}`,
    cost: (op) => {
      const score = distance(wanted, templateShape(op.path)) + (op.method === upper ? 0 : 2);
      return score <= budget ? score : undefined;
    },
    limit: 3,
  });
  return { kind: 'none', closest };
}

/** Finds a webhook by name: exact, then case-insensitive. */
export function findWebhook(spec: Pick<LoadedSpec, 'webhooks'>, name: string): OperationMatch {
  const exact = spec.webhooks.filter((w) => w.webhook === name);
  if (exact.length > 0) return { kind: 'matched', operation: exact[0]! };
  const folded = spec.webhooks.filter((w) => w.webhook?.toLowerCase() === name.toLowerCase());
  const names = [...new Set(folded.map((w) => w.webhook))];
  if (names.length === 1) return { kind: 'matched', operation: folded[0]! };
  if (names.length > 1) return { kind: 'ambiguous', operations: folded };
  const closestNames = closestMatches(name, spec.webhooks.map((w) => w.webhook ?? ''), 3);
  return { kind: 'none', closest: closestNames.map((n) => spec.webhooks.find((w) => w.webhook === n)!) };
}

/** Finds a schema under `components.schemas`: exact, then case-insensitive when that is unique. */
export function findSchema(spec: Pick<LoadedSpec, 'schemaNames'>, name: string): SchemaMatch {
  const pointerOf = (n: string) => joinPointer('', 'components', 'schemas', n);
  if (spec.schemaNames.includes(name)) return { kind: 'matched', name, pointer: pointerOf(name) };
  const folded = spec.schemaNames.filter((n) => n.toLowerCase() === name.toLowerCase());
  if (folded.length === 1) return { kind: 'matched', name: folded[0]!, pointer: pointerOf(folded[0]!) };
  return { kind: 'none', closest: closestMatches(name, spec.schemaNames, 3) };
}

function label(op: OperationInfo): string {
  return op.webhook !== undefined ? `webhook ${op.webhook}` : `${op.method} ${op.path}`;
}

function quoteList(items: string[]): string {
  return items.map((i) => `"${i}"`).join(', ');
}

/**
 * Resolves an endpoint reference against its spec and turns every outcome into diagnostics at `at`:
 * unknown (with the closest operations), ambiguous (each candidate in `related`), and a warning for an
 * operation marked x-hidden. A hidden operation is still returned, flagged: callers leave it out.
 */
export function resolveEndpoint(spec: LoadedSpec, reference: EndpointReference, at: SourceLocation): StageResult<OperationInfo | undefined> {
  const match = reference.kind === 'webhook' ? findWebhook(spec, reference.name) : findOperation(spec, reference.method, reference.path);
  const wanted = reference.kind === 'webhook' ? `webhook ${reference.name}` : `${reference.method.toUpperCase()} ${reference.path}`;
  if (match.kind === 'none') {
    const code = reference.kind === 'webhook' ? 'openapi/unknown-webhook' : 'openapi/unknown-endpoint';
    const suggestion = match.closest.length > 0 ? `did you mean ${quoteList(match.closest.map(label))}?` : undefined;
    return { value: undefined, diagnostics: [createDiagnostic(code, `${spec.id} has no ${reference.kind === 'webhook' ? '' : 'operation '}${wanted}`, at, { suggestion })] };
  }
  if (match.kind === 'ambiguous') {
    return {
      value: undefined,
      diagnostics: [
        createDiagnostic('openapi/ambiguous-endpoint', `${wanted} matches ${match.operations.length} operations of ${spec.id}: ${quoteList(match.operations.map(label))}`, at, {
          suggestion: `write the path exactly as the spec does, e.g. "${label(match.operations[0]!)}"`,
          related: match.operations.map((op) => ({ ...spec.locate(op.pointer, 'key'), message: label(op) })),
        }),
      ],
    };
  }
  const op = match.operation;
  const diagnostics = op.hidden
    ? [
        createDiagnostic('openapi/hidden-endpoint-referenced', `${label(op)} is marked x-hidden in ${spec.id}; it stays out of the pages and the navigation`, at, {
          suggestion: 'remove the reference, or remove x-hidden from the operation',
          related: [{ ...spec.locate(op.pointer, 'key'), message: 'the hidden operation' }],
        }),
      ]
    : [];
  return { value: op, diagnostics };
}

/** Resolves an `openapi-schema:` name, reporting `openapi/unknown-schema` with the closest names. */
export function resolveSchema(spec: LoadedSpec, name: string, at: SourceLocation): StageResult<string | undefined> {
  const match = findSchema(spec, name);
  if (match.kind === 'matched') return { value: match.name, diagnostics: [] };
  return {
    value: undefined,
    diagnostics: [
      createDiagnostic('openapi/unknown-schema', `${spec.id} has no schema "${name}" under components.schemas`, at, {
        suggestion: match.closest.length > 0 ? `did you mean ${quoteList(match.closest)}?` : undefined,
      }),
    ],
  };
}
