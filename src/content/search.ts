import { propText, separatesText, visibleTo } from './text.js';
import type { ContentElement, ContentNode, ContentRoot, SearchRecord } from './types.js';

export type { SearchRecord } from './types.js';

/** Props whose text a reader sees on the rendered page (a Card's title, a field's name and type). */
const visibleProps = ['title', 'label', 'description', 'name', 'path', 'query', 'body', 'header', 'cookie', 'type'] as const;

/**
 * Search records for a page, one per heading section, in document order. The text is what a reader
 * sees: prose, inline code, component titles and field names; fenced code blocks are left out (a
 * quarter of the corpora's bytes, and translated pages repeat them; their titles stay), and so is
 * `<Visibility for="agents">` content (search serves people). Headings inside components count too.
 * A page with no text of its own gets one record: its title, and its description as the text.
 */
export function searchRecords(pageId: string, title: string, tree: ContentRoot, description?: string): SearchRecord[] {
  const records: SearchRecord[] = [];
  const path: Array<{ depth: number; text: string }> = [];
  let current: SearchRecord = { id: pageId, page: pageId, headings: [], title, text: '' };
  let parts: string[] = [];
  const flush = (): void => {
    current.text = normalize(parts.join(''));
    if (current.anchor !== undefined || current.text !== '') records.push(current);
    parts = [];
  };
  const stack: ContentNode[] = [...tree.children].reverse();
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (!visibleTo(node, 'humans')) continue;
    const heading = headingOf(node);
    if (heading) {
      flush();
      while (path.length > 0 && (path[path.length - 1] as { depth: number }).depth >= heading.depth) path.pop();
      path.push(heading);
      current = { id: `${pageId}#${heading.id}`, page: pageId, anchor: heading.id, headings: path.map((h) => h.text), title, text: '' };
      // An Update's content is its section: its description and children follow (its label is the heading).
      if (node.type === 'component') {
        const description = propText(node, 'description');
        if (description) parts.push(description, ' ');
        for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as ContentNode);
      }
      continue;
    }
    visit(node, parts, stack);
  }
  flush();
  // A page whose body has no text (a generated API page, a page of cards with images) is still found by
  // its title, and by its description (an operation's summary and description).
  if (records.length === 0) records.push({ id: pageId, page: pageId, headings: [], title, text: normalize(description ?? '') });
  return uniqueIds(records);
}

function visit(node: ContentNode, parts: string[], stack: ContentNode[]): void {
  switch (node.type) {
    case 'text':
      parts.push(node.value);
      return;
    case 'code':
      if (node.meta.title) parts.push(' ', node.meta.title, ' ');
      return;
    case 'element':
      if (node.tagName === 'script' || node.tagName === 'style' || node.tagName === 'svg') return;
      if (separatesText(node.tagName)) parts.push(' ');
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as ContentNode);
      return;
    case 'component':
      if (!node.inline) parts.push(' ');
      for (const key of visibleProps) {
        const text = propText(node, key);
        if (text !== undefined) parts.push(text, ' ');
      }
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as ContentNode);
      return;
    default:
      return;
  }
}

/** Components that start a section of their own: a changelog's `Update` (its anchor is in the table of contents). */
function componentHeading(node: ContentNode): { depth: number; id: string; text: string } | undefined {
  if (node.type !== 'component' || node.name !== 'Update' || typeof node.props['id'] !== 'string' || node.props['id'] === '') return undefined;
  return { depth: 2, id: node.props['id'], text: normalize(propText(node, 'label') ?? propText(node, 'title') ?? node.props['id']) };
}

function headingOf(node: ContentNode): { depth: number; id: string; text: string } | undefined {
  if (node.type !== 'element') return componentHeading(node);
  const match = /^h([1-6])$/.exec(node.tagName);
  const id = node.properties['id'];
  if (!match || typeof id !== 'string' || id === '') return undefined;
  return { depth: Number(match[1]), id, text: normalize(headingText(node)) };
}

function headingText(node: ContentElement): string {
  const parts: string[] = [];
  const stack: ContentNode[] = [...node.children].reverse();
  for (let child = stack.pop(); child !== undefined; child = stack.pop()) {
    if (!visibleTo(child, 'humans')) continue;
    if (child.type === 'text' || child.type === 'code') parts.push(child.value);
    else if (child.type === 'element' || child.type === 'component') for (let i = child.children.length - 1; i >= 0; i--) stack.push(child.children[i] as ContentNode);
  }
  return parts.join('');
}

function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Two headings with one id (the anchor checker reports it): the later record gets `-2`, `-3`, so ids stay keys. */
function uniqueIds(records: SearchRecord[]): SearchRecord[] {
  const seen = new Map<string, number>();
  for (const record of records) {
    const count = (seen.get(record.id) ?? 0) + 1;
    seen.set(record.id, count);
    if (count > 1) record.id = `${record.id}-${count}`;
  }
  return records;
}
