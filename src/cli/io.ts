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
  const io: CliIo = {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
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
