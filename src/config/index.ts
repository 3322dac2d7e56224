export { CONFIG_FILE, LEGACY_CONFIG_FILE, loadConfig } from './load.js';
export type { LoadedConfig } from './load.js';
export { validateConfig } from './validate.js';
export { normalizeSite } from './normalize.js';
export { docsSchema } from './schema.js';
export type { SchemaNode } from './schema.js';
export { semanticChecks } from './semantic-checks.js';
export type { SemanticCheck } from './semantic-checks.js';
export { checkAssets } from './assets.js';
