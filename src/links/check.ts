import { appendAll, createDiagnostic, joinPointer, type Diagnostic, type DiagnosticCode, type RelatedLocation, type SourceLocation } from '../diagnostics/index.js';
import { builtinComponents } from '../content/components.js';
import type { ContentLink } from '../content/types.js';
import { configHrefs, type ConfigSource } from './config-hrefs.js';
import { hasParameters, holdsUnsafeCharacters, stripTrailingSlash, type Redirect } from './redirects.js';
import { destinationFamily, resolveHref, type ResolvedHref } from './resolve.js';
import { pageUrl, type LinkSite } from './site.js';

/** The links of one page: its own and those of the snippets it inlines (each at its own file). */
export interface PageLinks {
  /** The page id: relative links resolve against its URL. */
  page: string;
  /** The page's own file; a link written in another file (a snippet) names the page it broke on. */
  file?: string;
  links: readonly ContentLink[];
}

export interface LinkCheckInput {
  site: LinkSite;
  pages: Iterable<PageLinks>;
  /** docs.json: its hrefs and redirects are checked too. */
  config?: ConfigSource;
}

/** External URLs (without fragment) and every place that links to them. */
export type ExternalLinks = Map<string, SourceLocation[]>;

/** How many pages a message about a link in a shared snippet names before "and N more". */
const pagesNamed = 3;

/**
 * Every link of every page, every clickable href of docs.json and every redirect, resolved against
 * the site: a diagnostic at the link for each one that leads nowhere, with "did you mean". External
 * links are only collected (`collectExternalLinks`, checked with `--check-external`).
 */
export function checkLinks(input: LinkCheckInput): Diagnostic[] {
  const problems = new ProblemList();
  walkLinks(input, (resolved, href, location, page) => {
    const problem = problemOf(resolved, href);
    if (problem) problems.add(problem, location, page);
  });
  const diagnostics = problems.diagnostics();
  if (input.config) appendAll(diagnostics, checkRedirects(input.site, input.config));
  return diagnostics;
}

/** External http(s) links of pages, docs.json and redirect destinations, for `checkExternalLinks`. */
export function collectExternalLinks(input: LinkCheckInput): ExternalLinks {
  const links: ExternalLinks = new Map();
  const add = (url: string, location: SourceLocation): void => {
    const key = url.split('#', 1)[0]!;
    const list = links.get(key);
    if (list) list.push(location);
    else links.set(key, [location]);
  };
  walkLinks(input, (resolved, _href, location) => {
    if (resolved.kind === 'external') add(resolved.url, location);
  });
  for (const redirect of input.site.redirects.all) {
    const destination = redirect.redirect.destination;
    if (/^https?:/i.test(destination) && redirect.redirect.pointer && input.config && !hasParameters(destination)) {
      add(destination, input.config.locate(joinPointer(redirect.redirect.pointer, 'destination')));
    }
  }
  return links;
}

type Visit = (resolved: ResolvedHref, href: string, location: SourceLocation, page: { id: string; foreign: boolean } | undefined) => void;

/** Resolves each link once per (page URL, href, kind): repeated links cost a map lookup. */
function walkLinks(input: LinkCheckInput, visit: Visit): void {
  const memo = new Map<string, ResolvedHref>();
  const resolve = (href: string, page: string | undefined, kind: ContentLink['kind']): ResolvedHref => {
    const key = `${page === undefined ? '' : pageUrl(page)}\u0000${kind}\u0000${href}`;
    let resolved = memo.get(key);
    if (!resolved) memo.set(key, (resolved = resolveHref(href, page, input.site, { kind })));
    return resolved;
  };
  for (const page of input.pages) {
    for (const link of page.links) {
      if (!isCheckedLink(link)) continue;
      const foreign = page.file !== undefined && link.location.file !== page.file;
      visit(resolve(link.href, page.page, link.kind), link.href, link.location, { id: page.page, foreign });
    }
  }
  if (!input.config) return;
  for (const href of configHrefs(input.config.value)) {
    visit(resolve(href.href, undefined, 'link'), href.href, input.config.locate(href.pointer), undefined);
  }
}

/**
 * A prop is a link only on a built-in component (`Card.href`, `Card.img`): what a snippet or `.jsx`
 * component does with its `src` or `link` prop is its own business (firecrawl's
 * `<AgentFeedbackCTA src="docs-agent">` names a feature, not a file). A snippet component's `<a href={href}>`
 * is checked once inlined, as an element.
 */
