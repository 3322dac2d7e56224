import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseMdxPage } from '../../src/mdx/index.js';
import { DocsRoot } from '../../src/root/index.js';
import { brief, shape, type FieldShape } from './helpers.js';

// Ten hand-written API pages of upstash/docs, read by eye; the expected fields below are what each page
// shows (names, location, type, required, nesting), written out explicitly.
const corpus = fileURLToPath(new URL('../../../shared/corpora/upstash-docs', import.meta.url));

function f(name: string, location: string, type: string, required: boolean, properties?: FieldShape[]): FieldShape {
  const field: FieldShape = { name, in: location, type, required };
  if (properties) field.properties = properties;
  return field;
}

/** indices / values of a sparse vector, as nested in several pages. */
const sparse = (location: string): FieldShape[] => [f('indices', location, 'number[]', false), f('values', location, 'number[]', false)];

/** The vector object the query-like endpoints return. */
const scoredVector = (withScore: boolean): FieldShape[] => [
  f('id', 'response', 'string', true),
  ...(withScore ? [f('score', 'response', 'number', true)] : []),
  f('vector', 'response', 'number[]', false),
  f('sparseVector', 'response', 'Object[]', false, sparse('response')),
  f('metadata', 'response', 'Object', false),
  f('data', 'response', 'string', false),
];

const namespacePath = f('namespace', 'path', 'string', false);

interface Expected {
  api: { method: string; target: string };
  params: FieldShape[];
  responseFields: FieldShape[];
  diagnostics?: Array<{ code: string; line: number; column: number }>;
}

const pages: Record<string, Expected> = {
  'vector/api/endpoints/query.mdx': {
    api: { method: 'POST', target: 'https://{endpoint}/query/{namespace}' },
    params: [
      f('vector', 'body', 'number[]', true),
      f('topK', 'body', 'number', false),
      f('includeMetadata', 'body', 'boolean', false),
      f('includeVectors', 'body', 'boolean', false),
      f('includeData', 'body', 'boolean', false),
      f('filter', 'body', 'string', false),
      f('weightingStrategy', 'body', 'string', false),
      f('fusionAlgorithm', 'body', 'string', false),
      namespacePath,
    ],
    responseFields: [f('Scores', 'response', 'Object[]', false, scoredVector(true))],
  },
  'vector/api/endpoints/info.mdx': {
    api: { method: 'GET', target: 'https://{endpoint}/info' },
    params: [],
    responseFields: [
      f('vectorCount', 'response', 'number', true),
      f('pendingVectorCount', 'response', 'number', true),
      f('indexSize', 'response', 'number', true),
      f('dimension', 'response', 'number', true),
      f('similarityFunction', 'response', 'string', true),
      f('indexType', 'response', 'string', true),
      f('denseIndex', 'response', 'object', false, [
        f('dimension', 'response', 'number', true),
        f('similarityFunction', 'response', 'string', true),
        f('embeddingModel', 'response', 'string', true),
      ]),
      f('sparseIndex', 'response', 'object', false, [f('embeddingModel', 'response', 'string', true)]),
      f('namespaces', 'response', 'object', true, [
        f('vectorCount', 'response', 'number', true),
        f('pendingVectorCount', 'response', 'number', true),
      ]),
    ],
  },
  'vector/api/endpoints/range.mdx': {
    api: { method: 'GET', target: 'https://{endpoint}/range/{namespace}' },
    params: [
      f('cursor', 'body', 'string', true),
      f('prefix', 'body', 'string', false),
      f('limit', 'body', 'number', true),
      f('includeMetadata', 'body', 'boolean', false),
      f('includeVectors', 'body', 'boolean', false),
      f('includeData', 'body', 'boolean', false),
      namespacePath,
    ],
    responseFields: [f('nextCursor', 'response', 'string', true), f('vectors', 'response', 'Object[]', true, scoredVector(false))],
    // `authMethod: "GET"` (line 5, value at column 13).
    diagnostics: [{ code: 'mdx/invalid-auth-method', line: 5, column: 13 }],
  },
  'vector/api/endpoints/fetch.mdx': {
    api: { method: 'GET', target: 'https://{endpoint}/fetch/{namespace}' },
    params: [
      f('ids', 'body', 'string[]', false),
      f('prefix', 'body', 'string', false),
      f('includeMetadata', 'body', 'boolean', false),
      f('includeVectors', 'body', 'boolean', false),
      f('includeData', 'body', 'boolean', false),
      namespacePath,
    ],
    responseFields: [f('Vectors', 'response', 'Object[]', false, scoredVector(false))],
    diagnostics: [{ code: 'mdx/invalid-auth-method', line: 5, column: 13 }],
  },
  'vector/api/endpoints/upsert.mdx': {
    api: { method: 'POST', target: 'https://{endpoint}/upsert/{namespace}' },
    params: [
      f('id', 'body', 'string', true),
      f('vector', 'body', 'number[]', false),
      // ResponseFields nested in a body ParamField describe the body: they take its location.
      f('sparseVector', 'body', 'Object[]', false, sparse('body')),
      f('metadata', 'body', 'Object', false),
      f('data', 'body', 'string', false),
      namespacePath,
    ],
    responseFields: [f('result', 'response', 'string', false)],
  },
  'vector/api/endpoints/update.mdx': {
    api: { method: 'POST', target: 'https://{endpoint}/update/{namespace}' },
    params: [
      f('id', 'body', 'string', true),
      f('vector', 'body', 'number[]', false),
      f('sparseVector', 'body', 'Object[]', false, sparse('body')),
      f('data', 'body', 'string', false),
      f('metadata', 'body', 'Object', false),
      f('metadataUpdateMode', 'body', 'string', false),
      namespacePath,
    ],
    responseFields: [f('updated', 'response', 'number', false)],
  },
  'vector/api/endpoints/delete.mdx': {
    api: { method: 'DELETE', target: 'https://{endpoint}/delete/{namespace}' },
    params: [f('ids', 'body', 'string[]', false), f('prefix', 'body', 'string', false), f('filter', 'body', 'string', false), namespacePath],
    responseFields: [f('deleted', 'response', 'number', false)],
  },
  'vector/api/endpoints/rename-namespace.mdx': {
    api: { method: 'POST', target: 'https://{endpoint}/rename-namespace' },
    params: [f('namespace', 'body', 'string', true), f('newNamespace', 'body', 'string', true), f('deleteExisting', 'body', 'boolean', false)],
    responseFields: [f('renamed', 'response', 'boolean', false)],
  },
  'vector/api/endpoints/resumable-query/start-with-vector.mdx': {
    api: { method: 'POST', target: 'https://{endpoint}/resumable-query/{namespace}' },
    params: [
      f('vector', 'body', 'number[]', true),
      f('topK', 'body', 'number', false),
      f('includeMetadata', 'body', 'boolean', false),
      f('includeVectors', 'body', 'boolean', false),
      f('includeData', 'body', 'boolean', false),
      f('filter', 'body', 'string', false),
      f('maxIdle', 'body', 'number', false),
      f('weightingStrategy', 'body', 'string', false),
      f('fusionAlgorithm', 'body', 'string', false),
      namespacePath,
    ],
    responseFields: [f('uuid', 'response', 'string', true), f('scores', 'response', 'Object[]', false, scoredVector(true))],
  },
  'vector/api/endpoints/resumable-query/resume.mdx': {
    api: { method: 'POST', target: 'https://{endpoint}/resumable-query-next' },
    params: [f('uuid', 'body', 'string', true), f('additionalK', 'body', 'number', true)],
    responseFields: [f('Scores', 'response', 'Object[]', false, scoredVector(true))],
  },
};

