import type { SiteData } from '../types.js';
import { searchPromptOf } from '../layout/settings.js';

export function SearchButton({ data, onOpen }: { data: SiteData; onOpen: () => void }) {
  return (
    <button type="button" className="search-button" data-testid="search-button" onClick={onOpen} aria-keyshortcuts="Control+K Meta+K /">
      <span className="search-button-prompt">{searchPromptOf(data.site)}</span>
      <kbd className="search-button-shortcut">⌘K</kbd>
    </button>
  );
}
