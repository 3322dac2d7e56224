import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, validateConfig, type LoadedConfig } from '../../src/config/index.js';
import type { Diagnostic } from '../../src/diagnostics/index.js';
import { DocsRoot } from '../../src/root/index.js';

const created: string[] = [];

/** A docs root in a fresh temp folder holding `files` (relative path -> text). */
export function docsRoot(files: Record<string, string>): DocsRoot {
  const dir = mkdtempSync(path.join(tmpdir(), 'docs-build-config-'));
  created.push(dir);
  for (const [relative, text] of Object.entries(files)) {
    const file = path.join(dir, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  const root = DocsRoot.open(dir);
  if (!root) throw new Error(`could not open ${dir}`);
  return root;
}

export function removeTempRoots(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Loads (and, when loading succeeded, validates) a docs root made of `files`. */
export function check(files: Record<string, string>): { config: LoadedConfig | undefined; diagnostics: Diagnostic[] } {
  const loaded = loadConfig(docsRoot(files));
  const diagnostics = loaded.value ? [...loaded.diagnostics, ...validateConfig(loaded.value)] : loaded.diagnostics;
  return { config: loaded.value, diagnostics };
}

/** Required keys on line 2, so the keys a test adds start on line 3, column 3. */
export const validBase = '"theme": "mint", "name": "Acme", "colors": { "primary": "#0D9373" }, "navigation": { "pages": ["index"] }';

/** A docs.json text: the valid base keys on line 2, then `lines` (already indented) from line 3. */
export function docsJson(lines: string): string {
  return `{\n  ${validBase},\n${lines}\n}\n`;
}

/** A docs.json whose navigation (starting on line 3) is `navigation`. */
export function withNavigation(navigation: string): string {
  return `{\n  "theme": "mint", "name": "Acme", "colors": { "primary": "#0D9373" },\n  "navigation": ${navigation}\n}\n`;
}

export function summary(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => `${d.severity} ${d.code} ${d.file}:${d.line}:${d.column} ${d.pointer ?? ''} ${d.message}`);
}
