import { describe, expect, it } from 'vitest';
import { changelogTags, queryWithTags, tagsFromQuery, updateShown } from '../../src/theme/content/changelog.js';
import type { ContentNode } from '../../src/content/types.js';

const update = (tags?: unknown[]): ContentNode => ({ type: 'component', name: 'Update', props: tags ? { label: 'x', tags: tags as string[] } : { label: 'x' }, children: [] });

describe('changelog tag filters', () => {
  it('collects the tags of Updates at any depth, first-seen order, once each', () => {
    const nested: ContentNode = { type: 'element', tagName: 'div', properties: {}, children: [update(['Fix', 'API'])] };
    expect(changelogTags([update(['API']), nested, update(), update([3, '', 'Docs'])])).toEqual(['API', 'Fix', 'Docs']);
  });

  it('shows an update only when it holds every selected tag; untagged ones hide under a filter', () => {
    expect(updateShown(['API', 'Fix'], ['API', 'Fix'])).toBe(true);
    expect(updateShown(['API'], ['API', 'Fix'])).toBe(false);
    expect(updateShown(undefined, ['API'])).toBe(false);
    expect(updateShown(undefined, [])).toBe(true);
  });

  it('reads and writes ?tags= with commas, keeping the other parameters', () => {
    expect(tagsFromQuery('?tags=Spearmint,Peppermint')).toEqual(['Spearmint', 'Peppermint']);
    expect(tagsFromQuery('?tags=Spearmint%2CPeppermint&x=1')).toEqual(['Spearmint', 'Peppermint']);
    expect(tagsFromQuery('?x=1')).toEqual([]);
    expect(queryWithTags('?x=1&tags=Old', ['New releases', 'Bug fixes'])).toBe('?x=1&tags=New%20releases,Bug%20fixes');
    expect(queryWithTags('?tags=Old', [])).toBe('');
    expect(tagsFromQuery(queryWithTags('', ['a&b', 'c']))).toEqual(['a&b', 'c']);
  });
});
