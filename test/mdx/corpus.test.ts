import { fork } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { balanceInTwo } from '../helpers/balance.js';
import type { CorpusResult } from './corpus-worker.js';

// Every .mdx/.md page of every real corpus (about 13k pages, 42 MB): no exception, and every diagnostic
// has a line and column. Two child processes share the corpora so the run stays well under a minute.
const corpora = fileURLToPath(new URL('../../../shared/corpora', import.meta.url));
const names = existsSync(corpora) ? readdirSync(corpora).filter((name) => !name.startsWith('_') && statSync(`${corpora}/${name}`).isDirectory()).sort() : [];

/** Sizes in MB, measured once, to split the work evenly (largest first, to the lighter half). */
const approximateMb: Record<string, number> = { 'firecrawl-docs': 12.4, box: 8.1, 'mintlify-docs': 7.7, 'dify-docs': 6.4, 'upstash-docs': 4, 'trigger-dev': 2.4 };

function runWorker(group: string[]): Promise<CorpusResult[]> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./corpus-worker.ts', import.meta.url)), [corpora, ...group], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let results: CorpusResult[] | undefined;
    child.on('message', (message) => (results = message as CorpusResult[]));
    child.on('error', reject);
    child.on('exit', (code) => (results ? resolve(results) : reject(new Error(`corpus worker exited with ${code} and no results`))));
  });
}

describe.skipIf(names.length === 0)('every page of every corpus', () => {
  const results = new Map<string, CorpusResult>();

  beforeAll(async () => {
    const groups = balanceInTwo(names, (name) => approximateMb[name] ?? 1);
    const all = await Promise.all(groups.filter((group) => group.length > 0).map(runWorker));
    for (const result of all.flat()) results.set(result.name, result);

    const totals = { pages: 0, megabytes: 0, endpointPages: 0, fields: 0, byCode: {} as Record<string, number> };
    for (const result of results.values()) {
      totals.pages += result.pages;
      totals.megabytes += result.bytes / 1e6;
      totals.endpointPages += result.endpointPages;
      totals.fields += result.fields;
      for (const [code, count] of Object.entries(result.byCode)) totals.byCode[code] = (totals.byCode[code] ?? 0) + count;
    }
    totals.megabytes = Math.round(totals.megabytes * 10) / 10;
    totals.byCode = Object.fromEntries(Object.entries(totals.byCode).sort(([a], [b]) => (a < b ? -1 : 1)));
    // The counts quoted in the closing note.
    console.log(
      JSON.stringify({ totals, perCorpus: [...results.values()].map(({ name, pages, endpointPages, fields, byCode, ms }) => ({ name, pages, endpointPages, fields, byCode, ms })) }, null, 1),
    );
  }, 180_000);

  it.each(names)('%s: parses every page without an exception; every diagnostic has a position', (name) => {
    const result = results.get(name);
    expect(result).toBeDefined();
    expect(result!.crashes).toEqual([]);
    expect(result!.unplaced).toEqual([]);
    expect(result!.pages).toBeGreaterThan(0);
  });
});
