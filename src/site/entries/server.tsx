import { renderToString } from 'react-dom/server';
import { App } from '../../theme/index.js';
import type { PageData, SiteData } from '../../theme/types.js';
import { notFoundPage } from './not-found.js';

/*
 * The server entry: the page as HTML, with the same App the client hydrates. Loaded through Vite
 * (ssrLoadModule) in dev and export alike, so both render with the same code and the same transforms.
 */

export interface RenderInput {
  data: SiteData;
  /** The page to render; `undefined` renders the not-found page. */
  pageId: string | undefined;
  pageData: PageData | undefined;
}

const noLoad = (id: string): Promise<PageData> => Promise.reject(new Error(`pages are not loaded while rendering on the server (${id})`));

export function render(input: RenderInput): string {
  const pageData = input.pageData ?? notFoundPage();
  const pageId = input.pageData ? (input.pageId ?? pageData.page.id) : pageData.page.id;
  return renderToString(<App data={input.data} pageId={pageId} pageData={pageData} loadPage={noLoad} />);
}
