import { beforeAll, describe, expect, it } from 'vitest';
import type { Field } from '../../src/fields/index.js';
import {
  describeOperation,
  describeSchemaPage,
  findOperation,
  SchemaTable,
  specSummary,
  type DescribeOptions,
  type LoadedSpec,
  type OperationInfo,
} from '../../src/openapi/index.js';
import { noApiSettings, resolveOperationEndpoint } from '../../src/precedence/index.js';
import { dedent, loadOne } from './helpers.js';

const shop = dedent(`
  openapi: 3.1.0
  info: { title: Shop, version: "3.0" }
  servers:
    - url: https://api.shop.test/v1/
  security:
    - bearerAuth: []
  paths:
    /items/{itemId}:
      parameters:
        - { name: itemId, in: path, required: true, description: Item id, schema: { type: string } }
        - { name: X-Trace, in: header, schema: { type: string } }
      get:
        summary: Get an item
        description: Returns one item.
        parameters:
          - { name: X-Trace, in: header, required: true, deprecated: true, schema: { type: string, default: "off" } }
          - { $ref: "#/components/parameters/Limit", description: Items per page (override) }
          - { name: session, in: cookie, schema: { type: string } }
        responses:
          "201":
            description: text only
            content: { text/plain: { schema: { type: string } } }
          "202":
            description: accepted
            content:
              application/json:
                schema: { $ref: "#/components/schemas/Item" }
          "400":
            description: bad
            content: { application/json: { schema: { type: object, properties: { error: { type: string } } } } }
      put:
        servers: [{ url: https://write.shop.test }]
        security: []
        x-docs:
          metadata: { title: Replace item, sidebarTitle: Replace, description: Replaces it., playground: simple, deprecated: true }
          content: "<Note>Careful</Note>"
        requestBody:
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Item" }
        responses: { "200": { description: ok } }
    /tree:
      servers: [{ url: "https://{region}.shop.test", variables: { region: { default: eu } } }]
      post:
        security: [{}]
        requestBody:
          content:
            multipart/form-data:
              schema:
                type: object
                required: [file]
                properties:
                  file: { type: string, format: binary }
        responses:
          "200":
            description: ok
            content:
              application/json:
                schema: { type: array, items: { $ref: "#/components/schemas/Node" } }
    /keys:
      get:
        security: [{ queryKey: [] }, { headerKey: [] }]
        responses: { "200": { description: ok } }
      post:
        security: [{ queryKey: [] }]
        responses: { "200": { description: ok } }
      put:
        security: [{ basicAuth: [] }]
        responses: { "200": { description: ok } }
      patch:
        security: [{ oauth: [read] }]
        responses: { "200": { description: ok } }
      delete:
        x-docs: { metadata: { authMethod: key } }
        security: [{ headerKey: [] }]
        responses: { "200": { description: ok } }
      options:
        x-docs: { metadata: { authMethod: none, playground: interactive } }
        responses: { "200": { description: ok } }
  webhooks:
    itemSold:
      post:
        summary: Item sold
        requestBody:
          content:
            application/json:
              schema: { type: object, properties: { itemId: { type: string } } }
        responses: { "200": { description: ok } }
  components:
    parameters:
      Limit: { name: limit, in: query, description: Items per page, schema: { type: integer, default: 20 } }
    securitySchemes:
      bearerAuth: { type: http, scheme: bearer }
      basicAuth: { type: http, scheme: basic }
      headerKey: { type: apiKey, in: header, name: X-Api-Key }
      queryKey: { type: apiKey, in: query, name: api_key }
      oauth: { type: oauth2, flows: { implicit: { authorizationUrl: "https://auth.test", scopes: { read: r } } } }
    schemas:
      Item:
        description: An item for sale.
        allOf:
          - $ref: "#/components/schemas/Base"
          - type: object
            required: [name, price]
            properties:
              name: { type: string, description: Display name }
              price: { oneOf: [{ type: integer }, { type: string }] }
              tags: { type: array, items: { type: string } }
              variants:
                type: array
                items:
                  type: object
                  properties:
                    sku: { type: string }
                    stock: { type: ["integer", "null"] }
              owner:
                description: The seller (kept next to the reference)
                $ref: "#/components/schemas/Owner"
              kind: { enum: [new, used] }
              payment:
                oneOf:
                  - { type: object, required: [card], properties: { card: { type: string }, cvc: { type: string } } }
                  - { type: object, required: [card], properties: { card: { type: string }, iban: { type: string } } }
              secret: { type: string, writeOnly: true }
      Base:
        type: object
        required: [id]
        properties:
          id: { type: string, readOnly: true, description: Server-assigned id }
          name: { type: integer, description: replaced by the later allOf part }
      Owner:
        type: object
        description: A seller
        properties:
          login: { type: string }
      Node:
        type: object
        properties:
          label: { type: string }
          children: { type: array, items: { $ref: "#/components/schemas/Node" } }
          parent:
            allOf: [{ $ref: "#/components/schemas/Node" }]
            description: The parent node
`);

