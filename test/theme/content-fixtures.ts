import type { ContentCode, ContentComponent, ContentElement, ContentNode, ContentRoot, ContentText } from '../../src/content/types.js';
import type { Page, Site } from '../../src/manifest/types.js';

/** Small builders for content trees, a site with the seed's defaults and a page, for the theme's tests. */

export const text = (value: string): ContentText => ({ type: 'text', value });

export function el(tagName: string, properties: ContentElement['properties'] = {}, children: ContentNode[] = []): ContentElement {
  return { type: 'element', tagName, properties, children };
}

export function comp(name: string, props: ContentComponent['props'] = {}, children: ContentNode[] = [], extra: Partial<ContentComponent> = {}): ContentComponent {
  return { type: 'component', name, props, children, ...extra };
}

export function code(value: string, lang = '', meta: ContentCode['meta'] = {}, tokens?: ContentCode['tokens']): ContentCode {
  return { type: 'code', lang, meta, value, ...(tokens ? { tokens } : {}) };
}

export const root = (...children: ContentNode[]): ContentRoot => ({ type: 'root', children });

export function makeSite(overrides: Partial<Site> = {}): Site {
  return {
    theme: 'mint',
    name: 'Test docs',
    colors: { primary: '#0d9373', light: '#07c983', dark: '#0d9373' },
    logo: null,
    favicon: null,
    appearance: { default: 'system', strict: false },
    fonts: null,
    icons: { library: 'fontawesome' },
    background: {},
    styling: { eyebrows: 'section', latex: null, codeblocks: { theme: { light: 'github-light', dark: 'github-dark' } } },
    thumbnails: null,
    integrations: {},
    api: { mdx: { server: [], auth: {} }, playground: { display: null } },
    extra: {},
    ...overrides,
  };
}

export function makePage(overrides: Partial<Page> = {}): Page {
  return {
    id: 'guide',
    kind: 'page',
    title: 'Guide',
    source: { file: 'guide.mdx', line: 1, column: 1 } as Page['source'],
    hidden: false,
    inNavigation: true,
    contentHash: 'x',
    ...overrides,
  };
}
