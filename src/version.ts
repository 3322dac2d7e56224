import { readFileSync } from 'node:fs';

/**
 * The package version, from the nearest package.json above this module: src/ and dist/ sit next to
 * it, the bundled CLI (dist/bin/) one level deeper.
 */
function readVersion(): string {
  for (const relative of ['../package.json', '../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'docs-build' && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // try the next folder up
    }
  }
  return '0.0.0';
}

export const generatorVersion: string = readVersion();

export const generatorName = 'docs-build';
