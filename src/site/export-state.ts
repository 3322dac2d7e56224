import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { generatorName, generatorVersion } from '../version.js';

/** The file that marks a folder as an export of docs-build: only such a folder is ever replaced or updated. */
export const exportMarker = '.docs-build-export';

const stateFormat = 2;

/** The client bundle an export loads: Vite's entry, stylesheets and module preloads, as paths under the base. */
export interface ClientBundle {
  entry: string;
  css: string[];
  preload: string[];
  /** Every file the bundle wrote, relative to the export folder. */
  files: string[];
}

/**
 * What an export wrote and from what, kept in its marker so the next export of the same docs can update
 * the folder in place: re-render only the pages whose data changed, copy only the files that did.
 */
export interface ExportState {
  format: typeof stateFormat;
  /** Everything every page's HTML depends on: docs-build and its theme, the site data, base and site URL. */
  shared: string;
  /** The compiler run (`SiteSnapshot.run`) the page keys were made from: a run that patched it changed only the pages it names. */
  run?: string;
  /** The hash of the manifest the export was made from (`SiteSnapshot.manifestHash`). */
  manifestHash?: string;
  /**
   * Its site data as `SiteSnapshot.siteKey` (part of `shared`, which vouches for it): the site data of
   * that manifest and of a patch of it, known without parsing one.
   */
  siteData: string;
  bundle: ClientBundle;
  /** Per page: the key of its data, the icons its HTML uses (`lucide/book-open.svg`), whether it has a Markdown twin. */
  pages: Record<string, ExportedPage>;
  /** The icons of 404.html (made from the shared data alone). */
  notFoundIcons: string[];
  /** Every other file (relative path): the key of what it was made from. */
  files: Record<string, string>;
}

export interface ExportedPage {
  key: string;
  icons: string[];
  twin?: true;
}

export function hashKey(...parts: string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex').slice(0, 32);
}

/**
 * The state as the marker holds it: each icon path once, every page naming its icons by index (a site's
 * pages share most of theirs: 60,000 names on firecrawl-docs, 1.5 MB of its marker).
 */
interface StoredState extends Omit<ExportState, 'pages'> {
  icons: string[];
  pages: Record<string, Omit<ExportedPage, 'icons'> & { icons: number[] }>;
}

/** The marker's text: who wrote the folder and, once it is complete, what is in it. */
export function markerText(state: ExportState | undefined): string {
  return `${JSON.stringify({ generator: generatorName, version: generatorVersion, ...(state ? { state: storedState(state) } : {}) })}\n`;
}

function storedState(state: ExportState): StoredState {
  const icons: string[] = [];
  const indexes = new Map<string, number>();
  const indexOf = (icon: string): number => {
    let at = indexes.get(icon);
    if (at === undefined) {
      at = icons.push(icon) - 1;
      indexes.set(icon, at);
    }
    return at;
  };
  const pages = Object.fromEntries(Object.entries(state.pages).map(([id, page]) => [id, { ...page, icons: page.icons.map(indexOf) }]));
  return { ...state, icons, pages };
}

/**
 * The state an earlier export left in `outDir`'s marker, or undefined when there is none usable. The
 * folder is not trusted: a marker of another shape, or paths that would leave the folder, mean no state
 * (the export then writes the whole folder again).
 */
export function readExportState(outDir: string): ExportState | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path.join(outDir, exportMarker), 'utf8'));
  } catch {
    return undefined;
  }
  const stored = isRecord(parsed) ? parsed['state'] : undefined;
  if (!isRecord(stored) || !isRelativeList(stored['icons']) || !isRecord(stored['pages'])) return undefined;
  const pages = pagesOf(stored['pages'], stored['icons']);
  if (!pages) return undefined;
  const state: Record<string, unknown> = { ...stored, pages };
  delete state['icons'];
  return isExportState(state) ? state : undefined;
}

/** The pages of a stored state with their icons named (each index one of `icons`), or undefined. */
function pagesOf(stored: Record<string, unknown>, icons: readonly string[]): ExportState['pages'] | undefined {
  const pages: Array<[string, ExportedPage]> = [];
  for (const [id, page] of Object.entries(stored)) {
    if (!isRecord(page) || typeof page['key'] !== 'string' || !Array.isArray(page['icons']) || (page['twin'] !== undefined && page['twin'] !== true)) return undefined;
    const names: string[] = [];
    for (const at of page['icons'] as unknown[]) {
      const name = Number.isInteger(at) ? icons[at as number] : undefined;
      if (name === undefined) return undefined;
      names.push(name);
    }
    pages.push([id, { key: page['key'], icons: names, ...(page['twin'] ? { twin: true as const } : {}) }]);
  }
  // Own properties whatever the id (`__proto__` included).
  return Object.fromEntries(pages);
}

/** The rest of a state, its pages already read (`pagesOf`). */
function isExportState(value: Record<string, unknown>): value is Record<string, unknown> & ExportState {
  if (value['format'] !== stateFormat || typeof value['shared'] !== 'string') return false;
  if ((value['run'] !== undefined && typeof value['run'] !== 'string') || (value['manifestHash'] !== undefined && typeof value['manifestHash'] !== 'string') || typeof value['siteData'] !== 'string') return false;
  if (!isClientBundle(value['bundle'])) return false;
  if (!isRelativeList(value['notFoundIcons'])) return false;
  const files = value['files'];
  if (!isRecord(files)) return false;
  return Object.entries(files).every(([file, key]) => isRelative(file) && typeof key === 'string');
}

/** A client bundle's description whose every path stays inside the folder it describes. */
export function isClientBundle(value: unknown): value is ClientBundle {
  return isRecord(value) && isRelative(value['entry']) && isRelativeList(value['css']) && isRelativeList(value['preload']) && isRelativeList(value['files']);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `/`-separated segments, none empty, `.` or `..`, and no backslash or NUL (no file system takes one). */
const relativePath = /^(?!\.{1,2}(?:\/|$))[^/\\\0]+(?:\/(?!\.{1,2}(?:\/|$))[^/\\\0]+)*$/;

/** A path inside the export folder: relative, `/`-separated, no `..` or empty segment. */
export function isRelative(value: unknown): value is string {
  return typeof value === 'string' && relativePath.test(value);
}

function isRelativeList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every(isRelative);
}
