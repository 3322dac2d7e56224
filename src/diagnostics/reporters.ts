import { createColors } from 'picocolors';
import { bounded, codeFrame, printable, SourceText } from './code-frame.js';
import { countBySeverity, sortDiagnostics, type Diagnostic } from './diagnostic.js';

/** What reporters need from the outside world, passed in so they stay pure. */
export interface ReportOptions {
  /** Source text of a root-relative file, for code frames; undefined when unavailable. */
  readSource?: (file: string) => string | undefined;
  /** Prefix joined to root-relative file names in output (the docs root relative to the cwd). */
  pathPrefix?: string;
  /** ANSI colours (the CLI sets this only when stdout is a TTY). */
  color?: boolean;
  /** Show infos in human output (default true). */
  showInfos?: boolean;
  /** Code frames shown per file (default 20); the file's other diagnostics are printed without one. */
  framesPerFile?: number;
  /** What the project's rule settings and ignore file left out, for the summary line. */
  ignored?: IgnoredSummary;
  /** The summary line at the end (default true): off where the caller prints its own for a larger set. */
  summary?: boolean;
}

/** Diagnostics left out of a report: turned `off` in docs-build.json, or accepted by the ignore file. */
export interface IgnoredSummary {
  off: number;
  ignoreFile: number;
}

/** A file's path as given, under the prefix (the GitHub format names it so: its annotations match the file). */
function prefixedPath(file: string | undefined, options: ReportOptions): string {
  if (!file) return '';
  const prefix = options.pathPrefix ?? '';
  if (!prefix || prefix === '.') return file;
  return `${prefix.replace(/(?<!\/)\/+$/, '')}/${file}`;
}

/** A file's path as printed for a reader (`printable`). */
function displayPath(file: string | undefined, options: ReportOptions): string {
  return printable(prefixedPath(file, options));
}

/** Text of a diagnostic as printed: bounded, and without control characters (`printable`). */
const printed = (text: string): string => printable(bounded(text));

function position(d: Diagnostic, options: ReportOptions): string {
  const file = displayPath(d.file, options);
  if (!file) return '';
  if (d.line === undefined) return file;
  return `${file}:${d.line}:${d.column ?? 1}`;
}

/**
 * Human output, modelled on TypeScript's and vfile-reporter's: position, severity, message, code frame.
 * Its size is bounded by the number of diagnostics, whatever the files: each source is read once, a
 * frame shows a window of its lines around the column, and only the first `framesPerFile` diagnostics
 * of a file get one.
 */
export function formatHuman(diagnostics: readonly Diagnostic[], options: ReportOptions = {}): string {
  const c = createColors(options.color ?? false);
  const shown = sortDiagnostics(diagnostics).filter((d) => options.showInfos !== false || d.severity !== 'info');
  const frames = frameSource(shown, options);
  const blocks: string[] = [];
  for (const d of shown) {
    const label =
      d.severity === 'error' ? c.red(c.bold('error')) : d.severity === 'warning' ? c.yellow(c.bold('warning')) : c.blue('info');
    const where = position(d, options);
    const lines = [`${where ? c.cyan(where) + ' ' : ''}${label} ${printed(d.message)} ${c.dim(d.code)}`];
    const frame = frames(d);
    if (frame) lines.push(frame.split('\n').map((line) => '  ' + line).join('\n'));
    if (d.suggestion) lines.push(`  ${c.green('hint:')} ${printed(d.suggestion)}`);
    const related = d.related ?? [];
    for (const r of related.slice(0, maxRelated)) {
      const at = position({ ...r, code: '', severity: 'info', stage: 'cli', message: '' } as Diagnostic, options);
      lines.push(`  ${c.dim('related:')} ${at ? at + ' ' : ''}${printed(r.message)}`);
    }
    if (related.length > maxRelated) lines.push(`  ${c.dim('related:')} ${related.length - maxRelated} more`);
    blocks.push(lines.join('\n'));
  }
  const body = blocks.length ? blocks.join('\n\n') + '\n\n' : '';
  return options.summary === false ? body : body + summaryLine(diagnostics, options.ignored) + '\n';
}

/** Related places printed per diagnostic. */
const maxRelated = 10;

/**
 * The code frame of each diagnostic, or a note in place of it past the file's frame limit (once per
 * file, with how many go without). Sources are read once each, and only for diagnostics that get a frame.
 */
