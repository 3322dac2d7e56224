/**
 * Backoff between retries of a failed poll.
 *
 * The delay before retry `n` (1 for the first retry after a failure, reset by any success) is drawn
 * below `cap = min(maxMs, baseMs * factor^(n-1))`:
 * - `equal` jitter (default): uniform in `[cap/2, cap]`. Waits at least half the cap, so a failing server
 *   is never hammered, yet concurrent pollers spread out.
 * - `full` jitter: uniform in `[0, cap]`. Spreads the most; may retry almost at once.
 * A `Retry-After` from the server is a floor: the delay is `max(retryAfterMs, jittered backoff)`.
 */
/** setTimeout fires at once beyond this, so larger delays and limits are refused or split. */
export const maxTimerMs = 2_147_483_647;

export type Jitter = 'full' | 'equal';

export interface BackoffOptions {
  /** Cap of the first retry, in ms. Default: the poll interval. */
  baseMs?: number;
  /** Growth of the cap per consecutive failure. Default 2. */
  factor?: number;
  /** Largest cap, in ms. Default: 60 000 (or `baseMs` if larger). */
  maxMs?: number;
  /** Default `equal`. */
  jitter?: Jitter;
}

export interface ResolvedBackoff {
  baseMs: number;
  factor: number;
  maxMs: number;
  jitter: Jitter;
}

export function resolveBackoff(options: BackoffOptions | undefined, intervalMs: number): ResolvedBackoff {
  const baseMs = options?.baseMs ?? intervalMs;
  const factor = options?.factor ?? 2;
  const maxMs = options?.maxMs ?? Math.max(60_000, baseMs);
  const jitter = options?.jitter ?? 'equal';
  if (!Number.isFinite(baseMs) || baseMs < 0) throw new RangeError(`backoff.baseMs must be a finite number >= 0, got ${baseMs}`);
  if (!Number.isFinite(factor) || factor < 1) throw new RangeError(`backoff.factor must be a finite number >= 1, got ${factor}`);
  if (!Number.isFinite(maxMs) || maxMs < baseMs) throw new RangeError(`backoff.maxMs must be a finite number >= baseMs, got ${maxMs}`);
  if (jitter !== 'full' && jitter !== 'equal') throw new RangeError(`backoff.jitter must be "full" or "equal", got ${String(jitter)}`);
  return { baseMs, factor, maxMs, jitter };
}

/** The cap of retry `attempt` (1-based), before jitter. */
export function backoffCap(attempt: number, backoff: ResolvedBackoff): number {
  return Math.min(backoff.maxMs, backoff.baseMs * backoff.factor ** Math.max(0, attempt - 1));
}

export function backoffDelay(attempt: number, backoff: ResolvedBackoff, retryAfterMs?: number, random: () => number = Math.random): number {
  const cap = backoffCap(attempt, backoff);
  const jittered = backoff.jitter === 'full' ? random() * cap : cap / 2 + (random() * cap) / 2;
  return Math.round(Math.max(retryAfterMs ?? 0, jittered));
}

/**
 * `Retry-After` as milliseconds from `nowMs`: either delay-seconds (`120`) or an HTTP date
 * (`Wed, 21 Oct 2015 07:28:00 GMT`). A date in the past means "now" (0). Anything else is ignored.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Only HTTP dates, so that a stray number with a sign or a fraction is not read as a date by Date.parse.
  if (!/[A-Za-z]/.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}
