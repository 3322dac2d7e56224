import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { JsonValue } from '../../src/diagnostics/index.js';
import { checkMigration, draftOpenapi, serializeDraft } from '../../src/migrate/index.js';
import { createSpecLoader } from '../../src/openapi/index.js';
import { DocsRoot } from '../../src/root/index.js';
import { docsJsonWith, removeTempRoots, tempRoot } from '../helpers/temp-root.js';
import { copyFixture, removeCopies } from './helpers.js';

afterAll(() => {
  removeCopies();
  removeTempRoots();
});

type Json = { [key: string]: JsonValue };

/** Drafts into `<dir>/<out>`, then checks every page against the draft. */
async function roundTrip(dir: string, out: string) {
  const draft = await draftOpenapi({ root: dir });
  expect(draft.value).toBeDefined();
  writeFileSync(path.join(dir, out), serializeDraft(draft.value!.document, out));
  const check = await checkMigration({ root: dir, spec: out });
  return { draft, check };
}

describe('draftOpenapi', () => {
  it('round trip: every drafted page then matches its operation with no drift of any kind (YAML)', async () => {
    const dir = copyFixture('migrate-drift');
    const { draft, check } = await roundTrip(dir, 'draft.yaml');
    expect(draft.diagnostics).toEqual([]);
    expect(draft.value!.pages).toEqual(['api/list-widgets.mdx', 'api/get-widget.mdx', 'api/create-widget.mdx', 'api/delete-widget.mdx', 'api/archive-widget.mdx']);
    const s = check.value.summary;
    expect([s.pages, s.matched, s.ready]).toEqual([5, 5, 5]);
    expect(Object.values(s.drift).every((n) => n === 0)).toBe(true);
    expect([s.serverDrift, s.authDrift, s.proseLost, s.urlChanges]).toEqual([0, 0, 0, 0]);
    expect(check.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expect(check.value.edits.map((e) => e.to)).toEqual([
      'draft.yaml GET /widgets',
      'draft.yaml GET /widgets/{id}',
      'draft.yaml POST /widgets',
      'draft.yaml DELETE /widgets/{id}',
      'draft.yaml POST /widgets/{id}/archive',
    ]);
  });

  it('round trip in JSON, and the draft loads as a valid OpenAPI 3.1 file', async () => {
    const dir = copyFixture('migrate-ref');
    const { check } = await roundTrip(dir, 'specs/draft.json');
    expect(check.value.summary).toMatchObject({ pages: 4, matched: 4, ready: 4 });
    const root = DocsRoot.open(dir)!;
    const loaded = await createSpecLoader(root).load('specs/draft.json', { file: 'specs/draft.json' });
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.value!.openapiVersion).toBe('3.1.0');
    expect(loaded.value!.operations.map((o) => `${o.method} ${o.path} ${o.operationId}`)).toEqual(['GET /users/me me', 'GET /users list', 'GET /users/{user} get']);
  });

  it('writes x-docs instead when asked; migrate check reads either name', async () => {
    const dir = copyFixture('migrate-drift');
    const { value } = await draftOpenapi({ root: dir, extension: 'x-docs' });
    const list = ((value!.document as Json).paths as Json)['/widgets'] as Json;
    expect(Object.keys(list.get as Json)).toContain('x-docs');
    expect(Object.keys(list.get as Json)).not.toContain('x-mint');
  });

  it('builds servers, parameters, bodies, nested responses, security and x-mint (the name the service reads) from the pages', async () => {
    const dir = copyFixture('migrate-drift');
    const { value } = await draftOpenapi({ root: dir, title: 'Widgets', version: '2.0.0' });
    const doc = value!.document as Json;
    expect(doc.info).toMatchObject({ title: 'Widgets', version: '2.0.0' });
    expect(doc.servers).toEqual([{ url: 'https://api.acme.test/v1' }]);
    expect(doc.components).toEqual({ securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } });
    const paths = doc.paths as Json;
    expect(Object.keys(paths)).toEqual(['/widgets', '/widgets/{id}', '/widgets/{id}/archive']);
    const list = (paths['/widgets'] as Json).get as Json;
    expect(list).toMatchObject({
      operationId: 'listWidgets',
      summary: 'List widgets',
      description: 'Lists the widgets of the account, newest first.',
      tags: ['Widgets'],
      security: [{ bearerAuth: [] }],
      'x-mint': { href: '/api/list-widgets' },
    });
    expect(list.parameters).toEqual([
      { name: 'limit', in: 'query', required: false, description: 'How many widgets to return.', schema: { type: 'integer', default: 20 } },
      { name: 'cursor', in: 'query', required: false, description: 'Where the previous page ended.', schema: { type: 'string' } },
    ]);
    const data = (((list.responses as Json)['200'] as Json).content as Json)['application/json'] as Json;
    expect(data.schema).toEqual({
      type: 'object',
      properties: {
        data: {
          type: 'array',
          items: { type: 'object', properties: { id: { type: 'string', description: 'Widget id.' }, name: { type: 'string', description: 'Display name.' } }, required: ['id'] },
          description: 'The widgets.',
        },
        next_cursor: { type: 'string', description: 'Cursor of the next page.' },
      },
      required: ['data'],
    });
    const create = (paths['/widgets'] as Json).post as Json;
    // Authorization is carried by the security scheme, not by a header parameter.
    expect((create.parameters as Json[]).map((p) => p.name)).toEqual(['idempotency_key']);
    expect((((create.requestBody as Json).content as Json)['application/json'] as Json).schema).toMatchObject({ required: ['name'], properties: { quantity: { type: 'integer', default: 1 } } });
    const remove = (paths['/widgets/{id}'] as Json).delete as Json;
    expect(remove['x-mint']).toEqual({ href: '/api/delete-widget', content: 'Deleting a widget cannot be undone. Archived widgets can be deleted too.\n' });
  });

  it('keeps full URLs of another origin on their operations, names unique operationIds, maps every auth method', async () => {
    const page = (api: string, extra = ''): string => `---\ntitle: T\napi: ${api}\n${extra}---\n`;
    const dir = tempRoot({
      'docs.json': docsJsonWith(
        { groups: [{ group: 'A', pages: ['a/get', 'b/get', 'c/get', 'd/get', 'e/get'] }] },
        { api: { mdx: { server: 'https://api.test', auth: { method: 'key', name: 'X-Api-Key' } } } },
      ),
      'a/get.mdx': page('GET /a'),
      'b/get.mdx': page('GET https://other.test/b', 'authMethod: bearer\n'),
      'c/get.mdx': page('GET /c', 'authMethod: basic\n'),
      'd/get.mdx': page('GET /d', 'authMethod: none\n'),
      'e/get.mdx': page('GET /a', 'playground: none\n'),
    });
    const { value, diagnostics } = await draftOpenapi({ root: dir });
    const paths = value!.document.paths as Json;
    const op = (p: string) => (paths[p] as Json).get as Json;
    expect(value!.document.servers).toEqual([{ url: 'https://api.test' }]);
    expect(op('/b').servers).toEqual([{ url: 'https://other.test' }]);
    expect(['/a', '/b', '/c', '/d'].map((p) => op(p).operationId)).toEqual(['get', 'bGet', 'cGet', 'dGet']);
    expect(['/a', '/b', '/c', '/d'].map((p) => op(p).security)).toEqual([[{ apiKeyAuth: [] }], [{ bearerAuth: [] }], [{ basicAuth: [] }], []]);
    expect((value!.document.components as Json).securitySchemes).toEqual({
      apiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
      bearerAuth: { type: 'http', scheme: 'bearer' },
      basicAuth: { type: 'http', scheme: 'basic' },
    });
    expect(diagnostics.map((d) => d.code)).toEqual(['migrate/draft-conflict']);
    expect(diagnostics.map((d) => `${d.file}:${d.line}`)).toEqual(['e/get.mdx:3']);
  });

  it('says what OpenAPI cannot hold: an optional path parameter, a type name', async () => {
    const dir = tempRoot({
      'docs.json': docsJsonWith({ pages: ['q'] }),
      'q.mdx': '---\ntitle: Q\napi: POST https://{endpoint}/query/{namespace}\n---\n\n<ParamField path="namespace" type="string" default="">Namespace.</ParamField>\n<ParamField body="vector" type="Vector" required>The vector.</ParamField>\n',
    });
    const { value, diagnostics } = await draftOpenapi({ root: dir });
    expect(diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`)).toEqual(['migrate/draft-lossy 6:1', 'migrate/draft-lossy 7:1']);
    expect(diagnostics[0]!.message).toContain('optional on the page; OpenAPI path parameters are always required');
    // The placeholder host stays as the pages show it.
    expect(value!.document.servers).toEqual([{ url: 'https://{endpoint}', variables: { endpoint: { default: '{endpoint}' } } }]);
    const yaml = serializeDraft(value!.document, 'x.yml');
    expect(parseYaml(yaml)).toEqual(value!.document);
  });
});
