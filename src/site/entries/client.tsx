/// <reference types="vite/client" />
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import site from 'virtual:docs-build/site';
import routes from 'virtual:docs-build/routes';
import { App, forgetSearchIndexes } from '../../theme/index.js';
import type { PageData } from '../../theme/types.js';
import { pageIdFromPath } from '../../theme/layout/urls.js';
import { dataKey } from './data-key.js';
import { notFoundPage } from './not-found.js';
import { errorsClearedEvent, pageDataEvent } from './page-data-event.js';

/*
 * The browser entry: hydrates the server-rendered page, and in dev re-renders it in place when an edit
 * of the page or of a snippet it uses sends its new data (`pageDataEvent`): no reload, so the scroll
 * position and open components stay.
 */

const rootElement = document.getElementById('docs-build-root')!;
const marker = JSON.parse(document.getElementById('docs-build-page')?.textContent ?? '{}') as { id?: string; found?: boolean; key?: string };

/** The newest data of each page a hot update delivered: an import() of a page module keeps its first version. */
const latest = new Map<string, PageData>();

function loadPage(id: string): Promise<PageData> {
  const updated = latest.get(id);
  if (updated) return Promise.resolve(updated);
  const load = Object.hasOwn(routes, id) ? routes[id] : undefined;
  return load ? load() : Promise.reject(new Error(`no page "${id}"`));
}

function view(pageId: string, pageData: PageData) {
  return <App data={site} pageId={pageId} pageData={pageData} loadPage={loadPage} />;
}

async function start(): Promise<Root> {
  const id = marker.id ?? 'index';
  const pageData = marker.found === false ? notFoundPage() : await loadPage(id);
  const app = view(marker.found === false ? pageData.page.id : id, pageData);
  // Dev: the modules came from a later build than the HTML (data-key.ts); render them, do not hydrate.
  if (marker.key !== undefined && marker.key !== dataKey(JSON.stringify(site), JSON.stringify(marker.found === false ? null : pageData))) {
    rootElement.dataset.start = 'render';
    const root = createRoot(rootElement);
    root.render(app);
    return root;
  }
  rootElement.dataset.start = 'hydrate';
  return hydrateRoot(rootElement, app);
}

const root = start();

if (import.meta.hot) {
  import.meta.hot.on(pageDataEvent, (pages: PageData[]) => {
    for (const data of pages) latest.set(data.page.id, data);
    // The edit changed the search records too: the next search loads them again.
    forgetSearchIndexes();
    // The page shown now (client-side navigation may have moved on from the first one).
    const shown = pageIdFromPath(site.base, site.pages, window.location.pathname);
    const data = shown === undefined ? undefined : latest.get(shown);
    if (data && pages.includes(data)) void root.then((r) => r.render(view(shown!, data)));
  });
  import.meta.hot.on(errorsClearedEvent, () => {
    for (const overlay of document.querySelectorAll('vite-error-overlay')) (overlay as HTMLElement & { close?: () => void }).close?.();
  });
}