let spec: LoadedSpec;
const op = (method: string, path: string): OperationInfo => {
  const match = findOperation(spec, method, path);
  if (match.kind !== 'matched') throw new Error(`no ${method} ${path}`);
  return match.operation;
};
const options = (over: Partial<DescribeOptions> = {}): DescribeOptions => ({ playgroundDisplay: null, schemas: new SchemaTable(), ...over });
/** name:type(in)[!] with nested properties in braces: compact and complete enough to compare. */
const sketch = (fields: Field[] | undefined): string[] =>
  (fields ?? []).map((f) => `${f.name}:${f.type}(${f.in})${f.required ? '!' : ''}${f.schemaRef ? ` ->${f.schemaRef}` : ''}${f.properties ? ` {${sketch(f.properties).join(', ')}}` : ''}`);

beforeAll(async () => {
  const loaded = await loadOne({ 'shop.yaml': shop }, 'shop.yaml');
  expect(loaded.diagnostics).toEqual([]);
  spec = loaded.spec!;
});

describe('describeOperation: page metadata', () => {
  it('takes title and description from the operation, with METHOD /path as last resort', () => {
    const page = describeOperation(spec, op('GET', '/items/{itemId}'), options());
    expect(page).toMatchObject({
      kind: 'openapi',
      title: 'Get an item',
      description: 'Returns one item.',
      source: { file: 'shop.yaml', pointer: '/paths/~1items~1{itemId}/get' },
      hidden: false,
      operation: { spec: 'shop.yaml', method: 'GET', path: '/items/{itemId}' },
    });
    expect(page.sidebarTitle).toBeUndefined();
    expect(page.deprecated).toBeUndefined();
    expect(describeOperation(spec, op('POST', '/tree'), options()).title).toBe('POST /tree');
  });

  it('lets x-docs.metadata win and carries x-docs.content', () => {
    const page = describeOperation(spec, op('PUT', '/items/{itemId}'), options());
    expect(page).toMatchObject({
      title: 'Replace item',
      sidebarTitle: 'Replace',
      description: 'Replaces it.',
      deprecated: true,
      content: '<Note>Careful</Note>',
      frontmatter: { title: 'Replace item', sidebarTitle: 'Replace', description: 'Replaces it.', playground: 'simple', deprecated: true },
    });
  });

  it('never gives an empty title', async () => {
    const { spec: blank } = await loadOne(
      {
        'o.yaml': dedent(`
          openapi: 3.1.0
          info: { title: x, version: "1" }
          paths:
            /a:
              get: { summary: " ", x-docs: { metadata: { title: "" } }, responses: { "200": { description: ok } } }
        `),
      },
      'o.yaml',
    );
    expect(describeOperation(blank!, blank!.operations[0]!, options()).title).toBe('GET /a');
  });

  it('builds the api target from operation, path item and root servers', () => {
    expect(describeOperation(spec, op('GET', '/items/{itemId}'), options()).api).toEqual({
      method: 'GET',
      path: '/items/{itemId}',
      servers: ['https://api.shop.test/v1/'],
      url: 'https://api.shop.test/v1/items/{itemId}',
    });
    expect(describeOperation(spec, op('PUT', '/items/{itemId}'), options()).api!.url).toBe('https://write.shop.test/items/{itemId}');
    expect(describeOperation(spec, op('POST', '/tree'), options()).api).toMatchObject({ servers: ['https://eu.shop.test'], url: 'https://eu.shop.test/tree' });
  });
});

/** The auth and playground build gives an operation's page with `api.playground.display` = `display`. */
function resolved(from: LoadedSpec, operation: OperationInfo, display: DescribeOptions['playgroundDisplay'] = null) {
  return resolveOperationEndpoint(describeOperation(from, operation, options({ playgroundDisplay: display })).endpoint, { playgroundDisplay: display });
}

