import type { JsonValue, SourceLocation } from '../diagnostics/index.js';

/**
 * Page content: what a page says, as a tree a theme renders without parsing MDX (docs/content.md).
 *
 * The tree is hast (the HTML syntax tree of the unified ecosystem) without positions, plus four node
 * types of our own: `component` (a capitalized JSX element: a theme maps its name to its own
 * component), `code` (a fenced block with parsed meta and highlighted tokens), `island` (something that
 * needs running JavaScript, kept as source) and `expression` (a `{...}` that could not be evaluated at
 * build time). Everything in it is plain JSON.
 */

/** A hast element: `properties` as hast has them (`className` is a list of strings, `style` a string). */
export interface ContentElement {
  type: 'element';
  tagName: string;
  properties: Record<string, ContentPropertyValue>;
  children: ContentNode[];
  /** Attributes whose `{...}` value could not be evaluated at build time: name -> JavaScript source. */
  expressions?: Record<string, string>;
  /** Set on the root nodes of an inlined snippet, as on `ContentComponent`. */
  provenance?: SnippetProvenance;
}

export type ContentPropertyValue = string | number | boolean | null | Array<string | number>;

export interface ContentText {
  type: 'text';
  value: string;
}

/** Raw HTML from a `.md` page or an HTML comment: kept as written, never interpreted by the compiler. */
export interface ContentRaw {
  type: 'raw';
  value: string;
  /** Set on the root nodes of an inlined snippet, as on `ContentComponent`. */
  provenance?: SnippetProvenance;
}

/**
 * `<Card title="A" cols={2} icon={<svg/>}>...</Card>`: `props` holds the JSON-evaluable attributes,
 * `slots` the JSX-valued ones as child trees, `children` the element's content.
 */
export interface ContentComponent {
  type: 'component';
  name: string;
  props: Record<string, JsonValue>;
  slots?: Record<string, ContentNode[]>;
  /** Attributes whose `{...}` value could not be evaluated at build time (`title={name}` in a snippet): name -> JavaScript source. Snippet props and exported values fill them in. */
  expressions?: Record<string, string>;
  children: ContentNode[];
  /** `true` for a component written inline in a paragraph (`<Icon />` in text). */
  inline?: boolean;
  /** Set on the root nodes of an inlined snippet: where they came from. */
  provenance?: SnippetProvenance;
  /** The name of an island (`PageContent.islands`) that defines this component, when a `.jsx` import or `export const` does. */
  island?: string;
}

export interface SnippetProvenance {
  /** The snippet file, relative to the docs root. */
  file: string;
  /** The import (or `<Snippet file>`) in the including file that brought it in. */
  from: SourceLocation;
}

/** A fenced code block. */
export interface ContentCode {
  type: 'code';
  /** The language as written, lower-cased (`''` when none). */
  lang: string;
  meta: CodeMeta;
  value: string;
  /** Highlighted tokens for the light and the dark theme; absent when the language is unknown to the highlighter. */
  tokens?: HighlightedLines;
  /** Set on the root nodes of an inlined snippet, as on `ContentComponent`. */
  provenance?: SnippetProvenance;
}

/** What the meta string after the language says (`python Example {1,3-4} icon="python" wrap lines`). */
export interface CodeMeta {
  title?: string;
  /** 1-based line numbers to highlight, expanded and sorted. */
  highlight?: number[];
  /** Lines to focus (`focus={2-3}`). */
  focus?: number[];
  icon?: string;
  wrap?: boolean;
  lines?: boolean;
  expandable?: boolean;
  /** The meta string as written, for anything a theme wants that is not parsed above. */
  raw?: string;
}

/**
 * Lines of tokens. Each token is `[text, lightColor, darkColor, fontStyle?]`: colors as `#rrggbb`
 * (or `''` for the theme's foreground), fontStyle Shiki's bit set (1 italic, 2 bold, 4 underline).
 */
export interface HighlightedLines {
  lightTheme: string;
  darkTheme: string;
  /** Background and foreground of each theme, for the block itself. */
  light: { background: string; foreground: string };
  dark: { background: string; foreground: string };
  lines: Array<Array<[string, string, string] | [string, string, string, number]>>;
}

