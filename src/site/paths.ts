import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Where the site's own files are. This module runs from src/ (tests, tsx), from dist/site/ (the
 * library) or from a chunk in dist/bin/ (the bundled CLI): the package folder is found by walking up
 * to docs-build's package.json, and the entries are taken from the same tree as the running code.
 */

function packageDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'docs-build') return dir;
      } catch {
        // Not ours; keep walking.
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('docs-build: cannot find its own package folder');
    dir = parent;
  }
}

export interface SitePaths {
  packageDir: string;
  /** The browser entry (hydration, hot updates). */
  clientEntry: string;
  /** The server entry (`render`), loaded through Vite so dev and export render with the same code. */
  serverEntry: string;
  /** The reference theme's folder (its sources, or tsc's output with the stylesheets beside it). */
  themeDir: string;
  nodeModules: string;
}

let cached: SitePaths | undefined;

export function sitePaths(): SitePaths {
  if (cached) return cached;
  const dir = packageDir();
  const fromSource = import.meta.url.endsWith('.ts');
  const entries = fromSource ? path.join(dir, 'src', 'site', 'entries') : path.join(dir, 'dist', 'site', 'entries');
  const extension = fromSource ? '.tsx' : '.js';
  cached = {
    packageDir: dir,
    clientEntry: path.join(entries, `client${extension}`),
    serverEntry: path.join(entries, `server${extension}`),
    themeDir: path.join(dir, fromSource ? 'src' : 'dist', 'theme'),
    nodeModules: path.join(dir, 'node_modules'),
  };
  return cached;
}
