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

/**
 * The fingerprint `npm run build` leaves in dist/ (scripts/bundle-cli.mjs: the bundle's bytes and the
 * versions of the packages outside it), read from dist/ and from the bundle in dist/bin/; undefined
 * when running from src/ (tests through tsx), which has none.
 */
function readFingerprint(): string | undefined {
  for (const relative of ['./code-fingerprint.json', '../code-fingerprint.json']) {
    try {
      const { fingerprint } = JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8')) as { fingerprint?: unknown };
      if (typeof fingerprint === 'string' && /^[0-9a-f]{8,64}$/.test(fingerprint)) return fingerprint;
    } catch {
      // try the next folder up
    }
  }
  return undefined;
}

const codeFingerprint = readFingerprint();

/**
 * What the compiler's cache is keyed by: the version and, where the build left one, the code's
 * fingerprint. A version alone let code changed without a bump (a checkout of main, a patched install)
 * reuse entries an older compiler wrote: a new check then reached only the pages parsed again.
 */
export const generatorBuild: string = codeFingerprint ? `${generatorVersion}+${codeFingerprint}` : generatorVersion;

export const generatorName = 'docs-build';
