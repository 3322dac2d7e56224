/**
 * Reading and rewriting the files of an incremental cache as a test (or an attacker) would: the run
 * record, the spec entries, and the page entries inside their packs.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every `*.json` entry file of a namespace (`builds`, `specs`). */
export function entryFiles(cacheDir: string, namespace: string): string[] {
  const dir = path.join(cacheDir, namespace);
  let shards: string[];
  try {
    shards = readdirSync(dir);
  } catch {
    return [];
  }
  return shards.flatMap((shard) => {
    try {
      return readdirSync(path.join(dir, shard))
        .filter((name) => name.endsWith('.json'))
        .map((name) => path.join(dir, shard, name));
    } catch {
      return [];
    }
  });
}

/** The run record's file (the one `builds/*.json`). */
export function recordFile(cacheDir: string): string {
  const [file, ...others] = entryFiles(cacheDir, 'builds');
  if (!file || others.length > 0) throw new Error(`expected one run record in ${cacheDir}, found ${others.length + (file ? 1 : 0)}`);
  return file;
}

/** Rewrites an entry file's value (`{ key, value }` envelope kept). */
export function editEntry(file: string, edit: (value: Json) => Json): void {
  const envelope = JSON.parse(readFileSync(file, 'utf8')) as { key: string; value: Json };
  writeFileSync(file, JSON.stringify({ key: envelope.key, value: edit(envelope.value) }));
}

type IndexEntry = [pack: string, offset: number, length: number, usedInRun: number, sum: string];

/** The page entries of the cache's packs, by key. */
export function pageEntries(cacheDir: string): Map<string, { key: string; value: Json }> {
  const dir = path.join(cacheDir, 'pages');
  const index = JSON.parse(readFileSync(path.join(dir, 'index.json'), 'utf8')) as { entries: Record<string, IndexEntry> };
  const entries = new Map<string, { key: string; value: Json }>();
  for (const [key, [pack, offset, length]] of Object.entries(index.entries)) {
    const text = readFileSync(path.join(dir, pack)).subarray(offset, offset + length).toString('utf8');
    entries.set(key, JSON.parse(text) as { key: string; value: Json });
  }
  return entries;
}

/**
 * Writes every page entry again, each value through `edit`, into one new pack named by a new index
 * that keeps each entry's checksum as it was: what an entry edited in its pack looks like.
 */
export function editPageEntries(cacheDir: string, edit: (value: Json, key: string) => Json): void {
  const dir = path.join(cacheDir, 'pages');
  const entries = pageEntries(cacheDir);
  const sums = (JSON.parse(readFileSync(path.join(dir, 'index.json'), 'utf8')) as { entries: Record<string, IndexEntry> }).entries;
  const pack = 'f00df00df00df00d.pack';
  const chunks: Buffer[] = [];
  const index: Record<string, IndexEntry> = {};
  let offset = 0;
  for (const [key, envelope] of entries) {
    const bytes = Buffer.from(`${JSON.stringify({ key: envelope.key, value: edit(envelope.value, key) })}\n`);
    index[key] = [pack, offset, bytes.length - 1, 1, sums[key]![4]];
    chunks.push(bytes);
    offset += bytes.length;
  }
  writeFileSync(path.join(dir, pack), Buffer.concat(chunks));
  writeFileSync(path.join(dir, 'index.json'), JSON.stringify({ format: 'docs-build-pack-index', run: 1, entries: index }));
}

/** A copy of `value` with the property at `pathOf` (keys and indexes) set to `to`; the path must exist up to its last step. */
export function setAt(value: Json, pathOf: ReadonlyArray<string | number>, to: Json): Json {
  const copy = JSON.parse(JSON.stringify(value)) as Json;
  let node = copy as Record<string | number, Json>;
  for (const step of pathOf.slice(0, -1)) node = node[step] as Record<string | number, Json>;
  node[pathOf[pathOf.length - 1]!] = to;
  return copy;
}
