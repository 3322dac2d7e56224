import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const project = path.resolve(import.meta.dirname, '../..');

describe('the theme outside Vite', () => {
  // `npm run fuzz` renders pages with the layout in plain Node (through tsx): a static `?worker` import
  // in the search client, which only Vite resolves, broke it for a whole stop without a test noticing.
  it('the layout and the content renderer load in plain Node, as the fuzz script loads them', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', "await import('./test/robustness/support/theme-invariants.ts'); console.log('loaded');"], {
      cwd: project,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('loaded');
  }, 90_000);
});
