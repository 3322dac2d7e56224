import { describe, expect, it } from 'vitest';
import { matchSpecFile, parseEndpointReference, parseSchemaReference, specCandidates } from '../../src/openapi/index.js';
import { brief, makeRoot } from './helpers.js';

describe('parseEndpointReference', () => {
  it('reads METHOD /path with a case-insensitive method', () => {
    expect(parseEndpointReference('GET /users/{id}')).toEqual({ kind: 'operation', method: 'GET', path: '/users/{id}' });
    expect(parseEndpointReference('  delete   /users ')).toEqual({ kind: 'operation', method: 'DELETE', path: '/users' });
    expect(parseEndpointReference('Patch /a')).toEqual({ kind: 'operation', method: 'PATCH', path: '/a' });
  });

  it('reads a file before the method', () => {
    expect(parseEndpointReference('api/openapi.json POST /users')).toEqual({ kind: 'operation', file: 'api/openapi.json', method: 'POST', path: '/users' });
    expect(parseEndpointReference('/v2 spec.yml get /x')).toEqual({ kind: 'operation', file: '/v2 spec.yml', method: 'GET', path: '/x' });
    expect(parseEndpointReference('https://example.com/openapi.yaml put /x')).toEqual({ kind: 'operation', file: 'https://example.com/openapi.yaml', method: 'PUT', path: '/x' });
  });

  it('reads webhooks, with or without a file', () => {
    expect(parseEndpointReference('webhook orderCreated')).toEqual({ kind: 'webhook', name: 'orderCreated' });
    expect(parseEndpointReference('openapi.json WEBHOOK order updated')).toEqual({ kind: 'webhook', file: 'openapi.json', name: 'order updated' });
  });

  it('tells page paths from endpoint references in pages', () => {
    expect(parseEndpointReference('users/get')).toEqual({ kind: 'page' });
    expect(parseEndpointReference('get-started')).toEqual({ kind: 'page' });
    expect(parseEndpointReference('get')).toEqual({ kind: 'page' });
    expect(parseEndpointReference('webhook')).toEqual({ kind: 'page' });
    expect(parseEndpointReference('guides/my page')).toEqual({ kind: 'page' });
    // A first word that is neither a spec file nor a known spec: a (strange) page path.
    expect(parseEndpointReference('notes GET /users')).toEqual({ kind: 'page' });
    expect(parseEndpointReference('v3-openapi GET /users', { knownSpecs: ['v3-openapi.yaml'] })).toEqual({ kind: 'operation', file: 'v3-openapi', method: 'GET', path: '/users' });
  });

  it('reports malformed endpoint references', () => {
    expect(parseEndpointReference('GET users')).toEqual({ kind: 'invalid', message: 'the path "users" of "GET users" must start with "/"' });
    expect(parseEndpointReference('GET /users extra')).toEqual({ kind: 'invalid', message: '"GET /users extra" has text after the path "/users"; write "GET /path"' });
    expect(parseEndpointReference('openapi.json GET')).toEqual({ kind: 'invalid', message: '"openapi.json GET" has no path after GET; write "GET /path"' });
    expect(parseEndpointReference('openapi.json webhook')).toEqual({ kind: 'invalid', message: '"openapi.json webhook" names no webhook; write "webhook <name>"' });
  });

  it('treats every frontmatter value as an endpoint reference', () => {
    expect(parseEndpointReference('v3-openapi GET /api/v1/runs', { context: 'frontmatter' })).toEqual({ kind: 'operation', file: 'v3-openapi', method: 'GET', path: '/api/v1/runs' });
    expect(parseEndpointReference('users/get', { context: 'frontmatter' })).toEqual({
      kind: 'invalid',
      message: '"users/get" is not of the form "METHOD /path", "<file> METHOD /path" or "webhook <name>"',
    });
    expect(parseEndpointReference('GET', { context: 'frontmatter' })).toEqual({ kind: 'invalid', message: '"GET" has no path after GET; write "GET /path"' });
  });
});

describe('parseSchemaReference', () => {
  it('reads a name with an optional file', () => {
    expect(parseSchemaReference('User')).toEqual({ kind: 'schema', name: 'User' });
    expect(parseSchemaReference('/box-openapi.json ClientError')).toEqual({ kind: 'schema', file: '/box-openapi.json', name: 'ClientError' });
    expect(parseSchemaReference('a b c')).toEqual({ kind: 'invalid', message: '"a b c" is not of the form "<Name>" or "<file> <Name>"' });
    expect(parseSchemaReference('  ')).toEqual({ kind: 'invalid', message: '"  " is not of the form "<Name>" or "<file> <Name>"' });
  });
});

describe('matchSpecFile', () => {
  const at = { file: 'guides/users.mdx', line: 2, column: 10 };
  const candidates = ['openapi.json', 'openapi.yaml', 'api/v3-openapi.yaml', 'api/admin.json', 'es/api/admin.json'];

  it('matches exactly, with or without leading slash or extension', () => {
    expect(matchSpecFile('api/admin.json', candidates, at)).toEqual({ value: 'api/admin.json', diagnostics: [] });
    expect(matchSpecFile('/api/admin.json', candidates, at)).toEqual({ value: 'api/admin.json', diagnostics: [] });
    expect(matchSpecFile('./api/admin.json', candidates, at)).toEqual({ value: 'api/admin.json', diagnostics: [] });
    expect(matchSpecFile('api/v3-openapi', candidates, at)).toEqual({ value: 'api/v3-openapi.yaml', diagnostics: [] });
    expect(matchSpecFile('/openapi.yaml', candidates, at)).toEqual({ value: 'openapi.yaml', diagnostics: [] });
  });

  it('reports a name that fits several files', () => {
    const result = matchSpecFile('/openapi', candidates, at);
    expect(result.value).toBeUndefined();
    expect(result.diagnostics.map(brief)).toEqual(['openapi/ambiguous-spec guides/users.mdx:2:10 "/openapi" matches several OpenAPI files: openapi.json, openapi.yaml']);
    expect(result.diagnostics[0]!.suggestion).toBe('write the file name with its extension, e.g. "openapi.json"');
  });

  it('reports a missing file with the closest one', () => {
    const result = matchSpecFile('api/admn.json', candidates, at);
    expect(result.diagnostics.map(brief)).toEqual(['openapi/spec-not-found guides/users.mdx:2:10 no OpenAPI file "api/admn.json" in the docs root']);
    expect(result.diagnostics[0]!.suggestion).toBe('did you mean "api/admin.json"?');
    const far = matchSpecFile('specs/deeply/nested/v3-openapi.yaml', candidates, at);
    expect(far.diagnostics[0]!.suggestion).toBe('did you mean "api/v3-openapi.yaml"?');
    const nothing = matchSpecFile('zzzzzzzz.json', [], at);
    expect(nothing.diagnostics[0]!.suggestion).toBeUndefined();
  });

  it('lists the spec-like files of a root', () => {
    const root = makeRoot({ 'docs.json': '{}', 'a.yaml': '', 'b/c.yml': '', 'b/d.json': '', 'page.mdx': '' });
    expect(specCandidates(root, ['https://x.test/o.json'])).toEqual(['a.yaml', 'b/c.yml', 'b/d.json', 'https://x.test/o.json']);
  });
});
