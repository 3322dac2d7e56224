import { useCallback, useEffect, useState } from 'react';
import { queryWithTags, tagsFromQuery } from '../content/changelog.js';

/**
 * The reader's tag selection on a changelog page, kept in the URL's `?tags=` (replaced, not pushed: a
 * filter is not a page to go back to). Read after hydration, so the server's HTML shows every update,
 * and again when the page changes.
 */
export function useTagSelection(pageId: string, tags: readonly string[]): [string[], (next: string[]) => void] {
  const [selected, setSelected] = useState<string[]>([]);
  const known = tags.join('\n');
  useEffect(() => {
    setSelected(tagsFromQuery(window.location.search).filter((tag) => tags.includes(tag)));
    // The tags are compared by value: a re-render with the same tags keeps the selection.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pageId, known]);
  const select = useCallback((next: string[]) => {
    setSelected(next);
    const { pathname, search, hash } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${queryWithTags(search, next)}${hash}`);
  }, []);
  return [selected, select];
}

interface ChangelogFiltersProps {
  tags: readonly string[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
}

/** One toggle per tag where the table of contents would be; "Clear" when any is on. */
export function ChangelogFilters({ tags, selected, onChange }: ChangelogFiltersProps) {
  const toggle = (tag: string): void => onChange(selected.includes(tag) ? selected.filter((t) => t !== tag) : [...selected, tag]);
  return (
    <nav className="toc changelog-filters" data-testid="changelog-filters" aria-label="Filter updates by tag">
      <p className="toc-title">Filters</p>
      <ul role="list">
        {tags.map((tag) => (
          <li key={tag}>
            <button type="button" className="changelog-filter" data-testid="changelog-filter" data-tag={tag} aria-pressed={selected.includes(tag)} onClick={() => toggle(tag)}>
              {tag}
            </button>
          </li>
        ))}
      </ul>
      {selected.length > 0 ? (
        <button type="button" className="changelog-filter-clear" data-testid="changelog-filter-clear" onClick={() => onChange([])}>
          Clear filters
        </button>
      ) : null}
    </nav>
  );
}
