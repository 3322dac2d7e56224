import { boundedPath } from '../pipeline/content-output.js';

/*
 * The virtual modules of the site, after Vite's convention: the ids code imports are
 * `virtual:docs-build/...`; resolved, they take a `\0` prefix so no other plugin touches them.
 */

export const siteModuleId = 'virtual:docs-build/site';
export const routesModuleId = 'virtual:docs-build/routes';
export const pageModulePrefix = 'virtual:docs-build/page/';

/**
 * A page id inside a module id. Ids are paths (`guides/setup`) but may hold any character; a module id
 * travels in URLs (`/@id/__x00__virtual:docs-build/page/...`) that servers decode, so everything
 * outside `[A-Za-z0-9/_.-]` is written `~hh` (its UTF-8 bytes), which no URL layer rewrites.
 */
export function encodePageId(id: string): string {
  let out = '';
  for (const char of id) {
    if (/^[A-Za-z0-9/_.-]$/.test(char)) out += char;
    else for (const byte of Buffer.from(char, 'utf8')) out += `~${byte.toString(16).padStart(2, '0')}`;
  }
  return out;
}

export function decodePageId(encoded: string): string | undefined {
  if (!/^(?:[A-Za-z0-9/_.-]|~[0-9a-f]{2})*$/.test(encoded)) return undefined;
  const bytes: number[] = [];
  for (let i = 0; i < encoded.length; i++) {
    if (encoded[i] === '~') {
      bytes.push(Number.parseInt(encoded.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(encoded.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}

export const pageModuleId = (id: string): string => `${pageModulePrefix}${encodePageId(id)}`;

/** Module source of a JSON value: `JSON.parse` of a string literal parses faster than an object literal. */
export function jsonModule(value: unknown): string {
  return `export default JSON.parse(${JSON.stringify(JSON.stringify(value))});\n`;
}

/** How the client gets a page's data: a virtual module per page (dev, `vite build`), or a JSON file per page (export). */
export type PageDataSource = 'module' | 'fetch';

/**
 * A page's data file in an export, under the base. The export's client bundle names no page data, so
 * an edit of one page's text leaves the bundle, and every other page's HTML, as they were.
 */
export const pageDataPath = (id: string): string => `_docs-build/pages/${boundedPath(encodePageId(id))}.json`;

export function routesModule(ids: readonly string[], source: PageDataSource = 'module', base = '/'): string {
  if (source === 'fetch') {
    // Fetched once per page (a failed fetch is tried again on the next visit).
    const load = `(path) => {\n  let pending;\n  return () => (pending ??= fetch(${JSON.stringify(base)} + path)\n    .then((response) => (response.ok ? response.json() : Promise.reject(new Error(\`\${response.status} for \${path}\`))))\n    .catch((error) => {\n      pending = undefined;\n      throw error;\n    }));\n}`;
    const lines = ids.map((id) => `  ${JSON.stringify(id)}: load(${JSON.stringify(pageDataPath(id))}),`);
    return `const load = ${load};\nexport default {\n${lines.join('\n')}\n};\n`;
  }
  const lines = ids.map((id) => `  ${JSON.stringify(id)}: () => import(${JSON.stringify(pageModuleId(id))}).then((m) => m.default),`);
  return `export default {\n${lines.join('\n')}\n};\n`;
}
