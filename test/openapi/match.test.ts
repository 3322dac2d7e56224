import { beforeAll, describe, expect, it } from 'vitest';
import { findOperation, findSchema, findWebhook, resolveEndpoint, resolveSchema, type LoadedSpec } from '../../src/openapi/index.js';
import { brief, dedent, loadOne } from './helpers.js';

const yaml = dedent(`
  openapi: 3.1.0
  info: { title: Match, version: "1" }
  paths:
    /users:
      get: { responses: { "200": { description: ok } } }
    /users/{id}:
      get: { responses: { "200": { description: ok } } }
    /users/{userId}/:
      get: { responses: { "200": { description: ok } } }
    /teams/{teamId}/members/:
      get: { responses: { "200": { description: ok } } }
    /secret:
      x-hidden: true
      get: { responses: { "200": { description: ok } } }
  webhooks:
    orderCreated:
      post: { responses: { "200": { description: ok } } }
    OrderCreated:
      post: { responses: { "200": { description: ok } } }
    refund:
      post: { responses: { "200": { description: ok } } }
  components:
    schemas:
      User: { type: object }
      user_list: { type: array }
`);

let spec: LoadedSpec;
beforeAll(async () => {
  spec = (await loadOne({ 'openapi.yaml': yaml }, 'openapi.yaml', { validate: false })).spec!;
});

const at = { file: 'docs.json', line: 12, column: 9, pointer: '/navigation/groups/0/pages/1' };
const label = (m: ReturnType<typeof findOperation>) =>
  m.kind === 'matched' ? m.operation.path : m.kind === 'ambiguous' ? m.operations.map((o) => o.path) : m.closest.map((o) => `${o.method} ${o.path}`);

describe('findOperation', () => {
  it('matches the method case-insensitively and the path exactly first', () => {
    expect(findOperation(spec, 'get', '/users')).toMatchObject({ kind: 'matched', operation: { method: 'GET', path: '/users', pointer: '/paths/~1users/get' } });
    expect(label(findOperation(spec, 'Get', '/users/{id}'))).toBe('/users/{id}');
    expect(label(findOperation(spec, 'GET', '/users/{userId}/'))).toBe('/users/{userId}/');
  });

  it('ignores a trailing slash', () => {
    expect(label(findOperation(spec, 'GET', '/users/'))).toBe('/users');
    expect(label(findOperation(spec, 'GET', '/teams/{teamId}/members'))).toBe('/teams/{teamId}/members/');
  });

  it('matches templates that differ only in parameter names, and reports ambiguity', () => {
    expect(label(findOperation(spec, 'GET', '/teams/{id}/members'))).toBe('/teams/{teamId}/members/');
    expect(findOperation(spec, 'GET', '/users/{uid}')).toMatchObject({ kind: 'ambiguous' });
    expect(label(findOperation(spec, 'GET', '/users/{uid}'))).toEqual(['/users/{id}', '/users/{userId}/']);
  });

  it('lists the closest operations when nothing matches', () => {
    expect(label(findOperation(spec, 'GET', '/user'))).toEqual(['GET /users']);
    expect(label(findOperation(spec, 'GET', '/users/{id}/posts'))).toEqual(['GET /users/{id}', 'GET /users/{userId}/']);
    expect(label(findOperation(spec, 'POST', '/users'))).toEqual(['GET /users']);
    expect(label(findOperation(spec, 'GET', '/completely/unrelated/path/here'))).toEqual([]);
  });
});

describe('resolveEndpoint', () => {
  it('reports an unknown endpoint with the closest paths', () => {
    const result = resolveEndpoint(spec, { kind: 'operation', method: 'GET', path: '/user' }, at);
    expect(result.value).toBeUndefined();
    expect(result.diagnostics.map(brief)).toEqual(['openapi/unknown-endpoint docs.json:12:9 openapi.yaml has no operation GET /user']);
    expect(result.diagnostics[0]!.suggestion).toBe('did you mean "GET /users"?');
  });

  it('reports an ambiguous endpoint with every candidate in related', () => {
    const result = resolveEndpoint(spec, { kind: 'operation', method: 'get', path: '/users/{uid}' }, at);
    expect(result.diagnostics.map(brief)).toEqual([
      'openapi/ambiguous-endpoint docs.json:12:9 GET /users/{uid} matches 2 operations of openapi.yaml: "GET /users/{id}", "GET /users/{userId}/"',
    ]);
    expect(result.diagnostics[0]!.related).toEqual([
      expect.objectContaining({ file: 'openapi.yaml', line: 7, column: 5, message: 'GET /users/{id}' }),
      expect.objectContaining({ file: 'openapi.yaml', line: 9, column: 5, message: 'GET /users/{userId}/' }),
    ]);
  });

  it('warns about a reference to a hidden operation and returns it flagged', () => {
    const result = resolveEndpoint(spec, { kind: 'operation', method: 'GET', path: '/secret' }, at);
    expect(result.value).toMatchObject({ path: '/secret', hidden: true });
    expect(result.diagnostics.map((d) => `${d.severity} ${brief(d)}`)).toEqual([
      'warning openapi/hidden-endpoint-referenced docs.json:12:9 GET /secret is marked x-hidden in openapi.yaml; it stays out of the pages and the navigation',
    ]);
    expect(result.diagnostics[0]!.related).toEqual([expect.objectContaining({ file: 'openapi.yaml', line: 14, column: 5, message: 'the hidden operation' })]);
  });

  it('resolves webhooks, and reports unknown ones', () => {
    expect(resolveEndpoint(spec, { kind: 'webhook', name: 'refund' }, at)).toMatchObject({ value: { webhook: 'refund', method: 'POST' }, diagnostics: [] });
    const unknown = resolveEndpoint(spec, { kind: 'webhook', name: 'refunds' }, at);
    expect(unknown.diagnostics.map(brief)).toEqual(['openapi/unknown-webhook docs.json:12:9 openapi.yaml has no webhook refunds']);
    expect(unknown.diagnostics[0]!.suggestion).toBe('did you mean "webhook refund"?');
  });
});

describe('findWebhook and findSchema', () => {
  it('finds webhooks exactly, then case-insensitively when unique', () => {
    expect(findWebhook(spec, 'OrderCreated')).toMatchObject({ kind: 'matched', operation: { webhook: 'OrderCreated' } });
    expect(findWebhook(spec, 'REFUND')).toMatchObject({ kind: 'matched', operation: { webhook: 'refund' } });
    expect(findWebhook(spec, 'ORDERCREATED')).toMatchObject({ kind: 'ambiguous' });
  });

  it('finds schemas and suggests close names', () => {
    expect(findSchema(spec, 'User')).toEqual({ kind: 'matched', name: 'User', pointer: '/components/schemas/User' });
    expect(findSchema(spec, 'USER_LIST')).toEqual({ kind: 'matched', name: 'user_list', pointer: '/components/schemas/user_list' });
    expect(findSchema(spec, 'Usr')).toEqual({ kind: 'none', closest: ['User'] });
    const result = resolveSchema(spec, 'Usr', at);
    expect(result.diagnostics.map(brief)).toEqual(['openapi/unknown-schema docs.json:12:9 openapi.yaml has no schema "Usr" under components.schemas']);
    expect(result.diagnostics[0]!.suggestion).toBe('did you mean "User"?');
    expect(resolveSchema(spec, 'user', at)).toEqual({ value: 'User', diagnostics: [] });
  });
});
