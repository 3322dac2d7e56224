import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import type { SiteData } from '../types.js';
import { searchPromptOf } from '../layout/settings.js';
import type { Branch } from '../layout/navigation.js';
import { pageHref } from '../layout/urls.js';
import { excerpt, type SearchHit } from './engine.js';
import { loadSearch, SearchFailed, searchIndexGeneration, SearchStopped, subscribeSearchIndexes, type SearchClient } from './client.js';
import { searchScope, type SearchScope } from './scope.js';

type Status = 'loading' | 'ready' | 'failed' | 'unavailable';

function useSearchClient(folder: string | undefined, scope: SearchScope): { status: Status; client?: SearchClient } {
  const [state, setState] = useState<{ status: Status; client?: SearchClient }>({ status: folder ? 'loading' : 'unavailable' });
  // The scope the index is made for when the records load; a later one goes with the searches.
  const latestScope = useRef(scope);
  latestScope.current = scope;
  // Changes when the preview's records changed with an edit: the index is loaded again.
  const generation = useSyncExternalStore(subscribeSearchIndexes, searchIndexGeneration, () => 0);
  useEffect(() => {
    if (!folder) return setState({ status: 'unavailable' });
    let live = true;
    setState({ status: 'loading' });
    loadSearch(folder, latestScope.current).then(
      (client) => live && setState({ status: 'ready', client }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [folder, generation]);
  return state;
}

interface Answer {
  query: string;
  hits: SearchHit[];
  /** What the reader is told when the query could not be answered. */
  failure?: string;
}

function failureText(error: unknown): string {
  if (error instanceof SearchStopped) return 'Search stopped working. Close search and open it again to retry.';
  return `This search failed${error instanceof SearchFailed ? ` (${error.message})` : ''}. Try other words.`;
}

/**
 * The latest answer: the hits shown stay those of the last query answered until the next answer comes,
 * and a query overtaken by a later one never shows.
 */
function useAnswer(client: SearchClient | undefined, query: string, scope: SearchScope): Answer {
  const [answer, setAnswer] = useState<Answer>({ query: '', hits: [] });
  useEffect(() => {
    if (!client || query.trim() === '') return setAnswer({ query, hits: [] });
    let live = true;
    client.search(query, scope).then(
      (hits) => live && hits && setAnswer({ query, hits }),
      (error: unknown) => live && setAnswer({ query, hits: [], failure: failureText(error) }),
    );
    return () => {
      live = false;
    };
  }, [client, query, scope]);
  return answer;
}

function hitHref(data: SiteData, hit: SearchHit): string {
  return pageHref(data.base, hit.page, hit.anchor);
}

function statusText(status: Status, query: string, answer: Answer): string | undefined {
  if (status === 'unavailable') return 'Search is not available: the site has no search index yet.';
  if (status === 'failed') return 'The search index could not be loaded.';
  if (status === 'loading') return 'Loading the search index…';
  if (answer.failure !== undefined && answer.query === query) return answer.failure;
  return query.trim() !== '' && answer.query === query && answer.hits.length === 0 ? 'No results.' : undefined;
}

export interface SearchDialogProps {
  data: SiteData;
  /** The reader's branch: search keeps to its language and version. */
  branch: Branch;
  onClose: () => void;
  /** Goes to a result (client-side navigation). */
  onNavigate: (href: string) => void;
}

export function SearchDialog({ data, branch, onClose, onNavigate }: SearchDialogProps) {
  const scope = useMemo(() => searchScope(data, branch), [data, branch]);
  const { status, client } = useSearchClient(data.searchIndexFolder, scope);
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const answer = useAnswer(client, query, scope);
  const hits = answer.hits;
  // Effects in block bodies: whatever an expression body returns React keeps as the cleanup, and calls
  // it (Chromium's scrollIntoView returns a promise since version 150: the dialog crashed the page).
  useEffect(() => {
    input.current?.focus();
  }, []);
  useEffect(() => {
    setSelected(0);
  }, [query]);
  // A hit is an option of the list the input controls (the combobox pattern): focus stays in the input,
  // arrows move the selection. Ctrl/Cmd with Enter or a click opens the page in a new tab, as a link would.
  const go = (hit: SearchHit | undefined, newTab = false): void => {
    if (!hit) return;
    if (newTab) return void window.open(hitHref(data, hit), '_blank', 'noopener');
    onClose();
    onNavigate(hitHref(data, hit));
  };
  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape') onClose();
    else if (event.key === 'ArrowDown') setSelected((at) => Math.min(at + 1, Math.max(hits.length - 1, 0)));
    else if (event.key === 'ArrowUp') setSelected((at) => Math.max(at - 1, 0));
    else if (event.key === 'Enter') go(hits[selected], event.metaKey || event.ctrlKey);
    else return;
    event.preventDefault();
  };
  const optionId = (index: number): string => `docs-search-hit-${index}`;
  useEffect(() => {
    document.getElementById(optionId(selected))?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);
  const message = statusText(status, query, answer);
  return (
    <div className="search-backdrop" onClick={onClose}>
      <div className="search-dialog" data-testid="search-dialog" role="dialog" aria-modal="true" aria-label="Search" onClick={(e) => e.stopPropagation()} onKeyDown={onKeyDown}>
        <input
          ref={input}
          className="search-input"
          data-testid="search-input"
          type="search"
          role="combobox"
          aria-label={searchPromptOf(data.site)}
          aria-autocomplete="list"
          aria-expanded={hits.length > 0}
          aria-controls="docs-search-results"
          aria-activedescendant={hits.length > 0 ? optionId(selected) : undefined}
          placeholder={searchPromptOf(data.site)}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        {/* Always there, so that screen readers announce what it comes to say. */}
        <p className="search-status" data-testid="search-status" role="status">{message}</p>
        <ul role="listbox" id="docs-search-results" className="search-results" aria-label="Search results">
          {hits.map((hit, index) => (
            <li
              key={hit.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === selected}
              className="search-result"
              data-testid="search-result"
              onClick={(e) => go(hit, e.metaKey || e.ctrlKey)}
              // On a move, not on enter: results appearing under a pointer at rest fire mouseenter, and Enter then opened that one.
              onMouseMove={() => setSelected(index)}
            >
              <span className="search-result-title">{hit.headings.length > 0 ? [hit.title, ...hit.headings].join(' › ') : hit.title}</span>
              <span className="search-result-text">{excerpt(hit.text, query)}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
