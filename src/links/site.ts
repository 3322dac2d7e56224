import { RedirectTable, type Redirect } from './redirects.js';

/** What a site holds that links can point at: the input of `createLinkSite`. */
export interface LinkSiteInput {
  /** Page ids, as manifest keys (`index`, `guides/setup`, `guides/index`, `api-reference/users/get`). */
  pages: Iterable<string>;
  /**
   * Anchors of each page (heading ids, `id` attributes, component anchors). A page without an entry
   * has anchors docs-build does not know (a generated API page): its `#anchors` are not checked.
   */
  anchors?: ReadonlyMap<string, Iterable<string>>;
  redirects?: readonly Redirect[];
  /**
   * Every file of the docs root, relative, with forward slashes (`images/a.png`, `openapi.json`); or how
   * to list them, called the first time a link needs them (a patch whose pages link no file does not
   * walk the root).
   */
  files?: Iterable<string> | (() => Iterable<string>);
  /**
   * Whether one path is among `files`, answered without listing them (the docs root's `exists`): asked
   * while nothing has needed the whole list ("did you mean" suggestions do).
   */
  fileExists?: (path: string) => boolean;
  /**
   * Whether the site publishes a file of the root at its path (the export's rule,
   * src/root/published-files.ts: not docs.json, page sources, scripts, `snippets/` or hidden files). A
   * link to a file it does not publish is broken on the published site. Default: every file.
   */
  published?: (path: string) => boolean;
  /** The page served at `/`. Default: `index` when it is a page, else the first page. */
  home?: string;
  /**
   * Page-id prefixes under which pages may exist that this run could not list: pages generated from a
   * remote spec that was neither fetched nor cached. A missing page under one is not reported. `''`
   * covers every path.
   */
  unverifiedPrefixes?: readonly string[];
  /** Files the service generates at the root of every site. Default: `llms.txt`, `llms-full.txt`, `sitemap.xml`. */
  generatedFiles?: Iterable<string>;
}

export const defaultGeneratedFiles = ['llms.txt', 'llms-full.txt', 'sitemap.xml'] as const;

/**
 * The site as links see it: pages by the path they are served at, their anchors, the redirects and
 * the root's files. Built once per run; every page's links resolve against it.
 */
export class LinkSite {
  /** Served path (no leading slash; `''` is `/`) -> page id. */
  private readonly byPath = new Map<string, string>();
  private readonly byLowerPath = new Map<string, string>();
  private readonly anchors = new Map<string, ReadonlySet<string>>();
  private fileSet: ReadonlySet<string> | undefined;
  private readonly listFiles: () => Iterable<string>;
  private readonly fileExists: ((path: string) => boolean) | undefined;
  private readonly published: ((path: string) => boolean) | undefined;
  private publishedFiles: ReadonlySet<string> | undefined;
  private readonly generated: ReadonlySet<string>;
  readonly redirects: RedirectTable;
  readonly home: string | undefined;
  readonly unverifiedPrefixes: readonly string[];

  constructor(input: LinkSiteInput) {
    for (const id of input.pages) {
      const path = servedPath(id);
      if (!this.byPath.has(path)) this.byPath.set(path, id);
      const lower = path.toLowerCase();
      if (!this.byLowerPath.has(lower)) this.byLowerPath.set(lower, id);
    }
    for (const [id, anchors] of input.anchors ?? []) this.anchors.set(id, new Set(anchors));
    const files = input.files ?? [];
    this.listFiles = typeof files === 'function' ? files : () => files;
    this.fileExists = input.fileExists;
    this.published = input.published;
    this.generated = new Set(input.generatedFiles ?? defaultGeneratedFiles);
    this.redirects = new RedirectTable(input.redirects ?? []);
    this.home = input.home ?? this.byPath.get('') ?? this.byPath.values().next().value;
    this.unverifiedPrefixes = input.unverifiedPrefixes ?? [];
  }

  /** The page served at `path` (decoded, no leading or trailing slash; `index` segments allowed). */
  pageAt(path: string): string | undefined {
    if (path === '') return this.home;
    return this.byPath.get(servedPath(path));
  }

  /** The page served at `path` when letter case is ignored. */
  pageAtIgnoringCase(path: string): string | undefined {
    return this.byLowerPath.get(servedPath(path).toLowerCase());
  }

  private get files(): ReadonlySet<string> {
    return (this.fileSet ??= new Set(this.listFiles()));
  }

  /** Whether `path` (relative to the root) is a file of the root or one the service generates. */
  hasFile(path: string): boolean {
    if (this.generated.has(path)) return true;
    return this.fileSet === undefined && this.fileExists ? this.fileExists(path) : this.files.has(path);
  }

  /** The anchors of a page, or undefined when they are not known (not checked). */
  anchorsOf(page: string): ReadonlySet<string> | undefined {
    return this.anchors.get(page);
  }

  isUnverified(path: string): boolean {
    return this.unverifiedPrefixes.some((prefix) => prefix === '' || path === prefix.replace(/\/$/, '') || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`));
  }

  /** Served paths of every page (for "did you mean"). */
  paths(): IterableIterator<string> {
    return this.byPath.keys();
  }

  /** Whether a file of the root (or one the service generates) is published at its path (`published`). */
  publishes(path: string): boolean {
    return this.generated.has(path) || (this.published?.(path) ?? true);
  }

  /** The root's files the site publishes (for "did you mean"). */
  fileList(): ReadonlySet<string> {
    if (!this.published) return this.files;
    return (this.publishedFiles ??= new Set([...this.files].filter((path) => this.publishes(path))));
  }

  /** Whether some page is served at `prefix` or below it (a redirect destination with parameters). */
  hasPageUnder(prefix: string): boolean {
    const base = servedPath(prefix);
    if (base === '' || this.byPath.has(base)) return true;
    for (const path of this.byPath.keys()) if (path.startsWith(`${base}/`)) return true;
    return false;
  }
}

/** The path a page id is served at, without a leading slash: `index` -> `''`, `guides/index` -> `guides`. */
export function servedPath(id: string): string {
  if (id === 'index') return '';
  return id.endsWith('/index') ? id.slice(0, -'/index'.length) : id;
}

/** The URL of a page: `/`, `/guides`, `/guides/setup`. */
export function pageUrl(id: string): string {
  return `/${servedPath(id)}`;
}

export function createLinkSite(input: LinkSiteInput): LinkSite {
  return new LinkSite(input);
}
