import type { AgentJob } from './types.js';

/**
 * What went wrong, as a closed set so callers can `switch` on it. `invalid-key` and `invalid-base-url`
 * are raised before any request; the others describe one request (or, for `timeout` and `aborted` from
 * the poller, a whole wait).
 */
export type AdminApiErrorKind =
  | 'invalid-key'
  | 'invalid-base-url'
  | 'not-found'
  | 'unauthorized'
  | 'forbidden'
  | 'rate-limited'
  | 'server'
  | 'network'
  | 'timeout'
  | 'malformed-response'
  | 'unexpected-status'
  | 'aborted';

/** Kinds a retry can cure: the same request may well succeed a moment later. */
const retryableKinds: ReadonlySet<AdminApiErrorKind> = new Set(['rate-limited', 'server', 'network', 'timeout']);

export interface AdminApiErrorDetails {
  /** HTTP status of the response, when there was one. */
  status?: number | undefined;
  /** The `error` text of the server's Error body, with the API key redacted. */
  serverMessage?: string | undefined;
  /** Delay the server asked for with `Retry-After` (429 and 503), in milliseconds. */
  retryAfterMs?: number | undefined;
  /** Schema violations of a malformed response, as `<pointer> <message>` lines. */
  problems?: string[] | undefined;
  /** The last job read before a wait gave up (`timeout`, `aborted` from the poller). */
  job?: AgentJob | undefined;
  /** The last retryable error of a wait that timed out, for the explanation. */
  lastError?: AdminApiError | undefined;
  /** Requests made by a wait before it ended. */
  attempts?: number | undefined;
  /** Whether a `timeout` is the whole wait's deadline rather than one request's. */
  overall?: boolean | undefined;
}

/**
 * The one error type of the admin client. It never holds the API key: messages and server texts are
 * redacted when built, and the underlying transport error is reduced to a text instead of being kept as
 * `cause` (an undici error can reference the request).
 */
export class AdminApiError extends Error {
  override readonly name = 'AdminApiError';
  readonly kind: AdminApiErrorKind;
  readonly retryable: boolean;
  readonly status: number | undefined;
  readonly serverMessage: string | undefined;
  readonly retryAfterMs: number | undefined;
  readonly problems: string[] | undefined;
  readonly job: AgentJob | undefined;
  readonly lastError: AdminApiError | undefined;
  readonly attempts: number | undefined;
  readonly overall: boolean;

  constructor(kind: AdminApiErrorKind, message: string, details: AdminApiErrorDetails = {}) {
    super(message);
    this.kind = kind;
    this.retryable = retryableKinds.has(kind) && details.overall !== true;
    this.status = details.status;
    this.serverMessage = details.serverMessage;
    this.retryAfterMs = details.retryAfterMs;
    this.problems = details.problems;
    this.job = details.job;
    this.lastError = details.lastError;
    this.attempts = details.attempts;
    this.overall = details.overall ?? false;
  }

  /** A plain, JSON-safe summary (what `--format json` prints); undefined fields are left out. */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { name: this.name, kind: this.kind, message: this.message };
    if (this.status !== undefined) out['status'] = this.status;
    if (this.serverMessage !== undefined) out['serverMessage'] = this.serverMessage;
    if (this.retryAfterMs !== undefined) out['retryAfterMs'] = this.retryAfterMs;
    if (this.problems !== undefined) out['problems'] = this.problems;
    if (this.attempts !== undefined) out['attempts'] = this.attempts;
    if (this.job !== undefined) out['job'] = this.job;
    return out;
  }
}

export function isAdminApiError(value: unknown, kind?: AdminApiErrorKind): value is AdminApiError {
  return value instanceof AdminApiError && (kind === undefined || value.kind === kind);
}

/** Replaces every occurrence of the secret; a server (or a proxy) may echo the key in an error text. */
export function redact(text: string, secret: string): string {
  return secret.length === 0 ? text : text.split(secret).join('[redacted]');
}