export function isCheckedLink(link: Pick<ContentLink, 'kind' | 'via'>): boolean {
  if (link.kind !== 'prop' || link.via === undefined) return true;
  return builtinComponents.has(link.via.slice(0, link.via.lastIndexOf('.')));
}

/** Schemes a browser runs as script (`resolveHref` gives their name lower-cased). */
const scriptSchemes = new Set(['javascript', 'vbscript']);

interface Problem {
  code: DiagnosticCode;
  message: string;
  suggestion?: string;
}

function problemOf(resolved: ResolvedHref, href: string): Problem | undefined {
  if (resolved.kind === 'other' && scriptSchemes.has(resolved.scheme)) {
    return { code: 'links/script-href', message: `"${href.length > 80 ? `${href.slice(0, 77)}...` : href}" runs script when followed; React renders it as a blocked link`, suggestion: 'link to a page or an http(s) URL, or use a button component' };
  }
  const final = resolved.kind === 'redirect' ? resolved.target : resolved;
  // A path a redirect catches is valid; where the redirect leads is the redirect's problem, except an
  // anchor the link itself adds.
  if (final.kind !== 'broken' || (resolved.kind === 'redirect' && final.reason !== 'anchor')) return undefined;
  const via = resolved.kind === 'redirect' ? ` (after the redirect of ${resolved.path})` : '';
  const suggestion = didYouMean(final.suggestions);
  const code: DiagnosticCode =
    final.reason === 'anchor' ? 'links/broken-anchor' : final.reason === 'asset' ? 'links/missing-asset' : final.reason === 'invalid' ? 'links/invalid-href' : 'links/broken-link';
  // `"/x": "/x" is not a page` says the same thing twice.
  const message = via === '' && final.message.startsWith(`"${href}" `) ? final.message : `"${href}"${via}: ${final.message}`;
  return { code, message, ...(suggestion ? { suggestion } : {}) };
}

export function didYouMean(suggestions: readonly string[]): string | undefined {
  return suggestions.length === 0 ? undefined : `did you mean ${suggestions.map((s) => `"${s}"`).join(' or ')}?`;
}

/** Problems by place: a link in a snippet shared by many pages is one diagnostic naming the pages. */
class ProblemList {
  private readonly byKey = new Map<string, { problem: Problem; location: SourceLocation; pages: string[] }>();

  add(problem: Problem, location: SourceLocation, page: { id: string; foreign: boolean } | undefined): void {
    const key = JSON.stringify([location.file, location.line, location.column, problem.code, problem.message]);
    const entry = this.byKey.get(key);
    const on = page?.foreign ? page.id : undefined;
    if (!entry) this.byKey.set(key, { problem, location, pages: on === undefined ? [] : [on] });
    else if (on !== undefined && !entry.pages.includes(on)) entry.pages.push(on);
  }

  diagnostics(): Diagnostic[] {
    return [...this.byKey.values()].map(({ problem, location, pages }) => {
      const more = pages.length > pagesNamed ? ` and ${pages.length - pagesNamed} more` : '';
      const where = pages.length === 0 ? '' : ` (on ${pages.length === 1 ? 'page' : 'pages'} ${pages.slice(0, pagesNamed).map(pageUrl).join(', ')}${more}, which include this file)`;
      return createDiagnostic(problem.code, `${problem.message}${where}`, location, { suggestion: problem.suggestion });
    });
  }
}

/**
 * Both ends of every redirect: the source must be a root-absolute path, the destination a path or an
 * http(s) URL that leads to a page or file; a source listed twice, a destination that is itself
 * redirected (a chain) and redirects that come back to where they started (a loop) are reported.
 */
export function checkRedirects(site: LinkSite, config: ConfigSource): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const firstOfSource = new Map<string, Redirect>();
  const loopsReported = new Set<string>();
  for (const { redirect, ambiguous } of site.redirects.all) {
    if (!redirect.pointer) continue;
    const at = (key: 'source' | 'destination'): SourceLocation => config.locate(joinPointer(redirect.pointer!, key));
    const spaced = (['source', 'destination'] as const).find((key) => holdsUnsafeCharacters(redirect[key]));
    if (spaced) {
      diagnostics.push(createDiagnostic('links/invalid-redirect', `redirect ${spaced} ${JSON.stringify(redirect[spaced])} holds whitespace or a control character; it is not published`, at(spaced), { suggestion: 'write a space in a path as %20, and remove line breaks' }));
      continue;
    }
    const source = redirect.source;
    if (!source.startsWith('/') || source.startsWith('//')) {
      diagnostics.push(createDiagnostic('links/invalid-redirect', `redirect source "${redirect.source}" is not a root-absolute path`, at('source'), { suggestion: `write it as "/${source.replace(/^[./]+/, '')}"` }));
      continue;
    }
    if (ambiguous) {
      diagnostics.push(
        createDiagnostic('links/invalid-redirect', `redirect source "${redirect.source}" ${ambiguous}: they can take the same part of a path, so it is not matched`, at('source'), {
          suggestion: 'use one `*` or `+` parameter, and at most one parameter per path segment',
        }),
      );
      continue;
    }
    const key = stripTrailingSlash(source);
    const first = firstOfSource.get(key);
    if (first) {
      diagnostics.push(duplicate(redirect, first, at('source'), config));
      continue;
    }
    firstOfSource.set(key, redirect);
    const problem = destinationProblem(redirect, site, loopsReported);
    if (problem) diagnostics.push(createDiagnostic(problem.code, problem.message, at('destination'), { suggestion: problem.suggestion }));
  }
  return diagnostics;
}

