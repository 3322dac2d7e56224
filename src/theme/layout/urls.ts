import type { ClientRedirect } from '../types.js';

/*
 * URLs of pages and files. A page's URL is the base plus its id (`/docs/guides/setup`); the page `index`
 * is the base itself, and `x/index` is `x`. Content links arrive as `/<page id>#anchor` (the link stage
 * rewrites them), so resolving accepts paths with and without the base, a trailing slash, `.html` and
 * `/index`.
 */

/** `docs` -> `/docs/`; `''` -> `/`. */
export function normalizeBase(base: string): string {
  const trimmed = base.replace(/^\/+|(?<!\/)\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}/`;
}

function encodeId(id: string): string {
  return id.split('/').map(encodeURIComponent).join('/');
}

export function pageHref(base: string, id: string, anchor?: string): string {
  return `${normalizeBase(base)}${encodeId(pagePath(id))}${anchor ? `#${encodeURIComponent(anchor)}` : ''}`;
}

/**
 * Where a page is served under the base, as the service serves it and the compiler's links resolve
 * (docs/links.md): `index` is the base itself, `guides/index` is `guides`, any other id is itself.
 */
export function pagePath(id: string): string {
  if (id === 'index') return '';
  return id.endsWith('/index') ? id.slice(0, -'/index'.length) : id;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The id a URL's fragment (`#caf%C3%A9`) names, decoded (as written when an escape does not decode); `''` for none. */
export function fragmentId(hash: string): string {
  return safeDecode(hash.replace(/^#/, ''));
}

/** A pathname under the base, decoded, without slashes around it (`/docs/a/b/` -> `a/b` under `/docs/`). */
function pathUnderBase(base: string, pathname: string): string {
  const prefix = normalizeBase(base);
  let rest = safeDecode(pathname);
  if (rest.startsWith(prefix)) rest = rest.slice(prefix.length);
  else if (`${rest}/` === prefix) rest = '';
  return rest.replace(/^\/+|(?<!\/)\/+$/g, '');
}

/** The page a pathname shows, or `undefined` when it is not one of `pages`. */
export function pageIdFromPath(base: string, pages: Record<string, unknown>, pathname: string): string | undefined {
  const rest = pathUnderBase(base, pathname).replace(/\.html$/, '');
  const candidates = rest === '' ? ['index'] : [rest, `${rest}/index`, rest.replace(/\/index$/, '')];
  return candidates.find((id) => Object.hasOwn(pages, id));
}

/**
 * A docs-root file path (`/logo/light.svg`, `images/a.png`, `./logo/dark.svg`) as a URL under the base;
 * URLs stay as they are. A leading `./` goes: `/./logo` is the same file, but Vite's transform of the
 * preview's HTML writes it `/logo`, and the page then hydrated with other attributes than the server's
 * (upstash-docs' logos, on every page).
 */
export function assetUrl(base: string, file: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(file) || file.startsWith('//')) return file;
  return `${normalizeBase(base)}${file.replace(/^(?:\.?\/)+/, '')}`;
}

export function isExternal(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');
}

/** A link from the settings (navbar, footer, banner, anchors): site-absolute paths go under the base. */
export function linkHref(base: string, href: string): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href;
  return `${normalizeBase(base)}${href.slice(1)}`;
}

/**
 * Where a client redirect (`SiteData.clientRedirects`) sends `href`, an absolute URL; undefined when none
 * matches, or the one that does leads back to `href` itself.
 */
export function clientRedirectTarget(base: string, redirects: readonly ClientRedirect[] | undefined, href: string): string | undefined {
  if (redirects === undefined) return undefined;
  const url = new URL(href);
  const path = pathUnderBase(base, url.pathname);
  // As `addressTakes` in src/links/redirects.ts matches (the theme reads the site data alone): the
  // query in URLSearchParams' form, the fragment decoded.
  const query = new URLSearchParams(url.search).toString();
  const fragment = fragmentId(url.hash);
  const match = redirects.find(({ from }) => from.path === path && (from.query === undefined || from.query === query) && (from.fragment === undefined || from.fragment === fragment));
  if (match === undefined) return undefined;
  const target = new URL(match.to, url);
  return target.href === url.href ? undefined : target.href;
}
