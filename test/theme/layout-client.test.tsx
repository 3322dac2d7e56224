import path from 'node:path';
import MiniSearch from 'minisearch';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Manifest, Site } from '../../src/manifest/types.js';
import { appearanceScript, appearanceStorageKey, bannerKey, bannerStorageKey } from '../../src/theme/layout/appearance.js';
import { pageUrl } from '../../src/links/index.js';
import { assetUrl, clientRedirectTarget, fragmentId, linkHref, pageHref, pageIdFromPath } from '../../src/theme/layout/urls.js';
import { clientRedirects } from '../../src/site/site-files.js';
import { pathTo, resolveBranch } from '../../src/theme/layout/navigation.js';
import { createSearch } from '../../src/theme/search/engine.js';
import { SearchDialog } from '../../src/theme/search/SearchDialog.js';
import type { SearchRecord } from '../../src/theme/types.js';
import { buildManifest, byTestId, dataOf, one } from './layout-helpers.js';

/* What runs in the browser, checked without one: the appearance script, page URLs and the search index. */

let manifest: Manifest;

beforeAll(async () => {
  manifest = await buildManifest(path.resolve(import.meta.dirname, '../../docs-example'));
});

interface ScriptRun {
  dark: boolean | undefined;
  attributes: Record<string, string>;
}

/** Runs the inline script against a stand-in document, storage and media query. */
function runScript(site: Site, stored: Record<string, string>, systemDark: boolean): ScriptRun {
  const run: ScriptRun = { dark: undefined, attributes: {} };
  const documentElement = {
    classList: { toggle: (name: string, on: boolean) => name === 'dark' && (run.dark = on) },
    style: {} as Record<string, string>,
    setAttribute: (name: string, value: string) => (run.attributes[name] = value),
  };
  const window = { matchMedia: (query: string) => ({ matches: query.includes('dark') && systemDark }) };
  const localStorage = { getItem: (key: string) => stored[key] ?? null };
  new Function('document', 'window', 'localStorage', appearanceScript(site))({ documentElement }, window, localStorage);
  return run;
}

describe('appearanceScript', () => {
  it('applies the stored choice, else appearance.default (system follows the media query)', () => {
    const site = manifest.site;
    expect(site.appearance).toEqual({ default: 'system', strict: false });
    expect(runScript(site, {}, false).dark).toBe(false);
    expect(runScript(site, {}, true).dark).toBe(true);
    expect(runScript(site, { [appearanceStorageKey]: 'dark' }, false).dark).toBe(true);
    expect(runScript(site, { [appearanceStorageKey]: 'light' }, true).dark).toBe(false);
    expect(runScript(site, { [appearanceStorageKey]: 'bogus' }, true).dark).toBe(true);
  });

  it('ignores the stored choice with appearance.strict', () => {
    const strict: Site = { ...manifest.site, appearance: { default: 'dark', strict: true } };
    expect(runScript(strict, { [appearanceStorageKey]: 'light' }, false).dark).toBe(true);
  });

  it('marks a dismissed banner before paint, until its text changes', () => {
    const content = 'Version 2 is out';
    const site: Site = { ...manifest.site, extra: { ...manifest.site.extra, banner: { content, dismissible: true } } };
    expect(runScript(site, { [bannerStorageKey]: bannerKey(content) }, false).attributes['data-banner-dismissed']).toBe('');
    expect(runScript(site, { [bannerStorageKey]: bannerKey('an older banner') }, false).attributes).not.toHaveProperty('data-banner-dismissed');
  });

  it('cannot be closed early by the settings it embeds', () => {
    const site: Site = { ...manifest.site, extra: { ...manifest.site.extra, banner: { content: '</script><script>alert(1)</script>', dismissible: true } } };
    expect(appearanceScript(site)).not.toMatch(/<\/script/i);
  });
});

