import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { removeTempRoots, tempRoot } from '../helpers/temp-root.js';

afterAll(removeTempRoots);

const mintJson = JSON.stringify({ name: 'Acme', colors: { primary: '#112233' }, navigation: [{ group: 'Start', pages: ['index'] }], feedback: { thumbsRating: true } }, null, 2);

describe('docs-build upgrade', () => {
  it('writes docs.json, names what did not carry over, and exits 0; then build passes', async () => {
    const root = tempRoot({ 'mint.json': mintJson, 'index.mdx': '# Home\n' });
    const run = await runCli(['upgrade', root]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('mint.json:14:3 warning feedback has no docs.json equivalent; left out of docs.json upgrade/key-not-mapped');
    expect(run.stdout).toMatch(/wrote .*docs\.json; the warnings above name what did not carry over\. Next: docs-build check .*\n$/);
    expect(JSON.parse(readFileSync(path.join(root, 'docs.json'), 'utf8'))).toMatchObject({ name: 'Acme', theme: 'mint' });
    expect((await runCli(['build', root])).code).toBe(0);
  });

  it('refuses an existing docs.json (exit 1) unless --force; --format json reports the file', async () => {
    const root = tempRoot({ 'mint.json': mintJson, 'docs.json': '{}' });
    const refused = await runCli(['upgrade', root]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('upgrade/docs-json-exists');
    expect(refused.stdout).toContain('nothing written');
    expect(readFileSync(path.join(root, 'docs.json'), 'utf8')).toBe('{}');
    const forced = await runCli(['upgrade', root, '--force', '--format', 'json']);
    expect(forced.code).toBe(0);
    const report = JSON.parse(forced.stdout) as { command: string; written: string; summary: unknown };
    expect(report).toMatchObject({ command: 'upgrade', summary: { errors: 0, warnings: 1, infos: 0 } });
    expect(path.resolve(report.written)).toBe(path.join(root, 'docs.json'));
  });

  it('is listed in --help, and an unknown option is a usage error', async () => {
    expect((await runCli(['--help'])).stdout).toContain('upgrade');
    expect((await runCli(['upgrade', '--frobnicate'])).code).toBe(2);
  });
});