function duplicate(redirect: Redirect, first: Redirect, location: SourceLocation, config: ConfigSource): Diagnostic {
  const related: RelatedLocation[] = [{ message: 'the redirect that wins', ...config.locate(joinPointer(first.pointer!, 'source')) }];
  return createDiagnostic('links/duplicate-redirect', `redirect source "${redirect.source}" is listed again; the first (to "${first.destination}") wins over this one (to "${redirect.destination}")`, location, {
    related,
    suggestion: 'remove one of them',
  });
}

function destinationProblem(redirect: Redirect, site: LinkSite, loopsReported: Set<string>): Problem | undefined {
  const destination = redirect.destination.trim();
  if (/^https?:\/\//i.test(destination)) return undefined;
  if (!destination.startsWith('/') || destination.startsWith('//')) {
    return { code: 'links/invalid-redirect', message: `redirect destination "${redirect.destination}" is neither a root-absolute path nor an http(s) URL`, suggestion: `write it as "/${destination.replace(/^[./]+/, '')}"` };
  }
  if (hasParameters(destination)) {
    const { prefix, taken } = destinationFamily(destination, redirect, site);
    return taken ? undefined : { code: 'links/redirect-target-missing', message: `redirect destination "${destination}": no page or redirect takes the paths at or below "/${prefix}"` };
  }
  const resolved = resolveHref(destination, undefined, site);
  if (resolved.kind === 'broken' && resolved.reason === 'anchor') {
    const suggestion = didYouMean(resolved.suggestions);
    return { code: 'links/broken-anchor', message: `redirect "${redirect.source}" -> "${destination}": ${resolved.message}`, ...(suggestion ? { suggestion } : {}) };
  }
  if (resolved.kind === 'broken') return brokenDestination(redirect, resolved, loopsReported);
  if (resolved.kind === 'redirect') {
    if (resolved.target.kind === 'broken') return resolved.target.reason === 'redirect-loop' ? brokenDestination(redirect, resolved.target, loopsReported) : undefined;
    const final = resolved.chain[resolved.chain.length - 1]!.destination;
    return { code: 'links/redirect-chain', message: `redirect "${redirect.source}" leads to "${destination}", which is redirected again (${[destination, ...resolved.chain.map((r) => r.destination)].join(' -> ')})`, suggestion: `point it at "${final}"` };
  }
  return undefined;
}

function brokenDestination(redirect: Redirect, resolved: ResolvedHref & { kind: 'broken' }, loopsReported: Set<string>): Problem | undefined {
  if (resolved.reason === 'redirect-loop') {
    const loop = resolved.loop ?? [];
    const cycle = JSON.stringify([...loop].sort());
    if (loopsReported.has(cycle)) return undefined;
    loopsReported.add(cycle);
    // Told from the redirect reported, when it is part of the loop (and not only leads into it).
    const start = loop.map((source) => stripTrailingSlash(source.trim())).indexOf(stripTrailingSlash(redirect.source.trim()));
    const path = start < 0 ? loop : [...loop.slice(start), ...loop.slice(0, start)];
    const told = start < 0 ? `it leads into the loop ${[...path, path[0]].join(' -> ')}` : `${[...path, path[0]].join(' -> ')}`;
    return { code: 'links/redirect-loop', message: `redirect "${redirect.source}" never reaches a page: redirects loop, ${told}` };
  }
  const suggestion = didYouMean(resolved.suggestions);
  return { code: 'links/redirect-target-missing', message: `redirect "${redirect.source}" leads to ${resolved.message}`, ...(suggestion ? { suggestion } : {}) };
}
