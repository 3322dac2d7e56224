import { isJsonObject, joinPointer, type JsonValue } from '../diagnostics/index.js';
import { trimSlashes, trimTrailingSlashes } from '../fields/http.js';
import { decodeComponent, decodePath } from './decode.js';

/** One entry of docs.json `redirects`, with the pointer of the entry in the composed docs.json. */
export interface Redirect {
  source: string;
  destination: string;
  /** Pointer of the entry (`/redirects/3`); absent for redirects made by hand (tests, tools). */
  pointer?: string;
}

/** A redirect whose source is ready to match paths. */
export interface CompiledRedirect {
  redirect: Redirect;
  /** Index in the list: the first matching redirect wins, as on the service. */
  index: number;
  /** The source without a trailing slash, when it has no parameter (matched by equality). */
  exact?: string;
  pattern?: RegExp;
  /** The parameter names of `pattern`'s groups, in order (`*` for a bare star). */
  names?: string[];
  /**
   * Why the source is not matched at all: parameters that can take the same text, whose matching time
   * grows with the path's length to the power of their number (see `compileRedirect`).
   */
  ambiguous?: string;
}

/** `:name`, `:name*`, `:name+`, `:name?` (each optionally preceded by `/`) and a bare `*`. */
const parameter = /(\/?):([A-Za-z_][A-Za-z0-9_]*)([*+?]?)|(\/?)\*/g;

/**
 * Whether a redirect's source or destination holds whitespace or a control character: never part of a
 * path or URL as written (a space is `%20`), and `_redirects` reads them as field and line breaks, so a
 * newline in a source would add a rule of its own (`/* https://elsewhere/:splat 200!`). The compiler
 * reports such a redirect (`links/invalid-redirect`) and the site never publishes it.
 */
export function holdsUnsafeCharacters(text: string): boolean {
  return /[\s\p{Cc}]/u.test(text);
}

/**
 * The file a static host serves for a fixed source (no parameters, no query or fragment): its path
 * without surrounding slashes, each segment percent-decoded as hosts decode a request's path (`/a%20b`
 * is `a b`). Undefined when no file can stand for it: an escape that does not decode, a decoded segment
 * that is empty, `.` or `..`, or holds a `/`, a `\` or a control character (`%00` is no file name).
 */
export function redirectSourceFile(source: string): string | undefined {
  const segments = source.split('/');
  // (The slashes around the path are no segments.)
  while (segments[0] === '') segments.shift();
  while (segments.at(-1) === '') segments.pop();
  const decoded = segments.map(decodeComponent);
  return decoded.some((segment) => segment === undefined || segment === '' || segment === '.' || segment === '..' || /[/\\\p{Cc}]/u.test(segment)) ? undefined : decoded.join('/');
}

/** A source up to its query or fragment: a `#`, or a `?` that is not a parameter's modifier (`:x?`). */
export function withoutQueryOrFragment(source: string): string {
  const modifiers = new Set<number>();
  parameter.lastIndex = 0;
  for (let match = parameter.exec(source); match; match = parameter.exec(source)) {
    if (match[3] === '?') modifiers.add(match.index + match[0].length - 1);
  }
  for (let at = 0; at < source.length; at++) {
    if (source[at] === '#' || (source[at] === '?' && !modifiers.has(at))) return source.slice(0, at);
  }
  return source;
}

/**
 * Where a fixed redirect source (or destination) points, split: its path decoded without slashes
 * around it (`redirectSourceFile`), its query in one normal form (`URLSearchParams`: `a+b` and `a%20b`
 * are one query) and its fragment decoded. Undefined for one with parameters, or a path no file can
 * stand for.
 */
export interface RedirectAddress {
  path: string;
  query?: string;
  fragment?: string;
}

