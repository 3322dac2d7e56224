import type { AdminClient } from './client.js';
import { AdminApiError } from './errors.js';
import { backoffDelay, maxTimerMs, resolveBackoff, type BackoffOptions } from './retry.js';
import { isFinalStatus, type AgentJob, type AgentJobStatus } from './types.js';

export type WaitProgress =
  /** The first read of the job, and every change of its status after that. */
  | { type: 'status'; job: AgentJob; previousStatus: AgentJobStatus | null; elapsedMs: number }
  /** A retryable failure; the next request goes out after `delayMs`. */
  | { type: 'retry'; error: AdminApiError; attempt: number; delayMs: number; elapsedMs: number };

export interface WaitOptions {
  /** Pause between two reads of an active job, in ms. Default 5 000. */
  intervalMs?: number;
  /** Give up after this long, in ms (from the call). Default 600 000 (10 minutes). */
  timeoutMs?: number;
  /** Cancels the wait and the request in flight; rejects with an `aborted` AdminApiError. */
  signal?: AbortSignal;
  /** Called on each status change and before each retry. An exception thrown here ends the wait. */
  onProgress?: (event: WaitProgress) => void;
  /** Backoff between retries of 429, 5xx, network and per-request timeout failures. */
  backoff?: BackoffOptions;
}

const defaultIntervalMs = 5_000;
const defaultTimeoutMs = 600_000;

/**
 * Polls an agent job until it is `completed`, `archived` or `failed` and returns it (a final status is
 * an answer, not an error: the caller decides what `failed` means to it).
 *
 * Rejects with an AdminApiError:
 * - `timeout` (with `overall: true`, the last job read in `job` and the last retry reason in `lastError`)
 *   when `timeoutMs` passes; a request in flight at that moment is cancelled;
 * - `aborted` (with `job`) when `signal` aborts; a request in flight is cancelled;
 * - at once, with the error itself, on anything a retry cannot cure: `not-found`, `unauthorized`,
 *   `forbidden`, `malformed-response`, `unexpected-status`, and `unreachable` until the job has been read
 *   once (after that, an unreachable server is retried like a dropped connection).
 */
export async function waitForAgentJob(client: AdminClient, projectId: string, id: string, options: WaitOptions = {}): Promise<AgentJob> {
  const intervalMs = options.intervalMs ?? defaultIntervalMs;
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  if (!Number.isFinite(intervalMs) || intervalMs <= 0 || intervalMs > maxTimerMs) {
    throw new RangeError(`intervalMs must be a number of milliseconds between 1 and ${maxTimerMs}, got ${intervalMs}`);
  }
  if (Number.isNaN(timeoutMs) || timeoutMs <= 0 || (Number.isFinite(timeoutMs) && timeoutMs > maxTimerMs)) {
    throw new RangeError(`timeoutMs must be Infinity or a number of milliseconds between 1 and ${maxTimerMs}, got ${timeoutMs}`);
  }
  const backoff = resolveBackoff(options.backoff, intervalMs);
  const what = `agent job ${JSON.stringify(id)} of project ${JSON.stringify(projectId)}`;
  const userSignal = options.signal;
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);

  let last: AgentJob | undefined;
  let lastError: AdminApiError | undefined;
  let attempts = 0;
  let failures = 0;

  const cancelled = (): AdminApiError =>
    new AdminApiError('aborted', `waiting for ${what} was cancelled${last ? ` (last status: ${last.status})` : ''}`, { job: last, attempts });
  const timedOut = (): AdminApiError => {
    const state = last ? `last status: ${last.status}` : 'the job was never read';
    const reason = lastError ? `; last error: ${lastError.message}` : '';
    return new AdminApiError('timeout', `${what} did not reach a final status within ${formatMs(timeoutMs)} (${state}${reason})`, {
      job: last,
      lastError,
      attempts,
      overall: true,
    });
  };

  if (userSignal?.aborted) throw cancelled();

  // One signal for everything in flight: the caller's abort and the overall deadline both cancel it.
  const waitController = new AbortController();
  let deadlinePassed = false;
  const deadline = Number.isFinite(timeoutMs)
    ? setTimeout(() => {
        deadlinePassed = true;
        waitController.abort();
      }, timeoutMs)
    : undefined;
  const onUserAbort = (): void => waitController.abort();
  userSignal?.addEventListener('abort', onUserAbort, { once: true });

  try {
    for (;;) {
      attempts++;
      let delayMs: number;
      try {
        const job = await client.getAgentJob(projectId, id, { signal: waitController.signal });
        failures = 0;
        const previous = last;
        last = job;
        if (previous === undefined || previous.status !== job.status) {
          options.onProgress?.({ type: 'status', job, previousStatus: previous?.status ?? null, elapsedMs: elapsed() });
        }
        if (isFinalStatus(job.status)) return job;
        delayMs = intervalMs;
      } catch (error) {
        if (!(error instanceof AdminApiError)) throw error;
        if (error.kind === 'aborted') throw userSignal?.aborted ? cancelled() : timedOut();
        // An address that was never reached is wrong, not busy; one that answered before is having a moment.
        const retry = error.retryable || (error.kind === 'unreachable' && last !== undefined);
        if (!retry) throw error;
        failures++;
        lastError = error;
        delayMs = backoffDelay(failures, backoff, error.retryAfterMs);
        options.onProgress?.({ type: 'retry', error, attempt: failures, delayMs, elapsedMs: elapsed() });
      }
      await sleep(delayMs, waitController.signal);
      if (userSignal?.aborted) throw cancelled();
      if (deadlinePassed) throw timedOut();
    }
  } finally {
    clearTimeout(deadline);
    userSignal?.removeEventListener('abort', onUserAbort);
  }
}

/** Resolves after `ms`, or as soon as `signal` aborts (the caller checks which). */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    // A retry delay can exceed what setTimeout holds; the deadline (or the caller) ends such a sleep.
    const timer = setTimeout(done, Math.min(ms, maxTimerMs));
    signal.addEventListener('abort', done, { once: true });
  });
}

function formatMs(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000}h`;
  if (ms % 60_000 === 0) return `${ms / 60_000}m`;
  if (ms % 1000 === 0) return `${ms / 1000}s`;
  return `${ms}ms`;
}
