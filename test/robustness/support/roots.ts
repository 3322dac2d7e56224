import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { projectDir, tempDir } from './temp.js';

export const corporaDir = fileURLToPath(new URL('../../../../shared/corpora', import.meta.url));
export const exampleDir = path.join(projectDir, 'docs-example');
export const fixturesDir = path.join(projectDir, 'fixtures');

/** Writes `files` (root-relative path -> text or bytes) under `dir`. */
export function writeFiles(dir: string, files: Record<string, string | Uint8Array>): string {
  for (const [relative, content] of Object.entries(files)) {
    const file = path.join(dir, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  return dir;
}

/** A temp docs root holding a copy of `source` (a folder). */
export function copyRoot(source: string, prefix = 'docs-build-robust-'): string {
  const dir = tempDir(prefix);
  cpSync(source, dir, { recursive: true });
  return dir;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const endpointLike = /^(?:\S+\s+)?(?:get|post|put|patch|delete|head|options|trace|webhook)\s+\S/i;

/** Page references of a docs.json navigation (strings in `pages`, and group `root`s). */
export function pageReferences(config: Json): string[] {
  const found = new Set<string>();
  const walk = (value: Json, key: string | undefined): void => {
    if (Array.isArray(value)) {
      for (const item of value) {
        if (typeof item === 'string' && key === 'pages' && !endpointLike.test(item.trim())) found.add(item.trim());
        else walk(item, key);
      }
    } else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (k === 'root' && typeof v === 'string') found.add(v.trim());
        else walk(v, k);
      }
    }
  };
  walk(config, undefined);
  return [...found];
}

/**
 * A docs root built around a real corpus's docs.json: the config (and the JSON files it `$ref`s, and
 * the OpenAPI files named by `api.openapi`) copied from the corpus, each page replaced by a one-line
 * stub. Small and fast, yet the seed builds like the real thing. Undefined when the corpus is absent.
 */
export function stubbedCorpusRoot(corpus: string, options: { copySpecs?: boolean } = {}): string | undefined {
  const source = path.join(corporaDir, corpus);
  if (!existsSync(path.join(source, 'docs.json'))) return undefined;
  const dir = tempDir(`docs-build-robust-${corpus}-`);
  const copy = (relative: string): void => {
    const from = path.join(source, relative);
    if (!existsSync(from)) return;
    mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
    copyFileSync(from, path.join(dir, relative));
  };
  copy('docs.json');
  const config = JSON.parse(readFileSync(path.join(source, 'docs.json'), 'utf8')) as Json;
  const refs = JSON.stringify(config).match(/"\$ref":"([^"]+)"/g) ?? [];
  const parts: Json[] = [config];
  for (const ref of refs) {
    const relative = path.normalize(/"\$ref":"([^"]+)"/.exec(ref)![1]!);
    copy(relative);
    if (existsSync(path.join(source, relative))) parts.push(JSON.parse(readFileSync(path.join(source, relative), 'utf8')) as Json);
  }
  if (options.copySpecs) {
    const api = (config as { api?: { openapi?: Json } }).api;
    const specs = typeof api?.openapi === 'string' ? [api.openapi] : Array.isArray(api?.openapi) ? api.openapi : [];
    for (const spec of specs) if (typeof spec === 'string') copy(spec.replace(/^\/+/, ''));
  }
  for (const part of parts) {
    for (const page of pageReferences(part)) {
      const relative = page.replace(/^\/+/, '').replace(/\.(mdx|md)$/, '');
      if (relative === '' || relative.split('/').includes('..')) continue;
      const file = path.join(dir, `${relative}.mdx`);
      if (existsSync(file)) continue;
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, `---\ntitle: ${JSON.stringify(path.basename(relative))}\n---\n\nStub page.\n`);
    }
  }
  return dir;
}

/**
 * fast-check parameters for a property. Replay a failure with the values fast-check printed:
 *   FUZZ_SEED=<seed> FUZZ_PATH=<path> npx vitest run test/robustness/<file> -t '<test name>'
 * FUZZ_RUNS=<n> runs more (or fewer) cases than the default.
 */
export function fuzzParameters<T>(numRuns: number): fc.Parameters<T> {
  const parameters: fc.Parameters<T> = { numRuns: process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : numRuns };
  if (process.env.FUZZ_SEED) parameters.seed = Number(process.env.FUZZ_SEED);
  if (process.env.FUZZ_PATH) {
    parameters.path = process.env.FUZZ_PATH;
    parameters.endOnFailure = true;
  }
  return parameters;
}

/** A test timeout for a property of `numRuns` default cases: generous, and growing with FUZZ_RUNS. */
export function fuzzTimeout(numRuns: number, msPerCase = 1_000): number {
  const runs = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : numRuns;
  return Math.max(240_000, runs * msPerCase * 2);
}
