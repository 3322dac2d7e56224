import { setFlagsFromString } from 'node:v8';

/**
 * How much V8 lets the JavaScript heap grow past what the last full collection found live, in percent.
 * Left to itself V8 picks a factor of up to 4x on a machine with memory to spare: a cold build of
 * firecrawl-docs held ~130 MB live on the main thread but let its heap reach ~450 MB (the pages' trees
 * are made and dropped one after another, and the old generation is collected only at that limit).
 * At 30% the peak of that build went from 736 to 545 MB, in the same time (docs/bench.md, "Stop 20").
 */
export const heapGrowingPercent = 30;

/**
 * Settings of a process the CLI owns (`bin/docs-build.js`), made before any work: a build holds a large,
 * steadily growing live set, for which V8's default heap growth costs memory and saves no time. The
 * library never calls this: `build()` and the Vite plugin run in processes that are not ours to tune.
 */
export function configureCliProcess(): void {
  setFlagsFromString(`--heap-growing-percent=${heapGrowingPercent}`);
}
