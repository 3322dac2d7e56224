import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseJs } from 'acorn';
import { afterAll, describe, expect, it } from 'vitest';
import type {
  ApiCodeExample,
  ApiCodeSample,
  ApiMediaType,
  ApiPageDetails,
  ApiRequestBody,
  ApiResponse,
  ApiSecurityScheme,
  ApiServer,
  ApiServerVariable,
  Field,
} from '../../src/fields/index.js';
import { build } from '../../src/index.js';
import { createSpecLoader, describeOperation, SchemaTable } from '../../src/openapi/index.js';
import { DocsRoot } from '../../src/root/index.js';
import { docsJsonWith, expectValidManifest, removeTempRoots, tempRoot } from '../helpers/temp-root.js';
import { corporaDir, dedent } from './helpers.js';

afterAll(removeTempRoots);

const billing = dedent(`
  openapi: 3.0.3
  info: { title: Billing, version: "1" }
  servers: [{ url: "https://{env}.billing.test", variables: { env: { default: api, enum: [api, sandbox] } } }]
  security: [{ token: [] }]
  paths:
    /invoices/{id}:
      get:
        summary: Get an invoice
        parameters: [{ name: id, in: path, required: true, schema: { type: string, minLength: 3 } }]
        responses:
          "200":
            description: ok
            content: { application/json: { schema: { type: object, properties: { amount: { type: integer, minimum: 0 } } }, example: { amount: 3 } } }
          "404":
            description: missing
            content: { application/json: { schema: { $ref: "#/components/schemas/Error" } } }
  components:
    securitySchemes: { token: { type: http, scheme: bearer } }
    schemas:
      Error: { type: object, properties: { message: { type: string, nullable: true } } }
`);

const endpointPage = dedent(`
  ---
  title: Create a note
  api: POST https://notes.test/v1/notes/{noteId}
  authMethod: key
  ---

  <ParamField path="noteId" type="string" required>The note</ParamField>
  <ParamField body="text" type="string" required>Its text</ParamField>

  <RequestExample>
  \`\`\`bash cURL {2}
  curl -X POST https://notes.test/v1/notes/n1
  \`\`\`
  </RequestExample>

  <ResponseExample>
  <CodeGroup>
  \`\`\`json 200 OK
  { "id": "n1" }
  \`\`\`
  \`\`\`json 404 icon="x" wrap
  { "error": "missing" }
  \`\`\`
  </CodeGroup>
  </ResponseExample>
`);

describe('API page data in a built manifest', () => {
  it('operation pages and an MDX api: page carry responses, servers, security, examples and code samples; the manifest is schema-valid', async () => {
    const root = tempRoot({
      'docs.json': docsJsonWith({ tabs: [{ tab: 'API', openapi: 'billing.yaml', groups: [{ group: 'Notes', pages: ['notes/create'] }] }] }, { api: { mdx: { auth: { method: 'key', name: 'X-Notes-Key' } } } }),
      'billing.yaml': billing,
      'notes/create.mdx': endpointPage,
    });
    const { manifest, diagnostics } = await build({ root });
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expectValidManifest(manifest);
    const invoice = manifest.pages['api-reference/api-reference/get-an-invoice'] ?? Object.values(manifest.pages).find((p) => p.title === 'Get an invoice')!;
    expect(invoice.responses!.map((r) => r.status)).toEqual(['200', '404']);
    expect(invoice.responses![1]!.mediaTypes[0]!.schemaRef).toBe('billing.yaml#/components/schemas/Error');
    expect(manifest.schemas['billing.yaml#/components/schemas/Error']).toMatchObject({ properties: [{ name: 'message', nullable: true }] });
    expect(invoice.servers).toEqual([{ url: 'https://{env}.billing.test', variables: { env: { default: 'api', enum: ['api', 'sandbox'] } } }]);
    expect(invoice.security).toEqual([{ schemes: [{ name: 'token', type: 'http', scheme: 'bearer' }] }]);
    expect(invoice.examples?.response?.[0]).toMatchObject({ status: '200', code: '{\n  "amount": 3\n}' });
    // Samples follow the page's resolved auth (the spec's bearer) and fill the path parameter.
    expect(invoice.codeSamples!.map((s) => s.label)).toEqual(['cURL', 'Python', 'JavaScript']);
    expect(invoice.codeSamples![0]!.source).toBe("curl --request GET \\\n  --url 'https://api.billing.test/invoices/{id}' \\\n  --header 'Authorization: Bearer <token>'");

    const note = manifest.pages['notes/create']!;
    expect(note.kind).toBe('endpoint');
    expect(note.examples).toEqual({
      request: [{ lang: 'bash', title: 'cURL', code: 'curl -X POST https://notes.test/v1/notes/n1' }],
      response: [
        { lang: 'json', title: '200 OK', code: '{ "id": "n1" }' },
        { lang: 'json', title: '404', code: '{ "error": "missing" }' },
      ],
    });
    // The page's auth comes from docs.json (key, header X-Notes-Key); the body from its ParamFields.
    expect(note.codeSamples![0]!.source).toBe(
      "curl --request POST \\\n  --url 'https://notes.test/v1/notes/{noteId}' \\\n  --header 'X-Notes-Key: <api-key>' \\\n  --header 'Content-Type: application/json' \\\n  --data '{\n  \"text\": \"<string>\"\n}'",
    );
  });
});

