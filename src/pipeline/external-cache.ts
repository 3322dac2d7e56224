import type { DiskCache } from '../incremental/disk-cache.js';
import type { ExternalCache, ExternalResult } from '../links/external.js';

/**
 * External-link results in the incremental cache's `links` namespace, keyed by URL (and the
 * generator version, like every entry). A read-only cache (`docs-build check`) serves results but
 * keeps none; entries are written when the caller flushes the cache.
 */
export function diskExternalCache(cache: DiskCache): ExternalCache {
  const key = (url: string): string => cache.key('external-link', url);
  return {
    get: (url) => cache.get<ExternalResult, 'links'>('links', key(url)),
    set: (url, result) => cache.set('links', key(url), result),
  };
}
