import type { JsonValue, SourceLocation } from '../diagnostics/index.js';
import type { EndpointReference } from './endpoint-reference.js';

/** The kinds of navigation node, as the manifest names them. */
export type NavKind = 'tab' | 'anchor' | 'dropdown' | 'version' | 'language' | 'product' | 'menu' | 'group' | 'page' | 'link';

/** An `openapi` value of a navigation node (or `api.openapi`), in its normalized form. */
export interface SpecAttachment {
  /** Spec references as written: paths relative to the docs root, or https URLs. */
  sources: string[];
  /** `{source, directory}` form: the folder generated pages go to. */
  directory?: string;
  /** Pointer of the `openapi` key in docs.json (composed). */
  pointer: string;
  location: SourceLocation;
}

interface NavItemBase {
  /** Pointer of the entry in the composed docs.json. */
  pointer: string;
  location: SourceLocation;
}

/** A tab, anchor, dropdown, version, language, product, menu item or group. */
export interface DivisionItem extends NavItemBase {
  type: 'division';
  kind: Exclude<NavKind, 'page' | 'link'>;
  label: string;
  icon?: JsonValue;
  hidden?: boolean;
  href?: string;
  expanded?: boolean;
  tag?: string;
  /** Group landing page (`root`). */
  root?: PageItem;
  /** The node's own `openapi`. */
  spec?: SpecAttachment;
  /** The attachment in effect here: the node's own, else the nearest enclosing one, else `api.openapi`. */
  specScope?: SpecAttachment;
  /** Keys of the node that are neither children nor the ones above (description, default, color, ...). */
  extra: Record<string, JsonValue>;
  children: NavItem[];
}

/** A page path in `pages` (or a group `root`). */
export interface PageItem extends NavItemBase {
  type: 'page';
  /** As written. */
  reference: string;
  /** Page id: the reference without a leading slash or extension. */
  id: string;
  /** The file it resolved to (`<ref>.mdx`, `<ref>.md` or `<ref>/index.mdx`); absent when missing. */
  file?: string;
  /** Set on the second and later listing of the same page. */
  duplicate?: boolean;
  /** The OpenAPI attachment in effect where the page is listed (for `openapi:` frontmatter without a file). */
  specScope?: SpecAttachment;
}

/** `METHOD /path`, `<file> METHOD /path` or `webhook <name>` in `pages`. */
export interface EndpointItem extends NavItemBase {
  type: 'endpoint';
  /** As written (trimmed). */
  reference: string;
  /** The reference read by the one grammar (`endpoint-reference.ts`). */
  parsed: EndpointReference;
  specScope?: SpecAttachment;
}

export type NavItem = DivisionItem | PageItem | EndpointItem;

export interface NavTree {
  items: NavItem[];
  /** Every page entry in config order, duplicates included (flagged). */
  pages: PageItem[];
  endpoints: EndpointItem[];
  /** Every `openapi` attachment in config order. */
  attachments: SpecAttachment[];
  /** `api.openapi`: specs in scope everywhere (and candidates for frontmatter references). */
  globalSpec?: SpecAttachment;
}
