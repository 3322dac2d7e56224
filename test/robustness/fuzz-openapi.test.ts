/**
 * Property: whatever an OpenAPI document becomes (keys dropped, duplicated, retyped, odd unicode, deep
 * nesting, huge strings, `$ref`s bent out of the root, truncated text, CRLF, BOM, invalid UTF-8; as
 * JSON or as YAML; the main file or the file it `$ref`s), build() ends in a manifest or diagnostics,
 * never an exception or a hang, the manifest stays JSON-serializable, and positions lie inside the spec.
 *
 * Seeds: fixtures/robust-api's openapi.json and schemas.json (explicit endpoint references, bulk
 * generation, `openapi:` and `openapi-schema:` pages, recursive allOf/oneOf schemas, x-docs, x-hidden,
 * a webhook) and, when ../shared/corpora is present, mintlify-docs' openapi.json and
 * admin-openapi.json attached to a generating tab.
 *
 * On failure fast-check prints `{ seed: ..., path: "..." }` and the shrunk mutations; replay with
 *   FUZZ_SEED=<seed> FUZZ_PATH=<path> npx vitest run test/robustness/fuzz-openapi.test.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { BuildRunner, expectBuildInvariants, removeTempDirs, seedPreviousManifest, tempDir } from './support/build-runner.js';
import { byteMutation, mutateBytes, mutateText, mutateValue, textMutation, valueMutation, type Json } from './support/mutate.js';
import { corpusVariant, serializeSpec as serialize, specSnippets, yamlVariant } from './support/seeds.js';
import { copyRoot, corporaDir, fixturesDir, fuzzParameters, fuzzTimeout } from './support/roots.js';

const runs = 300;
const caseTimeoutMs = 20_000;


interface SpecSeed {
  name: string;
  root: string;
  /** Root-relative file that cases overwrite. */
  file: string;
  value: Json;
  format: 'json' | 'yaml';
}

const runner = new BuildRunner();
const seeds: SpecSeed[] = [];
let outFile = '';


beforeAll(async () => {
  const jsonRoot = copyRoot(path.join(fixturesDir, 'robust-api'));
  const yamlRoot = yamlVariant();
  const read = (root: string, file: string): Json => {
    const text = readFileSync(path.join(root, file), 'utf8');
    return (file.endsWith('.json') ? JSON.parse(text) : parseYaml(text)) as Json;
  };
  seeds.push({ name: 'robust-api openapi.json', root: jsonRoot, file: 'openapi.json', value: read(jsonRoot, 'openapi.json'), format: 'json' });
  seeds.push({ name: 'robust-api schemas.json', root: jsonRoot, file: 'schemas.json', value: read(jsonRoot, 'schemas.json'), format: 'json' });
  seeds.push({ name: 'robust-api openapi.yaml', root: yamlRoot, file: 'openapi.yaml', value: read(yamlRoot, 'openapi.yaml'), format: 'yaml' });
  seeds.push({ name: 'robust-api schemas.yaml', root: yamlRoot, file: 'schemas.yaml', value: read(yamlRoot, 'schemas.yaml'), format: 'yaml' });
  for (const name of ['openapi.json', 'admin-openapi.json']) {
    const root = corpusVariant(path.join(corporaDir, 'mintlify-docs', name));
    if (root) seeds.push({ name: `mintlify-docs ${name}`, root, file: 'corpus-spec.json', value: read(root, 'corpus-spec.json'), format: 'json' });
  }
  outFile = path.join(tempDir('docs-build-robust-out-'), 'manifest.json');
  // Every unmutated seed builds without errors (rewritten as the cases write them).
  for (const seed of seeds) {
    writeFileSync(path.join(seed.root, seed.file), serialize(seed.value, seed.format));
    const reply = await runner.run({ root: seed.root, workers: 0 }, 60_000);
    expectBuildInvariants(reply);
    expect(reply.diagnostics.filter((d) => d.severity === 'error').map((d) => `${seed.name}: ${d.code} ${d.file}:${d.line} ${d.message}`)).toEqual([]);
  }
}, 180_000);

afterAll(() => {
  runner.close();
  removeTempDirs();
});

describe('fuzz: OpenAPI', () => {
  it(`mutated OpenAPI documents end in a manifest or diagnostics (${runs} cases)`, async () => {
    let cases = 0;
    const started = performance.now();
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        fc.array(valueMutation({ maxHuge: 200_000, maxDepth: 1_000 }), { minLength: 1, maxLength: 4 }),
        fc.oneof({ arbitrary: fc.constant([]), weight: 5 }, { arbitrary: fc.array(textMutation(specSnippets), { minLength: 1, maxLength: 2 }), weight: 1 }),
        fc.oneof({ arbitrary: fc.constant([]), weight: 9 }, { arbitrary: fc.array(byteMutation, { minLength: 1, maxLength: 1 }), weight: 1 }),
        async (seedIndex, values, texts, bytes) => {
          cases++;
          const seed = seeds[seedIndex % seeds.length]!;
          const file = path.join(seed.root, seed.file);
          const original = readFileSync(file);
          writeFileSync(file, mutateBytes(mutateText(serialize(mutateValue(seed.value, values), seed.format), texts), bytes));
          seedPreviousManifest(outFile);
          try {
            const reply = await runner.run({ root: seed.root, outFile, workers: 0 }, caseTimeoutMs);
            expectBuildInvariants(reply, outFile);
            // Recursive schemas never blow up the manifest: it stays within a small multiple of the input.
            expect(reply.manifestBytes ?? 0).toBeLessThan(20 * 1024 * 1024);
          } finally {
            writeFileSync(file, original);
          }
        },
      ),
      fuzzParameters(runs),
    );
    console.log(`[fuzz] OpenAPI: ${cases} cases over ${seeds.length} seeds in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }, fuzzTimeout(runs));
});
