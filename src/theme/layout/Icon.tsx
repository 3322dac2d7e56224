import type { Site } from '../../manifest/types.js';
import { iconUrl, type IconLibrary } from '../content/index.js';
import { assetUrl } from './urls.js';

/*
 * A navigation icon: a name of the site's icon library, an object `{ name, style?, library? }`, or a URL
 * or docs-root path of an image. Drawn as a mask so it takes the text color.
 */

const libraries: ReadonlySet<string> = new Set<IconLibrary>(['fontawesome', 'lucide', 'tabler']);

function iconSource(icon: unknown, site: Site, base: string): string | undefined {
  const spec = typeof icon === 'string' ? { name: icon } : typeof icon === 'object' && icon !== null ? (icon as Record<string, unknown>) : undefined;
  const name = spec?.['name'];
  if (typeof name !== 'string' || name.trim() === '') return undefined;
  if (/^[a-z][a-z0-9+.-]*:|^\/|^\.\/|\.(svg|png|jpe?g|gif|webp|ico)$/i.test(name)) return assetUrl(base, name.replace(/^\.\//, ''));
  const written = spec?.['library'];
  const library = typeof written === 'string' && libraries.has(written) ? (written as IconLibrary) : site.icons.library;
  const style = typeof spec?.['style'] === 'string' ? spec['style'] : undefined;
  return iconUrl(library, name, style, base);
}

export function Icon({ icon, site, base, className }: { icon: unknown; site: Site; base: string; className?: string }) {
  const src = iconSource(icon, site, base);
  if (!src) return null;
  const url = `url("${src.replace(/["\\]/g, '')}")`;
  return <span aria-hidden="true" className={`docs-icon ${className ?? ''}`.trim()} style={{ maskImage: url, WebkitMaskImage: url }} />;
}
