import { escapePointerSegment } from '../diagnostics/index.js';
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
  | 'unreachable'
  | 'timeout'
  | 'malformed-response'
  | 'unexpected-status'
  | 'aborted';

/**
 * Kinds a retry can cure: the same request may well succeed a moment later. `unreachable` is not one:
 * an address that does not resolve, refuses connections or fails its TLS handshake is almost always a
 * wrong address (the poller still retries it once it has read the job from that address).
 */
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

/**
 * Replaces every occurrence of the secret, as is or as a server (or a proxy) may echo it: percent-encoded
 * (URL component, URL, form; upper- or lower-case hex), JSON-escaped (also with `\/` and `\u00XX`
 * forms), HTML-escaped, as a JSON-pointer token, and each of these applied twice (a URL-encoded key inside
 * a JSON text, a double-encoded query). For a `<PREFIX>_<rest>` key the rest alone is redacted too (the
 * prefix is public), when it is long enough not to match ordinary words.
 */
export function redact(text: string, secret: string): string {
  let out = text;
  for (const form of secretForms(secret)) if (out.includes(form)) out = out.split(form).join('[redacted]');
  return out;
}

/** Whether `text` holds the secret in any of the forms `redact` replaces. */
export function holdsSecret(text: string, secret: string): boolean {
  return secretForms(secret).some((form) => text.includes(form));
}

const minRestLength = 8;
let cachedForms: { secret: string; forms: string[] } | undefined;

const lowerHex = (text: string): string => text.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());
const jsonEscape = (text: string): string => JSON.stringify(text).slice(1, -1);
const unicodeEscape = (chars: RegExp) => (text: string): string =>
  jsonEscape(text).replace(chars, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Ways a server or a library writes a string into a text; each may also be applied to another's output. */
const encoders: ReadonlyArray<(text: string) => string> = [
  encodeURIComponent,
  (text) => lowerHex(encodeURIComponent(text)),
  encodeURI,
  (text) => new URLSearchParams({ k: text }).toString().slice(2),
  jsonEscape,
  (text) => jsonEscape(text).replaceAll('/', '\\/'),
  // Go, Java and others escape HTML-significant characters; some escape every punctuation mark.
  unicodeEscape(/[<>&'=+]/g),
  unicodeEscape(/[^A-Za-z0-9_\\"]/g),
  (text) => text.replace(/[&<>"']/g, (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[char] ?? ''};`),
  escapePointerSegment,
];

/** The forms of the secret to look for, longest first so that no form is cut by a shorter one. */
function secretForms(secret: string): string[] {
  if (secret.length === 0) return [];
  if (cachedForms?.secret === secret) return cachedForms.forms;
  const underscore = secret.indexOf('_');
  const rest = underscore > 0 ? secret.slice(underscore + 1) : '';
  const forms = new Set<string>();
  for (const value of rest.length >= minRestLength ? [secret, rest] : [secret]) {
    forms.add(value);
    for (const first of encoders) {
      const once = first(value);
      forms.add(once);
      for (const second of encoders) forms.add(second(once));
    }
  }
  const sorted = [...forms].sort((a, b) => b.length - a.length);
  cachedForms = { secret, forms: sorted };
  return sorted;
}
