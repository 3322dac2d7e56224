export { DiskCache } from './disk-cache.js';
