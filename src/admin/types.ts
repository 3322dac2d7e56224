/**
 * The AgentJob resource of the admin API (`/v2`), exactly as the API description's field tables give it.
 * Dates stay ISO 8601 strings: the client validates them and hands them on untouched, so nothing is lost
 * to a time-zone conversion and the object stays JSON-safe.
 */

export const agentJobStatuses = ['active', 'completed', 'archived', 'failed'] as const;

export type AgentJobStatus = (typeof agentJobStatuses)[number];

/** The statuses after which a job never changes again (the poller stops on these). */
export const finalAgentJobStatuses: readonly AgentJobStatus[] = ['completed', 'archived', 'failed'];

export function isFinalStatus(status: AgentJobStatus): boolean {
  return status !== 'active';
}

export interface AgentJobSource {
  /** Full URL of the repository the agent works on. */
  repository: string;
  /** Git branch the agent works on; null when the server does not say. */
  ref: string | null;
}

export interface AgentJob {
  /** Opaque identifier of the job. */
  id: string;
  status: AgentJobStatus;
  source: AgentJobSource;
  /** The AI model used for the job. */
  model: string;
  /**
   * Pull request opened by the agent (`<repo_url>/pull/<number>`). Null while the job is `active`, and
   * null on a `completed` job that changed no files.
   */
  prLink: string | null;
  /** ISO 8601 date-time. */
  createdAt: string;
  /** ISO 8601 date-time; set when the job is `archived`. */
  archivedAt: string | null;
}
