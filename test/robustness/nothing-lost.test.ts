/**
 * Nothing lost: the manifest is written to a temporary file and renamed (src/root/atomic-write.ts).
 * - A build killed with SIGKILL at random moments (and right when its temporary file appears) leaves
 *   the previous manifest intact, or the complete new one: never a torn file.
 * - Two builds writing the same output at once leave one complete manifest, byte-identical to what one
 *   of them produces alone.
 * - A build with errors leaves an existing manifest byte-identical.
 * - No temporary file is left after a normal or a failed write; one left by a killed writer is removed
 *   by the next successful write.
 *
 * The builds are the real CLI in child processes (support/cli-src.ts: the CLI from the sources), on a
 * synthetic docs root whose manifest is about 15 MB, so that writing it takes long enough to be hit.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync, lstatSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/root/index.js';
import { projectDir, removeTempDirs, tempDir } from './support/build-runner.js';
import { copyRoot, fixturesDir } from './support/roots.js';

const cli = path.join(projectDir, 'test/robustness/support/cli-src.ts');
const previous = `${JSON.stringify({ manifestVersion: 1, previous: true, note: 'the manifest of an earlier build' }, null, 2)}\n`;

let bigRoot = '';
let otherRoot = '';
let referenceBig = '';
let referenceOther = '';
let buildMs = 0;

function cliArgs(root: string, outFile: string): string[] {
  return ['--import', 'tsx', cli, 'build', root, '--out', outFile, '--no-cache', '--offline', '--format', 'json'];
}

function runCli(root: string, outFile: string): { status: number | null; ms: number; stdout: string } {
  const started = performance.now();
  const result = spawnSync(process.execPath, cliArgs(root, outFile), { cwd: projectDir, encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, ms: performance.now() - started, stdout: result.stdout };
}

function startCli(root: string, outFile: string): ChildProcess {
  return spawn(process.execPath, cliArgs(root, outFile), { cwd: projectDir, stdio: 'ignore' });
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });
}

const temporaries = (dir: string): string[] => readdirSync(dir).filter((name) => name.endsWith('.tmp'));

/** fixtures/robust-api plus a 15 MB `redirects` list: a valid root whose manifest takes a while to write. */
function bigDocsRoot(marker: string): string {
  const root = copyRoot(path.join(fixturesDir, 'robust-api'));
  const config = JSON.parse(readFileSync(path.join(root, 'docs.json'), 'utf8')) as Record<string, unknown>;
  const redirects: Array<{ source: string; destination: string }> = [];
  // Every destination exists (the home page): the redirects are checked, and are fine.
  for (let i = 0; i < 150_000; i++) redirects.push({ source: `/${marker}/old/${i}`, destination: `/?from=${marker}-${i}` });
  writeFileSync(path.join(root, 'docs.json'), JSON.stringify({ ...config, redirects }, null, 2));
  return root;
}

beforeAll(() => {
  bigRoot = bigDocsRoot('a');
  otherRoot = bigDocsRoot('b');
  const dir = tempDir('docs-build-robust-ref-');
  const first = runCli(bigRoot, path.join(dir, 'a.json'));
  expect(first.status, first.stdout).toBe(0);
  const second = runCli(otherRoot, path.join(dir, 'b.json'));
  expect(second.status, second.stdout).toBe(0);
  referenceBig = readFileSync(path.join(dir, 'a.json'), 'utf8');
  referenceOther = readFileSync(path.join(dir, 'b.json'), 'utf8');
  expect(referenceBig.length).toBeGreaterThan(10_000_000);
  expect(temporaries(dir)).toEqual([]);
  buildMs = first.ms;
}, 180_000);

afterAll(removeTempDirs);

