import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/pipeline/build.js';
import type { BuildOptions, BuildResult } from '../../src/pipeline/index.js';
import { exportMarker, exportSite, pageHtmlPath, type ExportResult } from '../../src/site/export.js';
import { pageDataPath } from '../../src/site/modules.js';
import type { Manifest } from '../../src/manifest/types.js';
import type { PageData, SearchRecord } from '../../src/theme/types.js';
import { copyOfExample, filesUnder, removeTemporaries, tempDir } from './helpers.js';

afterAll(removeTemporaries);

/** Internal URLs (under `base`) that an HTML file links to or loads. */
function internalUrls(html: string, base: string): string[] {
  return [...html.matchAll(/\s(?:href|src)="([^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&')).filter((url) => url.startsWith(base) && !url.startsWith('//'));
}

/** Whether a static server would answer `url` from `dir` (mounted at `base`) with a file. */
function resolves(dir: string, base: string, url: string): boolean {
  const pathname = decodeURIComponent(url.split('#')[0]!.split('?')[0]!).slice(base.length);
  const file = path.join(dir, pathname);
  if (existsSync(file) && statSync(file).isFile()) return true;
  return existsSync(path.join(file, 'index.html'));
}

function brokenLinks(dir: string, base: string): string[] {
  const broken: string[] = [];
  for (const file of filesUnder(dir).filter((name) => name.endsWith('.html'))) {
    for (const url of internalUrls(readFileSync(path.join(dir, file), 'utf8'), base)) if (!resolves(dir, base, url)) broken.push(`${file} -> ${url}`);
  }
  return broken;
}

describe('docs-build export on docs-example', () => {
  let root: string;
  let out: string;
  let exported: ExportResult;
  let manifest: Manifest;

  beforeAll(async () => {
    root = copyOfExample();
    out = path.join(tempDir(), 'site');
    exported = await exportSite({ root, outDir: out, siteUrl: 'https://docs.acme.example.com' });
    manifest = JSON.parse(readFileSync(path.join(root, '.docs-build', 'manifest.json'), 'utf8')) as Manifest;
  }, 120_000);

  it('writes one pre-rendered HTML file per page, hydrated by the client entry', () => {
    expect(exported.written).toBe(out);
    const ids = Object.keys(manifest.pages);
    expect(ids.length).toBeGreaterThan(20);
    for (const id of ids) {
      const html = readFileSync(path.join(out, pageHtmlPath(id)), 'utf8');
      expect(html, id).toContain(`<title>`);
      expect(html, id).toContain(`"id":${JSON.stringify(id)}`);
      expect(html, id).toMatch(/<script type="module" src="\/_docs-build\/assets\/client-[^"]+\.js"><\/script>/);
      // Server-rendered: the page's title is in the HTML before any script runs.
      expect(html, id).toContain(manifest.pages[id]!.title.replace(/&/g, '&amp;').replace(/</g, '&lt;'));
    }
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toContain('<link rel="canonical" href="https://docs.acme.example.com/">');
  });

  it('writes no block inside a paragraph (a browser would reparse it, and hydration would fail)', () => {
    // `<Step>`/`<Note>` written on one line are paragraphs to MDX; components.mdx has both.
    const nested = filesUnder(out)
      .filter((file) => file.endsWith('.html'))
      .filter((file) => /<p(?:\s[^>]*)?>(?:(?!<\/p>).)*?<(?:div|details|pre|ul|ol|table|h[1-6])[\s>]/s.test(readFileSync(path.join(out, file), 'utf8')));
    expect(nested).toEqual([]);
  });

  it('writes 404.html, sitemap.xml, robots.txt, llms.txt, llms-full.txt, _redirects and an HTML redirect', () => {
    expect(readFileSync(path.join(out, '404.html'), 'utf8')).toContain('Page not found');
    const sitemap = readFileSync(path.join(out, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('<loc>https://docs.acme.example.com/quickstart</loc>');
    expect(sitemap).toContain('<loc>https://docs.acme.example.com/</loc>');
    expect(readFileSync(path.join(out, 'robots.txt'), 'utf8')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://docs.acme.example.com/sitemap.xml\n');
    const llms = readFileSync(path.join(out, 'llms.txt'), 'utf8');
    expect(llms).toMatch(/^# Acme Platform\n/);
    expect(llms).toContain('- [Quickstart](https://docs.acme.example.com/quickstart.md): Run your first task.');
    const full = readFileSync(path.join(out, 'llms-full.txt'), 'utf8');
    expect(full).toContain('# Quickstart');
    expect(full).toContain('Source: https://docs.acme.example.com/quickstart');
    expect(readFileSync(path.join(out, '_redirects'), 'utf8')).toBe('/start /quickstart 301\n');
    const redirect = readFileSync(path.join(out, 'start', 'index.html'), 'utf8');
    expect(redirect).toContain('<meta http-equiv="refresh" content="0; url=/quickstart">');
  });

  it("serves the compiler's Markdown twins, and its search records in parts by version, without the pages search does not offer", () => {
    const beside = (file: string): string => readFileSync(path.join(root, '.docs-build', file), 'utf8');
    for (const [id, page] of Object.entries(manifest.pages)) {
      expect(readFileSync(path.join(out, `${id}.md`), 'utf8'), id).toBe(beside(page.content!.file.replace(/\.json$/, '.md')));
    }
    const folder = path.join(out, '_docs-build', 'search');
    const parts = new Map(readdirSync(folder).sort().map((file) => [file, JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as SearchRecord[]]));
    expect([...parts.keys()]).toEqual(['version-0.json', 'version-1.json', 'version-none.json']);
    const pagesOf = (records: SearchRecord[]) => [...new Set(records.map((record) => record.page))];
    expect(pagesOf(parts.get('version-0.json')!)).toEqual(['releases/v2']);
    expect(pagesOf(parts.get('version-1.json')!)).toEqual(['releases/v1']);
    // Every record of a published page, as the compiler wrote it, once; none of a hidden page.
    const compiled = JSON.parse(beside('content/search.json')) as SearchRecord[];
    const published = [...parts.values()].flat();
    const publishedPages = new Set(pagesOf(published));
    const byId = (a: SearchRecord, b: SearchRecord) => (a.id < b.id ? -1 : 1);
    expect([...published].sort(byId)).toEqual(compiled.filter((record) => publishedPages.has(record.page)).sort(byId));
    expect(compiled.some((record) => manifest.pages[record.page]!.hidden)).toBe(true);
    expect(published.some((record) => manifest.pages[record.page]!.hidden)).toBe(false);
    expect(published.find((record) => record.page === 'quickstart')?.text).toContain('Create an API key in the dashboard.');
  });

  it('copies the docs root files (logos, favicon) and the icons its pages use; no page source or setting', () => {
    const files = filesUnder(out);
    expect(files).toEqual(expect.arrayContaining(['favicon.svg', 'logo/light.svg', 'logo/dark.svg', exportMarker]));
    expect(files.filter((file) => /\.mdx$|^docs\.json$|^docs-build\.json$|^snippets\//.test(file))).toEqual([]);
    const icons = files.filter((file) => file.startsWith('_docs-build/icons/'));
    expect(icons).toContain('_docs-build/icons/lucide/book-open.svg');
    expect(readFileSync(path.join(out, '_docs-build/icons/lucide/book-open.svg'), 'utf8')).toContain('<svg');
  });

  it('has no broken internal link or asset', () => {
    expect(brokenLinks(out, '/')).toEqual([]);
  });

  it('is deterministic: a second export (warm cache) is byte-identical', async () => {
    const second = path.join(tempDir(), 'site');
    await exportSite({ root, outDir: second, siteUrl: 'https://docs.acme.example.com' });
    const files = filesUnder(out);
    expect(filesUnder(second)).toEqual(files);
    // The marker records what this folder was made from (stamps of the files it copied): the site's bytes are what must agree.
    const differing = files.filter((file) => file !== exportMarker && !readFileSync(path.join(out, file)).equals(readFileSync(path.join(second, file))));
    expect(differing).toEqual([]);
  }, 120_000);

  it('is atomic: an export that fails before it completes leaves the previous one as it was, and no temporary folder', async () => {
    const before = new Map(filesUnder(out).map((file) => [file, readFileSync(path.join(out, file))]));
    writeFileSync(path.join(root, 'quickstart.mdx'), readFileSync(path.join(root, 'quickstart.mdx'), 'utf8').replace('title: Quickstart', 'title: Quickstart changed'));
    await expect(
      exportSite({
        root,
        outDir: out,
        siteUrl: 'https://docs.acme.example.com',
        beforeCommit: () => {
          throw new Error('disk full (simulated)');
        },
      }),
    ).rejects.toThrow('disk full');
    expect(filesUnder(out)).toEqual([...before.keys()]);
    for (const [file, bytes] of before) expect(readFileSync(path.join(out, file)).equals(bytes), file).toBe(true);
    expect(readdirSync(path.dirname(out))).toEqual(['site']);
  }, 120_000);

  it('a docs root with errors exports nothing and leaves the previous export', async () => {
    const before = readFileSync(path.join(out, 'index.html'));
    writeFileSync(path.join(root, 'docs.json'), readFileSync(path.join(root, 'docs.json'), 'utf8').replace('"theme": "maple"', '"theme": "no-such-theme"'));
    const failed = await exportSite({ root, outDir: out });
    expect(failed.written).toBeUndefined();
    expect(failed.result.diagnostics.some((d) => d.severity === 'error')).toBe(true);
    expect(readFileSync(path.join(out, 'index.html')).equals(before)).toBe(true);
  }, 120_000);
});

describe('the client bundle kept between exports', () => {
  let root: string;
  let first: string;
  const keptBundles = (): string[] => readdirSync(path.join(root, '.docs-build', 'vite')).filter((name) => name.startsWith('client-'));
  const keptFolder = (): string => path.join(root, '.docs-build', 'vite', keptBundles()[0]!);
  const entryOf = (out: string): string => (JSON.parse(readFileSync(path.join(out, exportMarker), 'utf8')) as { state: { bundle: { entry: string } } }).state.bundle.entry;

  beforeAll(async () => {
    root = copyOfExample();
    first = path.join(tempDir(), 'site');
    expect((await exportSite({ root, outDir: first })).mode).toBe('full');
  }, 120_000);

  it('is copied into a full export of the same site data instead of built again', async () => {
    expect(keptBundles()).toHaveLength(1);
    const entry = entryOf(first);
    // Marked in the cache only: a bundle built again would not have the mark.
    writeFileSync(path.join(keptFolder(), entry), `${readFileSync(path.join(first, entry), 'utf8')}\n// kept`);
    const second = path.join(tempDir(), 'site');
    expect((await exportSite({ root, outDir: second })).mode).toBe('full');
    expect(readFileSync(path.join(second, entry), 'utf8').endsWith('\n// kept')).toBe(true);
    writeFileSync(path.join(keptFolder(), entry), readFileSync(path.join(first, entry)));
  }, 60_000);

  it('is built again when the kept copy is incomplete, a file of it is a link, or its list names a file outside its folder', async () => {
    const entry = entryOf(first);
    const outside = path.join(tempDir(), 'outside.js');
    writeFileSync(outside, 'globalThis.outside = true;\n');
    rmSync(path.join(keptFolder(), entry));
    symlinkSync(outside, path.join(keptFolder(), entry));
    const linked = path.join(tempDir(), 'site');
    await exportSite({ root, outDir: linked });
    expect(readFileSync(path.join(linked, entry)).equals(readFileSync(path.join(first, entry)))).toBe(true);
    expect(lstatSync(path.join(keptFolder(), entry)).isFile()).toBe(true);
    // A list naming a file outside the bundle's folder of the export (a page the export would ship).
    const list = path.join(keptFolder(), 'bundle.json');
    const listed = JSON.parse(readFileSync(list, 'utf8')) as { files: string[] };
    writeFileSync(path.join(keptFolder(), 'offer.html'), '<p>not from the docs</p>');
    writeFileSync(list, JSON.stringify({ ...listed, files: [...listed.files, 'offer.html'] }));
    const outsideList = path.join(tempDir(), 'site');
    await exportSite({ root, outDir: outsideList });
    expect(existsSync(path.join(outsideList, 'offer.html'))).toBe(false);
    expect((JSON.parse(readFileSync(list, 'utf8')) as { files: string[] }).files).not.toContain('offer.html');
    rmSync(path.join(keptFolder(), 'bundle.json'));
    const listless = path.join(tempDir(), 'site');
    await exportSite({ root, outDir: listless });
    expect(filesUnder(listless)).toEqual(filesUnder(first));
    expect(existsSync(path.join(keptFolder(), 'bundle.json'))).toBe(true);
  }, 120_000);

  it('is not copied into an export under another NODE_ENV, which gives React another build', async () => {
    const before = keptBundles();
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = nodeEnv === 'production' ? 'development' : 'production';
    try {
      const other = path.join(tempDir(), 'site');
      await exportSite({ root, outDir: other });
      expect(keptBundles()).not.toEqual(before);
      // React's production and development builds differ: the copy would have shipped the wrong one.
      expect(readFileSync(path.join(other, entryOf(other)), 'utf8')).not.toBe(readFileSync(path.join(first, entryOf(first)), 'utf8'));
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
  }, 120_000);

  it('is replaced when the site data changes: one bundle is kept', async () => {
    const before = keptBundles();
    writeFileSync(path.join(root, 'docs.json'), readFileSync(path.join(root, 'docs.json'), 'utf8').replace('"name": "Acme Platform"', '"name": "Acme Platform 2"'));
    const renamed = path.join(tempDir(), 'site');
    await exportSite({ root, outDir: renamed });
    expect(keptBundles()).toHaveLength(1);
    expect(keptBundles()).not.toEqual(before);
    expect(readFileSync(path.join(renamed, entryOf(renamed)), 'utf8')).toContain('Acme Platform 2');
  }, 120_000);
});

describe('export --out safety', () => {
  it('refuses a folder of other files, the docs root, a folder holding it, and a visible folder inside it', async () => {
    const root = copyOfExample();
    const foreign = tempDir();
    writeFileSync(path.join(foreign, 'keep.txt'), 'mine');
    const inside = path.join(root, 'site');
    for (const outDir of [foreign, root, path.dirname(root), inside]) {
      const result = await exportSite({ root, outDir });
      expect(result.refused, outDir).toBeDefined();
      expect(result.written).toBeUndefined();
    }
    expect(readFileSync(path.join(foreign, 'keep.txt'), 'utf8')).toBe('mine');
    expect(existsSync(inside)).toBe(false);
  });
});

describe('a page whose URL has a segment too long for a file name', () => {
  it('is written under a shortened path and served at its URL by a rewrite in _redirects', async () => {
    const summary = `${'Create a realtime client secret with an associated session configuration '.repeat(8)}now`;
    const spec = { openapi: '3.0.3', info: { title: 'Long', version: '1' }, paths: { '/secrets': { post: { summary, responses: { '200': { description: 'OK' } } } } } };
    const root = tempDir();
    writeFileSync(path.join(root, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'Long', colors: { primary: '#0D9373' }, navigation: { tabs: [{ tab: 'API', openapi: { source: 'spec.json', directory: 'api' }, groups: [{ group: 'Start', pages: ['index'] }] }] } }));
    writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nThe API.\n');
    writeFileSync(path.join(root, 'spec.json'), JSON.stringify(spec));
    const out = path.join(tempDir(), 'site');
    const exported = await exportSite({ root, outDir: out });
    expect(exported.result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(exported.written).toBe(out);
    const manifest = JSON.parse(readFileSync(path.join(root, '.docs-build', 'manifest.json'), 'utf8')) as Manifest;
    const id = Object.keys(manifest.pages).find((page) => page.length > 400)!;
    const html = pageHtmlPath(id);
    expect(html).not.toBe(`${id}/index.html`);
    expect(Math.max(...html.split('/').map((segment) => Buffer.byteLength(segment)))).toBeLessThanOrEqual(210);
    expect(readFileSync(path.join(out, html), 'utf8')).toContain('Create a realtime client secret');
    expect(readFileSync(path.join(out, '_redirects'), 'utf8')).toContain(`/${id} /${html.replace(/index\.html$/, '')} 200\n`);
  }, 120_000);
});

describe('a site without an index page', () => {
  /** A site whose navigation starts at `intro` (a hidden page first, which is skipped), with no `index` page. */
  function rootWithoutIndex(extra: Record<string, unknown> = {}): string {
    const root = tempDir();
    const config = { theme: 'mint', name: 'No Home', colors: { primary: '#0D9373' }, ...extra, navigation: { groups: [{ group: 'Start', pages: ['secret', 'intro', 'guide', 'topics/index'] }] } };
    writeFileSync(path.join(root, 'docs.json'), JSON.stringify(config));
    writeFileSync(path.join(root, 'secret.mdx'), '---\ntitle: Secret\nhidden: true\n---\n\nNot listed.\n');
    writeFileSync(path.join(root, 'unlisted.mdx'), '---\ntitle: Unlisted\n---\n\nIn no navigation.\n');
    writeFileSync(path.join(root, 'intro.mdx'), '---\ntitle: Intro\n---\n\nWelcome. See [the topics](/topics) and [their index](/topics/index).\n');
    mkdirSync(path.join(root, 'topics'));
    writeFileSync(path.join(root, 'topics', 'index.mdx'), '---\ntitle: Topics\n---\n\nBack to [the intro](../intro).\n');
    writeFileSync(path.join(root, 'guide.mdx'), '---\ntitle: Guide\n---\n\nSteps <Icon icon="webhook" /> and <Icon icon="books" />. [Intro](/intro#no-such-heading).\n');
    return root;
  }

  it('sends its root to the first listed page of the navigation, as the service does, and the logo links there', async () => {
    const out = path.join(tempDir(), 'site');
    // What an export killed half way left beside the output (its process is gone): removed.
    const abandoned = path.join(path.dirname(out), '.site.4194999.abcdef012345.tmp');
    mkdirSync(abandoned);
    writeFileSync(path.join(abandoned, 'index.html'), 'half an export');
    // docs.json's canonical URL, with the path the docs are published at: the public URL of the pages.
    const root = rootWithoutIndex({ seo: { metatags: { canonical: 'https://acme.example/docs' } } });
    const exported = await exportSite({ root, outDir: out, base: '/docs/' });
    expect(exported.written).toBe(out);
    expect(exported.publicRoot).toBe('https://acme.example/docs/');
    expect(readdirSync(path.dirname(out))).toEqual(['site']);
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toContain('<meta http-equiv="refresh" content="0; url=/docs/intro">');
    expect(readFileSync(path.join(out, '_redirects'), 'utf8')).toBe('/docs/ /docs/intro 302\n');
    expect(readFileSync(path.join(out, 'guide', 'index.html'), 'utf8')).toMatch(/<a class="site-logo" data-testid="logo" href="\/docs\/intro">/);
    // A folder's index page is served at the folder's URL, where the compiler resolves links to it.
    expect(readFileSync(path.join(out, 'topics', 'index.html'), 'utf8')).toContain('<title>Topics - No Home</title>');
    expect(readFileSync(path.join(out, 'intro', 'index.html'), 'utf8')).toContain('href="/docs/topics"');
    // Its twin at the id llms.txt names, and at the served path with `.md`, as the preview answers both.
    expect(readFileSync(path.join(out, 'topics', 'index.md'), 'utf8')).toMatch(/^# Topics\n/);
    expect(readFileSync(path.join(out, 'topics.md'), 'utf8')).toBe(readFileSync(path.join(out, 'topics', 'index.md'), 'utf8'));
    expect(brokenLinks(out, '/docs/')).toEqual([]);
    // Hidden and unlisted pages are published but left out of the sitemap; a hidden one also asks crawlers not to index it.
    const robots = (id: string): boolean => readFileSync(path.join(out, id, 'index.html'), 'utf8').includes('<meta name="robots" content="noindex">');
    expect(['secret', 'unlisted', 'intro'].map(robots)).toEqual([true, false, false]);
    expect(readFileSync(path.join(out, 'sitemap.xml'), 'utf8').match(/<loc>[^<]*<\/loc>/g)).toEqual(['<loc>https://acme.example/docs/guide</loc>', '<loc>https://acme.example/docs/intro</loc>', '<loc>https://acme.example/docs/topics</loc>']);
    expect(readFileSync(path.join(out, 'robots.txt'), 'utf8')).toContain('Sitemap: https://acme.example/docs/sitemap.xml\n');
    const intro = readFileSync(path.join(out, 'intro', 'index.html'), 'utf8');
    expect(intro).toContain('<link rel="canonical" href="https://acme.example/docs/intro">');
    expect(intro).not.toContain('<meta name="canonical"');
    // An update in place puts back that second twin when it is gone (an export made before it was written).
    rmSync(path.join(out, 'topics.md'));
    const again = await exportSite({ root, outDir: out, base: '/docs/' });
    expect(again.mode).toBe('update');
    expect(readFileSync(path.join(out, 'topics.md'), 'utf8')).toBe(readFileSync(path.join(out, 'topics', 'index.md'), 'utf8'));
  }, 120_000);

  it("shows readers no build problem, finds a Pro icon name in Lucide, and names the icons it cannot show", async () => {
    const out = path.join(tempDir(), 'site');
    const exported = await exportSite({ root: rootWithoutIndex(), outDir: out });
    expect(exported.written).toBe(out);
    // The warning is the terminal's (and the preview's): not in the published page or its data.
    expect(exported.result.diagnostics.map((d) => `${d.file} ${d.code}`)).toContain('guide.mdx links/broken-anchor');
    expect(readFileSync(path.join(out, 'guide', 'index.html'), 'utf8')).not.toContain('page-diagnostics');
    expect((JSON.parse(readFileSync(path.join(out, pageDataPath('guide')), 'utf8')) as PageData).diagnostics).toEqual([]);
    expect(readFileSync(path.join(out, '_docs-build/icons/fontawesome/solid/webhook.svg'), 'utf8')).toContain('lucide-webhook');
    expect(exported.missingIcons).toEqual(['fontawesome/solid/books.svg']);
    // Blank at its URL, as it shows, rather than a failed request on every page that names it.
    expect(readFileSync(path.join(out, '_docs-build/icons/fontawesome/solid/books.svg'), 'utf8')).toMatch(/^<svg [^>]*><\/svg>\n$/);
  }, 120_000);

  it('without a site URL writes no sitemap (its URLs must be absolute), and a canonical URL that is none is a warning at its line', async () => {
    const out = path.join(tempDir(), 'site');
    const root = rootWithoutIndex({ seo: { metatags: { canonical: 'docs.acme.example' } } });
    const exported = await exportSite({ root, outDir: out });
    expect(exported.written).toBe(out);
    expect(exported.publicRoot).toBeUndefined();
    expect(existsSync(path.join(out, 'sitemap.xml'))).toBe(false);
    expect(readFileSync(path.join(out, 'robots.txt'), 'utf8')).toBe('User-agent: *\nAllow: /\n');
    expect(readFileSync(path.join(out, 'intro', 'index.html'), 'utf8')).not.toContain('canonical');
    const warning = exported.result.diagnostics.find((d) => d.code === 'site/invalid-site-url');
    const docsJson = readFileSync(path.join(root, 'docs.json'), 'utf8');
    expect(warning).toMatchObject({ severity: 'warning', file: 'docs.json', line: 1, column: docsJson.indexOf('"docs.acme.example"') + 1 });
    expect(warning!.message).toContain('"docs.acme.example"');
    // `--site-url` speaks for the site: the canonical URL is not read, nor reported.
    const given = await exportSite({ root: rootWithoutIndex({ seo: { metatags: { canonical: 'docs.acme.example' } } }), outDir: out, siteUrl: 'https://acme.example' });
    expect(given.publicRoot).toBe('https://acme.example/');
    expect(given.result.diagnostics.map((d) => d.code)).not.toContain('site/invalid-site-url');
    expect(readFileSync(path.join(out, 'sitemap.xml'), 'utf8')).toContain('<loc>https://acme.example/intro</loc>');
  }, 120_000);

  it("follows docs.json's own redirect of / instead; one of /?ref=x is no redirect of the root a host could serve", async () => {
    for (const [source, home] of [['/', '/guide'], ['/?ref=docs', '/intro']] as const) {
      const out = path.join(tempDir(), 'site');
      const exported = await exportSite({ root: rootWithoutIndex({ redirects: [{ source, destination: '/guide', permanent: false }] }), outDir: out });
      expect(exported.written).toBe(out);
      expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toContain(`<meta http-equiv="refresh" content="0; url=${home}">`);
      expect(readFileSync(path.join(out, '_redirects'), 'utf8'), source).toBe(`/ ${home} 302\n`);
    }
  }, 120_000);
});

describe('export --base', () => {
  it('puts every link, script and stylesheet under the base path', async () => {
    const root = copyOfExample();
    const out = path.join(tempDir(), 'site');
    mkdirSync(path.dirname(out), { recursive: true });
    const exported = await exportSite({ root, outDir: out, base: '/docs/' });
    expect(exported.written).toBe(out);
    const html = readFileSync(path.join(out, 'quickstart', 'index.html'), 'utf8');
    expect(html).toMatch(/<script type="module" src="\/docs\/_docs-build\/assets\/client-[^"]+\.js">/);
    expect(html).toContain('href="/docs/guides/authentication"');
    const rootRelative = internalUrls(html, '/').filter((url) => !url.startsWith('/docs/'));
    expect(rootRelative).toEqual([]);
    expect(brokenLinks(out, '/docs/')).toEqual([]);
    expect(readFileSync(path.join(out, '_redirects'), 'utf8')).toBe('/docs/start /docs/quickstart 301\n');
    // The compiler's llms.txt links paths under `/`; under a base the export has it write them there.
    expect(readFileSync(path.join(out, 'llms.txt'), 'utf8')).toContain('- [Quickstart](/docs/quickstart.md): Run your first task.');
    // docs.json's canonical URL, a bare origin, serves the site under the base.
    expect(readFileSync(path.join(out, 'sitemap.xml'), 'utf8')).toContain('<loc>https://docs.acme.example.com/docs/quickstart</loc>');
    expect(readFileSync(path.join(root, '.docs-build', 'content', 'llms.txt'), 'utf8')).toContain('- [Quickstart](/quickstart.md): Run your first task.');
  }, 120_000);
});

/** Every file of an export folder with its bytes. */
function folderBytes(dir: string): Map<string, Buffer> {
  return new Map(filesUnder(dir).map((file) => [file, readFileSync(path.join(dir, file))]));
}

/** Files that differ between two export folders (the marker aside: it records stamps of what each folder was made from). */
function differences(actual: string, expected: string): string[] {
  const [a, b] = [folderBytes(actual), folderBytes(expected)];
  const names = [...new Set([...a.keys(), ...b.keys()])].filter((name) => name !== exportMarker).sort();
  return names.filter((name) => !a.get(name)?.equals(b.get(name) ?? Buffer.alloc(0)) || !b.has(name));
}

describe('export updates the previous export in place', () => {
  let root: string;
  let out: string;
  const siteUrl = 'https://docs.acme.example.com';

  /** A fresh export of the same docs into a new folder: what the updated folder must equal, byte for byte. */
  async function freshExport(): Promise<string> {
    const fresh = path.join(tempDir(), 'site');
    const exported = await exportSite({ root, outDir: fresh, siteUrl, cache: false });
    expect(exported.mode).toBe('full');
    return fresh;
  }

  beforeAll(async () => {
    root = copyOfExample();
    out = path.join(tempDir(), 'site');
    const first = await exportSite({ root, outDir: out, siteUrl });
    expect(first.mode).toBe('full');
    expect(first.rendered).toBe(first.pages);
  }, 120_000);

  it('re-renders only the edited page, and the folder equals a fresh export', async () => {
    const file = path.join(root, 'quickstart.mdx');
    writeFileSync(file, readFileSync(file, 'utf8').replace('Create an API key in the dashboard.', 'Create an API key in the dashboard, then keep it secret.'));
    const before = folderBytes(out);
    const updated = await exportSite({ root, outDir: out, siteUrl });
    expect(updated.mode).toBe('update');
    expect(updated.rendered).toBe(1);
    expect(updated.timings.bundleMs).toBe(0);
    // Written: the page's three files, its search part and llms-full.txt (the marker's writes are not counted).
    expect(updated.changed).toBe(5);
    const after = folderBytes(out);
    const changed = [...after.keys()].filter((name) => !before.get(name)?.equals(after.get(name)!));
    // The page's HTML, data and twin, its search part, llms-full.txt and the marker; nothing else.
    expect(changed.sort()).toEqual([exportMarker, '_docs-build/pages/quickstart.json', '_docs-build/search/version-none.json', 'llms-full.txt', 'quickstart.md', 'quickstart/index.html'].sort());
    expect(readFileSync(path.join(out, 'quickstart', 'index.html'), 'utf8')).toContain('then keep it secret.');
    expect(differences(out, await freshExport())).toEqual([]);
  }, 120_000);

  it('does not render again a page whose warnings alone changed (a published page shows none)', async () => {
    const linking = path.join(root, 'quickstart.mdx');
    writeFileSync(linking, `${readFileSync(linking, 'utf8')}\nSee [rotation](/guides/authentication#rotate-a-key-later).\n`);
    const broken = await exportSite({ root, outDir: out, siteUrl });
    expect(broken.result.diagnostics.map((d) => `${d.file} ${d.code}`)).toContain('quickstart.mdx links/broken-anchor');
    const target = path.join(root, 'guides', 'authentication.md');
    writeFileSync(target, `${readFileSync(target, 'utf8')}\n## Rotate a key later\n\nWhen someone leaves.\n`);
    const fixed = await exportSite({ root, outDir: out, siteUrl });
    expect(fixed.result.diagnostics.map((d) => d.code)).not.toContain('links/broken-anchor');
    expect(fixed.mode).toBe('update');
    expect(fixed.rendered).toBe(1);
    expect(differences(out, await freshExport())).toEqual([]);
  }, 120_000);

  it('renders again the pages whose body a shared schema gives, when the spec changes that schema alone', async () => {
    const spec = path.join(root, 'api', 'openapi.yaml');
    const before = readFileSync(spec, 'utf8');
    expect(readFileSync(path.join(out, 'api-reference', 'projects', 'get-a-project', 'index.html'), 'utf8')).toContain('data-field="message"');
    writeFileSync(spec, before.replace('        message: { type: string }\n', '        message: { type: string }\n        retryAfter: { type: integer }\n'));
    const updated = await exportSite({ root, outDir: out, siteUrl });
    expect(updated.mode).toBe('update');
    // The 404 responses of the two pages that have one refer to the shared Error schema: their entries did not change.
    for (const page of ['api-reference/projects/get-a-project', 'api-reference/tasks/get-a-task']) {
      expect(readFileSync(path.join(out, ...page.split('/'), 'index.html'), 'utf8'), page).toContain('data-field="retryAfter"');
    }
    expect(differences(out, await freshExport())).toEqual([]);
  }, 120_000);

  it("the marker's site data stands for the run's only when the shared key vouches for it", async () => {
    const markerFile = path.join(out, exportMarker);
    const marker = JSON.parse(readFileSync(markerFile, 'utf8')) as { state: { siteData: string } };
    expect(marker.state.siteData).toContain('"title":"Quickstart"');
    marker.state.siteData = marker.state.siteData.replace('"title":"Quickstart"', '"title":"Tampered"');
    writeFileSync(markerFile, JSON.stringify(marker));
    const file = path.join(root, 'quickstart.mdx');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nKeep a second key for emergencies.\n`);
    const updated = await exportSite({ root, outDir: out, siteUrl });
    // The run's own site data, which did not change: still an update, rendered from the manifest.
    expect(updated.mode).toBe('update');
    expect(readFileSync(path.join(out, 'quickstart', 'index.html'), 'utf8')).not.toContain('Tampered');
    expect(differences(out, await freshExport())).toEqual([]);
  }, 120_000);

  it('an edit another build took in between is exported too: keys are reused only from the run the export was made from', async () => {
    const guide = path.join(root, 'guides', 'webhooks.mdx');
    writeFileSync(guide, `${readFileSync(guide, 'utf8')}\nRotate keys every year.\n`);
    // `docs-build build` on the same root and cache: it patches the run the last export was made from.
    const built = await build({ root, outFile: path.join(root, '.docs-build', 'manifest.json'), cache: true });
    expect(built.patchedFrom?.pages).toEqual(['guides/webhooks']);
    const file = path.join(root, 'quickstart.mdx');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nKeys are shown once.\n`);
    const updated = await exportSite({ root, outDir: out, siteUrl });
    expect(updated.mode).toBe('update');
    // The export's own run patched the build's, not the export's: the guide changed since, and is rendered again.
    expect(updated.rendered).toBe(2);
    expect(readFileSync(path.join(out, 'guides', 'webhooks', 'index.html'), 'utf8')).toContain('Rotate keys every year.');
    expect(differences(out, await freshExport())).toEqual([]);
  }, 120_000);

  it("copies a file added to the docs root and removes it when it is gone; a page removed makes the folder anew", async () => {
    mkdirSync(path.join(root, 'downloads'));
    writeFileSync(path.join(root, 'downloads', 'sheet.csv'), 'a,b\n1,2\n');
    const added = await exportSite({ root, outDir: out, siteUrl });
    expect(added.mode).toBe('update');
    expect(added.rendered).toBe(0);
    expect(readFileSync(path.join(out, 'downloads', 'sheet.csv'), 'utf8')).toBe('a,b\n1,2\n');
    rmSync(path.join(root, 'downloads'), { recursive: true });
    const removed = await exportSite({ root, outDir: out, siteUrl });
    expect(removed.mode).toBe('update');
    expect(removed.changed).toBe(1);
    expect(existsSync(path.join(out, 'downloads'))).toBe(false);
    expect(differences(out, await freshExport())).toEqual([]);

    rmSync(path.join(root, 'guides', 'beta.mdx'));
    expect(existsSync(path.join(out, 'guides', 'beta', 'index.html'))).toBe(true);
    // The page list is site data, which every page's HTML holds: the folder is made anew.
    expect((await exportSite({ root, outDir: out, siteUrl })).mode).toBe('full');
    expect(existsSync(path.join(out, 'guides', 'beta'))).toBe(false);
    expect(differences(out, await freshExport())).toEqual([]);
  }, 120_000);

  it('an update that stops half way leaves a working site whose marker is not trusted: the next export makes it anew', async () => {
    const file = path.join(root, 'quickstart.mdx');
    writeFileSync(file, readFileSync(file, 'utf8').replace('then keep it secret.', 'then keep it very secret.'));
    await expect(
      exportSite({
        root,
        outDir: out,
        siteUrl,
        beforeCommit: () => {
          throw new Error('killed (simulated)');
        },
      }),
    ).rejects.toThrow('killed');
    const marker = JSON.parse(readFileSync(path.join(out, exportMarker), 'utf8')) as { state?: unknown };
    expect(marker.state).toBeUndefined();
    expect(brokenLinks(out, '/')).toEqual([]);
    const next = await exportSite({ root, outDir: out, siteUrl });
    expect(next.mode).toBe('full');
    expect(differences(out, await freshExport())).toEqual([]);
  }, 120_000);

  it('a marker of another shape, or one naming paths outside the folder, is not trusted', async () => {
    const markerFile = path.join(out, exportMarker);
    const marker = JSON.parse(readFileSync(markerFile, 'utf8')) as { state: { files: Record<string, string> } };
    const outside = path.join(path.dirname(out), 'outside.txt');
    writeFileSync(outside, 'not the export');
    marker.state.files['../outside.txt'] = 'x';
    writeFileSync(markerFile, JSON.stringify(marker));
    expect((await exportSite({ root, outDir: out, siteUrl })).mode).toBe('full');
    expect(readFileSync(outside, 'utf8')).toBe('not the export');
    writeFileSync(markerFile, '{"generator":"docs-build","state":{"format":2,"shared":42}}');
    expect((await exportSite({ root, outDir: out, siteUrl })).mode).toBe('full');
    // Pages name their icons by index into the marker's list: an index that names none is not trusted.
    const indexed = JSON.parse(readFileSync(markerFile, 'utf8')) as { state: { icons: string[]; pages: Record<string, { icons: unknown[] }> } };
    expect(indexed.state.icons.length).toBeGreaterThan(0);
    const intact = JSON.stringify(indexed);
    for (const wrong of [indexed.state.icons.length, -1, 0.5, '0']) {
      const marker = JSON.parse(intact) as typeof indexed;
      marker.state.pages['quickstart']!.icons = [wrong];
      writeFileSync(markerFile, JSON.stringify(marker));
      expect((await exportSite({ root, outDir: out, siteUrl })).mode, String(wrong)).toBe('full');
    }
    writeFileSync(markerFile, intact);
    expect((await exportSite({ root, outDir: out, siteUrl })).mode).toBe('update');
  }, 120_000);

  it('a folder of the export replaced by a link out of it is not followed: the export is made anew, the outside untouched', async () => {
    const elsewhere = tempDir();
    writeFileSync(path.join(elsewhere, 'index.html'), 'elsewhere');
    rmSync(path.join(out, 'quickstart'), { recursive: true });
    symlinkSync(elsewhere, path.join(out, 'quickstart'));
    const file = path.join(root, 'quickstart.mdx');
    writeFileSync(file, readFileSync(file, 'utf8').replace('very secret.', 'really secret.'));
    const exported = await exportSite({ root, outDir: out, siteUrl });
    expect(exported.mode).toBe('full');
    expect(readFileSync(path.join(elsewhere, 'index.html'), 'utf8')).toBe('elsewhere');
    expect(lstatSync(path.join(out, 'quickstart')).isDirectory()).toBe(true);
    expect(differences(out, await freshExport())).toEqual([]);
  }, 120_000);
});

describe('an export updated from a patched run', () => {
  it("renders the edited page from the site data in its marker and that page's entry alone: the manifest is never parsed whole", async () => {
    const root = copyOfExample();
    const out = path.join(tempDir(), 'site');
    expect((await exportSite({ root, outDir: out })).mode).toBe('full');
    let manifestReads = 0;
    let session: unknown = 'not asked';
    // The build the export runs, its result handed on with the manifest counted where it is read whole.
    const runBuild = async (options: BuildOptions): Promise<BuildResult> => {
      session = options.session;
      const result = await build(options);
      const counted = Object.defineProperties({}, Object.getOwnPropertyDescriptors(result)) as BuildResult;
      Object.defineProperty(counted, 'manifest', { enumerable: true, get: () => (manifestReads++, result.manifest) });
      return counted;
    };
    const file = path.join(root, 'quickstart.mdx');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nRotate it when someone leaves.\n`);
    const updated = await exportSite({ root, outDir: out, runBuild });
    expect(updated.result.patchedFrom?.pages).toEqual(['quickstart']);
    expect(updated.mode).toBe('update');
    expect(updated.rendered).toBe(1);
    expect(manifestReads).toBe(0);
    // An export builds once: no session kept for a next build (starting one parses the manifest).
    expect(session).toBeUndefined();
    expect(readFileSync(path.join(out, 'quickstart', 'index.html'), 'utf8')).toContain('Rotate it when someone leaves.');
    const fresh = path.join(tempDir(), 'site');
    expect((await exportSite({ root, outDir: fresh, cache: false })).mode).toBe('full');
    expect(differences(out, fresh)).toEqual([]);
  }, 120_000);
});
