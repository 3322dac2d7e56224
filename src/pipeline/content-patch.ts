import path from 'node:path';
import type { DiskCache } from '../incremental/index.js';
import { compareCodeUnits, type StageResult } from '../diagnostics/index.js';
import type { Manifest, Page } from '../manifest/types.js';
import type { ParsedPage } from '../mdx/types.js';
import type { ContentReference, PageContent } from '../content/types.js';
import { searchRecords } from '../content/search.js';
import { locateSplice, readOwnedFile, sha256, type DocsRoot } from '../root/index.js';
import type { ContentHashEdit } from '../incremental/page-patch.js';
import { linkSiteOf, rebuildPageContent, type ContentPatchFacts, type PageFacts } from './content-stage.js';
import { contentFileOf, contentFolderName, llmsFiles, searchFile, searchFileBytes, searchSegment, twinFileOf, writtenFileAt, type ContentFileBytes, type WrittenFile } from './content-output.js';
import { llmsFullSection, llmsTxt } from './llms.js';
import { storedInlineFacts, type ContentSessionState, type StoredContentState } from './content-session.js';
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

/** What the patch reads of the last run: a content session in memory, or the stored state with the files beside the manifest. */
export interface ContentBase {
  facts: Omit<ContentPatchFacts, 'searchSegments' | 'twins'>;
  contentReferenceAt: Record<string, number>;
  /** The page's content reference in the last manifest (its file and hash). */
  reference(id: string): Pick<ContentReference, 'file' | 'hash'> | undefined;
  /** The page's Markdown twin and its part of search.json, as the last run wrote them. */
  twin(id: string): string | undefined;
  segment(id: string): string | undefined;
  /** search.json or llms-full.txt as the last run wrote it (relative to the manifest's folder). */
  file(relative: string): WrittenFile | undefined;
  /** The whole manifest, when in memory: search.json and llms-full.txt can then be made again when a splice fails. */
  manifest?: Manifest;
  /** False for a run with errors and no session: it writes no content, so only the manifest's hashes are patched. */
  writesFiles: boolean;
}

/** What a patch changed of one page whose body was edited. */
export interface PatchedPage {
  hash: string;
  twin: string;
  segment: string;
  facts: PageFacts;
}

export interface ContentPatch {
  /** The content references' hashes to change in the manifest. */
  edits: ContentHashEdit[];
  /** Content files whose bytes changed (a file on disk is spliced where it is). */
  files: Map<string, ContentFileBytes>;
  /** By page id, the pages whose body was patched. */
  pages: Map<string, PatchedPage>;
}

/**
 * Rebuilds the content of the edited pages alone. Undefined, with nothing changed, when the edit reaches
 * beyond the page: a heading, anchor, table-of-contents entry, inlined file or problem that changed, a
 * page inlined into others, a page whose snippets have problems, or external link checking.
 */
export async function patchContent(base: ContentBase, root: DocsRoot, cache: DiskCache | undefined, options: BuildOptions, edited: readonly ContentEdit[]): Promise<ContentPatch | undefined> {
  if (options.checkExternal) return undefined;
  const { facts } = base;
  const files = new Map<string, ContentFileBytes>();
  const edits: ContentHashEdit[] = [];
  const pages = new Map<string, PatchedPage>();
  const edges = contentStageEdges(cache, options);
  try {
    for (const { id, file, result, bodyChanged } of edited) {
      if (!bodyChanged) continue;
      const before = facts.pages.get(id);
      const at = base.contentReferenceAt[file];
      const reference = base.reference(id);
      if (before?.file !== file || at === undefined || facts.inlined.has(file) || reference?.file !== contentFileOf(id)) return undefined;
      const heading = before.description !== undefined ? { title: before.title, description: before.description } : { title: before.title };
      const rebuilt = await rebuildPageContent({
        root,
        id,
        parsed: result.value,
        heading,
        facts,
        ...(edges.snippetCache ? { snippetCache: edges.snippetCache } : {}),
        highlight: edges.highlight,
        checkLinks: options.checkLinks !== false,
      });
      if (!rebuilt || !sameFacts(before, rebuilt.facts)) return undefined;
      const { bytes } = rebuilt.built;
      const hash = sha256(bytes);
      if (base.writesFiles) {
        files.set(reference.file, bytes);
        files.set(twinFileOf(id), Buffer.from(rebuilt.built.markdown, 'utf8'));
      }
      edits.push({ offset: at, before: reference.hash, after: hash });
      pages.set(id, { hash, twin: rebuilt.built.markdown, segment: rebuilt.built.searchSegment, facts: before.llmsFull === false ? { ...rebuilt.facts, llmsFull: false } : rebuilt.facts });
    }
  } finally {
    await edges.close();
  }
  if (pages.size === 0 || !base.writesFiles) return { edits, files, pages };
  const search = spliceParts(base.file(searchFile), [...pages].map(([id, page]) => ({ before: base.segment(id), after: page.segment })));
  // Pages llms-full.txt leaves out have no part there: when only such pages changed, it is left alone.
  const inFull = [...pages].filter(([, page]) => page.facts.llmsFull !== false);
  const full = inFull.length === 0 ? 'unchanged' : spliceParts(base.file(llmsFiles.full), inFull.map(([id, page]) => ({ before: sectionOf(id, base.twin(id)), after: sectionOf(id, page.twin) })));
  if (search) files.set(searchFile, search);
  if (full && full !== 'unchanged') files.set(llmsFiles.full, full);
  if (!search || !full) {
    // Never in practice: a part not found once in the file. With the whole site in memory the file is made again; else the stages run.
    if (!base.manifest) return undefined;
    const remade = remadeTextFiles(base as ContentBase & { manifest: Manifest }, pages);
    if (!search) files.set(searchFile, remade.search);
    if (!full) files.set(llmsFiles.full, remade.full);
  }
  return { edits, files, pages };
}

