/**
 * Which files of the root are pages and at which URL. The content stage will widen this to every page
 * the service publishes (.mintignore included); today it serves the check for MDX pages left at the
 * URL of a generated endpoint page.
 */

const pageFile = /\.(mdx|md)$/;

/** An `.mdx`/`.md` file outside `snippets/` and hidden folders. */
export function isPageFile(file: string): boolean {
  return pageFile.test(file) && !file.startsWith('snippets/') && !file.split('/').some((segment) => segment.startsWith('.'));
}

/** The page id a file is published at: its path without extension, `x/index.mdx` at `x`. */
export function pageIdOfFile(file: string): string {
  const id = file.replace(pageFile, '');
  return id.endsWith('/index') ? id.slice(0, -'/index'.length) : id;
}
