import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/index.js';
import { applyMigration, checkMigration } from '../../src/migrate/index.js';
import { changedFiles, copyFixture, removeCopies, snapshot } from './helpers.js';

afterAll(removeCopies);

async function migrate(dir: string, options: { force?: boolean; deletePages?: boolean; spec?: string } = {}) {
  const check = await checkMigration({ root: dir, ...(options.spec ? { spec: options.spec } : {}) });
  const applied = applyMigration(dir, check.value, options);
  return { check, applied };
}

describe('applyMigration', () => {
  it('replaces only the entries of pages that match with nothing lost, as an edit of the text', async () => {
    const dir = copyFixture('migrate-drift');
    const before = readFileSync(path.join(dir, 'docs.json'), 'utf8');
    const { applied } = await migrate(dir);
    expect(applied.diagnostics).toEqual([]);
    expect(applied.value.files).toEqual(['docs.json']);
    expect(applied.value.edits.map((e) => `${e.from} -> ${e.to}`)).toEqual(['api/list-widgets -> GET /widgets']);
    const after = readFileSync(path.join(dir, 'docs.json'), 'utf8');
    // Everything but the one string is byte-identical: indentation, spacing, key order.
    expect(after).toBe(before.replace('"api/list-widgets"', '"GET /widgets"'));
    expect(existsSync(path.join(dir, 'api/list-widgets.mdx'))).toBe(true);
  });

  it('running it twice changes nothing the second time', async () => {
    const dir = copyFixture('migrate-drift');
    await migrate(dir, { force: true, deletePages: true });
    const first = snapshot(dir);
    const second = await migrate(dir, { force: true, deletePages: true });
    expect(changedFiles(first, snapshot(dir))).toEqual([]);
    // The replaced entries are endpoint references now: no `api:` page reference is left to replace.
    expect(second.check.value.edits).toEqual([]);
    expect(second.applied.value).toEqual({ edits: [], files: [], deleted: [] });
  });

  it('--force applies every matched page; --delete-pages deletes exactly the replaced pages', async () => {
    const dir = copyFixture('migrate-drift');
    const before = snapshot(dir);
    const { applied } = await migrate(dir, { force: true, deletePages: true });
    expect(applied.value.edits.map((e) => e.to)).toEqual(['GET /widgets', 'GET /widgets/{widgetId}', 'POST /widgets', 'DELETE /widgets/{widgetId}']);
    expect(applied.value.deleted).toEqual(['api/create-widget.mdx', 'api/delete-widget.mdx', 'api/get-widget.mdx', 'api/list-widgets.mdx']);
    expect(changedFiles(before, snapshot(dir))).toEqual(['api/create-widget.mdx', 'api/delete-widget.mdx', 'api/get-widget.mdx', 'api/list-widgets.mdx', 'docs.json']);
    // The page without an operation and the ordinary page stay.
    expect(existsSync(path.join(dir, 'api/archive-widget.mdx'))).toBe(true);
    expect(existsSync(path.join(dir, 'index.mdx'))).toBe(true);
  });

  it('without --delete-pages no file is deleted', async () => {
    const dir = copyFixture('migrate-drift');
    const before = snapshot(dir);
    const { applied } = await migrate(dir, { force: true });
    expect(applied.value.deleted).toEqual([]);
    expect(changedFiles(before, snapshot(dir))).toEqual(['docs.json']);
  });

  it('a page left at the URL of its generated page is an error of build naming both; a later --delete-pages removes it', async () => {
    const dir = copyFixture('migrate-drift');
    // --write without --delete-pages: the entry becomes "GET /widgets", the MDX page stays.
    await migrate(dir, { force: true });
    const built = await build({ root: dir });
    const left = built.diagnostics.filter((d) => d.code === 'manifest/page-id-collision');
    // delete-widget's operation has a URL of its own (x-docs.href), so its page is not in the way.
    expect(left.map((d) => `${d.file}:${d.line}:${d.column} ${d.message}`)).toEqual([
      'api/create-widget.mdx:1:1 api/create-widget.mdx is not in the navigation but sits at /api/create-widget, the URL of the page generated for POST /widgets in openapi.yaml',
      'api/get-widget.mdx:1:1 api/get-widget.mdx is not in the navigation but sits at /api/get-widget, the URL of the page generated for GET /widgets/{widgetId} in openapi.yaml',
      'api/list-widgets.mdx:1:1 api/list-widgets.mdx is not in the navigation but sits at /api/list-widgets, the URL of the page generated for GET /widgets in openapi.yaml',
    ]);
    expect(left[0]!.severity).toBe('error');
    expect(left[2]!.related?.[0]).toMatchObject({ file: 'openapi.yaml', message: 'the page at /api/list-widgets' });

    // The next check reports it; --delete-pages removes it although that run has nothing left to edit for it.
    const second = await migrate(dir, { force: true, deletePages: true });
    const leftovers = ['api/create-widget.mdx', 'api/get-widget.mdx', 'api/list-widgets.mdx'];
    expect(second.check.value.leftoverFiles).toEqual(leftovers);
    // delete-widget.mdx is not in the way of any page (its operation moved to its own URL): it stays.
    expect(second.applied.value.deleted).toEqual(leftovers);
    for (const file of leftovers) expect(existsSync(path.join(dir, file))).toBe(false);
    expect((await build({ root: dir })).diagnostics.filter((d) => d.code === 'manifest/page-id-collision')).toEqual([]);
  });

  it('writes nothing when the spec is invalid', async () => {
    const dir = copyFixture('migrate-drift');
    const specFile = path.join(dir, 'openapi.yaml');
    writeFileSync(specFile, readFileSync(specFile, 'utf8').replace('  version: 1.0.0\n', ''));
    const before = snapshot(dir);
    const { check, applied } = await migrate(dir, { force: true, deletePages: true });
    expect(check.diagnostics.filter((d) => d.code === 'migrate/invalid-spec').map((d) => d.severity)).toEqual(['error']);
    expect(check.value.blocked).toBe('invalid OpenAPI file: openapi.yaml');
    expect(applied.value).toEqual({ edits: [], files: [], deleted: [] });
    expect(changedFiles(before, snapshot(dir))).toEqual([]);
  });

  it('lands the edit in the $ref-composed file that holds the entry, keeping its tabs and spacing', async () => {
    const dir = copyFixture('migrate-ref');
    const nav = path.join(dir, 'nav/navigation.json');
    const before = snapshot(dir);
    const navBefore = readFileSync(nav, 'utf8');
    const { applied } = await migrate(dir, { deletePages: true });
    expect(applied.value.files).toEqual(['nav/navigation.json']);
    expect(readFileSync(nav, 'utf8')).toBe(navBefore.replaceAll('"users/list"', '"GET /users"').replace('"users/get"', '"GET /users/{userId}"'));
    // The page listed twice is freed (both entries replaced); the one imported by intro.mdx is kept.
    expect(applied.value.deleted).toEqual(['users/list.mdx']);
    expect(changedFiles(before, snapshot(dir))).toEqual(['nav/navigation.json', 'users/list.mdx']);
  });

  it('a page listed in two places is kept while one entry stays', async () => {
    const dir = copyFixture('migrate-ref');
    const check = await checkMigration({ root: dir });
    // Hold one of the two entries of users/list back, as a blocker would.
    const edits = check.value.edits.map((e, i) => (i === 2 ? { ...e, blockers: ['field-drift' as const] } : e));
    const applied = applyMigration(dir, { ...check.value, edits }, { deletePages: true });
    expect(applied.value.edits.map((e) => e.from)).toEqual(['users/list', 'users/get']);
    expect(applied.value.deleted).toEqual([]);
  });

  describe('a file $ref\'d from several places holds one string for several entries', () => {
    /** migrate-ref with the Users group moved into nav/users.json, $ref'd from `count` tabs. */
    function sharedGroup(count: number): string {
      const dir = copyFixture('migrate-ref');
      writeFileSync(path.join(dir, 'nav/users.json'), '{\n\t"openapi": "specs/users.json",\n\t"group": "Users",\n\t"pages": ["GET /users/{id}/avatar", "users/get"]\n}\n');
      const tabs = Array.from({ length: count }, (_, i) => `{ "tab": "T${i}", "groups": [{ "$ref": "./users.json" }] }`);
      writeFileSync(path.join(dir, 'nav/navigation.json'), `{ "tabs": [\n  ${tabs.join(',\n  ')}\n] }\n`);
      return dir;
    }
    const usersGroup = '{\n\t"openapi": "specs/users.json",\n\t"group": "Users",\n\t"pages": ["GET /users/{id}/avatar", "GET /users/{userId}"]\n}\n';

    it.each([2, 3])('identical edits from %i references are one edit', async (count) => {
      const dir = sharedGroup(count);
      const { check, applied } = await migrate(dir);
      expect(check.value.edits.map((e) => e.pointer)).toEqual(Array.from({ length: count }, (_, i) => `/navigation/tabs/${i}/groups/0/pages/1`));
      expect(applied.diagnostics).toEqual([]);
      expect(applied.value.files).toEqual(['nav/users.json']);
      expect(applied.value.edits).toHaveLength(count);
      expect(readFileSync(path.join(dir, 'nav/users.json'), 'utf8')).toBe(usersGroup);
    });

    it('the shared string stays when any of its entries is held back', async () => {
      const dir = sharedGroup(2);
      const check = await checkMigration({ root: dir });
      const edits = check.value.edits.map((e, i) => (i === 1 ? { ...e, blockers: ['field-drift' as const] } : e));
      const before = snapshot(dir);
      const applied = applyMigration(dir, { ...check.value, edits });
      expect(applied.diagnostics).toEqual([]);
      expect(applied.value.edits).toEqual([]);
      expect(changedFiles(before, snapshot(dir))).toEqual([]);
    });

    it('edits of one string that disagree write nothing and say why', async () => {
      const dir = sharedGroup(2);
      const check = await checkMigration({ root: dir });
      const edits = check.value.edits.map((e, i) => (i === 1 ? { ...e, to: 'GET /users/{other}' } : e));
      const before = snapshot(dir);
      const applied = applyMigration(dir, { ...check.value, edits });
      expect(applied.diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual([
        expect.stringMatching(/^migrate\/write-failed nav\/users\.json cannot be edited: one string at offset \d+ would become both "GET \/users\/\{(userId|other)\}" and "GET \/users\/\{(userId|other)\}"; nothing was written$/),
      ]);
      expect(changedFiles(before, snapshot(dir))).toEqual([]);
    });
  });

  it('refuses to write when the file changed after the check', async () => {
    const dir = copyFixture('migrate-drift');
    const check = await checkMigration({ root: dir });
    const file = path.join(dir, 'docs.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"api/list-widgets"', '"api/list-widgets-v2"'));
    const changed = readFileSync(file, 'utf8');
    const applied = applyMigration(dir, check.value);
    expect(applied.diagnostics.map((d) => d.code)).toEqual(['migrate/write-failed']);
    expect(readFileSync(file, 'utf8')).toBe(changed);
  });

  it('keeps a byte-order mark and CRLF line endings', async () => {
    const dir = copyFixture('migrate-drift');
    const file = path.join(dir, 'docs.json');
    const crlf = '\uFEFF' + readFileSync(file, 'utf8').replace(/\n/g, '\r\n');
    writeFileSync(file, crlf);
    await migrate(dir);
    expect(readFileSync(file, 'utf8')).toBe(crlf.replace('"api/list-widgets"', '"GET /widgets"'));
  });
});
