import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/*
 * Icons by URL, `_docs-build/icons/<library>/...svg` (the theme's `iconUrl`), from the icon packages
 * docs-build depends on: lucide-static and Font Awesome Free. Dev serves them from there; the export
 * copies the ones its pages use.
 */

const require = createRequire(import.meta.url);
const folders = new Map<string, string | undefined>();

function packageFolder(name: string): string | undefined {
  if (!folders.has(name)) {
    let folder: string | undefined;
    try {
      folder = path.dirname(require.resolve(`${name}/package.json`));
    } catch {
      folder = undefined;
    }
    folders.set(name, folder);
  }
  return folders.get(name);
}

const fontAwesomeStyles = new Set(['solid', 'regular', 'brands']);
const safe = /^[a-z0-9][a-z0-9-]*$/;

/**
 * What the site serves for an icon no installed package has: an empty SVG, so the icon shows blank as
 * it would anyway, without a failed request (a console error on every page that names it).
 */
export const blankIcon = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"></svg>\n';

/**
 * The file for an icon URL's path after `_docs-build/icons/` (`lucide/rocket.svg`), or undefined.
 *
 * A name the configured library lacks is looked up in the other one: the service's Font Awesome is the
 * Pro set, and the corpora use Pro names that Font Awesome Free lacks but Lucide has (`webhook`,
 * `sparkles`, `triangle`); Lucide dropped its brand icons, which sites on the lucide library still name
 * (`github`, `slack`, `python` on mintlify-docs) and Font Awesome's brands have. A blank icon is the
 * only other outcome (`missingIcons`).
 */
export function iconFile(urlPath: string): string | undefined {
  const parts = urlPath.split('/');
  const name = parts[parts.length - 1]?.replace(/\.svg$/, '') ?? '';
  if (!safe.test(name) || !urlPath.endsWith('.svg')) return undefined;
  if (parts[0] === 'lucide' && parts.length === 2) return lucideFile(name) ?? fontAwesomeFile('brands', name);
  // Pro styles (light, thin, duotone) are not in the free package: the solid icon stands in.
  if (parts[0] === 'fontawesome' && parts.length === 3) return fontAwesomeFile(fontAwesomeStyles.has(parts[1]!) ? parts[1]! : 'solid', name) ?? lucideFile(name);
  return undefined;
}

function lucideFile(name: string): string | undefined {
  const folder = packageFolder('lucide-static');
  const file = folder && path.join(folder, 'icons', `${name}.svg`);
  return file && existsSync(file) ? file : undefined;
}

/** The icon in `style`, else in any other style of Font Awesome Free. */
function fontAwesomeFile(style: string, name: string): string | undefined {
  const folder = packageFolder('@fortawesome/fontawesome-free');
  if (!folder) return undefined;
  return [style, 'solid', 'regular', 'brands'].map((s) => path.join(folder, 'svgs', s, `${name}.svg`)).find((candidate) => existsSync(candidate));
}

/**
 * Icon URL paths (after the base) in a rendered page, each once. Copied out of the page: a match is a
 * slice of the page's string, and the export keeps the paths of every page, which kept every page's
 * HTML alive (0.38 MB a page on box: its export grew to 1.5 GB).
 */
export function iconPathsIn(html: string): string[] {
  const paths = new Set<string>();
  for (const match of html.matchAll(/_docs-build\/icons\/([a-z0-9/-]+\.svg)/g)) paths.add(match[1]!);
  return [...paths].map((slice) => Buffer.from(slice, 'utf8').toString('utf8'));
}
