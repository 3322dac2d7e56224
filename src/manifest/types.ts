import type { JsonValue } from '../diagnostics/index.js';
import type { Field } from '../fields/index.js';

/**
 * The site manifest, version 1: the contract with themes (docs: docs/manifest.md; JSON Schema:
 * schema/manifest.schema.json, checked against these types by the test suite).
 */
export interface Manifest {
  manifestVersion: 1;
  generator: { name: string; version: string };
  site: Site;
  navigation: NavNode[];
  pages: Record<string, Page>;
  openapi: Record<string, SpecSummary>;
  schemas: Record<string, JsonValue>;
  diagnostics: { errors: number; warnings: number };
}

export type ThemeName = 'mint' | 'maple' | 'palm' | 'willow' | 'linden' | 'almond' | 'aspen' | 'sequoia' | 'luma';

export interface LightDark {
  light: string;
  dark: string;
}

export interface FontSettings {
  family: string;
  weight?: number;
  source?: string;
  format?: 'woff' | 'woff2';
}

/** docs.json with every default of the seed applied. Keys the seed does not define pass through in `extra`. */
export interface Site {
  $schema?: string;
  theme: ThemeName;
  name: string;
  description?: string;
  colors: { primary: string; light: string; dark: string };
  logo: (LightDark & { href?: string }) | null;
  favicon: LightDark | null;
  appearance: { default: 'system' | 'light' | 'dark'; strict: boolean };
  /** `family` is absent only when the site font is split into `heading` and `body` fonts. */
  fonts: (Partial<FontSettings> & { heading?: FontSettings; body?: FontSettings }) | null;
  icons: { library: 'fontawesome' | 'lucide' | 'tabler' };
  background: {
    decoration?: 'gradient' | 'grid' | 'windows';
    color?: { light?: string; dark?: string };
    image?: LightDark;
  };
  styling: {
    eyebrows: 'section' | 'breadcrumbs';
    /** `null`: automatic detection of LaTeX use. */
    latex: boolean | null;
    codeblocks: { theme: string | LightDark; languages?: { custom?: string[] } };
  };
  thumbnails: { appearance?: 'light' | 'dark'; background?: string; fonts?: { family: string } } | null;
  integrations: Record<string, Record<string, JsonValue>>;
  api: {
    mdx: { server: string[]; auth: { method?: 'bearer' | 'basic' | 'key'; name?: string } };
    /** `display` null when unset. docs.json's `auth` ("interactive for signed-in readers") is recorded as `interactive`. */
    playground: { display: 'interactive' | 'simple' | 'none' | null; proxy?: boolean; credentials?: boolean };
    /** Other keys of `api` (examples, params, ...) as written. */
    [key: string]: JsonValue | object | undefined;
  };
  /** Real-world keys beyond the seed (navbar, footer, redirects, seo, ...) as written. */
  extra: Record<string, JsonValue>;
}

export type NavKind = 'tab' | 'anchor' | 'dropdown' | 'version' | 'language' | 'product' | 'menu' | 'group' | 'page' | 'link';

export interface NavNode {
  kind: NavKind;
  label: string;
  children: NavNode[];
  /** `page` nodes: key in `pages`. */
  page?: string;
  href?: string;
  icon?: string | JsonValue;
  hidden?: boolean;
  /** Spec id in effect at this node. */
  openapi?: string;
  /** Group landing page (`root`), a key in `pages`. */
  root?: string;
  expanded?: boolean;
  tag?: string;
  /** Other keys of the node as written (language code, colours, description, ...). */
  extra?: Record<string, JsonValue>;
}

export type PageKind = 'page' | 'endpoint' | 'openapi';

export type PageSource =
  | { file: string; line?: number; column?: number }
  | { file: string; pointer: string };

export interface ApiTarget {
  method: string;
  path: string;
  servers: string[];
  /** The first server joined with the path, or the full URL of the `api` line; null with no server. */
  url: string | null;
}

export type AuthMethod = 'bearer' | 'basic' | 'key' | 'none';
export type ValueOrigin = 'page' | 'config' | 'openapi' | 'default' | 'playground';

export interface ResolvedAuth {
  method: AuthMethod;
  headerName?: string;
  from: ValueOrigin;
}

export type PlaygroundMode = 'interactive' | 'simple' | 'none';

export interface ResolvedPlayground {
  mode: PlaygroundMode;
  from: Exclude<ValueOrigin, 'playground'>;
}

export interface Page {
  id: string;
  kind: PageKind;
  title: string;
  sidebarTitle?: string;
  description?: string;
  source: PageSource;
  frontmatter?: Record<string, JsonValue>;
  api?: ApiTarget;
  auth?: ResolvedAuth;
  playground?: ResolvedPlayground;
  params?: Field[];
  responseFields?: Field[];
  hidden: boolean;
  deprecated?: boolean;
  contentHash: string;
  /** Operation pages: the operation they document; `openapi:` MDX pages: the operation they take data from. */
  operation?: { spec: string; method: string; path: string; operationId?: string; webhook?: string; tags?: string[] };
  /** `openapi-schema:` pages: key in `schemas`. */
  schema?: { spec: string; name: string; ref: string };
  /** `x-docs.content`: MDX placed before the generated reference. */
  content?: string;
}

export interface SpecSummary {
  file: string;
  openapiVersion: string;
  title: string;
  version: string;
  servers: string[];
  operationCount: number;
  webhookCount?: number;
  /** Set for specs fetched from a URL. */
  url?: string;
}
