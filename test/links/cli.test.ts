import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { docsJsonWith, removeTempRoots, tempRoot } from '../helpers/temp-root.js';

afterAll(removeTempRoots);

describe('--check-external on the command line', () => {
  it('is refused together with --offline (external links need the network): exit 2', async () => {
    const root = tempRoot({ 'docs.json': docsJsonWith({ pages: ['index'] }), 'index.mdx': '# Home\n' });
    for (const command of ['check', 'build']) {
      const run = await runCli([command, root, '--check-external', '--offline']);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain("option '--check-external' cannot be used with option '--offline'");
    }
  });

  it('is listed by check and build', async () => {
    for (const command of ['check', 'build']) expect((await runCli([command, '--help'])).stdout).toContain('--check-external');
  });
});

describe('links to files the site does not publish', () => {
  it('are broken: settings, sources, snippets, hidden and temporary files, and a file that is a symbolic link', async () => {
    const page = [
      '[settings](/docs.json)',
      '[snippet data](/snippets/data.json)',
      '[hidden](/.hidden.txt)',
      '[temporary](/notes.txt~)',
      '[script](/tool.js)',
      '[linked](/images/out.png)',
      '[fine](/images/real.png)',
      '[spec](/openapi.json)',
    ].join('\n\n');
    const root = tempRoot({
      'docs.json': docsJsonWith({ pages: ['index'] }),
      'index.mdx': `# Home\n\n${page}\n`,
      'snippets/data.json': '{}',
      '.hidden.txt': 'x',
      'notes.txt~': 'x',
      'tool.js': 'x',
      'images/real.png': 'png',
      'openapi.json': '{}',
      'outside.png': 'png',
    });
    symlinkSync(path.join(root, 'outside.png'), path.join(root, 'images/out.png'));
    const run = await runCli(['check', root, '--format', 'json']);
    const broken = (JSON.parse(run.stdout) as { diagnostics: Array<{ code: string; message: string; line: number }> }).diagnostics.filter((d) => d.code === 'links/missing-asset');
    expect(broken.map((d) => d.line)).toEqual([3, 5, 7, 9, 11, 13]);
    expect(broken[0]!.message).toContain('"/docs.json" is a file of the docs root that the site does not publish');
    expect(run.code).toBe(1);
  });
});
