import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../src/manifest/types.js';
import { pathTo, resolveBranch } from '../../src/theme/layout/navigation.js';
import { searchablePages, searchParts, searchScope } from '../../src/theme/search/scope.js';
import type { SiteData } from '../../src/theme/types.js';
import { removeTempRoots, tempRoot } from '../helpers/temp-root.js';
import { buildManifest, byTestId, dataOf, one, pageDataOf, renderPage } from './layout-helpers.js';

/*
 * A second site, built by the real compiler, with what docs-example does not have: languages and
 * versions, a per-language banner, a hidden page, strict dark appearance, section eyebrows, footer
 * columns, a self-hosted font and no logo.
 */

const docsJson = {
  theme: 'mint',
  name: 'Beta',
  colors: { primary: '#FF0000' },
  appearance: { default: 'dark', strict: true },
  fonts: { family: 'Acme Local', source: '/fonts/acme.woff', format: 'woff', weight: 500 },
  styling: { eyebrows: 'section' },
  banner: { content: 'New: [v2 is out](/v2/intro) **now**', dismissible: true },
  footer: {
    socials: { x: 'https://x.com/acme' },
    links: [{ header: 'Company', items: [{ label: 'About', href: 'https://acme.example.com/about' }] }],
  },
  navigation: {
    languages: [
      {
        language: 'en',
        default: true,
        versions: [
          { version: 'v2', groups: [{ group: 'Start', pages: ['v2/intro', 'v2/secret', { group: 'More', expanded: true, pages: ['v2/next'] }, { group: 'Folded', pages: ['v2/folded'] }] }] },
          { version: 'v1', groups: [{ group: 'Start', pages: ['v1/intro'] }] },
        ],
      },
      { language: 'fr', banner: { content: 'Bonjour' }, versions: [{ version: 'v2', groups: [{ group: 'Début', pages: ['fr/v2/intro'] }] }] },
    ],
  },
};

const page = (title: string, more = ''): string => `---\ntitle: ${title}\n${more}---\n\nText.\n`;

let manifest: Manifest;
let data: SiteData;
const html = (id: string): string => renderPage(data, pageDataOf(manifest, id));

beforeAll(async () => {
  const root = tempRoot({
    'docs.json': JSON.stringify(docsJson, null, 2),
    'v2/intro.mdx': page('Intro'),
    'v2/secret.mdx': page('Secret', 'hidden: true\n'),
    'v2/next.mdx': page('Next'),
    'v2/folded.mdx': page('Folded page'),
    'v1/intro.mdx': page('Old intro'),
    'fr/v2/intro.mdx': page('Introduction'),
    'unlisted.mdx': page('Unlisted'),
    'fonts/acme.woff': 'wOFF',
  });
  manifest = await buildManifest(root);
  data = dataOf(manifest);
});

afterAll(removeTempRoots);

describe('languages and versions', () => {
  it('offers the languages and the versions of the current language, the current ones marked', () => {
    const intro = html('v2/intro');
    const options = (id: string) => byTestId(one(intro, id).html, 'switcher-option');
    expect(options('switcher-language').map((a) => [a.text, a.attrs['href'], a.attrs['aria-current']])).toEqual([
      ['en', '/v2/intro', 'true'],
      ['fr', '/fr/v2/intro', undefined],
    ]);
    expect(options('switcher-version').map((a) => [a.text, a.attrs['href'], a.attrs['aria-current']])).toEqual([
      ['v2', '/v2/intro', 'true'],
      ['v1', '/v1/intro', undefined],
    ]);
  });

  it('shows the sidebar of the page\'s language and version only', () => {
    const pages = (id: string) => byTestId(html(id), 'sidebar-link').map((a) => a.attrs['data-page']);
    expect(pages('v1/intro')).toEqual(['v1/intro']);
    expect(pages('fr/v2/intro')).toEqual(['fr/v2/intro']);
    expect(one(html('fr/v2/intro'), 'switcher-language').text).toContain('fr');
  });

  it('searches the pages of the reader\'s language and version, not hidden or unlisted ones unless seo.indexing is "all"', () => {
    const scope = (id: string, site = data) => searchablePages(site, resolveBranch(site.navigation, pathTo(site.navigation, id))).sort();
    expect(scope('v2/intro')).toEqual(['v2/folded', 'v2/intro', 'v2/next']);
    expect(scope('v1/intro')).toEqual(['v1/intro']);
    expect(scope('fr/v2/intro')).toEqual(['fr/v2/intro']);
    // A page in no language is shown in the default one, and searches it.
    expect(scope('unlisted')).toEqual(scope('v2/intro'));
    // With every page indexed, a page in no language is found from every language; a hidden one still is not.
    const indexAll = { ...data, site: { ...data.site, extra: { ...data.site.extra, seo: { indexing: 'all' } } } };
    expect(scope('fr/v2/intro', indexAll)).toEqual(['fr/v2/intro', 'unlisted']);
    expect(scope('v1/intro', indexAll)).toEqual(['unlisted', 'v1/intro']);
  });

  it('publishes the search records in parts by language and version, and a reader fetches the parts of their scope alone', () => {
    // Reading order: languages en, fr; versions en/v2, en/v1, fr/v2. Hidden and unlisted pages are in no part.
    expect(Object.fromEntries(searchParts(data))).toEqual({
      'language-0.version-0': ['v2/folded', 'v2/intro', 'v2/next'],
      'language-0.version-1': ['v1/intro'],
      'language-1.version-2': ['fr/v2/intro'],
    });
    const scopeOf = (id: string, site = data) => searchScope(site, resolveBranch(site.navigation, pathTo(site.navigation, id)));
    expect(scopeOf('v1/intro')).toEqual({ parts: ['language-0.version-1'], pages: ['v1/intro'] });
    expect(scopeOf('fr/v2/intro').parts).toEqual(['language-1.version-2']);
    // A page in no language or version has a part of its own, fetched from every scope that searches it.
    const indexAll = { ...data, site: { ...data.site, extra: { ...data.site.extra, seo: { indexing: 'all' } } } };
    expect(searchParts(indexAll).get('language-none.version-none')).toEqual(['unlisted']);
    expect(scopeOf('fr/v2/intro', indexAll).parts).toEqual(['language-1.version-2', 'language-none.version-none']);
    // Every page of a scope is in one of its parts.
    for (const id of ['v2/intro', 'v1/intro', 'fr/v2/intro', 'unlisted']) {
      const { parts, pages } = scopeOf(id, indexAll);
      const fetched = new Set(parts.flatMap((name) => searchParts(indexAll).get(name) ?? []));
      expect(pages.filter((page) => !fetched.has(page)), id).toEqual([]);
    }
  });

  it('names a part "all" on a site without languages or versions, and "shared" for a page two versions list', () => {
    const flat: SiteData = { ...data, navigation: [] };
    expect([...searchParts(flat).keys()]).toEqual(['all']);
    const versions = data.navigation[0]!.children.filter((node) => node.kind === 'version');
    const sharedPage = { ...versions[1]!, children: [...versions[1]!.children, ...versions[0]!.children] };
    const shared: SiteData = { ...data, navigation: [{ ...data.navigation[0]!, children: [versions[0]!, sharedPage] }] };
    expect(searchParts(shared).get('language-0.version-shared')).toEqual(['v2/folded', 'v2/intro', 'v2/next']);
  });
});

