import path from 'node:path';
import { countBySeverity, formatHuman, hasErrors } from '../diagnostics/index.js';
import { build } from '../pipeline/build.js';
import type { BuildOptions } from '../pipeline/index.js';
import { DocsRoot, writeFileAtomic } from '../root/index.js';
import { IGNORE_FILE, ignoreFileText, isFixedCode, isSiteCode, readIgnoreFile } from '../rules/index.js';
import { ExitCode, type CliIo } from './io.js';

/**
 * `check --generate-ignore-file`: checks the root with its rule settings but without its ignore file,
 * and writes every error and warning left into the ignore file (atomically), so that they stop failing
 * the build while new problems still do. Problems of the rule settings themselves are not accepted:
 * they are printed, and make the exit code 1.
 */
export async function generateIgnoreFile(io: CliIo, options: BuildOptions): Promise<number> {
  // The cache keeps runs with the project's usual rules; this one leaves the ignore file out.
  const result = await build({ ...options, rules: { ignoreFile: false }, cache: false });
  const root = DocsRoot.open(options.root);
  const unaccepted = result.diagnostics.filter((d) => isFixedCode(d.code) || d.code === 'root/not-found');
  if (!root || hasErrors(unaccepted)) {
    io.stdout(formatHuman(unaccepted, { pathPrefix: relative(io, options.root), color: io.isTTY }));
    io.stderr(`docs-build: ${IGNORE_FILE} was not written: fix the problems above first\n`);
    return ExitCode.errors;
  }
  // `check` never exports: the entries of the export's own problems (written by hand) are kept.
  const kept = (readIgnoreFile(root)?.entries ?? []).filter((entry) => isSiteCode(entry.code));
  const { text, count } = ignoreFileText(
    result.diagnostics,
    (file) => {
      const read = root.read(file, { keep: false });
      return read.ok ? read.file.text : undefined;
    },
    kept,
  );
  const target = path.join(root.dir, IGNORE_FILE);
  try {
    writeFileAtomic(target, text, { within: root.dir });
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    io.stderr(`docs-build: ${relative(io, target)} could not be written (${reason})\n`);
    return ExitCode.errors;
  }
  const { errors, warnings } = countBySeverity(result.diagnostics.filter((d) => !isFixedCode(d.code)));
  const keptNote = kept.length > 0 ? `, ${kept.length} of the export's kept` : '';
  io.stdout(`wrote ${relative(io, target)}: ${count} accepted problem${count === 1 ? '' : 's'} (from ${errors} error${errors === 1 ? '' : 's'} and ${warnings} warning${warnings === 1 ? '' : 's'}${keptNote}); new problems still count\n`);
  return ExitCode.ok;
}

function relative(io: CliIo, file: string): string {
  return path.relative(io.cwd, file).split(path.sep).join('/') || '.';
}
