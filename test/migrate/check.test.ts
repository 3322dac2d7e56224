import { afterAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostics/index.js';
import { checkMigration } from '../../src/migrate/index.js';
import { docsJsonWith, removeTempRoots, tempRoot } from '../helpers/temp-root.js';
import { projectDir } from './helpers.js';

afterAll(removeTempRoots);

const fixture = (name: string): string => `${projectDir}fixtures/${name}`;

function at(d: Diagnostic): string {
  return `${d.code} ${d.file}:${d.line}:${d.column}`;
}

function related(d: Diagnostic): string[] {
  return (d.related ?? []).map((r) => `${r.file}:${r.line}:${r.column}${r.pointer ? ` ${r.pointer}` : ''}`);
}

describe('checkMigration on fixtures/migrate-drift', async () => {
  const { value: report, diagnostics } = await checkMigration({ root: fixture('migrate-drift') });
  const byCode = (code: string) => diagnostics.filter((d) => d.code === code);

  it('reports each page: matched, or no operation', () => {
    expect(report.pages.map((p) => [p.page, p.status, p.operation ? `${p.operation.method} ${p.operation.path}` : null])).toEqual([
      ['api/list-widgets', 'matched', 'GET /widgets'],
      // `{id}` on the page, `{widgetId}` in the spec: templates compare by position.
      ['api/get-widget', 'matched', 'GET /widgets/{widgetId}'],
      ['api/create-widget', 'matched', 'POST /widgets'],
      // A full URL: the spec's server is removed before matching.
      ['api/delete-widget', 'matched', 'DELETE /widgets/{widgetId}'],
      ['api/archive-widget', 'no-operation', null],
    ]);
    expect(report.blocked).toBeUndefined();
  });

  it('drift of every kind, at the MDX component with the spec location in related (and vice versa)', () => {
    const drift = diagnostics.filter((d) => d.code.startsWith('migrate/field-'));
    expect(drift.map((d) => `${at(d)} ${related(d).join(' ')}`)).toEqual([
      'migrate/field-location-drift api/create-widget.mdx:9:1 openapi.yaml:59:11 /paths/~1widgets/post/parameters/0',
      'migrate/field-default-drift api/create-widget.mdx:15:1 openapi.yaml:72:17 /paths/~1widgets/post/requestBody/content/application~1json/schema/properties/quantity',
      'migrate/field-missing-in-spec api/create-widget.mdx:18:1 openapi.yaml:54:5 /paths/~1widgets/post',
      'migrate/field-nesting-drift api/create-widget.mdx:23:1 openapi.yaml:93:23 /paths/~1widgets/post/responses/201/content/application~1json/schema/properties/owner/properties/email',
      'migrate/field-required-drift api/get-widget.mdx:9:1 openapi.yaml:107:11 /paths/~1widgets~1{widgetId}/get/parameters/0',
      'migrate/field-type-drift api/get-widget.mdx:14:1 openapi.yaml:122:19 /paths/~1widgets~1{widgetId}/get/responses/200/content/application~1json/schema/properties/price',
      'migrate/field-missing-in-page openapi.yaml:75:17 api/create-widget.mdx:3:6',
      'migrate/field-missing-in-page openapi.yaml:90:19 api/create-widget.mdx:3:6',
    ]);
    expect(drift.map((d) => d.code)).toEqual([
      'migrate/field-location-drift',
      'migrate/field-default-drift',
      'migrate/field-missing-in-spec',
      'migrate/field-nesting-drift',
      'migrate/field-required-drift',
      'migrate/field-type-drift',
      'migrate/field-missing-in-page',
      'migrate/field-missing-in-page',
    ]);
    expect(drift.every((d) => d.severity === 'warning')).toBe(true);
    expect(report.summary.drift).toEqual({ 'missing-in-spec': 1, 'missing-in-page': 2, location: 1, type: 1, required: 1, default: 1, nesting: 1 });
  });

  it('the Authorization header of a page is not drift: the operation\'s security carries it', () => {
    expect(diagnostics.some((d) => d.message.includes('"Authorization"'))).toBe(false);
  });

  it('infos: each match, each edit, each MDX file the migration frees', () => {
    const count = (code: string) => byCode(code).length;
    expect([count('migrate/matched'), count('migrate/edit'), count('migrate/unused-page')]).toEqual([4, 4, 4]);
    expect(at(byCode('migrate/unused-page')[0]!)).toBe('migrate/unused-page api/create-widget.mdx:1:1');
    expect(byCode('migrate/matched').every((d) => d.severity === 'info')).toBe(true);
  });

  it('no operation: an error with the closest operations', () => {
    const [noOp] = byCode('migrate/no-operation');
    expect(at(noOp!)).toBe('migrate/no-operation api/archive-widget.mdx:3:6');
    expect(noOp!.severity).toBe('error');
    expect(noOp!.message).toBe('no operation of openapi.yaml is POST /widgets/{id}/archive (looked up as POST /widgets/{id}/archive)');
    expect(noOp!.suggestion).toContain('"GET /widgets/{widgetId}/history"');
  });

  it('prose outside field components is reported, with the x-docs.content that keeps it', () => {
    const [prose] = byCode('migrate/prose-lost');
    expect(at(prose!)).toBe('migrate/prose-lost api/delete-widget.mdx:6:1');
    const page = report.pages.find((p) => p.page === 'api/delete-widget')!;
    expect(page.suggestedXDocs).toEqual({
      spec: 'openapi.yaml',
      pointer: '/paths/~1widgets~1{widgetId}/delete/x-mint',
      content: 'Deleting a widget cannot be undone. Archived widgets can be deleted too.\n',
      href: '/api/delete-widget',
    });
    // Structural headings such as "## Query parameters" are not prose to keep.
    expect(report.pages.find((p) => p.page === 'api/list-widgets')!.proseLost).toEqual([]);
  });

  it('a URL that would change is reported at the navigation entry, with x-docs.href to keep it', () => {
    const [url] = byCode('migrate/url-change');
    expect(at(url!)).toBe('migrate/url-change docs.json:23:15');
    expect(url!.message).toBe("the page's URL would change from /api/delete-widget to /api-reference/api-reference/delete-a-widget");
  });

  it('gives the exact docs.json edit of each matched entry, with what keeps --write from applying it', () => {
    expect(report.edits.map((e) => [`${e.file}:${e.line}:${e.column}`, e.from, e.to, e.blockers])).toEqual([
      ['docs.json:20:15', 'api/list-widgets', 'GET /widgets', []],
      ['docs.json:21:15', 'api/get-widget', 'GET /widgets/{widgetId}', ['field-drift']],
      ['docs.json:22:15', 'api/create-widget', 'POST /widgets', ['field-drift']],
      ['docs.json:23:15', 'api/delete-widget', 'DELETE /widgets/{widgetId}', ['prose-lost', 'url-change']],
    ]);
    expect(report.unusedFiles).toEqual(['api/create-widget.mdx', 'api/delete-widget.mdx', 'api/get-widget.mdx', 'api/list-widgets.mdx']);
    expect(report.summary).toMatchObject({ pages: 5, matched: 4, noOperation: 0 + 1, ambiguous: 0, noSpec: 0, edits: 4, ready: 1, unusedFiles: 4, proseLost: 1, urlChanges: 1 });
  });

  it('names the spec file in the edit when the entry\'s scope does not hold it (--spec)', async () => {
    const { value } = await checkMigration({ root: fixture('migrate-ref'), spec: 'specs/users.json' });
    expect(value.edits.map((e) => [`${e.file}:${e.line}:${e.column}`, e.from, e.to])).toEqual([
      ['nav/navigation.json:3:42', 'users/me', 'specs/users.json GET /users/me'],
      ['nav/navigation.json:7:40', 'users/list', 'GET /users'],
      ['nav/navigation.json:7:54', 'users/get', 'GET /users/{userId}'],
      ['nav/navigation.json:7:69', 'users/list', 'GET /users'],
    ]);
    // users/get.mdx is imported by intro.mdx, so it stays in use.
    expect(value.unusedFiles).toEqual(['users/list.mdx', 'users/me.mdx']);
  });
});

const spec = (paths: string, extra = ''): string => `openapi: 3.1.0
info: { title: T, version: '1' }
servers:
  - url: https://api.test/v1
${extra}paths:
${paths}`;

const getThing = (path: string, more = ''): string => `  ${path}:
    get:
      summary: Thing ${path}
${more}      responses:
        '200':
          description: ok
`;

const page = (api: string, body = '', extra = ''): string => `---\ntitle: Thing\napi: ${api}\n${extra}---\n\n${body}`;

describe('checkMigration: matching', () => {
  it('several operations that fit one page are ambiguous (templates differing only in names)', async () => {
    const dir = tempRoot({
      'docs.json': docsJsonWith({ groups: [{ group: 'API', openapi: 'openapi.yaml', pages: ['GET /other', 'thing'] }] }, { api: { mdx: { server: 'https://api.test/v1' } } }),
      'thing.mdx': page('GET /things/{id}'),
      'openapi.yaml': spec(getThing('/things/{a}') + getThing('/things/{b}') + getThing('/other')),
    });
    const { value, diagnostics } = await checkMigration({ root: dir });
    expect(value.pages[0]!.status).toBe('ambiguous');
    expect(value.pages[0]!.candidates!.map((c) => c.path)).toEqual(['/things/{a}', '/things/{b}']);
    const d = diagnostics.find((x) => x.code === 'migrate/ambiguous-operation')!;
    expect(d.severity).toBe('error');
    expect(related(d).slice(0, 2)).toEqual(['openapi.yaml:7:5 /paths/~1things~1{a}/get', 'openapi.yaml:13:5 /paths/~1things~1{b}/get']);
    expect(value.edits).toEqual([]);
  });

  it('the same operation in two specs of the scope is ambiguous too', async () => {
    const dir = tempRoot({
      'docs.json': docsJsonWith({ groups: [{ group: 'API', openapi: ['a.yaml', 'b.yaml'], pages: ['thing'] }] }, { api: { mdx: { server: 'https://api.test/v1' } } }),
      'thing.mdx': page('GET /things'),
      'a.yaml': spec(getThing('/things')),
      'b.yaml': spec(getThing('/things')),
    });
    const { value } = await checkMigration({ root: dir });
    expect(value.pages[0]!.status).toBe('ambiguous');
    expect(value.pages[0]!.candidates!.map((c) => c.spec)).toEqual(['a.yaml', 'b.yaml']);
  });

  it('no spec in scope is an error; api.openapi counts as a scope', async () => {
    const files = {
      'thing.mdx': page('GET /things'),
      'openapi.yaml': spec(getThing('/things')),
    };
    const none = await checkMigration({ root: tempRoot({ ...files, 'docs.json': docsJsonWith({ pages: ['thing'] }, { api: { mdx: { server: 'https://api.test/v1' } } }) }) });
    expect(none.value.pages[0]!.status).toBe('no-spec');
    expect(none.diagnostics.filter((d) => d.code === 'migrate/no-spec').map(at)).toEqual(['migrate/no-spec thing.mdx:3:6']);
    const global = await checkMigration({ root: tempRoot({ ...files, 'docs.json': docsJsonWith({ pages: ['thing'] }, { api: { openapi: 'openapi.yaml', mdx: { server: 'https://api.test/v1' } } }) }) });
    expect(global.value.pages[0]!.status).toBe('matched');
    expect(global.value.edits[0]!.to).toBe('GET /things');
  });

  it('server and auth drift: another host, another auth method', async () => {
    const dir = tempRoot({
      'docs.json': docsJsonWith({ groups: [{ group: 'API', openapi: 'openapi.yaml', pages: ['GET /other', 'thing'] }] }, { api: { mdx: { server: 'https://staging.test/v1', auth: { method: 'basic' } } } }),
      'thing.mdx': page('GET /things'),
      'openapi.yaml': spec(getThing('/things') + getThing('/other'), "security:\n  - bearer: []\ncomponents:\n  securitySchemes:\n    bearer: { type: http, scheme: bearer }\n"),
    });
    const { value, diagnostics } = await checkMigration({ root: dir });
    const thing = value.pages[0]!;
    expect(thing.status).toBe('matched');
    expect(thing.serverDrift).toEqual({ page: ['https://staging.test/v1'], spec: ['https://api.test/v1'] });
    expect(thing.authDrift).toEqual({ page: 'basic', spec: 'bearer' });
    expect(thing.blockers).toEqual(['server-drift', 'auth-drift', 'url-change']);
    expect(diagnostics.filter((d) => d.code === 'migrate/server-drift' || d.code === 'migrate/auth-drift').map(at)).toEqual([
      'migrate/auth-drift thing.mdx:3:6',
      'migrate/server-drift thing.mdx:3:6',
    ]);
  });

  it('an edit into a group that bulk-generates its spec today is held back, with a warning at the spec attachment', async () => {
    const dir = tempRoot({
      'docs.json': docsJsonWith({ groups: [{ group: 'API', openapi: 'openapi.yaml', pages: ['thing'] }] }, { api: { mdx: { server: 'https://api.test/v1' } } }),
      'thing.mdx': page('GET /things'),
      'openapi.yaml': spec(getThing('/things', '      x-docs: { href: /thing }\n') + getThing('/other')),
    });
    const { value, diagnostics } = await checkMigration({ root: dir });
    expect(value.pages[0]!.blockers).toEqual(['bulk-generation-off']);
    const warning = diagnostics.find((d) => d.code === 'migrate/bulk-generation-off')!;
    expect(at(warning)).toBe('migrate/bulk-generation-off docs.json:8:20');
    expect(warning.message).toContain('each of the 2 operations of openapi.yaml');
  });

  it('a hidden operation, and a page listed as a group root, are never written', async () => {
    const dir = tempRoot({
      'docs.json': docsJsonWith({ groups: [{ group: 'API', openapi: 'openapi.yaml', root: 'other', pages: ['GET /x', 'thing'] }] }, { api: { mdx: { server: 'https://api.test/v1' } } }),
      'thing.mdx': page('GET /things'),
      'other.mdx': page('GET /other'),
      'openapi.yaml': spec(getThing('/things', '      x-hidden: true\n      x-docs: { href: /thing }\n') + getThing('/other', '      x-docs: { href: /other }\n') + getThing('/x')),
    });
    const { value, diagnostics } = await checkMigration({ root: dir });
    expect(value.pages.map((p) => [p.page, p.blockers])).toEqual([
      ['other', ['not-replaceable']],
      ['thing', ['hidden-operation']],
    ]);
    expect(value.edits.map((e) => e.from)).toEqual(['thing']);
    expect(diagnostics.map((d) => d.code)).toEqual(expect.arrayContaining(['migrate/entry-not-replaceable', 'openapi/hidden-endpoint-referenced']));
  });

  it('an array response: the fields a page lists at the top are the fields of its items', async () => {
    const dir = tempRoot({
      'docs.json': docsJsonWith({ groups: [{ group: 'API', openapi: 'openapi.yaml', pages: ['GET /other', 'thing'] }] }, { api: { mdx: { server: 'https://api.test/v1' } } }),
      'thing.mdx': page('GET /things', '<ResponseField name="id" type="string" required>Id.</ResponseField>\n<ResponseField name="size" type="integer">Size.</ResponseField>\n'),
      'openapi.yaml': spec(
        getThing('/other') +
          "  /things:\n    get:\n      x-docs: { href: /thing }\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema:\n                type: array\n                items:\n                  type: object\n                  required: [id]\n                  properties:\n                    id: { type: string }\n                    size: { type: string }\n",
      ),
    });
    const { value } = await checkMigration({ root: dir });
    expect(value.pages[0]!.drift.map((d) => `${d.kind} ${d.field}`)).toEqual(['type size']);
  });

  it('an invalid spec is an error that blocks every write', async () => {
    const dir = tempRoot({
      'docs.json': docsJsonWith({ groups: [{ group: 'API', openapi: 'openapi.yaml', pages: ['GET /other', 'thing'] }] }, { api: { mdx: { server: 'https://api.test/v1' } } }),
      'thing.mdx': page('GET /things'),
      'openapi.yaml': spec(getThing('/things') + getThing('/other')).replace("version: '1'", 'version: 1'),
    });
    const { value, diagnostics } = await checkMigration({ root: dir });
    expect(value.blocked).toBe('invalid OpenAPI file: openapi.yaml');
    const d = diagnostics.find((x) => x.code === 'migrate/invalid-spec')!;
    expect(d.severity).toBe('error');
    expect(at(d)).toBe('migrate/invalid-spec openapi.yaml:2:28');
    expect(value.specs).toEqual([{ id: 'openapi.yaml', valid: false }]);
  });

  it('a missing docs root or docs.json is a diagnostic, not an exception', async () => {
    const missing = await checkMigration({ root: '/nonexistent/docs-root' });
    expect(missing.diagnostics.map((d) => d.code)).toEqual(['root/not-found']);
    expect(missing.value.pages).toEqual([]);
    const noConfig = await checkMigration({ root: tempRoot({ 'index.mdx': '# hi\n' }) });
    expect(noConfig.diagnostics.map((d) => d.code)).toEqual(['config/missing']);
  });
});
