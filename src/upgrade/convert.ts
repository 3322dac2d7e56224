import type { Diagnostic, JsonObject, SourceLocation } from '../diagnostics/index.js';
import { put, Upgrade } from './context.js';
import { convertErrors, convertIntegrations, convertLook, convertRedirects, convertSearchAndSeo } from './extras.js';
import { convertNavigation } from './navigation.js';
import { convertApi, convertColors, convertFooter, convertLogo, convertNavbar } from './settings.js';

/** The keys of mint.json this conversion reads; every other key is reported as not mapped (docs/upgrade.md). */
const mapped = [
  '$schema', 'name', 'theme', 'logo', 'favicon', 'colors', 'topbarLinks', 'topbarCtaButton', 'navigation', 'tabs', 'anchors',
  'topAnchor', 'primaryTab', 'versions', 'openapi', 'api', 'footerSocials', 'footer', 'analytics', 'integrations', 'redirects',
  'search', 'seo', 'metadata', 'modeToggle', 'font', 'backgroundImage', 'background', 'codeBlock', 'errors',
];

/** mint.json's three themes had no counterpart among docs.json's; their sites looked like "mint". */
const legacyThemes = ['venus', 'quill', 'prism'];

/**
 * Converts a parsed mint.json into docs.json, offline. Pure: `locate` gives the position of a pointer
 * of mint.json for the warnings (every key left out, every value changed).
 */
export function convertMintJson(mint: JsonObject, locate: (pointer: string, target?: 'key' | 'value') => SourceLocation): { docs: JsonObject; diagnostics: Diagnostic[] } {
  const up = new Upgrade(locate);
  const docs: JsonObject = { $schema: 'https://mintlify.com/docs.json', theme: theme(up, mint) };
  const name = up.string(mint.name, '/name');
  if (name === undefined) up.changed('', 'mint.json has no name, which docs.json requires; set to "Documentation"');
  docs.name = name ?? 'Documentation';
  convertColors(up, up.object(mint.colors, '/colors'), docs);
  convertLogo(up, mint.logo, docs);
  put(docs, 'favicon', up.string(mint.favicon, '/favicon'));
  convertLook(up, mint, docs);
  convertIntegrations(up, mint, docs);
  convertApi(up, mint, docs);
  convertNavbar(up, mint, docs);
  docs.navigation = convertNavigation(up, mint);
  convertFooter(up, mint, docs);
  convertRedirects(up, mint.redirects, docs);
  convertSearchAndSeo(up, mint, docs);
  convertErrors(up, mint, docs);
  up.rest(mint, '', mapped);
  return { docs: ordered(docs), diagnostics: up.diagnostics };
}

function theme(up: Upgrade, mint: JsonObject): string {
  if (mint.theme === undefined) return 'mint';
  if (typeof mint.theme === 'string' && legacyThemes.includes(mint.theme)) up.changed('/theme', `the mint.json theme "${mint.theme}" has no docs.json counterpart; set to "mint" (docs.json themes: mint, maple, palm, willow, linden, almond, aspen, sequoia, luma)`);
  else up.notMapped('/theme', 'is not a mint.json theme (venus, quill or prism)');
  return 'mint';
}

/** docs.json's keys in the order of its schema, so the file reads like a hand-written one. */
const order = ['$schema', 'theme', 'name', 'colors', 'logo', 'favicon', 'appearance', 'fonts', 'background', 'styling', 'integrations', 'api', 'navbar', 'navigation', 'footer', 'redirects', 'seo', 'search', 'errors'];

function ordered(docs: JsonObject): JsonObject {
  return Object.fromEntries(order.filter((key) => docs[key] !== undefined).map((key) => [key, docs[key]!]));
}
