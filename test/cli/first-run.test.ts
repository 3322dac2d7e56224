import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { docsJsonWith, removeTempRoots, tempRoot } from '../helpers/temp-root.js';

afterAll(removeTempRoots);

const project = path.resolve(import.meta.dirname, '../..');

describe('a first run', () => {
  it('without docs.json names the folder it looked in, and a docs.json further down', async () => {
    const empty = tempRoot({ 'README.md': '# Repo\n' });
    const run = await runCli(['build', empty]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`error no docs.json in ${empty}, the docs root docs-build looked in config/missing`);
    expect(run.stdout).toContain('hint: create docs.json there, or pass the folder that holds it: docs-build build <folder>');

    const repo = tempRoot({ 'package.json': '{}', 'docs/docs.json': docsJsonWith({ pages: ['index'] }), 'docs/index.mdx': '# Home\n' });
    const nested = await runCli(['check', repo]);
    expect(nested.stdout).toContain(`hint: did you mean the docs root ${path.join(repo, 'docs')}? (it holds docs/docs.json)`);
  });

  it('the README says to keep .docs-build/ out of git', () => {
    const readme = readFileSync(path.join(project, 'README.md'), 'utf8');
    expect(readme).toMatch(/```[a-z]*\n(?:.*\n)*?\.docs-build\/\n(?:.*\n)*?```/);
    expect(readme).toContain('.gitignore');
  });

  it('the example builds clean, and the page counts add up to the total', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'docs-build-example-'));
    try {
      const run = await runCli(['build', 'docs-example', '--out', path.join(out, 'manifest.json'), '--no-cache'], { cwd: project });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const [summary, built, ...rest] = run.stdout.split('\n');
      expect(summary).toBe('0 errors, 0 warnings, 0 infos; 2 ignored (2 turned off in docs-build.json)');
      const counts = /^built (\d+) pages \((\d+) MDX, (\d+) MDX API, (\d+) generated from 2 OpenAPI files\) -> .*manifest\.json in \d+ ms$/.exec(built!);
      expect(counts, built).not.toBeNull();
      const [total, mdx, api, generated] = counts!.slice(1).map(Number);
      expect(mdx! + api! + generated!).toBe(total);
      expect(rest).toEqual(['']);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
