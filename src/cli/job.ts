import { Command, InvalidArgumentError, Option } from 'commander';
import { createColors } from 'picocolors';
import {
  AdminApiError,
  createAdminClient,
  waitForAgentJob,
  type AdminClient,
  type AgentJob,
  type AgentJobStatus,
  type WaitProgress,
} from '../admin/index.js';
import { UsageError, type CliIo } from './io.js';

/**
 * Exit codes of `job get` and `job wait`, so a deploy script can branch on the outcome. A job still
 * `active` (only `job get` can see one) exits 0: the job was read, and it is not a failure yet. Ctrl-C
 * exits 130, as a shell reports a command ended by SIGINT.
 */
export const JobExitCode = {
  completed: 0,
  errors: 1,
  usage: 2,
  failed: 3,
  archived: 4,
  timedOut: 5,
  unreachable: 6,
  noPullRequest: 7,
  interrupted: 130,
} as const;

const statusExitCodes: Record<AgentJobStatus, number> = {
  active: JobExitCode.completed,
  completed: JobExitCode.completed,
  failed: JobExitCode.failed,
  archived: JobExitCode.archived,
};

type Format = 'human' | 'json';
type Colors = ReturnType<typeof createColors>;

interface CommonOptions {
  baseUrl?: string;
  format: Format;
  requestTimeout: number;
}

interface WaitCommandOptions extends CommonOptions {
  timeout: number;
  interval: number;
  requirePullRequest?: boolean;
}

const maxDurationMs = 2_147_483_647;
const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * `500ms`, `5s`, `10m`, `1h`, `1.5s`, or a sum such as `1m30s`. A bare number is refused: seconds or
 * milliseconds would be a guess. Zero and durations setTimeout cannot hold (about 24 days) are refused.
 */
export function parseDuration(text: string): number {
  const part = /(\d+(?:\.\d+)?)(ms|s|m|h)/y;
  let total = 0;
  let index = 0;
  const trimmed = text.trim();
  while (index < trimmed.length) {
    part.lastIndex = index;
    const match = part.exec(trimmed);
    if (!match) break;
    total += Number(match[1]) * (units[match[2] ?? ''] ?? Number.NaN);
    index = part.lastIndex;
  }
  if (trimmed.length === 0 || index !== trimmed.length || !Number.isFinite(total)) {
    throw new InvalidArgumentError(`expected a duration such as 500ms, 5s, 10m or 1h, got ${JSON.stringify(text)}`);
  }
  const ms = Math.round(total);
  if (ms <= 0) throw new InvalidArgumentError(`the duration must be longer than 0, got ${JSON.stringify(text)}`);
  if (ms > maxDurationMs) throw new InvalidArgumentError(`the duration must be at most 24 days, got ${JSON.stringify(text)}`);
  return ms;
}

/**
 * `docs-build job get|wait <projectId> <jobId>`: reads agent jobs of the admin API for deploy pipelines.
 * The key comes only from `DOCS_ADMIN_API_KEY` (a flag would land in shell history and process lists)
 * and is never printed. Usage mistakes throw `UsageError` or a CommanderError (exit 2 via main);
 * outcomes go through `setExitCode` (see `JobExitCode`).
 */
