import path from 'node:path';
import { inject } from 'vitest';

/** The run's shared cache folder for a corpus (see test/global-setup.ts): pass it as build()'s `cacheDir`. */
export function corpusCacheDir(corpus: string): string {
  return path.join(inject('corpusCacheDir'), corpus);
}
