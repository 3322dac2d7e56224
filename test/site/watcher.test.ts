import { mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { watchAndBuild } from '../../src/cli/watch.js';
import { build } from '../../src/pipeline/build.js';
import type { BuildOptions, BuildResult } from '../../src/pipeline/index.js';
import { ignoredPath } from '../../src/root/ignored-paths.js';
import { watchDocsRoot } from '../../src/site/watcher.js';
import { docsJsonWith, removeTempRoots, tempRoot } from '../helpers/temp-root.js';

afterAll(removeTempRoots);

const page = (title: string): string => `---\ntitle: ${title}\n---\n# ${title}\n`;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** `build --watch` in-process with the real watcher; records the changed files of each rebuild. */
function watching(root: string) {
  const controller = new AbortController();
  let stdout = '';
  const io: CliIo = { stdout: (text) => void (stdout += text), stderr: () => {}, isTTY: false, env: {}, cwd: root, signal: controller.signal };
  let builds = 0;
  const runBuild = async (options: BuildOptions): Promise<BuildResult> => {
    builds++;
    return build(options);
  };
  const done = watchAndBuild(io, { build: { root, outFile: path.join(root, '.docs-build', 'manifest.json') }, report: () => {}, runBuild, debounceMs: 40 }, controller.signal);
  return {
    get stdout() {
      return stdout;
    },
    get builds() {
      return builds;
    },
    async until(predicate: () => boolean, what: string): Promise<void> {
      const deadline = Date.now() + 8000;
      while (!predicate()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; output:\n${stdout}`);
        await sleep(20);
      }
    },
    stop: async () => {
      controller.abort();
      return done;
    },
  };
}

/** A save as `sed -i` and JetBrains' safe write do it: a new file renamed over the old one. */
function renameOverSave(file: string, text: string): void {
  const temporary = `${file}___jb_tmp___`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

describe('the docs watcher (build --watch and dev)', () => {
  it('keeps seeing a file after rename-over saves, deletes and re-creates, and new files in new folders', async () => {
    const root = tempRoot({ 'docs.json': docsJsonWith({ pages: ['index'] }), 'index.mdx': page('Home') });
    const watch = watching(root);
    await watch.until(() => watch.stdout.includes('watching'), 'the watcher to be ready');
    const file = path.join(root, 'index.mdx');
    for (const title of ['One', 'Two', 'Three']) {
      const before = watch.builds;
      renameOverSave(file, page(title));
      await watch.until(() => watch.builds > before && watch.stdout.includes('rebuilt'), `a rebuild after the save of "${title}"`);
      await sleep(150);
    }
    expect(watch.stdout).toContain('changed: index.mdx');
    expect(watch.stdout).not.toContain('___jb_tmp___');

    let before = watch.builds;
    rmSync(file);
    await watch.until(() => watch.builds > before, 'a rebuild after the delete');
    await sleep(150);
    before = watch.builds;
    writeFileSync(file, page('Back'));
    await watch.until(() => watch.builds > before, 'a rebuild after the re-creation');
    await sleep(150);

    before = watch.builds;
    mkdirSync(path.join(root, 'guides', 'deep'), { recursive: true });
    await sleep(200);
    writeFileSync(path.join(root, 'guides', 'deep', 'new.mdx'), page('New'));
    await watch.until(() => watch.stdout.includes('guides/deep/new.mdx'), 'the new file in a new folder');
    expect(await watch.stop()).toBe(0);
  });

  it('ignores editor swap and temporary files and its own output', async () => {
    const root = tempRoot({ 'docs.json': docsJsonWith({ pages: ['index'] }), 'index.mdx': page('Home') });
    const watch = watching(root);
    await watch.until(() => watch.stdout.includes('watching'), 'the watcher to be ready');
    const builds = watch.builds;
    for (const name of ['.index.mdx.swp', 'index.mdx~', '4913', '.#index.mdx', 'index.mdx___jb_old___', '.docs.json.123.abcdef.tmp']) writeFileSync(path.join(root, name), 'x');
    mkdirSync(path.join(root, 'node_modules', 'x'), { recursive: true });
    writeFileSync(path.join(root, 'node_modules', 'x', 'a.mdx'), 'x');
    await sleep(600);
    expect(watch.builds).toBe(builds);
    expect(await watch.stop()).toBe(0);
  });

  it("reports a second save within chokidar's 50 ms throttle of a file's changes", async () => {
    const root = tempRoot({ 'docs.json': docsJsonWith({ pages: ['index'] }), 'index.mdx': page('Home') });
    const file = path.join(root, 'index.mdx');
    const reports: Array<{ text: string }> = [];
    let ready!: () => void;
    const started = new Promise<void>((resolve) => (ready = resolve));
    const watcher = watchDocsRoot(root, { onChange: (relative) => relative === 'index.mdx' && reports.push({ text: readFileSync(file, 'utf8') }), onError: () => {}, onReady: () => ready() });
    await started;
    try {
      for (let round = 0; round < 3; round++) {
        reports.length = 0;
        writeFileSync(file, page(`First ${round}`));
        // Each wait has its own deadline, long enough for a loaded CI machine.
        const firstDeadline = Date.now() + 15_000;
        while (reports.length === 0 && Date.now() < firstDeadline) await sleep(2);
        expect(reports.length, `round ${round}: the first save was reported`).toBeGreaterThan(0);
        // A formatter writing again just after: chokidar reports no change of this file for 50 ms.
        // Reports are told apart by their order, not their time: on a loaded machine two reports of the
        // first save and the second save can share a millisecond.
        const reportedBefore = reports.length;
        writeFileSync(file, page(`Second ${round}`));
        const secondDeadline = Date.now() + 15_000;
        while (reports.length === reportedBefore && Date.now() < secondDeadline) await sleep(5);
        expect(reports.slice(reportedBefore).some((report) => report.text.includes(`Second ${round}`)), `round ${round}: the second save was reported`).toBe(true);
      }
    } finally {
      await watcher.close();
    }
  }, 100_000);

  it("reports no change for the root's symbolic links when it starts, and a real change after", async () => {
    const root = tempRoot({ 'docs.json': docsJsonWith({ pages: ['index'] }), 'index.mdx': page('Home') });
    symlinkSync('..', path.join(root, 'up'));
    symlinkSync('index.mdx', path.join(root, 'home.mdx'));
    const changes: string[] = [];
    let ready!: () => void;
    const started = new Promise<void>((resolve) => (ready = resolve));
    const watcher = watchDocsRoot(root, { onChange: (relative) => changes.push(relative), onError: () => {}, onReady: () => ready() });
    try {
      await started;
      await sleep(300);
      expect(changes).toEqual([]);
      writeFileSync(path.join(root, 'new.mdx'), page('New'));
      const deadline = Date.now() + 5000;
      while (!changes.includes('new.mdx') && Date.now() < deadline) await sleep(20);
      expect(changes).toEqual(['new.mdx']);
    } finally {
      await watcher.close();
    }
  });

  it('tells editor temporaries from docs files', () => {
    for (const name of ['a.mdx.swp', 'dir/.a.mdx.swx', 'a.mdx~', 'dir/4913', '.#a.mdx', '#a.mdx#', 'a.mdx___jb_tmp___', '.goutputstream-XYZ', 'a.crswap', '.DS_Store', 'node_modules/a.mdx', '.docs-build/manifest.json', '.git/HEAD']) {
      expect(ignoredPath(name), name).toBe(true);
    }
    for (const name of ['a.mdx', 'docs.json', 'api/openapi.yaml', 'snippets/s.mdx', 'images/logo~dark.png', '.mintignore', 'swap.mdx']) {
      expect(ignoredPath(name), name).toBe(false);
    }
  });
});