export function jobCommand(io: CliIo, setExitCode: (code: number) => void): Command {
  // addCommand() in main does not copy the program's settings to this command, so without its own
  // exitOverride a parse error here would call process.exit; `.command()` below copies them on.
  const job = new Command('job')
    .description('read agent jobs of the admin API, or wait for one to finish (deploy-time checks)')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showHelpAfterError('(run docs-build job --help for usage)');

  job
    .command('get')
    .description('print an agent job once; exit 0 completed or active, 3 failed, 4 archived')
    .argument('<projectId>', 'project identifier (API keys page of the dashboard)')
    .argument('<jobId>', 'agent job identifier')
    .addOption(baseUrlOption())
    .addOption(formatOption())
    .addOption(requestTimeoutOption())
    .addHelpText('after', environmentHelp)
    .action(async (projectId: string, jobId: string, options: CommonOptions) => {
      const client = connect(io, projectId, jobId, options);
      await whileInterruptible(io, async (signal) => {
        try {
          const result = await client.getAgentJob(projectId, jobId, { signal });
          printFinal(io, result, options.format, true);
          setExitCode(statusExitCodes[result.status]);
        } catch (error) {
          setExitCode(reportError(io, error, options.format));
        }
      });
    });

  job
    .command('wait')
    .description('poll an agent job until it is completed, failed or archived; exit 0 completed, 3 failed, 4 archived, 5 timed out')
    .argument('<projectId>', 'project identifier (API keys page of the dashboard)')
    .argument('<jobId>', 'agent job identifier')
    .addOption(new Option('--timeout <duration>', 'give up after this long (500ms, 5s, 10m, 1h)').argParser(parseDuration).default(600_000, '10m'))
    .addOption(new Option('--interval <duration>', 'pause between two reads of an active job').argParser(parseDuration).default(5_000, '5s'))
    .option('--require-pull-request', `also fail (exit ${JobExitCode.noPullRequest}) when the job completed without opening a pull request`)
    .addOption(baseUrlOption())
    .addOption(formatOption())
    .addOption(requestTimeoutOption())
    .addHelpText('after', environmentHelp)
    .action(async (projectId: string, jobId: string, options: WaitCommandOptions) => {
      const client = connect(io, projectId, jobId, options);
      await whileInterruptible(io, async (signal) => {
        const progress = options.format === 'json' ? undefined : createProgress(io, jobId);
        try {
          const result = await waitForAgentJob(client, projectId, jobId, {
            intervalMs: options.interval,
            timeoutMs: options.timeout,
            signal,
            ...(progress ? { onProgress: progress.update } : {}),
          });
          progress?.stop();
          printFinal(io, result, options.format, false);
          setExitCode(outcomeOf(io, result, options.requirePullRequest === true));
        } catch (error) {
          progress?.stop();
          setExitCode(reportError(io, error, options.format));
        }
      });
    });

  return job;
}

const environmentHelp = `
Environment:
  DOCS_ADMIN_API_KEY  admin API key, <PREFIX>_<rest> (required; never printed)
  DOCS_ADMIN_API_URL  base URL of the admin API (when --base-url is not given)

Exit codes: 0 completed (get: also active), 1 error (not found, auth, network...), 2 usage,
            3 failed, 4 archived, 5 timed out, 6 the admin API cannot be reached (DNS, refused, TLS),
            7 completed without a pull request (wait --require-pull-request), 130 interrupted (Ctrl-C)`;

function baseUrlOption(): Option {
  return new Option('--base-url <url>', 'base URL of the admin API (default: $DOCS_ADMIN_API_URL)');
}

function formatOption(): Option {
  return new Option('--format <format>', 'output format').choices(['human', 'json']).default('human');
}

function requestTimeoutOption(): Option {
  return new Option('--request-timeout <duration>', 'time limit of one request').argParser(parseDuration).default(30_000, '30s');
}

