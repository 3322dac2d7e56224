import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderToString } from 'react-dom/server';
import { ApiReference, authHeader, bodySkeleton, bodyValue, fillServer, pageAuth, pageServers, prepareRequest, unfilledPathParams, unfilledVariables } from '../../src/theme/api/index.js';
import { PageBody } from '../../src/theme/content/index.js';
import type { Field, Page } from '../../src/manifest/types.js';
import { comp, makePage, makeSite, root, text } from './content-fixtures.js';
import { buildManifest } from './layout-helpers.js';
import { pageSchemas } from '../../src/site/data.js';
import path from 'node:path';
import type { Manifest } from '../../src/manifest/types.js';

const source = { file: 'openapi.yaml', pointer: '/paths/~1pets~1{petId}/post' };

function field(name: string, location: Field['in'], extra: Partial<Field> = {}): Field {
  return { name, in: location, type: 'string', required: false, source, ...extra };
}

function operationPage(overrides: Partial<Page> = {}): Page {
  return makePage({
    id: 'api/pets/update',
    kind: 'openapi',
    title: 'Update a pet',
    api: { method: 'POST', path: '/pets/{petId}', servers: ['https://eu.api.test/v1'], url: 'https://eu.api.test/v1/pets/{petId}' },
    operation: { spec: 'openapi.yaml', method: 'post', path: '/pets/{petId}' },
    auth: { method: 'bearer', from: 'openapi' },
    playground: { mode: 'interactive', from: 'default' },
    params: [
      field('petId', 'path', { required: true, type: 'integer', minimum: 1 }),
      field('status', 'query', { enum: ['available', 'sold'], default: 'available', description: 'Filter by `status`.' }),
      field('X-Trace', 'header', { deprecated: true }),
    ],
    requestBody: {
      required: true,
      mediaTypes: [
        {
          mediaType: 'application/json',
          type: 'object',
          fields: [
            field('name', 'body', { required: true, maxLength: 64, example: 'Rex' }),
            field('owner', 'body', { type: 'object', nullable: true, properties: [field('email', 'body', { format: 'email', readOnly: true })] }),
          ],
        },
      ],
    },
    responses: [
      { status: '200', description: 'The **updated** pet', mediaTypes: [{ mediaType: 'application/json', type: 'object', fields: [field('id', 'response', { type: 'integer', writeOnly: false })] }] },
      { status: '404', description: 'Not found', mediaTypes: [], headers: [field('X-Request-Id', 'header')] },
    ],
    servers: [
      { url: 'https://{region}.api.test/{version}', description: 'Production', variables: { region: { default: 'eu', enum: ['eu', 'us'] }, version: { default: 'v1' } } },
      { url: 'http://localhost:8080' },
    ],
    security: [{ schemes: [{ name: 'bearerAuth', type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }] }],
    examples: { response: [{ lang: 'json', code: '{"id": 1}', status: '200' }] },
    codeSamples: [
      { lang: 'bash', label: 'cURL', source: 'curl -X POST https://eu.api.test/v1/pets/1', generated: true },
      { lang: 'python', label: 'Python', source: 'import requests', generated: true },
    ],
    ...overrides,
  });
}

const html = (page: Page, site = makeSite()): string => renderToString(<ApiReference page={page} site={site} />);