/** Something that needs running JavaScript: a static theme may skip it, a theme with a bundler may compile it. */
export interface ContentIsland {
  type: 'island';
  /** `expression`: `{...}` in flow or text; `element`: JSX whose attributes need running code. */
  kind: 'expression' | 'element';
  /** The JavaScript source: for `expression`, what is inside the braces (`word` for `{word}`). */
  source: string;
  inline?: boolean;
  /** Set on the root nodes of an inlined snippet, as on `ContentComponent`. */
  provenance?: SnippetProvenance;
}

export type ContentNode = ContentElement | ContentText | ContentRaw | ContentComponent | ContentCode | ContentIsland;

export interface ContentRoot {
  type: 'root';
  children: ContentNode[];
}

/** Module-level code of the page that needs running JavaScript: `export const`, `.jsx` imports. */
export interface PageIsland {
  /** The names it binds (`export const Chart = ...` -> `Chart`). */
  names: string[];
  kind: 'export' | 'import';
  source: string;
  /** The file the code came from (the page, or a snippet it inlines). */
  file: string;
}

export interface TocEntry {
  depth: number;
  text: string;
  id: string;
}

/** One content file per page, beside the manifest (`content/<page id>.json`). */
export interface PageContent {
  id: string;
  tree: ContentRoot;
  islands?: PageIsland[];
}

/** `pages[id].content` in the manifest. */
export interface ContentReference {
  /** Path of the content file relative to the manifest's folder. */
  file: string;
  /** sha256 of the content file's bytes. */
  hash: string;
  toc: TocEntry[];
  /** Snippet files the page inlines (relative to the docs root, sorted). */
  deps: string[];
}

/** A link or image reference found in a page or snippet, as written, with where it was written. */
export interface ContentLink {
  href: string;
  /** `link`: Markdown or `<a href>`; `image`: Markdown image or `src` of `img`/`video`/`source`/`iframe`; `prop`: a component prop (`<Card href>`). */
  kind: 'link' | 'image' | 'prop';
  /** For `prop` links: `Card.href`. */
  via?: string;
  location: SourceLocation;
}

/** `import Name from '/snippets/a.mdx'` or `import { A, B as C } from './b.mdx'` in a page or snippet. */
export interface SnippetImport {
  specifier: string;
  /** Local name -> exported name (`default` for a default import). */
  names: Record<string, string>;
  location: SourceLocation;
}

/**
 * The content stage's result for one file before snippets are inlined and ids assigned: made in the
 * parse worker from the MDX tree, plain data so it can be cached by the file's hash and posted between
 * threads.
 */
export interface ConvertedBody {
  tree: ContentRoot;
  links: ContentLink[];
  islands: PageIsland[];
  snippetImports: SnippetImport[];
  /** `export const name = <literal>` whose value is JSON: usable by the pages importing it. */
  exportedValues?: Record<string, JsonValue>;
  /** Capitalized element names used, with their first place (for the unknown-component check). */
  components: Array<{ name: string; location: SourceLocation }>;
  /**
   * Every `<Snippet file="...">` with a string `file`, in document order, with where it was written: the
   * tree's components have no positions, and a missing snippet is reported at the element.
   */
  snippetElements?: Array<{ file: string; location: SourceLocation }>;
  /** Every `<img>` written without an `alt` attribute (Markdown images always have one, maybe empty). */
  imagesWithoutAlt?: SourceLocation[];
  /** Every heading the file writes (`##` or `<h2>`), in document order, for the heading-order check. */
  headings?: Array<{ depth: number; location: SourceLocation }>;
}

/**
 * One searchable section of a page: the text from one heading to the next (docs/content.md, "Text
 * projections"); `content/search.json` beside the manifest is `SearchRecord[]`. Here so a theme can
 * read the records with a type import from this file alone.
 */
export interface SearchRecord {
  /** `page` for the text before the first heading, else `page#anchor`. */
  id: string;
  page: string;
  /** The heading's id; absent for the text before the first heading. */
  anchor?: string;
  /** The titles of the enclosing headings and this one, outermost first (empty before the first heading). */
  headings: string[];
  /** The page's title. */
  title: string;
  text: string;
}
