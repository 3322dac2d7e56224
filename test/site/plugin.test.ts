import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, type HotPayload, type Plugin, type ViteDevServer } from 'vite';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { PageData, SiteData } from '../../src/theme/types.js';
import { docsBuild, errorOverlay, type DocsBuildOptions, type SiteBuildEvent } from '../../src/site/plugin.js';
import { createDiagnostic, type Diagnostic } from '../../src/diagnostics/index.js';
import { build } from '../../src/pipeline/index.js';
import { decodePageId, encodePageId } from '../../src/site/modules.js';
import { buildingPageHtml } from '../../src/site/dev-middleware.js';
import { errorsClearedEvent, pageDataEvent } from '../../src/site/entries/page-data-event.js';
import { sitePaths } from '../../src/site/paths.js';
import { SiteCompiler } from '../../src/site/compiler.js';
import { dataKey } from '../../src/site/entries/data-key.js';
import { docsJsonWith, removeTempRoots, tempRoot } from '../helpers/temp-root.js';

afterAll(removeTempRoots);

const page = (title: string, body = 'Some text.'): string => `---\ntitle: ${title}\n---\n\n${body}\n`;

interface Harness {
  server: ViteDevServer;
  url: string;
  payloads: HotPayload[];
  builds: SiteBuildEvent[];
  root: string;
}

const servers: ViteDevServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

/** A real dev server on 127.0.0.1 with the plugin; records what it sends to browsers over HMR. */
async function start(files: Record<string, string>, options: Partial<DocsBuildOptions> = {}, base = '/'): Promise<Harness> {
  const root = tempRoot(files);
  const builds: SiteBuildEvent[] = [];
  const server = await createServer({ root: sitePaths().packageDir, base, configFile: false, envDir: false, logLevel: 'silent', plugins: docsBuild({ root, onBuild: (event) => builds.push(event), debounceMs: 20, ...options }), server: { host: '127.0.0.1', port: 0 } });
  servers.push(server);
  await server.listen();
  const payloads: HotPayload[] = [];
  const hot = server.environments.client.hot;
  const send = hot.send.bind(hot);
  hot.send = ((payload: HotPayload) => {
    payloads.push(payload);
    send(payload);
  }) as typeof hot.send;
  const address = server.httpServer!.address() as { port: number };
  return { server, url: `http://127.0.0.1:${address.port}${base}`, payloads, builds, root };
}

