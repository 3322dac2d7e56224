import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SnippetSet, type SnippetCache, type SnippetParse } from '../../src/content/snippet-set.js';
import { inlineSnippets, type InlinedPage } from '../../src/content/snippets.js';
import type { ContentNode, ConvertedBody } from '../../src/content/types.js';
import { maskVariablePlaceholders } from '../../src/content/variables.js';
import type { Diagnostic } from '../../src/diagnostics/index.js';
import { parseMdxPage } from '../../src/mdx/parse-page.js';
import * as parseModule from '../../src/mdx/processor.js';
import type { ParsedPage } from '../../src/mdx/types.js';
import { DocsRoot, type SourceFile } from '../../src/root/index.js';
import { removeTempRoots, tempRoot } from '../helpers/temp-root.js';

afterEach(removeTempRoots);

/** The project's parse, with `{{name}}` masked first as the parse stage does. */
function parse(file: SourceFile): SnippetParse {
  const result = parseMdxPage({ ...file, text: maskVariablePlaceholders(file.text) });
  return { body: (result.value as ParsedPage & { content?: ConvertedBody }).content, diagnostics: result.diagnostics };
}

function bodyOf(root: DocsRoot, file: string): ConvertedBody {
  const read = root.read(file);
  if (!read.ok) throw new Error(read.problem.message);
  const body = parse(read.file).body;
  if (!body) throw new Error(`${file} did not parse`);
  return body;
}

interface Run {
  pages: Record<string, InlinedPage>;
  /** Each used snippet's own problems (once per run). */
  snippetDiagnostics: Diagnostic[];
  set: SnippetSet;
}

function build(files: Record<string, string>, pages: string[], variables: Record<string, string> = {}, options: { parse?: (file: SourceFile) => SnippetParse; cache?: SnippetCache } = {}): Run {
  const root = DocsRoot.open(tempRoot(files))!;
  const set = new SnippetSet(root, { parse: options.parse ?? parse, ...(options.cache ? { cache: options.cache } : {}) });
  const out: Record<string, InlinedPage> = {};
  for (const page of pages) out[page] = inlineSnippets({ file: page, body: bodyOf(root, page) }, set, { variables });
  return { pages: out, snippetDiagnostics: set.diagnostics(), set };
}

/** The text of a tree, as a reader sees it. */
function textOf(nodes: ContentNode[]): string {
  return nodes
    .map((node) => {
      if (node.type === 'text' || node.type === 'raw' || node.type === 'code') return node.value;
      if (node.type === 'island') return `{${node.source}}`;
      const slots = node.type === 'component' ? Object.values(node.slots ?? {}).map(textOf).join('') : '';
      return slots + textOf(node.children);
    })
    .join('');
}

function summary(diagnostics: Diagnostic[]): string[] {
  return diagnostics.map((d) => `${d.code} ${d.file}:${d.line}:${d.column}`);
}

