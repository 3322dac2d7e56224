import type { Severity, SourceLocation } from '../diagnostics/index.js';

/** The file names docs-build reads from the top of the docs root (docs/rules.md). */
export const RULES_FILE = 'docs-build.json';
export const IGNORE_FILE = '.docs-build-ignore.json';

/** What a rule setting does with the diagnostics of one code. */
export type RuleLevel = 'off' | 'info' | 'warn' | 'error';

export const ruleLevels: readonly RuleLevel[] = ['off', 'info', 'warn', 'error'];

export const severityOfLevel: Record<Exclude<RuleLevel, 'off'>, Severity> = { info: 'info', warn: 'warning', error: 'error' };

/** Settings for the files matching `files` (picomatch globs, root-relative); later overrides win. */
export interface RuleOverride {
  files: string[];
  rules: Record<string, RuleLevel>;
}

/** docs-build.json, validated. */
export interface RuleSettings {
  rules: Record<string, RuleLevel>;
  overrides: RuleOverride[];
}

/**
 * One accepted problem. `code` and `file` must match; then `pointer` when the diagnostic has one,
 * else `hash` (of the trimmed source lines the diagnostic spans: it survives lines inserted above and
 * re-indentation), else the exact `message` (a problem without a place in a text).
 */
export interface IgnoreEntry {
  code: string;
  file?: string;
  pointer?: string;
  hash?: string;
  message?: string;
  /** JSON pointer of the entry in the ignore file, for reporting it when it is unused. */
  at: string;
}

export interface IgnoreList {
  /** The ignore file, root-relative. */
  file: string;
  entries: IgnoreEntry[];
  /** Position of a pointer of the ignore file (computed only when an entry is reported). */
  locate(pointer: string): SourceLocation;
}

/** How many diagnostics the rules took out of a run, and by what. */
export interface IgnoredCounts {
  /** Turned `off` in docs-build.json. */
  off: number;
  /** Matched an entry of the ignore file. */
  ignoreFile: number;
  /** Per code, both kinds together. */
  byCode: Record<string, number>;
}
