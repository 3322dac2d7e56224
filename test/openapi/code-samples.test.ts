import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse as parseJs } from 'acorn';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCodeSamples, type ApiCodeSample } from '../../src/fields/index.js';
import { describeOperation, findOperation, SchemaTable, type OperationPage } from '../../src/openapi/index.js';
import { dedent, loadOne } from './helpers.js';

/*
 * Generated request samples are real requests: each is run against an HTTP server on 127.0.0.1 (curl,
 * Node's fetch, Python requests when installed), which records what arrived.
 */

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let server: Server;
let base = '';
const received: Received[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
});

const specText = (url: string): string =>
  dedent(`
  openapi: 3.1.0
  info: { title: Samples, version: "1" }
  servers:
    - url: "${url}/{version}"
      variables: { version: { default: v1 } }
  security: [{ key: [] }]
  paths:
    /users/{userId}/notes:
      post:
        parameters:
          - { name: userId, in: path, required: true, schema: { type: string }, example: "u 1" }
          - { name: tag, in: query, required: true, schema: { type: string, enum: [a&b, c] } }
          - { name: page, in: query, schema: { type: integer } }
          - { name: X-Request-Id, in: header, required: true, schema: { type: string }, example: "it's-1" }
        requestBody:
          required: true
          content:
            application/json:
              schema:
                type: object
                required: [text, flags, meta]
                properties:
                  text: { type: string, example: "it's \\"quoted\\"" }
                  flags: { type: array, items: { type: boolean } }
                  meta:
                    type: object
                    required: [score]
                    properties:
                      score: { type: number, minimum: 2 }
                      nothing: { type: "null" }
                  optional: { type: string }
        responses: { "200": { description: ok } }
    /upload:
      put:
        requestBody:
          content:
            multipart/form-data:
              schema:
                type: object
                required: [name]
                properties:
                  name: { type: string, default: report }
        responses: { "200": { description: ok } }
    /forms:
      post:
        requestBody:
          content:
            application/x-www-form-urlencoded:
              schema: { type: object, properties: { q: { type: string, example: "x y" } } }
        responses: { "200": { description: ok } }
    /example-body:
      patch:
        requestBody:
          content:
            application/json:
              schema: { type: object, properties: { id: { type: integer } } }
              example: { id: 7, note: "from the spec" }
        responses: { "200": { description: ok } }
  components:
    securitySchemes:
      key: { type: apiKey, in: header, name: X-Api-Key }
`);

async function pageOf(url: string, method: string, path: string): Promise<OperationPage> {
  const { spec } = await loadOne({ 'openapi.yaml': specText(url) }, 'openapi.yaml');
  const found = findOperation(spec!, method, path);
  if (found.kind !== 'matched') throw new Error(`no ${method} ${path}`);
  return describeOperation(spec!, found.operation, { playgroundDisplay: null, schemas: new SchemaTable() });
}

function samplesOf(page: OperationPage): Record<string, string> {
  const samples: ApiCodeSample[] = generateCodeSamples({ ...page, auth: { method: 'key', headerName: 'X-Api-Key' } });
  expect(samples.map((s) => [s.lang, s.label, s.generated])).toEqual([
    ['bash', 'cURL', true],
    ['python', 'Python', true],
    ['javascript', 'JavaScript', true],
  ]);
  return Object.fromEntries(samples.map((s) => [s.lang, s.source]));
}

/** Runs a sample (the server answers while it runs, so not spawnSync) and returns the one request the server got from it. */
async function run(command: string, args: string[], input?: string): Promise<Received> {
  const before = received.length;
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], timeout: 20_000 });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  child.stdout.resume();
  child.stdin.end(input ?? '');
  const [status] = (await once(child, 'close')) as [number | null];
  expect(status, `${command}: ${stderr}`).toBe(0);
  expect(received.length).toBe(before + 1);
  return received[received.length - 1]!;
}

