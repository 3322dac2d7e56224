import { slug } from 'github-slugger';
import { closestMatches, distanceWithin, rankCandidates } from '../diagnostics/index.js';
import { decodeComponent, decodePath } from './decode.js';
import { hasParameters, stripTrailingSlash, type Redirect } from './redirects.js';
import { pageUrl, type LinkSite } from './site.js';

/** Why a link resolves to nothing. */
export type BrokenReason = 'page' | 'asset' | 'anchor' | 'invalid' | 'redirect-loop';

export type ResolvedHref =
  /** A page of the site; `anchor` decoded. `assumed`: under a prefix whose pages could not be listed. */
  | { kind: 'page'; page: string; anchor?: string; query?: string; assumed?: true }
  /** A file of the root (or one the service generates): `path` root-absolute (`/images/a.png`). */
  | { kind: 'asset'; path: string; anchor?: string; query?: string }
  /** A path a redirect catches; `target` is where the chain of redirects ends. */
  | { kind: 'redirect'; path: string; chain: Redirect[]; target: ResolvedHref }
  | { kind: 'external'; url: string }
  /** A link no checker can follow: `mailto:`, `tel:`, `{{variable}}`, `javascript:`. */
  | { kind: 'other'; scheme: string }
  | { kind: 'broken'; reason: BrokenReason; message: string; suggestions: string[]; page?: string; anchor?: string; loop?: string[] };

export interface ResolveOptions {
  /** What the link is: an image must be a file; a link may be a page or a file. Default `link`. */
  kind?: 'link' | 'image' | 'prop';
}

