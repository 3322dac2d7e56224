import type { DiskCache } from '../cache/index.js';
import type { StageResult } from '../diagnostics/index.js';
import type { ParsedPage } from '../mdx/index.js';
import { invalidUtf8Diagnostic, type DocsRoot } from '../root/index.js';
import type { RunRecord } from './run-record.js';

/**
 * The page result a build caches and uses: the parse with the page's invalid-UTF-8 problem, if any
 * (decided by the bytes, so cached with them).
 */
export function withEncodingProblem(result: StageResult<ParsedPage>, problem: ReturnType<typeof invalidUtf8Diagnostic>): StageResult<ParsedPage> {
  return problem ? { ...result, diagnostics: [problem, ...result.diagnostics] } : result;
}

/**
 * The most common edit while writing docs changes a page's text and nothing a stage reads from it: no
 * frontmatter, field, import or position moves, no diagnostic appears or goes. Such a page changes only
 * its own `contentHash` in the manifest (its prose is kept only for `migrate`), so the last manifest is
 * patched instead of running every stage again.
 *
 * `changed` are pages of the record (and the only changed inputs). Each is parsed again and compared
 * with the result the last run used, found in the page cache by the recorded hash: equal apart from
 * `contentHash` and `prose`, diagnostics included, or the patch is refused (undefined) and the caller
 * runs the stages. The parses are cached like the pipeline's.
 */
export async function patchEditedPages(
  cache: DiskCache,
  root: DocsRoot,
  record: RunRecord,
  changed: readonly string[],
  previousManifest: Buffer,
): Promise<Buffer | undefined> {
  const { parseMdxPage } = await import('../mdx/index.js');
  const recordedHash = new Map(record.inputs.map((input) => [input.path, input.hash]));
  const manifest = previousManifest;
  for (const file of changed) {
    const before = recordedHash.get(file);
    const id = record.pageIds[file];
    if (before === undefined || id === undefined) return undefined;
    const previous = cache.get<StageResult<ParsedPage>>('pages', cache.key('page', file, before));
    if (!previous) return undefined;
    const read = root.read(file, { keep: false });
    if (!read.ok) return undefined;
    const key = cache.key('page', file, read.file.hash);
    let result = cache.get<StageResult<ParsedPage>>('pages', key);
    if (!result) {
      result = withEncodingProblem(parseMdxPage(read.file), invalidUtf8Diagnostic(read.file));
      cache.set('pages', key, result);
    }
    if (readOnlyForStages(previous) !== readOnlyForStages(result)) return undefined;
    if (!replaceContentHash(manifest, id, before, read.file.hash)) return undefined;
  }
  return manifest;
}

/** What the stages read of a page result, as JSON (cached results went through JSON too). */
function readOnlyForStages(result: StageResult<ParsedPage>): string {
  return JSON.stringify([{ ...result.value, contentHash: '', prose: [] }, result.diagnostics]);
}

/**
 * Changes page `id`'s `contentHash` from `before` to `after` in the manifest's bytes, in place (both are
 * sha256 hex: same length, ASCII). Relies on the layout of `serializeManifest` (two-space indentation,
 * `pages` before the other keyed tables); false, with nothing changed, when the bytes are not laid out so.
 */
export function replaceContentHash(manifest: Buffer, id: string, before: string, after: string): boolean {
  const pages = manifest.indexOf('\n  "pages": {\n');
  if (pages === -1) return false;
  // Page ids are the keys at depth 2; the entry ends at the first line closing that depth.
  const start = manifest.indexOf(`\n    ${JSON.stringify(id)}: {\n`, pages);
  if (start === -1) return false;
  const end = manifest.indexOf('\n    }', start + 1);
  const field = `\n      "contentHash": "${before}"`;
  const at = manifest.indexOf(field, start);
  if (at === -1 || end === -1 || at > end || !/^[0-9a-f]{64}$/.test(before) || !/^[0-9a-f]{64}$/.test(after)) return false;
  manifest.write(after, at + field.length - 1 - before.length, 'latin1');
  return true;
}