export function redirectAddress(address: string): RedirectAddress | undefined {
  const pathPart = withoutQueryOrFragment(address);
  if (hasParameters(pathPart)) return undefined;
  const path = redirectSourceFile(pathPart);
  if (path === undefined) return undefined;
  const rest = address.slice(pathPart.length);
  const hashAt = rest.indexOf('#');
  const found: RedirectAddress = { path };
  if (rest.startsWith('?')) found.query = normalQuery(rest.slice(1, hashAt < 0 ? undefined : hashAt));
  if (hashAt >= 0) found.fragment = decodeComponent(rest.slice(hashAt + 1)) ?? rest.slice(hashAt + 1);
  return found;
}

/** A query (without `?`) in the form `URLSearchParams` writes it. */
export function normalQuery(query: string): string {
  return new URLSearchParams(query).toString();
}

/**
 * Whether an address (`redirectAddress`) takes a URL's path under the root (decoded, without slashes
 * around it), query (normal form, `''` for none) and decoded fragment: its path, and its query and
 * fragment when it has them.
 */
export function addressTakes(address: RedirectAddress, path: string, query: string, fragment: string | undefined): boolean {
  return address.path === path && (address.query === undefined || address.query === query) && (address.fragment === undefined || address.fragment === fragment);
}

export function hasParameters(path: string): boolean {
  parameter.lastIndex = 0;
  return parameter.test(path);
}

/**
 * The redirects of a composed docs.json (entries that are not `{source, destination}` strings are left
 * to the schema check).
 */
export function readRedirects(config: JsonValue | undefined): Redirect[] {
  if (!isJsonObject(config) || !Array.isArray(config.redirects)) return [];
  const redirects: Redirect[] = [];
  config.redirects.forEach((entry, index) => {
    if (!isJsonObject(entry) || typeof entry.source !== 'string' || typeof entry.destination !== 'string') return;
    redirects.push({ source: entry.source, destination: entry.destination, pointer: joinPointer('/redirects', index) });
  });
  return redirects;
}

/**
 * A source as the service matches it (path-to-regexp's syntax, as in Next.js): `:slug` is one segment,
 * `:slug*` zero or more (so `/docs/:slug*` also matches `/docs`), `:slug+` one or more, `:slug?` zero or
 * one; a trailing slash is not significant. Matching is case-sensitive, like page paths.
 */
export function compileRedirect(redirect: Redirect, index: number): CompiledRedirect {
  const source = stripTrailingSlash(withoutQueryOrFragment(redirect.source));
  // Paths are matched decoded (`/caf%C3%A9` and `/café` are one path), as links and requests are.
  if (!hasParameters(source)) return { redirect, index, exact: decodePath(source) ?? source };
  let pattern = '';
  let last = 0;
  const names: string[] = [];
  let spanning = 0;
  let segmentTaken = false;
  parameter.lastIndex = 0;
  for (let match = parameter.exec(source); match; match = parameter.exec(source)) {
    // Two parameters that can take the same characters (two spanning `*`/`+`, or two in one segment)
    // backtrack over every way to split a path between them: 7 of them took 4.6 s on a 40-character
    // path. No real redirect has them; the source is reported and never matched.
    const literal = source.slice(last, match.index);
    if (literal.includes('/') || (match[1] ?? match[4]) === '/') segmentTaken = false;
    if (segmentTaken) return { redirect, index, ambiguous: 'has two parameters in one path segment' };
    segmentTaken = true;
    if (match[2] === undefined || match[3] === '*' || match[3] === '+') spanning++;
    if (spanning > 1) return { redirect, index, ambiguous: 'has more than one parameter that spans segments (`*`, `+`)' };
    pattern += escapeRegExp(decodePath(literal) ?? literal);
    last = match.index + match[0].length;
    names.push(match[2] ?? '*');
    pattern += match[2] === undefined ? `(?:${match[4] ? '/' : ''}(.*))?` : parameterPattern(match[1]!, match[3]!);
  }
  const rest = source.slice(last);
  pattern += escapeRegExp(decodePath(rest) ?? rest);
  return { redirect, index, pattern: new RegExp(`^${pattern}/?$`), names };
}

function parameterPattern(slash: string, modifier: string): string {
  switch (modifier) {
    case '*':
      return `(?:${slash}(.*))?`;
    case '+':
      return `${slash}(.+)`;
    case '?':
      return `(?:${slash}([^/]+))?`;
    default:
      return `${slash}([^/]+)`;
  }
}

