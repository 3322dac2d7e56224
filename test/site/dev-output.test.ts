import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { docsJsonWith, removeTempRoots, tempRoot } from '../helpers/temp-root.js';

afterAll(removeTempRoots);

/*
 * What `docs-build dev` prints: every problem after the first build; after an edit, the errors and the
 * problems of the files just changed, with a summary that still counts all (a site with hundreds of
 * warnings does not print them again on every save).
 */
describe('docs-build dev output', () => {
  it('prints the warnings of the edited file on a rebuild, not those of every file', async () => {
    const root = tempRoot({
      'docs.json': docsJsonWith({ groups: [{ group: 'Start', pages: ['index', 'other'] }] }),
      'index.mdx': '---\ntitle: Home\n---\n\nWelcome.\n',
      'other.mdx': '---\ntitle: Other\n---\n\n<Cardd title="x" />\n',
    });
    const { devCommand } = await import('../../src/cli/dev.js');
    const controller = new AbortController();
    let stdout = '';
    const io: CliIo = { stdout: (text) => void (stdout += text), stderr: (text) => void (stdout += text), isTTY: false, env: {}, cwd: root, signal: controller.signal };
    const done = devCommand(io, root, { cache: true, port: '0' }, controller.signal);
    try {
      await expect.poll(() => stdout, { timeout: 60_000 }).toMatch(/docs-build dev: http/);
      // The server listens before its first build: the build's problems and summary come after the URL.
      await expect.poll(() => stdout, { timeout: 60_000 }).toMatch(/\nbuilt in \d+ ms/);
      expect(stdout.indexOf('docs-build dev: http')).toBeLessThan(stdout.indexOf('built in'));
      expect(stdout).toMatch(/other\.mdx:5:1 warning <Cardd>/);
      const before = stdout.length;
      // Edited before any page was served, so before the docs root is watched (plugin.ts,
      // watchRootLater): the build run when the watch is ready finds the change and names the file.
      const page = path.join(root, 'index.mdx');
      writeFileSync(page, readFileSync(page, 'utf8').replace('Welcome.', 'Welcome <Notee>here</Notee>.'));
      await expect.poll(() => stdout.slice(before), { timeout: 60_000 }).toMatch(/rebuilt in \d+ ms/);
      const rebuild = stdout.slice(before);
      expect(rebuild).toMatch(/index\.mdx:5:\d+ warning <Notee>/);
      expect(rebuild).not.toContain('<Cardd>');
      expect(rebuild).toMatch(/0 errors, 2 warnings/);
      expect(rebuild).toMatch(/changed: index\.mdx/);
    } finally {
      controller.abort();
      await done;
    }
  });
});
