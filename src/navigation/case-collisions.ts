import { compareCodeUnits, createDiagnostic, type Diagnostic } from '../diagnostics/index.js';
import { foldedPath } from '../root/index.js';

/**
 * Page files whose page ids differ only in letter case (`index.mdx` and `Index.mdx`, `Guides/a.md` and
 * `guides/a.mdx`): on a case-insensitive file system (macOS, Windows) one overwrites the other at
 * checkout, and their URLs differ only in case, which many hosts serve as one. `pageFiles` maps page id
 * to file; each later file (code-unit order) gets a warning naming the first of its group.
 */
export function caseCollisions(pageFiles: ReadonlyMap<string, string>): Diagnostic[] {
  const firstByFolded = new Map<string, string>();
  const diagnostics: Diagnostic[] = [];
  const files = [...pageFiles.values()].sort(compareCodeUnits);
  for (const file of files) {
    const folded = foldedPath(file.replace(/\.(mdx|md)$/, ''));
    const first = firstByFolded.get(folded);
    if (first === undefined) {
      firstByFolded.set(folded, file);
      continue;
    }
    diagnostics.push(
      createDiagnostic(
        'navigation/case-collision',
        `"${file}" and "${first}" differ only in ${file.toLowerCase() === first.toLowerCase() ? 'letter case' : 'letter case or Unicode normalization'}: on a case-insensitive file system (macOS, Windows) one replaces the other, and their URLs differ only in case`,
        { file, line: 1, column: 1 },
        { related: [{ file: first, line: 1, column: 1, message: 'the other file' }], suggestion: 'rename or merge one of the two pages' },
      ),
    );
  }
  return diagnostics;
}