describe('a build killed mid-write', () => {
  it('SIGKILL at random moments leaves the previous manifest or the complete new one', async () => {
    const dir = tempDir('docs-build-robust-kill-');
    const outFile = path.join(dir, 'manifest.json');
    const outcomes = { previous: 0, complete: 0, midWrite: 0 };
    const kills = 6;
    for (let i = 0; i < kills; i++) {
      writeFileSync(outFile, previous);
      const child = startCli(bigRoot, outFile);
      // Spread over the whole run, a little past its usual end.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * buildMs * 1.1));
      child.kill('SIGKILL');
      await exited(child);
      if (temporaries(dir).length > 0) outcomes.midWrite++;
      const text = readFileSync(outFile, 'utf8');
      if (text === previous) outcomes.previous++;
      else {
        expect(text).toBe(referenceBig);
        outcomes.complete++;
      }
    }
    expect(outcomes.previous + outcomes.complete).toBe(kills);
    console.log(`[nothing-lost] ${kills} random SIGKILLs (run ~${Math.round(buildMs)} ms): ${outcomes.previous} left the previous manifest, ${outcomes.complete} the complete new one, ${outcomes.midWrite} hit a write in progress`);
  }, 240_000);

  it('SIGKILL the moment the temporary file appears leaves the previous manifest, and the next write cleans up', async () => {
    const dir = tempDir('docs-build-robust-kill-');
    const outFile = path.join(dir, 'manifest.json');
    let hits = 0;
    for (let i = 0; i < 3; i++) {
      writeFileSync(outFile, previous);
      const child = startCli(bigRoot, outFile);
      const done = exited(child);
      let finished = false;
      void done.then(() => (finished = true));
      // Poll for the temporary file; kill as soon as it exists (the write is under way).
      while (!finished && temporaries(dir).length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
      child.kill('SIGKILL');
      await done;
      const text = readFileSync(outFile, 'utf8');
      expect([previous, referenceBig]).toContain(text);
      if (text === previous && temporaries(dir).length > 0) hits++;
    }
    // The polling must have caught the write at least once, or the test proved nothing.
    expect(hits).toBeGreaterThan(0);
    // A killed writer cannot remove its temporary file; the next successful write does.
    const rerun = runCli(bigRoot, outFile);
    expect(rerun.status).toBe(0);
    expect(readFileSync(outFile, 'utf8')).toBe(referenceBig);
    expect(temporaries(dir)).toEqual([]);
  }, 240_000);
});

describe('concurrent builds', () => {
  it('two builds writing the same output at once leave one complete manifest', async () => {
    const dir = tempDir('docs-build-robust-race-');
    const outFile = path.join(dir, 'manifest.json');
    for (let round = 0; round < 2; round++) {
      writeFileSync(outFile, previous);
      const first = startCli(bigRoot, outFile);
      const second = startCli(otherRoot, outFile);
      const results = await Promise.all([exited(first), exited(second)]);
      expect(results).toEqual([
        { code: 0, signal: null },
        { code: 0, signal: null },
      ]);
      const text = readFileSync(outFile, 'utf8');
      // Byte-identical to one of the two, never a mix.
      expect(text === referenceBig || text === referenceOther).toBe(true);
      expect(temporaries(dir)).toEqual([]);
    }
  }, 240_000);
});

describe('errors and failed writes', () => {
  it('a build with errors leaves an existing manifest byte-identical', () => {
    const root = copyRoot(path.join(fixturesDir, 'robust-api'));
    writeFileSync(path.join(root, 'docs.json'), readFileSync(path.join(root, 'docs.json'), 'utf8').replace('"theme": "mint"', '"theme": "sepia"'));
    const dir = tempDir('docs-build-robust-err-');
    const outFile = path.join(dir, 'manifest.json');
    writeFileSync(outFile, previous);
    const before = statSync(outFile);
    const result = runCli(root, outFile);
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stdout).diagnostics.map((d: { code: string }) => d.code)).toContain('config/invalid-enum');
    expect(readFileSync(outFile, 'utf8')).toBe(previous);
    expect(statSync(outFile).mtimeMs).toBe(before.mtimeMs);
    expect(temporaries(dir)).toEqual([]);
  }, 60_000);

  it('an output that is a folder is refused with a diagnostic, before any temporary file is made', () => {
    const dir = tempDir('docs-build-robust-fail-');
    const outFile = path.join(dir, 'manifest.json');
    mkdirSync(outFile);
    writeFileSync(path.join(outFile, 'keep.txt'), 'kept');
    const result = runCli(copyRoot(path.join(fixturesDir, 'robust-api')), outFile);
    expect(result.status).toBe(1);
    const codes = JSON.parse(result.stdout).diagnostics.map((d: { code: string }) => d.code) as string[];
    expect(codes).toContain('manifest/output-refused');
    expect(readFileSync(path.join(outFile, 'keep.txt'), 'utf8')).toBe('kept');
    expect(temporaries(dir)).toEqual([]);
  }, 60_000);
});

describe('writeFileAtomic', () => {
  it('cleans up its temporary file when the rename fails, and throws', () => {
    const dir = tempDir('docs-build-robust-write-');
    const target = path.join(dir, 'manifest.json');
    mkdirSync(target);
    writeFileSync(path.join(target, 'x'), 'x');
    expect(() => writeFileAtomic(target, '{}')).toThrow();
    expect(readdirSync(dir)).toEqual(['manifest.json']);
  });

  it('throws without leaving anything when the folder is not writable', () => {
    if (process.getuid?.() === 0) {
      // root ignores permission bits; use a file in place of the folder instead.
      const dir = tempDir('docs-build-robust-write-');
      writeFileSync(path.join(dir, 'not-a-folder'), 'x');
      expect(() => writeFileAtomic(path.join(dir, 'not-a-folder', 'manifest.json'), '{}')).toThrow();
      expect(readdirSync(dir)).toEqual(['not-a-folder']);
      return;
    }
    const dir = tempDir('docs-build-robust-write-');
    chmodSync(dir, 0o555);
    try {
      expect(() => writeFileAtomic(path.join(dir, 'manifest.json'), '{}')).toThrow();
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      chmodSync(dir, 0o755);
    }
  });

  it('keeps the permission bits of the file it replaces, and writes through a symbolic link', () => {
    const dir = tempDir('docs-build-robust-write-');
    const real = path.join(dir, 'real.json');
    writeFileSync(real, 'old');
    chmodSync(real, 0o600);
    const link = path.join(dir, 'link.json');
    symlinkSync(real, link);
    writeFileAtomic(link, 'new');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(real, 'utf8')).toBe('new');
    expect(statSync(real).mode & 0o777).toBe(0o600);
    expect(temporaries(dir)).toEqual([]);
  });

  it('removes temporary files of dead writers of the same target, and only those', () => {
    const dir = tempDir('docs-build-robust-write-');
    const target = path.join(dir, 'manifest.json');
    // A pid that cannot be running (above the kernel's pid_max), this process's, and another target's.
    const dead = '.manifest.json.4194999.abcdef012345.tmp';
    const alive = `.manifest.json.${process.ppid}.abcdef012345.tmp`;
    const other = '.other.json.4194999.abcdef012345.tmp';
    for (const name of [dead, alive, other]) writeFileSync(path.join(dir, name), 'partial');
    writeFileAtomic(target, '{}');
    expect(readdirSync(dir).sort()).toEqual([alive, other, 'manifest.json'].sort());
    rmSync(path.join(dir, alive));
    expect(existsSync(path.join(dir, other))).toBe(true);
  });
});
