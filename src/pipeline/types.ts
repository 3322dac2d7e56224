import type { ManifestStats } from '../manifest/assemble.js';
import type { JobCheck, JobChecksOptions } from '../admin/index.js';
import type { Diagnostic } from '../diagnostics/index.js';
import type { Manifest, Page } from '../manifest/types.js';
import type { IgnoredCounts } from '../rules/index.js';
import type { ContentSession } from './content-session.js';

/** Options of `build()`. Every option is optional except `root`. */
export interface BuildOptions {
  /** The docs root: the folder holding docs.json. */
  root: string;
  /** Write the manifest here (atomically) when the run has no errors. Default: nothing is written. */
  outFile?: string;
  /** Treat warnings as errors (after the rule settings: a code set to `warn` still becomes an error). Default false. */
  strict?: boolean;
  /**
   * The project's rule settings (`docs-build.json`) and accepted problems (`.docs-build-ignore.json`),
   * read from the top of the root when present (docs/rules.md). `false` reads neither;
   * `{ ignoreFile: false }` reads only the settings. Default true.
   */
  rules?: boolean | { ignoreFile: boolean };
  /** Check internal links, anchors, assets, redirects and docs.json hrefs (docs/links.md). Default true. */
  checkLinks?: boolean;
  /** Never fetch remote OpenAPI files; use only the on-disk cache. Default false. */
  offline?: boolean;
  /**
   * Also request every external http(s) link (concurrently, time-limited, results cached): 404/410 is
   * an error, no answer a warning (docs/links.md). Never together with `offline` (one info instead). Default false.
   */
  checkExternal?: boolean;
  /** With `checkExternal`: also request links to localhost, private addresses and example domains (intranet docs). Default false. */
  checkPrivateHosts?: boolean;
  /** Folder of the incremental cache (and of fetched remote specs). Default `<root>/.docs-build/cache`. */
  cacheDir?: string;
  /**
   * The incremental cache in `cacheDir`: `true` reads and writes it, `'read-only'` only reads it
   * (`docs-build check`, which writes nothing), `false` ignores it. Default false for the library
   * (no side effects unless asked); the CLI's `build` turns it on unless `--no-cache`.
   */
  cache?: boolean | 'read-only';
  /** MDX worker threads; default: available parallelism (at most 4); 0 parses on the main thread. */
  workers?: number;
  /** Progress of long phases (the CLI draws a bar on a TTY, plain lines in CI). */
  onProgress?: (event: BuildProgress) => void;
  /**
   * Called with the absolute path of every file of the docs root the build opens (audits; the tests use
   * it to prove that a rebuild opens only what changed, and nothing outside the root).
   */
  onOpen?: (absolutePath: string) => void;
  /** fetch used for remote OpenAPI files (tests inject one). Default: global fetch. */
  fetch?: typeof fetch;
  /** Agent jobs that must have completed before a manifest is emitted (deploy pipelines; docs/admin.md). */
  jobChecks?: JobCheckOptions;
  signal?: AbortSignal;
  /**
   * Kept by a long-lived caller (the preview, `build --watch`) from one run to the next: an edit of a
   * page's text then rebuilds that page's content alone (docs/incremental.md). Needs the cache.
   */
  session?: ContentSession;
}

/** `build()`'s job checks: the jobs, plus how to reach the admin API (docs/admin.md). */
export interface BuildProgress {
  phase: 'pages';
  done: number;
  total: number;
}

export interface JobCheckOptions extends JobChecksOptions {
  checks: JobCheck[];
}

/** Counts of what the manifest holds. */
export type BuildStats = ManifestStats;

export interface BuildResult {
  /** The manifest; present whenever the configuration could be read, even with errors (it is then not written). */
  manifest?: Manifest;
  /**
   * One page's entry, present with `manifest`: read from the manifest's bytes while `manifest` has not
   * been asked for (a reused or patched run has only the bytes, and a few pages of a large manifest cost
   * far less than all of it), else taken from it.
   */
  manifestPage?: (id: string) => Page | undefined;
  diagnostics: Diagnostic[];
  /** Absolute path of the written manifest, when one was written. */
  written?: string;
  /** What the rule settings and the ignore file took out of `diagnostics` (absent when the root has neither). */
  ignored?: IgnoredCounts;
  stats?: BuildStats;
  /**
   * The page content files of a run that ran the stages (relative to the manifest's folder -> bytes),
   * written or not: a preview renders a page with errors from them. Absent when the run reused the last
   * one (the files on disk are then current).
   */
  contentFiles?: ReadonlyMap<string, Buffer>;
  /** The hash of the manifest's bytes the run record keeps (`manifestDigest`): equal hashes, equal manifests. */
  manifestHash?: string;
  /**
   * Set when the run patched the last one instead of running the stages: the last run's manifest hash,
   * and the pages whose entries the patch changed (their content hashes). Every other page entry is
   * byte for byte as in that manifest, and the recorded diagnostics are that run's.
   */
  patchedFrom?: { manifestHash: string; pages: string[] };
}
