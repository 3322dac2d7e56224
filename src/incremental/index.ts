export { DiskCache } from './disk-cache.js';
export { specValidationCache } from './spec-validation.js';
