import type { ContentComponent, ContentNode } from './types.js';

/** Who reads a projection: the rendered page and search (`humans`), or the Markdown twin and llms-full.txt (`agents`). */
export type Audience = 'humans' | 'agents';

/** `<Visibility for="humans">` content is only for the rendered page; `for="agents"` only for the text an agent reads. */
export function visibleTo(node: ContentNode, audience: Audience): boolean {
  if (node.type !== 'component' || node.name !== 'Visibility') return true;
  const target = node.props['for'];
  return target !== 'humans' && target !== 'agents' ? true : target === audience;
}

/** A prop as text: a string or number as written, a JSX-valued prop (a slot) as its text; undefined when empty. */
export function propText(node: ContentComponent, key: string): string | undefined {
  const value = node.props[key];
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number') return String(value);
  const slot = node.slots?.[key];
  return slot ? textOf(slot, 'agents').trim() || undefined : undefined;
}

const blockTags = /^(p|h[1-6]|li|ul|ol|div|pre|table|tr|td|th|blockquote|section|dt|dd|br|hr|figure|figcaption|details|summary|iframe|video)$/;

/** Elements whose text is set apart from its neighbours' (a paragraph, a cell), unlike `code` or `a` inside a sentence. */
export function separatesText(tagName: string): boolean {
  return blockTags.test(tagName);
}

/**
 * The plain text of nodes for an audience: text, inline code and code blocks as written, raw HTML and
 * islands left out, block boundaries as one space. Iterative, so no nesting depth overflows it.
 */
export function textOf(nodes: ContentNode[], audience: Audience): string {
  const parts: string[] = [];
  const stack: ContentNode[] = [...nodes].reverse();
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (!visibleTo(node, audience)) continue;
    if (node.type === 'text' || node.type === 'code') parts.push(node.value);
    else if (node.type === 'element' || node.type === 'component') {
      const block = node.type === 'component' ? !node.inline : separatesText(node.tagName);
      if (block) parts.push(' ');
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as ContentNode);
    }
  }
  return parts.join('');
}
