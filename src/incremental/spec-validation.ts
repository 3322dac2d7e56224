import type { Diagnostic } from '../diagnostics/index.js';
import type { DiskCache } from './disk-cache.js';

/** Spec validation results in the disk cache, keyed by the content of the spec's files. */
export function specValidationCache(cache: DiskCache): { get(contentKey: string): Diagnostic[] | undefined; set(contentKey: string, diagnostics: Diagnostic[]): void } {
  return {
    get: (contentKey) => cache.get<Diagnostic[]>('specs', cache.key('spec-validation', contentKey)),
    set: (contentKey, diagnostics) => cache.set('specs', cache.key('spec-validation', contentKey), diagnostics),
  };
}