describe('describeOperation: auth', () => {
  // What the spec says, resolved as build resolves it (precedence owns the rules for both kinds of page).
  const auth = (method: string, path: string) => resolveOperationEndpoint(describeOperation(spec, op(method, path), options()).endpoint, noApiSettings).auth;

  it('maps security schemes, the operation overriding the root', () => {
    expect(auth('GET', '/items/{itemId}')).toEqual({ method: 'bearer', from: 'openapi' });
    expect(auth('PUT', '/items/{itemId}')).toEqual({ method: 'none', from: 'openapi' });
    expect(auth('POST', '/tree')).toEqual({ method: 'none', from: 'openapi' });
    expect(auth('PUT', '/keys')).toEqual({ method: 'basic', from: 'openapi' });
    expect(auth('PATCH', '/keys')).toEqual({ method: 'bearer', from: 'openapi' });
  });

  it('takes the first requirement it can express, and nothing when none fits', () => {
    expect(auth('GET', '/keys')).toEqual({ method: 'key', headerName: 'X-Api-Key', from: 'openapi' });
    expect(auth('POST', '/keys')).toBeUndefined();
  });

  it('lets x-docs.metadata.authMethod override, with the header name of the key scheme', () => {
    expect(auth('DELETE', '/keys')).toEqual({ method: 'key', headerName: 'X-Api-Key', from: 'openapi' });
    expect(auth('OPTIONS', '/keys')).toEqual({ method: 'none', from: 'openapi' });
  });

  it('says nothing when the spec has no security at all', async () => {
    const { spec: bare } = await loadOne(
      { 'o.yaml': 'openapi: 3.1.0\ninfo: { title: x, version: "1" }\npaths:\n  /a:\n    get: { responses: { "200": { description: ok } } }\n' },
      'o.yaml',
    );
    expect(resolveOperationEndpoint(describeOperation(bare!, bare!.operations[0]!, options()).endpoint, noApiSettings).auth).toBeUndefined();
  });
});

describe('describeOperation: playground', () => {
  const playground = (method: string, path: string, display: DescribeOptions['playgroundDisplay'] = null) => resolved(spec, method === 'webhook' ? spec.webhooks[0]! : op(method, path), display).playground;

  it('x-docs.metadata > api.playground.display > interactive', () => {
    expect(playground('PUT', '/items/{itemId}', 'none')).toEqual({ mode: 'simple', from: 'openapi' });
    expect(playground('GET', '/items/{itemId}', 'none')).toEqual({ mode: 'none', from: 'config' });
    expect(playground('GET', '/items/{itemId}', 'simple')).toEqual({ mode: 'simple', from: 'config' });
    expect(playground('GET', '/items/{itemId}')).toEqual({ mode: 'interactive', from: 'default' });
  });

  it('turns interactive into simple for an operation without server unless x-docs asks for interactive', async () => {
    const { spec: serverless } = await loadOne(
      {
        'o.yaml': dedent(`
          openapi: 3.1.0
          info: { title: x, version: "1" }
          paths:
            /a:
              get: { responses: { "200": { description: ok } } }
              post: { x-docs: { metadata: { playground: interactive } }, responses: { "200": { description: ok } } }
        `),
      },
      'o.yaml',
    );
    const [get, post] = serverless!.operations;
    expect(resolved(serverless!, get!).playground).toEqual({ mode: 'simple', from: 'openapi' });
    expect(resolved(serverless!, get!, 'interactive').playground).toEqual({ mode: 'simple', from: 'openapi' });
    expect(resolved(serverless!, get!, 'none').playground).toEqual({ mode: 'none', from: 'config' });
    expect(resolved(serverless!, post!).playground).toEqual({ mode: 'interactive', from: 'openapi' });
    expect(describeOperation(serverless!, get!, options()).api).toEqual({ method: 'GET', path: '/a', servers: [], url: null });
  });

  it('gives webhooks no playground, no auth and no url', () => {
    const page = describeOperation(spec, spec.webhooks[0]!, options());
    expect(resolved(spec, spec.webhooks[0]!)).toEqual({ playground: { mode: 'none', from: 'openapi' } });
    expect(page.api).toEqual({ method: 'POST', path: 'itemSold', servers: [], url: null });
    expect(page.operation).toEqual({ spec: 'shop.yaml', method: 'POST', path: 'itemSold', webhook: 'itemSold' });
    expect(sketch(page.params)).toEqual(['itemId:string(body)']);
  });
});

