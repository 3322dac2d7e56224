import ignore, { type Ignore } from 'ignore';
import { createDiagnostic, type Diagnostic } from '../diagnostics/index.js';
import type { DocsRoot } from '../root/index.js';

/** Which files of the root are pages and at which URL (docs/content.md, "Which files are pages"). */

const pageFile = /\.(mdx|md)$/;

/** An `.mdx`/`.md` file outside `snippets/` and hidden folders. */
export function isPageFile(file: string): boolean {
  return pageFile.test(file) && !file.startsWith('snippets/') && !file.split('/').some((segment) => segment.startsWith('.'));
}

/**
 * Whether a reference can name the file: a reference's `\` is read as `/` (`DocsRoot.resolve`), so a file
 * whose name holds one can never be reached, nor be a page.
 */
export function isAddressable(file: string): boolean {
  return !file.includes('\\');
}

/** The page id a file is published at: its path without extension, `x/index.mdx` at `x`. */
export function pageIdOfFile(file: string): string {
  const id = file.replace(pageFile, '');
  return id.endsWith('/index') ? id.slice(0, -'/index'.length) : id;
}

/** The ignore file the service reads, in gitignore syntax, at the root of the docs. */
export const MINTIGNORE = '.mintignore';

/**
 * What the service leaves out without a `.mintignore` (its documentation, "Default ignored patterns"):
 * tool folders and the repository's own README, LICENSE, CHANGELOG and CONTRIBUTING files. Tool and
 * dependency folders count at any depth; output folders (`build`, `dist`, `coverage`, `tmp`, `temp`)
 * only at the top of the root: real docs have content folders named so deeper down (dify-docs lists
 * pages under `en/cloud/use-dify/build/`).
 */
export const defaultIgnoredPatterns: readonly string[] = [
  '.git', '.github', '.claude', '.agents', '.idea', '.vscode', 'node_modules', '.cache',
  '/build/', '/dist/', '/coverage/', '/tmp/', '/temp/',
  'README.md', 'LICENSE.md', 'CHANGELOG.md', 'CONTRIBUTING.md',
];

export interface PublishedPages {
  /** Page files the service would publish, sorted. */
  files: string[];
  /** Page files left out by `.mintignore` (not by the defaults), for the summary and the tests. */
  ignoredByMintignore: string[];
  diagnostics: Diagnostic[];
}

/**
 * Every `.md`/`.mdx` file the service would publish: outside `snippets/` and hidden folders, not
 * matched by the default patterns nor by `.mintignore`. Navigation pages are among them whatever
 * `.mintignore` says only if they are listed: the caller decides that.
 */
export function publishedPageFiles(root: DocsRoot): PublishedPages {
  const diagnostics: Diagnostic[] = [];
  const defaults = ignore().add([...defaultIgnoredPatterns]);
  let own: Ignore | undefined;
  if (root.exists(MINTIGNORE)) {
    const read = root.read(MINTIGNORE);
    if (read.ok) own = ignore().add(read.file.text);
    else diagnostics.push(createDiagnostic(read.problem.code, `${MINTIGNORE}: ${read.problem.message}`, { file: MINTIGNORE, line: 1, column: 1 }));
  }
  const files: string[] = [];
  const ignoredByMintignore: string[] = [];
  for (const file of root.files()) {
    if (!isPageFile(file) || defaults.ignores(file)) continue;
    if (own?.ignores(file)) ignoredByMintignore.push(file);
    else if (isAddressable(file)) files.push(file);
    else {
      const message = `"${file}" is not published: a backslash in a file name is a folder separator to docs-build (and to Windows, which cannot check the file out)`;
      diagnostics.push(createDiagnostic('navigation/unusable-file-name', message, { file, line: 1, column: 1 }, { suggestion: 'rename the file without the backslash' }));
    }
  }
  return { files, ignoredByMintignore, diagnostics };
}
