/** One row of a bench table: the suite (run.ts) and the stage benches (openapi.ts, mdx.ts) share it, so all tables read alike. */
export interface BenchRow {
  name: string;
  /** Median wall time of the measured work, in milliseconds. */
  medianMs: number;
  /** Median CPU time (user + system, all threads), in milliseconds; above wall time when work runs on other threads. */
  cpuMs?: number;
  /** Largest peak resident set size of the measuring processes, in MB. */
  peakRssMb: number;
  /** Median wall time of the baseline measured in the same run, in milliseconds. */
  baselineMs: number;
  /** medianMs / baselineMs. */
  ratio: number;
}
