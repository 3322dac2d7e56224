/*
 * `docs-build/vite`: the Vite plugin and the static export (docs/site.md).
 *
 *   import { docsBuild } from 'docs-build/vite';
 *   export default { plugins: [docsBuild({ root: 'docs' })] };
 */
export { docsBuild, docsBuildCore, errorOverlay, type DocsBuildOptions, type SiteBuildEvent } from './plugin.js';
export { exportSite, exportMarker, pageHtmlPath, type ExportOptions, type ExportResult } from './export.js';
export { SiteCompiler, SiteSnapshot, siteChange, type SiteChange, type SiteCompileOptions } from './compiler.js';
export { ignoredPath } from '../root/index.js';
export { watchDocsRoot, type DocsWatcher, type DocsWatcherOptions } from './watcher.js';
export { siteModuleId, routesModuleId, pageModulePrefix, pageModuleId } from './modules.js';
