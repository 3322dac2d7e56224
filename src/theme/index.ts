/*
 * docs-build's reference theme (package export `docs-build/theme`; docs/theme.md). It reads only the
 * site data and page data the site build serves, and imports nothing from the compiler but types.
 */
import './styles/layout.css';
import './styles/content.css';

export { App, type AppProps } from './layout/App.js';
export { Layout, type LayoutProps } from './layout/Layout.js';
export { appearanceScript, appearanceStorageKey, applyAppearance, bannerStorageKey, type AppearanceMode } from './layout/appearance.js';
export { assetUrl, normalizeBase, pageHref, pageIdFromPath } from './layout/urls.js';
export { eyebrowOf, neighbours, pageOrder, pathTo, resolveBranch, type Branch, type Switcher } from './layout/navigation.js';
export { createSearch, type SearchFunction, type SearchHit } from './search/engine.js';
export { forgetSearchIndexes, loadSearch, SearchFailed, SearchStopped, type SearchClient } from './search/client.js';
export { searchablePages, searchParts, searchScope, type SearchScope } from './search/scope.js';
export { builtInComponents, PageBody, renderContent, type ComponentMap, type RenderOptions } from './content/index.js';
export { ApiReference } from './api/index.js';
export type { PageData, PageDiagnostic, PageSummary, SearchRecord, SiteData } from './types.js';
