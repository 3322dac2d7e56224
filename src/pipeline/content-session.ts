import type { Manifest } from '../manifest/types.js';
import type { ContentPatchFacts } from './content-stage.js';

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
   * Run the stages even when nothing changed, if the state is not this manifest's: a process that
   * started on a reused run (which builds no content) primes its session so the first edit is patched.
   */
  prime = false;

  /** Whether a run that could reuse the recorded one should run the stages for the session's sake. */
  wantsStages(manifestHash: string, outFile: string | undefined): boolean {
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
  /** Every content file, relative to the manifest's folder (what the run wrote, or would have written). */
  files: Map<string, Buffer>;
  facts: ContentPatchFacts;
  /** By page file: the structure fingerprint of its parse (`structureFingerprint`). */
  structures: Record<string, string>;
  /** By page file: where its content reference's hash is in the manifest (byte offset of 64 hex digits). */
  contentReferenceAt: Record<string, number>;
}