describe('page URLs', () => {
  const pages = { index: 1, quickstart: 1, 'guides/index': 1, 'guides/authentication': 1 };

  it('maps ids to URLs under the base and back', () => {
    expect(pageHref('/', 'index')).toBe('/');
    expect(pageHref('/docs/', 'guides/authentication', 'scopes')).toBe('/docs/guides/authentication#scopes');
    for (const id of Object.keys(pages)) expect(pageIdFromPath('/docs/', pages, new URL(pageHref('/docs/', id), 'http://x').pathname)).toBe(id);
  });

  it("serves a folder's index page at the folder's URL, where the compiler's links resolve (one rule on both sides)", () => {
    expect(pageHref('/docs/', 'guides/index')).toBe('/docs/guides');
    expect(pageHref('/', 'guides/index', 'setup')).toBe('/guides#setup');
    expect(pageHref('/', 'reindex')).toBe('/reindex');
    for (const id of ['index', 'guides/index', 'a/b/index', 'indexes', 'guides/reindex', 'guides/index/more', 'caf\u00e9/index']) {
      expect(pageHref('/', id), id).toBe(encodeURI(pageUrl(id)));
    }
  });

  it('accepts the forms links are written in, and nothing else', () => {
    expect(pageIdFromPath('/docs/', pages, '/docs')).toBe('index');
    expect(pageIdFromPath('/docs/', pages, '/docs/quickstart/')).toBe('quickstart');
    expect(pageIdFromPath('/docs/', pages, '/docs/quickstart.html')).toBe('quickstart');
    expect(pageIdFromPath('/docs/', pages, '/docs/guides')).toBe('guides/index');
    expect(pageIdFromPath('/', pages, '/quickstart')).toBe('quickstart');
    expect(pageIdFromPath('/', pages, '/missing')).toBeUndefined();
    expect(pageIdFromPath('/', pages, '/__proto__')).toBeUndefined();
    expect(pageIdFromPath('/', pages, '/%E0%A4%A')).toBeUndefined();
  });

  describe('redirects only the browser can follow (a source with a fragment or a query)', () => {
    const siteWith = (redirects: unknown[]): Site => ({ ...manifest.site, extra: { ...manifest.site.extra, redirects } as Site['extra'] });
    const follow = (site: Site, base: string, href: string): string | undefined => clientRedirectTarget(base, clientRedirects(site, base), href);

    it('are in the site data, for the browser to follow; the others are the host\'s', () => {
      const site = siteWith([
        { source: '/docs/#errors', destination: '/guides/errors' },
        { source: '/zh/variables#%E5%8F%98%E9%87%8F', destination: '/zh/concepts#vars' },
        { source: '/signup?ref=blog', destination: 'https://acme.example.com/signup' },
        { source: '/start', destination: '/quickstart' },
        { source: '/old/:slug#top', destination: '/new/:slug' },
      ]);
      expect(clientRedirects(site, '/docs/')).toEqual([
        { from: { path: 'docs', fragment: 'errors' }, to: '/docs/guides/errors' },
        { from: { path: 'zh/variables', fragment: '\u53d8\u91cf' }, to: '/docs/zh/concepts#vars' },
        { from: { path: 'signup', query: 'ref=blog' }, to: 'https://acme.example.com/signup' },
      ]);
      expect(follow(site, '/', 'https://d.example/docs/#errors')).toBe('https://d.example/guides/errors');
      expect(follow(site, '/', 'https://d.example/docs#errors')).toBe('https://d.example/guides/errors');
      expect(follow(site, '/', 'https://d.example/zh/variables#\u53d8\u91cf')).toBe('https://d.example/zh/concepts#vars');
      expect(follow(site, '/', 'https://d.example/signup?ref=blog#form')).toBe('https://acme.example.com/signup');
      for (const href of ['https://d.example/docs/', 'https://d.example/docs/#other', 'https://d.example/signup?ref=ads', 'https://d.example/start#errors', 'https://d.example/old/a#top']) {
        expect(follow(site, '/', href), href).toBeUndefined();
      }
    });

    it('take one step through a chain, and none in a loop or back to the same address', () => {
      const site = siteWith([
        { source: '/a#one', destination: '/b#two' },
        { source: '/b#two', destination: '/c' },
        { source: '/x#loop', destination: '/y#loop' },
        { source: '/y#loop', destination: '/x#loop' },
        { source: '/same#here', destination: '/same#here' },
      ]);
      expect(follow(site, '/', 'http://d.example/a#one')).toBe('http://d.example/c');
      expect(follow(site, '/', 'http://d.example/b#two')).toBe('http://d.example/c');
      for (const href of ['http://d.example/x#loop', 'http://d.example/y#loop', 'http://d.example/same#here']) expect(follow(site, '/', href), href).toBeUndefined();
    });

    it("are docs-example's one, and absent from the data of a site without any", () => {
      expect(dataOf(manifest, '/docs/').clientRedirects).toEqual([{ from: { path: 'quickstart', fragment: 'api-keys' }, to: '/docs/guides/authentication' }]);
      expect(dataOf({ ...manifest, site: siteWith([{ source: '/start', destination: '/quickstart' }]) })).not.toHaveProperty('clientRedirects');
    });
  });

  it("reads a fragment's id decoded, and as written when an escape does not decode", () => {
    expect(fragmentId('#caf%C3%A9')).toBe('caf\u00e9');
    expect(fragmentId('#%E0%A4%A')).toBe('%E0%A4%A');
    expect(fragmentId('')).toBe('');
  });

  it('puts site-absolute setting links under the base and leaves the others', () => {
    expect(linkHref('/docs/', '/quickstart')).toBe('/docs/quickstart');
    expect(linkHref('/docs/', 'https://x.example')).toBe('https://x.example');
    expect(linkHref('/docs/', '//cdn.example/a')).toBe('//cdn.example/a');
    expect(linkHref('/docs/', 'mailto:a@b.c')).toBe('mailto:a@b.c');
  });

  it('gives a docs-root file one URL however its path is written (the server and the browser must agree on it)', () => {
    for (const written of ['logo/dark.svg', '/logo/dark.svg', './logo/dark.svg', './/logo/dark.svg']) expect(assetUrl('/docs/', written), written).toBe('/docs/logo/dark.svg');
    expect(assetUrl('/', 'https://cdn.example/logo.svg')).toBe('https://cdn.example/logo.svg');
  });
});

