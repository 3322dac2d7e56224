import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostics/index.js';
import type { Field } from '../../src/fields/index.js';
import { parseMdxPage } from '../../src/mdx/index.js';
import { isEndpointPage, resolveEndpoint, type ApiSettings } from '../../src/precedence/index.js';
import { DocsRoot } from '../../src/root/index.js';

// docs-example/api-pages: one hand-written page per precedence case, resolved with the example's own
// docs.json settings. The example must build without a diagnostic, so every case here is a valid one;
// the error cases live in fixtures/mdx-* (fixtures.test.ts).
const root = DocsRoot.open(fileURLToPath(new URL('../../docs-example', import.meta.url)))!;

function exampleSettings(): ApiSettings {
  const read = root.read('docs.json');
  if (!read.ok) throw new Error(read.problem.message);
  const api = (JSON.parse(read.file.text) as { api: { mdx: { server: string; auth: ApiSettings['auth'] }; playground: { display: ApiSettings['playgroundDisplay'] } } }).api;
  return { server: [api.mdx.server], auth: api.mdx.auth, playgroundDisplay: api.playground.display };
}

function resolve(path: string) {
  const read = root.read(path);
  if (!read.ok) throw new Error(read.problem.message);
  const parsed = parseMdxPage(read.file);
  if (!isEndpointPage(parsed.value)) throw new Error(`${path} has no api:`);
  const resolved = resolveEndpoint(parsed.value, exampleSettings());
  const diagnostics: Diagnostic[] = [...parsed.diagnostics, ...resolved.diagnostics];
  return { page: parsed.value, ...resolved.value, diagnostics };
}

const depth = (fields: readonly Field[] | undefined): number => (fields && fields.length > 0 ? 1 + Math.max(...fields.map((field) => depth(field.properties))) : 0);
const server = 'https://api.acme.example.com/v1';

describe('docs-example API pages', () => {
  it('docs.json sets the global settings the pages rely on', () => {
    expect(exampleSettings()).toEqual({ server: [server], auth: { method: 'bearer', name: 'X-Acme-Key' }, playgroundDisplay: 'interactive' });
  });

  it.each([
    // path, api, auth, playground
    ['api-pages/list-tasks.mdx', { method: 'GET', path: '/tasks', servers: [server], url: `${server}/tasks` }, { method: 'bearer', from: 'config' }, { mode: 'interactive', from: 'config' }],
    ['api-pages/get-task.mdx', { method: 'GET', path: '/tasks/{taskId}', servers: [server], url: `${server}/tasks/{taskId}` }, { method: 'bearer', from: 'config' }, { mode: 'interactive', from: 'config' }],
    ['api-pages/create-task.mdx', { method: 'POST', path: '/tasks', servers: [server], url: `${server}/tasks` }, { method: 'key', headerName: 'X-Acme-Key', from: 'page' }, { mode: 'simple', from: 'page' }],
    ['api-pages/delete-task.mdx', { method: 'DELETE', path: '/tasks/{taskId}', servers: [server], url: `${server}/tasks/{taskId}` }, { method: 'basic', from: 'page' }, { mode: 'interactive', from: 'config' }],
    [
      'api-pages/health.mdx',
      { method: 'GET', path: '/api/health', servers: ['https://status.acme.example.com'], url: 'https://status.acme.example.com/api/health' },
      { method: 'none', from: 'page' },
      { mode: 'interactive', from: 'config' },
    ],
    ['api-pages/task-events.mdx', { method: 'GET', path: '/tasks/{taskId}/events', servers: [server], url: `${server}/tasks/{taskId}/events` }, { method: 'none', from: 'playground' }, { mode: 'none', from: 'page' }],
    [
      'api-pages/export-tasks.mdx',
      { method: 'POST', path: '/v1/exports', servers: ['https://exports.acme.example.com'], url: 'https://exports.acme.example.com/v1/exports' },
      { method: 'none', from: 'playground' },
      { mode: 'none', from: 'page' },
    ],
  ])('%s resolves without a diagnostic', (path, api, auth, playground) => {
    const resolved = resolve(path);
    expect(resolved.diagnostics).toEqual([]);
    expect(resolved.api).toEqual(api);
    expect(resolved.auth).toEqual(auth);
    expect(resolved.playground).toEqual(playground);
  });

  it('get-task nests Expandable fields three levels below the top field', () => {
    const { page } = resolve('api-pages/get-task.mdx');
    expect(depth(page.responseFields)).toBe(4);
    const files = page.responseFields[0]?.properties?.[1]?.properties?.[0]?.properties?.[0];
    expect(files).toMatchObject({ name: 'files', in: 'response', type: 'string[]', required: true, description: 'URLs of the produced files, valid for one hour.' });
  });
});
