import path from 'node:path';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../src/manifest/types.js';
import { Layout } from '../../src/theme/layout/Layout.js';
import type { PageData, SiteData } from '../../src/theme/types.js';
import { buildManifest, byTestId, dataOf, one, pageDataOf, renderPage } from './layout-helpers.js';

/* The reference layout on docs-example, built by the real compiler: every site setting it has shows up. */

const exampleRoot = path.resolve(import.meta.dirname, '../../docs-example');

let manifest: Manifest;
let data: SiteData;
const html = (id: string, page?: PageData): string => renderPage(data, page ?? pageDataOf(manifest, id));

beforeAll(async () => {
  manifest = await buildManifest(exampleRoot);
  data = dataOf(manifest);
});

describe('header', () => {
  it('shows the name, the light and dark logos with logo.href, the navbar links and the primary button', () => {
    const page = html('quickstart');
    expect(one(page, 'site-name').text).toBe('Acme Platform');
    expect(one(page, 'logo').attrs['href']).toBe('https://acme.example.com');
    expect(one(page, 'logo-light').attrs['src']).toBe('/logo/light.svg');
    expect(one(page, 'logo-dark').attrs['src']).toBe('/logo/dark.svg');
    expect(byTestId(page, 'navbar-link').map((a) => [a.text, a.attrs['href']])).toEqual([['Support', 'mailto:support@acme.example.com']]);
    expect(one(page, 'navbar-primary').text).toBe('Dashboard');
    expect(one(page, 'navbar-primary').attrs['href']).toBe('https://dashboard.acme.example.com');
  });

  it('puts logos and links under the base path', () => {
    const page = renderPage(dataOf(manifest, '/docs/'), pageDataOf(manifest, 'quickstart'));
    expect(one(page, 'logo-light').attrs['src']).toBe('/docs/logo/light.svg');
    expect(byTestId(page, 'sidebar-link').find((a) => a.attrs['data-page'] === 'index')?.attrs['href']).toBe('/docs/');
  });

  it('has the search button with the site prompt, and the light/dark toggle (appearance not strict)', () => {
    const page = html('quickstart');
    expect(one(page, 'search-button').text).toContain('Search Acme docs...');
    expect(byTestId(page, 'theme-toggle')).toHaveLength(1);
  });
});

describe('navigation', () => {
  it('lists the tabs and marks the one holding the page', () => {
    const page = html('guides/webhooks');
    const tabs = byTestId(page, 'tab-link');
    expect(tabs.map((t) => t.text)).toEqual(['Guides', 'Hand-written API', 'API reference', 'Selected endpoints', 'SDKs', 'Releases', 'Gadgets API']);
    expect(tabs.filter((t) => t.attrs['aria-current']).map((t) => t.text)).toEqual(['Guides']);
    expect(tabs[1]!.attrs['href']).toBe('/api-pages/list-tasks');
  });

  it('shows the sidebar of the current page\'s tab only, with the page highlighted', () => {
    const page = html('api-pages/get-task');
    const links = byTestId(page, 'sidebar-link');
    expect(links.map((a) => a.attrs['data-page'])).toContain('api-pages/list-tasks');
    expect(links.map((a) => a.attrs['data-page'])).not.toContain('quickstart');
    expect(links.filter((a) => a.attrs['aria-current'] === 'page').map((a) => a.attrs['data-page'])).toEqual(['api-pages/get-task']);
    expect(byTestId(page, 'tab-link').find((t) => t.attrs['aria-current'])?.text).toBe('Hand-written API');
  });

  it('links a group to its root page and shows its icon and tag; a nested group opens around the current page', () => {
    const advanced = (id: string) => byTestId(html(id), 'sidebar-group').find((g) => g.text.startsWith('AdvancedNEW'))!;
    const guides = byTestId(html('quickstart'), 'sidebar-group').find((g) => g.html.includes('data-page="guides/index"'))!;
    expect(guides.html).toContain('icons/lucide/map.svg');
    // Its title is a page (guides/advanced): a link and, beside it, the button that folds the group.
    expect(advanced('quickstart').html).toContain('data-page="guides/advanced"');
    expect(advanced('quickstart').html).not.toContain('<summary');
    expect(advanced('quickstart').html).toMatch(/<button type="button" class="sidebar-fold" aria-expanded="false" aria-controls="([^"]+)" aria-label="Pages of Advanced"><\/button><\/div><div id="\1" hidden="">/);
    expect(advanced('guides/webhooks').html).toMatch(/aria-expanded="true"[^>]*><\/button><\/div><div id="[^"]+">/);
  });

  it('shows global anchors on every tab', () => {
    for (const id of ['quickstart', 'api-pages/get-task', 'migration/gadgets/list']) {
      const anchors = byTestId(html(id), 'anchor-link');
      expect(anchors.map((a) => [a.text, a.attrs['href']])).toEqual([['Status', 'https://status.acme.example.com']]);
    }
  });

  it('shows a page listed in two tabs in the first, or in the tab the reader chose', () => {
    const id = 'api-reference/projects/list-projects';
    const current = (page: string) => byTestId(page, 'tab-link').find((t) => t.attrs['aria-current'])?.text;
    expect(current(html(id))).toBe('API reference');
    const selected = manifest.navigation.find((node) => node.label === 'Selected endpoints')!;
    const chosen = renderToString(<Layout data={data} pageId={id} pageData={pageDataOf(manifest, id)} preferred={[selected]} />);
    expect(current(chosen)).toBe('Selected endpoints');
  });

  it('links previous and next pages in navigation order, group root pages included', () => {
    const page = html('quickstart');
    expect(one(page, 'prev-link').attrs['href']).toBe('/');
    expect(one(page, 'next-link').attrs['href']).toBe('/guides');
    expect(one(page, 'next-link').text).toContain('Guides');
    expect(byTestId(html('index'), 'prev-link')).toHaveLength(0);
  });
});

