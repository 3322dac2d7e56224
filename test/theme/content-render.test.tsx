import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import { renderContent, type RenderOptions } from '../../src/theme/content/index.js';
import type { ContentRoot } from '../../src/content/types.js';
import { code, comp, el, makePage, makeSite, root, text } from './content-fixtures.js';

function html(tree: ContentRoot, options: Partial<RenderOptions> = {}): string {
  return renderToString(<>{renderContent(tree, { site: makeSite(), page: makePage(), ...options })}</>);
}

describe('renderContent: hast and our own nodes', () => {
  it('renders hast elements with their properties as React props (class, style string)', () => {
    const out = html(root(el('p', { className: ['lead', 'big'], style: 'color: red; margin-top: 2px' }, [text('Hello '), el('strong', {}, [text('world')])])));
    expect(out).toBe('<p class="lead big" style="color:red;margin-top:2px">Hello <strong>world</strong></p>');
  });

  it('renders a component inside a hast element (through a placeholder) and inside another component', () => {
    const out = html(root(el('div', { id: 'wrap' }, [comp('Note', {}, [el('p', {}, [text('inside')])])])));
    expect(out).toMatch(/<div id="wrap"><div class="db-callout db-callout-note"[^>]*>.*<p>inside<\/p>.*<\/div><\/div>$/);
  });

  it('gives site-absolute links and images the base path, and leaves external ones alone', () => {
    const out = html(root(el('p', {}, [el('a', { href: '/guides/a#x' }, [text('a')]), el('a', { href: 'https://x.dev/' }, [text('b')]), el('img', { src: '/images/i.png', alt: '' })])), { base: '/docs/' });
    expect(out).toContain('href="/docs/guides/a#x"');
    expect(out).toContain('href="https://x.dev/"');
    expect(out).toContain('src="/docs/images/i.png"');
  });

  it('renders a page of 200,000 blocks (a large snippet inlined 200 times), and a component with 20,000 children, as the same HTML as a short one', () => {
    const paragraphs = (n: number) => Array.from({ length: n }, (_, i) => el('p', {}, [text(`p${i}`)]));
    const long = html({ type: 'root', children: paragraphs(200_000) });
    expect(long.startsWith('<p>p0</p><p>p1</p>')).toBe(true);
    expect(long.endsWith('<p>p199998</p><p>p199999</p>')).toBe(true);
    expect(long.match(/<p>/g)).toHaveLength(200_000);
    const unknown = html({ type: 'root', children: [comp('MyWidget', {}, paragraphs(20_000))] });
    expect(unknown).toBe(html({ type: 'root', children: paragraphs(20_000) }));
  });

  it('unknown component: children only in the static render, a marker in the preview', () => {
    const tree = root(comp('MyWidget', { a: 1 }, [el('p', {}, [text('kept')])]));
    expect(html(tree)).toBe('<p>kept</p>');
    const preview = html(tree, { preview: true });
    expect(preview).toBe('<div class="db-unknown-component" data-unknown-component="MyWidget"><p>kept</p></div>');
  });

  it('a block built-in written on one line stands for its paragraph: no div inside a p', () => {
    const tree = root(el('p', {}, [text(' '), comp('Note', {}, [text('One line.')], { inline: true }), text('\n')]));
    expect(html(tree)).toMatch(/^<div class="db-callout db-callout-note"[^>]*>.*One line\..*<\/div>$/);
  });

  it('a paragraph of text and block built-ins is split around them, as the browser would close it; phrasing stays in its sentence', () => {
    const tree = root(
      el('p', {}, [
        el('code', {}, [text('CodeNodeError')]),
        text('\n'),
        comp('Info', {}, [text('Your code threw.')], { inline: true }),
        text(' then '),
        comp('Icon', { icon: 'rocket' }, [], { inline: true }),
        comp('Chip', {}, [text('c')], { inline: true }),
        comp('Warning', {}, [text('Careful.')], { inline: true }),
      ]),
    );
    const out = html(tree);
    expect(out).toMatch(/^<p><code>CodeNodeError<\/code>\n<\/p><div class="db-callout db-callout-info"[^>]*>.*Your code threw\..*<\/div><p> then <span class="db-icon"[^>]*><\/span>c<\/p><div class="db-callout db-callout-warning"[^>]*>.*Careful\..*<\/div>$/);
    expect(out).not.toMatch(/<p>(?:(?!<\/p>).)*<div/);
  });

  it('a heading written on one line in a JSX block is no paragraph; a p around a Markdown paragraph is one p', () => {
    // <div>\n  <h1 className="title">Docs</h1>\n  <p className="lead">\n    Text.\n  </p>\n</div> in MDX.
    const tree = root(
      el('div', { className: ['hero'] }, [
        el('p', {}, [el('h1', { className: ['title'] }, [text('Docs')])]),
        el('p', { className: ['lead'] }, [text('\n'), el('p', {}, [text('Text.')]), text('\n')]),
      ]),
    );
    expect(html(tree)).toBe('<div class="hero"><h1 class="title">Docs</h1><p class="lead">Text.</p></div>');
  });

  it('an inline unknown component gets a span marker in the preview', () => {
    const tree = root(el('p', {}, [text('a '), comp('Chip', {}, [text('b')], { inline: true })]));
    expect(html(tree, { preview: true })).toBe('<p>a <span class="db-unknown-component" data-unknown-component="Chip">b</span></p>');
  });

  it('islands render nothing statically and a data-island placeholder in the preview', () => {
    const tree = root({ type: 'island', kind: 'expression', source: 'new Date()' });
    expect(html(tree)).toBe('');
    expect(html(tree, { preview: true })).toContain('data-island="expression"');
  });

  it('raw HTML renders as written (span inside phrasing, div at block level); comments are dropped', () => {
    const tree = root({ type: 'raw', value: '<table><tr><td>x</td></tr></table>' }, el('p', {}, [{ type: 'raw', value: '<kbd>K</kbd>' }]), { type: 'raw', value: '<!-- hidden -->' });
    const out = html(tree);
    expect(out).toContain('<div class="db-raw"><table><tr><td>x</td></tr></table></div>');
    expect(out).toContain('<p><span class="db-raw"><kbd>K</kbd></span></p>');
    expect(out).not.toContain('hidden');
  });

  it('a replaced component is used by name (components={{ Note: MyNote }}), slots arrive as props', () => {
    const MyNote = ({ children, label }: { children?: ReactNode; label?: ReactNode }): ReactNode => (
      <aside className="mine">
        {label}|{children}
      </aside>
    );
    const tree = root(comp('Note', {}, [text('body')], { slots: { label: [el('em', {}, [text('L')])] } }));
    expect(html(tree, { components: { Note: MyNote } })).toBe('<aside class="mine"><em>L</em>|<!-- -->body</aside>');
  });

  it('JSON props reach the component', () => {
    const tree = root(comp('Card', { title: 'T', href: '/x' }, [text('c')]));
    expect(html(tree)).toContain('<p class="db-card-title">T</p>');
  });

  it('a code node renders through CodeBlock, a mermaid block through Mermaid', () => {
    const out = html(root(code('let a = 1;', 'js'), code('graph TD; A-->B', 'mermaid')));
    expect(out).toContain('class="language-js"');
    expect(out).toContain('class="db-mermaid"');
    expect(out).toContain('graph TD; A--&gt;B');
  });
});
