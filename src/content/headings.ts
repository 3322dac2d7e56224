import type { ContentComponent, ContentElement, ContentNode, ContentRoot, TocEntry } from './types.js';
import { leadingFrontmatter } from './variables.js';

/**
 * Heading ids and every other anchor of a page, by the service's rules (docs/content.md, "Heading
 * ids"). Sets `properties.id` on h1-h6 and `props.id` on the components that create anchors (`Step`,
 * `Accordion`, `Tab`, `Update`, `ParamField`, `ResponseField`) when the page did not write one, so a theme
 * renders the same ids the link checker accepts. Run once per page, after snippets are inlined.
 */
export function assignHeadingIds(tree: ContentRoot): { toc: TocEntry[]; anchors: string[] } {
  const ids = new PageIds();
  const toc: TocEntry[] = [];
  const anchors: string[] = [];
  // A changelog's table of contents is its Updates' labels (the service's changelog page): the headings
  // inside an entry keep their anchors, but 77 entries' "Bug fixes" would bury the dates.
  const inEntry = new WeakSet<ContentNode>();
  walk(tree.children, (node) => {
    const entered = inEntry.has(node);
    if (entered || (node.type === 'component' && node.name === 'Update' && typeof node.props.label === 'string' && node.props.label !== '')) {
      if (node.type === 'element' || node.type === 'component') for (const child of node.children) inEntry.add(child);
      if (node.type === 'component' && node.slots) for (const slot of Object.values(node.slots)) for (const child of slot) inEntry.add(child);
    }
    if (node.type === 'element') {
      const depth = headingDepth(node);
      if (depth !== undefined) {
        const entry = headingId(node, depth, ids);
        if (entry && !entered && depth >= minTocDepth && depth <= maxTocDepth && !isFootnoteLabel(node)) toc.push(entry);
      }
      for (const key of ['id', 'name'] as const) {
        const value = node.properties[key];
        // `<a name>` is a fragment target in browsers, like an id.
        if (typeof value === 'string' && value !== '' && (key === 'id' || node.tagName === 'a')) anchors.push(value);
      }
    } else if (node.type === 'component') {
      const entry = componentAnchor(node, ids);
      if (entry) toc.push(entry);
      const id = node.props.id;
      if (typeof id === 'string' && id !== '') anchors.push(id);
    }
  });
  return { toc, anchors: [...new Set(anchors)] };
}

/** The table of contents holds h2 and h3, as the service's right-hand table shows them. */
const minTocDepth = 2;
const maxTocDepth = 3;

/**
 * The service's automatic anchor id (its "Format text" page, "Automatic anchor IDs"): lowercase;
 * straight apostrophes become `’`; periods and whitespace become hyphens; slashes, ampersands, `’`,
 * `-` and `_` stay; letters, marks and digits of any script stay (ids are not ASCII-only); other
 * punctuation, parentheses, symbols and emoji go. Whitespace left at the ends after removal is trimmed.
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/'/g, '’')
    .replace(/[^\p{L}\p{M}\p{N}\s.’&/_-]/gu, '')
    .trim()
    .replace(/[\s.]/g, '-');
}

/** `qstashClient` -> `param-qstash-client`, `thumbnails.background` -> `param-thumbnails-background` (both field kinds). */
export function fieldAnchor(name: string): string {
  const words = name
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1-$2')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}$_]+/gu, '-')
    .replace(/^-+|(?<!-)-+$/g, '');
  return words === '' ? '' : `param-${words}`;
}

/** The ids of one page: a taken slug gets `-2`, `-3`, ... (page-wide, headings and components alike). */
class PageIds {
  private readonly taken = new Set<string>();
  /** Per slug, the suffix to try next: counting from 2 for every repeat made a page of n equal headings cost n². */
  private readonly nextSuffix = new Map<string, number>();

  /** Reserves an id the page wrote itself. */
  keep(id: string): string {
    this.taken.add(id);
    return id;
  }

  unique(base: string): string {
    let id = base;
    let n = this.nextSuffix.get(base) ?? 2;
    for (; this.taken.has(id); n++) id = `${base}-${n}`;
    if (id !== base) this.nextSuffix.set(base, n);
    this.taken.add(id);
    return id;
  }
}

function headingDepth(node: ContentElement): number | undefined {
  const match = /^h([1-6])$/.exec(node.tagName);
  return match ? Number(match[1]) : undefined;
}

/** Sets the heading's id (kept when written, `{#custom}` at its end, or from its text) and returns its toc entry. */
function headingId(node: ContentElement, depth: number, ids: PageIds): TocEntry | undefined {
  const custom = takeCustomId(node);
  const written = node.properties.id;
  const text = textOf(node.children).trim();
  if (node.properties.noAnchor === true || node.properties.noanchor === true) return undefined;
  let id: string;
  if (typeof written === 'string' && written !== '') id = ids.keep(written);
  else if (custom !== undefined) id = ids.keep(custom);
  else {
    const slug = slugify(text);
    if (slug === '') return undefined;
    id = ids.unique(slug);
  }
  node.properties.id = id;
  return { depth, text, id };
}

