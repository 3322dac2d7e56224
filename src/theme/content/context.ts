import { createContext, useContext, type ComponentType } from 'react';
import type { Page, Site } from '../../manifest/types.js';
import type { ContentComponent } from '../../content/types.js';

/** A JSON value as the content files hold them (the theme imports only the compiler's content and manifest types). */
export type JsonValue = ContentComponent['props'][string];

/**
 * Components by the name a page writes (`Note`, `Tree.Folder`) plus `CodeBlock` and `Mermaid`, which
 * render fenced code. Props are the component's JSON props, its slots (JSX-valued props) as React
 * nodes, and `children` (docs/theme.md#components).
 */
// Each component has its own props; the map is looked up by a name that comes from data.
export type ComponentMap = Record<string, ComponentType<any>>;

export interface RenderOptions {
  site: Site;
  /** The page being rendered (some components read its API data); null for a snippet or a preview. */
  page?: Page | null;
  /** Replaces built-in components by name, or adds new names. */
  components?: Partial<ComponentMap>;
  /** The dev preview: marks unknown components and islands instead of hiding them. */
  preview?: boolean;
  /** Public base path with a trailing slash (`SiteData.base`); site-absolute links and icons get it. */
  base?: string;
}

/** What every component of a rendered page can read. */
export interface ContentEnv {
  site: Site | null;
  page: Page | null;
  components: ComponentMap;
  preview: boolean;
  base: string;
}

const fallbackEnv: ContentEnv = { site: null, page: null, components: {}, preview: false, base: '/' };

export const ContentContext = createContext<ContentEnv>(fallbackEnv);

/** The environment of the page being rendered (a component used on its own gets neutral defaults). */
export function useContentEnv(): ContentEnv {
  return useContext(ContentContext);
}

/** A site-absolute path (`/guides/a`) under the public base; URLs, anchors and relative paths stay. */
export function withBase(base: string, href: string): string {
  if (!href.startsWith('/') || href.startsWith('//') || base === '/' || base === '') return href;
  return (base.endsWith('/') ? base.slice(0, -1) : base) + href;
}
