import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import type { ContentLink } from '../../src/content/types.js';
import { checkLinks, collectExternalLinks, createLinkSite, readRedirects, type LinkSiteInput, type PageLinks } from '../../src/links/index.js';
import { DocsRoot } from '../../src/root/index.js';
import { removeTempRoots, tempRoot } from '../helpers/temp-root.js';

afterAll(removeTempRoots);

const link = (href: string, file: string, line: number, column = 1, kind: ContentLink['kind'] = 'link', via?: string): ContentLink => ({
  href,
  kind,
  ...(via ? { via } : {}),
  location: { file, line, column, endLine: line, endColumn: column + href.length },
});

function site(extra: Partial<LinkSiteInput> = {}) {
  return createLinkSite({
    pages: ['index', 'quickstart', 'sdks/overview', 'sdks/ruby'],
    anchors: new Map([
      ['sdks/ruby', ['install']],
      ['sdks/overview', ['languages']],
      ['quickstart', []],
      ['index', []],
    ]),
    files: ['images/logo.png'],
    ...extra,
  });
}

describe('checkLinks: page links', () => {
  it('reports nothing for links that resolve', () => {
    const pages: PageLinks[] = [
      {
        page: 'sdks/overview',
        file: 'sdks/overview.mdx',
        links: [link('ruby', 'sdks/overview.mdx', 3), link('#languages', 'sdks/overview.mdx', 4), link('/images/logo.png', 'sdks/overview.mdx', 5, 1, 'image'), link('mailto:a@b.c', 'sdks/overview.mdx', 6), link('https://x.test', 'sdks/overview.mdx', 7)],
      },
    ];
    expect(checkLinks({ site: site(), pages })).toEqual([]);
  });

  it('reports a broken link, a broken anchor, a missing image and an invalid href at the link, with did you mean', () => {
    const file = 'sdks/overview.mdx';
    const pages: PageLinks[] = [
      {
        page: 'sdks/overview',
        file,
        links: [link('rubby', file, 3, 5), link('ruby#instal', file, 4, 2), link('/images/logo.jpg', file, 5, 1, 'image'), link('/a%E0%A4%A', file, 6), link('/quickstart', file, 7, 3, 'prop', 'Card.href')],
      },
    ];
    expect(checkLinks({ site: site(), pages })).toMatchObject([
      { code: 'links/broken-link', severity: 'error', file, line: 3, column: 5, message: '"rubby": "/sdks/rubby" is not a page, a file or a redirect of the site', suggestion: 'did you mean "/sdks/ruby"?' },
      { code: 'links/broken-anchor', severity: 'warning', file, line: 4, column: 2, message: '"ruby#instal": "#instal" is not a heading or id of /sdks/ruby', suggestion: 'did you mean "#install"?' },
      { code: 'links/missing-asset', severity: 'error', file, line: 5, suggestion: 'did you mean "/images/logo.png"?' },
      { code: 'links/invalid-href', severity: 'error', file, line: 6 },
    ]);
  });

  it('warns at a javascript: or vbscript: link, in any letter case; mailto: and tel: pass', () => {
    const file = 'index.mdx';
    const pages: PageLinks[] = [{ page: 'index', file, links: [link('javascript:alert(1)', file, 3), link('JavaScript:void(0)', file, 4, 1, 'prop', 'Card.href'), link('vbscript:x', file, 5), link('tel:+1', file, 6)] }];
    expect(checkLinks({ site: site(), pages })).toMatchObject([
      { code: 'links/script-href', severity: 'warning', line: 3, message: '"javascript:alert(1)" runs script when followed; React renders it as a blocked link' },
      { code: 'links/script-href', line: 4 },
      { code: 'links/script-href', line: 5 },
    ]);
  });

  it('checks link props of built-in components only (a custom component\'s src is its own data)', () => {
    const file = 'features/agent.mdx';
    const pages: PageLinks[] = [{ page: 'quickstart', file, links: [link('docs-agent', file, 3, 1, 'prop', 'AgentFeedbackCTA.src'), link('docs-agent', file, 4, 1, 'prop', 'Card.href')] }];
    expect(checkLinks({ site: site(), pages })).toMatchObject([{ code: 'links/broken-link', line: 4 }]);
  });

  it('suggests the URL inside an href that only wraps one (a reference definition in parentheses)', () => {
    const file = 'index.mdx';
    const pages: PageLinks[] = [{ page: 'index', file, links: [link('(https://github.com/a/b/pull/1)', file, 1)] }];
    expect(checkLinks({ site: site(), pages })).toMatchObject([{ code: 'links/broken-link', suggestion: 'did you mean "https://github.com/a/b/pull/1"?' }]);
  });

  it('reports a link in a snippet once, at the snippet, naming the pages it broke on', () => {
    const snippetLink = link('/nowhere', 'snippets/footer.mdx', 2, 4);
    const pages: PageLinks[] = ['index', 'quickstart', 'sdks/ruby', 'sdks/overview', 'sdks/overview'].map((page) => ({ page, file: `${page}.mdx`, links: [snippetLink] }));
    const diagnostics = checkLinks({ site: site(), pages });
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: 'links/broken-link', file: 'snippets/footer.mdx', line: 2, column: 4 });
    expect(diagnostics[0]!.message).toContain('(on pages /, /quickstart, /sdks/ruby and 1 more, which include this file)');
  });

  it('resolves a relative link in a snippet against each including page', () => {
    const snippetLink = link('ruby', 'snippets/see-also.mdx', 1);
    const pages: PageLinks[] = [
      { page: 'sdks/overview', file: 'sdks/overview.mdx', links: [snippetLink] },
      { page: 'quickstart', file: 'quickstart.mdx', links: [snippetLink] },
    ];
    const diagnostics = checkLinks({ site: site(), pages });
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]!.message).toContain('"/ruby" is not a page');
    expect(diagnostics[0]!.message).toContain('on page /quickstart');
  });

  it('accepts a link to a redirected path, but not a missing anchor on where it ends', () => {
    const redirects = [{ source: '/old/:slug*', destination: '/sdks/:slug*' }];
    const pages: PageLinks[] = [{ page: 'index', file: 'index.mdx', links: [link('/old/ruby', 'index.mdx', 1), link('/old/ruby#nope', 'index.mdx', 2)] }];
    expect(checkLinks({ site: site({ redirects }), pages })).toMatchObject([{ code: 'links/broken-anchor', line: 2, message: expect.stringContaining('after the redirect of /old/ruby') }]);
  });

  it('takes a source with a fragment or query only for a link that has it, as the site does (the browser follows it; no host can)', () => {
    const redirects = [
      { source: '/gone#x', destination: '/sdks/ruby' },
      { source: '/quickstart#api-keys', destination: '/sdks/ruby#install' },
      { source: '/signup?ref=a+b', destination: '/sdks/overview#nope' },
      { source: '/x#loop', destination: '/y#loop' },
      { source: '/y#loop', destination: '/x#loop' },
    ];
    const hrefs = ['/gone#x', '/quickstart#api-keys', '/signup?ref=a%20b', '/gone', '/gone#y', '/x#loop'];
    const links = hrefs.map((href, index) => link(href, 'index.mdx', index + 1));
    const found = checkLinks({ site: site({ redirects }), pages: [{ page: 'index', file: 'index.mdx', links }] });
    // (A link into the loop is not reported at the link: the loop is, once, at docs.json.)
    expect(found.map((d) => `${d.line} ${d.code}`)).toEqual(['3 links/broken-anchor', '4 links/broken-link', '5 links/broken-link']);
    expect(found[0]?.message).toContain('after the redirect of');
  });

  it('matches a redirect source written with percent-escapes to the path, however the link writes it', () => {
    const redirects = [{ source: '/caf%C3%A9', destination: '/sdks/ruby' }, { source: '/d%C3%A9j%C3%A0/:slug*', destination: '/sdks/:slug*' }];
    const links = ['/caf%C3%A9', '/café', '/déjà/ruby', '/d%C3%A9j%C3%A0/ruby'].map((href, index) => link(href, 'index.mdx', index + 1));
    expect(checkLinks({ site: site({ redirects }), pages: [{ page: 'index', file: 'index.mdx', links }] })).toEqual([]);
  });
});

