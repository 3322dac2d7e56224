import { isValidElement, type CSSProperties, type ReactNode } from 'react';
import type { Site } from '../../manifest/types.js';
import { useContentEnv, withBase } from './context.js';

export type IconLibrary = Site['icons']['library'];

/** Font Awesome Free has these styles; Pro styles (`light`, `thin`, `duotone`, `sharp-*`) fall back to solid. */
const fontAwesomeStyles = new Set(['solid', 'regular', 'brands']);
const fontAwesomeShortStyles: Record<string, string> = { fas: 'solid', far: 'regular', fab: 'brands' };

/**
 * URL of a library icon's SVG, served by the site build from the installed icon packages:
 * `<base>_docs-build/icons/fontawesome/<style>/<name>.svg`, `.../lucide/<name>.svg`,
 * `.../tabler/<style>/<name>.svg` (style `outline` or `filled`). A Font Awesome name missing in its
 * style is the server's to resolve (brand names asked for as `solid`: it tries `brands`, then `regular`).
 */
export function iconUrl(library: IconLibrary | (string & {}), name: string, style?: string, base = '/'): string {
  const prefix = `${base.endsWith('/') ? base : `${base}/`}_docs-build/icons/${safeName(library)}/`;
  if (library === 'fontawesome') {
    const parsed = parseFontAwesome(name, style);
    return `${prefix}${parsed.style}/${parsed.name}.svg`;
  }
  if (library === 'tabler') return `${prefix}${style === 'filled' ? 'filled' : 'outline'}/${bareName(name, 'ti-')}.svg`;
  if (library === 'lucide') return `${prefix}${bareName(name, 'lucide-')}.svg`;
  return `${prefix}${style ? `${safeName(style)}/` : ''}${safeName(name)}.svg`;
}

/** `rocket`, `fa-rocket`, `fa-solid fa-rocket`, `fas fa-rocket`, `fa-brands fa-github` -> style and name. */
export function parseFontAwesome(written: string, style?: string): { style: string; name: string } {
  let found = style && fontAwesomeStyles.has(style) ? style : undefined;
  let name = '';
  for (const word of written.trim().split(/\s+/)) {
    const bare = word.startsWith('fa-') ? word.slice(3) : word;
    if (fontAwesomeShortStyles[word]) found ??= fontAwesomeShortStyles[word];
    else if (fontAwesomeStyles.has(bare) && word.startsWith('fa-')) found ??= bare;
    else if (bare !== '' && word !== 'fa') name = bare;
  }
  return { style: found ?? 'solid', name: safeName(name) };
}

function bareName(written: string, prefix: string): string {
  const name = written.trim();
  return safeName(name.startsWith(prefix) ? name.slice(prefix.length) : name);
}

/** Icon names become URL path segments: keep them to what icon packages name their files. */
function safeName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9-]/g, '');
}

/** An icon written as a URL or a file path rather than a library name. */
export function isIconPath(icon: string): boolean {
  return /^(https?:)?\/\//.test(icon) || icon.startsWith('/') || icon.startsWith('./') || /\.(svg|png|jpe?g|gif|webp|ico)$/i.test(icon);
}

/** Icon files are named from the docs root (`images/x.svg` as `/images/x.svg`), not from the page's URL. */
export function iconPathUrl(base: string, path: string): string {
  if (/^([a-z]+:)?\/\//i.test(path) || path.startsWith('data:')) return path;
  return withBase(base, path.startsWith('/') ? path : `/${path.replace(/^\.\//, '')}`);
}

export interface IconProps {
  /** A library name, a URL or path, or (as a slot) an inline `<svg>`. */
  icon?: string | ReactNode;
  /** Font Awesome style (`solid`, `regular`, `brands`; Pro styles fall back to solid). */
  iconType?: string;
  color?: string;
  size?: number | string;
  className?: string;
  /** `Icon` also takes the path of an image as `src`. */
  src?: string;
  /** Defaults to the site's `icons.library`. */
  library?: IconLibrary;
}

/**
 * A library icon is a CSS mask over `currentColor` (so it takes the text's or the given color in light
 * and dark); an image URL is an `<img>` with its own colors; an inline `<svg>` slot renders as given.
 */
export function Icon({ icon, iconType, color, size, className, src, library }: IconProps): ReactNode {
  const env = useContentEnv();
  const dimension = typeof size === 'number' ? `${size}px` : size;
  const classes = ['db-icon', className].filter(Boolean).join(' ');
  const sizeStyle: CSSProperties = dimension ? { width: dimension, height: dimension } : {};
  if (isValidElement(icon)) return <span className={classes} style={{ ...sizeStyle, color }} aria-hidden="true">{icon}</span>;
  const written = typeof icon === 'string' ? icon : src;
  if (!written) return null;
  if (src !== undefined || isIconPath(written)) {
    return <img className={`${classes} db-icon-image`} src={iconPathUrl(env.base, written)} alt="" style={sizeStyle} />;
  }
  const url = iconUrl(library ?? env.site?.icons.library ?? 'fontawesome', written, iconType, env.base);
  const style = {
    ...sizeStyle,
    WebkitMaskImage: `url("${url}")`,
    maskImage: `url("${url}")`,
    ...(color ? { backgroundColor: color } : {}),
  } satisfies CSSProperties;
  return <span className={classes} style={style} data-icon={written} aria-hidden="true" />;
}
