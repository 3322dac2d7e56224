import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sortDiagnostics } from '../../src/diagnostics/index.js';
import { build } from '../../src/index.js';

// The fixtures/mdx-* docs roots hold the error cases that docs-example (which must build cleanly)
// cannot: each is built with the public build(), and every diagnostic is listed below with its code,
// severity, file, line and column.
const fixtures = fileURLToPath(new URL('../../fixtures', import.meta.url));

async function run(name: string): Promise<Array<[string, string, string, number | undefined, number | undefined]>> {
  const { diagnostics } = await build({ root: `${fixtures}/${name}` });
  return sortDiagnostics(diagnostics).map((d) => [d.code, d.severity, d.file ?? '', d.line, d.column]);
}

describe('fixtures/mdx-*', () => {
  it('mdx-key-header-missing: at docs.json when inherited, at the page when chosen there, nothing when the playground is hidden', async () => {
    expect(await run('mdx-key-header-missing')).toEqual([
      ['precedence/key-header-missing', 'error', 'docs.json', 8, 27],
      ['precedence/key-header-missing', 'error', 'page-key.mdx', 4, 13],
    ]);
  });

  it('mdx-server-required: a relative target without api.mdx.server', async () => {
    expect(await run('mdx-server-required')).toEqual([['precedence/server-required', 'error', 'relative.mdx', 3, 6]]);
  });

  it('mdx-frontmatter-errors: each frontmatter rule broken once', async () => {
    expect(await run('mdx-frontmatter-errors')).toEqual([
      ['mdx/invalid-auth-method', 'error', 'auth-get.mdx', 4, 13],
      ['mdx/invalid-api', 'error', 'bad-api.mdx', 3, 6],
      ['mdx/invalid-playground', 'error', 'bad-playground.mdx', 3, 13],
      ['mdx/invalid-auth-method', 'error', 'bad-playground.mdx', 4, 13],
      ['mdx/invalid-title', 'error', 'bad-title.mdx', 2, 8],
      ['mdx/frontmatter-not-object', 'error', 'not-object.mdx', 2, 1],
      ['mdx/frontmatter-syntax-error', 'error', 'yaml-error.mdx', 2, 8],
    ]);
  });

  it('mdx-field-errors: field components and path parameters', async () => {
    expect(await run('mdx-field-errors')).toEqual([
      ['mdx/param-location-missing', 'error', 'fields.mdx', 6, 1],
      ['mdx/param-location-multiple', 'error', 'fields.mdx', 8, 1],
      ['mdx/response-name-missing', 'error', 'fields.mdx', 10, 1],
      ['mdx/non-literal-attribute', 'warning', 'fields.mdx', 12, 26],
      ['mdx/non-literal-attribute', 'warning', 'fields.mdx', 12, 45],
      ['mdx/path-param-undocumented', 'warning', 'path-params.mdx', 3, 6],
      ['mdx/path-param-not-in-path', 'warning', 'path-params.mdx', 6, 1],
    ]);
  });

  it('mdx-syntax-errors: a broken body, CRLF line endings and a BOM keep their positions', async () => {
    expect(await run('mdx-syntax-errors')).toEqual([
      ['mdx/invalid-title', 'error', 'bom.mdx', 2, 8],
      ['mdx/unnamed-field', 'info', 'bom.mdx', 5, 1],
      ['mdx/syntax-error', 'error', 'broken.mdx', 6, 1],
      ['mdx/invalid-playground', 'error', 'crlf.mdx', 3, 13],
      ['mdx/syntax-error', 'error', 'crlf.mdx', 6, 20],
    ]);
  });

  it('mdx-imports: a missing snippet is an error at its import, a path out of the root is an error, .jsx is not checked', async () => {
    expect(await run('mdx-imports')).toEqual([
      ['content/snippet-not-found', 'error', 'guides/page.mdx', 5, 1],
      ['content/snippet-not-found', 'error', 'guides/page.mdx', 6, 1],
      ['root/path-escapes-root', 'error', 'guides/page.mdx', 8, 1],
    ]);
  });
});