function configured(docsJson: string) {
  const dir = tempRoot({ 'docs.json': docsJson });
  const config = loadConfig(DocsRoot.open(dir)!).value!;
  return { config, site: site({ redirects: readRedirects(config.value) }) };
}

describe('checkLinks: docs.json hrefs', () => {
  it('checks logo.href, navbar, footer and navigation hrefs at their line and column', () => {
    const text = [
      '{',
      '  "logo": { "light": "/l.svg", "dark": "/d.svg", "href": "/quickstar" },',
      '  "navbar": { "links": [{ "label": "A", "href": "/sdks/ruby#install" }, { "label": "B", "href": "/sdk" }], "primary": { "type": "button", "label": "C", "href": "https://x.test" } },',
      '  "footer": { "links": [{ "header": "H", "items": [{ "label": "I", "href": "/sdks/ruby#nope" }] }], "socials": { "x": "https://x.test/a" } },',
      '  "navigation": { "global": { "anchors": [{ "anchor": "Blog", "href": "/blog" }] }, "tabs": [{ "tab": "T", "href": "sdks/overview" }] }',
      '}',
    ].join('\n');
    const { config, site: linkSite } = configured(text);
    const diagnostics = checkLinks({ site: linkSite, pages: [], config });
    expect(diagnostics).toMatchObject([
      { code: 'links/broken-link', file: 'docs.json', line: 2, column: 58, pointer: '/logo/href', suggestion: 'did you mean "/quickstart"?' },
      { code: 'links/broken-link', file: 'docs.json', line: 3, pointer: '/navbar/links/1/href' },
      { code: 'links/broken-anchor', file: 'docs.json', line: 4, pointer: '/footer/links/0/items/0/href' },
      { code: 'links/broken-link', file: 'docs.json', line: 5, pointer: '/navigation/global/anchors/0/href' },
    ]);
    expect([...collectExternalLinks({ site: linkSite, pages: [], config }).keys()].sort()).toEqual(['https://x.test', 'https://x.test/a']);
  });
});

