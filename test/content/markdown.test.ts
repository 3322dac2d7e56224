import { describe, expect, it } from 'vitest';
import { toMarkdown } from '../../src/content/markdown.js';
import type { ContentRoot } from '../../src/content/types.js';
import { code, comp, el, h, p, root, t } from './trees.js';

const md = (...children: Parameters<typeof root>): string => toMarkdown(root(...children), { title: 'T' }).replace(/^# T\n\n/, '');

describe('toMarkdown: the Markdown twin of a page', () => {
  it('starts with the title and the description', () => {
    expect(toMarkdown(root(p('Body.')), { title: 'Get *started*', description: 'How to begin' })).toBe('# Get \\*started\\*\n\n> How to begin\n\nBody.\n');
    expect(toMarkdown(root(), { title: 'Only a title' })).toBe('# Only a title\n');
  });

  it('writes headings without their ids, paragraphs, inline markup and escapes', () => {
    const out = md(h(2, 'Install', 'install'), p('Use ', el('code', [t('npm i')]), ' or ', el('a', [t('the guide')], { href: '/guide#setup' }), ', ', el('strong', [t('bold')]), ', 2 * 3 and [x]'));
    expect(out).toBe('## Install\n\nUse `npm i` or [the guide](/guide#setup), **bold**, 2 \\* 3 and \\[x]\n');
  });

  it('writes code fences with language and title, longer than any backtick run inside', () => {
    expect(md(code('bash', 'npm i x', 'Install it'))).toBe('```bash Install it\nnpm i x\n```\n');
    expect(md(code('md', 'a\n```js\nb\n```'))).toBe('````md\na\n```js\nb\n```\n````\n');
    expect(md(code('', 'plain'))).toBe('```\nplain\n```\n');
  });

  it('writes lists (nested, ordered with a start, task items), tables and images', () => {
    const list = el('ul', [el('li', [t('one')]), el('li', [p('two'), el('ul', [el('li', [t('nested')])])])]);
    const ordered = el('ol', [el('li', [t('third')])], { start: 3 });
    const tasks = el('ul', [el('li', [el('input', [], { type: 'checkbox', checked: true, disabled: true }), t(' done')])]);
    const table = el('table', [
      el('thead', [el('tr', [el('th', [t('Name')], { align: 'left' }), el('th', [t('a|b')])])]),
      el('tbody', [el('tr', [el('td', [t('x')]), el('td', [el('code', [t('y')])])])]),
    ]);
    expect(md(list, ordered, tasks, table, p(el('img', [], { src: '/img/a.png', alt: 'A diagram' })))).toBe(
      '- one\n- two\n  - nested\n\n3. third\n\n- [x] done\n\n| Name | a\\|b |\n| :--- | ---- |\n| x    | `y`  |\n\n![A diagram](/img/a.png)\n',
    );
  });

  it('turns callouts into quoted paragraphs led by their label', () => {
    expect(md(comp('Note', {}, [t('\n'), p('Be careful.'), t('\n')]))).toBe('> **Note:** Be careful.\n');
    expect(md(comp('Warning', {}, [t('Inline text')]))).toBe('> **Warning:** Inline text\n');
    expect(md(comp('Tip', {}, [code('js', 'x()')]))).toBe('> **Tip:**\n>\n> ```js\n> x()\n> ```\n');
    expect(md(comp('Callout', { icon: 'x' }, [p('Plain')]))).toBe('> Plain\n');
    // `<Note>One line.</Note>` alone on a line: MDX makes it a paragraph holding an inline component.
    expect(md(p(comp('Note', {}, [t('One line.')], { inline: true })))).toBe('> **Note:** One line.\n');
    expect(md(p('Before ', comp('Info', {}, [t('inside')], { inline: true }), ' after'))).toBe('Before\n\n> **Info:** inside\n\nafter\n');
  });

  it('turns cards into links with their title, steps into a numbered list, tabs and code groups into labelled parts', () => {
    const cards = comp('CardGroup', { cols: 2 }, [comp('Card', { title: 'Quickstart', href: '/quickstart', icon: 'rocket' }, [t('Start here')]), comp('Card', { title: 'No link' })]);
    expect(md(cards)).toBe('[**Quickstart**](/quickstart)\n\nStart here\n\n**No link**\n');
    const steps = comp('Steps', {}, [t('\n'), comp('Step', { title: 'First' }, [p('Do a')]), comp('Step', { title: 'Second' }, [p('Do b')])]);
    expect(md(steps)).toBe('1. **First**\n\n   Do a\n\n2. **Second**\n\n   Do b\n');
    const tabs = comp('Tabs', {}, [comp('Tab', { title: 'Python' }, [p('py')]), comp('Tab', { title: 'Node' }, [p('js')])]);
    expect(md(tabs)).toBe('**Python**\n\npy\n\n**Node**\n\njs\n');
    const group = comp('CodeGroup', {}, [code('python', 'x = 1', 'Python'), code('js', 'let x = 1', 'Node.js')]);
    expect(md(group)).toBe('**Python**\n\n```python Python\nx = 1\n```\n\n**Node.js**\n\n```js Node.js\nlet x = 1\n```\n');
    expect(md(comp('RequestExample', {}, [code('bash', 'curl x', 'cURL')]))).toBe('**Request example**\n\n**cURL**\n\n```bash cURL\ncurl x\n```\n');
  });

  it('writes accordions as a bold title and their body, and uses a JSX title slot as text', () => {
    const accordion = comp('AccordionGroup', {}, [comp('Accordion', { title: 'Why?' }, [p('Because')]), comp('Accordion', {}, [p('Slot')], { slots: { title: [el('span', [t('From a slot')])] } })]);
    expect(md(accordion)).toBe('**Why?**\n\nBecause\n\n**From a slot**\n\nSlot\n');
  });

  it('writes consecutive fields as one list: name, type, location, required, default, description', () => {
    const fields = [
      comp('ParamField', { query: 'limit', type: 'integer', required: true, default: 10 }, [p('Max results')]),
      t('\n'),
      comp('ParamField', { body: 'url', type: 'string' }, [t('The URL')]),
      comp('ResponseField', { name: 'data', type: 'object' }, [comp('Expandable', { title: 'properties' }, [comp('ResponseField', { name: 'id', type: 'string' })])]),
    ];
    expect(md(...fields)).toBe(
      '- **limit** `integer` (query, required, default: 10): Max results\n- **url** `string` (body): The URL\n- **data** `object`\n\n  **properties**\n  - **id** `string`\n',
    );
  });

  it('keeps Visibility for agents, drops Visibility for humans, islands, icons and comments', () => {
    const out = md(
      comp('Visibility', { for: 'humans' }, [p('HUMANS')]),
      comp('Visibility', { for: 'agents' }, [p('AGENTS')]),
      { type: 'island', kind: 'expression', source: '{new Date()}' },
      { type: 'raw', value: '<!-- hidden -->' },
      p('Text ', comp('Icon', { icon: 'x' }, [], { inline: true }), comp('Visibility', { for: 'humans' }, [t('NOPE')], { inline: true }), 'end'),
    );
    expect(out).toBe('AGENTS\n\nText end\n');
  });

  it('writes iframes and videos as links, frames with their caption, div wrappers transparently', () => {
    const out = md(el('div', [p('In a div'), el('iframe', [], { src: 'https://example.com/embed', title: 'Demo' })]), comp('Frame', { caption: 'A caption' }, [el('video', [el('source', [], { src: '/v.mp4' })])]));
    expect(out).toBe('In a div\n\n[Demo](https://example.com/embed)\n\n[Video](/v.mp4)\n\n_A caption_\n');
  });

  it('writes a page of 200,000 blocks (a large snippet inlined 200 times) without overflowing the stack', () => {
    const blocks = Array.from({ length: 200_000 }, (_, i) => p(`p${i}`));
    // (Built as an object: spreading 200,000 arguments into a helper overflows the stack too.)
    const tree: ContentRoot = { type: 'root', children: [comp('Note', {}, blocks.slice(0, 1000)), ...blocks] };
    const out = toMarkdown(tree, { title: 'T' }).replace(/^# T\n\n/, '');
    expect(out.startsWith('> **Note:** p0\n>\n> p1\n')).toBe(true);
    expect(out.endsWith('p199999\n')).toBe(true);
  });

  it('is the same text for the same tree', () => {
    const tree = root(h(2, 'A', 'a'), comp('Note', {}, [p('x')]), code('js', 'y'));
    expect(toMarkdown(tree, { title: 'T' })).toBe(toMarkdown(structuredClone(tree), { title: 'T' }));
  });
});
