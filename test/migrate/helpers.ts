import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError } from 'commander';
import { UsageError, type CliIo } from '../../src/cli/io.js';
import { migrateCommand } from '../../src/cli/migrate.js';

export const projectDir = fileURLToPath(new URL('../../', import.meta.url));

const created: string[] = [];

/** A temp copy of `fixtures/<name>` (or of any folder given by absolute path); tests never touch the original. */
export function copyFixture(name: string): string {
  const source = path.isAbsolute(name) ? name : path.join(projectDir, 'fixtures', name);
  const dir = mkdtempSync(path.join(tmpdir(), 'docs-build-migrate-'));
  created.push(dir);
  cpSync(source, dir, { recursive: true });
  return dir;
}

export function removeCopies(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Every file under `dir` with its bytes, to prove what a command changed and what it did not. */
export function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (relative: string): void => {
    for (const entry of readdirSync(path.join(dir, relative))) {
      const child = relative ? `${relative}/${entry}` : entry;
      if (statSync(path.join(dir, child)).isDirectory()) walk(child);
      else files.set(child, readFileSync(path.join(dir, child), 'latin1'));
    }
  };
  walk('');
  return files;
}

/** Paths whose bytes differ between two snapshots (added, removed or changed). */
export function changedFiles(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}

export interface Run {
  code: number | undefined;
  stdout: string;
  stderr: string;
}

/** Mounts `migrate` the way main() will and maps what escapes it the way main() does. */
export async function cli(args: string[], cwd: string = projectDir): Promise<Run> {
  const run: Run = { code: undefined, stdout: '', stderr: '' };
  const io: CliIo = {
    stdout: (text) => void (run.stdout += text),
    stderr: (text) => void (run.stderr += text),
    isTTY: false,
    env: {},
    cwd,
  };
  const program = new Command('docs-build').exitOverride().configureOutput({ writeOut: io.stdout, writeErr: io.stderr });
  program.addCommand(migrateCommand(io, (code) => void (run.code = code)));
  try {
    await program.parseAsync(args, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) run.code = error.exitCode === 0 ? 0 : 2;
    else if (error instanceof UsageError) {
      run.stderr += `docs-build: ${error.message}\n`;
      run.code = 2;
    } else throw error;
  }
  return run;
}
