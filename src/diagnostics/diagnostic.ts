/**
 * The one diagnostic type of docs-build. Every stage reports problems in the user's files as values of
 * this type and goes on; only bugs in docs-build throw. JSON-safe so the `json` reporter and the
 * programmatic API can hand it out unchanged.
 */
export type Severity = 'error' | 'warning' | 'info';

export type Stage =
  | 'root'
  | 'config'
  | 'navigation'
  | 'openapi'
  | 'mdx'
  | 'content'
  | 'precedence'
  | 'links'
  | 'cache'
  | 'manifest'
  | 'migrate'
  | 'admin'
  | 'rules'
  | 'upgrade'
  | 'site'
  | 'cli';

/** A place in a file of the docs root. Lines and columns are 1-based; columns count UTF-16 code units. */
export interface SourceLocation {
  /** Path relative to the docs root, with forward slashes. */
  file: string;
  line?: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
  /** JSON pointer inside `file` when the file is JSON or YAML. */
  pointer?: string;
}

/** The range part of a location: 1-based, the end exclusive (as mdast's). */
export type Span = Required<Pick<SourceLocation, 'line' | 'column' | 'endLine' | 'endColumn'>>;

/**
 * A location as the manifest records it: a line and column in a text file (MDX), or a JSON pointer in
 * a JSON/YAML file (an OpenAPI operation or schema), whose line is computed only when a diagnostic
 * needs one. Fields and pages keep their source in this form.
 */
export type RecordedLocation = { file: string; line: number; column: number } | { file: string; pointer: string };

export interface RelatedLocation extends SourceLocation {
  message: string;
}

export interface Diagnostic {
  /** Stable code from the catalog, e.g. `config/invalid-enum`. Never renamed once released. */
  code: string;
  severity: Severity;
  stage: Stage;
  /** What is wrong, in plain words, without the position (reporters add it). */
  message: string;
  file?: string;
  line?: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
  pointer?: string;
  /** A concrete fix: "did you mean ...", the closest file, the expected shape. */
  suggestion?: string;
  related?: RelatedLocation[];
}

export interface StageResult<T> {
  value: T;
  diagnostics: Diagnostic[];
}

const severityRank: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/**
 * Code-unit order (undefined as ''): locale-independent, unlike `localeCompare`, so whatever the
 * compiler writes or reports in order comes out the same on every machine.
 */
export function compareCodeUnits(a: string | undefined, b: string | undefined): number {
  const left = a ?? '';
  const right = b ?? '';
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Deterministic order: file, line, column, severity, code, message. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return (
    compareCodeUnits(a.file, b.file) ||
    (a.line ?? 0) - (b.line ?? 0) ||
    (a.column ?? 0) - (b.column ?? 0) ||
    severityRank[a.severity] - severityRank[b.severity] ||
    compareCodeUnits(a.code, b.code) ||
    compareCodeUnits(a.message, b.message)
  );
}

export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(compareDiagnostics);
}

export function countBySeverity(diagnostics: readonly Diagnostic[]): { errors: number; warnings: number; infos: number } {
  let errors = 0;
  let warnings = 0;
  let infos = 0;
  for (const d of diagnostics) {
    if (d.severity === 'error') errors++;
    else if (d.severity === 'warning') warnings++;
    else infos++;
  }
  return { errors, warnings, infos };
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** `--strict`: every warning becomes an error; infos stay infos. */
export function promoteWarnings(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.map((d) => (d.severity === 'warning' ? { ...d, severity: 'error' } : d));
}

/**
 * The first of each set of identical diagnostics (same code, severity, place and message), in order.
 * A file reached along two paths (a `$ref`d part, a shared spec) reports its problems once.
 */
export function uniqueDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const key = JSON.stringify([d.code, d.severity, d.file, d.line, d.column, d.pointer, d.message]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Appends every item of `more` to `list`. `list.push(...more)` passes each item as an argument, which
 * overflows the call stack past about 100,000 items (a 50 MB docs.json can yield that many findings).
 */
export function appendAll<T>(list: T[], more: readonly T[]): T[] {
  for (const item of more) list.push(item);
  return list;
}
