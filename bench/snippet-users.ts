/**
 * Which pages use a file, read from the pages' text alone (not from the compiler under measurement):
 * the bench's one-file edit may hit a snippet, and the target of issue 14 for that case is 2 x (a) plus
 * the parse of the pages that use it, which a rebuild has to parse (or take from its cache) and inline.
 */
import path from 'node:path';

/** `import X from '...'` and `import { A } from '...'`, on one line or several. */
const importFrom = /\bfrom\s*['"]([^'"\n]+)['"]/g;
/** The legacy element, whose path is relative to `snippets/`. */
const snippetElement = /<Snippet\s+file=["']([^"'\n]+)["']/g;

/**
 * The root-relative files (POSIX separators) that `text`, the content of `file`, brings in: imports
 * (root-absolute or relative to the file) and `<Snippet file>`, an import without an extension taken
 * as `.mdx`.
 */
export function referencedFiles(file: string, text: string): string[] {
  const found: string[] = [];
  const add = (target: string): void => {
    const withExtension = /\.mdx?$/.test(target) ? target : /\.[a-z]+$/i.test(target) ? undefined : `${target}.mdx`;
    if (withExtension !== undefined) found.push(withExtension);
  };
  for (const match of text.matchAll(importFrom)) {
    const specifier = match[1]!;
    if (specifier.startsWith('/')) add(path.posix.normalize(specifier.slice(1)));
    else if (specifier.startsWith('.')) add(path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)));
  }
  for (const match of text.matchAll(snippetElement)) add(path.posix.normalize(path.posix.join('snippets', match[1]!)));
  return found;
}

/**
 * The pages (files outside `snippets/`) that use `changed`, directly or through snippets that use it,
 * sorted; empty when `changed` is itself a page that nothing imports.
 */
export function pagesUsing(changed: string, files: ReadonlyMap<string, string>): string[] {
  const usedBy = new Map<string, string[]>();
  for (const [file, text] of files) {
    for (const target of referencedFiles(file, text)) {
      const users = usedBy.get(target) ?? [];
      users.push(file);
      usedBy.set(target, users);
    }
  }
  const seen = new Set([changed]);
  const pending = [changed];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    for (const user of usedBy.get(next) ?? []) {
      if (seen.has(user)) continue;
      seen.add(user);
      pending.push(user);
    }
  }
  seen.delete(changed);
  return [...seen].filter((file) => !file.startsWith('snippets/')).sort();
}
