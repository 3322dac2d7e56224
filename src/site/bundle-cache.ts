import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { removeAbandonedTemporaries, temporaryBeside } from '../root/index.js';

/*
 * The bundles an export keeps in docs-build's folder of the Vite cache: the theme's server bundle
 * (`ssr-<hash>`) and the last client bundle (`client-<hash>`). Each is written into a temporary folder
 * beside it (`src/root/temporaries.ts`) that is then renamed, so a bundle folder is complete or absent.
 */

export type BundleKind = 'ssr' | 'client';

/** A fresh temporary folder's path for the bundle `name`, in `parent`. */
export function temporaryBundleFolder(parent: string, name: string): string {
  return temporaryBeside(path.join(parent, name));
}

/** Removes the other bundles of `kind` (an earlier theme or site) and the temporaries of killed exports. */
export function pruneBundles(cacheDir: string, kind: BundleKind, keep: string): void {
  const bundle = new RegExp(`^${kind}-[0-9a-f]+$`);
  for (const entry of readdirSync(cacheDir)) {
    if (bundle.test(entry) && entry !== keep) rmSync(path.join(cacheDir, entry), { recursive: true, force: true });
  }
  removeAbandonedTemporaries(cacheDir, (target) => bundle.test(target));
}