/** Exhaustive key lists, checked by the compiler against the types, then against the JSON Schema. */
const keysOf = <T>(keys: Record<keyof T, true>): string[] => Object.keys(keys).sort();
const typeKeys = {
  field: keysOf<Field>({
    name: true, in: true, type: true, required: true, default: true, deprecated: true, description: true, properties: true, schemaRef: true, source: true,
    enum: true, format: true, minimum: true, maximum: true, exclusiveMinimum: true, exclusiveMaximum: true, minLength: true, maxLength: true,
    minItems: true, maxItems: true, pattern: true, example: true, nullable: true, readOnly: true, writeOnly: true,
  }),
  apiMediaType: keysOf<ApiMediaType>({ mediaType: true, type: true, fields: true, schemaRef: true, fieldsFrom: true }),
  apiCodeExample: keysOf<ApiCodeExample>({ lang: true, title: true, code: true, status: true, mediaType: true }),
  apiSecurityScheme: keysOf<ApiSecurityScheme>({ name: true, type: true, description: true, scheme: true, bearerFormat: true, in: true, parameterName: true, flows: true, openIdConnectUrl: true, scopes: true }),
};
const pageKeys = keysOf<ApiPageDetails>({ requestBody: true, responses: true, servers: true, security: true, examples: true, codeSamples: true });
const nestedKeys = {
  requestBody: keysOf<ApiRequestBody>({ required: true, description: true, mediaTypes: true }),
  responses: keysOf<ApiResponse>({ status: true, description: true, mediaTypes: true, headers: true }),
  servers: keysOf<ApiServer>({ url: true, description: true, variables: true }),
  codeSamples: keysOf<ApiCodeSample>({ lang: true, label: true, source: true, generated: true }),
};

interface SchemaNode {
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  additionalProperties?: SchemaNode | boolean;
}

describe('manifest.schema.json and the API types say the same', () => {
  const schema = JSON.parse(readFileSync(new URL('../../schema/manifest.schema.json', import.meta.url), 'utf8')) as { definitions: Record<string, SchemaNode> };
  const props = (node: SchemaNode | undefined): string[] => Object.keys(node?.properties ?? {}).sort();

  it('field, media type, code example and security scheme definitions', () => {
    for (const [name, keys] of Object.entries(typeKeys)) expect(props(schema.definitions[name]), name).toEqual(keys);
  });

  it('the page keys and their nested objects', () => {
    const page = schema.definitions.page!.properties!;
    for (const key of pageKeys) expect(page[key], key).toBeDefined();
    expect(props(page.requestBody)).toEqual(nestedKeys.requestBody);
    expect(props(page.responses!.items)).toEqual(nestedKeys.responses);
    expect(props(page.servers!.items)).toEqual(nestedKeys.servers);
    expect(props((page.servers!.items!.properties!.variables!.additionalProperties as SchemaNode))).toEqual(keysOf<ApiServerVariable>({ default: true, enum: true, description: true }));
    expect(props(page.codeSamples!.items)).toEqual(nestedKeys.codeSamples);
    expect(props(page.examples)).toEqual(['request', 'response']);
  });
});

/** Every spec of the corpora: every operation lists its responses, and its generated samples parse. */
const stressDir = path.join(corporaDir, '_openapi-stress');
describe.skipIf(!existsSync(stressDir))('API page data of the large real specs', () => {
  const files = ['openai-openapi/openapi.json', 'pagerduty-api-schema/reference/REST/openapiv3.json', 'portkey-openapi/openapi.yaml', 'twilio-oai/spec/json/twilio_api_v2010.json'];
  for (const file of files) {
    it(`${file}: every operation has its responses; samples are valid JavaScript; the data stays bounded`, { timeout: 120_000 }, async () => {
      const loaded = await createSpecLoader(DocsRoot.open(stressDir)!).load(file, { file });
      const spec = loaded.value!;
      const schemas = new SchemaTable();
      let bytes = 0;
      for (const op of [...spec.operations, ...spec.webhooks]) {
        const page = describeOperation(spec, op, { playgroundDisplay: null, schemas });
        const written = (spec.document.get(op.pointer)?.value as { responses?: object }).responses ?? {};
        expect(page.responses!.map((r) => r.status).sort()).toEqual(Object.keys(written).sort());
        for (const sample of page.codeSamples ?? []) expect(sample.generated).toBe(false);
        const { generateCodeSamples } = await import('../../src/fields/index.js');
        const js = generateCodeSamples({ ...page, auth: { method: 'bearer' } }).find((s) => s.lang === 'javascript');
        if (js) expect(() => parseJs(js.source, { ecmaVersion: 'latest', sourceType: 'module' }), op.pointer).not.toThrow();
        bytes += JSON.stringify(page).length;
      }
      bytes += JSON.stringify(schemas.toJSON()).length;
      // Measured (docs/openapi.md): at most 1.7x the data without the API additions; a bound, not a target.
      expect(bytes).toBeLessThan(spec.files.reduce((n, f) => n + (spec.document.files.get(f)?.text.length ?? 0), 0) * 4);
      expect(schemas.takeDiagnostics()).toEqual([]);
    });
  }
});

