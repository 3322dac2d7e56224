import { toggleAppearance } from './appearance.js';

/** Light/dark switch; both glyphs are rendered and the stylesheet shows the one for `html.dark`. */
export function ThemeToggle() {
  return (
    <button type="button" className="theme-toggle" data-testid="theme-toggle" aria-label="Toggle dark mode" onClick={() => toggleAppearance()}>
      <span className="theme-toggle-light" aria-hidden="true">☀</span>
      <span className="theme-toggle-dark" aria-hidden="true">☾</span>
    </button>
  );
}
