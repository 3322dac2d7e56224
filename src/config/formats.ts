/**
 * The string formats of docs.schema.json. URL checks follow the service (`new URL(value)` must accept
 * the value) rather than RFC 3986 to the letter, so docs-build rejects what the service rejects.
 */
export interface StringFormat {
  validate: (value: string) => boolean;
  /** What a valid value is, completing "must be ...". */
  expected: string;
  /** How to write one, when more can be said than `expected`. */
  hint?: string;
}

const hexColor = /^#([a-fA-F0-9]{6}|[a-fA-F0-9]{3})$/;
const hasScheme = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;

export const stringFormats: Record<string, StringFormat> = {
  'hex-color': {
    validate: (value) => hexColor.test(value),
    expected: 'a hex colour such as "#0D9373"',
    hint: 'write "#" followed by 6 (or 3) hexadecimal digits, such as "#0D9373" or "#0D9"',
  },
  uri: {
    validate: (value) => hasScheme.test(value) && URL.canParse(value),
    expected: 'an absolute URL such as "https://example.com"',
    hint: 'include the scheme, such as "https://"',
  },
  /** A link target: a root-relative path, an in-page anchor, a mailto: address or an absolute URL. */
  href: {
    validate: (value) => value.startsWith('/') || value.startsWith('#') || value.startsWith('mailto:') || (hasScheme.test(value) && URL.canParse(value)),
    expected: 'an absolute URL such as "https://example.com" or a path starting with "/"',
  },
  /** A file in the docs root or an http(s) URL (fonts, OpenAPI/AsyncAPI files). */
  'url-or-path': {
    validate: (value) => {
      if (/^[a-zA-Z]:[\\/]/.test(value) || !hasScheme.test(value)) return true;
      return /^https?:\/\//i.test(value) && URL.canParse(value);
    },
    expected: 'a path inside the docs root or an http(s) URL',
  },
};
