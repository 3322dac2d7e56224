import type { Diagnostic } from '../diagnostics/index.js';
import type { DocsRoot } from '../root/index.js';
import type { RuleInputs } from './apply.js';
import { parseIgnoreFile, parseRuleSettings } from './load.js';
import { IGNORE_FILE, RULES_FILE, type IgnoreList } from './types.js';

export interface ProjectRules extends RuleInputs {
  /** Problems in the two files themselves. */
  diagnostics: Diagnostic[];
}

/**
 * Reads docs-build.json and the ignore file from the top of the docs root, when present, through the
 * root (so they are inputs of the run like any other file). `ignoreFile: false` leaves the ignore file
 * out (what --generate-ignore-file needs: every problem, to write them all down).
 */
export function loadProjectRules(root: DocsRoot, options: { ignoreFile?: boolean } = {}): ProjectRules {
  const rules: ProjectRules = { diagnostics: [], sourceText: (file) => sourceOf(root, file) };
  const settings = readOptional(root, RULES_FILE);
  if (settings !== undefined) {
    const parsed = parseRuleSettings(settings, RULES_FILE);
    rules.settings = parsed.value;
    rules.diagnostics.push(...parsed.diagnostics);
  }
  const ignore = options.ignoreFile === false ? undefined : readOptional(root, IGNORE_FILE);
  if (ignore !== undefined) {
    const parsed = parseIgnoreFile(ignore, IGNORE_FILE);
    rules.ignore = parsed.value;
    rules.diagnostics.push(...parsed.diagnostics);
  }
  return rules;
}

/** The ignore file alone, when there is one (a page patch asks whether it knows problems by their lines). */
export function readIgnoreFile(root: DocsRoot): IgnoreList | undefined {
  const text = readOptional(root, IGNORE_FILE);
  return text === undefined ? undefined : parseIgnoreFile(text, IGNORE_FILE).value;
}

/** Whether a changed page may hold a problem the ignore file accepts by its text (which the edit may have changed). */
export function ignoresByText(ignore: IgnoreList | undefined, files: readonly string[]): boolean {
  return ignore?.entries.some((entry) => entry.hash !== undefined && entry.file !== undefined && files.includes(entry.file)) ?? false;
}

function readOptional(root: DocsRoot, file: string): string | undefined {
  const read = root.read(file);
  return read.ok ? read.file.text : undefined;
}

/** Page texts are not kept by the run; reading one again costs a read, done only for a hash anchor. */
function sourceOf(root: DocsRoot, file: string): string | undefined {
  const read = root.read(file, { keep: false });
  return read.ok ? read.file.text : undefined;
}
