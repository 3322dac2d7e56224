import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { isRunning } from '../root/index.js';

/*
 * The bundles an export keeps in docs-build's folder of the Vite cache: the theme's server bundle
 * (`ssr-<hash>`) and the last client bundle (`client-<hash>`). Each is written into a temporary folder
 * (`.<name>.<pid>-<random>`) that is then renamed, so a bundle folder is complete or absent.
 */

export type BundleKind = 'ssr' | 'client';

/** A fresh temporary folder's path for the bundle `name`, in `parent`. */
export function temporaryBundleFolder(parent: string, name: string): string {
  return path.join(parent, `.${name}.${process.pid}-${randomBytes(4).toString('hex')}`);
}

/** Removes the other bundles of `kind` (an earlier theme or site) and the temporaries of killed exports. */
export function pruneBundles(cacheDir: string, kind: BundleKind, keep: string): void {
  const bundle = new RegExp(`^${kind}-[0-9a-f]+$`);
  const temporary = new RegExp(`^\\.${kind}-[0-9a-f]+\\.(\\d+)-[0-9a-f]+$`);
  for (const entry of readdirSync(cacheDir)) {
    const killed = temporary.exec(entry);
    const stale = (bundle.test(entry) && entry !== keep) || (killed !== null && !isRunning(Number(killed[1])));
    if (stale) rmSync(path.join(cacheDir, entry), { recursive: true, force: true });
  }
}