describe.skipIf(!existsSync(corpus))('field extraction on real upstash API pages', () => {
  const root = DocsRoot.open(corpus)!;
  const parse = (path: string) => {
    const read = root.read(path);
    if (!read.ok) throw new Error(`${path}: ${read.problem.message}`);
    return parseMdxPage(read.file);
  };

  it.each(Object.keys(pages))('%s', (path) => {
    const expected = pages[path]!;
    const { value, diagnostics } = parse(path);
    expect(value.bodyParsed).toBe(true);
    expect({ method: value.api?.method, target: value.api?.target }).toEqual(expected.api);
    expect(shape(value.params)).toEqual(expected.params);
    expect(shape(value.responseFields)).toEqual(expected.responseFields);
    expect(brief(diagnostics).map(({ code, line, column }) => ({ code, line, column }))).toEqual(expected.diagnostics ?? []);
  });

  it('keeps defaults as written, descriptions from the children, and component positions (query.mdx)', () => {
    const { value } = parse('vector/api/endpoints/query.mdx');
    const byName = new Map(value.params.map((field) => [field.name, field]));
    expect(byName.get('topK')?.default).toBe('10');
    expect(byName.get('includeMetadata')?.default).toBe('false');
    expect(byName.get('filter')?.default).toBe('');
    expect(byName.get('vector')).not.toHaveProperty('default');
    expect(byName.get('vector')?.source).toEqual({ file: 'vector/api/endpoints/query.mdx', line: 18, column: 1 });
    expect(byName.get('vector')?.description).toBe('The query vector\n<Note>The query vector should have the same dimensions as your index.</Note>');
    expect(byName.get('filter')?.description).toBe('[Metadata filter](/vector/features/filtering) to apply.');
    // Paragraphs separated by blank lines stay separate paragraphs, without the wrapper's indentation.
    expect(byName.get('fusionAlgorithm')?.description).toBe(
      'Fusion algorithm to use while fusing scores\nfrom dense and sparse components of a hybrid index.\n\n' +
        'If not provided, defaults to `RRF` (Reciprocal Rank Fusion).\n\nOther possible value is `DBSF` (Distribution-Based Score Fusion).',
    );
    const sparseVector = value.responseFields[0]?.properties?.find((field) => field.name === 'sparseVector');
    expect(sparseVector?.description).toBe('The sparse vector value for sparse and hybrid indexes.');
    expect(sparseVector?.source).toEqual({ file: 'vector/api/endpoints/query.mdx', line: 96, column: 5 });
    expect(sparseVector?.properties?.[1]?.source).toEqual({ file: 'vector/api/endpoints/query.mdx', line: 102, column: 9 });
  });

  it('collects the prose outside the fields (query.mdx)', () => {
    const { value } = parse('vector/api/endpoints/query.mdx');
    const starts = value.prose.map((block) => `${block.location.line}: ${block.text.split('\n')[0]}`);
    expect(starts).toEqual([
      '8: <Tip>',
      '13: ## Request',
      '15: It is also possible to send a batch query request by providing an array',
      '61: ## Path',
      '68: ## Response',
      '70: If the request was an array of a single element, or a JSON object,',
      '73: If the request was an array of more than one items, an array of',
      '76: <Note>',
      '116: <RequestExample>',
      '151: <ResponseExample>',
    ]);
  });
});
