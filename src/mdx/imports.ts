import { createDiagnostic, distanceWithin, rankCandidates, type Diagnostic } from '../diagnostics/index.js';
import type { DocsRoot } from '../root/index.js';
import type { ParsedPage } from './types.js';

const markdownFile = /\.(mdx|md)$/i;

/**
 * Checks the page's local imports of MDX/MD files (`/snippets/x.mdx` from the docs root,
 * `./x.mdx` and `../x.mdx` from the page's folder). A missing file is a warning at the import; a path
 * leading out of the docs root gets the root's own code. Packages and non-Markdown modules (`.jsx`,
 * `.js`, ...) are the site's business and are not checked, nor are extension-less paths, whose
 * resolution depends on the bundler.
 */
export function checkImports(page: ParsedPage, root: DocsRoot): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const { specifier, location } of page.imports) {
    if (!isLocal(specifier)) continue;
    const bare = specifier.replace(/[?#].*$/, '');
    if (!markdownFile.test(bare)) continue;
    const resolved = root.resolve(bare, page.path);
    if (!resolved.ok) {
      diagnostics.push(createDiagnostic(resolved.problem.code, `import "${specifier}": ${resolved.problem.message}`, location));
      continue;
    }
    if (root.exists(resolved.path)) {
      // A symlink inside the root may lead out of it: the site's bundler would follow it.
      const outside = root.boundaryProblem(resolved.path);
      if (outside) diagnostics.push(createDiagnostic(outside.code, `import "${specifier}": ${outside.message}`, location));
      continue;
    }
    diagnostics.push(
      createDiagnostic('mdx/import-not-found', `import "${specifier}" points at ${resolved.path}, which does not exist`, location, {
        suggestion: suggestFile(resolved.path, root),
      }),
    );
  }
  return diagnostics;
}

function isLocal(specifier: string): boolean {
  return specifier.startsWith('/') || specifier.startsWith('./') || specifier.startsWith('../');
}

// Suggestions per file list (a new list after the watcher invalidates the root): translated pages tend
// to import the same missing snippet, and ranking compares the path with every file of the root.
const suggestions = new WeakMap<readonly string[], Map<string, string | undefined>>();

/**
 * The existing Markdown files nearest to the missing path: same-name files first (a wrong `../` depth or
 * folder is the usual mistake), each group by edit distance, and only those close enough to be a likely
 * intent (a third of the path may differ).
 */
function suggestFile(missing: string, root: DocsRoot): string | undefined {
  const files = root.files();
  let known = suggestions.get(files);
  if (!known) suggestions.set(files, (known = new Map()));
  if (!known.has(missing)) known.set(missing, rankFiles(missing, files));
  return known.get(missing);
}

function rankFiles(missing: string, files: readonly string[]): string | undefined {
  const name = missing.slice(missing.lastIndexOf('/') + 1);
  const budget = Math.max(3, Math.floor(missing.length / 3));
  const ranked = rankCandidates(files, {
    key: (file) => file,
    cost: (file) => (markdownFile.test(file) ? distanceWithin(file, missing, budget) : undefined),
    prefer: (file) => file === name || file.endsWith(`/${name}`),
    limit: 2,
  });
  if (ranked.length === 0) return undefined;
  // The root-absolute form works from any page, whatever the import was written as.
  return `did you mean ${ranked.map((file) => `"/${file}"`).join(' or ')}?`;
}
