import type { NavNode, Page, PageKind, SchemaEntry, Site } from '../manifest/types.js';
import type { PageContent, TocEntry } from '../content/types.js';

/*
 * The contract between the site build (Vite plugin, dev server, export) and a theme (docs/theme.md).
 * The theme imports only types from the compiler: these, src/manifest/types.ts and src/content/types.ts.
 */

export type { NavNode, Page, PageKind, Site } from '../manifest/types.js';
export type { ContentNode, ContentRoot, PageContent, SearchRecord, TocEntry } from '../content/types.js';

/** What the sidebar, search and previous/next links need of a page: never its body. */
export interface PageSummary {
  id: string;
  title: string;
  sidebarTitle?: string;
  description?: string;
  kind: PageKind;
  /** Operation pages: the HTTP method, for the sidebar's method badge. */
  method?: string;
  hidden: boolean;
  /** `false` for pages reachable only by URL (not listed in docs.json's navigation). */
  inNavigation: boolean;
  /** Listed only under hidden navigation nodes (a hidden group, tab or version), none of them `searchable: true`. */
  navigationHidden?: true;
  /** Frontmatter `noindex: true`: kept out of search, the sitemap and crawlers, though listed. */
  noindex?: true;
  /** Frontmatter `searchable: false`: kept out of the site's search only. */
  searchable?: false;
  deprecated?: boolean;
}

/** Default export of `virtual:docs-build/site`: the site's settings and navigation, loaded once. */
export interface SiteData {
  site: Site;
  navigation: NavNode[];
  pages: Record<string, PageSummary>;
  /** Public base path of the site, with a trailing slash (`/`, `/docs/`). */
  base: string;
  /**
   * URL of the folder of the search records' parts (`<folder><name>.json`, each a JSON array of
   * `SearchRecord`; `searchParts` names them), fetched when the search dialog first opens: the reader's
   * language and version alone. Absent when no index was built (the search button then says so).
   */
  searchIndexFolder?: string;
  /** Redirects the theme's client follows (a source with a fragment or query): absent when there are none. */
  clientRedirects?: ClientRedirect[];
}

/**
 * A redirect only the browser can follow: no server sees a URL's fragment, and static hosts match no
 * query. `from` matches a URL whose path under the base, decoded and without slashes around it, is
 * `path`, and whose query (when given) is `query` and decoded fragment (when given) `fragment`.
 */
export interface ClientRedirect {
  from: { path: string; query?: string; fragment?: string };
  /** A URL: under the base, or external. */
  to: string;
}

/** A diagnostic of the page shown by the theme in dev (a page with errors still renders). */
export interface PageDiagnostic {
  severity: 'error' | 'warning' | 'info';
  code: string;
  message: string;
  file?: string;
  line?: number;
  column?: number;
}

/** Default export of `virtual:docs-build/page/<id>`: one page, loaded on demand. */
export interface PageData {
  page: Page;
  /** `null` when the page has no content file (an operation page without `x-docs.content`). */
  content: PageContent | null;
  diagnostics: PageDiagnostic[];
  /**
   * The entries of the manifest's `schemas` the page's reference shows: an `openapi-schema:` page's own
   * schema, and a request or response body given by reference (`schemaRef` of a media type). Absent
   * when it shows none.
   */
  schemas?: Record<string, SchemaEntry>;
}

/** Table of contents of a page as the manifest records it (`pages[id].content.toc`). */
export type PageToc = TocEntry[];
