import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { removeTempRoots, tempRoot } from '../helpers/temp-root.js';

afterAll(removeTempRoots);

const page = '---\ntitle: Get a user\napi: GET /users/{id}\n---\n\n<ParamField path="id" type="string" required>The id</ParamField>\n';

/** `code file:line:col` of every error the run printed as JSON. */
async function migrateErrors(argv: string[], files: Record<string, string>): Promise<{ code: number; errors: string[]; stderr: string }> {
  const dir = tempRoot(files);
  const run = await runCli(['migrate', ...argv, dir, '--format', 'json'], { cwd: dir });
  const report = JSON.parse(run.stdout) as { diagnostics: Array<{ code: string; severity: string; file?: string; line?: number; column?: number }> };
  const errors = report.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.file}:${d.line}:${d.column}`);
  return { code: run.code, errors, stderr: run.stderr };
}

describe('migrate reads docs.json through the same stages as build: every mistake is a diagnostic', () => {
  for (const command of [['check'], ['draft-openapi', '--out', 'draft.yaml']]) {
    describe(`migrate ${command[0]}`, () => {
      it('docs.json holding null (it threw "Cannot read properties of null")', async () => {
        const run = await migrateErrors(command, { 'docs.json': 'null\n', 'users.mdx': page });
        expect(run.stderr).toBe('');
        expect(run.code).toBe(1);
        expect(run.errors).toContain('config/invalid-type docs.json:1:1');
      });

      it('docs.json holding an array', async () => {
        const run = await migrateErrors(command, { 'docs.json': '[1, 2]\n', 'users.mdx': page });
        expect(run.stderr).toBe('');
        expect(run.code).toBe(1);
        expect(run.errors).toContain('config/invalid-type docs.json:1:1');
      });

      it('docs.json holding garbage', async () => {
        const run = await migrateErrors(command, { 'docs.json': '{ "name": \u0001 ]]', 'users.mdx': page });
        expect(run.stderr).toBe('');
        expect(run.code).toBe(1);
        expect(run.errors[0]).toMatch(/^config\/invalid-json docs\.json:1:\d+$/);
      });
    });
  }

  it('migrate check --spec naming a missing file', async () => {
    const docs = JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#000000' }, api: { mdx: { server: 'https://api.example.com' } }, navigation: { groups: [{ group: 'API', pages: ['users'] }] } });
    const run = await migrateErrors(['check', '--spec', 'nope.yaml'], { 'docs.json': docs, 'users.mdx': page });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(run.errors.some((e) => e.startsWith('root/file-not-found') || e.startsWith('openapi/spec-not-found'))).toBe(true);
  });
});
