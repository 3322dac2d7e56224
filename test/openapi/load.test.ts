import { describe, expect, it } from 'vitest';
import { createSpecLoader } from '../../src/openapi/index.js';
import { brief, dedent, docsJsonAt, loadOne, makeRoot, only } from './helpers.js';

const petsJson = dedent(`
  {
    "openapi": "3.0.3",
    "info": { "title": "Pets", "version": "1.2.0", "description": "All pets" },
    "servers": [{ "url": "https://{region}.pets.test/v1", "variables": { "region": { "default": "eu" } } }],
    "tags": [{ "name": "pets", "description": "Pet operations" }],
    "paths": {
      "/pets": {
        "get": { "operationId": "listPets", "summary": "List pets", "tags": ["pets"], "responses": { "200": { "description": "ok" } } },
        "post": { "operationId": "addPet", "deprecated": true, "servers": [{ "url": "https://upload.pets.test" }], "responses": { "201": { "description": "ok" } } }
      },
      "/pets/{id}": {
        "servers": [{ "url": "https://item.pets.test" }],
        "parameters": [{ "name": "id", "in": "path", "required": true, "schema": { "type": "string" } }],
        "get": { "operationId": "getPet", "description": "One pet", "responses": { "200": { "description": "ok" } } }
      }
    },
    "components": { "schemas": { "Pet": { "type": "object" }, "Error": { "type": "object" } } }
  }
`);

