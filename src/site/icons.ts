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

/** The file for an icon URL's path after `_docs-build/icons/` (`lucide/rocket.svg`), or undefined. */
export function iconFile(urlPath: string): string | undefined {
  const parts = urlPath.split('/');
  const name = parts[parts.length - 1]?.replace(/\.svg$/, '') ?? '';
  if (!safe.test(name) || !urlPath.endsWith('.svg')) return undefined;
  let file: string | undefined;
  if (parts[0] === 'lucide' && parts.length === 2) {
    const folder = packageFolder('lucide-static');
    file = folder && path.join(folder, 'icons', `${name}.svg`);
  } else if (parts[0] === 'fontawesome' && parts.length === 3) {
    const folder = packageFolder('@fortawesome/fontawesome-free');
    // Pro styles (light, thin, duotone) are not in the free package: the solid icon stands in.
    const style = fontAwesomeStyles.has(parts[1]!) ? parts[1]! : 'solid';
    file = folder && [style, 'solid', 'regular', 'brands'].map((s) => path.join(folder, 'svgs', s, `${name}.svg`)).find((candidate) => existsSync(candidate));
  }
  return file && existsSync(file) ? file : undefined;
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