describe('search', () => {
  const records: SearchRecord[] = [
    { id: 'quickstart', page: 'quickstart', headings: [], title: 'Quickstart', text: 'Install the CLI and run your first task.' },
    { id: 'quickstart#tokens', page: 'quickstart', anchor: 'tokens', headings: ['Authentication tokens'], title: 'Quickstart', text: 'Create a bearer token in the dashboard.' },
    { id: 'guides/webhooks', page: 'guides/webhooks', headings: [], title: 'Receiving webhooks', text: 'Verify signatures.' },
  ];

  it('finds sections by text, heading and title (prefix and typo tolerant) with page and anchor', () => {
    const search = createSearch(MiniSearch, records);
    expect(search('bearer')[0]).toMatchObject({ page: 'quickstart', anchor: 'tokens', headings: ['Authentication tokens'] });
    expect(search('webhoks')[0]?.page).toBe('guides/webhooks');
    expect(search('authenticat')[0]?.id).toBe('quickstart#tokens');
    expect(search('   ')).toEqual([]);
  });

  it('indexes only the records of the pages `include` accepts (the reader\'s scope), before the limit', () => {
    const search = createSearch(MiniSearch, records);
    expect(search('dashboard').map((hit) => hit.page)).toEqual(['quickstart']);
    expect(createSearch(MiniSearch, records, (page) => page !== 'quickstart')('dashboard')).toEqual([]);
    const many = Array.from({ length: 30 }, (_, i) => ({ id: `p${i}`, page: `p${i}`, headings: [], title: `Page ${i}`, text: 'webhook' }));
    expect(createSearch(MiniSearch, many, (page) => Number(page.slice(1)) >= 20)('webhook', 5).map((hit) => Number(hit.page.slice(1)) >= 20)).toEqual([true, true, true, true, true]);
  });

  it('skips malformed records and repeated ids instead of throwing', () => {
    const search = createSearch(MiniSearch, [null, 7, { id: 'x' }, records[0], records[0], { ...records[2], headings: 'nope' }]);
    expect(search('install')).toHaveLength(1);
    expect(search('signatures')).toHaveLength(1);
    expect(createSearch(MiniSearch, { not: 'a list' })('install')).toEqual([]);
  });

  it('says when the site has no search index, and is loading otherwise', () => {
    const data = dataOf(manifest);
    const { searchIndexFolder: _omit, ...withoutIndex } = data;
    const branch = resolveBranch(data.navigation, pathTo(data.navigation, 'quickstart'));
    const render = (d: typeof data) => renderToString(<SearchDialog data={d} branch={branch} onClose={() => {}} onNavigate={() => {}} />);
    expect(one(render(withoutIndex), 'search-status').text).toContain('no search index');
    expect(one(render(data), 'search-status').text).toContain('Loading');
    expect(one(render(data), 'search-input').attrs['placeholder']).toBe('Search Acme docs...');
    expect(byTestId(render(data), 'search-result')).toHaveLength(0);
  });
});
