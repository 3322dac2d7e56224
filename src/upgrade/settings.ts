import { isJsonObject, joinPointer, type JsonObject, type JsonValue } from '../diagnostics/index.js';
import { put, type Upgrade } from './context.js';
import { section } from './extras.js';

/** A hex colour for docs.json's required `colors.primary` when mint.json has none (mint.json's own default green). */
const defaultPrimary = '#0D9373';

export function convertColors(up: Upgrade, colors: JsonObject | undefined, docs: JsonObject): void {
  const out: JsonObject = {};
  if (colors) {
    for (const key of ['primary', 'light', 'dark']) put(out, key, up.string(colors[key], `/colors/${key}`));
    const background = up.object(colors.background, '/colors/background');
    if (background) {
      const color: JsonObject = {};
      for (const mode of ['light', 'dark']) put(color, mode, up.string(background[mode], `/colors/background/${mode}`));
      up.rest(background, '/colors/background', ['light', 'dark']);
      if (Object.keys(color).length > 0) section(docs, 'background').color = color;
    }
    // colors.anchors is applied to the anchors by the navigation conversion.
    up.rest(colors, '/colors', ['primary', 'light', 'dark', 'background', 'anchors']);
  }
  if (out.primary === undefined) {
    out.primary = defaultPrimary;
    up.changed(colors ? '/colors' : '', `mint.json has no colors.primary, which docs.json requires; set to ${defaultPrimary}, the old default`);
  }
  docs.colors = out;
}

/** `{ light, dark }` from a mint.json colour: a hex string, or a gradient `{ from, via, to }` (its `from`, with a warning). */
export function lightDark(up: Upgrade, value: JsonValue | undefined, pointer: string): JsonObject | undefined {
  if (typeof value === 'string') return { light: value, dark: value };
  const gradient = up.object(value, pointer);
  if (!gradient) return undefined;
  const from = up.string(gradient.from, joinPointer(pointer, 'from'));
  if (from === undefined) return undefined;
  up.changed(pointer, `docs.json colours are solid, not gradients; the gradient's "from" colour ${from} is used`);
  return { light: from, dark: from };
}

export function convertLogo(up: Upgrade, value: JsonValue | undefined, docs: JsonObject): void {
  if (value === undefined || typeof value === 'string') return put(docs, 'logo', value);
  const logo = up.object(value, '/logo');
  if (!logo) return;
  const light = up.string(logo.light, '/logo/light');
  const dark = up.string(logo.dark, '/logo/dark');
  if (light === undefined && dark === undefined) return up.notMapped('/logo', 'has neither "light" nor "dark"');
  const out: JsonObject = { light: light ?? dark!, dark: dark ?? light! };
  put(out, 'href', up.string(logo.href, '/logo/href'));
  up.rest(logo, '/logo', ['light', 'dark', 'href']);
  docs.logo = out;
}

/** topbarLinks and topbarCtaButton -> navbar.links and navbar.primary. */
export function convertNavbar(up: Upgrade, mint: JsonObject, docs: JsonObject): void {
  const links = (up.array(mint.topbarLinks, '/topbarLinks') ?? []).flatMap((link, index) => {
    const converted = navbarLink(up, link, `/topbarLinks/${index}`);
    return converted ? [converted] : [];
  });
  if (links.length > 0) section(docs, 'navbar').links = links;
  const cta = up.object(mint.topbarCtaButton, '/topbarCtaButton');
  if (!cta) return;
  const url = up.string(cta.url, '/topbarCtaButton/url');
  if (url === undefined) return up.notMapped('/topbarCtaButton', 'has no "url"');
  const type = cta.type === 'github' ? 'github' : 'button';
  const primary: JsonObject = { type, href: url };
  if (type === 'button') primary.label = up.string(cta.name, '/topbarCtaButton/name') ?? url;
  up.rest(cta, '/topbarCtaButton', ['type', 'name', 'url']);
  section(docs, 'navbar').primary = primary;
}

function navbarLink(up: Upgrade, value: JsonValue, pointer: string): JsonObject | undefined {
  const link = up.object(value, pointer);
  if (!link) return undefined;
  const url = up.string(link.url, `${pointer}/url`);
  if (url === undefined) return void up.notMapped(pointer, 'has no "url"');
  up.rest(link, pointer, ['name', 'url', 'type']);
  if (link.type === 'github' || link.type === 'discord') return { type: link.type, href: url };
  return { label: up.string(link.name, `${pointer}/name`) ?? url, href: url };
}

const playgroundModes: Record<string, string> = { show: 'interactive', simple: 'simple', hide: 'none' };

/** openapi -> api.openapi; api.baseUrl -> api.mdx.server; api.auth -> api.mdx.auth; the playground and examples settings. */
export function convertApi(up: Upgrade, mint: JsonObject, docs: JsonObject): void {
  const api: JsonObject = {};
  if (mint.openapi !== undefined) {
    if (typeof mint.openapi === 'string' || (Array.isArray(mint.openapi) && mint.openapi.every((s) => typeof s === 'string'))) api.openapi = mint.openapi;
    else up.notMapped('/openapi', 'is neither a path nor an array of paths');
  }
  const old = up.object(mint.api, '/api');
  if (old) {
    const mdx: JsonObject = {};
    if (typeof old.baseUrl === 'string' || Array.isArray(old.baseUrl)) mdx.server = old.baseUrl;
    else if (old.baseUrl !== undefined) up.notMapped('/api/baseUrl', 'is neither a URL nor an array of URLs');
    put(mdx, 'auth', auth(up, old.auth));
    if (Object.keys(mdx).length > 0) api.mdx = mdx;
    put(api, 'playground', playground(up, old.playground));
    put(api, 'examples', examples(up, old.request));
    put(api, 'params', params(up, old.paramFields));
    up.rest(old, '/api', ['baseUrl', 'auth', 'playground', 'request', 'paramFields']);
  }
  if (Object.keys(api).length > 0) docs.api = api;
}