async function until<T>(read: () => T | undefined, what: string, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Puts a page module in the browser's module graph, as a visit of the page does. */
async function visit(harness: Harness, id: string): Promise<void> {
  await harness.server.environments.client.transformRequest(`virtual:docs-build/page/${encodePageId(id)}`);
}

const site = { 'docs.json': docsJsonWith({ pages: ['index', 'guide', 'other'] }), 'index.mdx': page('Home'), 'guide.mdx': page('Guide', 'import Tip from "/snippets/tip.mdx";\n\n<Tip />'), 'other.mdx': page('Other'), 'snippets/tip.mdx': 'A shared tip.\n' };

describe('the docs-build Vite plugin', () => {
  it('serves the site, the routes and each page as virtual modules', async () => {
    const harness = await start(site);
    const data = ((await harness.server.ssrLoadModule('virtual:docs-build/site')) as { default: SiteData }).default;
    expect(Object.keys(data.pages).sort()).toEqual(['guide', 'index', 'other']);
    expect(data.pages.guide).toMatchObject({ id: 'guide', title: 'Guide', kind: 'page', hidden: false });
    expect(data.base).toBe('/');
    expect(JSON.stringify(data)).not.toContain('Some text');
    const pageData = ((await harness.server.ssrLoadModule('virtual:docs-build/page/guide')) as { default: PageData }).default;
    expect(pageData.page.title).toBe('Guide');
    expect(pageData.diagnostics).toEqual([]);
    const routes = ((await harness.server.ssrLoadModule('virtual:docs-build/routes')) as { default: Record<string, () => Promise<PageData>> }).default;
    expect(Object.keys(routes).sort()).toEqual(['guide', 'index', 'other']);
    expect((await routes.other!()).page.title).toBe('Other');
  });

  it('listens before its first build: a page asked for meanwhile says how far the build is, other requests wait for it', async () => {
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const harness = await start(site, {
      runBuild: async (options) => {
        options.onProgress?.({ phase: 'pages', done: 1, total: 3 });
        await gate;
        return build(options);
      },
    });
    const html = { headers: { accept: 'text/html' } };
    const building = await fetch(`${harness.url}guide`, html);
    expect(building.status).toBe(503);
    expect(building.headers.get('x-docs-build-building')).toBe('1');
    expect(await building.text()).toMatch(/<meta http-equiv="refresh" content="1">[\s\S]*1 of 3 pages parsed/);
    expect(harness.builds).toHaveLength(0);
    // Not a page: answered when the build is done, not with the building page or a 404.
    const search = fetch(`${harness.url}_docs-build/search/all.json`);
    openGate();
    expect((await search).status).toBe(200);
    expect(harness.builds).toHaveLength(1);
    const served = await fetch(`${harness.url}guide`, html);
    expect(served.status).toBe(200);
    expect(await served.text()).toContain('Guide');
  });

  it('says on the building page what the build does: reading, parsing page n of m, then the rest', () => {
    expect(buildingPageHtml(undefined)).toContain('building the preview: reading the docs.');
    expect(buildingPageHtml({ phase: 'pages', done: 1234, total: 2159 })).toContain('1,234 of 2,159 pages parsed.');
    expect(buildingPageHtml({ phase: 'pages', done: 2159, total: 2159 })).toContain('all 2,159 pages parsed, highlighting code');
  });

  it('renders each page on the server, and the not-found page with status 404', async () => {
    const harness = await start(site);
    const response = await fetch(`${harness.url}guide`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Guide - Acme</title>');
    expect(html).toContain('"id":"guide"');
    expect(html).toContain('/@vite/client');
    // No server bundle in this root's cache yet: the entry goes through Vite's SSR transform, and the
    // page links the stylesheets its module graph imports.
    expect(response.headers.get('x-docs-build-renderer')).toBe('transform');
    expect(html).toContain('<link rel="stylesheet" href="/src/theme/styles/layout.css?direct" data-docs-build-dev-css>');
    const missing = await fetch(`${harness.url}no/such/page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Page not found');
  });

  it('serves every URL of a page under a base path once: stylesheets, scripts, the logo, the favicon, images', async () => {
    const files = {
      ...site,
      'docs.json': docsJsonWith({ pages: ['index', 'guide', 'other'] }, { logo: { light: '/logo/light.svg', dark: '/logo/dark.svg' }, favicon: '/favicon.svg' }),
      'guide.mdx': page('Guide', '![A chart](/images/chart.png)\n\nSee [the other page](/other).\n\n<Icon icon="rocket" /> and <Icon icon="books" /> (a Font Awesome Pro name: blank).'),
      'logo/light.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'logo/dark.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'images/chart.png': 'not really a png',
    };
    const harness = await start(files, {}, '/docs/');
    const origin = new URL(harness.url).origin;
    const html = await (await fetch(`${harness.url}guide`)).text();
    // Icons are CSS masks: `url(...)` in a style attribute.
    const urls = [...html.matchAll(/(?:src|href)="(\/[^"]*)"/g), ...html.matchAll(/url\((?:&quot;|&#x27;)?(\/[^&()]*)/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
    for (const expected of ['/docs/images/chart.png', '/docs/logo/light.svg', '/docs/favicon.svg', '/docs/@vite/client', '/docs/other', '/docs/_docs-build/icons/fontawesome/solid/books.svg']) expect(urls).toContain(expected);
    expect(urls.filter((url) => !url.startsWith('/docs/') || url.startsWith('/docs/docs/'))).toEqual([]);
    const statuses = await Promise.all(urls.map(async (url) => `${(await fetch(`${origin}${url}`)).status} ${url}`));
    expect(statuses.filter((status) => !status.startsWith('200 '))).toEqual([]);
  });

  it("follows docs.json's redirects, and sends the root of a site without an index page to its first page", async () => {
    const redirects = [
      { source: '/start', destination: '/guide' },
      { source: '/old/:slug*', destination: '/:slug*' },
      // The browser's to follow (it alone sees a fragment), in the preview as in the export.
      { source: '/moved#section', destination: '/other' },
    ];
    const harness = await start({ 'docs.json': docsJsonWith({ pages: ['guide', 'other'] }, { redirects }), 'guide.mdx': page('Guide'), 'other.mdx': page('Other') });
    const location = async (url: string): Promise<[number, string | null]> => {
      const response = await fetch(`${harness.url}${url}`, { redirect: 'manual' });
      return [response.status, response.headers.get('location')];
    };
    expect(await location('')).toEqual([302, '/guide']);
    expect(await location('start')).toEqual([302, '/guide']);
    // The reader's query goes along.
    expect(await location('start?ref=mail&x=1')).toEqual([302, '/guide?ref=mail&x=1']);
    expect(await location('old/other')).toEqual([302, '/other']);
    // A page is served as itself, and a path that is neither a page nor redirected is still not found.
    expect((await fetch(`${harness.url}guide`, { redirect: 'manual' })).status).toBe(200);
    expect((await fetch(`${harness.url}nowhere`, { redirect: 'manual' })).status).toBe(404);
    expect((await fetch(`${harness.url}moved`, { redirect: 'manual' })).status).toBe(404);
  });

  it('renders a page from the run of the moment when a rebuild patched the manifest while the renderer loaded', async () => {
    const root = tempRoot(site);
    await new SiteCompiler({ root }).compile();
    // As in a preview started on an earlier run: the run is reused, its manifest read on demand.
    const compiler = new SiteCompiler({ root });
    await compiler.compile();
    const paths = sitePaths();
    let patched = false;
    // The edit and its rebuild land while the page's request waits for the server entry (Vite's SSR transform).
    const patchWhileLoading: Plugin = {
      name: 'patch-while-the-renderer-loads',
      async load(id, loadOptions) {
        if (patched || !loadOptions?.ssr || id !== paths.serverEntry) return null;
        patched = true;
        writeFileSync(path.join(root, 'guide.mdx'), site['guide.mdx'].replace('<Tip />', 'Edited while the renderer loaded.\n\n<Tip />'));
        // A text edit: the run shown is patched in place.
        expect((await compiler.compile()).result.patchedFrom?.pages).toEqual(['guide']);
        return null;
      },
    };
    const server = await createServer({ root: paths.packageDir, configFile: false, envDir: false, logLevel: 'silent', plugins: [docsBuild({ root, compiler, debounceMs: 20 }), patchWhileLoading], server: { host: '127.0.0.1', port: 0 } });
    servers.push(server);
    await server.listen();
    const { port } = server.httpServer!.address() as { port: number };
    const response = await fetch(`http://127.0.0.1:${port}/guide`);
    expect(patched).toBe(true);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Edited while the renderer loaded.');
    // The page's data is the patched run's, its key too (the client checks its module against it).
    const shown = compiler.snapshot!;
    expect(html).toContain(`"key":"${dataKey(shown.siteKey, JSON.stringify(shown.page('guide')))}"`);
  });

  it('hot-updates exactly the edited page, without a reload', async () => {
    const harness = await start(site);
    await visit(harness, 'guide');
    await visit(harness, 'other');
    harness.payloads.length = 0;
    writeFileSync(path.join(harness.root, 'other.mdx'), page('Other', 'Edited text.'));
    const update = await until(() => harness.payloads.find((p) => p.type === 'custom' || p.type === 'update' || p.type === 'full-reload'), 'an update');
    // The new data itself, in one event: no module for the browser to fetch again.
    expect(update.type === 'custom' && update.event).toBe(pageDataEvent);
    const pages = update.type === 'custom' ? (update.data as PageData[]) : [];
    expect(pages.map((data) => data.page.id)).toEqual(['other']);
    expect(JSON.stringify(pages[0]!.content)).toContain('Edited text.');
    expect(harness.payloads.filter((p) => p.type !== 'custom')).toEqual([]);
    expect(harness.builds.at(-1)!.update).toEqual({ reload: false, pages: ['other'] });
    // The module is invalidated: the browser's next import of the page gets the new data.
    const module = await harness.server.environments.client.transformRequest(`virtual:docs-build/page/${encodePageId('other')}`);
    expect(module?.code).toContain('Edited text.');
  });

  it('an edit of docs.json reloads the browser', async () => {
    const harness = await start(site);
    await visit(harness, 'guide');
    harness.payloads.length = 0;
    writeFileSync(path.join(harness.root, 'docs.json'), docsJsonWith({ pages: ['index', 'guide'] }));
    const payload = await until(() => harness.payloads.find((p) => p.type === 'update' || p.type === 'full-reload'), 'a reload');
    expect(payload.type).toBe('full-reload');
  });

  it('an error shows in the overlay, the page still renders with its diagnostics, and the fix clears the overlay', async () => {
    const harness = await start(site);
    await visit(harness, 'other');
    harness.payloads.length = 0;
    writeFileSync(path.join(harness.root, 'other.mdx'), '---\ntitle: [unclosed\n---\n\nBody while broken.\n');
    const error = await until(() => harness.payloads.find((p) => p.type === 'error'), 'the error overlay');
    expect(error.type === 'error' && error.err.message).toMatch(/error.* in the docs/);
    expect(error.type === 'error' && error.err.message).toMatch(/^1 error in the docs:\n- other\.mdx:\d+:\d+ /);
    const html = await (await fetch(`${harness.url}other`)).text();
    expect(html).toContain('"id":"other"');
    const pageData = ((await harness.server.ssrLoadModule('virtual:docs-build/page/other')) as { default: PageData }).default;
    expect(pageData.diagnostics.some((d) => d.severity === 'error' && d.file === 'other.mdx')).toBe(true);
    // A build with errors writes nothing: what the page shows comes from the run's own content files.
    expect(JSON.stringify(pageData.content)).toContain('Body while broken.');
    expect(await (await fetch(`${harness.url}other.md`)).text()).toContain('Body while broken.');
    expect(await (await fetch(`${harness.url}_docs-build/search/all.json`)).text()).toContain('Body while broken.');
    harness.payloads.length = 0;
    writeFileSync(path.join(harness.root, 'other.mdx'), page('Other', 'Fixed.'));
    await until(() => harness.payloads.find((p) => p.type === 'custom' && p.event === errorsClearedEvent), 'the event that closes the overlay');
    expect(harness.payloads.some((p) => p.type === 'error')).toBe(false);
    // Not an empty update: Vite's client reloads the page on its first update while an overlay shows.
    expect(harness.payloads.some((p) => p.type === 'update')).toBe(false);
  });

  it("lists the errors in the overlay's message, those of the files just changed first, twenty at most", () => {
    const at = (file: string, line: number): Diagnostic => createDiagnostic('mdx/syntax-error', `broken at ${line}`, { file, line, column: 2 });
    const errors = [at('old.mdx', 1), ...Array.from({ length: 21 }, (_, i) => at('many.mdx', i + 1)), at('edited.mdx', 7)];
    const overlay = errorOverlay(errors, '/docs', ['edited.mdx']);
    const lines = overlay.message.split('\n');
    expect(lines[0]).toBe('23 errors in the docs:');
    expect(lines[1]).toBe('- edited.mdx:7:2 broken at 7 (mdx/syntax-error)');
    expect(lines[2]).toBe('- old.mdx:1:2 broken at 1 (mdx/syntax-error)');
    expect(lines).toHaveLength(22);
    expect(lines[21]).toBe('... and 3 more (the terminal lists them all)');
    expect(overlay.loc).toEqual({ file: path.join('/docs', 'edited.mdx'), line: 7, column: 2 });
  });

  it('encodes any page id into a module id and back', () => {
    for (const id of ['guides/setup', 'a b/ü', 'x~y', '日本語/ページ', 'q?x=1#h', '100%']) {
      const encoded = encodePageId(id);
      expect(encoded).toMatch(/^[A-Za-z0-9/_.~-]*$/);
      expect(decodePageId(encoded)).toBe(id);
    }
    expect(decodePageId('bad%20')).toBeUndefined();
  });
});

