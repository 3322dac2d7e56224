import type { JsonValue } from '../diagnostics/index.js';

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
