export { build } from './build.js';
export { docsSchemaText } from './schema-text.js';
export type { BuildOptions, BuildProgress, BuildResult, BuildStats, JobCheckOptions } from './types.js';
