import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { jsonLocator, sortDiagnostics, type Diagnostic } from '../../src/diagnostics/index.js';
import { checkImports, parseMdxPage } from '../../src/mdx/index.js';
import { isEndpointPage, resolveEndpoint, type ApiSettings } from '../../src/precedence/index.js';
import { DocsRoot } from '../../src/root/index.js';

// The fixtures/mdx-* docs roots hold the error cases that docs-example (which must build cleanly)
// cannot: each is run through the MDX stage, the import check and precedence, and every diagnostic is
// listed below with its code, severity, file, line and column.
const fixtures = fileURLToPath(new URL('../../fixtures', import.meta.url));

/** The `api` block of docs.json with the positions a config stage would provide. */
function settingsOf(root: DocsRoot): ApiSettings {
  const read = root.read('docs.json');
  if (!read.ok) throw new Error(read.problem.message);
  const api = (JSON.parse(read.file.text) as { api?: { mdx?: { server?: string; auth?: ApiSettings['auth'] } } }).api;
  const locator = jsonLocator(read.file.text, 'docs.json');
  const settings: ApiSettings = { server: api?.mdx?.server ? [api.mdx.server] : [], auth: api?.mdx?.auth ?? {}, playgroundDisplay: null };
  if (api?.mdx?.auth) settings.authLocation = locator.locate('/api/mdx/auth/method');
  if (api?.mdx?.server) settings.serverLocation = locator.locate('/api/mdx/server');
  return settings;
}

function run(name: string): Array<[string, string, string, number | undefined, number | undefined]> {
  const root = DocsRoot.open(`${fixtures}/${name}`)!;
  const settings = settingsOf(root);
  const diagnostics: Diagnostic[] = [];
  for (const path of root.files().filter((file) => file.endsWith('.mdx') && !file.startsWith('snippets/'))) {
    const read = root.read(path);
    if (!read.ok) throw new Error(read.problem.message);
    const { value: page, diagnostics: found } = parseMdxPage(read.file);
    diagnostics.push(...found, ...checkImports(page, root));
    if (isEndpointPage(page)) diagnostics.push(...resolveEndpoint(page, settings).diagnostics);
  }
  return sortDiagnostics(diagnostics).map((d) => [d.code, d.severity, d.file ?? '', d.line, d.column]);
}

describe('fixtures/mdx-*', () => {
  it('mdx-key-header-missing: at docs.json when inherited, at the page when chosen there, nothing when the playground is hidden', () => {
    expect(run('mdx-key-header-missing')).toEqual([
      ['precedence/key-header-missing', 'error', 'docs.json', 8, 27],
      ['precedence/key-header-missing', 'error', 'page-key.mdx', 4, 13],
    ]);
  });

  it('mdx-server-required: a relative target without api.mdx.server', () => {
    expect(run('mdx-server-required')).toEqual([['precedence/server-required', 'error', 'relative.mdx', 3, 6]]);
  });

  it('mdx-frontmatter-errors: each frontmatter rule broken once', () => {
    expect(run('mdx-frontmatter-errors')).toEqual([
      ['mdx/invalid-auth-method', 'error', 'auth-get.mdx', 4, 13],
      ['mdx/invalid-api', 'error', 'bad-api.mdx', 3, 6],
      ['mdx/invalid-playground', 'error', 'bad-playground.mdx', 3, 13],
      ['mdx/invalid-auth-method', 'error', 'bad-playground.mdx', 4, 13],
      ['mdx/invalid-title', 'error', 'bad-title.mdx', 2, 8],
      ['mdx/frontmatter-not-object', 'error', 'not-object.mdx', 2, 1],
      ['mdx/frontmatter-syntax-error', 'error', 'yaml-error.mdx', 2, 8],
    ]);
  });

  it('mdx-field-errors: field components and path parameters', () => {
    expect(run('mdx-field-errors')).toEqual([
      ['mdx/param-location-missing', 'error', 'fields.mdx', 6, 1],
      ['mdx/param-location-multiple', 'error', 'fields.mdx', 8, 1],
      ['mdx/response-name-missing', 'error', 'fields.mdx', 10, 1],
      ['mdx/non-literal-attribute', 'warning', 'fields.mdx', 12, 26],
      ['mdx/non-literal-attribute', 'warning', 'fields.mdx', 12, 45],
      ['mdx/path-param-undocumented', 'warning', 'path-params.mdx', 3, 6],
      ['mdx/path-param-not-in-path', 'warning', 'path-params.mdx', 6, 1],
    ]);
  });

  it('mdx-syntax-errors: a broken body, CRLF line endings and a BOM keep their positions', () => {
    expect(run('mdx-syntax-errors')).toEqual([
      ['mdx/invalid-title', 'error', 'bom.mdx', 2, 8],
      ['mdx/unnamed-field', 'info', 'bom.mdx', 5, 1],
      ['mdx/syntax-error', 'error', 'broken.mdx', 6, 1],
      ['mdx/invalid-playground', 'error', 'crlf.mdx', 3, 13],
      ['mdx/syntax-error', 'error', 'crlf.mdx', 6, 20],
    ]);
  });

  it('mdx-imports: a missing snippet is a warning, a path out of the root is an error, .jsx is not checked', () => {
    expect(run('mdx-imports')).toEqual([
      ['mdx/import-not-found', 'warning', 'guides/page.mdx', 5, 1],
      ['mdx/import-not-found', 'warning', 'guides/page.mdx', 6, 1],
      ['root/path-escapes-root', 'error', 'guides/page.mdx', 8, 1],
    ]);
  });
});