function sectionOf(id: string, twin: string | undefined): string | undefined {
  return twin === undefined ? undefined : llmsFullSection(id, twin);
}

function sameFacts(before: PageFacts, after: PageFacts): boolean {
  return before.file === after.file && before.deps === after.deps && before.surface === after.surface;
}

/**
 * The file's bytes with each `before` replaced by its `after`, when each `before` is there exactly once
 * (and not empty); undefined otherwise. A file on disk is spliced there (`locateSplice`), never read whole.
 */
function spliceParts(file: WrittenFile | undefined, parts: ReadonlyArray<{ before: string | undefined; after: string | undefined }>): ContentFileBytes | undefined {
  if (file !== undefined && !Buffer.isBuffer(file)) {
    const cuts: Array<{ before: Buffer; after: Buffer }> = [];
    for (const { before, after } of parts) {
      if (!before || !after) return undefined;
      cuts.push({ before: Buffer.from(before, 'utf8'), after: Buffer.from(after, 'utf8') });
    }
    try {
      return locateSplice(file.path, cuts, { within: file.within, sha256: file.sha256 });
    } catch {
      return undefined;
    }
  }
  let bytes = file;
  for (const { before, after } of parts) {
    if (bytes === undefined || !before || !after) return undefined;
    const needle = Buffer.from(before, 'utf8');
    const at = bytes.indexOf(needle);
    if (at === -1 || bytes.indexOf(needle, at + 1) !== -1) return undefined;
    bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from(after, 'utf8'), bytes.subarray(at + needle.length)]);
  }
  return bytes;
}

/** search.json and llms-full.txt made again from every page's part (`serializeContent`'s and `llmsTxt`'s layout). */
function remadeTextFiles(base: ContentBase & { manifest: Manifest }, patched: ReadonlyMap<string, PatchedPage>): { search: Buffer; full: Buffer } {
  const ids = Object.keys(base.manifest.pages).sort(compareCodeUnits);
  const segments = ids.map((id) => patched.get(id)?.segment ?? base.segment(id) ?? '');
  const twins = new Map<string, string>();
  for (const id of ids) {
    const twin = patched.get(id)?.twin ?? base.twin(id);
    if (twin !== undefined) twins.set(id, twin);
  }
  return { search: searchFileBytes(segments), full: Buffer.from(llmsTxt(base.manifest, twins).llmsFullTxt, 'utf8') };
}

/** The patch's base from a content session in memory. */
export function sessionBase(state: ContentSessionState): ContentBase {
  return {
    facts: state.facts,
    contentReferenceAt: state.contentReferenceAt,
    reference: (id) => state.manifest.pages[id]?.content,
    twin: (id) => state.facts.twins.get(id) ?? state.disk?.twin(id),
    segment: (id) => state.facts.searchSegments.get(id) ?? state.disk?.segment(id),
    file: (relative) => state.files.get(relative) ?? state.written?.(relative),
    // Every page's parts are at hand only without `disk`: then a file whose splice failed is made again.
    ...(state.disk ? {} : { manifest: state.manifest }),
    writesFiles: true,
  };
}

/**
 * A session that begins after a patch from the stored state: the manifest as patched, the stored facts
 * and what this patch changed; the rest is read from disk when needed.
 */