function auth(up: Upgrade, value: JsonValue | undefined): JsonObject | undefined {
  const old = up.object(value, '/api/auth');
  if (!old) return undefined;
  const out: JsonObject = {};
  const method = up.string(old.method, '/api/auth/method');
  if (method !== undefined && ['bearer', 'basic', 'key'].includes(method)) out.method = method;
  else if (method !== undefined) up.notMapped('/api/auth/method', `"${method}" is not bearer, basic or key`);
  put(out, 'name', up.string(old.name, '/api/auth/name'));
  up.rest(old, '/api/auth', ['method', 'name'], 'has no docs.json equivalent (the playground asks for the whole credential)');
  return out;
}

function playground(up: Upgrade, value: JsonValue | undefined): JsonObject | undefined {
  const old = up.object(value, '/api/playground');
  if (!old) return undefined;
  const out: JsonObject = {};
  const mode = up.string(old.mode, '/api/playground/mode');
  if (mode !== undefined && playgroundModes[mode]) out.display = playgroundModes[mode];
  else if (mode !== undefined) up.notMapped('/api/playground/mode', `"${mode}" is not show, simple or hide`);
  if (typeof old.disableProxy === 'boolean') out.proxy = !old.disableProxy;
  up.rest(old, '/api/playground', ['mode', 'disableProxy']);
  return out;
}

function examples(up: Upgrade, value: JsonValue | undefined): JsonObject | undefined {
  const request = up.object(value, '/api/request');
  if (!request) return undefined;
  up.rest(request, '/api/request', ['example']);
  const example = up.object(request.example, '/api/request/example');
  if (!example) return undefined;
  const out: JsonObject = {};
  if (typeof example.showOptionalParams === 'boolean') out.defaults = example.showOptionalParams ? 'all' : 'required';
  const languages = up.array(example.languages, '/api/request/example/languages');
  if (languages) out.languages = languages.filter((l): l is string => typeof l === 'string');
  up.rest(example, '/api/request/example', ['showOptionalParams', 'languages']);
  return out;
}

function params(up: Upgrade, value: JsonValue | undefined): JsonObject | undefined {
  const old = up.object(value, '/api/paramFields');
  if (!old) return undefined;
  up.rest(old, '/api/paramFields', ['expanded']);
  const expanded = up.string(old.expanded, '/api/paramFields/expanded');
  if (expanded === undefined) return undefined;
  if (expanded !== 'all' && expanded !== 'closed') up.changed('/api/paramFields/expanded', `"${expanded}" has no docs.json equivalent; fields start closed ("closed")`);
  return { expanded: expanded === 'all' ? 'all' : 'closed' };
}

/** Platforms docs.json's footer.socials accepts. */
const socialPlatforms = ['x', 'website', 'facebook', 'youtube', 'discord', 'slack', 'github', 'linkedin', 'instagram', 'hacker-news', 'medium', 'telegram', 'twitter', 'x-twitter', 'earth-americas', 'bluesky', 'threads', 'reddit', 'podcast'];

/** footerSocials (an object or an array of { type, url }) and footer.socials/links -> footer. */
export function convertFooter(up: Upgrade, mint: JsonObject, docs: JsonObject): void {
  const footer: JsonObject = {};
  const socials: JsonObject = {};
  addSocials(up, mint.footerSocials, '/footerSocials', socials);
  const old = up.object(mint.footer, '/footer');
  if (old) {
    addSocials(up, old.socials, '/footer/socials', socials);
    put(footer, 'links', footerLinks(up, old.links));
    up.rest(old, '/footer', ['socials', 'links']);
  }
  if (Object.keys(socials).length > 0) footer.socials = socials;
  if (Object.keys(footer).length > 0) docs.footer = footer;
}

function addSocials(up: Upgrade, value: JsonValue | undefined, pointer: string, socials: JsonObject): void {
  const entries: Array<[string, JsonValue | undefined, string]> = Array.isArray(value)
    ? value.map((item, i) => [isJsonObject(item) && typeof item.type === 'string' ? item.type : '', isJsonObject(item) ? item.url : undefined, `${pointer}/${i}`])
    : Object.entries(up.object(value, pointer) ?? {}).map(([platform, url]) => [platform, url, joinPointer(pointer, platform)]);
  for (const [platform, url, at] of entries) {
    if (!socialPlatforms.includes(platform)) up.notMapped(at, `"${platform}" is not a platform docs.json's footer.socials knows`);
    else if (typeof url !== 'string') up.notMapped(at, 'has no URL');
    else socials[platform] = url;
  }
}

function footerLinks(up: Upgrade, value: JsonValue | undefined): JsonValue[] | undefined {
  const columns = up.array(value, '/footer/links');
  if (!columns) return undefined;
  const out = columns.flatMap((item, i) => {
    const column = up.object(item, `/footer/links/${i}`);
    if (!column) return [];
    const items = (up.array(column.links, `/footer/links/${i}/links`) ?? []).flatMap((link) =>
      isJsonObject(link) && typeof link.label === 'string' && typeof link.url === 'string' ? [{ label: link.label, href: link.url }] : [],
    );
    up.rest(column, `/footer/links/${i}`, ['title', 'links']);
    if (items.length === 0) return [];
    const converted: JsonObject = { items };
    put(converted, 'header', up.string(column.title, `/footer/links/${i}/title`));
    return [converted];
  });
  return out.length > 0 ? out.slice(0, 4) : undefined;
}
