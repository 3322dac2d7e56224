import { readFileSync } from 'node:fs';

/**
 * The first of the JSON files at `relatives` (to this module) that `pick` accepts, picked: src/, dist/
 * and the bundle in dist/bin/ sit at different depths, so each file is looked for at two.
 */
function firstJsonBeside<T>(relatives: readonly string[], pick: (json: Record<string, unknown>) => T | undefined): T | undefined {
  for (const relative of relatives) {
    try {
      const json: unknown = JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8'));
      const picked = typeof json === 'object' && json !== null ? pick(json as Record<string, unknown>) : undefined;
      if (picked !== undefined) return picked;
    } catch {
      // try the next folder up
    }
  }
  return undefined;
}

/** The package version, from the nearest package.json above this module. */
export const generatorVersion: string =
  firstJsonBeside(['../package.json', '../../package.json'], (pkg) => (pkg['name'] === 'docs-build' && typeof pkg['version'] === 'string' ? pkg['version'] : undefined)) ?? '0.0.0';

/**
 * The fingerprint `npm run build` leaves in dist/ (scripts/bundle-cli.mjs: the bundle's bytes and the
 * versions of the packages outside it); undefined when running from src/ (tests through tsx), which
 * has none.
 */
const codeFingerprint = firstJsonBeside(['./code-fingerprint.json', '../code-fingerprint.json'], ({ fingerprint }) =>
  typeof fingerprint === 'string' && /^[0-9a-f]{8,64}$/.test(fingerprint) ? fingerprint : undefined,
);

/**
 * What the compiler's cache is keyed by: the version and, where the build left one, the code's
 * fingerprint. A version alone let code changed without a bump (a checkout of main, a patched install)
 * reuse entries an older compiler wrote: a new check then reached only the pages parsed again.
 */
export const generatorBuild: string = codeFingerprint ? `${generatorVersion}+${codeFingerprint}` : generatorVersion;

export const generatorName = 'docs-build';
