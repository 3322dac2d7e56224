import type { BlockContent, Code, List, ListItem, Paragraph, PhrasingContent, Root as MdastRoot, RootContent, Table, TableCell, TableRow } from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { toMarkdown as serialize } from 'mdast-util-to-markdown';
import type { JsonValue } from '../diagnostics/source-map.js';
import { appendAll } from '../diagnostics/diagnostic.js';
import type { ContentComponent, ContentElement, ContentNode, ContentRoot } from './types.js';
import { propText, textOf, visibleTo } from './text.js';

/**
 * The Markdown twin of a page (docs/content.md, "Text projections"): what `.md` URLs and
 * llms-full.txt serve. The content tree becomes an mdast tree, which mdast-util-to-markdown writes
 * (escaping, fences longer than any run of backticks in the code, tables through its GFM extension).
 * Components become plain Markdown a reader or a language model understands without the theme.
 */
export function toMarkdown(tree: ContentRoot, page: { title: string; description?: string | undefined }): string {
  const children: RootContent[] = [{ type: 'heading', depth: 1, children: [{ type: 'text', value: page.title }] }];
  if (page.description) children.push({ type: 'blockquote', children: [paragraph([{ type: 'text', value: page.description }])] });
  appendAll(children, blocks(tree.children));
  const root: MdastRoot = { type: 'root', children };
  return serialize(root, {
    bullet: '-',
    emphasis: '_',
    strong: '*',
    fence: '`',
    fences: true,
    rule: '-',
    listItemIndent: 'one',
    incrementListMarker: true,
    extensions: [gfmToMarkdown()],
  });
}

const blockTags = new Set([
  'address', 'article', 'aside', 'blockquote', 'details', 'dialog', 'dd', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure',
  'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'iframe', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section',
  'summary', 'table', 'ul', 'video', 'audio', 'picture',
]);

/** Tags dropped with their content: nothing a reader of the text needs. */
const droppedTags = new Set(['script', 'style', 'svg', 'input', 'button', 'noscript', 'template', 'colgroup']);

/** Callout components and the label their first line gets. */
const callouts: Record<string, string> = { Note: 'Note', Info: 'Info', Tip: 'Tip', Warning: 'Warning', Check: 'Check', Danger: 'Danger', Callout: '' };

/** Components dropped with their content in the text: decoration. */
const droppedComponents = new Set(['Icon']);

/**
 * Components that are blocks even when written inline: `<Note>One line.</Note>` on a line of its own
 * is, to MDX, a paragraph holding the component; the service renders a callout all the same.
 */
const blockComponents = new Set([
  ...Object.keys(callouts), 'Card', 'Tile', 'CardGroup', 'Columns', 'Column', 'Steps', 'Step', 'Tabs', 'Tab', 'CodeGroup', 'RequestExample', 'ResponseExample',
  'ParamField', 'ResponseField', 'Expandable', 'Accordion', 'AccordionGroup', 'Update', 'Frame', 'Panel', 'Tree', 'Mermaid',
]);

function isBlock(node: ContentNode): boolean {
  if (node.type === 'code') return true;
  if (node.type === 'element') return blockTags.has(node.tagName);
  if (node.type === 'component') return !node.inline || blockComponents.has(node.name);
  if (node.type === 'raw') return /^\s*<(?!!--)/.test(node.value) && node.value.includes('\n');
  return false;
}

function paragraph(children: PhrasingContent[]): Paragraph {
  return { type: 'paragraph', children };
}

function text(value: string): PhrasingContent {
  return { type: 'text', value };
}

function strongLine(label: string): Paragraph {
  return paragraph([{ type: 'strong', children: [text(label)] }]);
}

/** Flow content: runs of inline nodes become paragraphs, whitespace between blocks goes. */
export function blocks(nodes: ContentNode[]): BlockContent[] {
  const out: BlockContent[] = [];
  let run: ContentNode[] = [];
  const flush = (): void => {
    const phrasing = trimPhrasing(inlines(run));
    if (phrasing.length > 0) out.push(paragraph(phrasing));
    run = [];
  };
  for (const node of nodes) {
    if (!visibleTo(node, 'agents')) continue;
    if (!isBlock(node)) {
      run.push(node);
      continue;
    }
    flush();
    appendAll(out, block(node));
  }
  flush();
  return mergeFieldLists(out);
}

function block(node: ContentNode): BlockContent[] {
  switch (node.type) {
    case 'code':
      return [codeBlock(node.lang, node.value, node.meta.title)];
    case 'element':
      return element(node);
    case 'component':
      return component(node);
    case 'raw':
      return [{ type: 'html', value: node.value.trim() }];
    default:
      return [];
  }
}

