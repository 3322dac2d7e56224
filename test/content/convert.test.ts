import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { convertBody } from '../../src/content/convert.js';
import type { ContentComponent, ContentElement, ContentNode, ConvertedBody } from '../../src/content/types.js';
import { entryChecks } from '../../src/incremental/entries.js';
import { parseMdxPage } from '../../src/mdx/parse-page.js';
import { parseMdx } from '../../src/mdx/processor.js';

function convert(text: string, file = 'page.mdx'): ConvertedBody {
  const parsed = parseMdx(text);
  if (!parsed.ok) throw new Error(`does not parse: ${JSON.stringify(parsed)}`);
  return convertBody(parsed.tree, text, file).value;
}

/** The first node of the tree matching `test`, in document order (children and slots). */
function find<T extends ContentNode>(nodes: ContentNode[], test: (node: ContentNode) => node is T): T | undefined {
  for (const node of nodes) {
    if (test(node)) return node;
    const inner = [...(node.type === 'component' ? Object.values(node.slots ?? {}).flat() : []), ...('children' in node ? node.children : [])];
    const found = find(inner, test);
    if (found) return found;
  }
  return undefined;
}
const component = (name: string) => (node: ContentNode): node is ContentComponent => node.type === 'component' && node.name === name;
const element = (tagName: string) => (node: ContentNode): node is ContentElement => node.type === 'element' && node.tagName === tagName;

/** True when any object in the value has a `position` or `data` key (what the content format must not carry). */
function hasPositions(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (Array.isArray(item)) stack.push(...item);
    else if (item && typeof item === 'object') {
      if ('position' in item || 'data' in item) return true;
      stack.push(...Object.values(item));
    }
  }
  return false;
}

describe('convertBody: components', () => {
  it('keeps capitalized JSX as a component with JSON props, flags, slots and expressions', () => {
    const body = convert('<Card title="A" cols={2} n={-1} tags={["a", `b`]} meta={{ k: null }} disabled icon={<svg viewBox="0 0 1 1"><path d="M0" /></svg>} onClick={() => go()} />\n');
    const card = find(body.tree.children, component('Card'));
    expect(card?.props).toEqual({ title: 'A', cols: 2, n: -1, tags: ['a', 'b'], meta: { k: null }, disabled: true });
    expect(card?.slots?.icon).toEqual([
      { type: 'element', tagName: 'svg', properties: { viewBox: '0 0 1 1' }, children: [{ type: 'element', tagName: 'path', properties: { d: 'M0' }, children: [] }] },
    ]);
    expect(card?.expressions).toEqual({ onClick: '() => go()' });
  });

  it('marks components written in text as inline and records each name at its first place', () => {
    const body = convert('Press <Icon icon="x" /> then <Icon icon="y" />.\n\n<Note>\n  Hi\n</Note>\n');
    expect(find(body.tree.children, component('Icon'))).toMatchObject({ inline: true, props: { icon: 'x' } });
    expect(find(body.tree.children, component('Note'))?.inline).toBeUndefined();
    expect(body.components).toEqual([
      { name: 'Icon', location: { file: 'page.mdx', line: 1, column: 7 } },
      { name: 'Note', location: { file: 'page.mdx', line: 3, column: 1 } },
    ]);
  });

  it('turns an element with a spread into an element island holding its source', () => {
    const body = convert('<Chart {...props} size={2} />\n');
    expect(body.tree.children).toContainEqual({ type: 'island', kind: 'element', source: '<Chart {...props} size={2} />' });
    expect(body.components.map((c) => c.name)).toEqual(['Chart']);
  });
});

describe('convertBody: lowercase JSX', () => {
  it('becomes a hast element: style object to CSS, class to a list, attribute names as hast properties', () => {
    const body = convert('<div style={{ maxWidth: 10, opacity: 0.5, WebkitBoxShadow: "none" }} class="a  b" data-x="1" aria-label="L" tabindex="2" hidden>x</div>\n');
    expect(find(body.tree.children, element('div'))?.properties).toEqual({
      style: 'max-width: 10px; opacity: 0.5; -webkit-box-shadow: none',
      className: ['a', 'b'],
      dataX: '1',
      ariaLabel: 'L',
      tabIndex: '2',
      hidden: true,
    });
  });

  it('keeps attributes it cannot evaluate as expressions', () => {
    const body = convert('<img src={logo} alt="x" />\n');
    expect(find(body.tree.children, element('img'))).toEqual({ type: 'element', tagName: 'img', properties: { alt: 'x' }, children: [], expressions: { src: 'logo' } });
  });
});

