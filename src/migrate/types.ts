import type { JsonValue, SourceLocation } from '../diagnostics/index.js';
import type { DocsRoot } from '../root/index.js';
import type { DriftKind } from '../fields/index.js';

/** Options of `checkMigration`. */
export interface CheckMigrationOptions {
  /** The docs root: a `DocsRoot` or the path of the folder holding docs.json. */
  root: DocsRoot | string;
  /**
   * Compare every hand-written page with this OpenAPI file (a path relative to the docs root, as docs.json
   * would name it) instead of the files attached to each page's navigation. Default: the attached files.
   */
  spec?: string;
  /** Never fetch remote OpenAPI files; use only the on-disk cache. Default false. */
  offline?: boolean;
  /** fetch used for remote OpenAPI files (tests inject one). Default: global fetch. */
  fetch?: typeof fetch;
}

/**
 * What happened to one navigation entry of a hand-written API page:
 * - `matched`: one operation of the spec(s) in scope has the page's method and path;
 * - `no-operation`: none has;
 * - `ambiguous`: several have (in one spec, or in several specs of the scope);
 * - `no-spec`: no OpenAPI file is in scope (and no `--spec` was given);
 * - `spec-error`: the OpenAPI file(s) in scope could not be read or parsed.
 */
export type PageStatus = 'matched' | 'no-operation' | 'ambiguous' | 'no-spec' | 'spec-error';

/** A field as the report shows it: enough to read the drift without the whole Field. */
export interface FieldView {
  path: string;
  in: string;
  type: string;
  required: boolean;
  default?: JsonValue;
  location: SourceLocation;
}

export interface DriftEntry {
  kind: DriftKind;
  /** The field's dotted path (page side when the page has it). */
  field: string;
  detail: string;
  page?: FieldView;
  spec?: FieldView;
}

export interface OperationRef {
  spec: string;
  method: string;
  path: string;
  pointer: string;
  operationId?: string;
  location: SourceLocation;
}

/** Why `--write` leaves an entry alone (without `--force`, every blocker applies; with it, only the `hardBlockers`). */
export type Blocker =
  | 'unmatched'
  | 'field-drift'
  | 'server-drift'
  | 'auth-drift'
  | 'prose-lost'
  | 'url-change'
  | 'hidden-operation'
  | 'bulk-generation-off'
  | 'not-replaceable';

/** Blockers that `--force` cannot lift: there is nothing correct to write. */
export const hardBlockers: readonly Blocker[] = ['unmatched', 'not-replaceable', 'hidden-operation'];

export interface PageReport {
  /** Page id as listed in the navigation. */
  page: string;
  /** The MDX file. */
  file: string;
  /** Where the navigation lists it (docs.json or a file it `$ref`s). */
  entry: SourceLocation;
  api: { method: string; target: string; url: string | null; location: SourceLocation };
  status: PageStatus;
  /** Spec id the operation was looked up in (the matched one, or the first in scope). */
  spec?: string;
  operation?: OperationRef;
  /** `ambiguous`: the operations that fit; `no-operation`: the closest ones. */
  candidates?: OperationRef[];
  drift: DriftEntry[];
  /** The page's server and the operation's, when they differ. */
  serverDrift?: { page: string[]; spec: string[] };
  authDrift?: { page: string; spec: string };
  /** Prose outside field components that the generated page would not show. */
  proseLost: Array<{ text: string; location: SourceLocation }>;
  /** The `x-mint` to add to the operation so nothing is lost (content, and href to keep the URL). */
  suggestedXDocs?: { spec: string; pointer: string; content?: string; href?: string };
  /** Page id the endpoint reference would produce, and whether that is another URL than today's. */
  newPageId?: string;
  /** The endpoint reference the entry becomes. */
  reference?: string;
  blockers: Blocker[];
}

/** One replacement of a page reference in a configuration file: an edit of the text, never a rewrite. */
export interface ConfigEdit {
  /** The file of a `$ref`-composed configuration that holds the entry. */
  file: string;
  line: number;
  column: number;
  /** Pointer of the entry in the composed configuration. */
  pointer: string;
  /** UTF-16 offset and length of the JSON string being replaced, quotes included. */
  offset: number;
  length: number;
  from: string;
  to: string;
  /** The MDX file the entry listed. */
  pageFile: string;
  blockers: Blocker[];
}

export interface MigrationSummary {
  pages: number;
  matched: number;
  noOperation: number;
  ambiguous: number;
  noSpec: number;
  specError: number;
  drift: Record<DriftKind, number>;
  serverDrift: number;
  authDrift: number;
  proseLost: number;
  urlChanges: number;
  edits: number;
  /** Edits `--write` applies without `--force`. */
  ready: number;
  unusedFiles: number;
}

export interface MigrationReport {
  /** One entry per navigation entry of a hand-written API page, in navigation order. */
  pages: PageReport[];
  edits: ConfigEdit[];
  /** MDX files that become unused once every edit is applied (listed nowhere else, imported by no page). */
  unusedFiles: string[];
  /**
   * MDX files an earlier migration left behind: not in the navigation, at the URL of a page generated
   * for an endpoint reference of it (also in `unusedFiles`). `--delete-pages` removes them too.
   */
  leftoverFiles: string[];
  /** The OpenAPI files compared against, with whether they loaded without errors. */
  specs: Array<{ id: string; valid: boolean }>;
  /** Set when nothing may be written (an invalid spec, an unreadable configuration). */
  blocked?: string;
  summary: MigrationSummary;
}

/** Options of `applyMigration`. */
export interface ApplyMigrationOptions {
  /** Apply edits of matched pages despite drift, prose loss and URL changes. Default false. */
  force?: boolean;
  /** Delete the MDX files whose every navigation entry was replaced, and those an earlier migration left (`leftoverFiles`), when nothing imports them. Default false. */
  deletePages?: boolean;
}

export interface AppliedMigration {
  edits: ConfigEdit[];
  /** Root-relative configuration files rewritten. */
  files: string[];
  /** Root-relative MDX files deleted. */
  deleted: string[];
}

/** Options of `draftOpenapi`. */
export interface DraftOpenapiOptions {
  root: DocsRoot | string;
  /** Title of the document. Default: `<site name> API`. */
  title?: string;
  /** `info.version`. Default `1.0.0`. */
  version?: string;
  /**
   * The extension each operation's page data goes into: `x-mint` (default, the name the service reads
   * and every real repository uses) or `x-docs` (docs-build reads both).
   */
  extension?: DocsExtension;
}

export type DocsExtension = 'x-mint' | 'x-docs';

export interface DraftResult {
  /** The OpenAPI 3.1 document (plain JSON data). */
  document: { [key: string]: JsonValue };
  /** Pages drafted, by file. */
  pages: string[];
}
