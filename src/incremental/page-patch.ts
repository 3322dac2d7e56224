import type { StageResult } from '../diagnostics/index.js';
import type { ParsedPage } from '../mdx/index.js';
import { invalidUtf8Diagnostic, sha256, type DocsRoot } from '../root/index.js';
import type { RunRecord } from './run-record.js';
import { pageBlocks } from '../manifest/serialize.js';

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

export interface PagePatch {
  /** Where the edited pages' hashes change in the last manifest. */
  edits: ContentHashEdit[];
  /** The edited pages' new fingerprints (`stageFingerprint`). */
  fingerprints: Record<string, string>;
  /**
   * Each edited page's parse; `bodyChanged`: its body changed but nothing else the stages read (only
   * with `structureOf`), so its content is still to be patched.
   */
  pages: Array<{ file: string; result: StageResult<ParsedPage>; bodyChanged: boolean }>;
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
 * What the stages before content read of a page result, hashed: `stageFingerprint` without the page's
 * converted body. Equal fingerprints with different bodies: an edit of the page's text alone, which a
 * long-lived process patches into the content (`src/pipeline/content-patch.ts`).
 */
export function structureFingerprint(value: ParsedPage, diagnostics: StageResult<ParsedPage>['diagnostics']): string {
  return sha256(JSON.stringify([{ ...value, contentHash: '', prose: [], content: undefined }, diagnostics])).slice(0, 32);
}

/**
 * The most common edit while writing docs changes a page's text and nothing a stage reads from it: no
 * frontmatter, field, import or position moves, no diagnostic appears or goes. Such a page changes only
 * its own `contentHash` in the manifest (its prose is kept only for `migrate`), so the last manifest is
 * patched instead of running every stage again.
 *
 * `changed` are pages of the record (and the only changed inputs). Each is parsed again and its
 * fingerprint compared with the one the record kept: equal means only the page's `contentHash` changes,
 * at the offset the record kept; otherwise the patch is refused (undefined) and the caller runs the stages.
 */
export async function patchEditedPages(root: DocsRoot, record: RunRecord, changed: readonly string[], structureOf?: (file: string) => string | undefined): Promise<PagePatch | undefined> {
  const { parseMdxPage } = await import('../mdx/parse-page.js');
  const recordedHash = new Map(record.inputs.map((input) => [input.path, input.hash]));
  const edits: ContentHashEdit[] = [];
  const fingerprints: Record<string, string> = {};
  const pages: PagePatch['pages'] = [];
  for (const file of changed) {
    const before = recordedHash.get(file);
    const offset = record.contentHashAt[file];
    const fingerprint = record.pageFingerprints[file];
    if (before === undefined || offset === undefined || fingerprint === undefined) return undefined;
    const read = root.read(file, { keep: false });
    if (!read.ok) return undefined;
    const result = withEncodingProblem(parseMdxPage(read.file), invalidUtf8Diagnostic(read.file));
    fingerprints[file] = stageFingerprint(result);
    const bodyChanged = fingerprints[file] !== fingerprint;
    if (bodyChanged) {
      const structure = structureOf?.(file);
      if (structure === undefined || structure !== structureFingerprint(result.value, result.diagnostics)) return undefined;
    }
    pages.push({ file, result, bodyChanged });
    edits.push({ offset, before, after: read.file.hash });
  }
  return { edits, fingerprints, pages };
}

/** Applies the edits to the manifest's bytes; false, with nothing changed, unless each finds its old hash. */
export function applyContentHashEdits(manifest: Buffer, edits: readonly ContentHashEdit[]): boolean {
  const holds = ({ offset, before }: ContentHashEdit): boolean => offset + before.length <= manifest.length && manifest.toString('latin1', offset, offset + before.length) === before;
  if (!edits.every(holds)) return false;
  for (const { offset, after } of edits) manifest.write(after, offset, 'latin1');
  return true;
}

/**
 * Where each page's `contentHash` digits are in a manifest, by the page's file (`pageIds`), found in one
 * pass. Relies on the layout of `serializeManifest` (two-space indentation: page ids are the keys at
 * depth 2 of `pages`, their fields at depth 3); a page not laid out so is left out, and is then never
 * patched.
 */
export function contentHashOffsets(manifest: Buffer, pageIds: Readonly<Record<string, string>>): Record<string, number> {
  const field = Buffer.from('\n      "contentHash": "');
  return hashOffsets(manifest, pageIds, (start, end) => {
    const at = manifest.indexOf(field, start);
    return at !== -1 && at < end ? at + field.length : undefined;
  });
}

/** Where each page's content reference (`content: { file, hash, ... }`) has its hash digits, like `contentHashOffsets`. */
export function contentReferenceOffsets(manifest: Buffer, pageIds: Readonly<Record<string, string>>): Record<string, number> {
  const object = Buffer.from('\n      "content": {\n');
  const field = Buffer.from('\n        "hash": "');
  return hashOffsets(manifest, pageIds, (start, end) => {
    const content = manifest.indexOf(object, start);
    if (content === -1 || content > end) return undefined;
    const close = manifest.indexOf('\n      }', content + 1);
    const at = manifest.indexOf(field, content);
    return at !== -1 && at < close && close <= end ? at + field.length : undefined;
  });
}

/** Per page block of `pages` (`pageBlocks`), the offset `find` gives within it, kept when 64 hex digits and a quote are there. */
function hashOffsets(manifest: Buffer, pageIds: Readonly<Record<string, string>>, find: (start: number, end: number) => number | undefined): Record<string, number> {
  const fileOfId = new Map(Object.entries(pageIds).map(([file, id]) => [id, file]));
  const offsets: Record<string, number> = {};
  for (const [id, block] of pageBlocks(manifest)) {
    const file = fileOfId.get(id);
    const offset = file === undefined ? undefined : find(block.line, block.end);
    if (file !== undefined && offset !== undefined && /^[0-9a-f]{64}"$/.test(manifest.toString('latin1', offset, offset + 65))) offsets[file] = offset;
  }
  return offsets;
}

