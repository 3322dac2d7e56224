/**
 * Property: whatever a docs.json becomes (keys dropped, duplicated or retyped, odd unicode, deep
 * nesting, huge strings, truncated text, CRLF, BOM, invalid UTF-8), build() ends in a manifest or in
 * diagnostics, never an exception or a hang; with errors the previous manifest stays untouched.
 *
 * Seeds: docs-example/docs.json, and (when ../shared/corpora is present) the docs.json of
 * hoppscotch-docs, trigger-dev (with its two OpenAPI files) and mintlify-docs (with its `$ref`ed
 * parts), each in a root of stub pages so that the unmutated seed builds cleanly.
 *
 * On failure fast-check prints `{ seed: ..., path: "..." }` and the shrunk list of mutations; replay with
 *   FUZZ_SEED=<seed> FUZZ_PATH=<path> npx vitest run test/robustness/fuzz-config.test.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildRunner, expectBuildInvariants, removeTempDirs, seedPreviousManifest, tempDir } from './support/build-runner.js';
import { jsonSnippets } from './support/seeds.js';
import { byteMutation, mutateBytes, mutateText, mutateValue, serializeJson, textMutation, valueMutation, type Json } from './support/mutate.js';
import { copyRoot, exampleDir, fuzzParameters, fuzzTimeout, stubbedCorpusRoot } from './support/roots.js';

const runs = 150;
const caseTimeoutMs = 20_000;


interface Seed {
  name: string;
  root: string;
  value: Json;
  /** Relative share of the cases: the corpus seeds build 5-20 times slower than docs-example. */
  weight: number;
}

const runner = new BuildRunner();
const seeds: Seed[] = [];
let outFile = '';

beforeAll(async () => {
  const candidates: Array<[string, string | undefined, number]> = [
    ['docs-example', copyRoot(exampleDir), 4],
    ['hoppscotch-docs', stubbedCorpusRoot('hoppscotch-docs'), 2],
    ['trigger-dev', stubbedCorpusRoot('trigger-dev', { copySpecs: true }), 1],
    ['mintlify-docs', stubbedCorpusRoot('mintlify-docs'), 1],
  ];
  for (const [name, root, weight] of candidates) {
    if (!root) continue;
    seeds.push({ name, root, weight, value: JSON.parse(readFileSync(path.join(root, 'docs.json'), 'utf8')) as Json });
  }
  outFile = path.join(tempDir('docs-build-robust-out-'), 'manifest.json');
  // The unmutated seeds build without errors: mutations start from valid input.
  for (const seed of seeds) {
    writeFileSync(path.join(seed.root, 'docs.json'), serializeJson(seed.value));
    const reply = await runner.run({ root: seed.root, workers: 0 }, 60_000);
    expectBuildInvariants(reply);
    // Link findings are the corpus's own (hoppscotch-docs keeps a placeholder redirect to /destination/path): not the configuration's validity.
    expect(reply.diagnostics.filter((d) => d.severity === 'error' && !d.code.startsWith('links/')).map((d) => `${seed.name}: ${d.code} ${d.message}`)).toEqual([]);
  }
}, 120_000);

/** The seed of a case, by weight. */
function pickSeed(n: number): Seed {
  let at = n % seeds.reduce((sum, seed) => sum + seed.weight, 0);
  for (const seed of seeds) {
    if (at < seed.weight) return seed;
    at -= seed.weight;
  }
  return seeds[0]!;
}

afterAll(() => {
  runner.close();
  removeTempDirs();
});

describe('fuzz: docs.json', () => {
  it(`mutated docs.json ends in a manifest or diagnostics (${runs} cases)`, async () => {
    let cases = 0;
    const started = performance.now();
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        fc.array(valueMutation(), { minLength: 1, maxLength: 4 }),
        fc.oneof({ arbitrary: fc.constant([]), weight: 4 }, { arbitrary: fc.array(textMutation(jsonSnippets), { minLength: 1, maxLength: 2 }), weight: 1 }),
        fc.oneof({ arbitrary: fc.constant([]), weight: 9 }, { arbitrary: fc.array(byteMutation, { minLength: 1, maxLength: 1 }), weight: 1 }),
        fc.boolean(),
        async (seedIndex, values, texts, bytes, strict) => {
          cases++;
          const seed = pickSeed(seedIndex);
          const text = mutateText(serializeJson(mutateValue(seed.value, values)), texts);
          writeFileSync(path.join(seed.root, 'docs.json'), mutateBytes(text, bytes));
          seedPreviousManifest(outFile);
          // Pages on the main thread: starting worker threads for every case would triple the time per case.
          const reply = await runner.run({ root: seed.root, outFile, strict, workers: 0 }, caseTimeoutMs);
          expectBuildInvariants(reply, outFile);
        },
      ),
      fuzzParameters(runs),
    );
    console.log(`[fuzz] docs.json: ${cases} cases over ${seeds.length} seeds in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }, fuzzTimeout(runs));
});
