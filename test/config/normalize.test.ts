import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig, normalizeSite } from '../../src/config/index.js';
import type { JsonValue } from '../../src/diagnostics/index.js';
import { DocsRoot } from '../../src/root/index.js';

const minimal = { theme: 'mint', name: 'Acme', colors: { primary: '#0D9373' }, navigation: { pages: ['index'] } };
const site = (extra: Record<string, JsonValue> = {}) => normalizeSite({ ...minimal, ...extra });

describe('normalizeSite: every default of the seed', () => {
  it('fills a minimal docs.json completely', () => {
    expect(site()).toEqual({
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373', light: '#0D9373', dark: '#0D9373' },
      logo: null,
      favicon: null,
      appearance: { default: 'system', strict: false },
      fonts: null,
      icons: { library: 'fontawesome' },
      background: {},
      styling: { eyebrows: 'section', latex: null, codeblocks: { theme: 'system' } },
      thumbnails: null,
      integrations: {},
      api: { mdx: { server: [], auth: {} }, playground: { display: null } },
      extra: {},
    });
  });

  it('uses primary for the colours that are not given, and keeps the ones that are', () => {
    expect(site({ colors: { primary: '#111111', light: '#222222' } }).colors).toEqual({ primary: '#111111', light: '#222222', dark: '#111111' });
    expect(site({ colors: { primary: '#111', dark: '#333' } }).colors).toEqual({ primary: '#111', light: '#111', dark: '#333' });
  });

  it('turns logo and favicon strings into {light, dark} and keeps objects and logo.href', () => {
    expect(site({ logo: '/logo.svg', favicon: '/favicon.png' })).toMatchObject({
      logo: { light: '/logo.svg', dark: '/logo.svg' },
      favicon: { light: '/favicon.png', dark: '/favicon.png' },
    });
    const objects = site({ logo: { light: '/l.svg', dark: '/d.svg', href: 'https://acme.dev' }, favicon: { light: '/f.png', dark: '/fd.png' } });
    expect(objects.logo).toEqual({ light: '/l.svg', dark: '/d.svg', href: 'https://acme.dev' });
    expect(objects.favicon).toEqual({ light: '/f.png', dark: '/fd.png' });
  });

  it('keeps appearance values that are given', () => {
    expect(site({ appearance: { default: 'dark' } }).appearance).toEqual({ default: 'dark', strict: false });
    expect(site({ appearance: { strict: true } }).appearance).toEqual({ default: 'system', strict: true });
  });

  it('keeps fonts as given, including heading and body', () => {
    expect(site({ fonts: { family: 'Inter', weight: 400 } }).fonts).toEqual({ family: 'Inter', weight: 400 });
    const split = { heading: { family: 'Playfair Display', weight: 700 }, body: { family: 'Brand', source: '/b.woff2', format: 'woff2' } };
    expect(site({ fonts: split }).fonts).toEqual(split);
  });

  it('defaults icons.library to fontawesome and keeps another library', () => {
    expect(site({ icons: {} }).icons).toEqual({ library: 'fontawesome' });
    expect(site({ icons: { library: 'tabler' } }).icons).toEqual({ library: 'tabler' });
  });

  it('turns a background image string into {light, dark} and keeps decoration and colours', () => {
    expect(site({ background: { image: '/bg.png', decoration: 'windows', color: { dark: '#000' } } }).background).toEqual({
      decoration: 'windows',
      color: { dark: '#000' },
      image: { light: '/bg.png', dark: '/bg.png' },
    });
  });

  it('applies the styling defaults and normalizes every codeblocks form', () => {
    expect(site({ styling: { eyebrows: 'breadcrumbs', latex: true } }).styling).toEqual({ eyebrows: 'breadcrumbs', latex: true, codeblocks: { theme: 'system' } });
    expect(site({ styling: { latex: false } }).styling.latex).toBe(false);
    expect(site({ styling: { codeblocks: 'dark' } }).styling.codeblocks).toEqual({ theme: 'dark' });
    expect(site({ styling: { codeblocks: 'github-dark' } }).styling.codeblocks).toEqual({ theme: 'github-dark' });
    expect(site({ styling: { codeblocks: { theme: { light: 'github-light', dark: 'github-dark' }, languages: { custom: ['/g.json'] } } } }).styling.codeblocks).toEqual({
      theme: { light: 'github-light', dark: 'github-dark' },
      languages: { custom: ['/g.json'] },
    });
    expect(site({ styling: { codeblocks: { languages: { custom: ['/g.json'] } } } }).styling.codeblocks).toEqual({
      theme: 'system',
      languages: { custom: ['/g.json'] },
    });
  });

  it('keeps thumbnails as given', () => {
    expect(site({ thumbnails: { appearance: 'light', background: '/t.png', fonts: { family: 'Inter' } } }).thumbnails).toEqual({
      appearance: 'light',
      background: '/t.png',
      fonts: { family: 'Inter' },
    });
  });

  it('passes integrations through as given', () => {
    const integrations = { ga4: { measurementId: 'G-1' }, posthog: { apiKey: 'phc_1', sessionRecording: true } };
    expect(site({ integrations }).integrations).toEqual(integrations);
  });

  it('makes api.mdx.server a list and keeps auth, playground and the other api keys', () => {
    expect(site({ api: { mdx: { server: 'https://api.acme.dev' } } }).api.mdx.server).toEqual(['https://api.acme.dev']);
    expect(site({ api: { mdx: { server: ['https://a.dev', 'https://b.dev'] } } }).api.mdx.server).toEqual(['https://a.dev', 'https://b.dev']);
    const api = site({
      api: { mdx: { auth: { method: 'key', name: 'X-Key' } }, playground: { display: 'simple', proxy: false }, openapi: ['a.yaml'], examples: { languages: ['curl'] } },
    }).api;
    expect(api).toEqual({
      mdx: { server: [], auth: { method: 'key', name: 'X-Key' } },
      playground: { display: 'simple', proxy: false },
      openapi: ['a.yaml'],
      examples: { languages: ['curl'] },
    });
  });

  it('records the "auth" playground (interactive for signed-in readers) as interactive', () => {
    expect(site({ api: { playground: { display: 'auth' } } }).api.playground.display).toBe('interactive');
  });

  it('puts every other top-level key except navigation into extra, as written', () => {
    const normalized = site({ $schema: 'https://mintlify.com/docs.json', description: 'Docs', navbar: { links: [] }, redirects: [{ source: '/a', destination: '/b' }], seo: { indexing: 'all' }, custom: 1 });
    expect(normalized.$schema).toBe('https://mintlify.com/docs.json');
    expect(normalized.description).toBe('Docs');
    expect(normalized.extra).toEqual({ navbar: { links: [] }, redirects: [{ source: '/a', destination: '/b' }], seo: { indexing: 'all' }, custom: 1 });
    expect(Object.keys(normalized)).not.toContain('navigation');
  });
});

