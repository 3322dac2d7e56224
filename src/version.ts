import { readFileSync } from 'node:fs';

/** The package version, read once from package.json (next to dist/ and src/). */
export const generatorVersion: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export const generatorName = 'docs-build';
