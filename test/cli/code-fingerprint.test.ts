import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generatorVersion } from '../../src/version.js';
import { docsJsonWith, removeTempRoots, tempRoot } from '../helpers/temp-root.js';

afterAll(removeTempRoots);

const project = path.resolve(import.meta.dirname, '../..');

/** The bundled CLI, as users run it (`npm test` builds it first); its output, whatever the exit code. */
function cli(...args: string[]): string {
  try {
    return execFileSync(process.execPath, [path.join(project, 'bin/docs-build.js'), ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

describe("the cache is the code's, not only the version's", () => {
  it('is keyed by the fingerprint the build left in dist/, and a cache of the same version but other code is started afresh', () => {
    const root = tempRoot({ 'docs.json': docsJsonWith({ pages: ['index'] }), 'index.mdx': '---\ntitle: Home\n---\n\nHello.\n' });
    const { fingerprint } = JSON.parse(readFileSync(path.join(project, 'dist/code-fingerprint.json'), 'utf8')) as { fingerprint: string };
    expect(fingerprint).toMatch(/^[0-9a-f]{16}$/);
    const meta = path.join(root, '.docs-build/cache/cache-meta.json');

    expect(cli('build', root)).not.toContain('cache/ignored');
    const written = JSON.parse(readFileSync(meta, 'utf8')) as { generator: string };
    expect(written.generator).toBe(`docs-build@${generatorVersion}+${fingerprint}`);
    expect(cli('build', root)).not.toContain('cache/ignored');

    // What an older build of the same version leaves behind.
    writeFileSync(meta, JSON.stringify({ ...written, generator: `docs-build@${generatorVersion}+0000000000000000` }));
    expect(cli('build', root)).toContain(`written by docs-build@${generatorVersion}+0000000000000000`);
    expect(JSON.parse(readFileSync(meta, 'utf8')).generator).toBe(written.generator);
  }, 60_000);
});
