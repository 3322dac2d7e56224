import type { CodeThemes } from '../content/highlight.js';
import type { Manifest } from '../manifest/types.js';
import type { WrittenFile } from './content-output.js';
import type { ContentPatchFacts, PageFacts, StoredLinkSite } from './content-stage.js';

/**
 * What a long-lived process (the preview, `build --watch`) keeps of the last run that ran the content
 * stage, so that an edit of one page's text rebuilds that page's content alone instead of every page's
 * (docs/incremental.md, "Page content"). It belongs to one manifest: the run record's, by hash; a run
 * that produced another manifest without it replaces or drops it.
 *
 * Held in memory only: the content files themselves (which a preview serves anyway), the manifest as an
 * object, and per page what other pages and the manifest read of its content.
 */
export class ContentSession {
  state: ContentSessionState | undefined;
  /**
   * Begin a state even when nothing changed, if the state is not this manifest's: a process that started
   * on a reused run (which builds no content) primes its session so the first edit is patched. It begins
   * from the state the last run of the stages stored when there is one (a run with errors stored none
   * that can be used: it wrote no content), else the stages run.
   */
  prime = false;

  /** Whether a run that could reuse the recorded one should begin a state for the session (`prime`). */
  wantsPriming(manifestHash: string, outFile: string | undefined): boolean {
    return this.prime && this.stateFor(manifestHash, outFile) === undefined;
  }

  /** The state, when it belongs to this manifest and output. */
  stateFor(manifestHash: string, outFile: string | undefined): ContentSessionState | undefined {
    const state = this.state;
    return state && state.manifestHash === manifestHash && state.outFile === outFile ? state : undefined;
  }

  forget(): void {
    this.state = undefined;
  }
}

export interface ContentSessionState {
  /** The manifest this state describes (`manifestDigest(...).hash`). */
  manifestHash: string;
  outFile: string | undefined;
  manifest: Manifest;
  /**
   * Every content file, relative to the manifest's folder (what the run wrote, or would have written);
   * with `disk`, only those patched since, the others being the files beside the manifest; with
   * `written`, not search.json and llms-full.txt.
   */
  files: Map<string, Buffer>;
  /** With `disk`, the twins and search records of the pages patched since; the others' are on disk. */
  facts: ContentPatchFacts;
  /**
   * A session that began from the stored state (a preview whose first edit came before it was primed):
   * what the maps above do not hold is read beside the manifest, where the last run wrote it.
   */
  disk?: { twin(id: string): string | undefined; segment(id: string): string | undefined };
  /**
   * search.json and llms-full.txt where the last run wrote them, when `files` does not hold them: a
   * session whose runs write their content splices them there and keeps no copy.
   */
  written?: (relative: string) => WrittenFile | undefined;
  /** By page file: the structure fingerprint of its parse (`structureFingerprint`). */
  structures: Record<string, string>;
  /** By page file: where its content reference's hash is in the manifest (byte offset of 64 hex digits). */
  contentReferenceAt: Record<string, number>;
}

/**
 * What a run of the stages keeps in the cache for one-off runs (`build`, `export`) to patch a page's
 * content without a session: the session's facts without the files, the manifest and the site's twins and
 * search records, which the patch reads from the content folder for the edited pages only. It belongs
 * to the run record that names its `id`, and is written only by a run that wrote its content.
 */
export interface StoredContentState {
  id: string;
  linkSite: StoredLinkSite;
  themes: CodeThemes;
  variables: Record<string, string>;
  inlined: string[];
  inlinedElsewhere: string[];
  /** By page id. */
  pages: Record<string, PageFacts>;
  structures: Record<string, string>;
  contentReferenceAt: Record<string, number>;
}

export function storedContentState(id: string, facts: ContentPatchFacts, structures: Record<string, string>, contentReferenceAt: Record<string, number>): StoredContentState {
  return {
    id,
    linkSite: facts.linkSiteInput,
    themes: facts.themes,
    variables: { ...facts.variables },
    inlined: [...facts.inlined].sort(),
    inlinedElsewhere: [...facts.inlinedElsewhere].sort(),
    pages: Object.fromEntries(facts.pages),
    structures,
    contentReferenceAt,
  };
}

type InlineFacts = Pick<ContentPatchFacts, 'inlined' | 'inlinedElsewhere' | 'pages'>;
const converted = new WeakMap<StoredContentState, InlineFacts>();

/**
 * Which files the stored state's pages inline, and their facts, in the shapes a session holds them:
 * converted once per stored state (a snippet edit asks for its users, then the patch for its base).
 */
export function storedInlineFacts(stored: StoredContentState): InlineFacts {
  let facts = converted.get(stored);
  if (!facts) {
    facts = { inlined: new Set(stored.inlined), inlinedElsewhere: new Set(stored.inlinedElsewhere), pages: new Map(Object.entries(stored.pages)) };
    converted.set(stored, facts);
  }
  return facts;
}
