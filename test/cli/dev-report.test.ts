import { describe, expect, it } from 'vitest';
import { problemsToPrint } from '../../src/cli/dev.js';
import { createDiagnostic, formatHuman } from '../../src/diagnostics/index.js';

const error = (file: string, line: number) => createDiagnostic('links/broken-link', `no page at ${line}`, { file, line, column: 1 });
const warning = (file: string) => createDiagnostic('links/broken-anchor', 'no anchor', { file, line: 2, column: 1 });

describe("the preview's terminal", () => {
  it('prints every problem after the first build, then only what an edit changed: its files and new errors', () => {
    const old = [error('old.mdx', 1), error('old.mdx', 2), warning('other.mdx')];
    const first = problemsToPrint(old, [], new Set());
    expect(first.problems).toHaveLength(3);
    const edited = [...old, error('page.mdx', 9), warning('page.mdx'), error('linked.mdx', 4)];
    const next = problemsToPrint(edited, ['page.mdx'], first.errorKeys);
    expect(next.problems.map((d) => `${d.severity} ${d.file}:${d.line}`)).toEqual(['error page.mdx:9', 'warning page.mdx:2', 'error linked.mdx:4']);
    // The same build again: nothing new to print.
    expect(problemsToPrint(edited, ['page.mdx'], next.errorKeys).problems.map((d) => d.file)).toEqual(['page.mdx', 'page.mdx']);
  });

  it('a list printed without its own summary line (the preview prints one, of everything)', () => {
    expect(formatHuman([error('a.mdx', 1)], { summary: false })).not.toMatch(/\d+ errors?, \d+ warnings?/);
    expect(formatHuman([error('a.mdx', 1)])).toMatch(/1 error, 0 warnings, 0 infos\n$/);
  });
});
