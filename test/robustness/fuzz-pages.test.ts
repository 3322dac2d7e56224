/**
 * Properties over pages: mutated frontmatter (keys dropped, duplicated, retyped, odd unicode, deep
 * nesting, huge strings, then written back as YAML) and mutated MDX text (field components, braces,
 * imports out of the root, truncation, CRLF, BOM, invalid UTF-8) end in a manifest or diagnostics,
 * never an exception or a hang, with positions inside the page.
 *
 * The docs root is fixtures/robust-api (hand-written endpoint page, `openapi:` and `openapi-schema:`
 * pages, a spec with $refs across two files); each case overwrites one of its pages with a mutated
 * seed page (the fixture's, docs-example's and, when ../shared/corpora is present, two upstash API
 * pages and a trigger.dev page).
 *
 * On failure fast-check prints `{ seed: ..., path: "..." }` and the shrunk mutations; replay with
 *   FUZZ_SEED=<seed> FUZZ_PATH=<path> npx vitest run test/robustness/fuzz-pages.test.ts -t '<test name>'
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildRunner, expectBuildInvariants, removeTempDirs, seedPreviousManifest, tempDir } from './support/build-runner.js';
import { byteMutation, mutateBytes, mutateText, mutateValue, textMutation, valueMutation } from './support/mutate.js';
import { frontmatterYaml, mdxSnippets, pageTargets as targets, splitFrontmatter } from './support/seeds.js';
import { copyRoot, corporaDir, exampleDir, fixturesDir, fuzzParameters, fuzzTimeout } from './support/roots.js';

const frontmatterRuns = 150;
const mdxRuns = 150;
const caseTimeoutMs = 20_000;



interface PageSeed {
  name: string;
  text: string;
}

const runner = new BuildRunner();
const seeds: PageSeed[] = [];
let root = '';
let outFile = '';
const originals = new Map<string, Buffer>();



beforeAll(async () => {
  root = copyRoot(path.join(fixturesDir, 'robust-api'));
  for (const target of targets) originals.set(target, readFileSync(path.join(root, target)));
  const add = (name: string, file: string): void => {
    if (existsSync(file)) seeds.push({ name, text: readFileSync(file, 'utf8') });
  };
  for (const target of targets) add(`robust-api/${target}`, path.join(root, target));
  add('docs-example/quickstart.mdx', path.join(exampleDir, 'quickstart.mdx'));
  add('docs-example/guides/webhooks.mdx', path.join(exampleDir, 'guides/webhooks.mdx'));
  add('upstash-docs/vector/api/endpoints/update.mdx', path.join(corporaDir, 'upstash-docs/vector/api/endpoints/update.mdx'));
  add('upstash-docs/vector/api/endpoints/query.mdx', path.join(corporaDir, 'upstash-docs/vector/api/endpoints/query.mdx'));
  add('trigger-dev/tasks/overview.mdx', path.join(corporaDir, 'trigger-dev/tasks/overview.mdx'));
  outFile = path.join(tempDir('docs-build-robust-out-'), 'manifest.json');
  const reply = await runner.run({ root, workers: 0 }, 60_000);
  expectBuildInvariants(reply);
  expect(reply.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
}, 120_000);

afterAll(() => {
  runner.close();
  removeTempDirs();
});

async function buildWith(target: string, bytes: Uint8Array, strict: boolean): Promise<void> {
  writeFileSync(path.join(root, target), bytes);
  seedPreviousManifest(outFile);
  try {
    const reply = await runner.run({ root, outFile, strict, workers: 0 }, caseTimeoutMs);
    expectBuildInvariants(reply, outFile);
  } finally {
    writeFileSync(path.join(root, target), originals.get(target)!);
  }
}

describe('fuzz: pages', () => {
  it(`mutated frontmatter ends in a manifest or diagnostics (${frontmatterRuns} cases)`, async () => {
    let cases = 0;
    const started = performance.now();
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        fc.constantFrom(...targets),
        fc.array(valueMutation({ maxHuge: 100_000, maxDepth: 500 }), { minLength: 1, maxLength: 4 }),
        fc.oneof({ arbitrary: fc.constant([]), weight: 4 }, { arbitrary: fc.array(textMutation(mdxSnippets), { minLength: 1, maxLength: 2 }), weight: 1 }),
        fc.oneof({ arbitrary: fc.constant([]), weight: 9 }, { arbitrary: fc.array(byteMutation, { minLength: 1, maxLength: 1 }), weight: 1 }),
        fc.boolean(),
        async (seedIndex, target, values, texts, bytes, strict) => {
          cases++;
          const seed = seeds[seedIndex % seeds.length]!;
          const { frontmatter, body } = splitFrontmatter(seed.text);
          const yamlText = frontmatterYaml(mutateValue(frontmatter, values));
          const page = mutateText(`---\n${yamlText}---\n${body}`, texts);
          await buildWith(target, mutateBytes(page, bytes), strict);
        },
      ),
      fuzzParameters(frontmatterRuns),
    );
    console.log(`[fuzz] frontmatter: ${cases} cases over ${seeds.length} seed pages in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }, fuzzTimeout(frontmatterRuns));

  it(`mutated MDX ends in a manifest or diagnostics (${mdxRuns} cases)`, async () => {
    let cases = 0;
    const started = performance.now();
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        fc.constantFrom(...targets),
        fc.array(textMutation(mdxSnippets), { minLength: 1, maxLength: 5 }),
        fc.oneof(
          { arbitrary: fc.constant(undefined), weight: 6 },
          { arbitrary: fc.record({ where: fc.double({ min: 0, max: 1, noNaN: true }), length: fc.constantFrom(10_000, 200_000), unit: fc.constantFrom('a', '😀', '{', '<', '\u2028', '*', '[') }), weight: 1 },
        ),
        fc.oneof({ arbitrary: fc.constant([]), weight: 9 }, { arbitrary: fc.array(byteMutation, { minLength: 1, maxLength: 2 }), weight: 1 }),
        fc.boolean(),
        async (seedIndex, target, texts, huge, bytes, strict) => {
          cases++;
          const seed = seeds[seedIndex % seeds.length]!;
          let page = mutateText(seed.text, texts);
          if (huge) {
            const at = Math.floor(huge.where * page.length);
            page = page.slice(0, at) + huge.unit.repeat(Math.ceil(huge.length / huge.unit.length)) + page.slice(at);
          }
          await buildWith(target, mutateBytes(page, bytes), strict);
        },
      ),
      fuzzParameters(mdxRuns),
    );
    console.log(`[fuzz] MDX: ${cases} cases over ${seeds.length} seed pages in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }, fuzzTimeout(mdxRuns));
});
