import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMdxPage } from '../../src/mdx/index.js';
import { maxFrontmatterChars, readFrontmatter } from '../../src/mdx/frontmatter.js';
import { sourceFile } from './helpers.js';

function parse(text: string, path = 'page.mdx') {
  return parseMdxPage(sourceFile(path, text));
}

const where = (diagnostics: ReadonlyArray<{ code: string; line?: number; column?: number }>) => diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`);

describe('frontmatter is read as the service reads it (js-yaml accepts, so do we; issue 16)', () => {
  it('a quoted value continued on an unindented line (agentops tags.mdx, litellm.mdx) is accepted, keys after it keep their places', () => {
    const text = [
      '---',
      'title: Tags',
      "description: 'Tags are a fantastic way.",
      "Ex: `paid-user`, `v3`'",
      'api: "GET /tags"',
      'sidebarTitle: "Call the latest  ',
      'Llama, Mistral"',
      'authMethod: bearr',
      '---',
      '',
      'Body.',
    ].join('\n');
    const { value, diagnostics } = parse(text);
    expect(value.description).toBe('Tags are a fantastic way. Ex: `paid-user`, `v3`');
    expect(value.sidebarTitle).toBe('Call the latest Llama, Mistral');
    expect(value.api?.target).toBe('/tags');
    expect(value.frontmatterPositions['api']?.value).toEqual({ line: 5, column: 6, endLine: 5, endColumn: 17 });
    expect(value.frontmatterPositions['description']?.value).toEqual({ line: 3, column: 14, endLine: 4, endColumn: 23 });
    // A later check still points at its value.
    expect(where(diagnostics)).toEqual(['mdx/invalid-auth-method 8:13']);
  });

  it.each([
    ['a quoted value of a nested key', 'seo:\n  title: "a\nb"\n  robots: x', { seo: { title: 'a b', robots: 'x' } }],
    ['a quoted list item', 'tags:\n  - "a\nb"', { tags: ['a b'] }],
    ['an escaped line break in a double-quoted value', 'title: "a\\\nb"', { title: 'ab' }],
    ["a single-quoted value with ''", "title: 'it''s\nok'", { title: "it's ok" }],
    ['a blank line inside a quoted value', 'title: "a\n\nb"', { title: 'a\nb' }],
    ['a flow list continued unindented', 'tags: [a,\nb\n]', { tags: ['a', 'b'] }],
    ['a flow mapping continued unindented', 'seo: {a: 1,\nb: 2}', { seo: { a: 1, b: 2 } }],
    ['an implicit key over 1,024 characters', `${'k'.repeat(1_100)}: 1`, { ['k'.repeat(1_100)]: 1 }],
    ['two keys with lone CR line endings (issue 13, item 19)', 'title: CR\rdescription: lone', { title: 'CR', description: 'lone' }],
    ['a quoted value over lone CR line endings', 'title: "a\rb"\rdescription: c', { title: 'a b', description: 'c' }],
  ])('%s', (_name, yaml, expected) => {
    const result = readFrontmatter({ yaml, firstLine: 2, span: { line: 1, column: 1, endLine: 1, endColumn: 4 } }, 'page.mdx');
    expect(result.diagnostics).toEqual([]);
    expect(result.frontmatter).toEqual(expected);
  });

  it('a page with lone CR line endings keeps its two-key frontmatter and the positions after it', () => {
    const { value, diagnostics } = parse('---\rtitle: CR page\rplayground: nope\r---\r\rBody.\r');
    expect(value.title).toBe('CR page');
    expect(where(diagnostics)).toEqual(['mdx/invalid-playground 3:13']);
  });

  it.each([
    ['a quote never closed', 'title: "open\nnext: 1', 'mdx/frontmatter-syntax-error 3:8'],
    ['a document marker inside a quoted value', 'title: "a\n---\nb"', 'mdx/frontmatter-syntax-error 2:10'],
    ['a colon in an unquoted value', 'title: Step 1: install', 'mdx/frontmatter-syntax-error 2:8'],
    ['a key written twice, at the second one', 'title: a\napi: GET /x\ntitle: b', 'mdx/frontmatter-syntax-error 4:1'],
    ['a key written twice in a nested mapping', 'seo:\n  a: 1\n  a: 2', 'mdx/frontmatter-syntax-error 4:3'],
  ])('what js-yaml rejects stays an error at its place: %s', (_name, yaml, expected) => {
    const { value, diagnostics } = parse(`---\n${yaml}\n---\n\nBody.\n`);
    expect(where(diagnostics)).toEqual([expected]);
    expect(value.frontmatter).toEqual({});
  });

  it('values are the YAML 1.2 core schema\'s, where js-yaml would differ', () => {
    const result = readFrontmatter({ yaml: 'date: 2024-01-01\n<<: {a: 1}\nicon: !custom rocket', firstLine: 2, span: { line: 1, column: 1, endLine: 1, endColumn: 4 } }, 'p.mdx');
    expect(result.diagnostics).toEqual([]);
    expect(result.frontmatter).toEqual({ date: '2024-01-01', '<<': { a: 1 }, icon: 'rocket' });
  });

  const corpora = join(import.meta.dirname, '../../../shared/corpora/agentops');
  it.skipIf(!existsSync(corpora))('the two agentops pages read without a frontmatter error', () => {
    for (const page of ['v1/concepts/tags.mdx', 'v1/integrations/litellm.mdx']) {
      const { value, diagnostics } = parse(readFileSync(join(corpora, page), 'utf8'), page);
      expect(diagnostics.filter((d) => d.code.startsWith('mdx/frontmatter'))).toEqual([]);
      expect(value.description).toMatch(/^(Tags are|Call the latest)/);
    }
  });
});

describe('large frontmatter is linear, then bounded (issue 13, item 4)', () => {
  it('100,000 keys with one written twice: the duplicate is found at its line in linear time', () => {
    // Short keys: 100,000 of them stay under the size limit.
    const keys = Array.from({ length: 100_000 }, (_, i) => `k${i}: v`);
    keys.push('k7: again');
    const started = performance.now();
    const { value, diagnostics } = parse(`---\n${keys.join('\n')}\n---\n\nBody.\n`);
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(where(diagnostics)).toEqual(['mdx/frontmatter-syntax-error 100002:1']);
    expect(value.title).toBe('Page');
  }, 60_000);

  it('100,000 distinct keys are read', () => {
    const keys = Array.from({ length: 100_000 }, (_, i) => `k${i}: ${i % 10}`);
    const { value, diagnostics } = parse(`---\n${keys.join('\n')}\n---\n\nBody.\n`);
    expect(diagnostics).toEqual([]);
    expect(Object.keys(value.frontmatter)).toHaveLength(100_000);
    expect(value.frontmatterPositions['k99999']?.key.line).toBe(100_001);
  }, 60_000);

  it('500,000 keys are over the limit: one error at the block, the title from the file name, the body read', () => {
    const keys = Array.from({ length: 500_000 }, (_, i) => `key${i}: value`);
    // Bounded, not timed: a quadratic check would run past the test's time limit (it never ended before).
    const { value, diagnostics } = parse(`---\n${keys.join('\n')}\n---\n\n<ParamField query="q">Q</ParamField>\n`, 'big-page.mdx');
    expect(where(diagnostics)).toEqual(['mdx/frontmatter-too-large 1:1']);
    expect(diagnostics[0]?.message).toContain(`over ${maxFrontmatterChars.toLocaleString('en-US')} characters`);
    expect(value.title).toBe('Big page');
    expect(value.params.map((field) => field.name)).toEqual(['q']);
  }, 60_000);
});
