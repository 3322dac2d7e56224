import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { progressReporter } from '../../src/cli/progress.js';
import { SiteCompiler } from '../../src/site/compiler.js';
import type { BuildOptions } from '../../src/pipeline/index.js';

function memoryIo(isTTY: boolean): { io: CliIo; err: () => string } {
  let err = '';
  const io: CliIo = { stdout: () => undefined, stderr: (text) => void (err += text), isTTY, env: {}, cwd: '/', signal: new AbortController().signal };
  return { io, err: () => err };
}

/** One build's reports: `fromCache` pages found at once, then the rest one by one, `stepMs` apart. */
function parse(report: ReturnType<typeof progressReporter>, total: number, fromCache: number, stepMs: number): void {
  report({ phase: 'pages', done: fromCache, total });
  for (let done = fromCache + 1; done <= total; done++) {
    vi.advanceTimersByTime(stepMs);
    report({ phase: 'pages', done, total });
  }
}

describe('the progress of a build', () => {
  beforeEach(() => void vi.useFakeTimers({ toFake: ['performance'] }));
  afterEach(() => void vi.useRealTimers());

  it('prints a line at each quarter in a log, and nothing for a build that parses less than a second', () => {
    const { io, err } = memoryIo(false);
    const report = progressReporter(io);
    parse(report, 8, 0, 400);
    // From the first report after a second (3/8), each quarter crossed once.
    expect(err()).toBe('pages: 3/8 parsed\npages: 4/8 parsed\npages: 6/8 parsed\npages: 8/8 parsed\n');
    const quick = memoryIo(false);
    parse(progressReporter(quick.io), 8, 0, 100);
    expect(quick.err()).toBe('');
  });

  it('serves every build of a long-lived command: each parse starts anew, one with every page cached prints nothing', () => {
    const { io, err } = memoryIo(false);
    const report = progressReporter(io);
    parse(report, 8, 0, 400);
    const first = err();
    vi.advanceTimersByTime(60_000);
    parse(report, 8, 8, 400);
    expect(err()).toBe(first);
    parse(report, 8, 2, 400);
    // Its second counts from its own start: 5/8 is its first report after a second.
    expect(err().slice(first.length)).toBe('pages: 5/8 parsed\npages: 6/8 parsed\npages: 8/8 parsed\n');
  });

  it('redraws one bar in a terminal and ends it with a line break', () => {
    const { io, err } = memoryIo(true);
    parse(progressReporter(io), 4, 0, 600);
    expect(err()).toBe(`\r  pages [${'#'.repeat(15)}${'.'.repeat(15)}] 2/4\r  pages [${'#'.repeat(23)}${'.'.repeat(7)}] 3/4\r  pages [${'#'.repeat(30)}] 4/4\n`);
  });
});

describe("the preview's and the export's compiler", () => {
  it('hands its progress reporter to every build', async () => {
    const seen: Array<BuildOptions['onProgress']> = [];
    const onProgress = (): void => undefined;
    const compiler = new SiteCompiler({ root: '/nowhere', onProgress, runBuild: async (options) => (seen.push(options.onProgress), { diagnostics: [] }) });
    await compiler.compile();
    await compiler.compile();
    expect(seen).toEqual([onProgress, onProgress]);
  });
});
