import { beforeAll, describe, expect, it } from 'vitest';
import type { Field } from '../../src/fields/index.js';
import { describeOperation, findOperation, SchemaTable, type LoadedSpec, type OperationPage } from '../../src/openapi/index.js';
import { dedent, loadOne } from './helpers.js';

/*
 * Issue 14 item 5: what an API page needs besides its fields, read from real OpenAPI documents (3.0 and
 * 3.1), through the same describeOperation the build uses.
 */

const store30 = dedent(`
  openapi: 3.0.3
  info: { title: Store, version: "1" }
  servers:
    - url: "https://{region}.store.test/{basePath}"
      description: Regional
      variables:
        region: { default: eu, enum: [eu, us], description: Data region }
        basePath: { default: v2 }
    - url: https://sandbox.store.test
  security:
    - bearer: []
    - apiKey: []
      session: []
  paths:
    /orders/{orderId}:
      parameters:
        - name: orderId
          in: path
          required: true
          schema: { type: string, pattern: "^ord_[a-z0-9]+$", minLength: 5, maxLength: 40 }
          example: ord_123
      get:
        parameters:
          - name: limit
            in: query
            schema: { type: integer, minimum: 1, maximum: 100, exclusiveMaximum: true, default: 10 }
          - name: status
            in: query
            required: true
            schema: { type: array, minItems: 1, maxItems: 3, items: { type: string, enum: [open, closed] } }
            examples:
              both: { summary: Both, value: [open, closed] }
          - name: since
            in: query
            schema: { type: string, format: date-time, nullable: true }
        responses:
          "200":
            description: The order
            headers:
              X-Rate-Limit: { description: Calls left, schema: { type: integer, minimum: 0 } }
            content:
              application/json:
                schema: { $ref: "#/components/schemas/Order" }
                examples:
                  small: { summary: A small order, value: { id: ord_1, total: 5 } }
                  big: { $ref: "#/components/examples/Big" }
          "404":
            description: No such order
            content:
              application/json:
                schema:
                  type: object
                  required: [code]
                  properties:
                    code: { type: string, enum: [not_found] }
                    retryAfter: { type: integer, nullable: true, minimum: 0 }
              application/xml:
                schema: { type: string }
                example: "<error>not found</error>"
          4XX: { $ref: "#/components/responses/Problem" }
          default: { $ref: "#/components/responses/Problem" }
          "204": { description: Nothing }
      put:
        security: []
        x-codeSamples:
          - { lang: Shell, label: CLI, source: "store orders put ord_1" }
          - { lang: go, source: "client.Put()" }
          - { lang: broken }
        requestBody:
          required: true
          description: The new order
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Order" }
              example: { total: 12.5, lines: [] }
            application/x-www-form-urlencoded:
              schema:
                type: object
                properties:
                  total: { type: number, exclusiveMinimum: true, minimum: 0 }
        responses:
          "200":
            description: Saved
            content:
              application/json:
                schema: { $ref: "#/components/schemas/Order" }
  components:
    securitySchemes:
      bearer: { type: http, scheme: bearer, bearerFormat: JWT, description: A token }
      apiKey: { type: apiKey, in: header, name: X-Api-Key }
      session: { type: apiKey, in: cookie, name: sid }
    examples:
      Big: { summary: A big order, value: { id: ord_2, total: 500 } }
    responses:
      Problem:
        description: A problem
        content:
          application/problem+json:
            schema: { $ref: "#/components/schemas/Problem" }
    schemas:
      Problem:
        type: object
        properties:
          title: { type: string }
          status: { type: integer, minimum: 100, maximum: 599 }
      Order:
        type: object
        required: [total]
        properties:
          id: { type: string, readOnly: true, example: ord_9 }
          secret: { type: string, writeOnly: true }
          total: { type: number, minimum: 0, exclusiveMinimum: true, example: 12.5 }
          currency: { type: string, enum: [EUR, USD, null], nullable: true, default: EUR }
          lines:
            type: array
            maxItems: 50
            items: { $ref: "#/components/schemas/Line" }
      Line:
        type: object
        properties:
          sku: { type: string, minLength: 3 }
          quantity: { type: integer, minimum: 1 }
`);