describe('loading OpenAPI 3.0 JSON', () => {
  it('indexes info, servers, tags, schemas and operations in document order', async () => {
    const { spec, diagnostics } = await loadOne({ 'api/openapi.json': petsJson }, 'api/openapi.json');
    expect(diagnostics).toEqual([]);
    expect(spec).toMatchObject({
      id: 'api/openapi.json',
      file: 'api/openapi.json',
      openapiVersion: '3.0.3',
      title: 'Pets',
      version: '1.2.0',
      description: 'All pets',
      servers: ['https://eu.pets.test/v1'],
      tags: [{ name: 'pets', description: 'Pet operations' }],
      schemaNames: ['Pet', 'Error'],
      files: ['api/openapi.json'],
      webhooks: [],
    });
    expect(spec!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(spec!.operations.map((op) => [op.method, op.path, op.pointer, op.operationId, op.servers])).toEqual([
      ['GET', '/pets', '/paths/~1pets/get', 'listPets', ['https://eu.pets.test/v1']],
      ['POST', '/pets', '/paths/~1pets/post', 'addPet', ['https://upload.pets.test']],
      ['GET', '/pets/{id}', '/paths/~1pets~1{id}/get', 'getPet', ['https://item.pets.test']],
    ]);
    expect(spec!.operations[0]).toMatchObject({ summary: 'List pets', tags: ['pets'], hidden: false, deprecated: false });
    expect(spec!.operations[1]!.deprecated).toBe(true);
    expect(spec!.operations[2]!.description).toBe('One pet');
  });

  it('locates pointers of the spec', async () => {
    const { spec } = await loadOne({ 'openapi.json': petsJson }, 'openapi.json');
    expect(spec!.locate('/paths/~1pets~1{id}/get')).toMatchObject({ file: 'openapi.json', line: 14, column: 14, pointer: '/paths/~1pets~1{id}/get' });
  });
});

describe('loading OpenAPI 3.1 YAML', () => {
  const yaml = dedent(`
    openapi: 3.1.0
    info:
      title: Hooks
      version: "2"
    paths:
      /orders:
        get:
          summary: List orders
          responses:
            "200":
              description: ok
    webhooks:
      orderCreated:
        post:
          summary: Order created
          tags: [orders]
          requestBody:
            content:
              application/json:
                schema: { type: object, properties: { id: { type: string } } }
          responses:
            "200":
              description: ok
  `);

  it('indexes operations and webhooks', async () => {
    const { spec, diagnostics } = await loadOne({ 'hooks.yaml': yaml }, '/hooks.yaml');
    expect(diagnostics).toEqual([]);
    expect(spec!.openapiVersion).toBe('3.1.0');
    expect(spec!.version).toBe('2');
    expect(spec!.operations.map((op) => `${op.method} ${op.path}`)).toEqual(['GET /orders']);
    expect(spec!.webhooks).toEqual([
      expect.objectContaining({ method: 'POST', path: 'orderCreated', webhook: 'orderCreated', pointer: '/webhooks/orderCreated/post', summary: 'Order created', tags: ['orders'] }),
    ]);
  });

  it('accepts a 3.1 document with only webhooks or only components', async () => {
    const { spec, diagnostics } = await loadOne(
      { 'c.yaml': 'openapi: 3.1.0\ninfo: { title: C, version: "1" }\ncomponents:\n  schemas:\n    A: { type: string }\n' },
      'c.yaml',
    );
    expect(diagnostics).toEqual([]);
    expect(spec!.schemaNames).toEqual(['A']);
  });

  it('reads YAML dates as strings and merge keys as merges', async () => {
    const { spec, diagnostics } = await loadOne(
      {
        'm.yaml': dedent(`
          openapi: 3.1.0
          info: { title: M, version: 2024-01-01 }
          paths:
            /a:
              get: &op
                summary: A
                responses: { "200": { description: ok } }
            /b:
              get:
                <<: *op
                summary: B
        `),
      },
      'm.yaml',
    );
    expect(diagnostics).toEqual([]);
    expect(spec!.version).toBe('2024-01-01');
    expect(spec!.operations.map((op) => op.summary)).toEqual(['A', 'B']);
  });
});

describe('versions', () => {
  it('refuses Swagger 2.0 with a clear error at the swagger key', async () => {
    const { spec, diagnostics } = await loadOne({ 'swagger.json': '{\n  "swagger": "2.0",\n  "info": {"title": "x", "version": "1"},\n  "paths": {}\n}\n' }, 'swagger.json');
    expect(spec).toBeUndefined();
    expect(diagnostics.map(brief)).toEqual([
      'openapi/unsupported-version swagger.json:2:14 swagger.json is a Swagger 2.0 document; docs-build reads OpenAPI 3.0 and 3.1 only',
    ]);
    expect(diagnostics[0]!.suggestion).toMatch(/convert it to OpenAPI 3/);
    expect(diagnostics[0]!.related).toEqual([{ ...docsJsonAt, message: 'referenced here' }]);
  });

  it('refuses OpenAPI 3.2.0 and other unknown versions', async () => {
    const { spec, diagnostics } = await loadOne({ 'o.yaml': 'openapi: 3.2.0\ninfo: { title: x, version: "1" }\npaths: {}\n' }, 'o.yaml');
    expect(spec).toBeUndefined();
    expect(diagnostics.map(brief)).toEqual([
      'openapi/unsupported-version o.yaml:1:10 OpenAPI version "3.2.0" is not supported; docs-build reads 3.0.0, 3.0.1, 3.0.2, 3.0.3, 3.0.4, 3.1.0, 3.1.1, 3.1.2',
    ]);
  });

  it('reports a version written as a number, and a document without version', async () => {
    const number = await loadOne({ 'n.yaml': 'openapi: 3.0\ninfo: { title: x, version: "1" }\npaths: {}\n' }, 'n.yaml');
    expect(number.diagnostics.map(brief)).toEqual(['openapi/invalid n.yaml:1:10 "openapi" must be a version string like "3.1.0", not 3']);
    const none = await loadOne({ 'x.json': '{\n  "info": {}\n}' }, 'x.json');
    expect(none.diagnostics.map(brief)).toEqual(['openapi/invalid x.json:1:1 x.json is not an OpenAPI document: it has no "openapi" version key']);
    const array = await loadOne({ 'a.json': '[1]' }, 'a.json');
    expect(array.diagnostics.map(brief)).toEqual(['openapi/invalid a.json:1:1 a.json is not an OpenAPI document: expected an object at the top']);
  });

  it('reports info.version written as a number and a 3.0 document without paths', async () => {
    const { spec, diagnostics } = await loadOne({ 'v.yaml': 'openapi: 3.0.3\ninfo:\n  title: x\n  version: 1.5\n' }, 'v.yaml');
    expect(spec).toBeDefined();
    expect(diagnostics.map(brief)).toEqual([
      'openapi/invalid v.yaml:4:12 info.version must be a string, not the number 1.5',
      'openapi/invalid v.yaml:1:1 the document has no "paths"',
    ]);
  });
});

describe('syntax errors', () => {
  it('reports invalid JSON with its position', async () => {
    const { spec, diagnostics } = await loadOne({ 'bad.json': '{\n  "openapi": "3.0.3"\n  "info": {}\n}\n' }, 'bad.json');
    expect(spec).toBeUndefined();
    expect(diagnostics.map(brief)).toEqual(['openapi/parse-error bad.json:3:3 bad.json is not valid JSON: expected "," between entries (or a closing bracket)']);
    expect(diagnostics[0]!.related).toEqual([{ ...docsJsonAt, message: 'referenced here' }]);
  });

  it('reports invalid YAML with its position', async () => {
    const { diagnostics } = await loadOne({ 'bad.yaml': 'openapi: 3.0.3\ninfo:\n  title: [unclosed\n' }, 'bad.yaml');
    expect(diagnostics.map(brief)).toEqual(['openapi/parse-error bad.yaml:4:1 bad.yaml is not valid YAML: unexpected end of the stream within a flow collection']);
  });

  it('reports a YAML stream of several documents at the start of the second (a fuzz case threw here)', async () => {
    const body = 'openapi: 3.1.0\ninfo: { title: x, version: "1" }\npaths: {}\n';
    const cases: Array<[string, string]> = [
      [`...\n${body}`, '1:1'],
      [`# spec\n---\n${body}---\nmore: 1\n`, '6:1'],
      [`${body}...\n${body}`, '4:1'],
    ];
    for (const [text, at] of cases) {
      const { spec, diagnostics } = await loadOne({ 'multi.yaml': text }, 'multi.yaml');
      expect(spec).toBeUndefined();
      expect(diagnostics.map(brief)).toEqual([`openapi/parse-error multi.yaml:${at} multi.yaml is not valid YAML: expected a single document in the stream, but found more`]);
    }
  });
});

describe('documents no walk could finish', () => {
  it('refuses a recursive YAML alias and an alias bomb', async () => {
    const recursive = await loadOne({ 'r.yaml': 'openapi: 3.1.0\ninfo: { title: x, version: "1" }\ncomponents:\n  schemas:\n    A: &a\n      items: *a\n' }, 'r.yaml');
    expect(recursive.spec).toBeUndefined();
    expect(recursive.diagnostics.map(brief)).toEqual([
      'openapi/parse-error r.yaml:1:1 r.yaml is not valid YAML: an anchor contains an alias of itself (a recursive YAML alias), which JSON cannot represent',
    ]);
    const levels = ['l0: &l0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 9; i++) levels.push(`l${i}: &l${i} [${Array(10).fill(`*l${i - 1}`).join(', ')}]`);
    const bomb = await loadOne({ 'b.yaml': `openapi: 3.1.0\ninfo: { title: x, version: "1" }\nx-bomb:\n  ${levels.join('\n  ')}\n` }, 'b.yaml');
    expect(bomb.diagnostics.map((d) => d.message)).toEqual([expect.stringMatching(/^b\.yaml is not valid YAML: YAML aliases expand to more than \d+ values/)]);
  });

  it('refuses a document nested too deeply instead of overflowing the stack', async () => {
    const depth = 20_000;
    const schema = `${'{"items": '.repeat(depth)}{}${'}'.repeat(depth)}`;
    const deep = `{"openapi": "3.1.0", "info": {"title": "x", "version": "1"}, "components": {"schemas": {"Deep": ${schema}}}}`;
    for (const validate of [true, false]) {
      const { spec, diagnostics } = await loadOne({ 'deep.json': deep }, 'deep.json', { validate });
      expect(spec).toBeUndefined();
      expect(diagnostics.map(brief)).toEqual(['openapi/invalid deep.json:1:1 deep.json is nested too deeply to be processed']);
    }
  });
});

describe('validation against the OpenAPI schema', () => {
  const invalid30 = dedent(`
    openapi: 3.0.3
    info: { title: Broken, version: "1" }
    paths:
      /users:
        get:
          summary: 3
          parameters:
            - name: limit
              in: query
              schema: { $ref: "#/components/schemas/Limit" }
        post:
          responses:
            "201": { $ref: "#/components/responses/Created" }
    components:
      responses:
        Created: { description: created, content: { application/json: { schema: { $ref: "#/components/schemas/Limit" } } } }
      schemas:
        Limit:
          type: integr
  `);

  it('maps each error to the line and column where the value is written, once per location', async () => {
    const { spec, diagnostics } = await loadOne({ 'openapi.yaml': invalid30 }, 'openapi.yaml');
    expect(spec).toBeDefined();
    expect(diagnostics.map(brief)).toEqual([
      'openapi/invalid openapi.yaml:5:5 "get" is missing the required property "responses"',
      'openapi/invalid openapi.yaml:6:16 "summary" must be a string (found number 3)',
      'openapi/invalid openapi.yaml:19:13 "type" must be one of "array", "boolean", "integer", "number", "object", "string" (found string "integr")',
    ]);
    expect(diagnostics[2]!.pointer).toBe('/components/schemas/Limit/type');
    expect(diagnostics.every((d) => d.related?.[0]?.message === 'referenced here')).toBe(true);
  });

  it('reports an unknown key at the key', async () => {
    const { diagnostics } = await loadOne(
      { 'o.json': '{\n  "openapi": "3.1.0",\n  "info": { "title": "x", "version": "1" },\n  "paths": {},\n  "servers": [{ "url": "/", "descripton": "typo" }]\n}\n' },
      'o.json',
    );
    expect(diagnostics.map(brief)).toEqual(['openapi/invalid o.json:5:29 "descripton" is not allowed in "0"']);
  });

  it('can be switched off', async () => {
    const { diagnostics } = await loadOne({ 'openapi.yaml': invalid30 }, 'openapi.yaml', { validate: false });
    expect(diagnostics).toEqual([]);
  });
});

describe('semantic checks swagger-parser skips for 3.x', () => {
  const yaml = dedent(`
    openapi: 3.0.3
    info: { title: x, version: "1" }
    paths:
      /users/{id}/posts/{postId}:
        parameters:
          - { name: id, in: path, required: true, schema: { type: string } }
        get:
          operationId: getThing
          responses: { "200": { description: ok } }
      /things:
        get:
          operationId: getThing
          responses: { "200": { description: ok } }
  `);

  it('warns about duplicate operationIds and undeclared path parameters', async () => {
    const { diagnostics } = await loadOne({ 'openapi.yaml': yaml }, 'openapi.yaml', { validate: false });
    expect(diagnostics.map((d) => `${d.severity} ${brief(d)}`)).toEqual([
      'warning openapi/undeclared-path-parameter openapi.yaml:7:5 path parameter {postId} of GET /users/{id}/posts/{postId} has no definition (no parameter with name "postId" and in: path on the operation or its path item)',
      'warning openapi/duplicate-operation-id openapi.yaml:12:20 operationId "getThing" of GET /things is already used by GET /users/{id}/posts/{postId}; operationIds must be unique',
    ]);
    expect(only(diagnostics, 'openapi/duplicate-operation-id')[0]!.related).toEqual([
      expect.objectContaining({ file: 'openapi.yaml', line: 8, column: 20, message: 'first used by GET /users/{id}/posts/{postId}' }),
    ]);
  });
});

describe('$ref', () => {
  it('follows references to other local files and validates them', async () => {
    const { spec, diagnostics } = await loadOne(
      {
        'api/openapi.yaml': dedent(`
          openapi: 3.1.0
          info: { title: Multi, version: "1" }
          paths:
            /users:
              $ref: ./paths/users.yaml
        `),
        'api/paths/users.yaml': dedent(`
          get:
            summary: List users
            responses:
              "200":
                content:
                  application/json:
                    schema: { $ref: "../schemas.yaml#/User" }
        `),
        'api/schemas.yaml': dedent(`
          User:
            type: object
            properties:
              name: { type: string }
        `),
      },
      'api/openapi.yaml',
    );
    expect(spec!.files).toEqual(['api/openapi.yaml', 'api/paths/users.yaml', 'api/schemas.yaml']);
    expect(spec!.operations.map((op) => `${op.method} ${op.path} ${op.summary}`)).toEqual(['GET /users List users']);
    expect(spec!.locate('/paths/~1users/get/summary')).toMatchObject({ file: 'api/paths/users.yaml', line: 2, column: 12, pointer: '/get/summary' });
    expect(spec!.locate('/paths/~1users/get/responses/200/content/application~1json/schema/properties/name')).toMatchObject({
      file: 'api/schemas.yaml',
      line: 4,
      column: 11,
      pointer: '/User/properties/name',
    });
    expect(diagnostics.map(brief)).toEqual(['openapi/invalid api/paths/users.yaml:4:5 "200" is missing the required property "description"']);
  });

  it('refuses a remote $ref at its position', async () => {
    const { spec, diagnostics } = await loadOne(
      {
        'openapi.yaml': dedent(`
          openapi: 3.0.3
          info: { title: x, version: "1" }
          paths:
            /a:
              get:
                responses:
                  "200": { $ref: "https://example.com/common.yaml#/Ok" }
        `),
      },
      'openapi.yaml',
    );
    expect(spec).toBeDefined();
    expect(diagnostics.map(brief)).toEqual([
      'openapi/remote-ref-refused openapi.yaml:7:24 $ref "https://example.com/common.yaml#/Ok" points at another server; remote references are not followed',
    ]);
  });

  it('refuses a $ref to a file outside the docs root, and reports missing files and targets', async () => {
    const { diagnostics } = await loadOne(
      {
        'openapi.yaml': dedent(`
          openapi: 3.0.3
          info: { title: x, version: "1" }
          paths:
            /a:
              $ref: ../outside.yaml
            /b:
              $ref: ./missing.yaml
            /c:
              get:
                responses:
                  "200": { $ref: "#/components/responses/Nope" }
        `),
      },
      'openapi.yaml',
    );
    expect(diagnostics.map(brief)).toEqual([
      'root/path-escapes-root openapi.yaml:5:11 $ref "../outside.yaml": "../outside.yaml" leads outside the docs root',
      'root/file-not-found openapi.yaml:7:11 $ref "./missing.yaml": "missing.yaml" does not exist',
      'openapi/invalid openapi.yaml:11:24 $ref "#/components/responses/Nope" points at nothing: /components/responses/Nope does not exist in openapi.yaml',
    ]);
  });

  it('reports a chain of references that loops', async () => {
    const { diagnostics } = await loadOne(
      {
        'o.yaml': dedent(`
          openapi: 3.1.0
          info: { title: x, version: "1" }
          components:
            schemas:
              A: { $ref: "#/components/schemas/B" }
              B: { $ref: "#/components/schemas/A" }
        `),
      },
      'o.yaml',
    );
    expect(diagnostics.map(brief)).toEqual([
      'openapi/invalid o.yaml:5:16 $ref "#/components/schemas/B" starts a chain of references that loops back on itself',
      'openapi/invalid o.yaml:6:16 $ref "#/components/schemas/A" starts a chain of references that loops back on itself',
    ]);
  });

  it('leaves a $ref inside an example alone', async () => {
    const { diagnostics } = await loadOne(
      {
        'o.yaml': dedent(`
          openapi: 3.1.0
          info: { title: x, version: "1" }
          components:
            schemas:
              Doc:
                type: object
                example: { $ref: "https://json-schema.org/draft/2020-12/schema" }
                properties:
                  default: { type: string }
                  example: { $ref: "#/components/schemas/Doc" }
        `),
      },
      'o.yaml',
    );
    expect(diagnostics).toEqual([]);
  });

  it('keeps circular schemas as they are: loading neither hangs nor fails', async () => {
    const { spec, diagnostics } = await loadOne(
      {
        'o.yaml': dedent(`
          openapi: 3.0.3
          info: { title: x, version: "1" }
          paths: {}
          components:
            schemas:
              Node:
                type: object
                properties:
                  children: { type: array, items: { $ref: "#/components/schemas/Node" } }
        `),
      },
      'o.yaml',
    );
    expect(diagnostics).toEqual([]);
    expect(spec!.schemaNames).toEqual(['Node']);
  });
});

describe('x-hidden, x-excluded and x-docs', () => {
  const yaml = dedent(`
    openapi: 3.1.0
    info: { title: x, version: "1" }
    paths:
      /internal:
        x-excluded: true
        get:
          responses: { "200": { description: ok } }
      /users:
        get:
          x-hidden: true
          responses: { "200": { description: ok } }
        post:
          x-hidden: "true"
          x-mint:
            metadata: { title: Create, playground: fancy, deprecated: "no", og:image: a.png }
            content: "## Before"
            href: /custom/create-user/
          responses: { "200": { description: ok } }
        put:
          x-hidden: 1
          x-docs: [1]
          x-mint: { href: /ignored }
          responses: { "200": { description: ok } }
        delete:
          x-docs:
            content: 5
            href: https://example.com/page
            hidden: true
          responses: { "200": { description: ok } }
  `);

  it('reads hidden flags on operations and path items, and x-docs / x-mint, reporting malformed values', async () => {
    const { spec, diagnostics } = await loadOne({ 'openapi.yaml': yaml }, 'openapi.yaml');
    const ops = spec!.operations.map((op) => ({ m: `${op.method} ${op.path}`, hidden: op.hidden, xDocs: op.xDocs }));
    expect(ops).toEqual([
      { m: 'GET /internal', hidden: true, xDocs: undefined },
      { m: 'GET /users', hidden: true, xDocs: undefined },
      { m: 'POST /users', hidden: true, xDocs: { metadata: { title: 'Create', 'og:image': 'a.png' }, content: '## Before', href: 'custom/create-user' } },
      { m: 'PUT /users', hidden: false, xDocs: undefined },
      { m: 'DELETE /users', hidden: false, xDocs: {} },
    ]);
    expect(diagnostics.map((d) => `${d.severity} ${brief(d)}`)).toEqual([
      'warning openapi/invalid-x-hidden openapi.yaml:13:17 x-hidden must be a boolean, not the string "true"; read as true',
      'error openapi/invalid-x-docs openapi.yaml:15:48 x-mint.metadata.playground must be one of interactive, simple, none; found string "fancy"',
      'error openapi/invalid-x-docs openapi.yaml:15:67 x-mint.metadata.deprecated must be true or false; found string "no"',
      'warning openapi/invalid-x-hidden openapi.yaml:20:17 x-hidden must be true or false; found number 1, which is ignored',
      'error openapi/invalid-x-docs openapi.yaml:21:15 x-docs must be an object with metadata, content and/or href; found an array',
      'error openapi/invalid-x-docs openapi.yaml:26:18 x-docs.content must be a string of MDX; found number 5',
      'error openapi/invalid-x-docs openapi.yaml:27:15 x-docs.href must be a page path of this site (like "/api/users/list"), not the URL "https://example.com/page"',
      'warning openapi/unknown-x-docs-key openapi.yaml:28:9 unknown key "hidden" in x-docs; it takes metadata, content and href',
    ]);
    // An unknown key is its own code, a warning by the catalog, not invalid-x-docs with its severity lowered.
    expect(diagnostics.filter((d) => d.severity === 'warning').map((d) => d.code)).toContain('openapi/unknown-x-docs-key');
  });

  it('takes metadata keys named like Object.prototype members as plain keys (constructor and __proto__ crashed the build)', async () => {
    const spec = '{"openapi":"3.1.0","info":{"title":"x","version":"1"},"paths":{"/a":{"get":{"x-mint":{"metadata":{"constructor":"c","__proto__":{"p":1},"toString":true}},"responses":{"200":{"description":"ok"}}}}}}';
    const { spec: loaded, diagnostics } = await loadOne({ 'openapi.json': spec }, 'openapi.json');
    expect(diagnostics).toEqual([]);
    const metadata = loaded!.operations[0]!.xDocs!.metadata!;
    expect(Object.keys(metadata)).toEqual(['constructor', '__proto__', 'toString']);
    expect(Object.getPrototypeOf(metadata)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(metadata))).toEqual(JSON.parse('{"constructor":"c","__proto__":{"p":1},"toString":true}'));
  });
});

describe('finding the spec a reference names', () => {
  it('accepts a leading slash and a missing extension', async () => {
    const root = makeRoot({ 'api/openapi.yaml': 'openapi: 3.1.0\ninfo: { title: x, version: "1" }\npaths: {}\n' });
    const loader = createSpecLoader(root);
    const a = await loader.load('/api/openapi.yaml', docsJsonAt);
    const b = await loader.load('api/openapi', docsJsonAt);
    expect(a.value!.id).toBe('api/openapi.yaml');
    expect(b.value).toBe(a.value);
  });

  it('reports a missing spec at the reference with the closest file', async () => {
    const { spec, diagnostics } = await loadOne({ 'api/openapi.yaml': 'openapi: 3.1.0\n' }, 'api/openapi.yml');
    expect(spec).toBeUndefined();
    expect(diagnostics.map(brief)).toEqual(['openapi/spec-not-found docs.json:3:16 no OpenAPI file "api/openapi.yml" in the docs root']);
    expect(diagnostics[0]!.suggestion).toBe('did you mean "api/openapi.yaml"?');
  });

  it('reports a reference that leaves the docs root', async () => {
    const { diagnostics } = await loadOne({}, '../secret/openapi.json');
    expect(diagnostics.map(brief)).toEqual(['root/path-escapes-root docs.json:3:16 "../secret/openapi.json" leads outside the docs root']);
  });
});

describe('parse once per run', () => {
  it('reads, parses and reports a spec once however many references name it', async () => {
    const opened: string[] = [];
    const root = makeRoot(
      { 'openapi.yaml': 'openapi: 3.0.3\ninfo: { title: x, version: "1" }\npaths:\n  /a:\n    get: {}\n', 'other.yaml': 'openapi: 3.0.3\n' },
      { onOpen: (p) => opened.push(p) },
    );
    const counting = createSpecLoader(root);
    const references = Array.from({ length: 300 }, (_, i) => (i % 3 === 0 ? '/openapi.yaml' : i % 3 === 1 ? 'openapi.yaml' : 'openapi'));
    const results = await Promise.all(references.map((ref, i) => counting.load(ref, { file: 'docs.json', line: i + 1, column: 5 })));
    expect(new Set(results.map((r) => r.value)).size).toBe(1);
    expect(opened.filter((p) => p.endsWith('openapi.yaml'))).toHaveLength(1);
    const all = results.flatMap((r) => r.diagnostics);
    expect(all.map(brief)).toEqual(['openapi/invalid openapi.yaml:5:5 "get" is missing the required property "responses"']);
    expect(all[0]!.related).toEqual([{ file: 'docs.json', line: 1, column: 5, message: 'referenced here' }]);
    expect(counting.loaded()).toHaveLength(1);
  });
});