describe('snippet imports', () => {
  it('inlines a default import written root-absolute or relative, with provenance and deps', () => {
    const run = build(
      {
        'snippets/hello.mdx': 'Hello from the snippet.\n',
        'guides/a.mdx': "import H from '/snippets/hello.mdx';\n\n<H />\n",
        'guides/b.mdx': "import H from '../snippets/hello.mdx';\n\n<H />\n",
        'snippets/c.mdx': "import H from './hello.mdx';\n\n<H />\n",
        'c.mdx': "import C from '/snippets/c.mdx';\n\n<C />\n",
      },
      ['guides/a.mdx', 'guides/b.mdx', 'c.mdx'],
    );
    for (const page of ['guides/a.mdx', 'guides/b.mdx', 'c.mdx']) {
      expect(textOf(run.pages[page]!.tree.children)).toContain('Hello from the snippet.');
      expect(run.pages[page]!.diagnostics).toEqual([]);
    }
    const first = run.pages['guides/a.mdx']!.tree.children.find((node) => node.type === 'element');
    expect(first).toMatchObject({ tagName: 'p', provenance: { file: 'snippets/hello.mdx', from: { file: 'guides/a.mdx', line: 1, column: 1 } } });
    expect(run.pages['c.mdx']!.deps).toEqual(['snippets/c.mdx', 'snippets/hello.mdx']);
  });

  it("the snippet's links join the page's, each at its own file:line:col, once however often it is inlined", () => {
    const run = build(
      { 'snippets/l.mdx': 'Intro.\n\nSee [the guide](/guide) and <a href="../rel">x</a>.\n', 'page.mdx': "import L from '/snippets/l.mdx';\n\n[home](/)\n\n<L />\n<L />\n" },
      ['page.mdx'],
    );
    expect(run.pages['page.mdx']!.links.map((link) => `${link.href} ${link.location.file}:${link.location.line}:${link.location.column}`)).toEqual([
      '/ page.mdx:3:1',
      '/guide snippets/l.mdx:3:5',
      '../rel snippets/l.mdx:3:32',
    ]);
  });

  it('an imported snippet the page never renders is still a dependency, and its problems name the page', () => {
    const run = build({ 'snippets/bad.mdx': '<Note>open\n', 'page.mdx': "# P\n\nimport Bad from '/snippets/bad.mdx';\n\nText.\n" }, ['page.mdx']);
    expect(run.pages['page.mdx']!.deps).toEqual(['snippets/bad.mdx']);
    expect(run.snippetDiagnostics.map((d) => `${d.code} ${d.related?.map((r) => `${r.file}:${r.line}`).join(',')}`)).toEqual(['mdx/syntax-error page.mdx:3']);
  });

  it('a missing snippet is an error at the import, with the nearest file as suggestion', () => {
    const run = build({ 'snippets/hello.mdx': 'Hi\n', 'page.mdx': "# T\n\nimport H from '/snippets/helo.mdx';\n\n<H />\n" }, ['page.mdx']);
    const [problem] = run.pages['page.mdx']!.diagnostics;
    expect(summary(run.pages['page.mdx']!.diagnostics)).toEqual(['content/snippet-not-found page.mdx:3:1']);
    expect(problem!.suggestion).toBe('did you mean "/snippets/hello.mdx"?');
    expect(run.pages['page.mdx']!.deps).toEqual([]);
  });

  it('refuses imports that lead out of the root, also through a symbolic link', () => {
    const outside = path.join(tempRoot({ 'secret.mdx': 'SECRET\n' }), 'secret.mdx');
    const dir = tempRoot({ 'page.mdx': "import A from '../../x.mdx';\nimport B from '/out.mdx';\n\n<A />\n<B />\n" });
    symlinkSync(outside, path.join(dir, 'out.mdx'));
    const root = DocsRoot.open(dir)!;
    const result = inlineSnippets({ file: 'page.mdx', body: bodyOf(root, 'page.mdx') }, new SnippetSet(root, { parse }), { variables: {} });
    expect(summary(result.diagnostics)).toEqual(['root/path-escapes-root page.mdx:1:1', 'root/symlink-outside page.mdx:2:1']);
    expect(textOf(result.tree.children)).not.toContain('SECRET');
  });
});

describe('named exports of snippet files', () => {
  const files = {
    'snippets/vars.mdx': "export const product = 'Acme';\nexport const info = { fruit: 'kiwi' };\nexport const Button = ({ label }) => <button>{label}</button>;\n",
  };

  it('values fill expressions in text and attributes; a component export becomes an island of the page', () => {
    const run = build(
      { ...files, 'page.mdx': "import { product, info, Button as B } from '/snippets/vars.mdx';\n\n{product} likes {info.fruit}.\n\n<Card title={product} />\n\n<B label=\"go\" />\n" },
      ['page.mdx'],
    );
    const page = run.pages['page.mdx']!;
    expect(textOf(page.tree.children)).toContain('Acme likes kiwi.');
    expect(JSON.stringify(page.tree)).toContain('"title":"Acme"');
    expect(page.tree.children).toContainEqual(expect.objectContaining({ type: 'component', name: 'B', island: 'Button' }));
    expect(page.islands).toEqual([expect.objectContaining({ names: ['Button'], kind: 'export', file: 'snippets/vars.mdx' })]);
    expect(page.deps).toEqual(['snippets/vars.mdx']);
    expect(page.diagnostics).toEqual([]);
  });

  it('a name the snippet does not export is an error at the import, listing what it exports', () => {
    const run = build({ ...files, 'page.mdx': "import { prodcut } from '/snippets/vars.mdx';\n\n{prodcut}\n" }, ['page.mdx']);
    expect(summary(run.pages['page.mdx']!.diagnostics)).toEqual(['content/snippet-export-not-found page.mdx:1:1']);
    expect(run.pages['page.mdx']!.diagnostics[0]!.suggestion).toBe('it exports Button, info, product');
  });
});

