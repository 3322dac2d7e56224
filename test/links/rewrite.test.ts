import { describe, expect, it } from 'vitest';
import type { ContentRoot } from '../../src/content/types.js';
import { createLinkSite, rewriteTreeLinks } from '../../src/links/index.js';

const site = createLinkSite({
  pages: ['index', 'sdks/overview', 'sdks/ruby', 'guides/index'],
  anchors: new Map([['sdks/ruby', ['install']]]),
  files: ['sdks/images/a.png', 'images/b.png'],
  redirects: [{ source: '/old', destination: '/sdks/ruby' }],
});

describe('rewriteTreeLinks', () => {
  it('rewrites hrefs, srcs and component link props (slots included) to root-absolute resolved paths', () => {
    const tree: ContentRoot = {
      type: 'root',
      children: [
        { type: 'element', tagName: 'p', properties: {}, children: [{ type: 'element', tagName: 'a', properties: { href: 'ruby#install' }, children: [{ type: 'text', value: 'Ruby' }] }] },
        { type: 'element', tagName: 'img', properties: { src: 'images/a.png', alt: '' }, children: [] },
        { type: 'element', tagName: 'video', properties: { src: '../images/b.png' }, children: [] },
        {
          type: 'component',
          name: 'Card',
          props: { title: 'Old', href: '/old/', img: '/images/b.png' },
          slots: { icon: [{ type: 'element', tagName: 'a', properties: { href: '../guides/index.mdx' }, children: [] }] },
          children: [{ type: 'element', tagName: 'a', properties: { href: '/index' }, children: [] }],
        },
      ],
    };
    const out = rewriteTreeLinks(tree, 'sdks/overview', site);
    expect(out.children[0]).toMatchObject({ children: [{ properties: { href: '/sdks/ruby#install' } }] });
    expect(out.children[1]).toMatchObject({ properties: { src: '/sdks/images/a.png', alt: '' } });
    expect(out.children[2]).toMatchObject({ properties: { src: '/images/b.png' } });
    expect(out.children[3]).toMatchObject({ props: { title: 'Old', href: '/sdks/ruby', img: '/images/b.png' }, slots: { icon: [{ properties: { href: '/guides' } }] }, children: [{ properties: { href: '/' } }] });
  });

  it('leaves props of components that are not built in alone', () => {
    const tree: ContentRoot = { type: 'root', children: [{ type: 'component', name: 'AgentFeedbackCTA', props: { src: 'ruby', href: 'ruby' }, children: [] }] };
    expect(rewriteTreeLinks(tree, 'sdks/overview', site)).toBe(tree);
  });

  it('keeps external, unresolvable and broken links as written, and never changes the input', () => {
    const tree: ContentRoot = {
      type: 'root',
      children: [
        { type: 'element', tagName: 'a', properties: { href: 'https://example.com' }, children: [] },
        { type: 'element', tagName: 'a', properties: { href: 'mailto:a@b.c' }, children: [] },
        { type: 'element', tagName: 'a', properties: { href: 'missing' }, children: [] },
        { type: 'element', tagName: 'a', properties: { href: 'ruby#nope' }, children: [] },
      ],
    };
    const copy = structuredClone(tree);
    const out = rewriteTreeLinks(tree, 'sdks/overview', site);
    expect(out).toBe(tree);
    expect(tree).toEqual(copy);
    const changed: ContentRoot = { type: 'root', children: [{ type: 'element', tagName: 'a', properties: { href: 'ruby' }, children: [] }, ...tree.children] };
    const rewritten = rewriteTreeLinks(changed, 'sdks/overview', site);
    expect(rewritten.children[0]).toMatchObject({ properties: { href: '/sdks/ruby' } });
    expect(changed.children[0]).toMatchObject({ properties: { href: 'ruby' } });
    expect(rewritten.children[1]).toBe(tree.children[0]);
  });
});
