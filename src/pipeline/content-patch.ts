import type { DiskCache } from '../incremental/index.js';
import type { StageResult } from '../diagnostics/index.js';
import type { Manifest, Page } from '../manifest/types.js';
import type { ParsedPage } from '../mdx/types.js';
import { sha256, type DocsRoot } from '../root/index.js';
import type { ContentHashEdit } from '../incremental/page-patch.js';
import { rebuildPageContent, searchSegment, type ContentPatchFacts, type PageFacts } from './content-stage.js';
import { contentFileOf, llmsFiles, searchFile } from './content-output.js';
import { llmsFullSection, llmsTxt } from './llms.js';
import type { ContentSessionState } from './content-session.js';
import { contentStageEdges } from './content-edges.js';
import type { BuildOptions } from './types.js';

/** An edited page: its new parse, and whether its body changed (nothing else a stage reads did: its structure fingerprint is the recorded one). */
export interface ContentEdit {
  /** The page's id and file. */
  id: string;
  file: string;
  result: StageResult<ParsedPage>;
  bodyChanged: boolean;
}

export interface ContentPatch {
  /** The content references' hashes to change in the manifest. */
  edits: ContentHashEdit[];
  /** Content files whose bytes changed. */
  files: Map<string, Buffer>;
  /** The state after the patch (its `manifestHash` still to be set by the caller). */
  next: ContentSessionState;
}

/**
 * Rebuilds the content of the edited pages alone. Undefined, with nothing changed, when the edit reaches
 * beyond the page: a heading, anchor, table-of-contents entry, inlined file or problem that changed, a
 * page inlined into others, a page whose snippets have problems, or external link checking.
 */
export async function patchContent(state: ContentSessionState, root: DocsRoot, cache: DiskCache | undefined, options: BuildOptions, edited: readonly ContentEdit[]): Promise<ContentPatch | undefined> {
  if (options.checkExternal) return undefined;
  const { facts } = state;
  const pages = { ...state.manifest.pages };
  const searchSegments = new Map(facts.searchSegments);
  const twins = new Map(facts.twins);
  const pageFacts = new Map(facts.pages);
  const files = new Map<string, Buffer>();
  const edits: ContentHashEdit[] = [];
  const edges = contentStageEdges(cache, options);
  try {
    for (const { id, file, result, bodyChanged } of edited) {
      const page = state.manifest.pages[id];
      if (!bodyChanged) {
        if (!page) return undefined;
        pages[id] = { ...page, contentHash: result.value.contentHash };
        continue;
      }
      const before = facts.pages.get(id);
      const at = state.contentReferenceAt[file];
      if (!page?.content || before?.file !== file || at === undefined || facts.inlined.has(file)) return undefined;
      const rebuilt = await rebuildPageContent({
        root,
        parsed: result.value,
        page,
        facts,
        ...(edges.snippetCache ? { snippetCache: edges.snippetCache } : {}),
        highlight: edges.highlight,
        checkLinks: options.checkLinks !== false,
      });
      if (!rebuilt || !sameFacts(before, rebuilt.facts)) return undefined;
      const json = Buffer.from(`${JSON.stringify(rebuilt.built.content)}\n`, 'utf8');
      const contentFile = contentFileOf(id);
      const hash = sha256(json);
      if (contentFile !== page.content.file) return undefined;
      files.set(contentFile, json);
      files.set(contentFile.replace(/\.json$/, '.md'), Buffer.from(rebuilt.built.markdown, 'utf8'));
      edits.push({ offset: at, before: page.content.hash, after: hash });
      pages[id] = { ...page, contentHash: result.value.contentHash, content: { ...page.content, hash } } satisfies Page;
      searchSegments.set(id, searchSegment(rebuilt.built.search));
      twins.set(id, rebuilt.built.markdown);
      pageFacts.set(id, rebuilt.facts);
    }
  } finally {
    await edges.close();
  }
  const manifest: Manifest = { ...state.manifest, pages };
  // A page's part of search.json and llms-full.txt is replaced in the bytes where it is found once;
  // else (never in practice) the whole file is made again. The llms.txt index holds no body text.
  const replacements = (part: (id: string, segments: ReadonlyMap<string, string>) => string) =>
    edited.filter((edit) => edit.bodyChanged).map(({ id }) => ({ before: part(id, facts.searchSegments), after: part(id, searchSegments) }));
  const search = spliceParts(state.files.get(searchFile), replacements((id, segments) => segments.get(id) ?? ''));
  files.set(searchFile, search ?? searchBytes(manifest, searchSegments));
  const sectionOf = (id: string, from: ReadonlyMap<string, string>): string => llmsFullSection(id, from.get(id) ?? '');
  const full = spliceParts(state.files.get(llmsFiles.full), edited.filter((edit) => edit.bodyChanged).map(({ id }) => ({ before: sectionOf(id, facts.twins), after: sectionOf(id, twins) })));
  files.set(llmsFiles.full, full ?? Buffer.from(llmsTxt(manifest, twins).llmsFullTxt, 'utf8'));
  for (const [relative, bytes] of files) if (state.files.get(relative)?.equals(bytes)) files.delete(relative);
  const allFiles = new Map(state.files);
  for (const [relative, bytes] of files) allFiles.set(relative, bytes);
  return {
    edits,
    files,
    next: { ...state, manifest, files: allFiles, facts: { ...facts, pages: pageFacts, searchSegments, twins } },
  };
}

function sameFacts(before: PageFacts, after: PageFacts): boolean {
  return before.file === after.file && before.anchors === after.anchors && before.toc === after.toc && before.deps === after.deps && before.problems === after.problems && before.foreignLinks === after.foreignLinks;
}

/** `search.json` as `serializeContent` writes it: every page's records in page-id order. */
function searchBytes(manifest: Manifest, segments: ReadonlyMap<string, string>): Buffer {
  const ids = Object.keys(manifest.pages).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const parts: string[] = [];
  for (const id of ids) {
    const segment = segments.get(id);
    if (segment) parts.push(segment);
  }
  return Buffer.from(`[${parts.join(',')}]\n`, 'utf8');
}

/**
 * The file's bytes with each `before` replaced by its `after`, when each `before` is there exactly once
 * (and not empty); undefined otherwise, and the caller makes the file again.
 */
function spliceParts(file: Buffer | undefined, parts: ReadonlyArray<{ before: string; after: string }>): Buffer | undefined {
  let bytes = file;
  for (const { before, after } of parts) {
    if (bytes === undefined || before === '' || after === '') return undefined;
    const needle = Buffer.from(before, 'utf8');
    const at = bytes.indexOf(needle);
    if (at === -1 || bytes.indexOf(needle, at + 1) !== -1) return undefined;
    bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from(after, 'utf8'), bytes.subarray(at + needle.length)]);
  }
  return bytes;
}
