import { isJsonObject, joinPointer, type JsonObject, type JsonValue } from '../diagnostics/index.js';
import { put, type Upgrade } from './context.js';

/** Integrations docs.json knows; mint.json's `analytics` used the same names and keys but for hightouch. */
const integrations = ['adobe', 'amplitude', 'clarity', 'clearbit', 'cookies', 'fathom', 'frontchat', 'ga4', 'gtm', 'heap', 'hightouch', 'hotjar', 'intercom', 'koala', 'logrocket', 'mixpanel', 'onetrust', 'pirsch', 'plausible', 'posthog', 'segment', 'telemetry', 'transcend'];

/** analytics (provider -> settings) and integrations (intercom/frontchat ids) -> integrations. */
export function convertIntegrations(up: Upgrade, mint: JsonObject, docs: JsonObject): void {
  const out: JsonObject = {};
  for (const [provider, settings] of Object.entries(up.object(mint.analytics, '/analytics') ?? {})) {
    const at = joinPointer('/analytics', provider);
    if (!integrations.includes(provider)) up.notMapped(at, `"${provider}" is not an integration docs.json knows`);
    else if (!isJsonObject(settings)) up.notMapped(at, 'is not an object');
    else out[provider] = provider === 'hightouch' ? renameKey(settings, 'apiKey', 'writeKey') : settings;
  }
  const old = up.object(mint.integrations, '/integrations') ?? {};
  const ids: Record<string, string> = { intercom: 'appId', frontchat: 'snippetId' };
  for (const [name, value] of Object.entries(old)) {
    const at = joinPointer('/integrations', name);
    if (Object.hasOwn(ids, name) && typeof value === 'string') out[name] = { [ids[name]!]: value };
    else if (integrations.includes(name) && isJsonObject(value)) out[name] = value;
    else up.notMapped(at, `is not an integration docs.json knows in this shape`);
  }
  if (Object.keys(out).length > 0) docs.integrations = out;
}

function renameKey(object: JsonObject, from: string, to: string): JsonObject {
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key === from ? to : key, value]));
}

export function convertRedirects(up: Upgrade, value: JsonValue | undefined, docs: JsonObject): void {
  const redirects = (up.array(value, '/redirects') ?? []).flatMap((item, i) => {
    const at = `/redirects/${i}`;
    if (!isJsonObject(item) || typeof item.source !== 'string' || typeof item.destination !== 'string') {
      up.notMapped(at, 'has no string "source" and "destination"');
      return [];
    }
    const redirect: JsonObject = { source: item.source, destination: item.destination };
    if (typeof item.permanent === 'boolean') redirect.permanent = item.permanent;
    up.rest(item, at, ['source', 'destination', 'permanent']);
    return [redirect];
  });
  if (redirects.length > 0) docs.redirects = redirects;
}

/** search.prompt; seo.indexHiddenPages -> seo.indexing; metadata -> seo.metatags. */
export function convertSearchAndSeo(up: Upgrade, mint: JsonObject, docs: JsonObject): void {
  const search = up.object(mint.search, '/search');
  if (search) {
    const prompt = up.string(search.prompt, '/search/prompt');
    if (prompt !== undefined) docs.search = { prompt };
    up.rest(search, '/search', ['prompt']);
  }
  const seo: JsonObject = {};
  const old = up.object(mint.seo, '/seo');
  if (old) {
    if (typeof old.indexHiddenPages === 'boolean') seo.indexing = old.indexHiddenPages ? 'all' : 'navigable';
    up.rest(old, '/seo', ['indexHiddenPages']);
  }
  const metadata = up.object(mint.metadata, '/metadata');
  if (metadata) {
    const tags = Object.entries(metadata).filter(([name, content]) => {
      if (typeof content === 'string' && content !== '') return true;
      up.notMapped(joinPointer('/metadata', name), 'is not a non-empty string');
      return false;
    });
    if (tags.length > 0) seo.metatags = Object.fromEntries(tags);
  }
  if (Object.keys(seo).length > 0) docs.seo = seo;
}

