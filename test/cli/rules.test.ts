import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { docsJsonWith, removeTempRoots, tempRoot } from '../helpers/temp-root.js';

afterAll(removeTempRoots);

const spec = `openapi: 3.1.0
info: { title: Views, version: 1.0.0 }
servers: [{ url: https://api.example.com }]
paths:
  /v1/views:
    get: { summary: Views, responses: { '200': { description: ok } } }
`;

/** A site with one error (a stale translated endpoint page) and one warning (a missing favicon). */
function site(extra: Record<string, string> = {}): string {
  return tempRoot({
    'docs.json': docsJsonWith({ groups: [{ group: 'API', openapi: 'openapi.yaml', pages: ['api/views', 'es/api/views'] }] }, { favicon: '/favicon.png' }),
    'openapi.yaml': spec,
    'api/views.mdx': '---\ntitle: Views\nopenapi: GET /v1/views\n---\n',
    'es/api/views.mdx': '---\ntitle: Vistas\nopenapi: GET /v1/visits\n---\n',
    ...extra,
  });
}

describe('rule settings in the CLI', () => {
  it('the summary says how many were ignored and by what, apart from the counts', async () => {
    const root = site({ 'docs-build.json': JSON.stringify({ rules: { 'config/asset-not-found': 'off' }, overrides: [{ files: 'es/**', rules: { 'openapi/unknown-endpoint': 'warn' } }] }) });
    const run = await runCli(['build', root, '--out', path.join(root, 'out.json')]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('0 errors, 1 warning, 0 infos; 1 ignored (1 turned off in docs-build.json)\nbuilt 3 pages');
    const json = await runCli(['check', root, '--format', 'json']);
    const report = JSON.parse(json.stdout) as { summary: unknown; ignored: unknown };
    expect(report.summary).toEqual({ errors: 0, warnings: 1, infos: 0 });
    expect(report.ignored).toEqual({ off: 1, ignoreFile: 0, byCode: { 'config/asset-not-found': 1 } });
    const github = await runCli(['check', root, '--format', 'github']);
    expect(github.stdout.trim().split('\n').at(-1)).toBe('0 errors, 1 warning, 0 infos; 1 ignored (1 turned off in docs-build.json)');
  });

  it('--strict promotes the warnings the settings leave: flags override the file', async () => {
    const root = site({ 'docs-build.json': JSON.stringify({ rules: { 'openapi/unknown-endpoint': 'warn' } }) });
    expect((await runCli(['check', root])).code).toBe(0);
    const strict = await runCli(['check', root, '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain('2 errors, 0 warnings, 0 infos');
  });

  it('check --generate-ignore-file writes the accepted problems; then the build passes, and a new problem still fails it', async () => {
    const root = site();
    expect((await runCli(['build', root])).code).toBe(1);
    const generated = await runCli(['check', root, '--generate-ignore-file']);
    expect(generated.stderr).toBe('');
    expect(generated.code).toBe(0);
    expect(generated.stdout).toMatch(/^wrote .*\.docs-build-ignore\.json: 2 accepted problems \(from 1 error and 1 warning\); new problems still count\n$/);
    const ignore = JSON.parse(readFileSync(path.join(root, '.docs-build-ignore.json'), 'utf8')) as { ignore: Array<Record<string, string>> };
    expect(ignore.ignore.map((entry) => [entry.code, entry.file, entry.pointer ?? entry.hash?.length])).toEqual([
      ['config/asset-not-found', 'docs.json', '/favicon'],
      ['openapi/unknown-endpoint', 'es/api/views.mdx', 16],
    ]);

    const passed = await runCli(['build', root]);
    expect(passed.code).toBe(0);
    expect(passed.stdout).toContain('0 errors, 0 warnings, 0 infos; 2 ignored (2 accepted in .docs-build-ignore.json)');

    writeFileSync(path.join(root, 'fr.mdx'), '---\ntitle: Vues\nopenapi: GET /v1/vues\n---\n');
    writeFileSync(path.join(root, 'docs.json'), readFileSync(path.join(root, 'docs.json'), 'utf8').replace('"es/api/views"', '"es/api/views", "fr"'));
    const failed = await runCli(['build', root]);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('1 error, 0 warnings, 0 infos; 2 ignored');
  });

  it("--generate-ignore-file keeps the entries of the export's own problems, which check cannot find", async () => {
    const root = site();
    const handWritten = { code: 'site/path-taken', file: 'docs.json', pointer: '/redirects/0/source' };
    writeFileSync(path.join(root, '.docs-build-ignore.json'), JSON.stringify({ ignore: [handWritten, { code: 'config/asset-not-found', file: 'docs.json', pointer: '/gone' }] }));
    const generated = await runCli(['check', root, '--generate-ignore-file']);
    expect(generated.code).toBe(0);
    expect(generated.stdout).toContain("3 accepted problems (from 1 error and 1 warning, 1 of the export's kept)");
    const ignore = JSON.parse(readFileSync(path.join(root, '.docs-build-ignore.json'), 'utf8')) as { ignore: Array<Record<string, string>> };
    expect(ignore.ignore.map((entry) => entry.code).sort()).toEqual(['config/asset-not-found', 'openapi/unknown-endpoint', 'site/path-taken']);
    expect(ignore.ignore.find((entry) => entry.code === 'site/path-taken')).toEqual(handWritten);
    // And check does not call the export's entry unused.
    expect((await runCli(['check', root])).stdout).not.toContain('rules/unused-ignore');
  });

  it('--generate-ignore-file does not accept mistakes in docs-build.json itself', async () => {
    const root = site({ 'docs-build.json': '{ "rules": [] }' });
    const run = await runCli(['check', root, '--generate-ignore-file']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('rules/invalid-setting');
    expect(run.stderr).toContain('.docs-build-ignore.json was not written');
    expect(existsSync(path.join(root, '.docs-build-ignore.json'))).toBe(false);
  });
});