describe('<Snippet file>', () => {
  it('resolves under snippets/, then the legacy _snippets/, adding .mdx to a name without extension', () => {
    const run = build(
      {
        'snippets/a.mdx': 'From snippets.\n',
        '_snippets/redis/note.mdx': 'From legacy snippets.\n',
        'page.mdx': '<Snippet file="a.mdx" />\n\n<Snippet file="redis/note" />\n',
      },
      ['page.mdx'],
    );
    const text = textOf(run.pages['page.mdx']!.tree.children);
    expect(text).toContain('From snippets.');
    expect(text).toContain('From legacy snippets.');
    expect(run.pages['page.mdx']!.deps).toEqual(['_snippets/redis/note.mdx', 'snippets/a.mdx']);
  });

  it('a missing one is an error at its element, each at its own place', () => {
    const run = build({ 'page.mdx': '# Title\n\n<Snippet file="gone.mdx" />\n\nText <Snippet file="gone.mdx" /> again.\n' }, ['page.mdx']);
    expect(summary(run.pages['page.mdx']!.diagnostics)).toEqual(['content/snippet-not-found page.mdx:3:1', 'content/snippet-not-found page.mdx:5:6']);
  });
});

describe('snippet props', () => {
  it('fill {word}, attribute expressions, props.x, slots, {children} and {word} in code blocks', () => {
    const run = build(
      {
        'snippets/p.mdx': 'Word: {word}.\n\n<Card title={word} href={props.link} icon={logo}>{children}</Card>\n\n```bash\nnpm install {word} {other}\n```\n',
        'page.mdx': "import P from '/snippets/p.mdx';\n\n<P word=\"bananas\" link=\"/fruit\" logo={<b>L</b>}>\n  Inner **text**\n</P>\n",
      },
      ['page.mdx'],
    );
    const tree = run.pages['page.mdx']!.tree;
    const text = textOf(tree.children);
    expect(text).toContain('Word: bananas.');
    expect(text).toContain('npm install bananas {other}');
    const card = tree.children.find((node) => node.type === 'component');
    expect(card).toMatchObject({ name: 'Card', props: { title: 'bananas', href: '/fruit' }, slots: { icon: [expect.objectContaining({ tagName: 'b' })] } });
    expect(card && 'expressions' in card ? card.expressions : undefined).toBeUndefined();
    expect(textOf(card!.type === 'component' ? card!.children : [])).toContain('Inner text');
  });

  it('leaves an expression no prop answers as code', () => {
    const run = build({ 'snippets/p.mdx': 'Hi {name}\n', 'page.mdx': "import P from '/snippets/p.mdx';\n\n<P />\n" }, ['page.mdx']);
    expect(textOf(run.pages['page.mdx']!.tree.children)).toContain('Hi {name}');
  });
});

