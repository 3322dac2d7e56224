import { renderToString } from 'react-dom/server';
import { build } from '../../src/index.js';
import type { Manifest, Page } from '../../src/manifest/types.js';
import { siteData } from '../../src/site/data.js';
import { App } from '../../src/theme/layout/App.js';
import type { PageData, SiteData } from '../../src/theme/types.js';

/*
 * The theme's tests render with react-dom/server (no DOM emulation) from manifests the real compiler
 * built, and read the HTML through data-testid attributes.
 */

export async function buildManifest(root: string): Promise<Manifest> {
  const result = await build({ root });
  if (!result.manifest) throw new Error(`no manifest: ${JSON.stringify(result.diagnostics.slice(0, 3))}`);
  return result.manifest;
}

export function dataOf(manifest: Manifest, base = '/'): SiteData {
  return siteData(manifest, base, `${base}_docs-build/search/`);
}

export function pageDataOf(manifest: Manifest, id: string, extra: Partial<Page> = {}): PageData {
  const page = manifest.pages[id];
  if (!page) throw new Error(`no page ${id}`);
  return { page: { ...page, ...extra }, content: null, diagnostics: [] };
}

const noLoad = (id: string): Promise<PageData> => Promise.reject(new Error(`not loaded in tests (${id})`));

export function renderPage(data: SiteData, pageData: PageData): string {
  return renderToString(<App data={data} pageId={pageData.page.id} pageData={pageData} loadPage={noLoad} />);
}

export interface Found {
  tag: string;
  attrs: Record<string, string>;
  /** The element's text, tags removed and entities decoded. */
  text: string;
  html: string;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: '\u00a0' };

function decode(text: string): string {
  return text.replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => entities[name.toLowerCase()] ?? whole);
}

function attributesOf(openTag: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const match of openTag.matchAll(/\s([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:="([^"]*)")?/g)) attrs[match[1]!] = decode(match[2] ?? '');
  return attrs;
}

const voidTags = new Set(['img', 'input', 'link', 'meta', 'br', 'hr', 'source']);

/** The end of the element opening at `start` (same-name tags counted; React's output is well formed). */
function elementEnd(html: string, start: number, tag: string): number {
  const pattern = new RegExp(`<(/?)${tag}(?=[\\s>/])[^>]*>`, 'g');
  pattern.lastIndex = start;
  let depth = 0;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    depth += match[1] === '/' ? -1 : 1;
    if (depth === 0) return match.index + match[0].length;
  }
  return html.length;
}

/** Every element with `data-testid="<id>"`, in document order. */
export function byTestId(html: string, id: string): Found[] {
  const found: Found[] = [];
  const pattern = new RegExp(`<([a-zA-Z][a-zA-Z0-9]*)\\b[^>]*\\sdata-testid="${id}"[^>]*>`, 'g');
  for (const match of html.matchAll(pattern)) {
    const tag = match[1]!;
    const end = voidTags.has(tag) ? match.index + match[0].length : elementEnd(html, match.index, tag);
    const outer = html.slice(match.index, end);
    found.push({ tag, attrs: attributesOf(match[0]), html: outer, text: decode(outer.replace(/<[^>]*>/g, '')) });
  }
  return found;
}

export function one(html: string, id: string): Found {
  const found = byTestId(html, id);
  if (found.length !== 1) throw new Error(`expected one data-testid="${id}", found ${found.length}`);
  return found[0]!;
}
