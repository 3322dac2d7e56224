import { createContext, useContext } from 'react';
import type { ContentNode } from '../../content/types.js';

/**
 * A changelog's tag filters (the service's changelog page): when a page's `Update`s have `tags`, the
 * table of contents gives way to one toggle per tag; with tags selected, only the updates holding
 * every selected tag are shown (untagged ones are hidden), and the selection is the URL's `?tags=`.
 */
export const ChangelogFilterContext = createContext<readonly string[]>([]);

/** The tags the reader selected on this page (none outside a changelog). */
export function useChangelogFilter(): readonly string[] {
  return useContext(ChangelogFilterContext);
}

/** Whether an update with these tags is shown under the selection. */
export function updateShown(tags: unknown, selected: readonly string[]): boolean {
  if (selected.length === 0) return true;
  return Array.isArray(tags) && selected.every((tag) => tags.includes(tag));
}

/** The tags of a page's `Update`s, in the order the page first names them. */
export function changelogTags(nodes: readonly ContentNode[]): string[] {
  const tags = new Set<string>();
  const stack = [...nodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'component' && node.name === 'Update' && Array.isArray(node.props.tags)) {
      for (const tag of node.props.tags) if (typeof tag === 'string' && tag !== '') tags.add(tag);
    }
    if (node.type === 'element' || node.type === 'component') for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return [...tags];
}

/** `?tags=a,b` of a location's query, as the service spells it (commas; each tag URL-encoded). */
export function tagsFromQuery(search: string): string[] {
  const value = new URLSearchParams(search).get('tags');
  if (!value) return [];
  return [...new Set(value.split(',').map((tag) => tag.trim()).filter((tag) => tag !== ''))];
}

/** The query with `tags` set to the selection (removed when empty), commas kept as commas; the other parameters stay. */
export function queryWithTags(search: string, selected: readonly string[]): string {
  const params = new URLSearchParams(search);
  params.delete('tags');
  const parts = params.toString() === '' ? [] : [params.toString()];
  if (selected.length > 0) parts.push(`tags=${selected.map(encodeURIComponent).join(',')}`);
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}
