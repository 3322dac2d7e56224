import { describe, expect, it } from 'vitest';
import { createLinkSite, pageUrl, resolveHref, resolvedHref, type LinkSiteInput } from '../../src/links/index.js';

const pages = ['index', 'quickstart', 'sdks/overview', 'sdks/ruby', 'guides/index', 'guides/setup', 'api-reference/users/get-user', 'delete account', 'café/menu', 'Reference/Upper'];

function site(extra: Partial<LinkSiteInput> = {}) {
  return createLinkSite({
    pages,
    anchors: new Map([
      ['sdks/ruby', ['install', 'step-1-configure', 'custom-id']],
      ['guides/setup', ['requirements', 'café-au-lait']],
      ['index', ['welcome']],
    ]),
    files: ['images/x.png', 'openapi.json', 'files/guide.pdf', 'guides/images/diagram.svg', 'images/a b.png'],
    redirects: [
      { source: '/old-quickstart', destination: '/quickstart' },
      { source: '/docs/:slug*', destination: '/guides/:slug*' },
      { source: '/a', destination: '/b' },
      { source: '/b', destination: '/sdks/ruby' },
      { source: '/loop-1', destination: '/loop-2' },
      { source: '/loop-2', destination: '/loop-1' },
      { source: '/home', destination: '/' },
      { source: '/gone', destination: '/nowhere' },
      { source: '/blog/:year/:slug', destination: '/sdks/:slug' },
    ],
    ...extra,
  });
}

const resolve = (href: string, from: string | undefined = 'sdks/overview', kind: 'link' | 'image' | 'prop' = 'link') => resolveHref(href, from, site(), { kind });

describe('resolveHref: relative to the page URL, as a browser does', () => {
  it('resolves a bare name against the page folder', () => {
    expect(resolve('ruby')).toEqual({ kind: 'page', page: 'sdks/ruby' });
    expect(resolve('./ruby')).toEqual({ kind: 'page', page: 'sdks/ruby' });
    expect(resolve('../quickstart')).toEqual({ kind: 'page', page: 'quickstart' });
  });

  it('resolves against the served URL of an index page (guides/index is /guides, so its folder is /)', () => {
    expect(resolve('quickstart', 'guides/index')).toEqual({ kind: 'page', page: 'quickstart' });
    expect(resolve('guides/setup', 'guides/index')).toEqual({ kind: 'page', page: 'guides/setup' });
    expect(resolve('setup', 'guides/index')).toMatchObject({ kind: 'broken', reason: 'page' });
  });

  it('clamps .. at the root as a browser does', () => {
    expect(resolve('../../../quickstart')).toEqual({ kind: 'page', page: 'quickstart' });
  });

  it('resolves root-absolute links from any page and from docs.json (no page)', () => {
    expect(resolve('/sdks/ruby', 'guides/setup')).toEqual({ kind: 'page', page: 'sdks/ruby' });
    expect(resolveHref('sdks/ruby', undefined, site())).toEqual({ kind: 'page', page: 'sdks/ruby' });
  });
});

