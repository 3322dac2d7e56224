import { describe, expect, it } from 'vitest';
import { parseMdxPage } from '../../src/mdx/index.js';
import { brief, sourceFile } from './helpers.js';

const parse = (text: string, path = 'page.mdx') => parseMdxPage(sourceFile(path, text));

describe('MDX syntax errors', () => {
  it('an element left open is reported at its opening tag; the frontmatter is still read', () => {
    const { value, diagnostics } = parse('---\ntitle: Broken\napi: GET /x\n---\n\n# hi\n\n<Foo>\n\nbar\n');
    expect(brief(diagnostics)).toEqual([{ code: 'mdx/syntax-error', line: 8, column: 1, message: 'invalid MDX: expected a closing tag for `<Foo>`' }]);
    expect(diagnostics[0]?.suggestion).toBe('close every tag, and write void HTML tags self-closed: <br />, <img ... />');
    expect(value.bodyParsed).toBe(false);
    expect(value.title).toBe('Broken');
    expect(value.api).toMatchObject({ method: 'GET', target: '/x' });
    expect(value.frontmatter).toEqual({ title: 'Broken', api: 'GET /x' });
    expect(value.params).toEqual([]);
    expect(value.prose).toEqual([]);
  });

  it('an inline element left open in a paragraph is reported at the tag, not the paragraph', () => {
    const { diagnostics } = parse('Intro.\n\nUse <b>bold text and\nmore words here\nand stop.\n');
    expect(brief(diagnostics)).toEqual([{ code: 'mdx/syntax-error', line: 3, column: 5, message: 'invalid MDX: expected a closing tag for `<b>` before the end of `paragraph`' }]);
  });

  it('an element left open in a paragraph that a setext underline makes a heading is the same error, not a parser assertion', () => {
    // Found by the content fuzz test: micromark's development build asserts here ("expected heading on
    // stack"); the tests run the production builds the CLI ships (vitest.config.ts).
    const { diagnostics } = parse('Intro.\n\n<Note>x\ntitle\n---\n');
    expect(brief(diagnostics)).toEqual([{ code: 'mdx/syntax-error', line: 3, column: 1, message: 'invalid MDX: expected a closing tag for `<Note>` before the end of `setextHeading`' }]);
  });

  it('a mismatched closing tag is reported where it is, naming the open tag', () => {
    const { diagnostics } = parse('# T\n\n<Tabs>\n  <Tab title="a">\n</Tabs>\n');
    expect(brief(diagnostics)).toEqual([
      { code: 'mdx/syntax-error', line: 5, column: 1, message: 'invalid MDX: unexpected closing tag `</Tabs>`, expected corresponding closing tag for `<Tab>` (opened at 4:3)' },
    ]);
    expect(diagnostics[0]?.related).toEqual([{ file: 'page.mdx', line: 4, column: 3, message: 'the tag opened here' }]);
  });

  it('a broken expression names acorn\'s reason and how to write a literal brace', () => {
    const { diagnostics } = parse('Some text.\n\nhello {a b}\n');
    expect(brief(diagnostics)).toEqual([
      { code: 'mdx/syntax-error', line: 3, column: 9, message: 'invalid MDX: could not parse the JavaScript expression in braces: Unexpected content after expression' },
    ]);
    expect(diagnostics[0]?.suggestion).toContain('escape it as `\\{`');
  });

  it('an HTML comment and a bare < are errors at the character', () => {
    expect(brief(parse('text\n\n<!-- comment -->\n').diagnostics)).toEqual([
      {
        code: 'mdx/syntax-error',
        line: 3,
        column: 2,
        message:
          'invalid MDX: unexpected character `!` (U+0021) before name, expected a character that can start a name, such as a letter, `$`, or `_` (note: to create a comment in MDX, use `{/* text */}`)',
      },
    ]);
    const lt = parse('x < 3 and <5\n').diagnostics;
    expect(brief(lt)).toMatchObject([{ code: 'mdx/syntax-error', line: 1, column: 12 }]);
    expect(lt[0]?.suggestion).toContain('escape it as `\\<`');
  });

  it('a broken import is an error', () => {
    const { diagnostics } = parse('import x from\n\n# hi\n');
    expect(diagnostics.map((d) => [d.code, d.message])).toEqual([['mdx/syntax-error', "invalid MDX: could not parse the import/export statement: Unexpected character ' '"]]);
    expect(diagnostics[0]?.line).toBeTypeOf('number');
    expect(diagnostics[0]?.suggestion).toContain('`import` or `export`');
  });

  it('keeps positions right with CRLF line endings', () => {
    const { value, diagnostics } = parse('---\r\ntitle: T\r\n---\r\n\r\nline\r\nsome {bad expression here}\r\n');
    expect(brief(diagnostics)).toMatchObject([{ code: 'mdx/syntax-error', line: 6, column: 10 }]);
    expect(value.title).toBe('T');
  });

  it('reports a broken frontmatter and a broken body together', () => {
    const { diagnostics } = parse('---\ntitle: [\n---\n\n<a>\n');
    expect(brief(diagnostics)).toEqual([
      { code: 'mdx/frontmatter-syntax-error', line: 2, column: 9, message: 'frontmatter is not valid YAML: flow sequence in block collection must be sufficiently indented and end with a ]' },
      { code: 'mdx/syntax-error', line: 5, column: 1, message: 'invalid MDX: expected a closing tag for `<a>`' },
    ]);
  });

  it('parses .md pages with the same MDX rules', () => {
    const { value, diagnostics } = parse('---\ntitle: Readme\n---\n\n<ParamField query="q" />\n', 'README.md');
    expect(diagnostics).toEqual([]);
    expect(value.params.map((field) => field.name)).toEqual(['q']);
  });
});

describe('hostile nesting', () => {
  it('a page nested thousands of levels deep is a warning, not a stack overflow', () => {
    const depth = 3000;
    // One tag per paragraph: on one line, this much markup is left out before parsing (mdx/paragraph-too-complex).
    const text = '<ResponseField name="a">\n\n<Expandable>\n\n'.repeat(depth) + '</Expandable>\n\n</ResponseField>\n\n'.repeat(depth);
    const { value, diagnostics } = parse(text);
    expect(brief(diagnostics)).toEqual([
      { code: 'mdx/nesting-too-deep', line: 801, column: 1, message: 'elements are nested more than 400 levels deep here; docs-build reads no fields below this depth' },
    ]);
    expect(diagnostics[0]?.severity).toBe('warning');
    expect(value.responseFields).toHaveLength(1);
    expect(() => JSON.stringify(value)).not.toThrow();
  });
});
