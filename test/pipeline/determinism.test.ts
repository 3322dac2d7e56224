import { appendFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeSite } from '../../bench/generate.js';
import { build, serializeManifest } from '../../src/index.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * A generated site large enough for the parse pool (its default threshold is 48 pages), with pages of
 * very different sizes: a few are padded to hundreds of KB, so workers finish their batches in an
 * order unlike the navigation's.
 */
function unevenSite(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'docs-build-determinism-'));
  made.push(dir);
  const summary = writeSite(dir, { pages: 160, seed: 7 });
  expect(summary.pages).toBe(160);
  const pages = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.mdx')).sort();
  const paragraph = '\n\nA paragraph of filler text that makes this page long, with `code` and a [link](/index).';
  [300_000, 120_000, 40_000, 200_000].forEach((bytes, i) => appendFileSync(path.join(dir, pages[i * 30]!), paragraph.repeat(Math.ceil(bytes / paragraph.length))));
  return dir;
}

describe('determinism across threads', () => {
  it.skipIf(availableParallelism() < 2)('the manifest is byte-identical with several workers and on the main thread alone', { timeout: 120_000 }, async () => {
    const dir = unevenSite();
    const threads = await build({ root: dir, workers: 3 });
    const alone = await build({ root: dir, workers: 0 });
    expect(threads.manifest).toBeDefined();
    expect(Object.keys(threads.manifest!.pages).length).toBeGreaterThan(160);
    expect(serializeManifest(threads.manifest!)).toBe(serializeManifest(alone.manifest!));
    expect(JSON.stringify(threads.diagnostics)).toBe(JSON.stringify(alone.diagnostics));
  });
});