function codeBlock(lang: string, value: string, title: string | undefined): Code {
  const code: Code = { type: 'code', lang: lang || (title ? 'text' : null), value };
  // A title with a space would be read back as language + meta by any Markdown parser; that is what the
  // service's own syntax does (```python Example title), so it is written the same way.
  if (title) code.meta = title;
  return code;
}

function element(node: ContentElement): BlockContent[] {
  const tag = node.tagName;
  if (droppedTags.has(tag)) return [];
  const heading = /^h([1-6])$/.exec(tag);
  if (heading) return [{ type: 'heading', depth: Number(heading[1]) as 1 | 2 | 3 | 4 | 5 | 6, children: trimPhrasing(inlines(node.children)) }];
  switch (tag) {
    case 'p':
      return node.children.some((child) => child.type === 'component' && isBlock(child)) ? blocks(node.children) : nonEmptyParagraph(inlines(node.children));
    case 'blockquote':
      return [{ type: 'blockquote', children: blocks(node.children) }];
    case 'ul':
    case 'ol':
      return [list(node)];
    case 'hr':
      return [{ type: 'thematicBreak' }];
    case 'pre':
      return [preBlock(node)];
    case 'table':
      return [table(node)];
    case 'iframe':
    case 'video':
    case 'audio':
      return mediaLink(node);
    default:
      return blocks(node.children);
  }
}

function nonEmptyParagraph(children: PhrasingContent[]): Paragraph[] {
  const trimmed = trimPhrasing(children);
  return trimmed.length > 0 ? [paragraph(trimmed)] : [];
}

function preBlock(node: ContentElement): Code {
  const code = node.children.find((child): child is ContentElement => child.type === 'element' && child.tagName === 'code');
  const classes = code?.properties['className'];
  const language = Array.isArray(classes) ? classes.map(String).find((c) => c.startsWith('language-'))?.slice('language-'.length) : undefined;
  return codeBlock(language ?? '', textOf(node.children, 'agents'), undefined);
}

function list(node: ContentElement): List {
  const ordered = node.tagName === 'ol';
  const start = Number(node.properties['start']);
  const items = node.children.filter((child): child is ContentElement => child.type === 'element' && child.tagName === 'li');
  const result: List = { type: 'list', ordered, spread: false, children: items.map(listItem) };
  if (ordered && Number.isInteger(start) && start !== 1) result.start = start;
  return result;
}

function listItem(node: ContentElement): ListItem {
  const box = node.children.find((child): child is ContentElement => child.type === 'element' && child.tagName === 'input');
  const item: ListItem = { type: 'listItem', spread: false, children: blocks(node.children) };
  if (box && box.properties['type'] === 'checkbox') item.checked = box.properties['checked'] === true;
  return item;
}

function table(node: ContentElement): Table {
  const rows: ContentElement[] = [];
  const collect = (children: ContentNode[]): void => {
    for (const child of children) {
      if (child.type !== 'element') continue;
      if (child.tagName === 'tr') rows.push(child);
      else if (['thead', 'tbody', 'tfoot'].includes(child.tagName)) collect(child.children);
    }
  };
  collect(node.children);
  const cellsOf = (row: ContentElement): ContentElement[] => row.children.filter((c): c is ContentElement => c.type === 'element' && (c.tagName === 'td' || c.tagName === 'th'));
  const first = rows[0] ? cellsOf(rows[0]) : [];
  const align = first.map((cell) => {
    const value = cell.properties['align'];
    return value === 'left' || value === 'right' || value === 'center' ? value : null;
  });
  const toRow = (row: ContentElement): TableRow => ({ type: 'tableRow', children: cellsOf(row).map((cell): TableCell => ({ type: 'tableCell', children: trimPhrasing(inlines(cell.children)) })) });
  return { type: 'table', align, children: rows.map(toRow) };
}

function mediaLink(node: ContentElement): BlockContent[] {
  const source = node.children.find((c): c is ContentElement => c.type === 'element' && c.tagName === 'source');
  const src = stringProp(node.properties['src']) ?? (source ? stringProp(source.properties['src']) : undefined);
  if (!src) return [];
  const label = stringProp(node.properties['title']) ?? (node.tagName === 'iframe' ? 'Embedded content' : node.tagName === 'video' ? 'Video' : 'Audio');
  return [paragraph([{ type: 'link', url: src, children: [text(label)] }])];
}

