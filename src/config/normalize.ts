import type { JsonObject, JsonValue } from '../diagnostics/index.js';
import type { FontSettings, LightDark, Site } from './site.js';
import { iconLibraries, themeNames } from './schema.js';


/** Top-level keys `Site` models itself; every other key (and not `navigation`) goes to `extra`. */
const modelledKeys = new Set([
  '$schema',
  'theme',
  'name',
  'description',
  'colors',
  'logo',
  'favicon',
  'appearance',
  'fonts',
  'icons',
  'background',
  'styling',
  'thumbnails',
  'integrations',
  'api',
  'navigation',
]);

/**
 * The site settings of a composed docs.json with every default of the seed applied: colours with only
 * `primary` get it as `light` and `dark`; logo/favicon/background image strings become `{light, dark}`;
 * `appearance` `system`/`false`; `icons.library` `fontawesome`; `styling.eyebrows` `section`,
 * `latex` null (automatic), `codeblocks` `{theme: 'system'}`; `api.mdx.server` a list;
 * `api.playground.display` null when unset. Integrations pass through as given; other top-level keys
 * (navbar, footer, redirects, seo, ...) go to `extra`.
 *
 * Meant for a docs.json that validated without errors; given anything else it still returns a `Site`
 * (ill-typed values are dropped in favour of defaults) and never throws. The output is a fresh,
 * JSON-safe value with no `undefined` anywhere, so the same input always serializes identically.
 */
export function normalizeSite(value: JsonValue): Site {
  const config = asObject(value) ?? {};
  const site: Site = {
    ...(typeof config['$schema'] === 'string' ? { $schema: config['$schema'] } : {}),
    theme: oneOf(config['theme'], themeNames) ?? 'mint',
    name: typeof config['name'] === 'string' ? config['name'] : '',
    ...(typeof config['description'] === 'string' ? { description: config['description'] } : {}),
    colors: normalizeColors(config['colors']),
    logo: normalizeLogo(config['logo']),
    favicon: lightDark(config['favicon']) ?? null,
    appearance: {
      default: oneOf(asObject(config['appearance'])?.['default'], ['system', 'light', 'dark'] as const) ?? 'system',
      strict: asObject(config['appearance'])?.['strict'] === true,
    },
    fonts: normalizeFonts(config['fonts']),
    icons: { library: oneOf(asObject(config['icons'])?.['library'], iconLibraries) ?? 'fontawesome' },
    background: normalizeBackground(config['background']),
    styling: normalizeStyling(config['styling']),
    thumbnails: normalizeThumbnails(config['thumbnails']),
    integrations: normalizeIntegrations(config['integrations']),
    api: normalizeApi(config['api']),
    extra: {},
  };
  for (const [key, entry] of Object.entries(config)) {
    if (!modelledKeys.has(key)) setOwn(site.extra, key, cloneJson(entry));
  }
  return site;
}

function normalizeColors(value: JsonValue | undefined): Site['colors'] {
  const colors = asObject(value) ?? {};
  const primary = typeof colors['primary'] === 'string' ? colors['primary'] : '';
  return {
    primary,
    light: typeof colors['light'] === 'string' ? colors['light'] : primary,
    dark: typeof colors['dark'] === 'string' ? colors['dark'] : primary,
  };
}

/** A path string for both modes, or the `{light, dark}` object itself. */
function lightDark(value: JsonValue | undefined): LightDark | undefined {
  if (typeof value === 'string') return { light: value, dark: value };
  const pair = asObject(value);
  if (pair && typeof pair['light'] === 'string' && typeof pair['dark'] === 'string') return { light: pair['light'], dark: pair['dark'] };
  return undefined;
}

function normalizeLogo(value: JsonValue | undefined): Site['logo'] {
  const pair = lightDark(value);
  if (!pair) return null;
  const href = asObject(value)?.['href'];
  return typeof href === 'string' ? { ...pair, href } : pair;
}

function fontSettings(value: JsonValue | undefined): Partial<FontSettings> {
  const font = asObject(value) ?? {};
  const format = oneOf(font['format'], ['woff', 'woff2'] as const);
  return {
    ...(typeof font['family'] === 'string' ? { family: font['family'] } : {}),
    ...(typeof font['weight'] === 'number' ? { weight: font['weight'] } : {}),
    ...(typeof font['source'] === 'string' ? { source: font['source'] } : {}),
    ...(format ? { format } : {}),
  };
}

function normalizeFonts(value: JsonValue | undefined): Site['fonts'] {
  const fonts = asObject(value);
  if (!fonts) return null;
  const result: NonNullable<Site['fonts']> = fontSettings(fonts);
  for (const part of ['heading', 'body'] as const) {
    const settings = fontSettings(fonts[part]);
    if (settings.family !== undefined) result[part] = { ...settings, family: settings.family };
  }
  return result;
}

