import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import type { Diagnostic, SourceLocation } from '../../src/diagnostics/index.js';
import { DocsRoot, type DocsRootOptions } from '../../src/root/index.js';
import { createSpecLoader, type LoadedSpec, type SpecLoaderOptions } from '../../src/openapi/index.js';

const created: string[] = [];
afterAll(() => {
  for (const dir of created) rmSync(dir, { recursive: true, force: true });
});

/** A docs root in a temp folder holding `files` (paths relative to the root). */
export function makeRoot(files: Record<string, string>, options: DocsRootOptions = {}): DocsRoot {
  const dir = mkdtempSync(path.join(tmpdir(), 'docs-build-openapi-'));
  created.push(dir);
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return DocsRoot.open(dir, options)!;
}

/** Removes the common indentation of a template literal and its first newline, so positions read naturally. */
export function dedent(text: string): string {
  const lines = text.replace(/^\n/, '').split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim() !== '').map((l) => l.match(/^ */)![0].length));
  return lines.map((l) => l.slice(indent)).join('\n');
}

export const docsJsonAt: SourceLocation = { file: 'docs.json', line: 3, column: 16, pointer: '/navigation/openapi' };

export async function loadOne(
  files: Record<string, string>,
  reference: string,
  options: SpecLoaderOptions = {},
): Promise<{ spec: LoadedSpec | undefined; diagnostics: Diagnostic[]; root: DocsRoot }> {
  const root = makeRoot(files);
  const loader = createSpecLoader(root, options);
  const result = await loader.load(reference, docsJsonAt);
  return { spec: result.value, diagnostics: result.diagnostics, root };
}

/** `code file:line:col message` per diagnostic: one readable string to compare in a test. */
export function brief(d: Diagnostic): string {
  return `${d.code} ${d.file}:${d.line}:${d.column} ${d.message}`;
}

export function only(diagnostics: Diagnostic[], code: string): Diagnostic[] {
  return diagnostics.filter((d) => d.code === code);
}

export const corporaDir = fileURLToPath(new URL('../../../shared/corpora', import.meta.url));
