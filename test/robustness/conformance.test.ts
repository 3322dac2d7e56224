/**
 * Conformance over the real corpora in ../shared/corpora (skipped when the folder is absent, as in a
 * fresh clone): for each corpus, build() must end without an exception, with every position inside its
 * file, and with exactly the counts and diagnostics checked in as test/robustness/conformance/<corpus>.json:
 * the pages, endpoint pages, generated pages, specs and fields of `result.stats`, and the diagnostics
 * grouped by severity, code and file. Any change of behaviour on real input shows up in review as a
 * diff of those files.
 *
 * Regenerate after an intended change (and read the diff, and the diagnostics it adds):
 *   UPDATE=1 npx vitest run test/robustness/conformance.test.ts
 *
 * Each diagnostic code in the expectations was read in a sample and judged: conformance/README.md.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostics/index.js';
import { corpusCacheDir } from '../helpers/corpus-cache.js';
import { buildInTwoChildren } from './support/build-runner.js';
import type { OkReply } from './support/protocol.js';
import { corporaDir } from './support/roots.js';

const expectationsDir = fileURLToPath(new URL('./conformance/', import.meta.url));
const update = process.env.UPDATE === '1';
const corpora = existsSync(corporaDir)
  ? readdirSync(corporaDir)
      .filter((name) => !name.startsWith('_') && statSync(path.join(corporaDir, name)).isDirectory())
      .sort()
  : [];

/** What is checked in per corpus. */
export interface Expectation {
  corpus: string;
  stats: OkReply['stats'] | null;
  summary: { errors: number; warnings: number; infos: number };
  /** severity -> code -> file -> count. */
  diagnostics: Record<string, Record<string, Record<string, number>>>;
}

function expectationOf(corpus: string, reply: OkReply): Expectation {
  const grouped: Expectation['diagnostics'] = {};
  const summary = { errors: 0, warnings: 0, infos: 0 };
  for (const d of reply.diagnostics as Diagnostic[]) {
    summary[d.severity === 'error' ? 'errors' : d.severity === 'warning' ? 'warnings' : 'infos']++;
    const byCode = (grouped[d.severity] ??= {});
    const byFile = (byCode[d.code] ??= {});
    const file = d.file ?? '(no file)';
    byFile[file] = (byFile[file] ?? 0) + 1;
  }
  // Stable key order, so the checked-in files diff cleanly.
  const sorted: Expectation['diagnostics'] = {};
  for (const severity of Object.keys(grouped).sort()) {
    sorted[severity] = {};
    for (const code of Object.keys(grouped[severity]!).sort()) {
      sorted[severity]![code] = {};
      for (const file of Object.keys(grouped[severity]![code]!).sort()) sorted[severity]![code]![file] = grouped[severity]![code]![file]!;
    }
  }
  return { corpus, stats: reply.stats ?? null, summary, diagnostics: sorted };
}

describe.skipIf(corpora.length === 0)('conformance over ../shared/corpora', () => {
  let replies = new Map<string, OkReply | Error>();
  const approximateSeconds: Record<string, number> = { 'mintlify-docs': 15, box: 12, 'firecrawl-docs': 11, 'dify-docs': 9, 'upstash-docs': 9, 'trigger-dev': 4, 'hoppscotch-docs': 3 };

  beforeAll(async () => {
    // The run's shared cache: a corpus another suite built already is replayed, as a user's second run is.
    replies = await buildInTwoChildren(corpora, (name) => approximateSeconds[name] ?? 1, (name) => ({ root: path.join(corporaDir, name), maxDiagnostics: 1_000_000, cacheDir: corpusCacheDir(name) }), 300_000);
  }, 900_000);

  for (const name of corpora) {
    it(`${name}: counts and diagnostics as checked in`, () => {
      const reply = replies.get(name)!;
      if (reply instanceof Error) throw reply;
      expect(reply.diagnosticCount).toBe(reply.diagnostics.length);
      const actual = expectationOf(name, reply);
      const file = path.join(expectationsDir, `${name}.json`);
      console.log(`[conformance] ${name}: ${JSON.stringify(actual.stats)} ${JSON.stringify(actual.summary)} in ${(reply.ms / 1000).toFixed(1)} s`);
      if (update) {
        mkdirSync(expectationsDir, { recursive: true });
        writeFileSync(file, `${JSON.stringify(actual, null, 2)}\n`);
        return;
      }
      expect(existsSync(file), `${file} is missing: run UPDATE=1 npx vitest run test/robustness/conformance.test.ts`).toBe(true);
      const expected = JSON.parse(readFileSync(file, 'utf8')) as Expectation;
      expect(actual).toEqual(expected);
    });
  }
});
