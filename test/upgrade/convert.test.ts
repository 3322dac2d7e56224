import { describe, expect, it } from 'vitest';
import { jsonLocator, type JsonObject } from '../../src/diagnostics/index.js';
import { convertMintJson } from '../../src/upgrade/index.js';

/** Converts a mint.json written with 2-space indentation; warnings as `code line:col pointer`. */
function convert(mint: Record<string, unknown>): { docs: JsonObject; warnings: string[] } {
  const text = JSON.stringify({ name: 'Acme', colors: { primary: '#112233' }, navigation: [{ group: 'Start', pages: ['index'] }], ...mint }, null, 2);
  const locator = jsonLocator(text, 'mint.json');
  const { docs, diagnostics } = convertMintJson(JSON.parse(text) as JsonObject, (pointer, target) => locator.locate(pointer, target));
  return { docs, warnings: diagnostics.map((d) => `${d.code} ${d.line}:${d.column} ${d.pointer} ${d.message}`) };
}

describe('mint.json -> docs.json, key by key', () => {
  it('name, $schema and theme: a mint.json theme becomes "mint", with a warning', () => {
    const { docs, warnings } = convert({ $schema: 'https://mintlify.com/schema.json', theme: 'venus' });
    expect(docs.$schema).toBe('https://mintlify.com/docs.json');
    expect(docs.name).toBe('Acme');
    expect(docs.theme).toBe('mint');
    expect(warnings).toEqual([expect.stringMatching(/^upgrade\/value-changed 15:12 \/theme theme: the mint.json theme "venus" has no docs.json counterpart/)]);
    expect(convert({}).docs.theme).toBe('mint');
  });

  it('logo (string or light/dark/href; one side fills the other) and favicon', () => {
    expect(convert({ logo: '/logo.svg', favicon: '/favicon.png' }).docs).toMatchObject({ logo: '/logo.svg', favicon: '/favicon.png' });
    expect(convert({ logo: { light: '/l.svg', dark: '/d.svg', href: 'https://acme.com' } }).docs.logo).toEqual({ light: '/l.svg', dark: '/d.svg', href: 'https://acme.com' });
    expect(convert({ logo: { dark: '/d.svg' } }).docs.logo).toEqual({ light: '/d.svg', dark: '/d.svg' });
  });

  it('colors: primary, light, dark; background -> background.color; anchors -> every anchor without its own colour', () => {
    const { docs, warnings } = convert({
      colors: { primary: '#112233', light: '#445566', dark: '#778899', background: { light: '#ffffff', dark: '#000000' }, anchors: '#abcdef', ultraLight: '#eeeeee' },
      anchors: [{ name: 'Community', url: 'https://acme.com/community', icon: 'users' }, { name: 'Blog', url: 'https://acme.com/blog', color: '#123456' }],
    });
    expect(docs.colors).toEqual({ primary: '#112233', light: '#445566', dark: '#778899' });
    expect(docs.background).toEqual({ color: { light: '#ffffff', dark: '#000000' } });
    expect(docs.navigation).toMatchObject({
      global: {
        anchors: [
          { anchor: 'Community', icon: 'users', href: 'https://acme.com/community', color: { light: '#abcdef', dark: '#abcdef' } },
          { anchor: 'Blog', color: { light: '#123456', dark: '#123456' }, href: 'https://acme.com/blog' },
        ],
      },
    });
    expect(warnings).toEqual([expect.stringMatching(/^upgrade\/key-not-mapped 12:5 \/colors\/ultraLight colors.ultraLight has no docs.json equivalent; left out/)]);
  });

  it('a gradient colour keeps its "from" colour, with a warning; no colors.primary gets the old default, with a warning', () => {
    const gradient = convert({ colors: { primary: '#112233', anchors: { from: '#111111', to: '#222222' } }, anchors: [{ name: 'A', url: 'https://a.example' }] });
    expect((gradient.docs.navigation as { global: { anchors: Array<{ color: unknown }> } }).global.anchors[0]!.color).toEqual({ light: '#111111', dark: '#111111' });
    expect(gradient.warnings).toEqual([expect.stringMatching(/^upgrade\/value-changed \d+:\d+ \/colors\/anchors colors.anchors: docs.json colours are solid/)]);
    const none = convert({ colors: {} });
    expect(none.docs.colors).toEqual({ primary: '#0D9373' });
    expect(none.warnings).toEqual([expect.stringMatching(/^upgrade\/value-changed .* \/colors colors: mint.json has no colors.primary/)]);
  });

  it('topbarLinks and topbarCtaButton -> navbar.links and navbar.primary (link and github)', () => {
    const { docs } = convert({ topbarLinks: [{ name: 'Support', url: 'mailto:help@acme.com' }, { type: 'github', url: 'https://github.com/acme' }], topbarCtaButton: { name: 'Dashboard', url: 'https://app.acme.com' } });
    expect(docs.navbar).toEqual({
      links: [{ label: 'Support', href: 'mailto:help@acme.com' }, { type: 'github', href: 'https://github.com/acme' }],
      primary: { type: 'button', href: 'https://app.acme.com', label: 'Dashboard' },
    });
    expect(convert({ topbarCtaButton: { type: 'github', url: 'https://github.com/acme' } }).docs.navbar).toEqual({ primary: { type: 'github', href: 'https://github.com/acme' } });
  });

  it('navigation groups (nested, with icons) -> groups; a group without a name -> pages at its place', () => {
    const { docs } = convert({ navigation: [{ group: '', pages: ['index'] }, { group: 'Guides', icon: 'book', pages: ['guides/a', { group: 'More', pages: ['/guides/b'] }] }] });
    expect(docs.navigation).toEqual({ pages: ['index', { group: 'Guides', icon: 'book', pages: ['guides/a', { group: 'More', pages: ['guides/b'] }] }] });
    expect(convert({}).docs.navigation).toEqual({ groups: [{ group: 'Start', pages: ['index'] }] });
  });

  it('tabs: each takes the groups under its URL, the rest go to the primary tab; an external tab is a global link', () => {
    const { docs } = convert({
      primaryTab: { name: 'Guides' },
      tabs: [{ name: 'API Reference', url: 'api-reference' }, { name: 'Status', url: 'https://status.acme.com' }],
      navigation: [{ group: 'Start', pages: ['index'] }, { group: 'Endpoints', pages: ['api-reference/users'] }],
    });
    expect(docs.navigation).toEqual({
      tabs: [
        { tab: 'Guides', groups: [{ group: 'Start', pages: ['index'] }] },
        { tab: 'API Reference', groups: [{ group: 'Endpoints', pages: ['api-reference/users'] }] },
      ],
      global: { tabs: [{ tab: 'Status', href: 'https://status.acme.com' }] },
    });
  });

  it('anchors with pages -> anchors (top anchor for the rest); versions -> versions of the groups tagged with them', () => {
    const { docs, warnings } = convert({
      topAnchor: { name: 'Docs', icon: 'book' },
      anchors: [{ name: 'SDKs', url: 'sdks', icon: 'code', isDefaultHidden: true }],
      versions: ['v2', 'v1', 'v0'],
      navigation: [{ group: 'Start', pages: ['v2/index'], version: 'v2' }, { group: 'SDK', pages: ['sdks/js'] }, { group: 'Old', pages: ['v1/index'], version: 'v1' }],
    });
    expect(docs.navigation).toEqual({
      versions: [
        { version: 'v2', anchors: [{ anchor: 'Docs', icon: 'book', groups: [{ group: 'Start', pages: ['v2/index'] }] }, { anchor: 'SDKs', icon: 'code', hidden: true, groups: [{ group: 'SDK', pages: ['sdks/js'] }] }] },
        { version: 'v1', anchors: [{ anchor: 'Docs', icon: 'book', groups: [{ group: 'Old', pages: ['v1/index'] }] }, { anchor: 'SDKs', icon: 'code', hidden: true, groups: [{ group: 'SDK', pages: ['sdks/js'] }] }] },
        // A group without a version is in every version.
        { version: 'v0', anchors: [{ anchor: 'SDKs', icon: 'code', hidden: true, groups: [{ group: 'SDK', pages: ['sdks/js'] }] }] },
      ],
    });
    expect(warnings).toEqual([]);
    const empty = convert({ versions: ['v1', 'v0'], navigation: [{ group: 'Start', pages: ['v1/index'], version: 'v1' }] });
    expect(empty.docs.navigation).toEqual({ versions: [{ version: 'v1', groups: [{ group: 'Start', pages: ['v1/index'] }] }] });
    expect(empty.warnings).toEqual([expect.stringMatching(/^upgrade\/value-changed \d+:\d+ \/versions\/1 versions\[1\]: no group of mint.json's navigation belongs to version "v0"/)]);
  });

  it('openapi -> api.openapi; api.baseUrl -> api.mdx.server; auth, playground, request examples, paramFields', () => {
    const { docs, warnings } = convert({
      openapi: ['openapi.yaml', 'https://acme.com/v2.json'],
      api: {
        baseUrl: ['https://api.acme.com', 'https://sandbox.acme.com'],
        auth: { method: 'key', name: 'X-Api-Key', inputPrefix: 'Key ' },
        playground: { mode: 'simple', disableProxy: true },
        request: { example: { showOptionalParams: false, languages: ['curl', 'python'] } },
        paramFields: { expanded: 'all' },
        maintainOrder: true,
      },
    });
    expect(docs.api).toEqual({
      openapi: ['openapi.yaml', 'https://acme.com/v2.json'],
      mdx: { server: ['https://api.acme.com', 'https://sandbox.acme.com'], auth: { method: 'key', name: 'X-Api-Key' } },
      playground: { display: 'simple', proxy: false },
      examples: { defaults: 'required', languages: ['curl', 'python'] },
      params: { expanded: 'all' },
    });
    expect(warnings.map((w) => w.split(' ').slice(0, 3).join(' '))).toEqual(['upgrade/key-not-mapped 26:7 /api/auth/inputPrefix', 'upgrade/key-not-mapped 44:5 /api/maintainOrder']);
    expect(convert({ api: { playground: { mode: 'hide' } } }).docs.api).toEqual({ playground: { display: 'none' } });
    expect(convert({ api: { playground: { mode: 'show' } } }).docs.api).toEqual({ playground: { display: 'interactive' } });
  });

  it('footerSocials (object or array) and footer.links -> footer; an unknown platform is a warning', () => {
    const { docs, warnings } = convert({ footerSocials: { x: 'https://x.com/acme', github: 'https://github.com/acme', myspace: 'https://myspace.com/acme' } });
    expect(docs.footer).toEqual({ socials: { x: 'https://x.com/acme', github: 'https://github.com/acme' } });
    expect(warnings).toEqual([expect.stringMatching(/^upgrade\/key-not-mapped \d+:\d+ \/footerSocials\/myspace footerSocials.myspace "myspace" is not a platform/)]);
    expect(convert({ footerSocials: [{ type: 'discord', url: 'https://discord.gg/acme' }] }).docs.footer).toEqual({ socials: { discord: 'https://discord.gg/acme' } });
    const columns = convert({ footer: { links: [{ title: 'Company', links: [{ label: 'About', url: 'https://acme.com/about' }] }] } });
    expect(columns.docs.footer).toEqual({ links: [{ items: [{ label: 'About', href: 'https://acme.com/about' }], header: 'Company' }] });
  });

  it('analytics and integrations -> integrations; an unknown provider is a warning', () => {
    const { docs, warnings } = convert({
      analytics: { ga4: { measurementId: 'G-123' }, posthog: { apiKey: 'phc_1', apiHost: 'https://eu.posthog.com' }, hightouch: { apiKey: 'k' }, kissmetrics: { key: 'x' } },
      integrations: { intercom: 'abc123', frontchat: 'def456' },
    });
    expect(docs.integrations).toEqual({
      ga4: { measurementId: 'G-123' },
      posthog: { apiKey: 'phc_1', apiHost: 'https://eu.posthog.com' },
      hightouch: { writeKey: 'k' },
      intercom: { appId: 'abc123' },
      frontchat: { snippetId: 'def456' },
    });
    expect(warnings).toEqual([expect.stringMatching(/^upgrade\/key-not-mapped \d+:\d+ \/analytics\/kissmetrics analytics.kissmetrics "kissmetrics" is not an integration/)]);
  });

  it('an integration named like an Object.prototype member is not mapped (it became { [Function]: value })', () => {
    const { docs, warnings } = convert({ integrations: { constructor: 'abc123', toString: 'x' } });
    expect(docs.integrations).toBeUndefined();
    expect(warnings.map((w) => w.split(' ').slice(0, 1).join(' '))).toEqual(['upgrade/key-not-mapped', 'upgrade/key-not-mapped']);
  });

  it('redirects, search, seo.indexHiddenPages, metadata -> seo.metatags, errors.404', () => {
    const { docs, warnings } = convert({
      redirects: [{ source: '/old', destination: '/new', permanent: false }],
      search: { prompt: 'Search Acme' },
      seo: { indexHiddenPages: true },
      metadata: { 'og:image': 'https://acme.com/og.png' },
      errors: { '404': { redirect: false } },
    });
    expect(docs).toMatchObject({
      redirects: [{ source: '/old', destination: '/new', permanent: false }],
      search: { prompt: 'Search Acme' },
      seo: { indexing: 'all', metatags: { 'og:image': 'https://acme.com/og.png' } },
      errors: { '404': { redirect: false } },
    });
    expect(warnings).toEqual([]);
    expect(convert({ seo: { indexHiddenPages: false } }).docs.seo).toEqual({ indexing: 'navigable' });
  });

  it('modeToggle -> appearance, font -> fonts (one or headings/body), backgroundImage and background.style -> background, codeBlock -> styling', () => {
    const { docs } = convert({
      modeToggle: { default: 'dark', isHidden: true },
      font: { family: 'Inter', weight: 500, url: 'https://acme.com/inter.woff2', format: 'woff2' },
      backgroundImage: '/bg.png',
      background: { style: 'grid' },
      codeBlock: { mode: 'auto' },
    });
    expect(docs).toMatchObject({
      appearance: { default: 'dark', strict: true },
      fonts: { family: 'Inter', weight: 500, source: 'https://acme.com/inter.woff2', format: 'woff2' },
      background: { image: '/bg.png', decoration: 'grid' },
      styling: { codeblocks: 'system' },
    });
    expect(convert({ font: { headings: { family: 'Lora' }, body: { family: 'Inter' } } }).docs.fonts).toEqual({ heading: { family: 'Lora' }, body: { family: 'Inter' } });
  });

  it('whatever cannot map is a warning naming the key, at its place', () => {
    const { warnings } = convert({ feedback: { thumbsRating: true }, isWhiteLabeled: true, layout: 'sidenav', sidebar: { items: 'card' } });
    expect(warnings).toEqual([
      'upgrade/key-not-mapped 14:3 /feedback feedback has no docs.json equivalent; left out of docs.json',
      'upgrade/key-not-mapped 17:3 /isWhiteLabeled isWhiteLabeled has no docs.json equivalent; left out of docs.json',
      'upgrade/key-not-mapped 18:3 /layout layout has no docs.json equivalent; left out of docs.json',
      'upgrade/key-not-mapped 19:3 /sidebar sidebar has no docs.json equivalent; left out of docs.json',
    ]);
  });

  it('keeps docs.json keys in the order of its schema', () => {
    const { docs } = convert({ footerSocials: { x: 'https://x.com/a' }, logo: '/l.svg', theme: 'prism', api: { baseUrl: 'https://a.example' } });
    expect(Object.keys(docs)).toEqual(['$schema', 'theme', 'name', 'colors', 'logo', 'api', 'navigation', 'footer']);
  });
});
