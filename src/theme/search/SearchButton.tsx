import { useEffect, useState } from 'react';
import type { SiteData } from '../types.js';
import { searchPromptOf } from '../layout/settings.js';

/** The shortcut as the reader's keyboard spells it: ⌘K on Apple systems, Ctrl K elsewhere (known after hydration). */
function useShortcutLabel(): string {
  const [label, setLabel] = useState('Ctrl K');
  useEffect(() => {
    if (/Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)) setLabel('⌘K');
  }, []);
  return label;
}

export function SearchButton({ data, onOpen }: { data: SiteData; onOpen: () => void }) {
  const shortcut = useShortcutLabel();
  return (
    <button type="button" className="search-button" data-testid="search-button" onClick={onOpen} aria-keyshortcuts="Control+K Meta+K /">
      <span className="search-button-prompt">{searchPromptOf(data.site)}</span>
      <kbd className="search-button-shortcut">{shortcut}</kbd>
    </button>
  );
}