export function sessionFromStored(base: ContentBase, stored: StoredContentState, manifest: Manifest, manifestHash: string, outFile: string | undefined, patch: ContentPatch): ContentSessionState {
  const facts: ContentPatchFacts = { ...base.facts, pages: new Map(base.facts.pages), searchSegments: new Map(), twins: new Map() };
  for (const [id, page] of patch.pages) {
    facts.pages.set(id, page.facts);
    facts.searchSegments.set(id, page.segment);
    facts.twins.set(id, page.twin);
  }
  return { manifestHash, outFile, manifest, files: filesInMemory(new Map(), patch), facts, structures: stored.structures, contentReferenceAt: stored.contentReferenceAt, disk: { twin: base.twin, segment: base.segment }, written: base.file };
}

/** The session after a patch: the manifest, the files and each patched page's parts replaced. */
export function sessionAfter(state: ContentSessionState, patch: ContentPatch, edited: readonly ContentEdit[]): ContentSessionState {
  const pages = { ...state.manifest.pages };
  for (const { id, result } of edited) {
    const page = pages[id];
    if (!page) continue;
    const patched = patch.pages.get(id);
    pages[id] = (patched && page.content ? { ...page, contentHash: result.value.contentHash, content: { ...page.content, hash: patched.hash } } : { ...page, contentHash: result.value.contentHash }) satisfies Page;
  }
  const files = filesInMemory(new Map(state.files), patch);
  const facts = { ...state.facts, pages: new Map(state.facts.pages), searchSegments: new Map(state.facts.searchSegments), twins: new Map(state.facts.twins) };
  for (const [id, page] of patch.pages) {
    facts.pages.set(id, page.facts);
    facts.searchSegments.set(id, page.segment);
    facts.twins.set(id, page.twin);
  }
  return { ...state, manifest: { ...state.manifest, pages }, files, facts };
}

/**
 * The session's files after a patch wrote its own: a file spliced on disk is read there from now on
 * (only a session with `written` is given files on disk to splice).
 */
function filesInMemory(files: Map<string, Buffer>, patch: ContentPatch): Map<string, Buffer> {
  for (const [relative, bytes] of patch.files) {
    if (Buffer.isBuffer(bytes)) files.set(relative, bytes);
    else files.delete(relative);
  }
  return files;
}

/**
 * The patch's base from the state a run of the stages stored in the cache. `recordedHash` reads a page's
 * content hash from the last manifest (proven by its hash or stamp). Content is read from the folder
 * beside `manifestFile` (the edited pages' files, search.json and llms-full.txt; never a path outside
 * it); without one (a run with errors wrote none) only the manifest's hashes are patched.
 */
export function storedBase(stored: StoredContentState, root: DocsRoot, manifestFile: string | undefined, recordedHash: (offset: number) => string | undefined): ContentBase {
  const outDir = manifestFile === undefined ? undefined : path.dirname(path.resolve(manifestFile));
  const folder = outDir === undefined ? undefined : path.join(outDir, contentFolderName);
  const read = (relative: string): Buffer | undefined => {
    if (outDir === undefined || folder === undefined) return undefined;
    const file = path.join(outDir, relative);
    if (!file.startsWith(folder + path.sep)) return undefined;
    try {
      return readOwnedFile(file, { within: folder });
    } catch {
      return undefined;
    }
  };
  const inline = storedInlineFacts(stored);
  const { pages } = inline;
  const contentOf = (id: string): PageContent | undefined => {
    try {
      return JSON.parse(read(contentFileOf(id))?.toString('utf8') ?? 'null') as PageContent | undefined;
    } catch {
      return undefined;
    }
  };
  return {
    facts: {
      linkSite: linkSiteOf(stored.linkSite, root, { listed: false }),
      linkSiteInput: stored.linkSite,
      themes: stored.themes,
      variables: stored.variables,
      ...inline,
    },
    contentReferenceAt: stored.contentReferenceAt,
    reference: (id) => {
      const file = pages.get(id)?.file;
      const at = file === undefined ? undefined : stored.contentReferenceAt[file];
      const hash = at === undefined ? undefined : recordedHash(at);
      // Written content must still be there to be patched.
      return hash === undefined || (outDir !== undefined && read(contentFileOf(id)) === undefined) ? undefined : { file: contentFileOf(id), hash };
    },
    twin: (id) => read(twinFileOf(id))?.toString('utf8'),
    // search.json and llms-full.txt (20 MB on firecrawl-docs) are spliced where they are.
    file: manifestFile === undefined ? () => undefined : writtenFileAt(manifestFile),
    segment: (id) => {
      const page = pages.get(id);
      const tree = contentOf(id)?.tree;
      return page && tree?.type === 'root' && Array.isArray(tree.children) ? searchSegment(searchRecords(id, page.title, tree, page.description)) : undefined;
    },
    writesFiles: outDir !== undefined,
  };
}
