import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, Option } from 'commander';
import { formatGithub, formatHuman, formatJson, hasErrors } from '../diagnostics/index.js';
import { upgradeRoot } from '../upgrade/index.js';
import { ExitCode, type CliIo } from './io.js';

type Format = 'human' | 'json' | 'github';

/**
 * `docs-build upgrade [root]`: converts the legacy mint.json into docs.json, offline (docs/upgrade.md).
 * Exit codes: 0 written (warnings name what did not carry over), 1 nothing written (no mint.json, an
 * unreadable one, an existing docs.json without --force, a failed write), 2 usage.
 */
export function upgradeCommand(io: CliIo, setExitCode: (code: number) => void): Command {
  return new Command('upgrade')
    .description('convert the legacy mint.json of a docs root into docs.json, offline (never over an existing docs.json without --force)')
    .argument('[root]', 'the docs root (the folder holding mint.json)', '.')
    .option('--force', 'write over an existing docs.json')
    .addOption(new Option('--format <format>', 'output format of diagnostics').choices(['human', 'json', 'github']).default('human'))
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .action((root: string, options: { force?: boolean; format: Format }) => {
      const rootDir = path.resolve(io.cwd, root);
      const { value, diagnostics } = upgradeRoot(rootDir, { force: options.force ?? false });
      const pathPrefix = relative(io, rootDir);
      const written = value.written ? relative(io, value.written) : undefined;
      if (options.format === 'json') io.stdout(formatJson(diagnostics, { command: 'upgrade', root: pathPrefix, ...(written ? { written } : {}) }));
      else if (options.format === 'github') io.stdout(formatGithub(diagnostics, { pathPrefix }));
      else io.stdout(formatHuman(diagnostics, { pathPrefix, color: io.isTTY, readSource: (file) => readSource(rootDir, file) }) + outcome(written, pathPrefix));
      setExitCode(hasErrors(diagnostics) ? ExitCode.errors : ExitCode.ok);
    });
}

function outcome(written: string | undefined, root: string): string {
  if (!written) return 'nothing written\n';
  return `wrote ${written}; the warnings above name what did not carry over. Next: docs-build check ${root}\n`;
}

function readSource(rootDir: string, file: string): string | undefined {
  try {
    return readFileSync(path.join(rootDir, file), 'utf8');
  } catch {
    return undefined;
  }
}

function relative(io: CliIo, file: string): string {
  return path.relative(io.cwd, file).split(path.sep).join('/') || '.';
}
