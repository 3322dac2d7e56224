import type { Manifest } from './types.js';

/**
 * The manifest's bytes. Keyed tables (`pages`, `openapi`, `schemas`) are written in code-unit key
 * order so that the same input gives byte-identical output whatever order stages finished in.
 */
export function serializeManifest(manifest: Manifest): string {
  const ordered: Manifest = {
    ...manifest,
    pages: sortKeys(manifest.pages),
    openapi: sortKeys(manifest.openapi),
    schemas: sortKeys(manifest.schemas),
  };
  return JSON.stringify(ordered, null, 2) + '\n';
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  const sorted: Record<string, T> = {};
  for (const key of Object.keys(record).sort()) sorted[key] = record[key]!;
  return sorted;
}
