import { compareCodeUnits, sortDiagnostics, type Diagnostic } from '../diagnostics/index.js';
import { anchorOf, type SourceText } from './anchor.js';
import { isFixedCode } from './load.js';
import type { IgnoreEntry } from './types.js';

/** Where editors find the ignore file's schema: the copy the package ships. */
export const ignoreSchemaUrl = './node_modules/docs-build/schema/ignore.schema.json';

/**
 * The text of an ignore file that accepts every error and warning of `diagnostics` (infos are not
 * problems; the rule settings' own problems cannot be accepted), and the entries of `kept` as they are
 * (the export's own, which the run that found `diagnostics` cannot find). Deterministic: entries
 * sorted by file, code and anchor, identical entries once.
 */
export function ignoreFileText(diagnostics: readonly Diagnostic[], sourceText: SourceText, kept: readonly IgnoreEntry[] = []): { text: string; count: number } {
  const seen = new Set<string>();
  const entries: Array<Record<string, string>> = [];
  const add = (entry: Record<string, string>): void => {
    const key = JSON.stringify(entry);
    if (seen.has(key)) return;
    seen.add(key);
    entries.push(entry);
  };
  for (const diagnostic of sortDiagnostics(diagnostics)) {
    if (diagnostic.severity === 'info' || isFixedCode(diagnostic.code)) continue;
    const entry: Record<string, string> = { code: diagnostic.code };
    if (diagnostic.file !== undefined) entry.file = diagnostic.file;
    add(Object.assign(entry, anchorOf(diagnostic, sourceText)));
  }
  for (const { code, file, pointer, hash, message } of kept) {
    add({ code, ...(file !== undefined ? { file } : {}), ...(pointer !== undefined ? { pointer } : hash !== undefined ? { hash } : message !== undefined ? { message } : {}) });
  }
  entries.sort((a, b) => compareCodeUnits(a.file, b.file) || compareCodeUnits(a.code, b.code) || compareCodeUnits(a.pointer ?? a.hash ?? a.message, b.pointer ?? b.hash ?? b.message));
  const file = {
    $schema: ignoreSchemaUrl,
    note: 'Accepted problems: docs-build leaves them out of its reports (docs/rules.md). Regenerate with docs-build check --generate-ignore-file.',
    ignore: entries,
  };
  return { text: `${JSON.stringify(file, null, 2)}\n`, count: entries.length };
}