describe('sidebar', () => {
  it('does not list hidden pages, and previous/next skip them', () => {
    const intro = html('v2/intro');
    expect(byTestId(intro, 'sidebar-link').map((a) => a.attrs['data-page'])).toEqual(['v2/intro', 'v2/next', 'v2/folded']);
    expect(one(intro, 'next-link').attrs['href']).toBe('/v2/next');
  });

  it('still renders a hidden page by its URL', () => {
    const secret = html('v2/secret');
    expect(one(secret, 'page-title').text).toBe('Secret');
    expect(byTestId(secret, 'sidebar-link').map((a) => a.attrs['data-page'])).not.toContain('v2/secret');
  });

  it('opens a nested group with expanded: true and folds the others', () => {
    const groups = byTestId(html('v2/intro'), 'sidebar-group');
    const open = (label: string) => /^<details[^>]*\sopen=""/.test(groups.find((g) => g.text.startsWith(label))!.html);
    expect(open('More')).toBe(true);
    expect(open('Folded')).toBe(false);
  });
});

describe('site settings', () => {
  it('hides the light/dark toggle with appearance.strict', () => {
    expect(byTestId(html('v2/intro'), 'theme-toggle')).toHaveLength(0);
  });

  it('uses the section name as eyebrow with styling.eyebrows: section', () => {
    expect(one(html('v2/next'), 'eyebrow').text).toBe('More');
  });

  it('shows the banner with its links and emphasis, dismissible; a language\'s own banner replaces it', () => {
    const banner = one(html('v2/intro'), 'banner');
    expect(banner.html).toContain('<a href="/v2/intro">v2 is out</a>');
    expect(banner.html).toContain('<strong>now</strong>');
    expect(byTestId(banner.html, 'banner-dismiss')).toHaveLength(1);
    const french = one(html('fr/v2/intro'), 'banner');
    expect(french.text).toBe('Bonjour');
    expect(byTestId(french.html, 'banner-dismiss')).toHaveLength(0);
    const underBase = renderPage(dataOf(manifest, '/docs/'), pageDataOf(manifest, 'v2/intro'));
    expect(one(underBase, 'banner').html).toContain('<a href="/docs/v2/intro">v2 is out</a>');
  });

  it('applies a primary-only color to all three variables', () => {
    expect(one(html('v2/intro'), 'site').attrs['style']).toContain('--primary:#FF0000;--primary-light:#FF0000;--primary-dark:#FF0000');
  });

  it('loads a self-hosted font from its docs-root path, and no catalog stylesheet for it', () => {
    const intro = html('v2/intro');
    expect(one(intro, 'font-faces').text).toBe('@font-face { font-family: "Acme Local"; src: url("/fonts/acme.woff") format("woff"); font-weight: 500; font-display: swap; }');
    expect(byTestId(intro, 'font-link')).toHaveLength(0);
    expect(one(intro, 'site').attrs['style']).toContain('--font-body:"Acme Local", sans-serif');
  });

  it('shows the site name as text without a logo, linking to the first page', () => {
    const intro = html('v2/intro');
    expect(byTestId(intro, 'logo-light')).toHaveLength(0);
    expect(one(intro, 'site-name').attrs['class']).toBe('site-name');
    expect(one(intro, 'logo').attrs['href']).toBe('/v2/intro');
  });

  it('shows footer link columns and socials', () => {
    const intro = html('v2/intro');
    expect(byTestId(intro, 'footer-link').map((a) => [a.text, a.attrs['href']])).toEqual([['About', 'https://acme.example.com/about']]);
    expect(one(intro, 'footer').text).toContain('Company');
    expect(one(intro, 'footer-social').html).toContain('icons/fontawesome/brands/x-twitter.svg');
  });
});