/** The redirects by exact source (first wins) and the pattern ones in order. */
export class RedirectTable {
  private readonly exact = new Map<string, CompiledRedirect>();
  private readonly patterns: CompiledRedirect[] = [];
  /** Sources with a query or fragment, in docs.json order: they take only a URL that has it (`matchAddress`), never its path alone. */
  readonly addressed: Array<{ compiled: CompiledRedirect; address: RedirectAddress }> = [];
  readonly all: CompiledRedirect[];

  constructor(redirects: readonly Redirect[]) {
    this.all = redirects.map(compileRedirect);
    for (const compiled of this.all) {
      if (withoutQueryOrFragment(compiled.redirect.source) !== compiled.redirect.source) {
        const address = redirectAddress(compiled.redirect.source);
        if (address) this.addressed.push({ compiled, address });
      } else if (compiled.exact !== undefined) {
        if (!this.exact.has(compiled.exact)) this.exact.set(compiled.exact, compiled);
      } else if (compiled.pattern) this.patterns.push(compiled);
    }
  }

  /** The first redirect (in docs.json order) whose source matches `path` (a decoded, root-absolute path), and where it sends it. */
  match(path: string): { compiled: CompiledRedirect; destination: string } | undefined {
    const target = stripTrailingSlash(path);
    let best: { compiled: CompiledRedirect; destination: string } | undefined;
    const exact = this.exact.get(target);
    if (exact) best = { compiled: exact, destination: exact.redirect.destination };
    for (const compiled of this.patterns) {
      if (best && best.compiled.index < compiled.index) break;
      const match = compiled.pattern!.exec(target);
      if (match) {
        const captured = new Map<string, string | undefined>();
        compiled.names!.forEach((name, i) => captured.set(name, match[i + 1]));
        best = { compiled, destination: substitute(compiled.redirect.destination, captured) };
        break;
      }
    }
    return best;
  }

  /**
   * The first redirect whose source has a query or fragment that takes this URL: a decoded,
   * root-absolute path, the query as `?...` or undefined, the decoded fragment. The browser alone can
   * follow it (the theme does); a server sees no fragment, and static hosts match no query.
   */
  matchAddress(path: string, query: string | undefined, fragment: string | undefined): { compiled: CompiledRedirect; destination: string } | undefined {
    if (this.addressed.length === 0) return undefined;
    const bare = trimSlashes(path);
    const normal = normalQuery((query ?? '').replace(/^\?/, ''));
    const hit = this.addressed.find(({ address }) => addressTakes(address, bare, normal, fragment));
    return hit && { compiled: hit.compiled, destination: hit.compiled.redirect.destination };
  }

  /**
   * The first redirect other than `except` that takes paths below `prefix` (a decoded, root-absolute path),
   * tried with one segment under it: where a destination's parameters send a family of paths that no
   * page is under, another redirect may take them on (dify-docs: `/api-reference/:slug*` twice).
   */
  catcherBelow(prefix: string, except: Redirect): Redirect | undefined {
    const probe = `${stripTrailingSlash(prefix)}/-`;
    // (Compared by source: a caller's redirect may be a copy of the table's.)
    return this.patterns.find((compiled) => compiled.redirect.source !== except.source && compiled.pattern!.test(probe))?.redirect;
  }
}

/** Fills a destination's parameters by name with what the source captured; a parameter that captured nothing drops with its slash. */
export function substitute(destination: string, captured: ReadonlyMap<string, string | undefined>): string {
  parameter.lastIndex = 0;
  const filled = destination.replace(parameter, (_whole, slash: string | undefined, name: string | undefined, _modifier: string, starSlash: string | undefined) => {
    const value = captured.get(name ?? '*');
    const lead = name === undefined ? starSlash ?? '' : slash ?? '';
    return value === undefined || value === '' ? '' : `${lead}${value}`;
  });
  return filled === '' ? '/' : filled;
}

export function stripTrailingSlash(path: string): string {
  return path.length > 1 ? trimTrailingSlashes(path) || '/' : path;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