describe('convertBody: expressions and module code', () => {
  it('drops comments, writes literals as text and keeps other expressions as islands', () => {
    const body = convert('A {"b"} {1} {x + 1} {/* gone */} {null}\n\n{items.map((i) => i)}\n');
    const paragraph = find(body.tree.children, element('p'));
    expect(paragraph?.children).toEqual([
      { type: 'text', value: 'A ' },
      { type: 'text', value: 'b' },
      { type: 'text', value: ' ' },
      { type: 'text', value: '1' },
      { type: 'text', value: ' ' },
      { type: 'island', kind: 'expression', source: 'x + 1', inline: true },
      { type: 'text', value: ' ' },
      { type: 'text', value: ' ' },
    ]);
    expect(body.tree.children).toContainEqual({ type: 'island', kind: 'expression', source: 'items.map((i) => i)' });
  });

  it('sorts imports into snippet imports and islands, exports into values and islands', () => {
    const text = [
      "import Snip, { A as B, C } from '/snippets/a.mdx';",
      "import Chart from '../chart.jsx';",
      'export const data = { a: [1, -1, `t`] };',
      'export const Comp = () => <div />;',
      '',
      '<Chart />',
      '',
    ].join('\n');
    const body = convert(text);
    expect(body.snippetImports).toEqual([{ specifier: '/snippets/a.mdx', names: { Snip: 'default', B: 'A', C: 'C' }, location: { file: 'page.mdx', line: 1, column: 1 } }]);
    expect(body.islands).toEqual([
      { names: ['Chart'], kind: 'import', source: "import Chart from '../chart.jsx';", file: 'page.mdx' },
      { names: ['Comp'], kind: 'export', source: 'export const Comp = () => <div />;', file: 'page.mdx' },
    ]);
    expect(body.exportedValues).toEqual({ data: { a: [1, -1, 't'] } });
    expect(find(body.tree.children, component('Chart'))?.island).toBe('Chart');
  });
});

describe('convertBody: Markdown', () => {
  it('reads GFM: tables, strikethrough, autolinks, task lists, footnotes', () => {
    const body = convert('| a |\n|---|\n| ~~c~~ |\n\nSee https://example.com\n\n- [x] done\n\nText[^1]\n\n[^1]: note\n');
    expect(find(body.tree.children, element('table'))).toBeDefined();
    expect(find(body.tree.children, element('del'))).toBeDefined();
    expect(find(body.tree.children, element('a'))?.properties.href).toBe('https://example.com');
    expect(find(body.tree.children, element('input'))?.properties).toEqual({ type: 'checkbox', checked: true, disabled: true });
    expect(find(body.tree.children, element('section'))?.properties.className).toEqual(['footnotes']);
  });

  it('makes code blocks code nodes with lower-cased language and parsed meta; mermaid stays code', () => {
    const body = convert('```Python Example {1,3-4} icon="python" wrap\nprint(1)\n```\n\n```mermaid\ngraph TD\n```\n\n```\nplain\n```\n');
    expect(body.tree.children.filter((n) => n.type === 'code')).toEqual([
      { type: 'code', lang: 'python', meta: { title: 'Example', highlight: [1, 3, 4], icon: 'python', wrap: true, raw: 'Example {1,3-4} icon="python" wrap' }, value: 'print(1)' },
      { type: 'code', lang: 'mermaid', meta: {}, value: 'graph TD' },
      { type: 'code', lang: '', meta: {}, value: 'plain' },
    ]);
  });

  it('leaves out the frontmatter and headings get no id here', () => {
    const body = convert('---\ntitle: T\n---\n\n## Hello\n');
    expect(body.tree.children.filter((n) => n.type !== 'text')).toEqual([{ type: 'element', tagName: 'h2', properties: {}, children: [{ type: 'text', value: 'Hello' }] }]);
  });

  it('keeps raw HTML of a Markdown tree as raw and drops HTML comments', () => {
    const tree = { type: 'root' as const, children: [{ type: 'html' as const, value: '<!-- note -->' }, { type: 'html' as const, value: '<b>x</b>' }] };
    expect(convertBody(tree, '', 'a.md').value.tree.children.filter((n) => n.type !== 'text')).toEqual([{ type: 'raw', value: '<b>x</b>' }]);
  });
});

describe('convertBody: math', () => {
  it('reads $$ blocks as display math and $$x$$ as inline math, their braces as LaTeX; a single $ and code stay text', () => {
    const body = convert('Costs $5 and $10 a month.\n\n$$\ne^{2.5} \\frac{a}{b}\n$$\n\nInline $$x^{2}$$ and `$$code$$`.\n\n```latex\n$$ not math $$\n```\n');
    expect(body.islands).toEqual([]);
    expect(find(body.tree.children, element('p'))?.children).toEqual([{ type: 'text', value: 'Costs $5 and $10 a month.' }]);
    const codes = body.tree.children.filter((node) => node.type === 'code');
    expect(codes.map((node) => node.type === 'code' && [node.lang, node.value])).toEqual([['math', 'e^{2.5} \\frac{a}{b}'], ['latex', '$$ not math $$']]);
    const inline = find(body.tree.children, (node): node is ContentElement => node.type === 'element' && node.tagName === 'code' && String(node.properties.className).includes('math-inline'));
    expect(inline).toEqual({ type: 'element', tagName: 'code', properties: { className: ['language-math', 'math-inline'] }, children: [{ type: 'text', value: 'x^{2}' }] });
  });
});