describe('snippets importing snippets', () => {
  it('inlines nested snippets, each file resolving its own imports relative to itself', () => {
    const run = build(
      {
        'snippets/outer.mdx': "import Inner from './deep/inner.mdx';\n\nOuter {x}.\n\n<Inner y={x} />\n",
        'snippets/deep/inner.mdx': 'Inner {y}.\n',
        'page.mdx': "import O from '/snippets/outer.mdx';\n\n<O x=\"1\" />\n",
      },
      ['page.mdx'],
    );
    expect(textOf(run.pages['page.mdx']!.tree.children)).toContain('Outer 1.\nInner 1.');
    expect(run.pages['page.mdx']!.deps).toEqual(['snippets/deep/inner.mdx', 'snippets/outer.mdx']);
  });

  it('a cycle is an error at the import closing it, naming the chain, reported once for all pages', () => {
    const run = build(
      {
        'snippets/a.mdx': "import B from '/snippets/b.mdx';\n\nA\n\n<B />\n",
        'snippets/b.mdx': "import A from '/snippets/a.mdx';\n\nB\n\n<A />\n",
        'snippets/self.mdx': "import S from './self.mdx';\n\n<S />\n",
        'p1.mdx': "import A from '/snippets/a.mdx';\n\n<A />\n",
        'p2.mdx': "import A from '/snippets/a.mdx';\nimport S from '/snippets/self.mdx';\n\n<A />\n<S />\n",
      },
      ['p1.mdx', 'p2.mdx'],
    );
    expect(run.pages['p1.mdx']!.diagnostics).toEqual([]);
    expect(textOf(run.pages['p1.mdx']!.tree.children)).toMatch(/A\s*B/);
    expect(summary(run.snippetDiagnostics)).toEqual(['content/snippet-cycle snippets/b.mdx:1:1', 'content/snippet-cycle snippets/self.mdx:1:1']);
    const [cycle] = run.snippetDiagnostics;
    expect(cycle!.message).toContain('snippets/a.mdx -> snippets/b.mdx -> snippets/a.mdx');
    expect(cycle!.related?.map((r) => `${r.file}:${r.line}`)).toEqual(['p1.mdx:1', 'p2.mdx:1']);
  });

  it('a chain deeper than the cap stops there with an error', () => {
    const files: Record<string, string> = { 'page.mdx': "import S from '/snippets/s0.mdx';\n\n<S />\n" };
    for (let i = 0; i < 30; i++) files[`snippets/s${i}.mdx`] = `import N from './s${i + 1}.mdx';\n\nlevel ${i}\n\n<N />\n`;
    files['snippets/s30.mdx'] = 'bottom\n';
    const run = build(files, ['page.mdx']);
    const text = textOf(run.pages['page.mdx']!.tree.children);
    expect(text).toContain('level 15');
    expect(text).not.toContain('level 16');
    expect(summary(run.snippetDiagnostics)).toEqual(['content/snippet-limit snippets/s15.mdx:1:1']);
  });

  it('a fan-out of nested snippets stops at the copy budget, quickly', () => {
    const files: Record<string, string> = { 'page.mdx': "import S from '/snippets/f0.mdx';\n\n<S />\n" };
    for (let i = 0; i < 12; i++) files[`snippets/f${i}.mdx`] = `import N from './f${i + 1}.mdx';\n\n${'<N />\n\n'.repeat(10)}`;
    files['snippets/f12.mdx'] = 'leaf\n';
    const started = Date.now();
    const run = build(files, ['page.mdx']);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(run.snippetDiagnostics.map((d) => d.code)).toContain('content/snippet-limit');
    expect(textOf(run.pages['page.mdx']!.tree.children).split('leaf').length - 1).toBeLessThanOrEqual(5000);
  });
});

