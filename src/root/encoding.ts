import { createDiagnostic } from '../diagnostics/catalog.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { SourceFile } from './docs-root.js';

/**
 * The warning for a file that was not valid UTF-8 (its invalid bytes became U+FFFD), at the first
 * invalid byte. Every stage that reads a file reports it with this, so the wording and place agree.
 */
export function invalidUtf8Diagnostic(file: SourceFile): Diagnostic | undefined {
  if (!file.invalidUtf8) return undefined;
  return createDiagnostic(
    'root/invalid-utf8',
    `${file.path} is not valid UTF-8; invalid bytes were replaced with U+FFFD`,
    { file: file.path, ...(file.invalidUtf8At ?? { line: 1, column: 1 }) },
    { suggestion: 'save the file as UTF-8' },
  );
}

/**
 * Whether a file holds binary data: a NUL byte anywhere. Text formats never hold one (docs.json, MDX
 * and YAML all refuse it), and the whole file is searched, not the usual first 8 KiB: a page with
 * NULs past 8 KiB was read as text. The search is one native memchr, far below the cost of decoding.
 */
export function looksBinary(bytes: Uint8Array): boolean {
  return bytes.indexOf(0) !== -1;
}
