import { createDiagnostic, type Diagnostic } from '../diagnostics/index.js';
import { createAdminClient, type AdminClient } from './client.js';
import { AdminApiError, type AdminApiErrorKind } from './errors.js';
import type { AgentJob } from './types.js';
import { waitForAgentJob, type WaitOptions } from './wait.js';

/** One agent job that must have completed before a build emits its manifest. */
export interface JobCheck {
  projectId: string;
  jobId: string;
  /** How long to wait for a final status, in ms. Default 600 000 (10 minutes). */
  timeoutMs?: number;
  /** Pause between two reads of an active job, in ms. Default 5 000. */
  intervalMs?: number;
  /** Also fail when the job completed without opening a pull request. Default false. */
  requirePullRequest?: boolean;
}

export interface JobChecksOptions {
  baseUrl: string;
  apiKey: string;
  /** Expected key prefix; see `createAdminClient`. */
  keyPrefix?: string;
  fetch?: typeof fetch;
  userAgent?: string;
  /** Cancels every wait; each unfinished check then reports `admin/job-error`. */
  signal?: AbortSignal;
}

/**
 * Waits for every job (concurrently) and reports each one that did not end well as an error
 * diagnostic, in the order of `checks`. A completed job reports nothing. Never throws for a job or API
 * problem: an unreadable job, a bad key or a cancelled run are `admin/job-error` diagnostics, so a build
 * that calls this fails closed (errors, no manifest). The diagnostics have no file; the message names
 * the job, its project and its pull request.
 */
export async function runJobChecks(checks: readonly JobCheck[], options: JobChecksOptions): Promise<Diagnostic[]> {
  if (checks.length === 0) return [];
  let client: AdminClient;
  try {
    const clientOptions: Parameters<typeof createAdminClient>[0] = { baseUrl: options.baseUrl, apiKey: options.apiKey };
    if (options.keyPrefix !== undefined) clientOptions.keyPrefix = options.keyPrefix;
    if (options.fetch !== undefined) clientOptions.fetch = options.fetch;
    if (options.userAgent !== undefined) clientOptions.userAgent = options.userAgent;
    client = createAdminClient(clientOptions);
  } catch (error) {
    return checks.map((check) => unreadable(check, error));
  }
  const results = await Promise.all(checks.map((check) => runOne(client, check, options.signal)));
  return results.flat();
}

async function runOne(client: AdminClient, check: JobCheck, signal: AbortSignal | undefined): Promise<Diagnostic[]> {
  const waitOptions: WaitOptions = {};
  if (check.timeoutMs !== undefined) waitOptions.timeoutMs = check.timeoutMs;
  if (check.intervalMs !== undefined) waitOptions.intervalMs = check.intervalMs;
  if (signal !== undefined) waitOptions.signal = signal;
  let job: AgentJob;
  try {
    job = await waitForAgentJob(client, check.projectId, check.jobId, waitOptions);
  } catch (error) {
    if (error instanceof AdminApiError && error.kind === 'timeout' && error.overall) {
      return [
        createDiagnostic('admin/job-timeout', `${name(check)} did not finish in time: ${error.message}`, undefined, {
          suggestion: 'Raise timeoutMs of this job check, or find out in the dashboard why the agent is still running.',
        }),
      ];
    }
    return [unreadable(check, error)];
  }
  const pr = job.prLink === null ? 'no pull request' : `pull request: ${job.prLink}`;
  if (job.status === 'failed') {
    return [
      createDiagnostic('admin/job-failed', `${name(check)} failed (${pr})`, undefined, {
        suggestion: 'The agent hit an unrecoverable error; look at the job in the dashboard, then start a new job.',
      }),
    ];
  }
  if (job.status === 'archived') {
    return [
      createDiagnostic('admin/job-archived', `${name(check)} was archived${job.archivedAt ? ` at ${job.archivedAt}` : ''} (${pr})`, undefined, {
        suggestion: 'An archived job will not finish; check a current job instead.',
      }),
    ];
  }
  if (check.requirePullRequest === true && job.prLink === null) {
    return [
      createDiagnostic('admin/job-no-pull-request', `${name(check)} completed without opening a pull request, and this check requires one`, undefined, {
        suggestion: 'The agent changed no files. Drop requirePullRequest if that is acceptable.',
      }),
    ];
  }
  return [];
}

const suggestions: Partial<Record<AdminApiErrorKind, string>> = {
  'not-found': 'Check the project id and the job id.',
  unauthorized: 'Check the admin API key.',
  forbidden: 'Check that the admin API key belongs to this project.',
  'invalid-key': 'Admin API keys look like <PREFIX>_<rest>; copy the key again from the API keys page of the dashboard.',
  'invalid-base-url': 'Give the base address of the admin API, e.g. https://api.example.com.',
  unreachable: 'Check the base URL (host name, port, http or https) and that this machine can reach it and trusts its certificate.',
};

function unreadable(check: JobCheck, error: unknown): Diagnostic {
  const reason = error instanceof Error ? error.message : String(error);
  const suggestion = error instanceof AdminApiError ? suggestions[error.kind] : undefined;
  return createDiagnostic('admin/job-error', `${name(check)} could not be checked: ${reason}`, undefined, { suggestion });
}

function name(check: JobCheck): string {
  return `agent job ${JSON.stringify(check.jobId)} of project ${JSON.stringify(check.projectId)}`;
}
