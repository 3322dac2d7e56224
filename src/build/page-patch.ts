import type { StageResult } from '../diagnostics/index.js';
import type { ParsedPage } from '../mdx/index.js';
import { invalidUtf8Diagnostic, sha256, type DocsRoot } from '../root/index.js';
import type { RunRecord } from './run-record.js';

/**
 * The page result a build caches and uses: the parse with the page's invalid-UTF-8 problem, if any
 * (decided by the bytes, so cached with them).
 */
export function withEncodingProblem(result: StageResult<ParsedPage>, problem: ReturnType<typeof invalidUtf8Diagnostic>): StageResult<ParsedPage> {
  return problem ? { ...result, diagnostics: [problem, ...result.diagnostics] } : result;
}

/** A contentHash replaced in the manifest's bytes: at `offset`, `before` (64 ASCII bytes) became `after`. */
export interface ContentHashEdit {
  offset: number;
  before: string;
  after: string;
}

export interface PatchedManifest {
  /** The last manifest with the edits applied. */
  manifest: Buffer;
  edits: ContentHashEdit[];
  /** The edited pages' new fingerprints (`stageFingerprint`). */
  fingerprints: Record<string, string>;
}

/**
 * What the stages read of a page result, hashed: its value without `contentHash` and `prose`, and its
 * diagnostics. Two results with the same fingerprint give the same manifest apart from the page's
 * `contentHash`. Kept in the run record, so a patch compares without reading the page cache.
 */
export function stageFingerprint(result: StageResult<ParsedPage>): string {
  return sha256(JSON.stringify([{ ...result.value, contentHash: '', prose: [] }, result.diagnostics])).slice(0, 32);
}

/**
 * The most common edit while writing docs changes a page's text and nothing a stage reads from it: no
 * frontmatter, field, import or position moves, no diagnostic appears or goes. Such a page changes only
 * its own `contentHash` in the manifest (its prose is kept only for `migrate`), so the last manifest is
 * patched instead of running every stage again.
 *
 * `changed` are pages of the record (and the only changed inputs). Each is parsed again and its
 * fingerprint compared with the one the record kept: equal means only the page's `contentHash` changes;
 * otherwise the patch is refused (undefined) and the caller runs the stages.
 */
export async function patchEditedPages(root: DocsRoot, record: RunRecord, changed: readonly string[], previousManifest: Buffer): Promise<PatchedManifest | undefined> {
  const { parseMdxPage } = await import('../mdx/index.js');
  const recordedHash = new Map(record.inputs.map((input) => [input.path, input.hash]));
  const manifest = previousManifest;
  const edits: ContentHashEdit[] = [];
  const fingerprints: Record<string, string> = {};
  for (const file of changed) {
    const before = recordedHash.get(file);
    const id = record.pageIds[file];
    const fingerprint = record.pageFingerprints[file];
    if (before === undefined || id === undefined || fingerprint === undefined) return undefined;
    const read = root.read(file, { keep: false });
    if (!read.ok) return undefined;
    const result = withEncodingProblem(parseMdxPage(read.file), invalidUtf8Diagnostic(read.file));
    fingerprints[file] = stageFingerprint(result);
    if (fingerprints[file] !== fingerprint) return undefined;
    const offset = replaceContentHash(manifest, id, before, read.file.hash);
    if (offset === undefined) return undefined;
    edits.push({ offset, before, after: read.file.hash });
  }
  return { manifest, edits, fingerprints };
}

/**
 * Changes page `id`'s `contentHash` from `before` to `after` in the manifest's bytes, in place (both are
 * sha256 hex: same length, ASCII), and returns where. Relies on the layout of `serializeManifest`
 * (two-space indentation, `pages` before the other keyed tables); undefined, with nothing changed, when
 * the bytes are not laid out so.
 */
export function replaceContentHash(manifest: Buffer, id: string, before: string, after: string): number | undefined {
  const pages = manifest.indexOf('\n  "pages": {\n');
  if (pages === -1) return undefined;
  // Page ids are the keys at depth 2; the entry ends at the first line closing that depth.
  const start = manifest.indexOf(`\n    ${JSON.stringify(id)}: {\n`, pages);
  if (start === -1) return undefined;
  const end = manifest.indexOf('\n    }', start + 1);
  const field = `\n      "contentHash": "${before}"`;
  const at = manifest.indexOf(field, start);
  if (at === -1 || end === -1 || at > end || !/^[0-9a-f]{64}$/.test(before) || !/^[0-9a-f]{64}$/.test(after)) return undefined;
  const offset = at + field.length - 1 - before.length;
  manifest.write(after, offset, 'latin1');
  return offset;
}