describe('what a page grows to through snippets and variables', () => {
  it('200,000 nodes from one snippet copied 200 times inline without overflowing the stack', () => {
    const paragraphs = Array.from({ length: 1000 }, (_, i) => `p${i}`).join('\n\n');
    const run = build(
      {
        'snippets/p.mdx': `${paragraphs}\n`,
        'snippets/a.mdx': `import P from '/snippets/p.mdx';\n\n${'<P />\n'.repeat(200)}`,
        'page.mdx': "import A from '/snippets/a.mdx';\n\n<A />\n",
      },
      ['page.mdx'],
    );
    expect(run.pages['page.mdx']!.tree.children.filter((node) => node.type === 'element' && node.tagName === 'p')).toHaveLength(200_000);
    expect(run.snippetDiagnostics).toEqual([]);
  });

  it('copies of a large snippet stop at the text budget, with an error at the import of the snippet whose copy passes it', () => {
    const run = build(
      {
        'snippets/big.mdx': `${'word '.repeat(20_000)}\n`,
        'snippets/c.mdx': `import Big from './big.mdx';\n\n${'<Big />\n'.repeat(10)}`,
        'snippets/b.mdx': `import C from './c.mdx';\n\n${'<C />\n'.repeat(10)}`,
        'page.mdx': "import B from '/snippets/b.mdx';\n\n<B />\n<B />\n",
      },
      ['page.mdx'],
    );
    const text = textOf(run.pages['page.mdx']!.tree.children);
    expect(text.length).toBeLessThanOrEqual(16 * 1024 * 1024 + 100_000);
    expect(text.length).toBeGreaterThan(15 * 1024 * 1024);
    expect(summary(run.snippetDiagnostics)).toEqual(['content/snippet-limit snippets/c.mdx:1:1']);
    expect(run.snippetDiagnostics[0]!.message).toContain('16 Mi characters');
  });

  it('a large variable used often stops substituting at the budget, with an error at its first use', () => {
    const run = build({ 'page.mdx': `# Title\n\n${'{{v}}\n\n'.repeat(3000)}` }, ['page.mdx'], { v: 'word '.repeat(40_000) });
    const page = run.pages['page.mdx']!;
    expect(JSON.stringify(page.tree).length).toBeLessThan(17 * 1024 * 1024);
    expect(summary(page.diagnostics)).toEqual(['content/snippet-limit page.mdx:3:1']);
  });
});

describe("a snippet's own problems", () => {
  it('are reported once, at the snippet, with the including pages as related locations', () => {
    const run = build(
      {
        'snippets/broken.mdx': 'Fine line\n\n<Note>unclosed\n',
        'snippets/odd.mdx': '<Notee>x</Notee>\n',
        'a.mdx': "import Br from '/snippets/broken.mdx';\nimport Odd from '/snippets/odd.mdx';\n\n<Br />\n<Odd />\n",
        'b.mdx': "# B\n\nimport Br from '/snippets/broken.mdx';\n\n<Br />\n",
      },
      ['a.mdx', 'b.mdx'],
    );
    expect(run.pages['a.mdx']!.diagnostics).toEqual([]);
    expect(summary(run.snippetDiagnostics)).toEqual(['mdx/syntax-error snippets/broken.mdx:3:1', 'content/unknown-component snippets/odd.mdx:1:1']);
    const [syntax, unknown] = run.snippetDiagnostics;
    expect(syntax!.related?.map((r) => `${r.file}:${r.line}:${r.column} ${r.message}`)).toEqual(['a.mdx:1:1 included by a.mdx', 'b.mdx:3:1 included by b.mdx']);
    expect(unknown!.suggestion).toBe('did you mean <Note>?');
  });

  it('a snippet with invalid UTF-8 gets the warning pages get, at the snippet', () => {
    const dir = tempRoot({ 'page.mdx': "import S from '/snippets/s.mdx';\n\n<S />\n" });
    mkdirSync(path.join(dir, 'snippets'));
    writeFileSync(path.join(dir, 'snippets/s.mdx'), Buffer.from([0x48, 0x69, 0xff, 0x0a]), { flag: 'w' });
    const root = DocsRoot.open(dir)!;
    const set = new SnippetSet(root, { parse });
    inlineSnippets({ file: 'page.mdx', body: bodyOf(root, 'page.mdx') }, set, { variables: {} });
    expect(summary(set.diagnostics())).toEqual(['root/invalid-utf8 snippets/s.mdx:1:3']);
  });

  it('each snippet is parsed once per run, however many pages and copies use it', () => {
    let parses = 0;
    const counting = (file: SourceFile): SnippetParse => {
      if (file.path.startsWith('snippets/')) parses++;
      return parse(file);
    };
    const files = { 'snippets/s.mdx': 'Shared\n', 'a.mdx': "import S from '/snippets/s.mdx';\n\n<S />\n<S />\n", 'b.mdx': "import S from '/snippets/s.mdx';\n\n<Snippet file=\"s.mdx\" />\n" };
    const run = build(files, ['a.mdx', 'b.mdx'], {}, { parse: counting });
    expect(parses).toBe(1);
    expect(textOf(run.pages['b.mdx']!.tree.children)).toContain('Shared');
  });

  it('a snippet is not parsed again when the cache knows its bytes', () => {
    const files = { 'snippets/s.mdx': 'Shared\n', 'a.mdx': "import S from '/snippets/s.mdx';\n\n<S />\n<S />\n", 'b.mdx': "import S from '/snippets/s.mdx';\n\n<S />\n" };
    const store = new Map<string, SnippetParse>();
    const cache: SnippetCache = { get: (file, hash) => store.get(`${file}:${hash}`), set: (file, hash, value) => void store.set(`${file}:${hash}`, value) };
    let parses = 0;
    const counting = (file: SourceFile): SnippetParse => {
      if (file.path.startsWith('snippets/')) parses++;
      return parse(file);
    };
    const first = build(files, ['a.mdx', 'b.mdx'], {}, { parse: counting, cache });
    expect(parses).toBe(1);
    expect(textOf(first.pages['a.mdx']!.tree.children).match(/Shared/g)).toHaveLength(2);
    const second = build(files, ['a.mdx', 'b.mdx'], {}, { parse: counting, cache });
    expect(parses).toBe(1);
    expect(textOf(second.pages['b.mdx']!.tree.children)).toContain('Shared');
  });

  it('inlined copies are independent: changing one page tree leaves the others and the snippet alone', () => {
    const run = build({ 'snippets/h.mdx': '## Heading\n', 'a.mdx': "import H from '/snippets/h.mdx';\n\n<H />\n<H />\n" }, ['a.mdx']);
    const [one, two] = run.pages['a.mdx']!.tree.children.filter((node) => node.type === 'element');
    (one as { properties: Record<string, unknown> }).properties['id'] = 'changed';
    expect((two as { properties: Record<string, unknown> }).properties['id']).toBeUndefined();
    const again = inlineSnippets({ file: 'a.mdx', body: bodyOf(run.set.root, 'a.mdx') }, run.set, { variables: {} });
    expect(JSON.stringify(again.tree)).not.toContain('changed');
  });
});

