import { isJsonObject, type Diagnostic, type JsonValue, type SourceLocation, type StageResult } from '../diagnostics/index.js';
import type { Site } from './site.js';
import type { DocsRoot } from '../root/index.js';
import { checkAssets } from './assets.js';
import { loadConfig, type LoadedConfig } from './load.js';
import { normalizeSite } from './normalize.js';
import { validateConfig } from './validate.js';

/** Where the settings that later stages inherit are written in docs.json (absent when not set). */
export interface SettingOrigins {
  /** `api.mdx.server`. */
  server?: SourceLocation;
  /** `api.mdx.auth.method`, else `api.mdx.auth`. */
  auth?: SourceLocation;
  /** `api.playground.display`. */
  playground?: SourceLocation;
}

/** docs.json read, checked and normalized: what every consumer of the configuration starts from. */
export interface Configuration {
  config: LoadedConfig;
  site: Site;
  origins: SettingOrigins;
}

/**
 * The configuration stage: loads docs.json (with `$ref` composition), validates it (schema, semantic
 * checks, assets) and normalizes it into `site`. The value is undefined only when docs.json cannot be
 * read at all; a docs.json of the wrong shape (`null`, an array) is reported and read as empty.
 */
export function readConfiguration(root: DocsRoot): StageResult<Configuration | undefined> {
  const loaded = loadConfig(root);
  const config = loaded.value;
  if (!config) return { value: undefined, diagnostics: loaded.diagnostics };
  const diagnostics: Diagnostic[] = [...loaded.diagnostics, ...validateConfig(config), ...checkAssets(config, root)];
  return { value: { config, site: normalizeSite(config.value), origins: settingOrigins(config) }, diagnostics };
}

export function settingOrigins(config: LoadedConfig): SettingOrigins {
  const at = (pointer: string): SourceLocation => config.locate(pointer);
  const api = objectAt(config.value, 'api');
  const mdx = objectAt(api, 'mdx');
  const auth = mdx?.auth;
  const origins: SettingOrigins = {};
  if (mdx?.server !== undefined) origins.server = at('/api/mdx/server');
  if (auth !== undefined) origins.auth = at(isJsonObject(auth) && auth.method !== undefined ? '/api/mdx/auth/method' : '/api/mdx/auth');
  if (objectAt(api, 'playground')?.display !== undefined) origins.playground = at('/api/playground/display');
  return origins;
}

function objectAt(value: JsonValue | undefined, key: string): Record<string, JsonValue> | undefined {
  if (!isJsonObject(value)) return undefined;
  const child = value[key];
  return isJsonObject(child) ? child : undefined;
}