function stringProp(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

// ---------------------------------------------------------------------------------------------------
// Components

function component(node: ContentComponent): BlockContent[] {
  if (droppedComponents.has(node.name)) return [];
  const label = callouts[node.name];
  if (label !== undefined) return [callout(label, node)];
  switch (node.name) {
    case 'Card':
    case 'Tile':
      return card(node);
    case 'Steps':
      return steps(node);
    case 'Tabs':
      return labelledChildren(node.children, 'Tab');
    case 'CodeGroup':
      return codeGroup(node.children);
    case 'RequestExample':
    case 'ResponseExample':
      return [strongLine(node.name === 'RequestExample' ? 'Request example' : 'Response example'), ...codeGroup(node.children)];
    case 'ParamField':
    case 'ResponseField':
      return [field(node)];
    default:
      return titled(node);
  }
}

/** `> **Note:** first line ...`: the label joins the first paragraph, so the callout reads as one. */
function callout(label: string, node: ContentComponent): BlockContent {
  const body = blocks(node.children);
  const title = propText(node, 'title');
  const prefix = [label, title].filter(Boolean).join(': ');
  if (prefix) {
    const first = body[0];
    const lead: PhrasingContent[] = [{ type: 'strong', children: [text(`${prefix}:`)] }];
    if (first?.type === 'paragraph') first.children.unshift(...lead, text(' '));
    else body.unshift(paragraph(lead));
  }
  return { type: 'blockquote', children: body };
}

function card(node: ContentComponent): BlockContent[] {
  const title = propText(node, 'title');
  const href = propText(node, 'href');
  const body = blocks(node.children);
  if (!title) return href ? [paragraph([{ type: 'link', url: href, children: [text(href)] }]), ...body] : body;
  const strong: PhrasingContent = { type: 'strong', children: [text(title)] };
  return [paragraph([href ? { type: 'link', url: href, children: [strong] } : strong]), ...body];
}

/** Steps: an ordered list, each step's title in bold and its content under it. */
function steps(node: ContentComponent): BlockContent[] {
  const items: ListItem[] = [];
  const out: BlockContent[] = [];
  for (const child of node.children) {
    if (child.type === 'component' && child.name === 'Step' && visibleTo(child, 'agents')) {
      const title = propText(child, 'title');
      items.push({ type: 'listItem', spread: true, children: [...(title ? [strongLine(title)] : []), ...blocks(child.children)] });
    } else if (child.type !== 'text' || child.value.trim() !== '') {
      appendAll(out, blocks([child]));
    }
  }
  return items.length > 0 ? [{ type: 'list', ordered: true, spread: true, children: items }, ...out] : out;
}

/** Tabs, and anything else that holds titled panels: each panel's title in bold before its content. */
function labelledChildren(children: ContentNode[], childName: string): BlockContent[] {
  const out: BlockContent[] = [];
  for (const child of children) {
    if (child.type === 'component' && child.name === childName) {
      if (!visibleTo(child, 'agents')) continue;
      const title = propText(child, 'title');
      if (title) out.push(strongLine(title));
      appendAll(out, blocks(child.children));
    } else {
      appendAll(out, blocks([child]));
    }
  }
  return out;
}

/** CodeGroup: each block labelled with its title (the tab it would be), the fence keeping its language and title. */
function codeGroup(children: ContentNode[]): BlockContent[] {
  const out: BlockContent[] = [];
  for (const child of children) {
    if (child.type === 'code' && child.meta.title) out.push(strongLine(child.meta.title));
    appendAll(out, blocks([child]));
  }
  return out;
}

const fieldLocations = ['path', 'query', 'body', 'header', 'cookie'] as const;

/** ParamField / ResponseField: `- **name** \`type\` (query, required, default: 1): description`, as one list item. */
function field(node: ContentComponent): List {
  const location = fieldLocations.find((key) => typeof node.props[key] === 'string');
  const name = location ? propText(node, location) : propText(node, 'name');
  const type = propText(node, 'type');
  const notes = [location, node.props['required'] === true ? 'required' : '', node.props['deprecated'] === true ? 'deprecated' : '', defaultNote(node.props['default'])].filter(Boolean);
  const lead: PhrasingContent[] = [{ type: 'strong', children: [text(name ?? '(unnamed)')] }];
  if (type) lead.push(text(' '), { type: 'inlineCode', value: type });
  if (notes.length > 0) lead.push(text(` (${notes.join(', ')})`));
  const body = blocks(node.children);
  const first = body[0];
  if (first?.type === 'paragraph' && startsWithProse(node.children)) first.children.unshift(...lead, text(': '));
  else body.unshift(paragraph(lead));
  const list: List = { type: 'list', ordered: false, spread: false, children: [{ type: 'listItem', spread: false, children: body }] };
  list.data = { field: true } as List['data'];
  return list;
}

/** Whether content starts with text or a paragraph (which the field's name may lead), not with a component. */
function startsWithProse(children: ContentNode[]): boolean {
  const first = children.find((child) => child.type !== 'text' || child.value.trim() !== '');
  return first !== undefined && (first.type === 'text' || (first.type === 'element' && (first.tagName === 'p' || !blockTags.has(first.tagName))));
}

function defaultNote(value: JsonValue | undefined): string {
  if (value === undefined || value === null) return '';
  return `default: ${typeof value === 'string' ? value : JSON.stringify(value)}`;
}

/** Consecutive fields form one list rather than a list each (which Markdown would separate with comments). */
function mergeFieldLists(nodes: BlockContent[]): BlockContent[] {
  const out: BlockContent[] = [];
  for (const node of nodes) {
    const previous = out[out.length - 1];
    if (isFieldList(node) && previous && isFieldList(previous)) appendAll(previous.children, node.children);
    else out.push(node);
  }
  return out;
}

function isFieldList(node: BlockContent): node is List {
  return node.type === 'list' && (node.data as { field?: boolean } | undefined)?.field === true;
}

/** Accordion, Expandable, Update, Frame and unknown components: a bold title (and description) when they have one, then the content. */
function titled(node: ContentComponent): BlockContent[] {
  const title = propText(node, 'title') ?? propText(node, 'label');
  const description = propText(node, 'description');
  const head: BlockContent[] = [];
  if (title) head.push(strongLine(title));
  if (description) head.push(paragraph([text(description)]));
  const caption = node.name === 'Frame' ? propText(node, 'caption') : undefined;
  const body = blocks(node.children);
  if (caption) body.push(paragraph([{ type: 'emphasis', children: [text(caption)] }]));
  return [...head, ...body];
}

// ---------------------------------------------------------------------------------------------------
// Inline content

/** Phrasing content; blocks met inside inline content contribute their text. */
function inlines(nodes: ContentNode[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const node of nodes) {
    if (!visibleTo(node, 'agents')) continue;
    appendAll(out, inline(node));
  }
  return out;
}

function inline(node: ContentNode): PhrasingContent[] {
  switch (node.type) {
    case 'text':
      return [text(node.value)];
    case 'raw':
      return node.value.startsWith('<!--') ? [] : [{ type: 'html', value: node.value }];
    case 'code':
      return [{ type: 'inlineCode', value: node.value }];
    case 'element':
      return inlineElement(node);
    case 'component':
      return inlineComponent(node);
    default:
      return [];
  }
}

function inlineElement(node: ContentElement): PhrasingContent[] {
  const children = (): PhrasingContent[] => inlines(node.children);
  switch (node.tagName) {
    case 'a': {
      const href = stringProp(node.properties['href']);
      return href ? [{ type: 'link', url: href, children: children() }] : children();
    }
    case 'img': {
      const src = stringProp(node.properties['src']);
      return src ? [{ type: 'image', url: src, alt: stringProp(node.properties['alt']) ?? '', ...(stringProp(node.properties['title']) ? { title: stringProp(node.properties['title']) as string } : {}) }] : [];
    }
    case 'strong':
    case 'b':
      return [{ type: 'strong', children: children() }];
    case 'em':
    case 'i':
      return [{ type: 'emphasis', children: children() }];
    case 'del':
    case 's':
      return [{ type: 'delete', children: children() }];
    case 'code':
    case 'kbd':
      return [{ type: 'inlineCode', value: textOf(node.children, 'agents') }];
    case 'br':
      return [{ type: 'break' }];
    default:
      if (droppedTags.has(node.tagName)) return [];
      return blockTags.has(node.tagName) ? spaced(children()) : children();
  }
}

function inlineComponent(node: ContentComponent): PhrasingContent[] {
  if (droppedComponents.has(node.name)) return [];
  const content = inlines(node.children);
  if (node.name === 'Card' || node.name === 'Tile') {
    const title = propText(node, 'title');
    const href = propText(node, 'href');
    const label = title ? [text(title)] : content;
    return href ? [{ type: 'link', url: href, children: label }] : label;
  }
  return node.inline ? content : spaced(content);
}

/** A block met inside inline content is set apart by spaces, so its words do not run into the next. */
function spaced(children: PhrasingContent[]): PhrasingContent[] {
  return children.length > 0 ? [text(' '), ...children, text(' ')] : [];
}

/** Leading and trailing whitespace of a paragraph goes (MDX keeps the line breaks around JSX). */
function trimPhrasing(children: PhrasingContent[]): PhrasingContent[] {
  const out = [...children];
  while (out.length > 0 && isBlankText(out[0] as PhrasingContent)) out.shift();
  while (out.length > 0 && isBlankText(out[out.length - 1] as PhrasingContent)) out.pop();
  const first = out[0];
  if (first?.type === 'text') out[0] = text(first.value.trimStart());
  const last = out[out.length - 1];
  if (last?.type === 'text') out[out.length - 1] = text(last.value.trimEnd());
  return out;
}

function isBlankText(node: PhrasingContent): boolean {
  return node.type === 'text' && node.value.trim() === '';
}