describe('ApiReference', () => {
  it('shows the method, the URL with its server variables filled, a server select and variable inputs', () => {
    const out = html(operationPage());
    expect(out).toContain('data-testid="api-method">POST</span>');
    expect(out).toContain('<span class="db-api-server">https://eu.api.test/v1</span>/pets/<span class="db-api-path-param">{petId}</span>');
    expect(out).toContain('data-testid="server-select"');
    expect(out).toContain('Production (https://{region}.api.test/{version})');
    expect(out).toMatch(/<select data-testid="server-variable" data-variable="region"[^>]*><option value="eu" selected="">eu<\/option><option value="us">us<\/option>/);
    expect(out).toMatch(/<input data-testid="server-variable" data-variable="version" value="v1"/);
  });

  it('groups parameters by location with enums, limits, defaults and flags; nested body fields', () => {
    const out = html(operationPage());
    expect(out).toContain('data-testid="api-params-path"');
    expect(out).toContain('data-testid="api-params-query"');
    expect(out).toContain('data-testid="api-params-header"');
    expect(out).toContain('<span class="db-field-enum" data-testid="field-enum"><code>available</code><code>sold</code></span>');
    expect(out).toContain('&gt;= 1');
    expect(out).toContain('Filter by <code>status</code>.');
    expect(out).toContain('db-field-deprecated');
    expect(out).toContain('data-testid="api-request-body"');
    expect(out).toContain('length 0..64');
    expect(out).toContain('data-field="email" data-depth="1"');
    expect(out).toContain('string<!-- -->&lt;email&gt;');
    expect(out).toContain('db-field-nullable');
    expect(out).toContain('db-field-readonly');
  });

  it('lists responses by status with their fields and headers, the examples and the code samples as tabs', () => {
    const out = html(operationPage());
    expect(out).toContain('data-testid="api-response" data-status="200"');
    expect(out).toContain('The <strong>updated</strong> pet');
    expect(out).toContain('data-testid="api-response" data-status="404"');
    expect(out).toContain('data-field="X-Request-Id"');
    expect(out).toContain('data-testid="api-code-samples"');
    expect([...out.matchAll(/role="tab"[^>]*>([^<]*)</g)].map((m) => m[1])).toEqual(expect.arrayContaining(['200', '404', 'cURL', 'Python']));
    expect(out).toContain('import requests');
    expect(out).toContain('data-testid="api-response-examples"');
    expect(out).toContain('data-testid="api-security"');
  });

  it('interactive: inputs for parameters, the body and the bearer token; a Send button', () => {
    const out = html(operationPage());
    expect(out).toContain('data-testid="playground"');
    expect(out).toContain('data-testid="playground-send"');
    expect(out.match(/data-testid="auth-input"/g)).toHaveLength(1);
    expect(out).toContain('data-auth="token"');
    expect(out).toContain('data-testid="auth-remember"');
    expect(out).toContain('data-param="petId" data-in="path"');
    expect(out).toContain('data-param="status" data-in="query"');
    expect(out).toContain('data-param="X-Trace" data-in="header"');
    expect(out).toContain('data-testid="playground-body"');
    expect(out).toContain('&quot;name&quot;: &quot;Rex&quot;');
  });

  it('a GET the spec gives a body offers no body editor, and says the request goes without one', () => {
    const get = html(operationPage({ api: { method: 'GET', path: '/pets/{petId}', servers: ['https://eu.api.test/v1'], url: 'https://eu.api.test/v1/pets/{petId}' } }));
    expect(get).not.toContain('data-testid="playground-body"');
    expect(get).toMatch(/data-testid="playground-body-note"[^>]*>The spec gives this GET request a body/);
    // The reference still lists the body's fields.
    expect(get).toContain('data-field="name"');
    expect(html(operationPage())).not.toContain('playground-body-note');
  });

  it('interactive with basic auth asks for user and password; with a key, for the named header', () => {
    const basic = html(operationPage({ auth: { method: 'basic', from: 'config' } }));
    expect([...basic.matchAll(/data-testid="auth-input" data-auth="(\w+)"/g)].map((m) => m[1])).toEqual(['username', 'password']);
    const key = html(operationPage({ auth: { method: 'key', headerName: 'X-Api-Key', from: 'config' } }));
    expect([...key.matchAll(/data-testid="auth-input" data-auth="(\w+)"/g)].map((m) => m[1])).toEqual(['key']);
    expect(key).toContain('<span>X-Api-Key</span>');
  });

  it('simple: a copyable endpoint, no playground and no auth inputs; none: neither', () => {
    const simple = html(operationPage({ playground: { mode: 'simple', from: 'page' } }));
    expect(simple).toContain('data-testid="endpoint-copy"');
    expect(simple).not.toContain('data-testid="playground"');
    expect(simple).not.toContain('auth-input');
    const none = html(operationPage({ playground: { mode: 'none', from: 'page' } }));
    expect(none).not.toContain('data-testid="playground"');
    expect(none).not.toContain('auth-input');
    expect(none).not.toContain('endpoint-copy');
    expect(none).toContain('data-testid="api-method"');
  });

  it('the mode falls back to docs.json playground.display when the page resolved none', () => {
    const site = makeSite();
    site.api.playground.display = 'none';
    expect(html(operationPage({ playground: undefined }), site)).not.toContain('data-testid="playground"');
  });

  it('a hand-written api: page shows endpoint and playground around its content, not a generated reference', () => {
    const page = makePage({ kind: 'endpoint', api: { method: 'GET', path: '/users', servers: ['https://api.test'], url: 'https://api.test/users' }, auth: { method: 'key', headerName: 'X-Key', from: 'page' }, params: [field('limit', 'query')] });
    const out = renderToString(<PageBody page={page} site={makeSite()} content={{ id: 'users', tree: root(comp('ParamField', { query: 'limit' }, [text('How many')])) }} />);
    expect(out).toContain('data-testid="api-reference"');
    expect(out).toContain('data-param="limit"');
    expect(out).toContain('How many');
    expect(out).not.toContain('data-testid="api-params-query"');
  });

  it("a hand-written api: URL's own variables get inputs, and the request waits until each has a value", () => {
    const page = makePage({ kind: 'endpoint', api: { method: 'DELETE', path: '/delete-namespace/{namespace}', servers: ['https://{endpoint}'], url: 'https://{endpoint}/delete-namespace/{namespace}' } });
    const [server] = pageServers(page);
    expect(server).toEqual({ url: 'https://{endpoint}', variables: { endpoint: { default: '' } } });
    expect(unfilledVariables(server, {})).toEqual(['endpoint']);
    expect(unfilledVariables(server, { endpoint: ' ' })).toEqual(['endpoint']);
    expect(unfilledVariables(server, { endpoint: 'eu1.example.com' })).toEqual([]);
    expect(fillServer(server!, { endpoint: 'eu1.example.com' })).toBe('https://eu1.example.com');
    expect(fillServer(server!, { endpoint: '' })).toBe('https://{endpoint}');
    // A variable with a default is never unfilled: an emptied input shows (and sends) the default.
    expect(unfilledVariables({ url: 'https://{region}.api.test', variables: { region: { default: 'eu' } } }, { region: '' })).toEqual([]);
    expect(html(page)).toContain('data-testid="server-variable" data-variable="endpoint"');
    expect(pageServers(makePage({ kind: 'endpoint', api: { method: 'GET', path: '/users', servers: ['https://api.test'], url: 'https://api.test/users' } }))).toEqual([{ url: 'https://api.test' }]);
  });

  it('a request body given by reference leaves out read-only properties at every depth', () => {
    const entry = { name: 'S', spec: 'openapi.yaml', type: 'object', source, properties: [field('id', 'body', { readOnly: true }), field('owner', 'body', { type: 'object', properties: [field('since', 'body', { readOnly: true }), field('email', 'body')] })] };
    const page = operationPage({ requestBody: { required: true, mediaTypes: [{ mediaType: 'application/json', type: 'object', fields: [], schemaRef: 'openapi.yaml#/S' }] } });
    const out = renderToString(<ApiReference page={page} site={makeSite()} schemas={{ 'openapi.yaml#/S': entry }} />);
    const body = out.slice(out.indexOf('data-testid="api-request-body"'), out.indexOf('data-testid="api-responses"'));
    expect([...body.matchAll(/data-field="([^"]*)"/g)].map((match) => match[1])).toEqual(['owner', 'email']);
  });
});

describe("ApiReference on a manifest as the compiler writes it (docs-example's generated pages)", () => {
  let manifest: Manifest;
  beforeAll(async () => {
    manifest = await buildManifest(path.resolve(import.meta.dirname, '../../docs-example'));
  }, 60_000);
  /** The fields (`data-field`) listed in the section `testid` of the page's reference. */
  const fieldsIn = (markup: string, testid: string): string[] => {
    const start = markup.indexOf(`data-testid="${testid}"`);
    const section = start === -1 ? '' : markup.slice(start, markup.indexOf('</section>', start));
    return [...section.matchAll(/data-field="([^"]*)"/g)].map((match) => match[1]!);
  };

  it('lists the request body fields, which the manifest gives once, in the page\'s params', () => {
    const page = manifest.pages['api-reference/projects/create-a-project']!;
    expect(page.requestBody?.mediaTypes[0]?.fieldsFrom).toBe('params');
    const markup = html(page, manifest.site);
    expect(fieldsIn(markup, 'api-request-body')).toEqual(['name', 'color']);
    // Not twice: the body fields are no parameters of another location.
    expect(fieldsIn(markup, 'api-params-body')).toEqual([]);
    expect(markup).toMatch(/data-testid="playground-body"[^>]*>\{[^<]*&quot;name&quot;/);
  });

  it("lists the fields of a body given by reference to the manifest's schemas (a shared error body)", () => {
    const page = manifest.pages['api-reference/projects/get-a-project']!;
    const notFound = page.responses?.find((response) => response.status === '404')?.mediaTypes[0];
    expect(notFound?.schemaRef).toBe('api/openapi.yaml#/components/schemas/Error');
    const markup = renderToString(<ApiReference page={page} site={manifest.site} schemas={pageSchemas(page, () => manifest.schemas)} />);
    const response = markup.slice(markup.indexOf('data-status="404"'));
    expect([...response.matchAll(/data-field="([^"]*)"/g)].map((match) => match[1])).toEqual(['message']);
  });

  it("shows an openapi-schema: page's fields after its content, and the page carries that schema alone", () => {
    const page = manifest.pages['reference/task-schema']!;
    const schemas = pageSchemas(page, () => manifest.schemas);
    expect(Object.keys(schemas ?? {})).toEqual(['api/openapi.yaml#/components/schemas/Task']);
    const markup = renderToString(<PageBody page={page} content={null} site={manifest.site} schemas={schemas} />);
    expect(fieldsIn(markup, 'schema-reference')).toEqual(expect.arrayContaining(['id', 'title', 'done']));
    expect(renderToString(<PageBody page={page} content={null} site={manifest.site} />)).not.toContain('schema-reference');
  });

  it("lists the first 2xx response's fields, which the manifest gives once, in responseFields", () => {
    const page = manifest.pages['api-reference/projects/create-a-project']!;
    expect(page.responses?.[0]?.mediaTypes[0]?.fieldsFrom).toBe('responseFields');
    expect(fieldsIn(html(page, manifest.site), 'api-responses')).toEqual(['id', 'name', 'color', 'archived']);
  });
});

describe('the request the playground sends', () => {
  it('a body that is not an object with properties is its one field\'s value', () => {
    const item = field('to', 'body', { type: 'string', required: true });
    expect(bodyValue('object[]', [field('body', 'body', { type: 'object[]', properties: [item] })])).toEqual([{ to: '' }]);
    expect(bodyValue('object', [field('body', 'body', { type: 'object' })])).toEqual({});
    expect(bodyValue('object', [field('body', 'body', { type: 'string' })])).toEqual({ body: '' });
    expect(bodyValue('object', [item])).toEqual({ to: '' });
  });

  it('names the path parameters without a value, which Send asks for instead of sending braces', () => {
    expect(unfilledPathParams('/projects/{projectId}/tasks/{taskId}', { projectId: 'p1', taskId: '' })).toEqual(['taskId']);
    expect(unfilledPathParams('/random/{namespace}', {})).toEqual(['namespace']);
    expect(unfilledPathParams('/pets', {})).toEqual([]);
  });

  it('fills server variables, falling back to defaults', () => {
    const server = { url: 'https://{region}.api.test/{version}', variables: { region: { default: 'eu' }, version: { default: 'v1' } } };
    expect(fillServer(server, { region: 'us' })).toBe('https://us.api.test/v1');
  });

  it('derives the auth from security when the page resolved none', () => {
    const page = operationPage({ auth: undefined, security: [{ schemes: [{ name: 'k', type: 'apiKey', in: 'header', parameterName: 'X-Key' }] }] });
    expect(pageAuth(page)).toEqual({ method: 'key', headerName: 'X-Key' });
    expect(authHeader({ method: 'basic' }, { username: 'ü', password: 'p' })).toEqual(['Authorization', `Basic ${Buffer.from('ü:p').toString('base64')}`]);
  });

  it('a body skeleton leaves read-only fields out and nests objects', () => {
    const page = operationPage();
    expect(bodySkeleton(page.requestBody!.mediaTypes[0]!.fields)).toEqual({ name: 'Rex', owner: {} });
  });

  describe('against a real server', () => {
    let server: Server;
    let origin = '';
    const seen: Array<{ method: string; url: string; headers: Record<string, unknown>; body: string }> = [];
    beforeAll(async () => {
      server = createServer((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
          response.writeHead(201, { 'content-type': 'application/json', 'x-echo': 'yes' });
          response.end(JSON.stringify({ ok: true }));
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('sends path, query, header, body and auth as the reader typed them', async () => {
      const request = prepareRequest({
        method: 'post',
        serverUrl: `${origin}/v1/`,
        path: '/pets/{petId}',
        pathParams: { petId: 'a b/c' },
        query: { status: 'sold', empty: '' },
        headers: { 'X-Trace': 't1' },
        body: '{"name":"Rex"}',
        auth: { method: 'bearer' },
        authValues: { token: 'secret' },
      });
      const response = await fetch(request.url, request.init);
      expect(response.status).toBe(201);
      expect(response.headers.get('x-echo')).toBe('yes');
      const got = seen.at(-1)!;
      expect(got.method).toBe('POST');
      expect(got.url).toBe('/v1/pets/a%20b%2Fc?status=sold');
      expect(got.headers['authorization']).toBe('Bearer secret');
      expect(got.headers['x-trace']).toBe('t1');
      expect(got.headers['content-type']).toBe('application/json');
      expect(got.body).toBe('{"name":"Rex"}');
    });

    it('a GET sends no body; an API key goes in its header', async () => {
      const request = prepareRequest({ method: 'GET', serverUrl: origin, path: '/pets', pathParams: {}, query: {}, headers: {}, body: '{"x":1}', auth: { method: 'key', headerName: 'X-Api-Key' }, authValues: { key: 'k1' } });
      await fetch(request.url, request.init);
      const got = seen.at(-1)!;
      expect(got.method).toBe('GET');
      expect(got.body).toBe('');
      expect(got.headers['x-api-key']).toBe('k1');
    });
  });
});
