import { main } from '../../src/cli/main.js';
import type { CliIo } from '../../src/cli/io.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in-process with a capturing io; `cwd` defaults to the project folder. */
export async function runCli(argv: string[], options: { cwd?: string; isTTY?: boolean; env?: Record<string, string | undefined> } = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    isTTY: options.isTTY ?? false,
    env: options.env ?? {},
    cwd: options.cwd ?? process.cwd(),
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}
