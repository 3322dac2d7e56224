import { describe, expect, it } from 'vitest';
import { parseMdxPage } from '../../src/mdx/index.js';
import { sourceFile } from './helpers.js';

const body = '\n<ResponseField type="string">A nameless field.</ResponseField>\n\n<ParamField type="number">No location.</ParamField>\n';

function codes(frontmatter: string): string[] {
  const { diagnostics } = parseMdxPage(sourceFile('page.mdx', `---\n${frontmatter}\n---\n${body}`));
  return diagnostics.map((d) => `${d.severity} ${d.code} ${d.line}:${d.column}`);
}

describe('nameless fields: an API contract on API pages, only rendering elsewhere (issue 16, item 3)', () => {
  it('on an SDK reference page (no api:, no openapi:) they are infos, with a hint for that use', () => {
    expect(codes('title: SDK')).toEqual(['info mdx/unnamed-field 5:1', 'info mdx/unnamed-field 7:1']);
    const { diagnostics } = parseMdxPage(sourceFile('page.mdx', `---\ntitle: SDK\n---\n${body}`));
    expect(diagnostics[0]?.suggestion).toMatch(/^fine for SDK reference pages/);
  });

  it.each([['api: GET /users'], ['openapi: GET /users'], ['openapi: openapi.json GET /users']])('on a page with %s they are errors', (frontmatter) => {
    expect(codes(`title: API\n${frontmatter}`)).toEqual(['error mdx/response-name-missing 6:1', 'error mdx/param-location-missing 8:1']);
  });
});
