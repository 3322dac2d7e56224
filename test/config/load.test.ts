import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { docsRoot, removeTempRoots, summary } from './helpers.js';

afterAll(removeTempRoots);

const base = '"theme": "mint", "name": "Acme", "colors": { "primary": "#0D9373" }';

describe('loadConfig: $ref composition', () => {
  it('resolves a $ref relative to the file that holds it, through several files', () => {
    const root = docsRoot({
      'docs.json': `{ ${base}, "navigation": { "$ref": "config/navigation.json" } }`,
      'config/navigation.json': '{ "tabs": { "$ref": "./tabs.json" } }',
      'config/tabs.json': '[{ "tab": "Guides", "pages": ["index"] }]',
    });
    const { value, diagnostics } = loadConfig(root);
    expect(diagnostics).toEqual([]);
    expect(value?.value).toEqual({
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      navigation: { tabs: [{ tab: 'Guides', pages: ['index'] }] },
    });
    expect(value?.files.map((file) => file.path)).toEqual(['docs.json', 'config/navigation.json', 'config/tabs.json']);
    expect(value?.files.every((file) => /^[0-9a-f]{64}$/.test(file.hash))).toBe(true);
  });

  it('lets sibling keys override the keys of the referenced object', () => {
    const root = docsRoot({
      'docs.json': `{\n  ${base},\n  "navigation": { "pages": ["index"] },\n  "navbar": { "$ref": "./navbar.json", "primary": { "type": "github", "href": "https://github.com/acme" } }\n}`,
      'navbar.json': '{ "links": [{ "label": "Blog", "href": "https://acme.dev/blog" }], "primary": { "type": "button", "label": "Old", "href": "https://acme.dev" } }',
    });
    const { value, diagnostics } = loadConfig(root);
    expect(diagnostics).toEqual([]);
    const navbar = (value?.value as { navbar: unknown }).navbar;
    expect(navbar).toEqual({
      links: [{ label: 'Blog', href: 'https://acme.dev/blog' }],
      primary: { type: 'github', href: 'https://github.com/acme' },
    });
    // Each key is located in the file it came from.
    expect(value?.locate('/navbar/links/0/label')).toMatchObject({ file: 'navbar.json', line: 1, column: 24 });
    expect(value?.locate('/navbar/primary/type')).toMatchObject({ file: 'docs.json', line: 4, column: 61 });
  });

  it('takes an array target as the value of the key', () => {
    const root = docsRoot({
      'docs.json': `{ ${base}, "navigation": { "pages": ["index"] }, "redirects": { "$ref": "./redirects.json" } }`,
      'redirects.json': '[{ "source": "/a", "destination": "/b" }]',
    });
    const { value, diagnostics } = loadConfig(root);
    expect(diagnostics).toEqual([]);
    expect((value?.value as { redirects: unknown }).redirects).toEqual([{ source: '/a', destination: '/b' }]);
  });

  it('refuses sibling keys beside a $ref to an array', () => {
    const text = `{\n  ${base}, "navigation": { "pages": ["index"] },\n  "redirects": { "$ref": "./redirects.json", "extra": true }\n}`;
    const root = docsRoot({ 'docs.json': text, 'redirects.json': '[]' });
    const { diagnostics } = loadConfig(root);
    expect(summary(diagnostics)).toEqual([
      'error config/ref-invalid docs.json:3:26 /redirects/$ref "./redirects.json" holds an array, so the keys beside "$ref" cannot be merged into it',
    ]);
  });

  it('refuses a $ref that leads outside the docs root, at the position of the $ref', () => {
    const root = docsRoot({ 'docs.json': `{\n  ${base},\n  "navigation": { "$ref": "../outside.json" }\n}` });
    const { diagnostics } = loadConfig(root);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: 'root/path-escapes-root', file: 'docs.json', line: 3, column: 27, pointer: '/navigation/$ref' });
    expect(diagnostics[0]?.message).toContain('outside the docs root');
  });

  it('refuses a $ref that climbs out through a nested file', () => {
    const root = docsRoot({
      'docs.json': `{ ${base}, "navigation": { "$ref": "parts/nav.json" } }`,
      'parts/nav.json': '{\n  "pages": { "$ref": "../../pages.json" }\n}',
    });
    const { diagnostics } = loadConfig(root);
    expect(diagnostics.map((d) => `${d.code} ${d.file}:${d.line}:${d.column}`)).toEqual(['root/path-escapes-root parts/nav.json:2:22']);
  });

  it('reports a cycle through two files', () => {
    const root = docsRoot({
      'docs.json': `{ ${base}, "navigation": { "$ref": "./a.json" } }`,
      'a.json': '{ "tabs": { "$ref": "./b.json" } }',
      'b.json': '{\n  "$ref": "./a.json"\n}',
    });
    const { diagnostics } = loadConfig(root);
    expect(summary(diagnostics)).toEqual(['error config/ref-cycle b.json:2:11 /$ref "$ref" composition forms a cycle: a.json -> b.json -> a.json']);
  });

  it('reports a cycle through three files, back to docs.json', () => {
    const root = docsRoot({
      'docs.json': `{ ${base}, "navigation": { "$ref": "./a.json" } }`,
      'a.json': '{ "tabs": { "$ref": "./b.json" } }',
      'b.json': '{ "x": { "$ref": "./c.json" } }',
      'c.json': '{ "y": { "$ref": "./docs.json" } }',
    });
    const { diagnostics } = loadConfig(root);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: 'config/ref-cycle', file: 'c.json', line: 1, column: 18 });
    expect(diagnostics[0]?.message).toContain('docs.json -> a.json -> b.json -> c.json -> docs.json');
  });

  it('reports a missing referenced file at the $ref', () => {
    const root = docsRoot({ 'docs.json': `{\n  ${base},\n  "navigation": { "$ref": "./missing.json" }\n}` });
    const { diagnostics } = loadConfig(root);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: 'config/ref-not-found', file: 'docs.json', line: 3, column: 27 });
    expect(diagnostics[0]?.message).toContain('"./missing.json" does not exist');
  });

  it('refuses remote and fragment-only references', () => {
    const root = docsRoot({
      'docs.json': `{ ${base}, "navigation": { "pages": ["index"] }, "navbar": { "$ref": "https://example.com/navbar.json" }, "footer": { "$ref": "#/navbar" } }`,
    });
    const { diagnostics } = loadConfig(root);
    expect(diagnostics.map((d) => d.code)).toEqual(['config/ref-invalid', 'config/ref-invalid']);
  });

  it('reports invalid JSON in a referenced file with its position in that file', () => {
    const root = docsRoot({
      'docs.json': `{ ${base}, "navigation": { "$ref": "./nav.json" } }`,
      'nav.json': '{\n  "pages": ["index",]\n}',
    });
    const { diagnostics } = loadConfig(root);
    expect(summary(diagnostics)).toEqual(['error config/invalid-json nav.json:2:21  nav.json is not valid JSON: trailing comma before "]"']);
  });
});

