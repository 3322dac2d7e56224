import { compareCodeUnits, sortDiagnostics, type Diagnostic } from '../diagnostics/index.js';
import { anchorOf, type SourceText } from './anchor.js';
import { isFixedCode } from './load.js';

/** Where editors find the ignore file's schema: the copy the package ships. */
export const ignoreSchemaUrl = './node_modules/docs-build/schema/ignore.schema.json';

/**
 * The text of an ignore file that accepts every error and warning of `diagnostics` (infos are not
 * problems; the rule settings' own problems cannot be accepted). Deterministic: entries sorted by
 * file, code and anchor, identical entries once.
 */
export function ignoreFileText(diagnostics: readonly Diagnostic[], sourceText: SourceText): { text: string; count: number } {
  const seen = new Set<string>();
  const entries: Array<Record<string, string>> = [];
  for (const diagnostic of sortDiagnostics(diagnostics)) {
    if (diagnostic.severity === 'info' || isFixedCode(diagnostic.code)) continue;
    const entry: Record<string, string> = { code: diagnostic.code };
    if (diagnostic.file !== undefined) entry.file = diagnostic.file;
    Object.assign(entry, anchorOf(diagnostic, sourceText));
    const key = JSON.stringify(entry);
    if (seen.has(key)) continue;
    seen.add(key);
    entries.push(entry);
  }
  entries.sort((a, b) => compareCodeUnits(a.file, b.file) || compareCodeUnits(a.code, b.code) || compareCodeUnits(a.pointer ?? a.hash ?? a.message, b.pointer ?? b.hash ?? b.message));
  const file = {
    $schema: ignoreSchemaUrl,
    note: 'Accepted problems: docs-build leaves them out of its reports (docs/rules.md). Regenerate with docs-build check --generate-ignore-file.',
    ignore: entries,
  };
  return { text: `${JSON.stringify(file, null, 2)}\n`, count: entries.length };
}