/** modeToggle -> appearance; font -> fonts; backgroundImage and background.style -> background; codeBlock -> styling. */
export function convertLook(up: Upgrade, mint: JsonObject, docs: JsonObject): void {
  const toggle = up.object(mint.modeToggle, '/modeToggle');
  if (toggle) {
    const appearance: JsonObject = {};
    if (toggle.default === 'light' || toggle.default === 'dark') appearance.default = toggle.default;
    else if (toggle.default !== undefined) up.notMapped('/modeToggle/default', 'is not "light" or "dark"');
    if (typeof toggle.isHidden === 'boolean') appearance.strict = toggle.isHidden;
    up.rest(toggle, '/modeToggle', ['default', 'isHidden']);
    if (Object.keys(appearance).length > 0) docs.appearance = appearance;
  }
  convertFont(up, mint.font, docs);
  const image = up.string(mint.backgroundImage, '/backgroundImage');
  if (image !== undefined) section(docs, 'background').image = image;
  const background = up.object(mint.background, '/background');
  if (background) {
    const style = background.style;
    if (style === 'gradient' || style === 'grid' || style === 'windows') section(docs, 'background').decoration = style;
    else if (style !== undefined) up.notMapped('/background/style', 'is not gradient, grid or windows');
    up.rest(background, '/background', ['style']);
  }
  const codeBlock = up.object(mint.codeBlock, '/codeBlock');
  if (codeBlock) {
    if (codeBlock.mode === 'dark' || codeBlock.mode === 'auto') docs.styling = { codeblocks: codeBlock.mode === 'dark' ? 'dark' : 'system' };
    else if (codeBlock.mode !== undefined) up.notMapped('/codeBlock/mode', 'is not "dark" or "auto"');
    up.rest(codeBlock, '/codeBlock', ['mode']);
  }
}

function convertFont(up: Upgrade, value: JsonValue | undefined, docs: JsonObject): void {
  const font = up.object(value, '/font');
  if (!font) return;
  if (font.headings !== undefined || font.body !== undefined) {
    const fonts: JsonObject = {};
    put(fonts, 'heading', fontDetails(up, font.headings, '/font/headings'));
    put(fonts, 'body', fontDetails(up, font.body, '/font/body'));
    up.rest(font, '/font', ['headings', 'body']);
    if (Object.keys(fonts).length > 0) docs.fonts = fonts;
    return;
  }
  put(docs, 'fonts', fontDetails(up, font, '/font'));
}

function fontDetails(up: Upgrade, value: JsonValue | undefined, pointer: string): JsonObject | undefined {
  const font = up.object(value, pointer);
  if (!font) return undefined;
  const out: JsonObject = {};
  put(out, 'family', up.string(font.family, `${pointer}/family`));
  if (typeof font.weight === 'number') out.weight = font.weight;
  put(out, 'source', up.string(font.url, `${pointer}/url`));
  if (font.format === 'woff' || font.format === 'woff2') out.format = font.format;
  else if (font.format !== undefined) up.notMapped(`${pointer}/format`, 'is not woff or woff2');
  up.rest(font, pointer, ['family', 'weight', 'url', 'format']);
  return out.family === undefined ? void up.notMapped(pointer, 'has no "family"') : out;
}

/** errors.404.redirect carries over; feedback has no place in docs.json. */
export function convertErrors(up: Upgrade, mint: JsonObject, docs: JsonObject): void {
  const errors = up.object(mint.errors, '/errors');
  if (!errors) return;
  const notFound = up.object(errors['404'], '/errors/404');
  if (notFound && typeof notFound.redirect === 'boolean') docs.errors = { '404': { redirect: notFound.redirect } };
  if (notFound) up.rest(notFound, '/errors/404', ['redirect']);
  up.rest(errors, '/errors', ['404']);
}

/** An object of `docs` to fill, created on first use. */
export function section(docs: JsonObject, key: string): JsonObject {
  const existing = docs[key];
  if (isJsonObject(existing)) return existing;
  const created: JsonObject = {};
  docs[key] = created;
  return created;
}
