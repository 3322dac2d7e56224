import { describe, expect, it } from 'vitest';
import type { SourceLocation } from '../../src/diagnostics/index.js';
import type { ResolvedAuth, ResolvedPlayground } from '../../src/manifest/types.js';
import { parseMdxPage } from '../../src/mdx/index.js';
import type { OperationEndpoint } from '../../src/openapi/index.js';
import { isEndpointPage, resolveEndpoint, resolveOperationEndpoint, type ApiSettings } from '../../src/precedence/index.js';
import { sourceFile } from '../mdx/helpers.js';

/*
 * The precedence matrix: global auth x page authMethod x global playground display x page playground,
 * 5 x 5 x 4 x 4 = 400 cells. The expected values come from the tables below, written by hand from the
 * rules (seed "Authentication" rules 1-2, PRODUCT.md 14-16), not from the implementation.
 */
type GlobalAuth = 'unset' | 'bearer' | 'basic' | 'key+name' | 'key-no-name';
type PageAuth = 'unset' | 'bearer' | 'basic' | 'key' | 'none';
type Display = 'unset' | 'interactive' | 'simple' | 'none';

const globalAuths: GlobalAuth[] = ['unset', 'bearer', 'basic', 'key+name', 'key-no-name'];
const pageAuths: PageAuth[] = ['unset', 'bearer', 'basic', 'key', 'none'];
const displays: Display[] = ['unset', 'interactive', 'simple', 'none'];

const HEADER = 'X-Api-Key';
const configAuthAt: SourceLocation = { file: 'docs.json', line: 9, column: 7 };
/** In every generated page `authMethod:` is line 4, its value at column 13. */
const pageAuthAt = { file: 'api/cell.mdx', line: 4, column: 13 };

/** Playground: [page playground][global display] -> mode, from. Page wins, then docs.json, then interactive. */
const playgroundTable: Record<Display, Record<Display, ResolvedPlayground>> = {
  unset: {
    unset: { mode: 'interactive', from: 'default' },
    interactive: { mode: 'interactive', from: 'config' },
    simple: { mode: 'simple', from: 'config' },
    none: { mode: 'none', from: 'config' },
  },
  interactive: {
    unset: { mode: 'interactive', from: 'page' },
    interactive: { mode: 'interactive', from: 'page' },
    simple: { mode: 'interactive', from: 'page' },
    none: { mode: 'interactive', from: 'page' },
  },
  simple: {
    unset: { mode: 'simple', from: 'page' },
    interactive: { mode: 'simple', from: 'page' },
    simple: { mode: 'simple', from: 'page' },
    none: { mode: 'simple', from: 'page' },
  },
  none: {
    unset: { mode: 'none', from: 'page' },
    interactive: { mode: 'none', from: 'page' },
    simple: { mode: 'none', from: 'page' },
    none: { mode: 'none', from: 'page' },
  },
};

/** What went wrong, when the cell is an error: where the `key` without a header name was chosen. */
type AuthCell = ResolvedAuth | { error: 'at-page' | 'at-config'; method: 'key'; from: 'page' | 'config' };

/** Auth when the playground is shown: [page authMethod][global auth]. Page wins; `none` disables; unset everywhere is none. */
const authTable: Record<PageAuth, Record<GlobalAuth, AuthCell>> = {
  unset: {
    unset: { method: 'none', from: 'default' },
    bearer: { method: 'bearer', from: 'config' },
    basic: { method: 'basic', from: 'config' },
    'key+name': { method: 'key', headerName: HEADER, from: 'config' },
    'key-no-name': { error: 'at-config', method: 'key', from: 'config' },
  },
  bearer: {
    unset: { method: 'bearer', from: 'page' },
    bearer: { method: 'bearer', from: 'page' },
    basic: { method: 'bearer', from: 'page' },
    'key+name': { method: 'bearer', from: 'page' },
    'key-no-name': { method: 'bearer', from: 'page' },
  },
  basic: {
    unset: { method: 'basic', from: 'page' },
    bearer: { method: 'basic', from: 'page' },
    basic: { method: 'basic', from: 'page' },
    'key+name': { method: 'basic', from: 'page' },
    'key-no-name': { method: 'basic', from: 'page' },
  },
  key: {
    unset: { error: 'at-page', method: 'key', from: 'page' },
    bearer: { error: 'at-page', method: 'key', from: 'page' },
    basic: { error: 'at-page', method: 'key', from: 'page' },
    'key+name': { method: 'key', headerName: HEADER, from: 'page' },
    'key-no-name': { error: 'at-page', method: 'key', from: 'page' },
  },
  none: {
    unset: { method: 'none', from: 'page' },
    bearer: { method: 'none', from: 'page' },
    basic: { method: 'none', from: 'page' },
    'key+name': { method: 'none', from: 'page' },
    'key-no-name': { method: 'none', from: 'page' },
  },
};

function settingsFor(globalAuth: GlobalAuth, display: Display): ApiSettings {
  const auth: ApiSettings['auth'] = {};
  if (globalAuth === 'bearer' || globalAuth === 'basic') auth.method = globalAuth;
  if (globalAuth === 'key+name' || globalAuth === 'key-no-name') auth.method = 'key';
  if (globalAuth === 'key+name') auth.name = HEADER;
  const settings: ApiSettings = {
    server: ['https://api.example.com'],
    auth,
    playgroundDisplay: display === 'unset' ? null : display,
  };
  if (globalAuth !== 'unset') settings.authLocation = configAuthAt;
  return settings;
}