describe('resolveHref: what counts as the same page', () => {
  it('serves / as the home page (index), and index pages at their folder, under either spelling', () => {
    expect(resolve('/')).toEqual({ kind: 'page', page: 'index' });
    expect(resolve('/index')).toEqual({ kind: 'page', page: 'index' });
    expect(resolve('/guides')).toEqual({ kind: 'page', page: 'guides/index' });
    expect(resolve('/guides/index')).toEqual({ kind: 'page', page: 'guides/index' });
    expect(resolve('/guides/index.mdx')).toEqual({ kind: 'page', page: 'guides/index' });
  });

  it('takes the first page as home when there is no index page', () => {
    expect(resolveHref('/', 'b', createLinkSite({ pages: ['intro', 'b'] }))).toEqual({ kind: 'page', page: 'intro' });
  });

  it('ignores trailing slashes and query strings (kept for the rewrite)', () => {
    expect(resolve('/sdks/ruby/')).toEqual({ kind: 'page', page: 'sdks/ruby' });
    expect(resolve('/sdks/ruby?tab=gem')).toEqual({ kind: 'page', page: 'sdks/ruby', query: '?tab=gem' });
    expect(resolve('/sdks/ruby/?tab=gem#install')).toEqual({ kind: 'page', page: 'sdks/ruby', query: '?tab=gem', anchor: 'install' });
  });

  it('reads .md and .mdx suffixes as the page (the Markdown twin, or a repository-style link)', () => {
    expect(resolve('/quickstart.md')).toEqual({ kind: 'page', page: 'quickstart' });
    expect(resolve('ruby.mdx#install')).toEqual({ kind: 'page', page: 'sdks/ruby', anchor: 'install' });
    expect(resolve('/nothing.md')).toMatchObject({ kind: 'broken', reason: 'page' });
  });

  it('decodes percent-encoded paths and anchors', () => {
    expect(resolve('/delete%20account')).toEqual({ kind: 'page', page: 'delete account' });
    expect(resolve('/caf%C3%A9/menu')).toEqual({ kind: 'page', page: 'café/menu' });
    expect(resolve('/café/menu')).toEqual({ kind: 'page', page: 'café/menu' });
    expect(resolve('/guides/setup#caf%C3%A9-au-lait')).toEqual({ kind: 'page', page: 'guides/setup', anchor: 'café-au-lait' });
    expect(resolve('/caf%E9/menu')).toMatchObject({ kind: 'broken', reason: 'invalid' });
  });

  it('matches case exactly, suggesting the page that differs only in case', () => {
    expect(resolve('/reference/upper')).toMatchObject({ kind: 'broken', reason: 'page', suggestions: ['/Reference/Upper'] });
    expect(resolve('/Reference/Upper')).toEqual({ kind: 'page', page: 'Reference/Upper' });
  });

  it('finds generated API pages like any other page', () => {
    expect(resolve('/api-reference/users/get-user')).toEqual({ kind: 'page', page: 'api-reference/users/get-user' });
  });

  it('counts pages under an unverified prefix (remote spec not loaded) as existing', () => {
    const unverified = site({ unverifiedPrefixes: ['api-reference/'] });
    expect(resolveHref('/api-reference/orders/list', 'index', unverified)).toEqual({ kind: 'page', page: 'api-reference/orders/list', assumed: true });
    expect(resolveHref('/api-reference/orders/list#anything', 'index', unverified)).toMatchObject({ kind: 'page', assumed: true });
    expect(resolveHref('/other/missing', 'index', unverified)).toMatchObject({ kind: 'broken' });
  });
});

describe('resolveHref: anchors', () => {
  it('accepts heading ids, id attributes and component anchors of the target page', () => {
    expect(resolve('ruby#install')).toEqual({ kind: 'page', page: 'sdks/ruby', anchor: 'install' });
    expect(resolve('ruby#custom-id')).toMatchObject({ kind: 'page' });
    expect(resolve('#welcome', 'index')).toEqual({ kind: 'page', page: 'index', anchor: 'welcome' });
  });

  it('reports a missing anchor on the same page or another, suggesting the slug or a close id', () => {
    expect(resolve('#Install', 'sdks/ruby')).toMatchObject({ kind: 'broken', reason: 'anchor', suggestions: ['#install'] });
    expect(resolve('/sdks/ruby#Step 1: Configure')).toMatchObject({ kind: 'broken', reason: 'anchor', suggestions: ['#step-1-configure'] });
    expect(resolve('/sdks/ruby#instal')).toMatchObject({ kind: 'broken', reason: 'anchor', suggestions: ['#install'] });
  });

  it('accepts # alone and any anchor on a page whose anchors are unknown', () => {
    expect(resolve('#', 'sdks/ruby')).toEqual({ kind: 'page', page: 'sdks/ruby' });
    expect(resolve('/api-reference/users/get-user#param-id')).toMatchObject({ kind: 'page', anchor: 'param-id' });
  });

  it('does not check fragments of files', () => {
    expect(resolve('/files/guide.pdf#page=2')).toEqual({ kind: 'asset', path: '/files/guide.pdf', anchor: 'page=2' });
  });
});