const tree31 = dedent(`
  openapi: 3.1.0
  info: { title: Tree, version: "1" }
  paths:
    /nodes:
      post:
        requestBody:
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Node" }
        responses:
          "201":
            description: Created
            content:
              application/json:
                schema:
                  type: object
                  properties:
                    kind: { const: node }
                    label: { type: [string, "null"], maxLength: 20, examples: [root, leaf] }
                    parent:
                      anyOf:
                        - $ref: "#/components/schemas/Node"
                        - type: "null"
                    score: { type: number, exclusiveMinimum: 0, exclusiveMaximum: 1 }
                    code: { anyOf: [{ type: string, maxLength: 3 }, { type: "null" }] }
                    tags: { type: array, items: { type: string, format: uuid }, minItems: 0 }
  components:
    schemas:
      Node:
        type: object
        properties:
          name: { type: string, examples: [root] }
          children: { type: array, items: { $ref: "#/components/schemas/Node" } }
`);

async function describeAll(text: string, name = 'openapi.yaml'): Promise<{ spec: LoadedSpec; schemas: SchemaTable; page: (method: string, path: string) => OperationPage }> {
  const { spec, diagnostics } = await loadOne({ [name]: text }, name);
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const schemas = new SchemaTable();
  return {
    spec: spec!,
    schemas,
    page: (method, path) => {
      const op = findOperation(spec!, method, path);
      if (op.kind !== 'matched') throw new Error(`no operation ${method} ${path}`);
      return describeOperation(spec!, op.operation, { playgroundDisplay: null, schemas });
    },
  };
}

const byName = (fields: readonly Field[] | undefined, name: string): Field => {
  const field = fields?.find((f) => f.name === name);
  expect(field, name).toBeDefined();
  return field!;
};

/** A field without `source` and nested fields: the keywords under test. */
const keywords = (field: Field): Omit<Field, 'source' | 'properties'> => {
  const { source: _source, properties: _properties, ...rest } = field;
  return rest;
};