describe('convertBody: links', () => {
  it('collects each link where it is written, with its kind and, for props, the component', () => {
    const text = [
      '[a](/a) ![i](./i.png) [r][ref] ![ir][img]', // 1
      '',
      '<a href="/b">b</a> <img src="/c.png" />', // 3
      '',
      '<video src="/v.mp4" />', // 5
      '',
      '<Card title="x" href="/card" img="/card.png" icon={<img src="/slot.png" />} />', // 7
      '',
      '[ref]: /ref',
      '[img]: /img.png',
      '',
    ].join('\n');
    const links = convert(text).links.map((l) => [l.href, l.kind, l.via ?? '', l.location.line, l.location.column]);
    expect(links).toEqual([
      ['/a', 'link', '', 1, 1],
      ['./i.png', 'image', '', 1, 9],
      ['/b', 'link', '', 3, 4],
      ['/c.png', 'image', '', 3, 25],
      ['/v.mp4', 'image', '', 5, 8],
      ['/card', 'prop', 'Card.href', 7, 17],
      ['/card.png', 'prop', 'Card.img', 7, 30],
      ['/slot.png', 'image', '', 7, 57],
      ['/ref', 'link', '', 9, 1],
      ['/img.png', 'image', '', 10, 1],
    ]);
  });

  it('keeps URLs in the tree as written (the link checker matches them to `links`)', () => {
    const body = convert('[x](/a%20b/ü) [y][r]\n\n[r]: /ü\n');
    const anchors: string[] = [];
    const visit = (nodes: ContentNode[]) => nodes.forEach((n) => (n.type === 'element' ? (n.tagName === 'a' && anchors.push(String(n.properties.href)), visit(n.children)) : undefined));
    visit(body.tree.children);
    expect(anchors).toEqual(['/a%20b/ü', '/ü']);
  });
});

describe('convertBody in parse-page', () => {
  const page = (text: string) => parseMdxPage({ path: 'p.mdx', text, hash: 'a'.repeat(64) } as Parameters<typeof parseMdxPage>[0]).value;

  it('stores the content on the parsed page as plain data, accepted by the page cache', () => {
    const parsed = page('---\ntitle: T\n---\n\n<Note>hi *there* [a](/b)</Note>\n\n| t |\n|---|\n| c |\n\n```js\nx\n```\n');
    expect(parsed.content?.components.map((c) => c.name)).toEqual(['Note']);
    expect(hasPositions(parsed.content)).toBe(false);
    expect(structuredClone(parsed)).toEqual(parsed);
    const entry = { result: { value: parsed, diagnostics: [] }, fingerprint: 'f' };
    expect(entryChecks.pages(JSON.parse(JSON.stringify(entry)))).toBe(true);
  });

  it('the page cache rejects a corrupted content', () => {
    const parsed = page('<Note>hi</Note>\n');
    const corrupt = (mutate: (content: Record<string, unknown>) => void) => {
      const copy = JSON.parse(JSON.stringify(parsed)) as { content: Record<string, unknown> };
      mutate(copy.content);
      return entryChecks.pages({ result: { value: copy, diagnostics: [] }, fingerprint: 'f' });
    };
    expect(corrupt(() => undefined)).toBe(true);
    expect(corrupt((c) => ((c.tree as { children: unknown[] }).children[0] = { type: 'script', value: 'x' }))).toBe(false);
    expect(corrupt((c) => (((c.tree as { children: Array<{ children: unknown }> }).children[0]!).children = 'x'))).toBe(false);
    expect(corrupt((c) => (c.links = [{ href: 1 }]))).toBe(false);
    expect(corrupt((c) => delete c.components)).toBe(false);
  });

  it('a page without a parsed body has no content', () => {
    expect(page('<Note>\n').content).toBeUndefined();
  });
});

const corpora = fileURLToPath(new URL('../../../shared/corpora', import.meta.url));

function pages(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? pages(full) : /\.mdx?$/.test(entry.name) ? [full] : [];
  });
}

describe.each(['mintlify-docs', 'trigger-dev'])('every page of %s', (name) => {
  const root = path.join(corpora, name);
  it.skipIf(!existsSync(root))('converts without throwing, and the tree has no positions', () => {
    let converted = 0;
    const failures: string[] = [];
    for (const file of pages(root)) {
      const text = readFileSync(file, 'utf8');
      const parsed = parseMdx(text);
      if (!parsed.ok) continue;
      try {
        const { value } = convertBody(parsed.tree, text, path.relative(root, file));
        if (hasPositions(value.tree)) failures.push(`${file}: positions left`);
        converted++;
      } catch (error) {
        failures.push(`${file}: ${String(error)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(converted).toBeGreaterThan(100);
  }, 300_000);
});
