import { readFileSync } from 'node:fs';
import path from 'node:path';
import { StageFailure } from '../diagnostics/index.js';

/**
 * Everything the CLI needs from the process, injected so commands run in-process in tests and the
 * rest of docs-build never touches `process`.
 */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Whether stdout is an interactive terminal (colour, spinners, progress bars). */
  isTTY: boolean;
  env: Record<string, string | undefined>;
  cwd: string;
  /** Aborted on SIGINT so long-running commands (job wait, watch) stop cleanly. */
  signal?: AbortSignal;
}

export function processIo(signal?: AbortSignal): CliIo {
  guardStandardStreams();
  const io: CliIo = {
    stdout: (text) => void (stdoutClosed || process.stdout.write(text)),
    stderr: (text) => void (stderrClosed || process.stderr.write(text)),
    isTTY: Boolean(process.stdout.isTTY),
    env: process.env,
    cwd: process.cwd(),
  };
  if (signal) io.signal = signal;
  return io;
}

/** Exit codes shared by every command. `job` commands add their own (see src/cli/job.ts). */
export const ExitCode = {
  ok: 0,
  errors: 1,
  usage: 2,
} as const;

/** Thrown by a command for a usage mistake; main() prints it and exits with 2. */
export class UsageError extends Error {}

/** The text of a file of the docs root, for a report's code frames; undefined when it cannot be read. */
export function sourceReader(rootDir: string): (file: string) => string | undefined {
  return (file) => {
    try {
      return readFileSync(path.join(rootDir, file), 'utf8');
    } catch {
      return undefined;
    }
  };
}

let guarded = false;
let stdoutClosed = false;
let stderrClosed = false;

/**
 * A reader that goes away (`docs-build schema | head -5`) closes the pipe: EPIPE on stdout ends the
 * output quietly and the run keeps the exit code it had. Any other write error (`> /dev/full`: ENOSPC)
 * means the output is lost: a message on stderr and exit code 2, never a stack trace.
 */
function guardStandardStreams(): void {
  if (guarded) return;
  guarded = true;
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    stdoutClosed = true;
    if (error.code === 'EPIPE') return;
    if (!stderrClosed) process.stderr.write(`docs-build: cannot write to standard output: ${error.code ?? error.message}\n`);
    process.exitCode = ExitCode.usage;
  });
  process.stderr.on('error', () => {
    stderrClosed = true;
  });
}

/**
 * What the CLI prints for an exception: a bug in docs-build, never a user mistake. One line naming the
 * stage and file when a stage boundary caught it, one line asking for a report; the stack only with
 * DOCS_BUILD_DEBUG=1.
 */
export function internalErrorText(error: unknown, env: Record<string, string | undefined>): string {
  const what = error instanceof StageFailure ? error.summary : `internal error: ${error instanceof Error ? error.message : String(error)}`;
  const lines = [`docs-build: ${what}`, 'This is a bug in docs-build: please report it with the command you ran and this message (DOCS_BUILD_DEBUG=1 adds the stack).'];
  if (env.DOCS_BUILD_DEBUG === '1') {
    const stack = error instanceof Error ? (error.cause instanceof Error ? error.cause.stack : error.stack) : undefined;
    if (stack) lines.push(stack);
  }
  return lines.join('\n') + '\n';
}
