import type { SourceLocation } from '../diagnostics/index.js';
import type { SettingOrigins } from '../config/index.js';
import type { Site } from '../config/index.js';

/**
 * The docs.json settings that hand-written API pages inherit, already normalized (a single server
 * string becomes a one-item list). The locations let a diagnostic caused by a global setting point at
 * docs.json rather than at the page that happened to use it.
 */
export interface ApiSettings {
  /** `api.mdx.server`; empty when not set. */
  server: string[];
  serverLocation?: SourceLocation;
  /** `api.mdx.auth`. */
  auth: { method?: 'bearer' | 'basic' | 'key'; name?: string };
  /** Where `api.mdx.auth` (ideally its `method`) is written in docs.json. */
  authLocation?: SourceLocation;
  /** `api.playground.display`; null when not set. */
  playgroundDisplay: 'interactive' | 'simple' | 'none' | null;
  playgroundLocation?: SourceLocation;
}

/** No global API settings: no server, no auth, playground not configured. */
export const noApiSettings: ApiSettings = Object.freeze({ server: [], auth: Object.freeze({}), playgroundDisplay: null }) as ApiSettings;

/** Builds the settings from the normalized site's `api` (locations are optional; pass them when known). */
export function apiSettingsFromSite(
  api: Site['api'],
  locations: SettingOrigins = {},
): ApiSettings {
  const settings: ApiSettings = {
    server: [...api.mdx.server],
    auth: { ...api.mdx.auth },
    playgroundDisplay: api.playground.display,
  };
  if (locations.server) settings.serverLocation = locations.server;
  if (locations.auth) settings.authLocation = locations.auth;
  if (locations.playground) settings.playgroundLocation = locations.playground;
  return settings;
}