describe('loadConfig: the file itself', () => {
  it('reports invalid JSON with its position and a plain-words reason', () => {
    const root = docsRoot({ 'docs.json': '{\n  "theme": "mint",\n  "name": "Acme",\n}\n' });
    const { value, diagnostics } = loadConfig(root);
    expect(value).toBeUndefined();
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: 'config/invalid-json', file: 'docs.json', line: 4, column: 1 });
    expect(diagnostics[0]?.message).toBe('docs.json is not valid JSON: trailing comma before "}"');
  });

  it('a doubled comma is not called a trailing one', () => {
    const root = docsRoot({ 'docs.json': '{\n  "theme": "mint",\n  "name": "Acme",,\n  "colors": {}\n}\n' });
    const { diagnostics } = loadConfig(root);
    expect(diagnostics[0]).toMatchObject({ code: 'config/invalid-json', line: 3, column: 18 });
    expect(diagnostics[0]?.message).toBe('docs.json is not valid JSON: two commas in a row');
  });

  it('reports a missing colon in plain words', () => {
    const root = docsRoot({ 'docs.json': '{\n  "theme" "mint"\n}\n' });
    const { diagnostics } = loadConfig(root);
    expect(summary(diagnostics)).toEqual(['error config/invalid-json docs.json:2:11  docs.json is not valid JSON: expected ":" after the property name']);
  });

  it('reports an empty docs.json', () => {
    const { diagnostics } = loadConfig(docsRoot({ 'docs.json': '' }));
    expect(diagnostics[0]).toMatchObject({ code: 'config/invalid-json', line: 1, column: 1 });
    // The foundation's "the file is empty" wording is unreachable today (jsonc-parser reports ValueExpected first).
    expect(diagnostics[0]?.message).toMatch(/^docs\.json is not valid JSON: (the file is empty|expected a value)/);
  });

  it('reports a docs root with no configuration at all', () => {
    const { value, diagnostics } = loadConfig(docsRoot({ 'index.mdx': '# Hi' }));
    expect(value).toBeUndefined();
    expect(diagnostics.map((d) => d.code)).toEqual(['config/missing']);
  });

  it('names the upgrade when only a legacy mint.json exists', () => {
    const { value, diagnostics } = loadConfig(docsRoot({ 'mint.json': '{ "name": "Acme" }' }));
    expect(value).toBeUndefined();
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: 'config/legacy-mint-json', severity: 'error', file: 'mint.json', line: 1, column: 1 });
    expect(diagnostics[0]?.suggestion).toContain('upgrade');
  });

  it('prefers docs.json when both files exist', () => {
    const { value, diagnostics } = loadConfig(docsRoot({ 'mint.json': '{}', 'docs.json': `{ ${base}, "navigation": { "pages": [] } }` }));
    expect(diagnostics).toEqual([]);
    expect(value?.files.map((file) => file.path)).toEqual(['docs.json']);
  });

  it('keeps a "__proto__" key as data', () => {
    const { value } = loadConfig(docsRoot({ 'docs.json': `{ ${base}, "navigation": { "pages": [] }, "variables": { "__proto__": "x" } }` }));
    const variables = (value?.value as { variables: object }).variables;
    expect(Object.keys(variables)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(variables)).toBe(Object.prototype);
  });
});

describe('loadConfig: a failed $ref does not cascade', () => {
  it('reports only the missing file, not the emptiness it leaves behind', async () => {
    const { build } = await import('../../src/pipeline/index.js');
    const { tempRoot, removeTempRoots } = await import('../helpers/temp-root.js');
    const root = tempRoot({ 'docs.json': '{\n  "theme": "mint", "name": "A", "colors": { "primary": "#000" },\n  "navigation": { "$ref": "./missing.json" }\n}\n' });
    const result = await build({ root });
    expect(result.diagnostics).toMatchObject([{ code: 'config/ref-not-found', file: 'docs.json', line: 3, column: 27 }]);
    expect(result.diagnostics).toHaveLength(1);
    removeTempRoots();
  });

  it('refuses a $ref with a fragment in plain words', async () => {
    const root = docsRoot({ 'docs.json': '{ "navigation": { "$ref": "./nav.json#/tabs" } }', 'nav.json': '{}' });
    const { diagnostics } = loadConfig(root);
    expect(diagnostics).toMatchObject([{ code: 'config/ref-invalid', line: 1, column: 27 }]);
    expect(diagnostics[0]!.message).toContain('has a fragment');
  });
});
