import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseEndpointReference } from '../../src/navigation/index.js';
import { noApiSettings, resolveOperationEndpoint } from '../../src/precedence/index.js';
import {
  createSpecLoader,
  describeOperation,
  describeSchemaPage,
  planGeneratedPages,
  resolveEndpoint,
  SchemaTable,
  type LoadedSpec,
} from '../../src/openapi/index.js';
import { DocsRoot } from '../../src/root/index.js';

const exampleDir = fileURLToPath(new URL('../../docs-example', import.meta.url));
let spec: LoadedSpec;

beforeAll(async () => {
  const loaded = await createSpecLoader(DocsRoot.open(exampleDir)!).load('api/openapi.yaml', { file: 'docs.json' });
  expect(loaded.diagnostics).toEqual([]);
  spec = loaded.value!;
});

describe('docs-example/api/openapi.yaml', () => {
  it('is a valid 3.1 spec with tags, servers, a hidden operation and a webhook', () => {
    expect(spec.openapiVersion).toBe('3.1.0');
    expect(spec.tags.map((t) => t.name)).toEqual(['Projects', 'Tasks', 'Webhooks']);
    expect(spec.servers).toEqual(['https://eu.api.tasks.example.com/v1', 'https://sandbox.tasks.example.com/v1']);
    expect(spec.operations.filter((op) => op.hidden).map((op) => `${op.method} ${op.path}`)).toEqual(['POST /internal/reindex']);
    expect(spec.webhooks.map((w) => w.webhook)).toEqual(['taskCompleted']);
  });

  it('generates its pages by tag, with the x-docs href override and without the hidden operation', () => {
    expect(planGeneratedPages(spec).map((p) => `${p.group}: ${p.pageId}`)).toEqual([
      'Projects: api-reference/projects/list-projects',
      'Projects: api-reference/projects/create-a-project',
      'Projects: api-reference/projects/get-a-project',
      'Projects: api-reference/projects/archive-a-project',
      'Tasks: api-reference/tasks/list-tasks',
      'Tasks: api/tasks/create',
      'Tasks: api-reference/tasks/get-a-task',
      'Tasks: api-reference/tasks/update-a-task',
      'Webhooks: api-reference/webhooks/task-completed',
      'API Reference: api-reference/api-reference/health-check',
    ]);
  });

  it('resolves the endpoint references suggested for docs-example/docs.json', () => {
    const references = [
      'GET /projects',
      'post /projects/{projectId}/tasks/',
      'get /tasks/{id}',
      'api/openapi.yaml PATCH /tasks/{taskId}',
      'webhook taskCompleted',
    ];
    const resolved = references.map((text) => {
      const parsed = parseEndpointReference(text);
      if (parsed.kind !== 'operation' && parsed.kind !== 'webhook') throw new Error(`not a reference: ${text}`);
      const result = resolveEndpoint(spec, parsed, { file: 'docs.json' });
      expect(result.diagnostics).toEqual([]);
      return result.value!.operationId;
    });
    expect(resolved).toEqual(['listProjects', 'createTask', 'getTask', 'updateTask', 'taskCompleted']);
  });

  it('describes the x-docs override, both security schemes and the recursive Task', () => {
    const schemas = new SchemaTable();
    const byId = (id: string) => spec.operations.find((op) => op.operationId === id)!;
    const create = describeOperation(spec, byId('createTask'), { playgroundDisplay: null, schemas });
    expect(create).toMatchObject({ title: 'Create a task', sidebarTitle: 'New task' });
    expect(resolveOperationEndpoint(create.endpoint, noApiSettings)).toMatchObject({ playground: { mode: 'simple', from: 'openapi' }, auth: { method: 'bearer' } });
    expect(create.content).toMatch(/^<Note>/);
    expect(resolveOperationEndpoint(describeOperation(spec, byId('updateTask'), { playgroundDisplay: null, schemas }).endpoint, noApiSettings).auth).toEqual({ method: 'key', headerName: 'X-API-Key', from: 'openapi' });
    expect(resolveOperationEndpoint(describeOperation(spec, byId('health'), { playgroundDisplay: null, schemas }).endpoint, noApiSettings).auth).toEqual({ method: 'none', from: 'openapi' });
    const task = describeOperation(spec, byId('getTask'), { playgroundDisplay: null, schemas });
    expect(task.responseFields!.find((f) => f.name === 'subtasks')).toMatchObject({ type: 'object[]', schemaRef: 'api/openapi.yaml#/components/schemas/Task' });
    expect(describeSchemaPage(spec, 'Task', schemas)!.schema).toEqual({ spec: 'api/openapi.yaml', name: 'Task', ref: 'api/openapi.yaml#/components/schemas/Task' });
  });
});