describe('a spec that cannot be read', () => {
  it('is one error, at the spec, naming the pages it leaves without their API reference; each such page shows it', async () => {
    const root = tempRoot({
      'docs.json': docsJsonWith({ groups: [{ group: 'API', pages: ['create', 'list', 'guide'] }] }),
      'api.yaml': 'openapi: 3.0.3\ninfo:\n  title: Broken\n     version: "1"\npaths: {}\n',
      'create.mdx': '---\ntitle: Create\nopenapi: "api POST /things"\n---\n\nText.\n',
      'list.mdx': '---\ntitle: List\nopenapi: api.yaml GET /things\n---\n',
      'guide.mdx': '---\ntitle: Guide\n---\n\nNo API here.\n',
    });
    const result = await build({ root, cache: false });
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.code, d.file])).toEqual([['openapi/parse-error', 'api.yaml']]);
    expect(errors[0]!.related?.map((r) => `${r.file}:${r.line}:${r.column} ${r.message}`)).toEqual([
      'create.mdx:3:10 referenced here',
      'list.mdx:3:10 uses this file, which could not be read',
    ]);
    const { pageDiagnostics, diagnosticsByFile } = await import('../../src/site/data.js');
    const byFile = diagnosticsByFile(result.diagnostics);
    const shown = (id: string): string[] => pageDiagnostics(result.manifest!.pages[id]!, byFile).map((d) => `${d.code} ${d.file}:${d.line}`);
    expect(shown('create')).toEqual(['openapi/parse-error api.yaml:4']);
    expect(shown('list')).toEqual(['openapi/parse-error api.yaml:4']);
    expect(shown('guide')).toEqual([]);
  }, 60_000);
});

describe("a generated page's x-docs.content", () => {
  const spec = (content: string): string =>
    `openapi: 3.0.3\ninfo: { title: T, version: "1" }\npaths:\n  /things:\n    get:\n      summary: List things\n      x-docs:\n        content: ${JSON.stringify(content)}\n      responses:\n        '200': { description: ok }\n`;

  it('is the page body: rendered content, its Markdown twin and its search text', async () => {
    const root = tempRoot({ 'docs.json': docsJsonWith({ groups: [{ group: 'API', openapi: 'api.yaml', pages: ['GET /things'] }] }), 'api.yaml': spec('<Note>Things are **eventually** consistent.</Note>\n\n## Paging\n\nUse `cursor`.') });
    const outFile = path.join(root, '.docs-build', 'manifest.json');
    const result = await build({ root, outFile, cache: false });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const [, page] = Object.entries(result.manifest!.pages).find(([, p]) => p.kind === 'openapi')!;
    expect(page.content?.toc).toEqual([{ depth: 2, text: 'Paging', id: 'paging' }]);
    const body = readFileSync(path.join(root, '.docs-build', page.content!.file), 'utf8');
    expect(body).toContain('"name":"Note"');
    expect(body).toContain('eventually');
    expect(readFileSync(path.join(root, '.docs-build', page.content!.file.replace(/\.json$/, '.md')), 'utf8')).toContain('**eventually** consistent');
    expect(readFileSync(path.join(root, '.docs-build', 'content', 'search.json'), 'utf8')).toContain('Things are eventually consistent');
  }, 60_000);

  it('that does not parse is reported at the operation, saying so, and the rest of the site builds', async () => {
    const root = tempRoot({ 'docs.json': docsJsonWith({ groups: [{ group: 'API', openapi: 'api.yaml', pages: ['GET /things'] }] }), 'api.yaml': spec('Intro.\n\n<Note>never closed') });
    const result = await build({ root, cache: false });
    const problem = result.diagnostics.find((d) => d.code === 'mdx/syntax-error');
    expect(problem).toMatchObject({ file: 'api.yaml' });
    expect(problem!.message).toMatch(/^in x-docs\.content \(its line \d+\): /);
    expect(result.manifest?.pages).toBeDefined();
  }, 60_000);
});
