import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../src/diagnostics/catalog.js';
import { BEGIN, codeTable, END } from '../../scripts/diagnostics-doc.js';

const testDir = path.resolve(import.meta.dirname, '..');

function testSources(): string {
  const texts: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.test\.ts$/.test(entry.name) && full !== import.meta.filename) texts.push(readFileSync(full, 'utf8'));
    }
  };
  walk(testDir);
  return texts.join('\n');
}

describe('the diagnostic catalog', () => {
  it('codes are <stage>/<name> with the stage of their entry', () => {
    for (const [code, entry] of Object.entries(catalog)) {
      expect(code).toMatch(/^[a-z]+\/[a-z0-9-]+$/);
      expect(code.split('/')[0]).toBe(entry.stage);
    }
  });

  it('every code is exercised by at least one test', () => {
    const sources = testSources();
    // A code counts when a test names it as a string of its own or at the start of a `code file:line:col` summary.
    const untested = Object.keys(catalog).filter((code) => {
      const [stage, name] = code.split('/');
      return !new RegExp(`['"\`/^]${stage}\\\\?/${name}['"\` /]`).test(sources);
    });
    expect(untested).toEqual([]);
  });

  it('docs/diagnostics.md lists every code (regenerate with `npx tsx scripts/diagnostics-doc.ts`)', () => {
    const doc = readFileSync(path.resolve(testDir, '../docs/diagnostics.md'), 'utf8');
    expect(doc.slice(doc.indexOf(BEGIN) + BEGIN.length, doc.indexOf(END)).trim()).toBe(codeTable());
  });
});
