export { build } from './build.js';
export { closeWarmHighlighting } from './content-edges.js';
export type { BuildOptions, BuildProgress, BuildResult, BuildStats, JobCheckOptions } from './types.js';