function normalizeBackground(value: JsonValue | undefined): Site['background'] {
  const background = asObject(value) ?? {};
  const decoration = oneOf(background['decoration'], ['gradient', 'grid', 'windows'] as const);
  const color = asObject(background['color']);
  const image = lightDark(background['image']);
  return {
    ...(decoration ? { decoration } : {}),
    ...(color
      ? {
          color: {
            ...(typeof color['light'] === 'string' ? { light: color['light'] } : {}),
            ...(typeof color['dark'] === 'string' ? { dark: color['dark'] } : {}),
          },
        }
      : {}),
    ...(image ? { image } : {}),
  };
}

function normalizeStyling(value: JsonValue | undefined): Site['styling'] {
  const styling = asObject(value) ?? {};
  return {
    eyebrows: oneOf(styling['eyebrows'], ['section', 'breadcrumbs'] as const) ?? 'section',
    latex: typeof styling['latex'] === 'boolean' ? styling['latex'] : null,
    codeblocks: normalizeCodeblocks(styling['codeblocks']),
  };
}

function normalizeCodeblocks(value: JsonValue | undefined): Site['styling']['codeblocks'] {
  if (typeof value === 'string') return { theme: value };
  const codeblocks = asObject(value);
  if (!codeblocks) return { theme: 'system' };
  const theme = typeof codeblocks['theme'] === 'string' ? codeblocks['theme'] : (lightDarkObject(codeblocks['theme']) ?? 'system');
  const languages = asObject(codeblocks['languages']);
  const custom = languages?.['custom'];
  return {
    theme,
    ...(languages ? { languages: Array.isArray(custom) ? { custom: custom.filter((entry): entry is string => typeof entry === 'string') } : {} } : {}),
  };
}

function lightDarkObject(value: JsonValue | undefined): LightDark | undefined {
  return typeof value === 'string' ? undefined : lightDark(value);
}

function normalizeThumbnails(value: JsonValue | undefined): Site['thumbnails'] {
  const thumbnails = asObject(value);
  if (!thumbnails) return null;
  const appearance = oneOf(thumbnails['appearance'], ['light', 'dark'] as const);
  const family = asObject(thumbnails['fonts'])?.['family'];
  return {
    ...(appearance ? { appearance } : {}),
    ...(typeof thumbnails['background'] === 'string' ? { background: thumbnails['background'] } : {}),
    ...(typeof family === 'string' ? { fonts: { family } } : {}),
  };
}

function normalizeIntegrations(value: JsonValue | undefined): Site['integrations'] {
  const integrations: Site['integrations'] = {};
  for (const [name, settings] of Object.entries(asObject(value) ?? {})) {
    const object = asObject(settings);
    if (object) setOwn(integrations, name, cloneJson(object));
  }
  return integrations;
}

function normalizeApi(value: JsonValue | undefined): Site['api'] {
  const api = asObject(value) ?? {};
  const mdx = asObject(api['mdx']) ?? {};
  const auth = asObject(mdx['auth']) ?? {};
  const playground = asObject(api['playground']) ?? {};
  const server = mdx['server'];
  const method = oneOf(auth['method'], ['bearer', 'basic', 'key'] as const);
  const display = playground['display'] === 'auth' ? 'interactive' : oneOf(playground['display'], ['interactive', 'simple', 'none'] as const);
  const result: Site['api'] = {
    mdx: {
      server: typeof server === 'string' ? [server] : Array.isArray(server) ? server.filter((entry): entry is string => typeof entry === 'string') : [],
      auth: { ...(method ? { method } : {}), ...(typeof auth['name'] === 'string' ? { name: auth['name'] } : {}) },
    },
    playground: {
      display: display ?? null,
      ...(typeof playground['proxy'] === 'boolean' ? { proxy: playground['proxy'] } : {}),
      ...(typeof playground['credentials'] === 'boolean' ? { credentials: playground['credentials'] } : {}),
    },
  };
  for (const [key, entry] of Object.entries(api)) {
    if (key !== 'mdx' && key !== 'playground') setOwn(result, key, cloneJson(entry));
  }
  return result;
}

function asObject(value: JsonValue | undefined): JsonObject | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

function oneOf<T extends string>(value: JsonValue | undefined, allowed: readonly T[]): T | undefined {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** A deep copy, so the manifest never shares (and a consumer never mutates) the loaded config. */
function cloneJson(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(cloneJson);
  if (value !== null && typeof value === 'object') {
    const copy: JsonObject = {};
    for (const [key, entry] of Object.entries(value)) {
      setOwn(copy, key, cloneJson(entry));
    }
    return copy;
  }
  return value;
}

/** Sets an own, enumerable key; unlike `target[key] = value`, a `__proto__` key stays data. */
function setOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
