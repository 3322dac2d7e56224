import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { changedFiles, cli, copyFixture, removeCopies, snapshot } from './helpers.js';

afterAll(removeCopies);

/** migrate-drift without its page that has no operation: only warnings remain. */
function driftOnly(): string {
  const dir = copyFixture('migrate-drift');
  const file = path.join(dir, 'docs.json');
  writeFileSync(file, readFileSync(file, 'utf8').replace(',\n              "api/archive-widget"', ''));
  return dir;
}

describe('docs-build migrate check', () => {
  it('exit 1 when a page has no operation; human output ends with the plan and the counts', async () => {
    const dir = copyFixture('migrate-drift');
    const run = await cli(['migrate', 'check', '.'], dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('api/archive-widget.mdx:3:6 error no operation of openapi.yaml is POST /widgets/{id}/archive');
    expect(run.stdout).toContain(`  ✓ api/list-widgets -> "GET /widgets" at docs.json:20:15\n`);
    expect(run.stdout).toContain(`  • api/get-widget -> "GET /widgets/{widgetId}" (field-drift) at docs.json:21:15\n`);
    expect(run.stdout).toContain(`  ✗ api/archive-widget: POST /widgets/{id}/archive: no operation at api/archive-widget.mdx:3:6\n`);
    // Infos are summed up by the plan, not printed one by one.
    expect(run.stdout).not.toContain('migrate/edit');
    expect(run.stdout).toContain('        x-mint:\n          href: /api/delete-widget\n          content: |\n            Deleting a widget cannot be undone.');
    expect(run.stdout).toContain(
      '4 matched (1 ready to write), 1 without operation, 0 ambiguous, 0 without spec; field drift: 1 missing-in-spec, 2 missing-in-page, 1 location, 1 type, 1 required, 1 default, 1 nesting, 1 with prose to keep, 1 URL change; 4 MDX files unused after the migration\n',
    );
  });

  it('drift alone is a warning: exit 0, and exit 1 with --strict', async () => {
    const dir = driftOnly();
    expect((await cli(['migrate', 'check', dir])).code).toBe(0);
    expect((await cli(['migrate', 'check', dir, '--strict'])).code).toBe(1);
  });

  it('--format json carries the whole report; --format github one annotation per diagnostic', async () => {
    const dir = copyFixture('migrate-drift');
    const json = await cli(['migrate', 'check', '.', '--format', 'json'], dir);
    const parsed = JSON.parse(json.stdout) as { command: string; root: string; summary: { errors: number }; report: { summary: { matched: number }; edits: unknown[] } };
    expect(parsed.command).toBe('migrate check');
    expect(parsed.root).toBe('.');
    expect(parsed.summary.errors).toBe(1);
    expect(parsed.report.summary.matched).toBe(4);
    expect(parsed.report.edits).toHaveLength(4);
    const github = await cli(['migrate', 'check', '.', '--format', 'github'], dir);
    expect(github.stdout).toContain('::error file=api/archive-widget.mdx,line=3,col=6,');
    expect(github.stdout).toContain('::warning file=api/get-widget.mdx,line=14,col=1,');
  });

  it('--write replaces the ready entries and says so; a second run writes nothing', async () => {
    const dir = driftOnly();
    const first = await cli(['migrate', 'check', dir, '--write', '--delete-pages']);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('wrote docs.json (1 entry replaced); deleted api/list-widgets.mdx\n');
    const after = snapshot(dir);
    const second = await cli(['migrate', 'check', dir, '--write', '--delete-pages']);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('nothing written: no edit is ready (--force applies the edits of pages with drift)\n');
    expect(changedFiles(after, snapshot(dir))).toEqual([]);
  });

  it('an invalid spec: exit 1 and nothing written, even with --force', async () => {
    const dir = copyFixture('migrate-drift');
    const spec = path.join(dir, 'openapi.yaml');
    writeFileSync(spec, readFileSync(spec, 'utf8').replace('openapi: 3.1.0', 'openapi: 3.1.0\nx: [unclosed'));
    const before = snapshot(dir);
    const run = await cli(['migrate', 'check', dir, '--write', '--force', '--delete-pages']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('migrate/invalid-spec');
    expect(changedFiles(before, snapshot(dir))).toEqual([]);
  });

  it('exit 2 on usage mistakes', async () => {
    const dir = copyFixture('migrate-drift');
    const force = await cli(['migrate', 'check', dir, '--force']);
    expect(force.code).toBe(2);
    expect(force.stderr).toBe('docs-build: --force only has a meaning with --write\n');
    expect((await cli(['migrate', 'check', dir, '--delete-pages'])).code).toBe(2);
    expect((await cli(['migrate', 'check', dir, '--format', 'xml'])).code).toBe(2);
    expect((await cli(['migrate', 'nope'])).code).toBe(2);
    const noOut = await cli(['migrate', 'draft-openapi', dir]);
    expect(noOut.code).toBe(2);
    expect(noOut.stderr).toContain("required option '-o, --out <file>' not specified");
  });

  it('a --spec outside the docs root is refused with a diagnostic (exit 1)', async () => {
    const dir = copyFixture('migrate-drift');
    const run = await cli(['migrate', 'check', dir, '--spec', path.join(dir, '..', 'elsewhere.yaml'), '--format', 'json']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('"code": "root/path-escapes-root"');
  });
});

describe('docs-build migrate draft-openapi', () => {
  it('writes the draft; check --spec against it reports no drift and exits 0 (round trip through the CLI)', async () => {
    const dir = copyFixture('migrate-drift');
    const draft = await cli(['migrate', 'draft-openapi', '.', '--out', 'openapi.draft.yaml'], dir);
    expect(draft.code).toBe(0);
    expect(draft.stdout).toBe('0 errors, 0 warnings, 0 infos\ndrafted 5 operations -> openapi.draft.yaml\n');
    expect(readFileSync(path.join(dir, 'openapi.draft.yaml'), 'utf8')).toMatch(/^openapi: 3\.1\.0\n/);
    const check = await cli(['migrate', 'check', '.', '--spec', 'openapi.draft.yaml', '--format', 'json'], dir);
    expect(check.code).toBe(0);
    const report = (JSON.parse(check.stdout) as { summary: { warnings: number }; report: { summary: { matched: number; ready: number; drift: Record<string, number> } } });
    expect(report.summary.warnings).toBe(0);
    expect(report.report.summary).toMatchObject({ matched: 5, ready: 5 });
    const json = await cli(['migrate', 'draft-openapi', dir, '--out', path.join(dir, 'draft.json'), '--format', 'json']);
    expect(json.code).toBe(0);
    expect((JSON.parse(readFileSync(path.join(dir, 'draft.json'), 'utf8')) as { openapi: string }).openapi).toBe('3.1.0');
  });

  it('exit 1 and no file when no page has api: frontmatter', async () => {
    const dir = copyFixture('migrate-drift');
    const file = path.join(dir, 'docs.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/"api\/[a-z-]+"/g, '"index"'));
    const run = await cli(['migrate', 'draft-openapi', dir, '--out', path.join(dir, 'draft.yaml')]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('nothing drafted: no page of the navigation has api: frontmatter');
    expect(existsSync(path.join(dir, 'draft.yaml'))).toBe(false);
  });
});
