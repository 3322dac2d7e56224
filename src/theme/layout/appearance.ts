import type { Site } from '../../manifest/types.js';
import { bannerOf } from './settings.js';

/*
 * Light/dark: `html.dark` is the switch the styles read. The HTML shell runs `appearanceScript(site)`
 * inline in <head>, before the first paint, so a reader who chose dark never sees a light flash; the
 * toggle and the layout then only keep it up to date.
 */

export const appearanceStorageKey = 'docs-build:appearance';
export const bannerStorageKey = 'docs-build:banner-dismissed';

export type AppearanceMode = 'light' | 'dark' | 'system';

/** A short stable key of the banner's text: a dismissed banner comes back when its text changes. */
export function bannerKey(content: string): string {
  let hash = 5381;
  for (let i = 0; i < content.length; i++) hash = ((hash * 33) ^ content.charCodeAt(i)) >>> 0;
  return hash.toString(36);
}

/** JSON safe inside <script>: no `</script>` or `<!--` can end the element early. */
function scriptValue(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * The inline script for <head>: applies the stored (or default) appearance and a dismissed banner
 * before paint. With `appearance.strict` the stored choice is ignored: the site's default rules.
 */
export function appearanceScript(site: Site): string {
  const banner = bannerOf(site);
  const settings = {
    key: appearanceStorageKey,
    mode: site.appearance.default,
    strict: site.appearance.strict,
    bannerKey: bannerStorageKey,
    banner: banner?.dismissible ? bannerKey(banner.content) : null,
  };
  return `(function(s){var d=document.documentElement;try{var m=s.strict?null:localStorage.getItem(s.key);` +
    `if(m!=='light'&&m!=='dark'&&m!=='system')m=s.mode;` +
    `var k=m==='dark'||(m==='system'&&window.matchMedia('(prefers-color-scheme: dark)').matches);` +
    `d.classList.toggle('dark',k);d.style.colorScheme=k?'dark':'light';d.setAttribute('data-appearance',m);` +
    `if(s.banner&&localStorage.getItem(s.bannerKey)===s.banner)d.setAttribute('data-banner-dismissed','');` +
    `}catch(e){}})(${scriptValue(settings)});`;
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

function storedMode(site: Site): AppearanceMode {
  if (site.appearance.strict) return site.appearance.default;
  try {
    const stored = window.localStorage.getItem(appearanceStorageKey);
    if (stored === 'light' || stored === 'dark' || stored === 'system') return stored;
  } catch {
    // Storage can be disabled (private mode, sandboxed frames): the default applies.
  }
  return site.appearance.default;
}

/** Sets `html.dark` for a mode (browser only). */
export function applyAppearance(mode: AppearanceMode): void {
  const dark = mode === 'dark' || (mode === 'system' && systemPrefersDark());
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  root.setAttribute('data-appearance', mode);
}

/** The toggle's action: the opposite of what is shown now, remembered. */
export function toggleAppearance(): AppearanceMode {
  const mode: AppearanceMode = document.documentElement.classList.contains('dark') ? 'light' : 'dark';
  try {
    window.localStorage.setItem(appearanceStorageKey, mode);
  } catch {
    // Not remembered, still applied.
  }
  applyAppearance(mode);
  return mode;
}

/** Follows the system setting while the mode is `system`; returns the unsubscribe function. */
export function watchSystemAppearance(site: Site): () => void {
  applyAppearance(storedMode(site));
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  const onChange = (): void => {
    if (storedMode(site) === 'system') applyAppearance('system');
  };
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
