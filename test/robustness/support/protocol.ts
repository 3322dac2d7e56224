import type { BuildStats } from '../../../src/pipeline/index.js';
import type { Diagnostic } from '../../../src/diagnostics/index.js';

/** A build run by build-child.ts (always `offline: true`: the suite never touches the network). */
export interface BuildRequest {
  id: number;
  root: string;
  outFile?: string;
  strict?: boolean;
  /** Send the manifest back (parsed from its JSON). */
  wantManifest?: boolean;
  /** Record every path handed to node:fs during the build (needs ROBUST_TRACE_FS=1 in the child). */
  trace?: boolean;
  /** build()'s `workers` (MDX worker threads); default: build()'s own default. */
  workers?: number;
  /** Diagnostics sent back (all are counted and position-checked). Default 5000. */
  maxDiagnostics?: number;
  /** build()'s incremental cache (`cache: true`) in this folder; default: no cache. */
  cacheDir?: string;
}

export interface FsAccess {
  op: string;
  path: string;
}

export interface PositionProblem {
  code: string;
  where: 'diagnostic' | 'related';
  file: string;
  line: number | undefined;
  column: number | undefined;
  why: string;
}

export type BuildReply =
  | {
      id: number;
      ok: true;
      ms: number;
      diagnosticCount: number;
      diagnostics: Diagnostic[];
      positionProblems: PositionProblem[];
      /** Changes to built-in prototypes seen after the build. */
      pollution: string[];
      maxRssMb: number;
      written?: string;
      stats?: BuildStats;
      /** Length of JSON.stringify(manifest), when there is a manifest and it serializes. */
      manifestBytes?: number;
      /** Why JSON.stringify(manifest) threw. */
      manifestError?: string;
      manifest?: unknown;
      accesses?: FsAccess[];
    }
  | { id: number; ok: false; error: string; ms: number };

export type OkReply = Extract<BuildReply, { ok: true }>;