describe('checkLinks: redirects', () => {
  const check = (redirects: unknown[]) => {
    const { config, site: linkSite } = configured(JSON.stringify({ redirects }, null, 2));
    return checkLinks({ site: linkSite, pages: [], config });
  };

  it('accepts redirects to pages, to /, to files, to URLs and with wildcards', () => {
    expect(
      check([
        { source: '/a', destination: '/quickstart' },
        { source: '/b', destination: '/' },
        { source: '/c/:slug*', destination: '/sdks/:slug*' },
        { source: '/d', destination: 'https://example.com/d' },
        { source: '/e', destination: '/images/logo.png' },
      ]),
    ).toEqual([]);
  });

  it('reports a missing destination at the destination, with did you mean', () => {
    expect(check([{ source: '/a', destination: '/sdks/rubyy' }])).toMatchObject([
      { code: 'links/redirect-target-missing', severity: 'error', pointer: "/redirects/0/destination", line: 5, suggestion: 'did you mean "/sdks/ruby"?' },
    ]);
    expect(check([{ source: '/a/:slug*', destination: '/nothing/:slug*' }])).toMatchObject([{ code: 'links/redirect-target-missing' }]);
  });

  it("accepts a destination family no page is under when another redirect takes it on (dify-docs' /api-reference/:slug*), not the redirect itself", () => {
    expect(
      check([
        { source: '/old/:slug*', destination: '/new/:slug*' },
        { source: '/new/:slug*', destination: '/quickstart' },
      ]),
    ).toEqual([]);
    expect(check([{ source: '/new/:slug*', destination: '/new/:slug*' }]).map((d) => d.code)).toContain('links/redirect-target-missing');
    // Two families sending paths to each other lead nowhere.
    const loop = check([{ source: '/a/:slug*', destination: '/b/:slug*' }, { source: '/b/:slug*', destination: '/a/:slug*' }]);
    expect(loop.map((d) => d.code)).toEqual(['links/redirect-target-missing', 'links/redirect-target-missing']);
  });

  it('refuses whitespace and control characters in a source or destination, at that value', () => {
    expect(
      check([
        { source: '/* https://evil.example/:splat 200!\n/legacy', destination: '/quickstart' },
        { source: '/tab', destination: '/quick\tstart' },
        { source: '/fine', destination: '/quickstart' },
      ]),
    ).toMatchObject([
      { code: 'links/invalid-redirect', severity: 'error', pointer: '/redirects/0/source', line: 4 },
      { code: 'links/invalid-redirect', pointer: '/redirects/1/destination' },
    ]);
  });

  it('reports a missing anchor of a destination as a broken anchor, not a missing destination', () => {
    expect(check([{ source: '/a', destination: '/sdks/ruby#instal' }])).toMatchObject([{ code: 'links/broken-anchor', pointer: '/redirects/0/destination', suggestion: 'did you mean "#install"?' }]);
  });

  it('reports a chain as info, pointing at where it ends', () => {
    expect(
      check([
        { source: '/a', destination: '/b' },
        { source: '/b', destination: '/quickstart' },
      ]),
    ).toMatchObject([{ code: 'links/redirect-chain', severity: 'info', pointer: '/redirects/0/destination', suggestion: 'point it at "/quickstart"' }]);
  });

  it('reports a loop of redirects whose sources have a fragment', () => {
    expect(check([{ source: '/x#loop', destination: '/y#loop' }, { source: '/y#loop', destination: '/x#loop' }]).map((d) => d.code)).toEqual(['links/redirect-loop']);
  });

  it('reports a loop once, and a self-redirect', () => {
    expect(
      check([
        { source: '/a', destination: '/b' },
        { source: '/b', destination: '/c' },
        { source: '/c', destination: '/a' },
      ]),
    ).toMatchObject([{ code: 'links/redirect-loop', severity: 'error', pointer: '/redirects/0/destination', message: expect.stringContaining('/a -> /b -> /c -> /a') }]);
    expect(check([{ source: '/self/', destination: '/self' }])).toMatchObject([{ code: 'links/redirect-loop' }]);
  });

  it('reports invalid ends and duplicate sources', () => {
    expect(
      check([
        { source: 'a', destination: '/quickstart' },
        { source: '/b', destination: 'quickstart' },
        { source: '/c', destination: '/quickstart' },
        { source: '/c/', destination: '/sdks/ruby' },
      ]),
    ).toMatchObject([
      { code: 'links/invalid-redirect', pointer: '/redirects/0/source', suggestion: 'write it as "/a"' },
      { code: 'links/invalid-redirect', pointer: '/redirects/1/destination' },
      { code: 'links/duplicate-redirect', severity: 'warning', pointer: '/redirects/3/source', related: [{ pointer: '/redirects/2/source' }] },
    ]);
  });

  // `/:p0*:p1*...:p6*/zz` took 4.6 s to fail on one 40-character path: every split of the path between
  // its wildcards was tried, for every link checked.
  it('reports a source whose parameters can take the same text, and never matches it', () => {
    const wildcards = `/${Array.from({ length: 12 }, (_, i) => `:p${i}*`).join('')}/zz`;
    const redirects = [
      { source: wildcards, destination: '/quickstart' },
      { source: '/a/:x*/b/:y+', destination: '/quickstart' },
      { source: '/c/:x-:y', destination: '/quickstart' },
      { source: '/:lang/docs/:slug*', destination: '/sdks/:slug*' },
      { source: '/d/:x/:y?', destination: '/quickstart' },
    ];
    expect(check(redirects)).toMatchObject([
      { code: 'links/invalid-redirect', pointer: '/redirects/0/source', message: expect.stringContaining('two parameters in one path segment') },
      { code: 'links/invalid-redirect', pointer: '/redirects/1/source', message: expect.stringContaining('more than one parameter that spans segments') },
      { code: 'links/invalid-redirect', pointer: '/redirects/2/source', message: expect.stringContaining('two parameters in one path segment') },
    ]);
    const table = site({ redirects: readRedirects({ redirects }) }).redirects;
    expect(table.match(`/${'a'.repeat(40)}/zz`)).toBeUndefined();
    expect(table.match('/en/docs/ruby')?.destination).toBe('/sdks/ruby');
  }, 2_000);
});
