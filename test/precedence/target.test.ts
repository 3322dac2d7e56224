import { describe, expect, it } from 'vitest';
import { parseMdxPage } from '../../src/mdx/index.js';
import { apiSettingsFromSite, isEndpointPage, noApiSettings, pathParameters, resolveEndpoint, type ApiSettings } from '../../src/precedence/index.js';
import { brief, sourceFile } from '../mdx/helpers.js';

function endpoint(api: string, body = '') {
  const { value, diagnostics } = parseMdxPage(sourceFile('api/page.mdx', `---\ntitle: Page\napi: ${api}\n---\n${body}`));
  expect(diagnostics).toEqual([]);
  if (!isEndpointPage(value)) throw new Error('not an endpoint page');
  return value;
}

const withServers = (...server: string[]): ApiSettings => ({ server, auth: {}, playgroundDisplay: null });

describe('api target', () => {
  it('a full URL ignores api.mdx.server: its origin is the only server', () => {
    const { value, diagnostics } = resolveEndpoint(endpoint('POST https://other.example.com/v2/users?x=1'), withServers('https://api.example.com'));
    expect(diagnostics).toEqual([]);
    expect(value.api).toEqual({ method: 'POST', path: '/v2/users?x=1', servers: ['https://other.example.com'], url: 'https://other.example.com/v2/users?x=1' });
  });

  it('a full URL needs no server, keeps a templated host as written, and a bare origin has path /', () => {
    const templated = resolveEndpoint(endpoint('GET https://{endpoint}/info'), noApiSettings).value.api;
    expect(templated).toEqual({ method: 'GET', path: '/info', servers: ['https://{endpoint}'], url: 'https://{endpoint}/info' });
    expect(resolveEndpoint(endpoint('GET http://localhost:8080'), noApiSettings).value.api).toEqual({
      method: 'GET',
      path: '/',
      servers: ['http://localhost:8080'],
      url: 'http://localhost:8080',
    });
  });

  it('a relative path is appended to the server (every server of a list; the url uses the first)', () => {
    expect(resolveEndpoint(endpoint('GET /users'), withServers('https://api.example.com/v1/')).value.api).toEqual({
      method: 'GET',
      path: '/users',
      servers: ['https://api.example.com/v1/'],
      url: 'https://api.example.com/v1/users',
    });
    const several = resolveEndpoint(endpoint('DELETE /users'), withServers('https://eu.example.com', 'https://us.example.com'));
    expect(several.value.api).toEqual({ method: 'DELETE', path: '/users', servers: ['https://eu.example.com', 'https://us.example.com'], url: 'https://eu.example.com/users' });
    expect(several.diagnostics).toEqual([]);
  });

  it('a relative path without api.mdx.server is an error at the api value', () => {
    const { value, diagnostics } = resolveEndpoint(endpoint('GET /users'), noApiSettings);
    expect(brief(diagnostics)).toEqual([
      { code: 'precedence/server-required', line: 3, column: 6, message: 'api target "/users" is a relative path, and docs.json sets no api.mdx.server to prepend' },
    ]);
    expect(diagnostics[0]?.severity).toBe('error');
    expect(diagnostics[0]?.file).toBe('api/page.mdx');
    expect(value.api).toEqual({ method: 'GET', path: '/users', servers: [], url: null });
  });
});

describe('path parameters against ParamField path', () => {
  it('finds {name} segments of the path only, once each', () => {
    expect(pathParameters('/orgs/{org}/users/{id}/{id}?q={q}#{h}')).toEqual(['org', 'id']);
    expect(pathParameters('/plain')).toEqual([]);
  });

  it('agree: no diagnostics', () => {
    const page = endpoint('GET /orgs/{org}/users/{id}', '\n<ParamField path="org" type="string" />\n<ParamField path="id" type="string" />\n<ParamField query="org" />\n');
    expect(resolveEndpoint(page, withServers('https://x.dev')).diagnostics).toEqual([]);
  });

  it('a {name} without ParamField path is a warning at the api value; a ParamField path not in the path is a warning at the component', () => {
    const page = endpoint('GET https://{endpoint}/users/{user_id}/posts/{post}', '\n<ParamField path="userId" type="string" />\n\n<ParamField path="post" type="string" />\n');
    const { diagnostics } = resolveEndpoint(page, noApiSettings);
    expect(brief(diagnostics)).toEqual([
      { code: 'mdx/path-param-undocumented', line: 3, column: 6, message: 'the api path has {user_id} but the page has no <ParamField path="user_id">' },
      { code: 'mdx/path-param-not-in-path', line: 6, column: 1, message: '<ParamField path="userId"> names a parameter that the api path /users/{user_id}/posts/{post} does not have' },
    ]);
    expect(diagnostics.map((d) => [d.severity, d.suggestion])).toEqual([
      ['warning', 'document it: <ParamField path="user_id" type="string" required>'],
      ['warning', 'did you mean path="user_id"?'],
    ]);
  });

  it('a query parameter written as a path parameter gets a plain suggestion', () => {
    const page = endpoint('GET /search', '\n<ParamField path="q" type="string" />\n');
    const { diagnostics } = resolveEndpoint(page, withServers('https://x.dev'));
    expect(brief(diagnostics)).toEqual([{ code: 'mdx/path-param-not-in-path', line: 6, column: 1, message: '<ParamField path="q"> names a parameter that the api path /search does not have' }]);
    expect(diagnostics[0]?.suggestion).toBe('add {q} to the api path, or use query=, header= or body=');
  });
});

describe('apiSettingsFromSite', () => {
  it('copies the normalized site settings and the locations given', () => {
    const settings = apiSettingsFromSite(
      { mdx: { server: ['https://api.example.com'], auth: { method: 'key', name: 'X-Key' } }, playground: { display: 'simple' } },
      { auth: { file: 'docs.json', line: 4, column: 5 } },
    );
    expect(settings).toEqual({
      server: ['https://api.example.com'],
      auth: { method: 'key', name: 'X-Key' },
      playgroundDisplay: 'simple',
      authLocation: { file: 'docs.json', line: 4, column: 5 },
    });
  });
});