describe('resolveHref: files of the root', () => {
  it('resolves images and files root-absolute or relative to the page URL', () => {
    expect(resolve('/images/x.png', 'sdks/overview', 'image')).toEqual({ kind: 'asset', path: '/images/x.png' });
    expect(resolve('images/diagram.svg', 'guides/setup', 'image')).toEqual({ kind: 'asset', path: '/guides/images/diagram.svg' });
    expect(resolve('/openapi.json')).toEqual({ kind: 'asset', path: '/openapi.json' });
    expect(resolve('/images/a%20b.png', 'index', 'image')).toEqual({ kind: 'asset', path: '/images/a b.png' });
  });

  it('knows the files the service generates (llms.txt, llms-full.txt, sitemap.xml)', () => {
    expect(resolve('/llms.txt')).toEqual({ kind: 'asset', path: '/llms.txt' });
    expect(resolve('/llms-full.txt')).toEqual({ kind: 'asset', path: '/llms-full.txt' });
  });

  it('suggests other files, not page sources, for a missing asset with no file of its name', () => {
    const withSources = site({ files: ['images/diagram.svg', 'images/diagram.mdx', 'snippets/diagram.mdx'] });
    expect(resolveHref('/images/diagram.png', 'index', withSources, { kind: 'image' })).toMatchObject({ kind: 'broken', reason: 'asset', suggestions: ['/images/diagram.svg'] });
  });

  it('reports a missing image as a missing asset with the file of the same name', () => {
    expect(resolve('/img/x.png', 'index', 'image')).toMatchObject({ kind: 'broken', reason: 'asset', suggestions: ['/images/x.png'] });
    expect(resolve('/files/guide2.pdf')).toMatchObject({ kind: 'broken', reason: 'asset' });
  });
});

describe('resolveHref: redirects', () => {
  it('accepts a redirected path and follows chains to where they end', () => {
    expect(resolve('/old-quickstart')).toMatchObject({ kind: 'redirect', path: '/old-quickstart', target: { kind: 'page', page: 'quickstart' } });
    expect(resolve('/a')).toMatchObject({ kind: 'redirect', chain: [{ source: '/a' }, { source: '/b' }], target: { kind: 'page', page: 'sdks/ruby' } });
  });

  it('matches wildcards: /docs/:slug* also matches /docs', () => {
    expect(resolve('/docs/setup')).toMatchObject({ kind: 'redirect', target: { kind: 'page', page: 'guides/setup' } });
    expect(resolve('/docs')).toMatchObject({ kind: 'redirect', target: { kind: 'page', page: 'guides/index' } });
    expect(resolve('/docs/')).toMatchObject({ kind: 'redirect' });
    expect(resolve('/blog/2024/ruby')).toMatchObject({ kind: 'redirect', target: { kind: 'page', page: 'sdks/ruby' } });
    expect(resolve('/blog/2024')).toMatchObject({ kind: 'broken' });
  });

  it('takes :name? as an optional segment, and cuts a source only at a real query or fragment', () => {
    const optional = site({ redirects: [{ source: '/old/:x?', destination: '/sdks/overview' }, { source: '/legacy?from=mail', destination: '/quickstart' }] });
    expect(resolveHref('/old', 'index', optional)).toMatchObject({ kind: 'redirect', target: { kind: 'page', page: 'sdks/overview' } });
    expect(resolveHref('/old/any', 'index', optional)).toMatchObject({ kind: 'redirect', target: { kind: 'page', page: 'sdks/overview' } });
    expect(resolveHref('/old/a/b', 'index', optional)).toMatchObject({ kind: 'broken' });
    // A source with a query takes the link with that query only, as the site does (the browser follows it).
    expect(resolveHref('/legacy?from=mail', 'index', optional)).toMatchObject({ kind: 'redirect', target: { kind: 'page', page: 'quickstart' } });
    expect(resolveHref('/legacy', 'index', optional)).toMatchObject({ kind: 'broken' });
  });

  it('accepts a redirect to / and checks the anchor on the final page', () => {
    expect(resolve('/home')).toMatchObject({ kind: 'redirect', target: { kind: 'page', page: 'index' } });
    expect(resolve('/a#install')).toMatchObject({ kind: 'redirect', target: { kind: 'page', anchor: 'install' } });
    expect(resolve('/a#nope')).toMatchObject({ kind: 'redirect', target: { kind: 'broken', reason: 'anchor' } });
  });

  it('stops at loops', () => {
    expect(resolve('/loop-1')).toMatchObject({ kind: 'redirect', target: { kind: 'broken', reason: 'redirect-loop' } });
  });

  it('lets a page win over a redirect of the same path', () => {
    expect(resolveHref('/quickstart', 'index', site({ redirects: [{ source: '/quickstart', destination: '/sdks/ruby' }] }))).toEqual({ kind: 'page', page: 'quickstart' });
  });
});

