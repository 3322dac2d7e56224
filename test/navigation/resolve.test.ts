import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { resolveNavigation, type DivisionItem, type NavItem } from '../../src/navigation/index.js';
import { DocsRoot } from '../../src/root/index.js';
import { removeTempRoots, tempRoot } from '../helpers/temp-root.js';

afterAll(removeTempRoots);

function resolve(files: Record<string, string>) {
  const root = DocsRoot.open(tempRoot(files))!;
  const config = loadConfig(root).value!;
  return resolveNavigation(config, root);
}

/** The tree as compact strings: `kind:label` for divisions, `page:id`, `endpoint:ref`. */
function shape(items: readonly NavItem[]): unknown[] {
  return items.map((item) =>
    item.type === 'division'
      ? { [`${item.kind}:${item.label}`]: shape(item.children) }
      : item.type === 'page'
        ? `page:${item.id}`
        : `endpoint:${item.reference}`,
  );
}

const base = '"theme": "mint", "name": "Acme", "colors": { "primary": "#0D9373" }';

describe('resolveNavigation', () => {
  it('turns every division kind into the tree, in config order', () => {
    const navigation = {
      global: { anchors: [{ anchor: 'Blog', href: 'https://blog.example.com' }] },
      languages: [
        {
          language: 'en',
          versions: [
            {
              version: 'v2',
              products: [
                {
                  product: 'Platform',
                  dropdowns: [
                    {
                      dropdown: 'Docs',
                      anchors: [
                        {
                          anchor: 'Guides',
                          tabs: [
                            {
                              tab: 'Start',
                              menu: [{ item: 'Menu A', groups: [{ group: 'G', pages: ['a', { group: 'Nested', pages: ['b'] }] }] }],
                            },
                          ],
                        },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    const result = resolve({ 'docs.json': JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#000' }, navigation }), 'a.mdx': '# a', 'b.mdx': '# b' });
    expect(result.diagnostics).toEqual([]);
    expect(shape(result.value.items)).toEqual([
      { 'anchor:Blog': [] },
      {
        'language:en': [
          {
            'version:v2': [
              { 'product:Platform': [{ 'dropdown:Docs': [{ 'anchor:Guides': [{ 'tab:Start': [{ 'menu:Menu A': [{ 'group:G': ['page:a', { 'group:Nested': ['page:b'] }] }] }] }] }] }] },
            ],
          },
        ],
      },
    ]);
    const blog = result.value.items[0] as DivisionItem;
    expect(blog.href).toBe('https://blog.example.com');
    expect(blog.extra).toEqual({ global: true });
  });

  it('resolves <ref>.mdx, <ref>.md and <ref>/index.mdx, preferring .mdx over .md', () => {
    const result = resolve({
      'docs.json': `{${base}, "navigation": { "pages": ["one", "two", "three", "/four"] }}`,
      'one.mdx': 'x',
      'one.md': 'x',
      'two.md': 'x',
      'three/index.mdx': 'x',
      'four.mdx': 'x',
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.value.pages.map((p) => [p.id, p.file])).toEqual([
      ['one', 'one.mdx'],
      ['two', 'two.md'],
      ['three', 'three/index.mdx'],
      ['four', 'four.mdx'],
    ]);
  });

  it('reports a missing page at its position with the closest existing page', () => {
    const result = resolve({
      'docs.json': `{\n  ${base},\n  "navigation": {\n    "pages": ["quickstart", "guides/instal"]\n  }\n}`,
      'quickstart.mdx': 'x',
      'guides/install.mdx': 'x',
    });
    expect(result.diagnostics).toHaveLength(1);
    const [missing] = result.diagnostics;
    expect(missing).toMatchObject({
      code: 'navigation/page-not-found',
      severity: 'error',
      file: 'docs.json',
      line: 4,
      column: 29,
      pointer: '/navigation/pages/1',
      suggestion: 'did you mean "guides/install"?',
    });
    expect(missing!.message).toContain('guides/instal.mdx');
  });

  it('refuses a page path that leaves the docs root, at its position', () => {
    const result = resolve({ 'docs.json': `{\n  ${base},\n  "navigation": { "pages": ["../secret"] }\n}` });
    expect(result.diagnostics).toMatchObject([{ code: 'root/path-escapes-root', line: 3, column: 29 }]);
    expect(result.value.pages[0]?.file).toBeUndefined();
  });

  it('refuses URL-encoded traversal', () => {
    const result = resolve({ 'docs.json': `{${base}, "navigation": { "pages": ["%2e%2e/secret"] }}` });
    expect(result.diagnostics.map((d) => d.code)).toEqual(['root/path-escapes-root']);
  });

  it('warns on a page listed twice, pointing at the first listing', () => {
    const result = resolve({
      'docs.json': `{\n  ${base},\n  "navigation": { "groups": [\n    { "group": "A", "pages": ["intro"] },\n    { "group": "B", "pages": ["intro"] }\n  ] }\n}`,
      'intro.mdx': 'x',
    });
    expect(result.diagnostics).toMatchObject([
      { code: 'navigation/duplicate-page', severity: 'warning', line: 5, column: 31, related: [{ line: 4, column: 31, message: 'first listed here' }] },
    ]);
  });

  it("warns on a group's root that is also one of its pages (firecrawl-docs' MCP group)", () => {
    const result = resolve({
      'docs.json': `{\n  ${base},\n  "navigation": { "groups": [\n    { "group": "MCP", "root": "mcp", "pages": [\n      "mcp",\n      "mcp/keyless"\n    ] }\n  ] }\n}`,
      'mcp.mdx': 'x',
      'mcp/keyless.mdx': 'x',
    });
    expect(result.diagnostics).toMatchObject([
      { code: 'navigation/duplicate-page', severity: 'warning', line: 5, column: 7, related: [{ line: 4, column: 31, message: 'first listed here' }] },
    ]);
  });

  it('gives every node the openapi in scope: a nested group overrides, api.openapi is the outermost scope', () => {
    const result = resolve({
      'docs.json': JSON.stringify({
        theme: 'mint',
        name: 'A',
        colors: { primary: '#000' },
        api: { openapi: 'global.json' },
        navigation: {
          tabs: [
            {
              tab: 'API',
              openapi: 'tab.yaml',
              groups: [
                { group: 'Users', pages: ['GET /users', { group: 'V2', openapi: { source: 'v2.json', directory: 'v2-ref/' }, pages: ['post /users'] }] },
              ],
            },
            { tab: 'Other', groups: [{ group: 'X', pages: ['webhook order.created'] }] },
          ],
        },
      }),
    });
    expect(result.diagnostics).toEqual([]);
    const scopes = result.value.endpoints.map((e) => [e.reference, e.specScope?.sources, e.specScope?.directory]);
    expect(scopes).toEqual([
      ['GET /users', ['tab.yaml'], undefined],
      ['post /users', ['v2.json'], 'v2-ref'],
      ['webhook order.created', ['global.json'], undefined],
    ]);
    expect(result.value.attachments.map((a) => a.pointer)).toEqual(['/navigation/tabs/0/openapi', '/navigation/tabs/0/groups/0/pages/1/openapi']);
  });

  it('keeps group root, icon, hidden, expanded, tag and other keys of a node', () => {
    const result = resolve({
      'docs.json': JSON.stringify({
        theme: 'mint',
        name: 'A',
        colors: { primary: '#000' },
        navigation: { groups: [{ group: 'G', root: 'g/index', icon: 'book', hidden: true, expanded: false, tag: 'NEW', boost: 2, pages: ['g/a'] }] },
      }),
      'g/index.mdx': 'x',
      'g/a.mdx': 'x',
    });
    const group = result.value.items[0] as DivisionItem;
    expect(group).toMatchObject({ kind: 'group', label: 'G', icon: 'book', hidden: true, expanded: false, tag: 'NEW', extra: { boost: 2 } });
    expect(group.root?.file).toBe('g/index.mdx');
  });
});

describe('duplicate pages', () => {
  it('reusing a page in another tab or version is not a duplicate; twice in one sidebar is', () => {
    const result = resolve({
      'docs.json': JSON.stringify({
        theme: 'mint',
        name: 'A',
        colors: { primary: '#000' },
        navigation: {
          versions: [
            { version: 'v1', tabs: [{ tab: 'A', groups: [{ group: 'G', pages: ['shared'] }] }, { tab: 'B', groups: [{ group: 'H', pages: ['shared'] }] }] },
            { version: 'v2', groups: [{ group: 'G', pages: ['shared', { group: 'Nested', pages: ['shared'] }] }] },
          ],
        },
      }),
      'shared.mdx': 'x',
    });
    expect(result.diagnostics.map((d) => [d.code, d.pointer])).toEqual([['navigation/duplicate-page', '/navigation/versions/1/groups/0/pages/1/pages/0']]);
    expect(result.diagnostics[0]!.message).toBe('page "shared" is listed more than once in the same sidebar');
  });
});
