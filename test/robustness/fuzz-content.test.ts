/**
 * Properties over page content: a page or a snippet of a docs-example copy (plus a snippet with props,
 * a named export and variables) mutated with what the content stage reads (snippet imports and
 * `<Snippet file>`, props, `{{variables}}`, links and anchors, fenced code with meta, nested components,
 * JSX props, expressions) ends in a manifest or diagnostics like every build, and every page the file
 * reaches has a content file with its manifest hash that the theme renders on the server.
 *
 * The same kind runs for thousands of cases in `npm run fuzz -- --kinds content`. Replay a failure with
 *   FUZZ_SEED=<seed> FUZZ_PATH=<path> npx vitest run test/robustness/fuzz-content.test.ts
 */
import fc from 'fast-check';
import { afterAll, describe, it } from 'vitest';
import { contentKind } from './support/fuzz-kinds.js';
import { fuzzParameters, fuzzTimeout } from './support/roots.js';
import { removeTempDirs } from './support/temp.js';

const runs = 80;

afterAll(() => removeTempDirs());

describe('mutated pages and snippets', () => {
  it('build, and the content of every page they reach renders', async () => {
    const kind = contentKind();
    await fc.assert(fc.asyncProperty(kind.arbitrary, (value) => kind.run(value)), fuzzParameters(runs));
  }, fuzzTimeout(runs));
});
