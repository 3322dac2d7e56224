import { spawn } from 'node:child_process';
import { openSync, closeSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { internalErrorText } from '../../src/cli/io.js';
import { inStage, StageFailure } from '../../src/diagnostics/index.js';
import { parseOnMainThread, startPagePool } from '../../src/mdx/page-pool.js';
import { removeTempRoots, tempRoot } from '../helpers/temp-root.js';

afterAll(removeTempRoots);

const projectDir = fileURLToPath(new URL('../../', import.meta.url));
const cliSource = 'test/robustness/support/cli-src.ts';
const site = {
  'docs.json': JSON.stringify({ theme: 'mint', name: 'Acme', colors: { primary: '#0D9373' }, navigation: { groups: [{ group: 'G', pages: ['a', 'missing-1', 'missing-2', 'missing-3'] }] } }),
  'a.mdx': '---\ntitle: A\n---\n\nText.\n',
};

interface Finished {
  code: number | null;
  stderr: string;
}

/** Runs the CLI from the sources with stdout going to `stdout`: a pipe read until `readBytes`, then closed, or a file descriptor. */
function runCli(args: string[], stdout: { readBytes: number } | { fd: number }): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', cliSource, ...args], {
      cwd: projectDir,
      stdio: ['ignore', 'fd' in stdout ? stdout.fd : 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    if ('readBytes' in stdout) {
      let read = 0;
      // Like `| head -c N`: read a little, then go away while the CLI is still writing.
      child.stdout!.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read >= stdout.readBytes) child.stdout!.destroy();
      });
    }
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('standard output that goes away or fills up', () => {
  it('`schema | head` ends quietly with exit 0 (it ended in an EPIPE stack trace)', async () => {
    const run = await runCli(['schema'], { readBytes: 10 });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });

  it('`check <root> | head` keeps the exit code the run had (1: missing pages)', async () => {
    const root = tempRoot(site);
    const run = await runCli(['check', root], { readBytes: 10 });
    // stderr may hold the progress line of a slow start; never an error.
    expect(run.stderr).not.toMatch(/EPIPE|Error|\n {4}at /);
    expect(run.code).toBe(1);
  });

  it.skipIf(!existsSync('/dev/full'))('`> /dev/full` is exit 2 with one line, not an ENOSPC stack trace', async () => {
    const fd = openSync('/dev/full', 'w');
    try {
      const run = await runCli(['schema'], { fd });
      expect(run.stderr).toBe('docs-build: cannot write to standard output: ENOSPC\n');
      expect(run.code).toBe(2);
    } finally {
      closeSync(fd);
    }
  });
});

describe('an exception inside a stage names the stage and the file', () => {
  // A page whose text is not a string cannot come from the root; it stands for any bug in the parser.
  const broken = { path: 'guides/broken.mdx', absolutePath: '/nowhere/guides/broken.mdx', text: 42 as unknown as string, hash: 'x', byteLength: 2 };
  const fine = { path: 'a.mdx', absolutePath: '/nowhere/a.mdx', text: '# A\n', hash: 'y', byteLength: 4 };

  it('a parse that throws on the main thread is a StageFailure naming the mdx stage and the page', () => {
    expect(() => parseOnMainThread([fine, broken])).toThrow(expect.objectContaining({ name: 'StageFailure', stage: 'mdx', file: 'guides/broken.mdx' }));
  });

  it('a parse that throws on a worker is the same StageFailure, not a dead worker or a hang', async () => {
    const pool = startPagePool({ workers: 1 });
    if (!pool) return; // one core: there are no workers to test
    try {
      await expect(pool.parse([fine, broken])).rejects.toMatchObject({ name: 'StageFailure', stage: 'mdx', file: 'guides/broken.mdx' });
    } finally {
      await pool.close();
    }
  });

  it('inStage passes an attributed failure through and attributes async work too', async () => {
    const inner = new StageFailure('mdx', 'a.mdx', new Error('x'));
    expect(() => inStage('manifest', undefined, () => { throw inner; })).toThrow(inner);
    await expect(inStage('openapi', 'api.yaml', async () => { throw new Error('late'); })).rejects.toMatchObject({ stage: 'openapi', file: 'api.yaml', message: 'late' });
  });

  it('the CLI prints one line naming them and one asking for a report; the stack only on request', () => {
    const failure = new StageFailure('openapi', 'specs/api.yaml', new RangeError('Maximum call stack size exceeded'));
    expect(internalErrorText(failure, {})).toBe(
      'docs-build: internal error in the openapi stage while reading specs/api.yaml: RangeError: Maximum call stack size exceeded\n' +
        'This is a bug in docs-build: please report it with the command you ran and this message (DOCS_BUILD_DEBUG=1 adds the stack).\n',
    );
    expect(internalErrorText(failure, { DOCS_BUILD_DEBUG: '1' })).toContain('RangeError: Maximum call stack size exceeded\n    at ');
    expect(internalErrorText(new Error('boom'), {}).split('\n')[0]).toBe('docs-build: internal error: boom');
  });
});