describe('normalizeSite: output properties', () => {
  it('is deterministic and JSON-safe: no undefined anywhere, same bytes for the same input', () => {
    const config = { ...minimal, logo: '/l.svg', fonts: { family: 'Inter' }, api: { mdx: { auth: {} } }, background: { color: {} } };
    const first = JSON.stringify(normalizeSite(config));
    expect(JSON.stringify(normalizeSite(structuredClone(config)))).toBe(first);
    const hasUndefined = (value: unknown): boolean =>
      value === undefined || (typeof value === 'object' && value !== null && Object.values(value).some(hasUndefined));
    expect(hasUndefined(normalizeSite(config))).toBe(false);
  });

  it('never shares objects with the configuration', () => {
    const config = { ...minimal, integrations: { ga4: { measurementId: 'G-1' } }, navbar: { links: [{ label: 'a', href: '/a' }] } };
    const normalized = normalizeSite(config);
    (normalized.extra['navbar'] as { links: unknown[] }).links.push('x');
    (normalized.integrations['ga4'] as Record<string, JsonValue>)['measurementId'] = 'changed';
    expect(config.navbar.links).toHaveLength(1);
    expect(config.integrations.ga4.measurementId).toBe('G-1');
  });

  it('keeps a "__proto__" key of extra as data', () => {
    const config = JSON.parse('{"theme":"mint","name":"A","colors":{"primary":"#000"},"navigation":{"pages":[]},"variables":{"__proto__":"x"},"__proto__":{"polluted":true}}') as JsonValue;
    const normalized = normalizeSite(config);
    expect(Object.keys(normalized.extra)).toEqual(['variables', '__proto__']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.getPrototypeOf(normalized.extra)).toBe(Object.prototype);
  });

  it('falls back to defaults instead of throwing on input that did not validate', () => {
    expect(() => normalizeSite(null)).not.toThrow();
    expect(normalizeSite({ theme: 'nope', colors: 'red', logo: 5, icons: { library: 'x' } })).toMatchObject({
      theme: 'mint',
      name: '',
      colors: { primary: '', light: '', dark: '' },
      logo: null,
      icons: { library: 'fontawesome' },
    });
  });
});

const corpora = fileURLToPath(new URL('../../../shared/corpora', import.meta.url));

describe.skipIf(!existsSync(corpora))('normalizeSite on real configurations', () => {
  it('normalizes trigger-dev', () => {
    const loaded = loadConfig(DocsRoot.open(`${corpora}/trigger-dev`) as DocsRoot);
    const normalized = normalizeSite(loaded.value?.value ?? null);
    expect(normalized).toMatchObject({
      theme: 'maple',
      appearance: { default: 'dark', strict: true },
      styling: { eyebrows: 'section', latex: null, codeblocks: { theme: 'css-variables' } },
      api: { mdx: { server: [], auth: {} }, playground: { display: 'simple' }, openapi: ['openapi.yml', 'v3-openapi.yaml'] },
      background: { color: { light: '#fff', dark: '#121317' } },
    });
    expect(Object.keys(normalized.extra).sort()).toEqual(['contextual', 'footer', 'navbar', 'redirects']);
  });
});