function frameSource(shown: readonly Diagnostic[], options: ReportOptions): (d: Diagnostic) => string | undefined {
  const limit = options.framesPerFile ?? 20;
  const perFile = new Map<string, number>();
  for (const d of shown) if (d.file && d.line !== undefined) perFile.set(d.file, (perFile.get(d.file) ?? 0) + 1);
  const sources = new Map<string, SourceText | undefined>();
  const framed = new Map<string, number>();
  return (d) => {
    if (!d.file || d.line === undefined || !options.readSource) return undefined;
    const count = framed.get(d.file) ?? 0;
    framed.set(d.file, count + 1);
    if (count > limit) return undefined;
    if (count === limit) {
      const rest = (perFile.get(d.file) ?? 0) - limit;
      return `(code frames are shown for the first ${limit} problems of a file; the other ${rest.toLocaleString('en-US')} in ${displayPath(d.file, options)} follow without)`;
    }
    if (!sources.has(d.file)) {
      const text = options.readSource(d.file);
      sources.set(d.file, text === undefined ? undefined : new SourceText(text));
    }
    const source = sources.get(d.file);
    if (!source) return undefined;
    return codeFrame(source, { line: d.line, column: d.column ?? 1, ...(d.endLine !== undefined ? { endLine: d.endLine } : {}), ...(d.endColumn !== undefined ? { endColumn: d.endColumn } : {}) });
  };
}

/**
 * `2 errors, 1 warning, 0 infos`, then what the rules left out, which none of those counts include:
 * `; 355 ignored (4 turned off in docs-build.json, 351 accepted in .docs-build-ignore.json)`.
 */
export function summaryLine(diagnostics: readonly Diagnostic[], ignored?: IgnoredSummary): string {
  const { errors, warnings, infos } = countBySeverity(diagnostics);
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  const counts = `${plural(errors, 'error')}, ${plural(warnings, 'warning')}, ${plural(infos, 'info')}`;
  if (!ignored || ignored.off + ignored.ignoreFile === 0) return counts;
  const by = [ignored.off > 0 ? `${ignored.off} turned off in docs-build.json` : '', ignored.ignoreFile > 0 ? `${ignored.ignoreFile} accepted in .docs-build-ignore.json` : ''];
  return `${counts}; ${ignored.off + ignored.ignoreFile} ignored (${by.filter(Boolean).join(', ')})`;
}

/** The documented, stable machine format (docs/diagnostics.md). */
export interface JsonReport {
  reportVersion: 1;
  summary: { errors: number; warnings: number; infos: number };
  diagnostics: Diagnostic[];
}

export function formatJson(diagnostics: readonly Diagnostic[], extra: Record<string, unknown> = {}): string {
  const report: JsonReport & Record<string, unknown> = {
    reportVersion: 1,
    ...extra,
    summary: countBySeverity(diagnostics),
    diagnostics: sortDiagnostics(diagnostics),
  };
  return JSON.stringify(report, null, 2) + '\n';
}

/** GitHub Actions workflow commands: one `::error`/`::warning`/`::notice` line per diagnostic. */
export function formatGithub(diagnostics: readonly Diagnostic[], options: ReportOptions = {}): string {
  const out: string[] = [];
  for (const d of sortDiagnostics(diagnostics)) {
    const command = d.severity === 'error' ? 'error' : d.severity === 'warning' ? 'warning' : 'notice';
    const props: string[] = [];
    if (d.file) props.push(`file=${escapeProperty(prefixedPath(d.file, options))}`);
    if (d.line !== undefined) props.push(`line=${d.line}`);
    if (d.column !== undefined) props.push(`col=${d.column}`);
    if (d.endLine !== undefined) props.push(`endLine=${d.endLine}`);
    if (d.endColumn !== undefined && d.endLine === d.line) props.push(`endColumn=${d.endColumn}`);
    props.push(`title=${escapeProperty(d.code)}`);
    const message = d.suggestion ? `${printed(d.message)} (${printed(d.suggestion)})` : printed(d.message);
    out.push(`::${command} ${props.join(',')}::${escapeData(message)}`);
  }
  out.push(summaryLine(diagnostics, options.ignored));
  return out.join('\n') + '\n';
}

// Escaping rules of the workflow-command format (actions/toolkit core/src/command.ts).
function escapeData(value: string): string {
  return value.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(value: string): string {
  return escapeData(value).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