function pageFor(pageAuth: PageAuth, pagePlayground: Display) {
  const lines = ['---', 'title: Cell', 'api: GET /users'];
  lines.push(pageAuth === 'unset' ? 'x-unused: 1' : `authMethod: ${pageAuth}`);
  if (pagePlayground !== 'unset') lines.push(`playground: ${pagePlayground}`);
  lines.push('---', '', '# Cell', '');
  const { value, diagnostics } = parseMdxPage(sourceFile('api/cell.mdx', lines.join('\n')));
  expect(diagnostics).toEqual([]);
  if (!isEndpointPage(value)) throw new Error('not an endpoint page');
  return value;
}

const cells: Array<[GlobalAuth, PageAuth, Display, Display]> = [];
for (const g of globalAuths) for (const p of pageAuths) for (const d of displays) for (const q of displays) cells.push([g, p, d, q]);

describe('auth and playground precedence matrix', () => {
  it('has 400 cells', () => expect(cells).toHaveLength(400));

  it.each(cells)('global auth %s, page authMethod %s, global display %s, page playground %s', (globalAuth, pageAuth, display, pagePlayground) => {
    const expectedPlayground = playgroundTable[pagePlayground][display];
    // Rule 2: an effective playground of none needs no auth, whatever either side says.
    const expectedAuth: AuthCell = expectedPlayground.mode === 'none' ? { method: 'none', from: 'playground' } : authTable[pageAuth][globalAuth];

    const { value, diagnostics } = resolveEndpoint(pageFor(pageAuth, pagePlayground), settingsFor(globalAuth, display));

    expect(value.playground).toEqual(expectedPlayground);
    if ('error' in expectedAuth) {
      expect(value.auth).toEqual({ method: 'key', from: expectedAuth.from });
      const at = expectedAuth.error === 'at-page' ? pageAuthAt : configAuthAt;
      expect(diagnostics.map((d) => ({ code: d.code, severity: d.severity, file: d.file, line: d.line, column: d.column }))).toEqual([
        { code: 'precedence/key-header-missing', severity: 'error', ...at },
      ]);
      expect(diagnostics[0]?.message).toMatch(expectedAuth.error === 'at-page' ? /^authMethod: key needs a header name/ : /^api\.mdx\.auth\.method is key/);
    } else {
      expect(value.auth).toEqual(expectedAuth);
      expect(diagnostics).toEqual([]);
    }
    expect(value.api).toEqual({ method: 'GET', path: '/users', servers: ['https://api.example.com'], url: 'https://api.example.com/users' });
  });
});

/*
 * The same matrix for pages generated from an operation: x-docs.metadata.playground x global display x
 * whether the operation has a server x webhook, and the spec's auth x global auth. docs.json's
 * `api.mdx.auth` is for hand-written pages only, so it never reaches these rows.
 */
type SpecPlayground = 'unset' | 'interactive' | 'simple' | 'none';
type SpecAuth = 'unset' | 'bearer' | 'key' | 'none';
const specPlaygrounds: SpecPlayground[] = ['unset', 'interactive', 'simple', 'none'];
const specAuths: SpecAuth[] = ['unset', 'bearer', 'key', 'none'];

/** [x-docs playground][global display] for an operation with a server; the spec wins, then docs.json, then interactive. */
function operationPlayground(spec: SpecPlayground, display: Display, hasServers: boolean, webhook: boolean): ResolvedPlayground {
  if (spec !== 'unset') return { mode: spec, from: 'openapi' };
  if (webhook) return { mode: 'none', from: 'openapi' };
  const inherited: ResolvedPlayground = display === 'unset' ? { mode: 'interactive', from: 'default' } : { mode: display, from: 'config' };
  // Nothing to send a request to: an interactive playground the spec did not ask for is a copyable endpoint.
  return inherited.mode === 'interactive' && !hasServers ? { mode: 'simple', from: 'openapi' } : inherited;
}

const specAuthValue: Record<SpecAuth, OperationEndpoint['auth']> = {
  unset: undefined,
  bearer: { method: 'bearer' },
  key: { method: 'key', headerName: HEADER },
  none: { method: 'none' },
};

describe('the precedence matrix: operation pages', () => {
  for (const spec of specPlaygrounds) {
    for (const display of displays) {
      for (const hasServers of [true, false]) {
        for (const webhook of [false, true]) {
          for (const auth of specAuths) {
            for (const global of globalAuths) {
              it(`x-docs playground ${spec}, display ${display}, ${hasServers ? 'with' : 'without'} a server${webhook ? ', webhook' : ''}, spec auth ${auth}, global auth ${global}`, () => {
                const endpoint: OperationEndpoint = { webhook, hasServers };
                if (spec !== 'unset') endpoint.playground = spec;
                const specified = specAuthValue[auth];
                if (specified) endpoint.auth = specified;
                const settings = settingsFor(global, display);
                const expected: { auth?: ResolvedAuth; playground: ResolvedPlayground } = { playground: operationPlayground(spec, display, hasServers, webhook) };
                if (!webhook && specified) expected.auth = { ...specified, from: 'openapi' };
                expect(resolveOperationEndpoint(endpoint, settings)).toEqual(expected);
              });
            }
          }
        }
      }
    }
  }
});
