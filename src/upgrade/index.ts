export { convertMintJson } from './convert.js';
export { MINT_FILE } from './context.js';
export { upgradeRoot } from './run.js';
export type { UpgradeOptions, UpgradeResult } from './run.js';
