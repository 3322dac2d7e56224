export { build } from './build.js';
export type { BuildOptions, BuildProgress, BuildResult, BuildStats, JobCheckOptions } from './types.js';