const hasPythonRequests = spawnSync('python3', ['-c', 'import requests'], { encoding: 'utf8' }).status === 0;
const hasPython = spawnSync('python3', ['-c', 'pass'], { encoding: 'utf8' }).status === 0;
const hasCurl = spawnSync('curl', ['--version'], { encoding: 'utf8' }).status === 0;

describe('generated request samples', () => {
  it('curl: the method, server with variables, path and query parameters filled and encoded, required headers, auth, JSON skeleton', async () => {
    const page = await pageOf(base, 'POST', '/users/{userId}/notes');
    const bash = samplesOf(page).bash!;
    expect(bash).toBe(
      [
        'curl --request POST',
        `  --url '${base}/v1/users/u%201/notes?tag=a%26b'`,
        "  --header 'X-Api-Key: <api-key>'",
        `  --header 'X-Request-Id: it'\\''s-1'`,
        "  --header 'Content-Type: application/json'",
        `  --data '{\n  "text": "it'\\''s \\"quoted\\"",\n  "flags": [\n    true\n  ],\n  "meta": {\n    "score": 2\n  }\n}'`,
      ].join(' \\\n'),
    );
    if (!hasCurl) return;
    const got = await run('sh', ['-c', `${bash} --silent`]);
    expect(got.method).toBe('POST');
    expect(got.url).toBe('/v1/users/u%201/notes?tag=a%26b');
    expect(got.headers['x-api-key']).toBe('<api-key>');
    expect(got.headers['x-request-id']).toBe("it's-1");
    expect(JSON.parse(got.body)).toEqual({ text: 'it\'s "quoted"', flags: [true], meta: { score: 2 } });
  });

  it('JavaScript (fetch) sends the same request, and parses as a module', async () => {
    const page = await pageOf(base, 'POST', '/users/{userId}/notes');
    const javascript = samplesOf(page).javascript!;
    expect(() => parseJs(javascript, { ecmaVersion: 'latest', sourceType: 'module' })).not.toThrow();
    const got = await run(process.execPath, ['--input-type=module'], javascript);
    expect([got.method, got.url, got.headers['x-api-key'], got.headers['content-type']]).toEqual(['POST', '/v1/users/u%201/notes?tag=a%26b', '<api-key>', 'application/json']);
    expect(JSON.parse(got.body)).toEqual({ text: 'it\'s "quoted"', flags: [true], meta: { score: 2 } });
  });

  it.skipIf(!hasPython)('Python parses; with requests installed it sends the same request', async () => {
    const page = await pageOf(base, 'POST', '/users/{userId}/notes');
    const python = samplesOf(page).python!;
    const parsed = spawnSync('python3', ['-c', 'import ast, sys; ast.parse(sys.stdin.read())'], { input: python, encoding: 'utf8' });
    expect(parsed.status, parsed.stderr).toBe(0);
    if (!hasPythonRequests) return;
    const got = await run('python3', ['-'], python);
    expect([got.method, got.url, got.headers['x-api-key'], got.headers['x-request-id']]).toEqual(['POST', '/v1/users/u%201/notes?tag=a%26b', '<api-key>', "it's-1"]);
    expect(JSON.parse(got.body)).toEqual({ text: 'it\'s "quoted"', flags: [true], meta: { score: 2 } });
  });

  it('multipart and urlencoded forms arrive as forms in every language; a spec example is the JSON body', async () => {
    const upload = samplesOf(await pageOf(base, 'PUT', '/upload'));
    const forms = samplesOf(await pageOf(base, 'POST', '/forms'));
    const example = samplesOf(await pageOf(base, 'PATCH', '/example-body'));
    for (const samples of [upload, forms, example]) expect(() => parseJs(samples.javascript!, { ecmaVersion: 'latest', sourceType: 'module' })).not.toThrow();
    const runs: Array<[string, string[], (s: Record<string, string>) => string | undefined]> = [
      ['node', [process.execPath, '--input-type=module'], (s) => s.javascript],
      ...(hasCurl ? ([['curl', ['sh', '-c'], (s) => `${s.bash} --silent`]] as Array<[string, string[], (s: Record<string, string>) => string]>) : []),
      ...(hasPythonRequests ? ([['python', ['python3', '-'], (s) => s.python]] as Array<[string, string[], (s: Record<string, string>) => string]>) : []),
    ];
    for (const [name, [command, ...args], source] of runs) {
      const viaStdin = name !== 'curl';
      const send = (samples: Record<string, string>): Promise<Received> => (viaStdin ? run(command!, args, source(samples)) : run(command!, [...args, source(samples)!]));
      const multipart = await send(upload);
      expect(multipart.method, name).toBe('PUT');
      expect(multipart.headers['content-type'], name).toMatch(/^multipart\/form-data; boundary=/);
      expect(multipart.body, name).toMatch(/name="name"\r\n\r\nreport\r\n/);
      const urlencoded = await send(forms);
      expect(urlencoded.headers['content-type'], name).toMatch(/^application\/x-www-form-urlencoded/);
      expect(new URLSearchParams(urlencoded.body).get('q'), name).toBe('x y');
      const json = await send(example);
      expect(JSON.parse(json.body), name).toEqual({ id: 7, note: 'from the spec' });
    }
  });

  it('a body that is not an object with properties is sent as itself, not under a "body" key', async () => {
    const spec = dedent(`
      openapi: 3.0.3
      info: { title: T, version: "1" }
      servers: [{ url: "https://api.test" }]
      paths:
        /batch:
          post:
            requestBody: { content: { application/json: { schema: { type: array, items: { type: object, required: [to], properties: { to: { type: string } } } } } } }
            responses: { "200": { description: ok } }
        /any:
          post:
            requestBody: { content: { application/json: { schema: { type: object } } } }
            responses: { "200": { description: ok } }
        /wrapped:
          post:
            requestBody: { content: { application/json: { schema: { type: object, required: [body], properties: { body: { type: string } } } } } }
            responses: { "200": { description: ok } }
    `);
    const { spec: loaded } = await loadOne({ 'openapi.yaml': spec }, 'openapi.yaml');
    const data = (path: string): string => {
      const found = findOperation(loaded!, 'POST', path);
      if (found.kind !== 'matched') throw new Error(`no POST ${path}`);
      const page = describeOperation(loaded!, found.operation, { playgroundDisplay: null, schemas: new SchemaTable() });
      const curl = generateCodeSamples(page)[0]!.source;
      return JSON.stringify(JSON.parse(/--data '([\s\S]*)'$/.exec(curl)![1]!));
    };
    expect(data('/batch')).toBe('[{"to":"<string>"}]');
    expect(data('/any')).toBe('{}');
    expect(data('/wrapped')).toBe('{"body":"<string>"}');
  });

  it('no URL, no samples (a webhook, or a page without any server)', () => {
    expect(generateCodeSamples({ api: { method: 'POST', path: 'orderPaid', servers: [], url: null } })).toEqual([]);
  });

  it('an MDX endpoint page: body ParamFields make the JSON body, bearer auth the header', () => {
    const samples = generateCodeSamples({
      api: { method: 'POST', path: '/v1/scrape', servers: ['https://api.test'], url: 'https://api.test/v1/scrape' },
      auth: { method: 'bearer' },
      params: [
        { name: 'url', in: 'body', type: 'string', required: true, source: { file: 'scrape.mdx', line: 5, column: 1 } },
        { name: 'formats', in: 'body', type: 'string[]', required: false, default: ['markdown'], source: { file: 'scrape.mdx', line: 6, column: 1 } },
      ],
    });
    expect(samples[0]!.source).toBe(
      ["curl --request POST", "  --url 'https://api.test/v1/scrape'", "  --header 'Authorization: Bearer <token>'", "  --header 'Content-Type: application/json'", `  --data '{\n  "url": "<string>"\n}'`].join(' \\\n'),
    );
  });
});
