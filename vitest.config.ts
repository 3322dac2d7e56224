import { defineConfig, type Plugin } from 'vitest/config';

/**
 * Tests run the code the CLI ships. Its bundle resolves the unified packages to their production
 * builds (esbuild sets no `development` condition), while Vitest gives Node `--conditions development`:
 * there, micromark's development assertions throw where the shipped code reports a syntax error (an
 * unclosed `<A>` in a paragraph that a setext underline turns into a heading: "expected heading on
 * stack", found by the content fuzz test). Vite merges a configured list into its default, so the
 * development/production entry is taken out of the resolved one.
 */
const shippedConditions: Plugin = {
  name: 'docs-build:shipped-conditions',
  configResolved(config) {
    const conditions = config.ssr.resolve?.conditions;
    if (conditions) conditions.splice(0, conditions.length, ...new Set(conditions.filter((condition) => condition !== 'development|production')));
  },
};

export default defineConfig({
  plugins: [shippedConditions],
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['test/global-setup.ts'],
  },
});