describe('describeOperation: fields', () => {
  it('lists path-item parameters the operation does not redefine, then its own, keeping a description next to $ref', () => {
    const page = describeOperation(spec, op('GET', '/items/{itemId}'), options());
    expect(sketch(page.params)).toEqual(['itemId:string(path)!', 'X-Trace:string(header)!', 'limit:integer(query)', 'session:string(cookie)']);
    const [itemId, trace, limit] = page.params!;
    expect(itemId).toMatchObject({ description: 'Item id', source: { file: 'shop.yaml', pointer: '/paths/~1items~1{itemId}/parameters/0' } });
    expect(trace).toMatchObject({ deprecated: true, default: 'off', source: { pointer: '/paths/~1items~1{itemId}/get/parameters/0' } });
    expect(limit).toMatchObject({ description: 'Items per page (override)', default: 20, source: { pointer: '/components/parameters/Limit' } });
  });

  it('merges allOf, folds oneOf, types arrays, and skips readOnly request fields', () => {
    const page = describeOperation(spec, op('PUT', '/items/{itemId}'), options());
    expect(sketch(page.params)).toEqual([
      'itemId:string(path)!',
      'X-Trace:string(header)',
      'name:string(body)!',
      'price:integer | string(body)!',
      'tags:string[](body)',
      'variants:object[](body) {sku:string(body), stock:integer(body)}',
      'owner:object(body) {login:string(body)}',
      'kind:string(body)',
      'payment:object(body) {card:string(body)!, cvc:string(body), iban:string(body)}',
      'secret:string(body)',
    ]);
    const name = page.params!.find((f) => f.name === 'name')!;
    expect(name).toMatchObject({ description: 'Display name', source: { file: 'shop.yaml', pointer: '/components/schemas/Item/allOf/1/properties/name' } });
    expect(page.params!.find((f) => f.name === 'owner')!.description).toBe('The seller (kept next to the reference)');
  });

  it('takes response fields from the first 2xx JSON response and skips writeOnly ones', () => {
    const page = describeOperation(spec, op('GET', '/items/{itemId}'), options());
    expect(sketch(page.responseFields).map((s) => s.replace(/ \{.*/, ''))).toEqual([
      'id:string(response)!',
      'name:string(response)!',
      'price:integer | string(response)!',
      'tags:string[](response)',
      'variants:object[](response)',
      'owner:object(response)',
      'kind:string(response)',
      'payment:object(response)',
    ]);
  });

  it('describes a non-object body or response as one field, and a form body by its properties', () => {
    const page = describeOperation(spec, op('POST', '/tree'), options());
    expect(sketch(page.params)).toEqual(['file:string(body)!']);
    expect(page.responseFields![0]).toMatchObject({ name: 'response', type: 'object[]', in: 'response', required: true });
  });
});

describe('recursive schemas', () => {
  it('stop at a reference into the schemas table, which holds them expanded once', () => {
    const schemas = new SchemaTable();
    const page = describeOperation(spec, op('POST', '/tree'), options({ schemas }));
    expect(sketch(page.responseFields)).toEqual([
      'response:object[](response)! {label:string(response), children:object[](response) ->shop.yaml#/components/schemas/Node, parent:object(response) ->shop.yaml#/components/schemas/Node}',
    ]);
    expect(page.responseFields![0]!.properties![2]!.description).toBe('The parent node');
    expect(schemas.keys()).toEqual(['shop.yaml#/components/schemas/Node']);
    const entry = schemas.get('shop.yaml#/components/schemas/Node')!;
    expect(entry).toMatchObject({ name: 'Node', spec: 'shop.yaml', type: 'object', source: { file: 'shop.yaml', pointer: '/components/schemas/Node' } });
    expect(sketch(entry.properties)).toEqual([
      'label:string(body)',
      'children:object[](body) ->shop.yaml#/components/schemas/Node',
      'parent:object(body) ->shop.yaml#/components/schemas/Node',
    ]);
    const json = JSON.stringify({ page, schemas: schemas.toJSON() });
    expect(json.length).toBeLessThan(5000);
  });

  it('bound depth and size for deep or huge schemas', async () => {
    const levels = Array.from({ length: 12 }, (_, i) => `    L${i}: { type: object, properties: { next: { $ref: "#/components/schemas/L${i + 1}" }, v${i}: { type: string } } }`);
    const wide = Array.from({ length: 40 }, (_, i) => `p${i}: { $ref: "#/components/schemas/Wide" }`).join(', ');
    const { spec: deep, diagnostics } = await loadOne(
      {
        'deep.yaml': [
          'openapi: 3.1.0',
          'info: { title: deep, version: "1" }',
          'paths:',
          '  /deep:',
          '    get: { responses: { "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/L0" } } } } } }',
          '  /wide:',
          '    get: { responses: { "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Top" } } } } } }',
          'components:',
          '  schemas:',
          ...levels,
          '    L12: { type: string }',
          `    Top: { type: object, properties: { ${wide} } }`,
          `    Wide: { type: object, properties: { ${wide.replace(/Wide/g, 'Leaf')} } }`,
          '    Leaf: { type: object, properties: { a: { type: string }, b: { type: string } } }',
        ].join('\n'),
      },
      'deep.yaml',
    );
    expect(diagnostics).toEqual([]);
    const schemas = new SchemaTable({ maxDepth: 4, maxFields: 500 });
    const deepPage = describeOperation(deep!, deep!.operations[0]!, options({ schemas }));
    let depth = 0;
    for (let f: Field | undefined = deepPage.responseFields![0]; f; f = f.properties?.[0]) {
      depth++;
      if (!f.properties) expect(f.schemaRef).toMatch(/^deep\.yaml#\/components\/schemas\/L\d+$/);
    }
    expect(depth).toBe(4);
    const widePage = describeOperation(deep!, deep!.operations[1]!, options({ schemas }));
    const count = (fields: Field[] | undefined): number => (fields ?? []).reduce((n, f) => n + 1 + count(f.properties), 0);
    // Unbounded this would be 40 + 40*40 + 40*40*2 = 4,840 fields. Past the budget, the remaining siblings of an
    // object are still listed (a silently shortened list would mislead) but stop at table references.
    expect(count(widePage.responseFields)).toBeLessThanOrEqual(500 + 40 * 4);
    expect(widePage.responseFields!.at(-1)).toMatchObject({ name: 'p39', schemaRef: 'deep.yaml#/components/schemas/Wide' });
    expect(JSON.stringify(schemas.toJSON()).length).toBeLessThan(400_000);
  });
});

describe('content hash, schema pages and summaries', () => {
  it('hashes the resolved operation: same input same hash, a changed referenced schema a new hash', async () => {
    const again = (await loadOne({ 'shop.yaml': shop }, 'shop.yaml')).spec!;
    const hash = (s: LoadedSpec, method: string) => {
      const match = findOperation(s, method, '/items/{itemId}');
      if (match.kind !== 'matched') throw new Error('no operation');
      return describeOperation(s, match.operation, options()).contentHash;
    };
    expect(hash(spec, 'GET')).toMatch(/^[0-9a-f]{64}$/);
    expect(hash(again, 'GET')).toBe(hash(spec, 'GET'));
    expect(hash(spec, 'PUT')).not.toBe(hash(spec, 'GET'));
    const changed = (await loadOne({ 'shop.yaml': shop.replace('login: { type: string }', 'login: { type: integer }') }, 'shop.yaml')).spec!;
    expect(hash(changed, 'GET')).not.toBe(hash(spec, 'GET'));
  });

  it('describes an openapi-schema page through the table', () => {
    const schemas = new SchemaTable();
    const page = describeSchemaPage(spec, 'Owner', schemas);
    expect(page).toMatchObject({
      title: 'Owner',
      description: 'A seller',
      source: { file: 'shop.yaml', pointer: '/components/schemas/Owner' },
      schema: { spec: 'shop.yaml', name: 'Owner', ref: 'shop.yaml#/components/schemas/Owner' },
    });
    expect(sketch(schemas.get('shop.yaml#/components/schemas/Owner')!.properties)).toEqual(['login:string(body)']);
    expect(describeSchemaPage(spec, 'Nope', schemas)).toBeUndefined();
  });

  it('summarises a spec for the manifest', () => {
    expect(specSummary(spec)).toEqual({
      file: 'shop.yaml',
      openapiVersion: '3.1.0',
      title: 'Shop',
      version: '3.0',
      servers: ['https://api.shop.test/v1/'],
      operationCount: 9,
      webhookCount: 1,
    });
  });
});

describe('pathological schemas', () => {
  it('bounds arrays of arrays', async () => {
    const depth = 400;
    const schema = `${'{"type": "array", "items": '.repeat(depth)}{"type": "string"}${'}'.repeat(depth)}`;
    const { spec: nested } = await loadOne(
      {
        'n.json': `{"openapi": "3.1.0", "info": {"title": "x", "version": "1"}, "paths": {"/a": {"get": {"responses": {"200": {"description": "ok", "content": {"application/json": {"schema": ${schema}}}}}}}}}`,
      },
      'n.json',
      { validate: false },
    );
    const page = describeOperation(nested!, nested!.operations[0]!, options());
    expect(page.responseFields).toEqual([expect.objectContaining({ name: 'response', type: `any${'[]'.repeat(17)}` })]);
  });
});
