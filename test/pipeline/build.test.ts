import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/pipeline/index.js';
import { serializeManifest } from '../../src/manifest/serialize.js';
import { docsJsonWith, expectValidManifest, removeTempRoots, tempRoot } from '../helpers/temp-root.js';

afterAll(removeTempRoots);

const exampleRoot = path.resolve(import.meta.dirname, '../../docs-example');

const petstore = `openapi: 3.1.0
info: { title: Pets, version: 1.0.0 }
servers: [{ url: https://api.pets.example.com }]
paths:
  /pets:
    get:
      summary: List pets
      tags: [Pets]
      responses: { '200': { description: ok } }
    post:
      summary: Create a pet
      tags: [Pets]
      responses: { '201': { description: created } }
  /pets/{id}:
    get:
      summary: Get a pet
      tags: [Pets]
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses: { '200': { description: ok } }
  /secret:
    get:
      summary: Secret
      x-hidden: true
      responses: { '200': { description: ok } }
`;

describe('build()', () => {
  it('builds docs-example with zero errors into a schema-valid manifest', async () => {
    const result = await build({ root: exampleRoot });
    expect(result.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expectValidManifest(result.manifest);
    expect(result.manifest.site.name).toBe('Acme Platform');
  });

  it('is deterministic: two builds give byte-identical manifests', async () => {
    const first = await build({ root: exampleRoot });
    const second = await build({ root: exampleRoot });
    expect(serializeManifest(second.manifest!)).toBe(serializeManifest(first.manifest!));
  });

  it('generates a page per visible operation for a tab with openapi and no explicit references', async () => {
    const root = tempRoot({
      'docs.json': docsJsonWith({ tabs: [{ tab: 'API', openapi: 'pets.yaml', groups: [{ group: 'Intro', pages: ['index'] }] }] }),
      'index.mdx': '# Hi',
      'pets.yaml': petstore,
    });
    const result = await build({ root });
    expect(result.diagnostics).toEqual([]);
    expectValidManifest(result.manifest);
    const generated = Object.values(result.manifest.pages).filter((p) => p.kind === 'openapi');
    expect(generated.map((p) => p.id).sort()).toEqual(['api-reference/pets/create-a-pet', 'api-reference/pets/get-a-pet', 'api-reference/pets/list-pets']);
    const tab = result.manifest.navigation[0]!;
    expect(tab).toMatchObject({ kind: 'tab', label: 'API', openapi: 'pets.yaml' });
    expect(tab.children.map((c) => `${c.kind}:${c.label}`)).toEqual(['group:Intro', 'group:Pets']);
    expect(tab.children[1]!.children.map((c) => c.page)).toEqual(['api-reference/pets/list-pets', 'api-reference/pets/create-a-pet', 'api-reference/pets/get-a-pet']);
    expect(result.manifest.openapi['pets.yaml']).toMatchObject({ openapiVersion: '3.1.0', title: 'Pets', operationCount: 4 });
  });

  it('explicit references turn bulk generation off, with an info saying how many were skipped', async () => {
    const root = tempRoot({
      'docs.json': docsJsonWith({ groups: [{ group: 'Pets', openapi: 'pets.yaml', pages: ['get /pets/{petId}/'] }] }),
      'pets.yaml': petstore,
    });
    const result = await build({ root });
    expect(result.diagnostics).toMatchObject([{ code: 'openapi/bulk-generation-off', severity: 'info', line: 7, column: 20, pointer: '/navigation/groups/0/openapi' }]);
    expect(result.diagnostics[0]!.message).toContain('2 operations were not generated');
    expectValidManifest(result.manifest);
    expect(Object.keys(result.manifest.pages)).toEqual(['api-reference/pets/get-a-pet']);
    expect(result.manifest.navigation[0]!.children).toMatchObject([{ kind: 'page', label: 'Get a pet', page: 'api-reference/pets/get-a-pet' }]);
  });

  it('an endpoint reference with no spec in scope is an error at its position', async () => {
    const root = tempRoot({ 'docs.json': docsJsonWith({ pages: ['GET /pets'] }) });
    const result = await build({ root });
    expect(result.diagnostics).toMatchObject([{ code: 'navigation/no-spec-in-scope', line: 5, column: 7 }]);
  });

  it('a reference to an x-hidden operation warns and leaves it out', async () => {
    const root = tempRoot({
      'docs.json': docsJsonWith({ groups: [{ group: 'Pets', openapi: 'pets.yaml', pages: ['GET /pets', 'GET /secret'] }] }),
      'pets.yaml': petstore,
    });
    const result = await build({ root });
    expect(result.diagnostics.map((d) => d.code)).toEqual(['openapi/bulk-generation-off', 'openapi/hidden-endpoint-referenced']);
    expect(Object.keys(result.manifest!.pages)).toEqual(['api-reference/pets/list-pets']);
  });

  it('two pages resolving to one page id is an error naming both sources', async () => {
    const root = tempRoot({
      'docs.json': docsJsonWith({ groups: [{ group: 'G', pages: ['api-reference/pets/list-pets'] }, { group: 'API', openapi: 'pets.yaml', pages: [] }] }),
      'api-reference/pets/list-pets.mdx': '# clash',
      'pets.yaml': petstore,
    });
    const result = await build({ root });
    const collision = result.diagnostics.find((d) => d.code === 'manifest/page-id-collision');
    expect(collision).toBeDefined();
    expect(collision!.message).toContain('api-reference/pets/list-pets.mdx');
    expect(collision!.message).toContain('GET /pets in pets.yaml');
    expect(collision!.related?.[0]?.file).toBe('api-reference/pets/list-pets.mdx');
  });

  it('hand-written API pages get api, auth and playground with their origin', async () => {
    const root = tempRoot({
      'docs.json': docsJsonWith({ pages: ['users/get'] }, { api: { mdx: { server: 'https://api.example.com', auth: { method: 'bearer' } } } }),
      'users/get.mdx': '---\ntitle: Get a user\napi: GET /users/{id}\n---\n<ParamField path="id" type="string" required>The id.</ParamField>\n',
    });
    const result = await build({ root });
    expect(result.diagnostics).toEqual([]);
    expectValidManifest(result.manifest);
    expect(result.manifest.pages['users/get']).toMatchObject({
      kind: 'endpoint',
      api: { method: 'GET', path: '/users/{id}', servers: ['https://api.example.com'], url: 'https://api.example.com/users/{id}' },
      auth: { method: 'bearer', from: 'config' },
      playground: { mode: 'interactive', from: 'default' },
      params: [{ name: 'id', in: 'path', type: 'string', required: true, description: 'The id.' }],
    });
  });

  it('an openapi: frontmatter page takes its endpoint data from the operation; frontmatter title wins', async () => {
    const root = tempRoot({
      'docs.json': docsJsonWith({ pages: ['pets/get', 'pets/list'] }),
      'pets/get.mdx': '---\nopenapi: /pets.yaml get /pets/{id}\n---\n',
      'pets/list.mdx': '---\ntitle: All the pets\nopenapi: pets GET /pets\n---\n',
      'pets.yaml': petstore,
    });
    const result = await build({ root });
    expect(result.diagnostics).toEqual([]);
    expectValidManifest(result.manifest);
    expect(result.manifest.pages['pets/get']).toMatchObject({ kind: 'endpoint', title: 'Get a pet', api: { method: 'GET', path: '/pets/{id}' }, operation: { spec: 'pets.yaml' } });
    expect(result.manifest.pages['pets/list']).toMatchObject({ title: 'All the pets', api: { url: 'https://api.pets.example.com/pets' } });
  });

  it('with errors nothing is written, and the manifest is still returned for inspection', async () => {
    const root = tempRoot({ 'docs.json': docsJsonWith({ pages: ['nope'] }) });
    const outFile = path.join(root, 'out.json');
    const result = await build({ root, outFile });
    expect(result.written).toBeUndefined();
    expect(result.manifest?.diagnostics.errors).toBe(1);
    expect(() => readFileSync(outFile)).toThrow();
  });
});

describe('build(): reference and entry problems', () => {
  it('an empty pages entry is one schema error; a path without a slash is an entry read neither as a page nor as a reference', async () => {
    const root = tempRoot({
      'docs.json': docsJsonWith({ groups: [{ group: 'Pets', openapi: 'pets.yaml', pages: ['', 'GET pets'] }] }),
      'pets.yaml': petstore,
    });
    const result = await build({ root });
    expect(result.diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`)).toEqual([
      'config/invalid-value 9:11',
      'navigation/unresolved-entry 10:11',
    ]);
    expect(result.diagnostics[1]!.message).toBe('"GET pets" is neither a page (no GET pets.mdx, GET pets.md or GET pets/index.mdx) nor an endpoint reference (the path "pets" of "GET pets" must start with "/")');
  });

  it('a path template parameter with no definition is a warning at the operation', async () => {
    const root = tempRoot({
      'docs.json': docsJsonWith({ tabs: [{ tab: 'API', openapi: 'pets.yaml' }] }),
      'pets.yaml': petstore.replace("      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]\n", ''),
    });
    const result = await build({ root });
    expect(result.diagnostics).toMatchObject([{ code: 'openapi/undeclared-path-parameter', severity: 'warning', file: 'pets.yaml' }]);
    expect(result.diagnostics[0]!.message).toContain('{id}');
  });
});
