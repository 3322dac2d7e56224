import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/index.js';
import { loadConfig } from '../../src/config/index.js';
import { formatEndpointReference, parseEndpointReference, readPagesEntry, resolveNavigation } from '../../src/navigation/index.js';
import { DocsRoot } from '../../src/root/index.js';
import { removeTempRoots, tempRoot } from '../helpers/temp-root.js';

afterAll(removeTempRoots);

describe('parseEndpointReference: the one grammar', () => {
  it('reads METHOD /path with a case-insensitive method', () => {
    expect(parseEndpointReference('GET /users/{id}')).toEqual({ kind: 'operation', method: 'GET', path: '/users/{id}' });
    expect(parseEndpointReference('  delete   /users ')).toEqual({ kind: 'operation', method: 'DELETE', path: '/users' });
    expect(parseEndpointReference('Patch /a')).toEqual({ kind: 'operation', method: 'PATCH', path: '/a' });
  });

  it('reads a file before the method, file names with spaces and method words included', () => {
    expect(parseEndpointReference('api/openapi.json POST /users')).toEqual({ kind: 'operation', file: 'api/openapi.json', method: 'POST', path: '/users' });
    expect(parseEndpointReference('/v2 spec.yml get /x')).toEqual({ kind: 'operation', file: '/v2 spec.yml', method: 'GET', path: '/x' });
    expect(parseEndpointReference('my specs/get post api.json GET /x')).toEqual({ kind: 'operation', file: 'my specs/get post api.json', method: 'GET', path: '/x' });
    expect(parseEndpointReference('https://example.com/openapi.yaml put /x')).toEqual({ kind: 'operation', file: 'https://example.com/openapi.yaml', method: 'PUT', path: '/x' });
  });

  it('reads webhooks, with or without a file', () => {
    expect(parseEndpointReference('webhook orderCreated')).toEqual({ kind: 'webhook', name: 'orderCreated' });
    expect(parseEndpointReference('openapi.json WEBHOOK order updated')).toEqual({ kind: 'webhook', file: 'openapi.json', name: 'order updated' });
  });

  it('says when text has no method word at all', () => {
    for (const text of ['users/get', 'get-started', 'guides/my page', 'webhooks/overview']) expect(parseEndpointReference(text)).toEqual({ kind: 'not-a-reference' });
  });

  it('reports malformed references', () => {
    expect(parseEndpointReference('GET users')).toEqual({ kind: 'invalid', message: 'the path "users" of "GET users" must start with "/"' });
    expect(parseEndpointReference('GET /users extra')).toEqual({ kind: 'invalid', message: '"GET /users extra" has text after the path "/users"; write "GET /path"' });
    expect(parseEndpointReference('openapi.json GET')).toEqual({ kind: 'invalid', message: '"openapi.json GET" has no path after GET; write "GET /path"' });
    expect(parseEndpointReference('openapi.json webhook')).toEqual({ kind: 'invalid', message: '"openapi.json webhook" names no webhook; write "webhook <name>"' });
  });

  it('writes a reference back in the form it reads', () => {
    for (const text of ['GET /users/{id}', 'my specs/open api.json POST /x', 'webhook order updated', 'openapi.json webhook created']) {
      const parsed = parseEndpointReference(text);
      if (parsed.kind !== 'operation' && parsed.kind !== 'webhook') throw new Error(text);
      expect(formatEndpointReference(parsed)).toBe(text);
    }
  });
});

