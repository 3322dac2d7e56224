import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { watchAndBuild } from '../../src/cli/watch.js';
import { createDiagnostic, formatGithub, formatHuman } from '../../src/diagnostics/index.js';
import { runCli } from '../helpers/cli.js';
import { docsJsonWith, removeTempRoots, tempRoot } from '../helpers/temp-root.js';

/*
 * Names and lines of the docs reach the terminal in every report: a page name holding an escape
 * sequence or a line break must not clear, retitle or recolour the reader's terminal, nor print a line
 * of its own choosing.
 */

afterAll(removeTempRoots);

/** Control characters but the line breaks between a report's own lines. */
const controlsOf = (report: string): string[] => [...report.replace(/\n/g, '')].filter((char) => /[\u0000-\u001f\u007f-\u009f]/.test(char));

describe('reports print no control character of the docs', () => {
  const hostile = 'a\u001b]0;pwned\u0007\u001b[2J\nerror forged line\u009b31m';

  it('messages, hints, related places and file names show control characters as visible pictures', () => {
    const diagnostic = createDiagnostic('navigation/page-not-found', `page "${hostile}" has no .mdx or .md file`, { file: `docs\u001b[8m.json`, line: 1, column: 1 }, {
      suggestion: `did you mean "${hostile}"?`,
      related: [{ file: 'x.mdx', line: 1, column: 1, message: hostile }],
    });
    const human = formatHuman([diagnostic]);
    expect(controlsOf(human)).toEqual([]);
    expect(human).toContain('a␛]0;pwned␇␛[2J␊error forged line\ufffd31m');
    expect(human.split('\n').some((line) => line.startsWith('error forged line'))).toBe(false);
    expect(human).toContain('docs␛[8m.json:1:1');
    // GitHub's format names the file as it is (escaped by its own rules), so the annotation lands on it;
    // the text after `::` is printed.
    const github = formatGithub([diagnostic]);
    expect(github.split('\n').filter((line) => line.startsWith('::'))).toHaveLength(1);
    expect(github).toContain('file=docs\u001b[8m.json,');
    expect(controlsOf(github.split('::').at(-1)!)).toEqual([]);
  });

  it("a code frame shows a line's control characters one column each: the marker stays under its column", () => {
    const line = '\u001b[2J\u001b[31mText then bad word';
    const column = line.indexOf('bad') + 1;
    const report = formatHuman([createDiagnostic('content/unknown-component', 'here', { file: 'page.mdx', line: 1, column })], { readSource: () => `${line}\n` });
    expect(controlsOf(report)).toEqual([]);
    const frame = report.split('\n');
    const source = frame.find((text) => text.includes('Text then bad'))!;
    const marker = frame[frame.indexOf(source) + 1]!;
    expect(source.indexOf('bad')).toBe(marker.indexOf('^'));
  });

  it('build --watch prints the changed files without their escape sequences', async () => {
    const root = tempRoot({ 'docs.json': docsJsonWith({ pages: ['index'] }), 'index.mdx': '---\ntitle: Home\n---\n\nHi.\n' });
    const controller = new AbortController();
    let stdout = '';
    const io = { stdout: (text: string) => void (stdout += text), stderr: () => {}, isTTY: false, env: {}, cwd: root, signal: controller.signal };
    const done = watchAndBuild(io, { build: { root, outFile: path.join(root, '.docs-build', 'manifest.json') }, report: () => {}, debounceMs: 20 }, controller.signal);
    try {
      for (const deadline = Date.now() + 8000; !stdout.includes('watching') && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 20));
      writeFileSync(path.join(root, 'x\u001b]0;pwned\u0007.mdx'), '# X\n');
      for (const deadline = Date.now() + 8000; !stdout.includes('rebuilt') && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(stdout).toContain('changed: x␛]0;pwned␇.mdx');
      expect(controlsOf(stdout)).toEqual([]);
    } finally {
      controller.abort();
      await done;
    }
  });

  it('check prints a hostile page name of docs.json without its escape sequences', async () => {
    const root = tempRoot({ 'docs.json': docsJsonWith({ pages: ['index', hostile] }), 'index.mdx': '---\ntitle: Home\n---\n\nHi.\n' });
    const run = await runCli(['check', root]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('navigation/page-not-found');
    expect(controlsOf(run.stdout)).toEqual([]);
  });
});
