import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/pipeline/index.js';
import { applyMigration, checkMigration } from '../../src/migrate/index.js';
import { copyFixture, projectDir, removeCopies } from './helpers.js';

afterAll(removeCopies);

/** The navigation entries docs/migrate.md recommends for docs-example (added here unless already there). */
const migrationTab = {
  tab: 'Gadgets API',
  groups: [
    {
      group: 'Gadgets (migrating)',
      openapi: 'migration/openapi.yaml',
      pages: ['migration/gadgets/list', 'migration/gadgets/get', 'migration/gadgets/update', 'migration/gadgets/recall', 'GET /gadgets/{gadgetId}/events'],
    },
  ],
};

function exampleCopy(): string {
  const dir = copyFixture(path.join(projectDir, 'docs-example'));
  const file = path.join(dir, 'docs.json');
  const text = readFileSync(file, 'utf8');
  if (!text.includes('migration/openapi.yaml')) {
    const config = JSON.parse(text) as { navigation: { tabs: unknown[] } };
    config.navigation.tabs.push(migrationTab);
    writeFileSync(file, JSON.stringify(config, null, 2) + '\n');
  }
  return dir;
}

describe('docs-example migration scenario', () => {
  it('one page without drift, one with type and required drift, one with a field missing on each side, one without operation', async () => {
    const dir = exampleCopy();
    const { value, diagnostics } = await checkMigration({ root: dir });
    const pages = value.pages.filter((p) => p.file.startsWith('migration/'));
    expect(pages.map((p) => [p.page, p.status, p.drift.map((d) => `${d.kind} ${d.field}`)])).toEqual([
      ['migration/gadgets/list', 'matched', []],
      ['migration/gadgets/get', 'matched', ['required units', 'type reading']],
      ['migration/gadgets/update', 'matched', ['missing-in-spec color', 'missing-in-page status']],
      ['migration/gadgets/recall', 'no-operation', []],
    ]);
    expect(pages.map((p) => p.blockers)).toEqual([[], ['field-drift'], ['field-drift'], ['unmatched']]);
    const ours = diagnostics.filter((d) => d.file?.startsWith('migration/'));
    expect(ours.filter((d) => d.severity !== 'info').map((d) => `${d.severity} ${d.code} ${d.file}:${d.line}:${d.column}`)).toEqual([
      'warning migrate/field-required-drift migration/gadgets/get.mdx:10:1',
      'warning migrate/field-type-drift migration/gadgets/get.mdx:15:1',
      'error migrate/no-operation migration/gadgets/recall.mdx:4:6',
      'warning migrate/field-missing-in-spec migration/gadgets/update.mdx:13:1',
      'warning migrate/field-missing-in-page migration/openapi.yaml:113:17',
    ]);
    const list = value.edits.find((e) => e.pageFile === 'migration/gadgets/list.mdx')!;
    expect(list.to).toBe('GET /gadgets');
  });

  it('builds without errors before and after --write (the migrated page keeps its URL)', async () => {
    const dir = exampleCopy();
    const before = await build({ root: dir });
    expect(before.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const check = await checkMigration({ root: dir });
    const applied = applyMigration(dir, check.value, { deletePages: true });
    expect(applied.value.deleted).toContain('migration/gadgets/list.mdx');
    const after = await build({ root: dir });
    expect(after.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const page = after.manifest!.pages['migration/gadgets/list']!;
    expect(page.kind).toBe('openapi');
    expect(page.operation).toMatchObject({ spec: 'migration/openapi.yaml', method: 'GET', path: '/gadgets' });
  });
});
