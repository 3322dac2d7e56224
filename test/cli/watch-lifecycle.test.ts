import { spawn } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { watchAndBuild, type WatchOptions } from '../../src/cli/watch.js';
import { build } from '../../src/pipeline/build.js';
import type { BuildOptions, BuildResult } from '../../src/pipeline/index.js';
import { docsJsonWith, removeTempRoots, tempRoot } from '../helpers/temp-root.js';

afterAll(removeTempRoots);

const projectDir = fileURLToPath(new URL('../../', import.meta.url));
const site = (): string => tempRoot({ 'docs.json': docsJsonWith({ pages: ['index'] }), 'index.mdx': '---\ntitle: Home\n---\n# Home\n' });

interface Watching {
  out: { stdout: string; stderr: string };
  done: Promise<number>;
  stop(): void;
}

/** Watches `root` in-process with the real watcher and the real build (or `runBuild` around it). */
function startWatching(root: string, runBuild?: WatchOptions['runBuild'], cwd = root): Watching {
  const controller = new AbortController();
  const out = { stdout: '', stderr: '' };
  const io: CliIo = {
    stdout: (text) => void (out.stdout += text),
    stderr: (text) => void (out.stderr += text),
    isTTY: false,
    env: {},
    cwd,
    signal: controller.signal,
  };
  const options: WatchOptions = { build: { root, outFile: path.join(root, '.docs-build', 'manifest.json') }, report: () => io.stdout('built\n'), rootCheckMs: 100 };
  if (runBuild) options.runBuild = runBuild;
  return { out, done: watchAndBuild(io, options, controller.signal), stop: () => controller.abort() };
}

/** The real build, except that the calls numbered in `failing` (1 = the first build) throw as a bug would. */
function buildFailingAt(...failing: number[]): (options: BuildOptions) => Promise<BuildResult> {
  let calls = 0;
  return async (options) => {
    calls++;
    if (failing.includes(calls)) throw new TypeError(`cannot read properties of undefined (build ${calls})`);
    return build(options);
  };
}

const edit = (root: string, title: string): void => writeFileSync(path.join(root, 'index.mdx'), `---\ntitle: ${title}\n---\n# ${title}\n`);
const count = (text: string, pattern: RegExp): number => text.match(new RegExp(pattern.source, 'g'))?.length ?? 0;

describe('watch mode: a build that throws is reported, and watching goes on', () => {
  it('a rebuild that throws: one report (no stack), then the next change rebuilds; Ctrl-C exits with the last build', async () => {
    const root = site();
    const watching = startWatching(root, buildFailingAt(2));
    await expect.poll(() => watching.out.stdout, { timeout: 10_000 }).toContain('watching . for changes');
    edit(root, 'Two');
    await expect.poll(() => watching.out.stderr, { timeout: 10_000 }).toContain('still watching');
    expect(watching.out.stderr).toBe(
      'docs-build: internal error: cannot read properties of undefined (build 2)\n' +
        'This is a bug in docs-build: please report it with the command you ran and this message (DOCS_BUILD_DEBUG=1 adds the stack).\n' +
        'docs-build: still watching; the next change rebuilds\n',
    );
    edit(root, 'Three');
    await expect.poll(() => count(watching.out.stdout, /rebuilt in \d+ ms/), { timeout: 10_000 }).toBe(1);
    watching.stop();
    expect(await watching.done).toBe(0);
  }, 30_000);

  it('Ctrl-C right after a rebuild that threw exits 2', async () => {
    const root = site();
    const watching = startWatching(root, buildFailingAt(2));
    await expect.poll(() => watching.out.stdout, { timeout: 10_000 }).toContain('watching . for changes');
    edit(root, 'Two');
    await expect.poll(() => watching.out.stderr, { timeout: 10_000 }).toContain('still watching');
    watching.stop();
    expect(await watching.done).toBe(2);
  }, 30_000);

  it('the first build throwing is reported the same way, and watching starts anyway', async () => {
    const root = site();
    const watching = startWatching(root, buildFailingAt(1));
    await expect.poll(() => watching.out.stdout, { timeout: 10_000 }).toContain('watching . for changes');
    expect(watching.out.stderr).toContain('internal error: cannot read properties of undefined (build 1)');
    edit(root, 'Two');
    await expect.poll(() => watching.out.stdout, { timeout: 10_000 }).toMatch(/rebuilt in \d+ ms: 0 errors/);
    watching.stop();
    expect(await watching.done).toBe(0);
  }, 30_000);
});

describe('watch mode: the root going away ends it with a message and exit code 1', () => {
  const gone = 'docs-build: the docs root . was deleted or renamed; stopped watching\n';

  it.each([
    ['renamed', (root: string) => renameSync(root, `${root}-moved`)],
    ['deleted', (root: string) => rmSync(root, { recursive: true, force: true })],
    ['replaced by another folder', (root: string) => {
      rmSync(root, { recursive: true, force: true });
      mkdirSync(root);
      writeFileSync(path.join(root, 'docs.json'), docsJsonWith({ pages: ['index'] }));
    }],
  ])('%s', async (_, remove) => {
    const root = site();
    const watching = startWatching(root);
    await expect.poll(() => watching.out.stdout, { timeout: 10_000 }).toContain('watching . for changes');
    remove(root);
    const started = performance.now();
    expect(await watching.done).toBe(1);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(watching.out.stderr).toBe(gone);
    rmSync(`${root}-moved`, { recursive: true, force: true });
  }, 30_000);

  it('a root that is missing from the start is not watched', async () => {
    const parent = site();
    const watching = startWatching(path.join(parent, 'missing'), undefined, parent);
    expect(await watching.done).toBe(1);
    expect(watching.out.stderr).toBe('docs-build: the docs root missing is not a folder; nothing to watch\n');
  });

  it('docs-build build --watch in a real process: the root renamed away exits 1 with the message (it exited 13, silently)', async () => {
    const root = site();
    // From the project folder, where `--import tsx` resolves.
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/robustness/support/cli-src.ts', 'build', root, '--watch'], {
      cwd: projectDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const shown = path.relative(projectDir, root);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      if (stdout.includes(`watching ${shown} for changes`) && !stdout.includes('(renamed)')) {
        stdout += '(renamed)';
        renameSync(root, `${root}-moved`);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString('utf8')));
    const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    clearTimeout(killer);
    rmSync(`${root}-moved`, { recursive: true, force: true });
    // A first build slower than a second also prints its progress on stderr.
    expect(stderr.replace(/^pages: .*\n/gm, '')).toBe(`docs-build: the docs root ${shown} was deleted or renamed; stopped watching\n`);
    expect(code).toBe(1);
  }, 30_000);
});