describe('fields keep the schema keywords', () => {
  let store: Awaited<ReturnType<typeof describeAll>>;
  beforeAll(async () => {
    store = await describeAll(store30);
  });

  it('3.0 parameters: pattern and lengths, a boolean exclusiveMaximum, array items with enum, nullable, parameter examples', () => {
    const page = store.page('GET', '/orders/{orderId}');
    expect(keywords(byName(page.params, 'orderId'))).toEqual({ name: 'orderId', in: 'path', type: 'string', required: true, minLength: 5, maxLength: 40, pattern: '^ord_[a-z0-9]+$', example: 'ord_123' });
    // 3.0's `maximum: 100, exclusiveMaximum: true` is 3.1's `exclusiveMaximum: 100`.
    expect(keywords(byName(page.params, 'limit'))).toEqual({ name: 'limit', in: 'query', type: 'integer', required: false, default: 10, minimum: 1, exclusiveMaximum: 100 });
    // The array's items say the enum; the array says its counts; the parameter's first example wins.
    expect(keywords(byName(page.params, 'status'))).toEqual({ name: 'status', in: 'query', type: 'string[]', required: true, enum: ['open', 'closed'], minItems: 1, maxItems: 3, example: ['open', 'closed'] });
    expect(keywords(byName(page.params, 'since'))).toEqual({ name: 'since', in: 'query', type: 'string', required: false, format: 'date-time', nullable: true });
  });

  it('3.0 body and response properties: readOnly/writeOnly filtered and flagged, null in an enum is nullable, examples', () => {
    const put = store.page('PUT', '/orders/{orderId}');
    const body = put.params.filter((p) => p.in === 'body');
    expect(body.map((f) => f.name)).toEqual(['secret', 'total', 'currency', 'lines']);
    expect(keywords(byName(body, 'secret'))).toEqual({ name: 'secret', in: 'body', type: 'string', required: false, writeOnly: true });
    expect(keywords(byName(body, 'total'))).toEqual({ name: 'total', in: 'body', type: 'number', required: true, exclusiveMinimum: 0, example: 12.5 });
    expect(keywords(byName(body, 'currency'))).toEqual({ name: 'currency', in: 'body', type: 'string', required: false, default: 'EUR', enum: ['EUR', 'USD'], nullable: true });
    expect(keywords(byName(body, 'lines'))).toEqual({ name: 'lines', in: 'body', type: 'object[]', required: false, maxItems: 50 });
    expect(byName(byName(body, 'lines').properties, 'sku').minLength).toBe(3);
    const get = store.page('GET', '/orders/{orderId}');
    expect(get.responseFields.map((f) => f.name)).toEqual(['id', 'total', 'currency', 'lines']);
    expect(keywords(byName(get.responseFields, 'id'))).toEqual({ name: 'id', in: 'response', type: 'string', required: false, example: 'ord_9', readOnly: true });
  });

  it('3.1: type lists with null, anyOf with a null alternative, const, examples lists, numeric exclusive bounds; recursion stays a reference', async () => {
    const tree = await describeAll(tree31);
    const page = tree.page('POST', '/nodes');
    const fields = page.responseFields;
    expect(keywords(byName(fields, 'kind'))).toEqual({ name: 'kind', in: 'response', type: 'string', required: false, enum: ['node'] });
    expect(keywords(byName(fields, 'label'))).toEqual({ name: 'label', in: 'response', type: 'string', required: false, maxLength: 20, example: 'root', nullable: true });
    expect(keywords(byName(fields, 'score'))).toEqual({ name: 'score', in: 'response', type: 'number', required: false, exclusiveMinimum: 0, exclusiveMaximum: 1 });
    expect(keywords(byName(fields, 'code'))).toEqual({ name: 'code', in: 'response', type: 'string', required: false, maxLength: 3, nullable: true });
    expect(keywords(byName(fields, 'tags'))).toEqual({ name: 'tags', in: 'response', type: 'string[]', required: false, format: 'uuid', minItems: 0 });
    const parent = byName(fields, 'parent');
    expect(parent.nullable).toBe(true);
    expect(parent.type).toBe('object');
    const children = byName(parent.properties, 'children');
    expect(children.schemaRef).toBe('openapi.yaml#/components/schemas/Node');
    expect(children.properties).toBeUndefined();
    expect(byName(parent.properties, 'name').example).toBe('root');
    // The request body is the recursive schema itself: by reference, and acyclic.
    expect(page.requestBody!.mediaTypes).toEqual([{ mediaType: 'application/json', type: 'object', fields: [], fieldsFrom: 'params' }]);
    expect(() => JSON.stringify({ page, schemas: tree.schemas.toJSON() })).not.toThrow();
  });
});