const maxRedirectHops = 20;
const base = 'http://docs.invalid';
const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/;
const looksLikeDomain = /^(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|io|dev|ai|co|app)(?:[/?#]|$)/i;

/**
 * `{{name}}` left in an href: a placeholder the author fills elsewhere. Two index searches, not the
 * regular expression `\{\{.*\}\}`, which backtracks quadratically over a long run of `{` (200,000 of
 * them in a logo href took 29 s).
 */
function isTemplate(href: string): boolean {
  const open = href.indexOf('{{');
  return open >= 0 && href.indexOf('}}', open + 2) >= 0;
}

/**
 * Resolves an href written on page `fromPageId` as a browser does: relative to the page's own URL
 * (`ruby` on `sdks/overview` is `/sdks/ruby`; `x/index.mdx` is served at `/x`), then against the
 * site's pages, files and redirects (docs/links.md has every rule).
 */
export function resolveHref(href: string, fromPageId: string | undefined, site: LinkSite, options: ResolveOptions = {}): ResolvedHref {
  const written = href.trim();
  if (isTemplate(written)) return { kind: 'other', scheme: 'template' };
  if (written.startsWith('//')) return { kind: 'external', url: `https:${written}` };
  const schemeMatch = scheme.exec(written);
  if (schemeMatch) {
    const name = schemeMatch[1]!.toLowerCase();
    return name === 'http' || name === 'https' ? { kind: 'external', url: written } : { kind: 'other', scheme: name };
  }
  const parts = splitHref(written, fromPageId === undefined ? '/' : pageUrl(fromPageId));
  if (!parts.ok) return broken('invalid', `"${href}" is not a valid URL: ${parts.why}`, []);
  const { path, anchor, query } = parts;
  const resolver = new PathResolver(site, options.kind ?? 'link');
  // A redirect of this very fragment or query (`/docs/#errors`): the browser follows it (the theme does).
  const addressed = resolver.addressed(path, query, anchor, []);
  if (addressed) return addressed;
  // `#` alone, or the href empty: the page itself, top.
  const resolved = resolver.resolve(path, query, []);
  // `www.example.com/x` is a relative path to a browser; the author meant a URL.
  if (resolved.kind === 'broken' && looksLikeDomain.test(written)) return { ...resolved, suggestions: [`https://${written}`, ...resolved.suggestions] };
  // `[1]: (https://x)` makes the parentheses part of the URL: a browser reads a relative path.
  const embedded = resolved.kind === 'broken' ? /https?:\/\/[^\s()<>"']+/.exec(written) : null;
  if (resolved.kind === 'broken' && embedded) return { ...resolved, suggestions: [embedded[0], ...resolved.suggestions] };
  return anchor === undefined ? resolved : withAnchor(resolved, anchor, site);
}

interface HrefParts {
  ok: true;
  /** Decoded, root-absolute, without trailing slash (`/` for the root). */
  path: string;
  anchor?: string;
  query?: string;
}

function splitHref(href: string, pageBase: string): HrefParts | { ok: false; why: string } {
  let url: URL;
  try {
    url = new URL(href, `${base}${pageBase}`);
  } catch {
    return { ok: false, why: 'it cannot be parsed' };
  }
  const path = decodePath(url.pathname);
  if (path === undefined) return { ok: false, why: 'it holds a malformed percent-encoding' };
  const parts: HrefParts = { ok: true, path: stripTrailingSlash(path) };
  const hash = href.indexOf('#');
  if (hash >= 0) {
    const anchor = decodeComponent(href.slice(hash + 1));
    if (anchor === undefined) return { ok: false, why: 'its #anchor holds a malformed percent-encoding' };
    parts.anchor = anchor;
  }
  if (url.search !== '') parts.query = url.search;
  return parts;
}

/** A root-absolute decoded path (`/`, `/guides/setup`) against pages, twins, files and redirects. */
export function resolvePath(path: string, site: LinkSite, kind: 'link' | 'image' | 'prop' = 'link', query?: string): ResolvedHref {
  return new PathResolver(site, kind).resolve(path, query, []);
}

class PathResolver {
  constructor(
    private readonly site: LinkSite,
    private readonly kind: 'link' | 'image' | 'prop',
  ) {}

  resolve(path: string, query: string | undefined, chain: Redirect[]): ResolvedHref {
    const relative = path.replace(/^\/+/, '');
    const found = this.direct(relative, query);
    if (found) return found;
    const redirected = this.site.redirects.match(`/${relative}`);
    if (redirected) return this.follow(`/${relative}`, redirected.compiled.redirect, redirected.destination, chain);
    if (this.site.isUnverified(relative)) return { kind: 'page', page: relative, assumed: true };
    return this.broken(relative);
  }

  /** Where a redirect whose source has a query or fragment sends this URL, when one takes it (`RedirectTable.matchAddress`). */
  addressed(path: string, query: string | undefined, anchor: string | undefined, chain: Redirect[]): ResolvedHref | undefined {
    if (query === undefined && anchor === undefined) return undefined;
    const hit = this.site.redirects.matchAddress(path, query, anchor);
    return hit ? this.follow(path, hit.compiled.redirect, hit.destination, chain) : undefined;
  }

  /** A page, its Markdown twin, or a file: what the path names without any redirect. */
  private direct(relative: string, query: string | undefined): ResolvedHref | undefined {
    const withQuery = (value: ResolvedHref & { kind: 'page' | 'asset' }): ResolvedHref => (query === undefined ? value : { ...value, query });
    if (this.kind !== 'image' || !/\.[A-Za-z0-9]+$/.test(relative)) {
      const page = this.site.pageAt(relative);
      if (page !== undefined) return withQuery({ kind: 'page', page });
    }
    // `x.md` and `x.mdx` are the page `x`: the service serves a page's Markdown twin at `x.md`, and
    // links written for a repository browser name the source file.
    const twin = /^(.*)\.mdx?$/.exec(relative);
    if (twin) {
      const page = this.site.pageAt(twin[1]!);
      if (page !== undefined) return withQuery({ kind: 'page', page });
    }
    if (relative !== '' && this.site.hasFile(relative)) {
      if (!this.site.publishes(relative)) {
        return broken('asset', `"/${relative}" is a file of the docs root that the site does not publish (settings, page sources and scripts, snippets/ and hidden files are not)`, suggestFiles(relative, this.site));
      }
      return withQuery({ kind: 'asset', path: `/${relative}` });
    }
    return undefined;
  }

  private follow(from: string, redirect: Redirect, destination: string, chain: Redirect[]): ResolvedHref {
    const nextChain = [...chain, redirect];
    if (chain.includes(redirect) || nextChain.length > maxRedirectHops) {
      const cycle = chain.includes(redirect) ? chain.slice(chain.indexOf(redirect)) : nextChain;
      return { kind: 'broken', reason: 'redirect-loop', message: `redirects loop: ${describeChain(cycle)}`, suggestions: [], loop: cycle.map((r) => r.source) };
    }
    let target: ResolvedHref;
    if (scheme.test(destination) || destination.startsWith('//')) target = { kind: 'external', url: destination.startsWith('//') ? `https:${destination}` : destination };
    else if (hasParameters(destination)) {
      const { prefix, taken } = destinationFamily(destination, redirect, this.site);
      target = taken ? { kind: 'page', page: prefix, assumed: true } : this.broken(prefix);
    } else {
      const parts = splitHref(destination, '/');
      const addressed = parts.ok ? this.addressed(parts.path, parts.query, parts.anchor, nextChain) : undefined;
      if (addressed) target = addressed;
      else {
        target = parts.ok ? this.resolve(parts.path, parts.query, nextChain) : broken('invalid', `redirect destination "${destination}" is not a valid URL`, []);
        if (parts.ok && parts.anchor !== undefined && target.kind !== 'broken') target = withAnchor(target, parts.anchor, this.site);
      }
    }
    if (target.kind === 'redirect') return { kind: 'redirect', path: from, chain: [redirect, ...target.chain], target: target.target };
    return { kind: 'redirect', path: from, chain: [redirect], target };
  }

  private broken(relative: string): ResolvedHref {
    const looksLikeFile = /\.[A-Za-z0-9]{1,5}$/.test(relative) && !/\.mdx?$/.test(relative);
    if (this.kind === 'image' || looksLikeFile) {
      return broken('asset', `"/${relative}" is not a file of the docs root`, suggestFiles(relative, this.site));
    }
    const caseOnly = this.site.pageAtIgnoringCase(relative);
    const suggestions = caseOnly !== undefined ? [pageUrl(caseOnly)] : suggestPages(relative, this.site);
    return broken('page', `"/${relative}" is not a page, a file or a redirect of the site`, suggestions);
  }
}

/**
 * A destination with a parameter its source did not fill is a family of paths: its fixed part (without
 * slashes before it), and whether one page under it will do, or another redirect takes paths under it.
 */
export function destinationFamily(destination: string, redirect: Redirect, site: LinkSite): { prefix: string; taken: boolean } {
  const prefix = familyPrefix(destination);
  if (site.hasPageUnder(prefix)) return { prefix, taken: true };
  // The redirect that takes them on must lead somewhere itself: a fixed destination (checked on its
  // own), or a family with a page under it; two families sending paths to each other lead nowhere.
  const catcher = site.redirects.catcherBelow(`/${prefix}`, redirect);
  const taken = catcher !== undefined && (!hasParameters(catcher.destination) || site.hasPageUnder(familyPrefix(catcher.destination)));
  return { prefix, taken };
}

/** A destination's fixed part, before its first parameter, without slashes before it. */
function familyPrefix(destination: string): string {
  return destination.split(/\/?:[A-Za-z_]|\/?\*/, 1)[0]!.replace(/^\/+/, '');
}

function withAnchor(resolved: ResolvedHref, anchor: string, site: LinkSite): ResolvedHref {
  switch (resolved.kind) {
    case 'page': {
      const result: ResolvedHref = anchor === '' ? resolved : { ...resolved, anchor };
      if (anchor === '' || resolved.assumed) return result;
      const anchors = site.anchorsOf(resolved.page);
      if (anchors === undefined || anchors.has(anchor)) return result;
      return {
        kind: 'broken',
        reason: 'anchor',
        message: `"#${anchor}" is not a heading or id of ${pageUrl(resolved.page)}`,
        suggestions: suggestAnchors(anchor, anchors),
        page: resolved.page,
        anchor,
      };
    }
    case 'asset':
      // A fragment of a file (`guide.pdf#page=2`) is the viewer's business.
      return anchor === '' ? resolved : { ...resolved, anchor };
    case 'redirect': {
      // The browser keeps the fragment across a redirect whose destination has none.
      const target = resolved.target.kind === 'page' && resolved.target.anchor === undefined ? withAnchor(resolved.target, anchor, site) : resolved.target;
      return { ...resolved, target };
    }
    default:
      return resolved;
  }
}

function broken(reason: BrokenReason, message: string, suggestions: string[]): ResolvedHref {
  return { kind: 'broken', reason, message, suggestions };
}

function describeChain(chain: readonly Redirect[]): string {
  return [chain[0]!.source, ...chain.map((r) => r.destination)].join(' -> ');
}

/** Pages close to `relative`: by edit distance, then pages with the same last segment (a moved page). */
function suggestPages(relative: string, site: LinkSite): string[] {
  const needle = relative.toLowerCase();
  const last = needle.slice(needle.lastIndexOf('/') + 1);
  const budget = Math.max(3, Math.floor(needle.length / 4));
  const cost = (candidate: string): number | undefined => {
    const hay = candidate.toLowerCase();
    const near = distanceWithin(needle, hay, budget);
    if (near !== undefined) return near;
    const tail = hay.slice(hay.lastIndexOf('/') + 1);
    return last.length >= 4 && tail === last ? budget + 1 + Math.abs(hay.length - needle.length) / 1000 : undefined;
  };
  return rankCandidates(site.paths(), { key: (path) => path, cost, limit: 3 }).map((path) => `/${path}`);
}

/**
 * Files of the root close to a missing one: those with its name, else the other files that are not
 * page sources (an asset link is not fixed by a page's `.mdx`; pages are suggested as pages). Computed
 * once per missing path and site: translated pages repeat the same missing image (firecrawl-docs: 563
 * findings measured against 5,500 files each took 5 s of a 22 s build).
 */
function suggestFiles(relative: string, site: LinkSite): string[] {
  let known = fileSuggestions.get(site);
  if (!known) fileSuggestions.set(site, (known = new Map()));
  let suggestions = known.get(relative);
  if (!suggestions) {
    const name = relative.slice(relative.lastIndexOf('/') + 1).toLowerCase();
    const files = [...site.fileList()];
    const sameName = files.filter((file) => file.slice(file.lastIndexOf('/') + 1).toLowerCase() === name);
    const pool = sameName.length > 0 ? sameName : pageSource.test(relative) ? files : files.filter((file) => !pageSource.test(file));
    suggestions = closestMatches(relative, pool, 3).map((file) => `/${file}`);
    known.set(relative, suggestions);
  }
  return suggestions;
}

const pageSource = /\.mdx?$/i;
const fileSuggestions = new WeakMap<LinkSite, Map<string, string[]>>();

function suggestAnchors(anchor: string, anchors: ReadonlySet<string>): string[] {
  const slugged = slug(anchor);
  if (slugged !== anchor && anchors.has(slugged)) return [`#${slugged}`];
  return closestMatches(anchor, anchors, 2).map((id) => `#${id}`);
}

/** The root-absolute href a resolved link is rewritten to, or undefined to keep it as written. */
export function resolvedHref(resolved: ResolvedHref): string | undefined {
  switch (resolved.kind) {
    case 'page':
      return resolved.assumed ? undefined : `${encodePath(pageUrl(resolved.page))}${resolved.query ?? ''}${resolved.anchor !== undefined ? `#${encodeURIComponent(resolved.anchor)}` : ''}`;
    case 'asset':
      return `${encodePath(resolved.path)}${resolved.query ?? ''}${resolved.anchor !== undefined ? `#${resolved.anchor}` : ''}`;
    case 'redirect':
      return resolved.target.kind === 'page' || resolved.target.kind === 'asset' ? resolvedHref(resolved.target) : resolved.target.kind === 'external' ? resolved.target.url : undefined;
    default:
      return undefined;
  }
}

function encodePath(path: string): string {
  return encodeURI(path).replace(/[?#]/g, (c) => encodeURIComponent(c));
}