function connect(io: CliIo, projectId: string, jobId: string, options: CommonOptions): AdminClient {
  for (const [name, value] of [
    ['projectId', projectId],
    ['jobId', jobId],
  ] as const) {
    if (value.length === 0 || value === '.' || value === '..') throw new UsageError(`${name} cannot be ${JSON.stringify(value)}`);
  }
  const baseUrl = options.baseUrl ?? nonEmpty(io.env['DOCS_ADMIN_API_URL']);
  if (baseUrl === undefined) throw new UsageError('no admin API base URL: pass --base-url or set DOCS_ADMIN_API_URL');
  const apiKey = nonEmpty(io.env['DOCS_ADMIN_API_KEY']);
  if (apiKey === undefined) throw new UsageError('no admin API key: set DOCS_ADMIN_API_KEY (API keys page of the dashboard)');
  try {
    return createAdminClient({ baseUrl, apiKey, timeoutMs: options.requestTimeout });
  } catch (error) {
    if (error instanceof AdminApiError) {
      const source = error.kind === 'invalid-key' ? 'DOCS_ADMIN_API_KEY: ' : '';
      throw new UsageError(`${source}${error.message}`);
    }
    throw error;
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

function printFinal(io: CliIo, job: AgentJob, format: Format, detailed: boolean): void {
  if (format === 'json') {
    io.stdout(`${JSON.stringify(job, null, 2)}\n`);
    return;
  }
  const c = colors(io);
  if (detailed) {
    io.stdout(`${statusLine(c, job.id, job.status)}\n`);
    const rows: Array<[string, string]> = [
      ['source', `${job.source.repository}${job.source.ref === null ? '' : ` (${job.source.ref})`}`],
      ['model', job.model],
      ['created', job.createdAt],
    ];
    if (job.archivedAt !== null) rows.push(['archived', job.archivedAt]);
    for (const [label, value] of rows) io.stdout(`  ${c.dim(label.padEnd(9))}${value}\n`);
  }
  if (job.prLink !== null) io.stdout(`pull request: ${job.prLink}\n`);
  else io.stdout(job.status === 'active' ? 'no pull request yet\n' : 'no pull request\n');
}

/** The exit code of a job that reached a final status; the job is already printed. */
function outcomeOf(io: CliIo, job: AgentJob, requirePullRequest: boolean): number {
  if (job.status === 'completed' && job.prLink === null && requirePullRequest) {
    io.stderr(`docs-build: job ${job.id} completed without opening a pull request, and --require-pull-request requires one\n`);
    return JobExitCode.noPullRequest;
  }
  return statusExitCodes[job.status];
}

const errorExitCodes: Partial<Record<AdminApiError['kind'], number>> = {
  timeout: JobExitCode.timedOut,
  unreachable: JobExitCode.unreachable,
  aborted: JobExitCode.interrupted,
};

/** Prints the error and returns the exit code. Anything but an AdminApiError is a bug and propagates. */
function reportError(io: CliIo, error: unknown, format: Format): number {
  if (!(error instanceof AdminApiError)) throw error;
  const code = errorExitCodes[error.kind] ?? JobExitCode.errors;
  if (format === 'json') {
    const { job, ...rest } = error.toJSON();
    io.stdout(`${JSON.stringify({ error: rest, job: job ?? null }, null, 2)}\n`);
  }
  io.stderr(`docs-build: ${error.kind === 'aborted' ? 'interrupted: ' : ''}${error.message}\n`);
  return code;
}

/**
 * Runs a command with a signal that Ctrl-C aborts: the request or the wait then ends with a message and
 * exit 130 instead of the process dying mid-line. Only the first Ctrl-C is caught, so a second one ends
 * the process at once. main() may hand in its own signal (io.signal); then that one is used.
 */
async function whileInterruptible(io: CliIo, run: (signal: AbortSignal) => Promise<void>): Promise<void> {
  if (io.signal) return run(io.signal);
  const controller = new AbortController();
  const onInterrupt = (): void => controller.abort();
  process.once('SIGINT', onInterrupt);
  try {
    await run(controller.signal);
  } finally {
    process.removeListener('SIGINT', onInterrupt);
  }
}

function colors(io: CliIo): Colors {
  return createColors(io.isTTY && io.env['NO_COLOR'] === undefined);
}

function statusLine(c: Colors, jobId: string, status: AgentJobStatus): string {
  const paint = { active: c.cyan, completed: c.green, failed: c.red, archived: c.yellow }[status];
  return `job ${jobId}: ${paint(status)}`;
}

interface Progress {
  update(event: WaitProgress): void;
  stop(): void;
}

const spinnerFrames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/**
 * Every status change is a line of its own (so the history stays in the scrollback or the CI log). On a
 * TTY a spinner line below it shows that the wait goes on; elsewhere retries are plain lines on stderr.
 */
function createProgress(io: CliIo, jobId: string): Progress {
  const c = colors(io);
  if (!io.isTTY) {
    return {
      update(event) {
        if (event.type === 'status') io.stdout(`${statusLine(c, jobId, event.job.status)}\n`);
        else io.stderr(`job ${jobId}: ${retryText(event)}\n`);
      },
      stop() {},
    };
  }
  const started = performance.now();
  let frame = 0;
  let note = '';
  let status: AgentJobStatus | undefined;
  const clear = (): void => io.stdout('\r\x1b[2K');
  const draw = (): void => {
    if (status === undefined && note === '') return;
    const seconds = Math.floor((performance.now() - started) / 1000);
    const spinner = c.cyan(spinnerFrames[frame++ % spinnerFrames.length] ?? '');
    clear();
    io.stdout(`${spinner} job ${jobId}: ${status ?? 'waiting'} ${c.dim(`${seconds}s${note}`)}`);
  };
  const timer = setInterval(draw, 80);
  return {
    update(event) {
      if (event.type === 'status') {
        status = event.job.status;
        note = '';
        clear();
        io.stdout(`${statusLine(c, jobId, event.job.status)}\n`);
        if (event.job.status !== 'active') return;
      } else {
        note = `, ${retryText(event)}`;
      }
      draw();
    },
    stop() {
      clearInterval(timer);
      clear();
    },
  };
}

function retryText(event: Extract<WaitProgress, { type: 'retry' }>): string {
  const reason = event.error.status === undefined ? event.error.kind : `${event.error.kind} ${event.error.status}`;
  return `retrying in ${(event.delayMs / 1000).toFixed(1)}s (${reason})`;
}