describe('unknown components', () => {
  it('warns about a capitalized name neither built in, imported nor defined, with did you mean', () => {
    const run = build(
      {
        'snippets/s.mdx': 'S\n',
        'page.mdx': "import Shared from '/snippets/s.mdx';\nimport { Chart } from '../chart.jsx';\nexport const Local = () => <div />;\n\n<Notee>x</Notee>\n\n<Shared />\n<Chart />\n<Local />\n<Tree.Folder name=\"a\" />\n<Sharde />\n<Zzzzzzzzzz />\n",
      },
      ['page.mdx'],
    );
    const found = run.pages['page.mdx']!.diagnostics;
    expect(summary(found)).toEqual(['content/unknown-component page.mdx:5:1', 'content/unknown-component page.mdx:11:1', 'content/unknown-component page.mdx:12:1']);
    expect(found.map((d) => d.suggestion)).toEqual(['did you mean <Note>?', 'did you mean <Shared>?', "import it (import Zzzzzzzzzz from '/snippets/...') or define it with export const Zzzzzzzzzz = ..."]);
  });
});

describe('images without alt text', () => {
  it('warns at each <img> written without alt, in a page and in the snippet that holds one; alt="" and Markdown images pass', () => {
    const run = build(
      {
        'snippets/figure.mdx': 'A figure:\n\n<img src="/images/chart.png" />\n',
        'page.mdx': "import Figure from '/snippets/figure.mdx';\n\n<img src=\"/a.png\" />\n\n<Frame>\n  <img src=\"/b.png\" width=\"300\" />\n</Frame>\n\n<img src=\"/c.png\" alt=\"\" />\n<img src=\"/d.png\" alt={\"Dashboard\"} />\n\n![](/e.png)\n\n<Figure />\n",
      },
      ['page.mdx'],
    );
    const found = run.pages['page.mdx']!.diagnostics;
    expect(summary(found)).toEqual(['content/image-missing-alt page.mdx:3:1', 'content/image-missing-alt page.mdx:6:3']);
    expect(found[0]!.severity).toBe('warning');
    expect(found[0]!.suggestion).toContain('alt=""');
    expect(summary(run.snippetDiagnostics)).toEqual(['content/image-missing-alt snippets/figure.mdx:3:1']);
  });
});