describe('page', () => {
  it('shows the title, the description and the breadcrumbs eyebrow (styling.eyebrows)', () => {
    const page = html('quickstart');
    expect(one(page, 'page-title').text).toBe('Quickstart');
    expect(one(page, 'page-description').text).toBe('Run your first task.');
    expect(one(html('guides/webhooks'), 'eyebrow').html).toContain('<span class="eyebrow-item">Guides</span><span class="eyebrow-item">Guides</span><span class="eyebrow-item">Advanced</span>');
  });

  it('shows the table of contents of pages[id].content.toc, levels 2 to 4, as anchor links', () => {
    const toc = [
      { depth: 1, text: 'Title', id: 'title' },
      { depth: 2, text: 'Install', id: 'install' },
      { depth: 3, text: 'On Linux & macOS', id: 'on-linux--macos' },
    ];
    const content = { file: 'content/quickstart.json', hash: 'x', toc, deps: [] };
    const page = html('quickstart', pageDataOf(manifest, 'quickstart', { content } as never));
    expect(byTestId(page, 'toc-link').map((a) => [a.text, a.attrs['href']])).toEqual([
      ['Install', '#install'],
      ['On Linux & macOS', '#on-linux--macos'],
    ]);
    expect(byTestId(html('quickstart'), 'toc')).toHaveLength(0);
  });

  it('shows the page diagnostics above the page', () => {
    const pageData = { ...pageDataOf(manifest, 'quickstart'), diagnostics: [{ severity: 'error' as const, code: 'mdx/syntax', message: 'Unexpected }', file: 'quickstart.mdx', line: 3, column: 7 }] };
    expect(one(html('quickstart', pageData), 'page-diagnostic').text).toContain('quickstart.mdx:3:7 error mdx/syntax Unexpected }');
  });
});

describe('site settings', () => {
  it('sets the colors as CSS variables', () => {
    const style = one(html('quickstart'), 'site').attrs['style'];
    expect(style).toContain('--primary:#0D9373');
    expect(style).toContain('--primary-light:#07C983');
    expect(style).toContain('--primary-dark:#0D9373');
  });

  it('loads a catalog font by name and a self-hosted heading font through @font-face', () => {
    const page = html('quickstart');
    const site = one(page, 'site').attrs['style'];
    expect(site).toContain('--font-body:"Inter", sans-serif');
    expect(site).toContain('--font-body-weight:400');
    expect(site).toContain('--font-heading:"Acme Sans", sans-serif');
    expect(site).toContain('--font-heading-weight:650.5');
    expect(one(page, 'font-link').attrs['href']).toBe('https://fonts.googleapis.com/css2?family=Inter:wght@400&display=swap');
    expect(one(page, 'font-faces').text).toBe('@font-face { font-family: "Acme Sans"; src: url("https://fonts.acme.example.com/acme-sans.woff2") format("woff2"); font-weight: 650.5; font-display: swap; }');
  });

  it('sets the background decoration, colors and images', () => {
    const root = one(html('quickstart'), 'site');
    expect(root.attrs['data-decoration']).toBe('gradient');
    expect(root.attrs['style']).toContain('--background-light:#fff');
    expect(root.attrs['style']).toContain('--background-dark:#0b0d0e');
    expect(root.attrs['style']).toContain('--background-image-dark:url("/images/background-dark.svg")');
  });

  it('shows the footer socials', () => {
    const socials = byTestId(html('quickstart'), 'footer-social');
    expect(socials.map((a) => [a.attrs['data-platform'], a.attrs['href']])).toEqual([['github', 'https://github.com/acme']]);
    expect(socials[0]!.html).toContain('icons/fontawesome/brands/github.svg');
  });
});

describe('page modes (frontmatter mode)', () => {
  const withMode = (mode: string): string => {
    const page = manifest.pages['guides/components']!;
    return html('guides/components', pageDataOf(manifest, 'guides/components', { frontmatter: { ...page.frontmatter, mode } }));
  };
  const parts = (out: string): Record<string, number> =>
    Object.fromEntries(['header', 'sidebar', 'toc', 'page-title', 'footer', 'next-link'].map((id) => [id, byTestId(out, id).length]));

  it('wide drops the table of contents, center also the sidebar, custom everything but the header, frame keeps the sidebar', () => {
    const all = { header: 1, sidebar: 1, toc: 1, 'page-title': 1, footer: 1, 'next-link': 1 };
    expect(parts(withMode('assistant'))).toEqual(all);
    expect(parts(withMode('wide'))).toEqual({ ...all, toc: 0 });
    expect(parts(withMode('center'))).toEqual({ ...all, sidebar: 0, toc: 0 });
    expect(parts(withMode('custom'))).toEqual({ header: 1, sidebar: 0, toc: 0, 'page-title': 0, footer: 0, 'next-link': 0 });
    expect(parts(withMode('frame'))).toEqual({ header: 1, sidebar: 1, toc: 0, 'page-title': 0, footer: 0, 'next-link': 0 });
    expect(one(withMode('center'), 'site').attrs['data-mode']).toBe('center');
  });
});
