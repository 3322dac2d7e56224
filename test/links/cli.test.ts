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
