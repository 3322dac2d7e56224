/**
 * Temp folders and the project folder, for the robustness suite and for `npm run fuzz` (no vitest here,
 * so scripts can use it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectDir = fileURLToPath(new URL('../../../', import.meta.url));

const created: string[] = [];

/** A fresh temp folder, removed by `removeTempDirs()`. */
export function tempDir(prefix = 'docs-build-robust-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  created.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}