describe('heading order', () => {
  it('warns at a heading more than one level below the one before it, and at a page\'s first heading below h2 (the title is its h1)', () => {
    const run = build(
      {
        'snippets/part.mdx': '### Starts at three\n\n##### Five after three\n',
        'page.mdx':
          "import Part from '/snippets/part.mdx';\n\n### First, under the title\n\n## Two\n\n### Three\n\n# One\n\n## Two again\n\n<Tabs>\n  <Tab title=\"A\">\n    #### Four in a tab\n  </Tab>\n</Tabs>\n\n<h2>Two in JSX</h2>\n\n<h5>Five in JSX</h5>\n\n<Part />\n",
        'other.mdx': '## Two\n\n### Three\n\n#### Four\n\n## Back up\n\n### Three\n',
      },
      ['page.mdx', 'other.mdx'],
    );
    const found = run.pages['page.mdx']!.diagnostics;
    expect(summary(found)).toEqual(['content/heading-level-skipped page.mdx:3:1', 'content/heading-level-skipped page.mdx:15:5', 'content/heading-level-skipped page.mdx:21:1']);
    expect(found.map((d) => d.message)).toEqual([
      "this h3 follows the page's title (its h1): the h2 between them is missing",
      'this h4 follows an h2: the h3 between them is missing',
      'this h5 follows an h2: the h3 between them is missing',
    ]);
    expect(found[0]!.severity).toBe('warning');
    expect(found[1]!.suggestion).toBe('make it an h3, or put it under an h3');
    // The snippet's h3 follows the page's h5 (going up is fine); its h5 skips the h4.
    expect(summary(run.snippetDiagnostics)).toEqual(['content/heading-level-skipped snippets/part.mdx:3:1']);
    expect(run.pages['other.mdx']!.diagnostics).toEqual([]);
  });

  it("reads the page as inlined: a snippet's heading follows the page's, and the page's the snippet's", () => {
    const run = build(
      {
        'snippets/h.mdx': '#### Snippet h4\n',
        'page.mdx': "import H from '/snippets/h.mdx';\n\n## Two\n\n<H />\n\n<h5>After the snippet</h5>\n",
        'fits.mdx': "import H from '/snippets/h.mdx';\n\n## Two\n\n### Three\n\n<H />\n",
      },
      ['page.mdx', 'fits.mdx'],
    );
    expect(run.pages['page.mdx']!.diagnostics).toEqual([]);
    expect(summary(run.snippetDiagnostics)).toEqual(['content/heading-level-skipped snippets/h.mdx:1:1']);
    expect(run.snippetDiagnostics[0]!.message).toBe('this h4 follows an h2: the h3 between them is missing');
  });
});