describe('resolveHref: links no checker follows', () => {
  it('leaves mailto:, tel:, javascript: and {{variables}} alone', () => {
    expect(resolve('mailto:help@example.com')).toEqual({ kind: 'other', scheme: 'mailto' });
    expect(resolve('tel:+15551234')).toEqual({ kind: 'other', scheme: 'tel' });
    expect(resolve('{{base_url}}/users')).toEqual({ kind: 'other', scheme: 'template' });
    expect(resolve('/a}}b{{c')).not.toEqual({ kind: 'other', scheme: 'template' });
  });

  // 200,000 `{` in a logo href kept a regular expression backtracking for 29 s (the docs.json fuzz found it).
  it('reads a long run of braces in linear time', () => {
    expect(resolve('{'.repeat(200_000))).not.toEqual({ kind: 'other', scheme: 'template' });
    expect(resolve(`${'{'.repeat(200_000)}}}`)).toEqual({ kind: 'other', scheme: 'template' });
  }, 2_000);

  it('reads http(s) and protocol-relative links as external', () => {
    expect(resolve('https://example.com/a#b')).toEqual({ kind: 'external', url: 'https://example.com/a#b' });
    expect(resolve('//cdn.example.com/x.js')).toEqual({ kind: 'external', url: 'https://cdn.example.com/x.js' });
  });

  it('suggests a scheme for a link that looks like a domain', () => {
    expect(resolve('www.example.com/docs')).toMatchObject({ kind: 'broken', suggestions: ['https://www.example.com/docs'] });
  });
});

describe('resolvedHref: what the tree is rewritten to', () => {
  it('gives root-absolute page URLs with query and anchor, and file paths', () => {
    expect(resolvedHref(resolve('ruby?x=1#install'))).toBe('/sdks/ruby?x=1#install');
    expect(resolvedHref(resolve('/index'))).toBe('/');
    expect(resolvedHref(resolve('/guides/index.mdx'))).toBe('/guides');
    expect(resolvedHref(resolve('images/diagram.svg', 'guides/setup', 'image'))).toBe('/guides/images/diagram.svg');
    expect(resolvedHref(resolve('/delete%20account'))).toBe('/delete%20account');
    expect(resolvedHref(resolve('/a'))).toBe('/sdks/ruby');
    expect(resolvedHref(resolve('https://example.com'))).toBeUndefined();
    expect(resolvedHref(resolve('/missing'))).toBeUndefined();
    expect(pageUrl('index')).toBe('/');
  });
});

describe('a link site whose files are listed on demand', () => {
  it('lists them the first time a link needs a file, once, and not for links to pages', () => {
    let listed = 0;
    const site = createLinkSite({ pages: ['intro', 'guide'], files: () => (listed++, ['images/a.png']) });
    expect(resolveHref('/guide', 'intro', site)).toEqual({ kind: 'page', page: 'guide' });
    expect(listed).toBe(0);
    expect(resolveHref('/images/a.png', 'intro', site, { kind: 'image' })).toMatchObject({ kind: 'asset' });
    expect(resolveHref('/images/b.png', 'intro', site, { kind: 'image' })).toMatchObject({ kind: 'broken' });
    expect(listed).toBe(1);
  });

  it('asks `fileExists` about a link to a file, and lists the files only to suggest one for a broken link', () => {
    let listed = 0;
    const asked: string[] = [];
    const files = ['images/a.png', 'images/c.png'];
    const site = createLinkSite({ pages: ['intro'], files: () => (listed++, files), fileExists: (path) => (asked.push(path), files.includes(path)) });
    expect(resolveHref('/images/a.png', 'intro', site, { kind: 'image' })).toMatchObject({ kind: 'asset', path: '/images/a.png' });
    expect(resolveHref('/llms.txt', 'intro', site)).toMatchObject({ kind: 'asset' });
    expect(listed).toBe(0);
    expect(asked).toEqual(['images/a.png']);
    expect(resolveHref('/images/b.png', 'intro', site, { kind: 'image' })).toMatchObject({ kind: 'broken' });
    expect(listed).toBe(1);
    // Listed once, the list answers.
    expect(resolveHref('/images/c.png', 'intro', site, { kind: 'image' })).toMatchObject({ kind: 'asset' });
    expect(asked).toEqual(['images/a.png', 'images/b.png']);
  });
});
