/**
 * docs.json `$ref` composition under fan-out (issue 13, item 2) and duplicate keys (item 20): a file is
 * composed once and placed wherever it is referenced, the composed size is bounded with an error at the
 * `$ref` where it passes, and a key written twice in one object is a warning naming the first.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, validateConfig } from '../../src/config/index.js';
import { docsJson, docsRoot, removeTempRoots, summary } from './helpers.js';

afterAll(removeTempRoots);

const base = '"theme": "mint", "name": "Acme", "colors": { "primary": "#0D9373" }, "navigation": { "pages": ["index"] }';

/** A JSON array text of `count` copies of `item`, one per line (line i + 1 holds copy i). */
const lines = (count: number, item: string): string => `[\n${Array.from({ length: count }, () => item).join(',\n')}\n]`;

describe('$ref fan-out', () => {
  it('a file referenced 300 times is composed once, and each copy locates into the file', () => {
    const root = docsRoot({
      'docs.json': `{ ${base}, "redirects": { "$ref": "redirects.json" } }`,
      'redirects.json': lines(300, '{ "$ref": "one.json" }'),
      'one.json': '{\n  "source": "/old",\n  "destination": "/new"\n}',
    });
    const { value, diagnostics } = loadConfig(root);
    expect(diagnostics).toEqual([]);
    const redirects = (value!.value as { redirects: unknown[] }).redirects;
    expect(redirects).toHaveLength(300);
    expect(redirects[299]).toEqual({ source: '/old', destination: '/new' });
    expect(value!.locate('/redirects/299/destination')).toMatchObject({ file: 'one.json', line: 3, column: 18, pointer: '/destination' });
    expect(value!.locate('/redirects/7')).toMatchObject({ file: 'one.json', line: 1, column: 1, pointer: '' });
  });

  it('a broken $ref inside a file referenced many times is reported once and skipped under every copy', () => {
    const root = docsRoot({
      'docs.json': `{ ${base}, "redirects": { "$ref": "redirects.json" } }`,
      'redirects.json': lines(3, '{ "$ref": "one.json" }'),
      'one.json': '{ "source": "/old", "destination": { "$ref": "missing.json" } }',
    });
    const { value, diagnostics } = loadConfig(root);
    expect(summary(diagnostics)).toEqual(['error config/ref-not-found one.json:1:46 /destination/$ref "missing.json" does not exist (resolved to missing.json)']);
    expect(value!.unresolved).toEqual(['/redirects/0/destination', '/redirects/1/destination', '/redirects/2/destination']);
  });

  it('the composed size is bounded: past the characters read plus 100,000 values, an error at the $ref', () => {
    // 600 references to a file of 600 strings: 360,000 values from 20 KB of text.
    const root = docsRoot({
      'docs.json': `{ ${base}, "redirects": { "$ref": "a.json" } }`,
      'a.json': lines(600, '{ "$ref": "b.json" }'),
      'b.json': lines(600, '"x"'),
    });
    const started = Date.now();
    const { value, diagnostics } = loadConfig(root);
    expect(Date.now() - started).toBeLessThan(5000);
    const limit = 100_000 + [root.read('docs.json'), root.read('a.json'), root.read('b.json')].reduce((n, r) => n + (r.ok ? r.file.text.length : 0), 0);
    // Each reference costs b.json's 601 values and a little bookkeeping: the one that passes the limit is
    // reported, at its "$ref" value (element i is on line i + 2).
    expect(diagnostics).toHaveLength(1);
    const passing = Number(/^\/(\d+)\/\$ref$/.exec(diagnostics[0]!.pointer!)![1]);
    expect(passing).toBeGreaterThan(limit / 610);
    expect(passing).toBeLessThan(limit / 600);
    expect(summary(diagnostics)).toEqual([
      `error config/ref-too-large a.json:${passing + 2}:11 /${passing}/$ref "$ref" composition expands to more than ${limit} values here (files referenced many times, by files referenced many times); this reference and the ones after it are not composed`,
    ]);
    // The references after it are not composed, and validation does not report their absence: only the
    // composed copies (arrays where redirects hold objects) are reported, one each.
    expect(value!.unresolved).toHaveLength(600 - passing);
    const problems = validateConfig(value!);
    expect(problems).toHaveLength(passing);
    expect(new Set(problems.map((d) => `${d.code} ${d.file}`))).toEqual(new Set(['config/invalid-type b.json']));
  });

  it('files $ref-ing files nest at most 64 deep', () => {
    const files: Record<string, string> = { 'docs.json': `{ ${base}, "redirects": { "$ref": "f0.json" } }`, 'f99.json': '[]' };
    for (let i = 0; i < 99; i++) files[`f${i}.json`] = `{ "$ref": "f${i + 1}.json" }`;
    const { diagnostics } = loadConfig(docsRoot(files));
    expect(summary(diagnostics)).toEqual(['error config/ref-too-large f63.json:1:11 /$ref "$ref" composition nests more than 64 files deep here; this reference is not composed']);
  });
});

describe('duplicate keys', () => {
  it('warns at the second key, naming the first, at any depth and in any object', () => {
    const text = docsJson('  "name": "Again",\n  "navbar": { "links": [{ "label": "A", "href": "https://a.dev", "label": "B" }] },\n  "footer": { "socials": {} }');
    const { diagnostics } = loadConfig(docsRoot({ 'docs.json': text }));
    expect(summary(diagnostics)).toEqual([
      'warning config/duplicate-key docs.json:3:3 /name "name" is written twice in this object (first at line 2, column 20); JSON keeps only this later value',
      'warning config/duplicate-key docs.json:4:66 /navbar/links/0/label "label" is written twice in this object (first at line 4, column 27); JSON keeps only this later value',
    ]);
    expect(diagnostics.map((d) => d.code)).toEqual(['config/duplicate-key', 'config/duplicate-key']);
    expect(diagnostics[0]!.related).toEqual([{ file: 'docs.json', line: 2, column: 20, message: '"name" first written here' }]);
  });

  it('compares keys as JSON reads them, counts each repeat, and looks into $ref-ed files', () => {
    const root = docsRoot({
      'docs.json': `{ ${base}, "navbar": { "$ref": "navbar.json" } }`,
      'navbar.json': '{\n  "links": [],\n  "\\u006cinks": [],\n  "links": [],\n  "primary": { "type": "github", "href": "https://x.dev", "type": "button" }\n}',
    });
    const { diagnostics } = loadConfig(root);
    expect(summary(diagnostics).map((s) => s.replace(/ "[^"]*" is written.*first at (line \d+, column \d+).*/, ' $1'))).toEqual([
      'warning config/duplicate-key navbar.json:3:3 /links line 2, column 3',
      'warning config/duplicate-key navbar.json:4:3 /links line 2, column 3',
      'warning config/duplicate-key navbar.json:5:59 /primary/type line 5, column 16',
    ]);
  });

  it('keys that repeat in different objects, in strings or in arrays are no duplicates', () => {
    const text = docsJson('  "redirects": [{ "source": "/a", "destination": "/b" }, { "source": "/c", "destination": "/d" }],\n  "description": "\\"name\\": twice, \\"name\\": again"');
    expect(loadConfig(docsRoot({ 'docs.json': text })).diagnostics).toEqual([]);
  });
});
