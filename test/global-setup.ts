import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * One incremental cache per corpus for the whole test run, shared by the suites that build the same
 * corpus (conformance, the corpus spec check, the rules suite's copies): whichever builds a corpus
 * first pays for the cold build, the others replay or reuse it, as a user's second run would. Made
 * anew for every run, so no test sees a cache from an earlier version of the code.
 */
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), 'docs-build-corpus-caches-'));
  project.provide('corpusCacheDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    corpusCacheDir: string;
  }
}
