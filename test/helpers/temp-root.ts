import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv } from 'ajv';
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { Manifest } from '../../src/manifest/types.js';

const created: string[] = [];

/** Writes `files` (relative path -> text) into a fresh temp folder and returns its path. */
export function tempRoot(files: Record<string, string>, prefix = 'docs-build-test-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  created.push(dir);
  for (const [relative, text] of Object.entries(files)) {
    const file = path.join(dir, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return dir;
}

export function removeTempRoots(): void {
  // Retried: a Vite server closing in the background may still be writing its dependency cache there.
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}

/** A minimal valid docs.json around a navigation value (navigation starts on line 3). */
export function docsJsonWith(navigation: unknown, extra: Record<string, unknown> = {}): string {
  const head = `{\n  "theme": "mint", "name": "Acme", "colors": { "primary": "#0D9373" },\n`;
  const rest = Object.entries(extra).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)},\n`).join('');
  return `${head}${rest}  "navigation": ${JSON.stringify(navigation, null, 2).replace(/\n/g, '\n  ')}\n}\n`;
}

const manifestSchema = JSON.parse(readFileSync(new URL('../../schema/manifest.schema.json', import.meta.url), 'utf8')) as object;
const validateManifestSchema = new Ajv({ allErrors: true, strict: false }).compile(manifestSchema);

/** Every manifest a test produces must validate against the shipped manifest.schema.json. */
export function expectValidManifest(manifest: Manifest | undefined): asserts manifest is Manifest {
  expect(manifest).toBeDefined();
  const valid = validateManifestSchema(JSON.parse(JSON.stringify(manifest)));
  expect(validateManifestSchema.errors ?? [], 'manifest.schema.json violations').toEqual([]);
  expect(valid).toBe(true);
}