/** `## Title {#custom-id}`: removes the marker from the heading's last text and returns the id. */
function takeCustomId(node: ContentElement): string | undefined {
  const last = node.children[node.children.length - 1];
  if (!last || last.type !== 'text') return undefined;
  const match = /(?<!\s)\s*\{#([^\s{}]+)\}\s*$/.exec(last.value);
  if (!match) return undefined;
  last.value = last.value.slice(0, match.index);
  return match[1];
}

const maskedOpen = '\uFDD2';
const maskedClose = '\uFDD3';
const masked = /[\uFDD2\uFDD3]/g;
const unmask = (text: string): string => text.replace(masked, (char) => (char === maskedOpen ? '{' : '}'));

/**
 * The braces `maskHeadingIdMarkers` masked, put back in every string of the parse's tree (in place)
 * and in its text (returned), so nothing downstream sees the mask: the heading stage reads `{#id}` as
 * written (`takeCustomId`), and a marker masked where it was no heading (a fence the line scan did not
 * see, inside a template literal) is its text again. Same length, so positions stay right.
 */
export function unmaskHeadingIdMarkers(text: string, tree: object): string {
  if (!text.includes(maskedOpen)) return text;
  const stack: unknown[] = [tree];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item !== 'object' || item === null) continue;
    const record = item as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const value = record[key];
      if (typeof value === 'string') {
        if (value.includes(maskedOpen) || value.includes(maskedClose)) record[key] = unmask(value);
      } else if (typeof value === 'object' && value !== null) stack.push(value);
    }
  }
  return unmask(text);
}

const headingStart = /^[ \t]*#{1,6}[ \t]+\S/;
const idMarker = /^\{#[^\s{}]+\}[ \t]*\r?$/;
const fenceLine = /^[ \t]*(`{3,}|~{3,})/;

/**
 * The page's text with each heading's `{#custom-id}` marker (the service's custom heading ids) masked
 * for the MDX parse, which reads `{#id}` as a JavaScript expression that does not parse: its braces
 * become Unicode noncharacters of the same length (positions stay right), which
 * `unmaskHeadingIdMarkers` puts back after the parse. Lines inside fenced code and the frontmatter are
 * left as written.
 */
export function maskHeadingIdMarkers(text: string): string {
  if (!text.includes('{#')) return text;
  const head = leadingFrontmatter.exec(text)?.[0] ?? '';
  let fence: string | undefined;
  const lines = text.slice(head.length).split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const marker = fenceLine.exec(line)?.[1];
    if (marker !== undefined) {
      if (fence === undefined) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      continue;
    }
    if (fence !== undefined) continue;
    // An ATX heading line ending in `{#id}`, after its text (not `\\{#id}`, which MDX reads as text already).
    const at = line.lastIndexOf('{#');
    const before = line.slice(0, at).trimEnd();
    if (at <= 0 || !headingStart.test(before) || before.endsWith('\\') || !idMarker.test(line.slice(at))) continue;
    const close = line.indexOf('}', at);
    lines[index] = `${line.slice(0, at)}${maskedOpen}${line.slice(at + 1, close)}${maskedClose}${line.slice(close + 1)}`;
  }
  return head + lines.join('\n');
}

/** Components whose props create an anchor, and how the service names it. */
function componentAnchor(node: ContentComponent, ids: PageIds): TocEntry | undefined {
  const props = node.props;
  const written = typeof props.id === 'string' && props.id !== '' ? props.id : undefined;
  if (props.noAnchor === true) return undefined;
  switch (node.name) {
    case 'Step':
    case 'Accordion':
    case 'Tab':
    case 'Update': {
      // A Tab's anchor is its title's, as an Accordion's (the service's Tabs page: `id` "defaults to the
      // same value as title"): dify-docs links `#mcp` to `<Tab title="MCP">`, mintlify-docs `#oauth-2-0`.
      const label = node.name === 'Update' ? props.label : props.title;
      if (written !== undefined) ids.keep(written);
      const id = written ?? (typeof label === 'string' && slugify(label) !== '' ? ids.unique(slugify(label)) : undefined);
      if (id === undefined) return undefined;
      props.id = id;
      if (node.name === 'Update' && typeof label === 'string' && label !== '') return { depth: 2, text: label, id };
      return node.name === 'Step' ? stepTocEntry(props.titleSize, String(label ?? ''), id) : undefined;
    }
    case 'ParamField':
    case 'ResponseField': {
      const name = [props.name, props.path, props.query, props.body, props.header].find((v): v is string => typeof v === 'string' && v !== '');
      const id = written ?? (name !== undefined ? fieldAnchor(name) : '');
      if (id !== '') props.id = id;
      return undefined;
    }
    default:
      return undefined;
  }
}

/** A step is in the table of contents when its title is rendered as a heading (`titleSize="h2"`/`"h3"`). */
function stepTocEntry(titleSize: unknown, text: string, id: string): TocEntry | undefined {
  const depth = titleSize === 'h2' ? 2 : titleSize === 'h3' ? 3 : undefined;
  return depth === undefined ? undefined : { depth, text, id };
}

/** to-hast's footnote section title (`h2#footnote-label.sr-only`): an anchor, not a section of the page. */
function isFootnoteLabel(node: ContentElement): boolean {
  const className = node.properties.className;
  return node.properties.id === 'footnote-label' && Array.isArray(className) && className.includes('sr-only');
}

/** The text a reader sees: text nodes, inline code, link text and the children of inline components. */
export function textOf(nodes: ContentNode[]): string {
  let text = '';
  walk(nodes, (node) => {
    if (node.type === 'text') text += node.value;
  });
  return text;
}

/** Visits every node in document order (children and component slots), without recursion. */
function walk(nodes: ContentNode[], visit: (node: ContentNode) => void): void {
  const stack: ContentNode[] = [...nodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    visit(node);
    if (node.type === 'element' || node.type === 'component') {
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
    }
    if (node.type === 'component' && node.slots) for (const slot of Object.values(node.slots).reverse()) for (let i = slot.length - 1; i >= 0; i--) stack.push(slot[i]!);
  }
}