describe('docs.json variables', () => {
  const files = {
    'snippets/v.mdx': 'Snippet v{{version}}.\n',
    'page.mdx':
      "import V from '/snippets/v.mdx';\n\nVersion {{version}} at {{api-url}}, [docs]({{api-url}}/docs).\n\n<Card title=\"{{version}}\" />\n\n```bash\ncurl {{api-url}} {{ jinja }}\n```\n\n<V />\n\nMissing {{nope}} and `{{code-only}}`.\n",
  };

  it('replaces {{name}} in text, links, props, code and snippets', () => {
    const run = build(files, ['page.mdx'], { version: '2.0', 'api-url': 'https://api.example.com' });
    const page = run.pages['page.mdx']!;
    const text = textOf(page.tree.children);
    expect(text).toContain('Version 2.0 at https://api.example.com');
    expect(text).toContain('curl https://api.example.com {{ jinja }}');
    expect(text).toContain('Snippet v2.0.');
    expect(JSON.stringify(page.tree)).toContain('"title":"2.0"');
    expect(JSON.stringify(page.tree)).toContain('"href":"https://api.example.com/docs"');
    expect(page.links.map((link) => link.href)).toContain('https://api.example.com/docs');
  });

  it('an unknown name in prose is a warning at its place; in code it is left alone', () => {
    const run = build(files, ['page.mdx'], { version: '2.0', 'api-url': 'https://x' });
    expect(summary(run.pages['page.mdx']!.diagnostics)).toEqual(['content/unknown-variable page.mdx:13:9']);
    expect(textOf(run.pages['page.mdx']!.tree.children)).toContain('Missing {{nope}} and {{code-only}}.');
  });

  it('also when the parse did not mask them: {{name}} in prose and attributes is then an expression', () => {
    const unmasked = (file: SourceFile): SnippetParse => {
      const result = parseMdxPage(file);
      return { body: (result.value as ParsedPage & { content?: ConvertedBody }).content, diagnostics: result.diagnostics };
    };
    const root = DocsRoot.open(tempRoot({ 'page.mdx': 'Version {{version}}, {{other}}.\n\n<Card title={{version}} />\n' }))!;
    const read = root.read('page.mdx');
    if (!read.ok) throw new Error(read.problem.message);
    const result = inlineSnippets({ file: 'page.mdx', body: unmasked(read.file).body! }, new SnippetSet(root, { parse: unmasked }), { variables: { version: '2.0' } });
    expect(textOf(result.tree.children)).toContain('Version 2.0, {{other}}.');
    // Left as written means as text: an expression island renders as nothing.
    expect(JSON.stringify(result.tree)).not.toContain('"island"');
    expect(JSON.stringify(result.tree)).toContain('"title":"2.0"');
    expect(summary(result.diagnostics)).toEqual(['content/unknown-variable page.mdx:1:22']);
  });

  it('without variables in docs.json, {{name}} stays as written and nothing is reported', () => {
    const run = build(files, ['page.mdx']);
    expect(run.pages['page.mdx']!.diagnostics).toEqual([]);
    expect(textOf(run.pages['page.mdx']!.tree.children)).toContain('Version {{version}} at {{api-url}}');
  });
});

describe('masking {{name}} before the MDX parse', () => {
  it('keeps every position, leaves frontmatter, ={{...}} attribute objects and names JavaScript reads alone', () => {
    const text = '---\ntitle: "{{version}}"\n---\n\nAt {{api-url}} and `{{ x-y }}`, {{2fa}}, not {{version}}.\n\n<Tree style={{color}} />\n';
    const masked = maskVariablePlaceholders(text);
    expect(masked).toHaveLength(text.length);
    expect(masked.split('\n').map((line) => line.length)).toEqual(text.split('\n').map((line) => line.length));
    expect(masked.startsWith('---\ntitle: "{{version}}"\n---\n')).toBe(true);
    expect(masked).toContain('style={{color}}');
    expect(masked).not.toContain('{{api-url}}');
    expect(masked).not.toContain('{{ x-y }}');
    expect(masked).not.toContain('{{2fa}}');
    expect(masked).toContain('not {{version}}.');
  });

  it('is what lets a hyphenated name parse at all: the page parse masks, and the inliner fills the value in', () => {
    const text = 'At {{api-url}}.\n';
    const file = { path: 'p.mdx', absolutePath: '/p.mdx', text, hash: '0'.repeat(64), byteLength: 16 };
    const { parseMdx } = parseModule;
    expect(parseMdx(text).ok).toBe(false);
    const parsed = parseMdxPage(file);
    expect(parsed.diagnostics).toEqual([]);
    const root = DocsRoot.open(tempRoot({ 'p.mdx': text }))!;
    const body = (parsed.value as ParsedPage & { content?: ConvertedBody }).content!;
    const inlined = inlineSnippets({ file: 'p.mdx', body }, new SnippetSet(root, { parse }), { variables: { 'api-url': 'https://api.example.com' } });
    expect(textOf(inlined.tree.children)).toBe('At https://api.example.com.');
  });
});