describe('request body, responses, servers, security, examples', () => {
  let store: Awaited<ReturnType<typeof describeAll>>;
  beforeAll(async () => {
    store = await describeAll(store30);
  });

  it('lists every response sorted by status, with media types, inline fields, references into schemas and headers', () => {
    const page = store.page('GET', '/orders/{orderId}');
    const responses = page.responses!;
    expect(responses.map((r) => [r.status, r.description])).toEqual([
      ['200', 'The order'],
      ['204', 'Nothing'],
      ['404', 'No such order'],
      ['4XX', 'A problem'],
      ['default', 'A problem'],
    ]);
    const [ok, empty, notFound, range] = responses;
    // The 2xx JSON body is the page's responseFields: not written a second time.
    expect(ok!.mediaTypes).toEqual([{ mediaType: 'application/json', type: 'object', fields: [], fieldsFrom: 'responseFields' }]);
    expect(ok!.headers!.map(keywords)).toEqual([{ name: 'X-Rate-Limit', in: 'header', type: 'integer', required: false, description: 'Calls left', minimum: 0 }]);
    expect(empty!.mediaTypes).toEqual([]);
    const json404 = notFound!.mediaTypes[0]!;
    expect(json404.mediaType).toBe('application/json');
    expect(json404.fields.map(keywords)).toEqual([
      { name: 'code', in: 'response', type: 'string', required: true, enum: ['not_found'] },
      { name: 'retryAfter', in: 'response', type: 'integer', required: false, minimum: 0, nullable: true },
    ]);
    expect(notFound!.mediaTypes[1]).toMatchObject({ mediaType: 'application/xml', type: 'string', fields: [{ name: 'response', type: 'string' }] });
    // A shared error body is a reference into the schemas table, whose entry holds its fields once.
    expect(range!.mediaTypes).toEqual([{ mediaType: 'application/problem+json', type: 'object', fields: [], schemaRef: 'openapi.yaml#/components/schemas/Problem' }]);
    const entry = store.schemas.toJSON()['openapi.yaml#/components/schemas/Problem'] as unknown as { properties: Field[] };
    expect(entry.properties.map((f) => [f.name, f.minimum, f.maximum])).toEqual([
      ['title', undefined, undefined],
      ['status', 100, 599],
    ]);
  });

  it('the request body keeps required, description and every media type', () => {
    const page = store.page('PUT', '/orders/{orderId}');
    expect(page.requestBody).toEqual({
      required: true,
      description: 'The new order',
      mediaTypes: [
        { mediaType: 'application/json', type: 'object', fields: [], fieldsFrom: 'params' },
        { mediaType: 'application/x-www-form-urlencoded', type: 'object', fields: [expect.objectContaining({ name: 'total', in: 'body', exclusiveMinimum: 0 })] },
      ],
    });
  });

  it('servers keep their URL templates and variables; api.servers has the defaults applied', () => {
    const page = store.page('GET', '/orders/{orderId}');
    expect(page.servers).toEqual([
      { url: 'https://{region}.store.test/{basePath}', description: 'Regional', variables: { region: { default: 'eu', enum: ['eu', 'us'], description: 'Data region' }, basePath: { default: 'v2' } } },
      { url: 'https://sandbox.store.test' },
    ]);
    expect(page.api.servers).toEqual(['https://eu.store.test/v2', 'https://sandbox.store.test']);
  });

  it('security: alternatives of requirement sets with resolved schemes; an explicit [] stays empty', () => {
    const get = store.page('GET', '/orders/{orderId}');
    expect(get.security).toEqual([
      { schemes: [{ name: 'bearer', type: 'http', description: 'A token', scheme: 'bearer', bearerFormat: 'JWT' }] },
      {
        schemes: [
          { name: 'apiKey', type: 'apiKey', in: 'header', parameterName: 'X-Api-Key' },
          { name: 'session', type: 'apiKey', in: 'cookie', parameterName: 'sid' },
        ],
      },
    ]);
    expect(store.page('PUT', '/orders/{orderId}').security).toEqual([]);
  });

  it('examples: named examples ($ref followed) and single ones, by status and media type; x-codeSamples as given', () => {
    const get = store.page('GET', '/orders/{orderId}');
    expect(get.examples).toEqual({
      response: [
        { lang: 'json', title: 'A small order', code: '{\n  "id": "ord_1",\n  "total": 5\n}', status: '200', mediaType: 'application/json' },
        { lang: 'json', title: 'A big order', code: '{\n  "id": "ord_2",\n  "total": 500\n}', status: '200', mediaType: 'application/json' },
        { lang: 'xml', code: '<error>not found</error>', status: '404', mediaType: 'application/xml' },
      ],
    });
    const put = store.page('PUT', '/orders/{orderId}');
    expect(put.examples?.request).toEqual([{ lang: 'json', code: '{\n  "total": 12.5,\n  "lines": []\n}', mediaType: 'application/json' }]);
    expect(put.codeSamples).toEqual([
      { lang: 'Shell', label: 'CLI', source: 'store orders put ord_1', generated: false },
      { lang: 'go', label: 'go', source: 'client.Put()', generated: false },
    ]);
    expect(get.codeSamples).toBeUndefined();
  });

  it('is deterministic: describing twice gives the same bytes', async () => {
    const again = await describeAll(store30);
    for (const [method, path] of [['GET', '/orders/{orderId}'], ['PUT', '/orders/{orderId}']] as const) {
      expect(JSON.stringify(again.page(method, path))).toBe(JSON.stringify(store.page(method, path)));
    }
  });
});