describe('readPagesEntry: a pages entry is a page, a reference or neither', () => {
  const root = DocsRoot.open(tempRoot({ 'docs.json': '{}', 'delete account.mdx': '# Delete', 'get.mdx': '# Get', 'v3-openapi.yaml': 'openapi: 3.1.0' }))!;
  const hasPage = (id: string): boolean => root.exists(`${id}.mdx`) || root.exists(`${id}.md`);

  it('prefers a page file over the reference grammar', () => {
    expect(readPagesEntry('delete account', hasPage, root)).toEqual({ kind: 'page' });
    expect(readPagesEntry('get', hasPage, root)).toEqual({ kind: 'page' });
    expect(readPagesEntry('guides/intro', hasPage, root)).toEqual({ kind: 'page' });
  });

  it('takes <file> METHOD /path as a reference only when the file can be a spec', () => {
    expect(readPagesEntry('v3-openapi GET /users', hasPage, root)).toMatchObject({ kind: 'endpoint', reference: { file: 'v3-openapi' } });
    expect(readPagesEntry('specs/other.json GET /users', hasPage, root)).toMatchObject({ kind: 'endpoint' });
    expect(readPagesEntry('notes GET /users', hasPage, root)).toEqual({ kind: 'neither', why: '"notes" is no OpenAPI file of the root' });
    expect(readPagesEntry('remove account', hasPage, root)).toEqual({ kind: 'page' });
    expect(readPagesEntry('delete user', hasPage, root)).toEqual({ kind: 'neither', why: 'the path "user" of "delete user" must start with "/"' });
  });
});

describe('navigation with entries that look like references', () => {
  const base = '"theme": "mint", "name": "Acme", "colors": { "primary": "#0D9373" }';

  it('keeps "delete account" as a page when delete account.mdx exists (it used to vanish as a bad endpoint reference)', async () => {
    const dir = tempRoot({
      'docs.json': `{ ${base}, "navigation": { "groups": [{ "group": "Account", "pages": ["delete account", "openapi.json GET /x"] }] } }`,
      'delete account.mdx': '---\ntitle: Delete your account\n---\n\nGone.\n',
    });
    const { manifest, diagnostics } = await build({ root: dir });
    expect(manifest?.pages['delete account']?.title).toBe('Delete your account');
    expect(diagnostics.map((d) => d.code)).toEqual(["openapi/spec-not-found"]);
  });

  it('says which readings were tried when an entry is neither a page nor a reference', () => {
    const dir = tempRoot({ 'docs.json': `{ ${base}, "navigation": { "groups": [{ "group": "G", "pages": ["delete account", "notes GET /users"] }] } }` });
    const root = DocsRoot.open(dir)!;
    const { value, diagnostics } = resolveNavigation(loadConfig(root).value!, root);
    expect(value.endpoints).toEqual([]);
    expect(diagnostics.map((d) => `${d.code} ${d.line}:${d.column} ${d.message}`)).toEqual([
      'navigation/unresolved-entry 1:125 "delete account" is neither a page (no delete account.mdx, delete account.md or delete account/index.mdx) nor an endpoint reference (the path "account" of "delete account" must start with "/")',
      'navigation/unresolved-entry 1:143 "notes GET /users" is neither a page (no notes GET /users.mdx, notes GET /users.md or notes GET /users/index.mdx) nor an endpoint reference ("notes" is no OpenAPI file of the root)',
    ]);
  });
});

describe('navigation keys named like Object.prototype members', () => {
  it('are unknown keys, never phantom divisions without a kind', async () => {
    const base = '"theme": "mint", "name": "Acme", "colors": { "primary": "#0D9373" }';
    const dir = tempRoot({
      'docs.json': `{ ${base}, "navigation": { "groups": [{ "group": "G", "pages": ["a"], "constructor": [{ "group": "x", "pages": ["a"] }], "toString": [1] }], "hasOwnProperty": [{ "tab": "t" }] } }`,
      'a.mdx': '# A\n',
    });
    const { manifest, diagnostics } = await build({ root: dir });
    expect(diagnostics.map((d) => d.code)).toEqual(['config/unknown-key', 'config/unknown-key', 'config/unknown-key']);
    const kinds = (nodes: Array<{ kind?: string; children: unknown[] }>): unknown[] => nodes.map((node) => [node.kind, kinds(node.children as never)]);
    expect(kinds(manifest!.navigation)).toEqual([['group', [['page', []]]]]);
  });
});
