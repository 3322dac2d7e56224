import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, Option } from 'commander';
import { createColors } from 'picocolors';
import { stringify as stringifyYaml } from 'yaml';
import { formatGithub, formatHuman, formatJson, hasErrors, promoteWarnings, sortDiagnostics, type Diagnostic } from '../diagnostics/index.js';
import { DocsRoot, refuseInputsOf, UnsafePathError, writeFileAtomic } from '../root/index.js';
import {
  applyMigration,
  checkMigration,
  draftOpenapi,
  hardBlockers,
  serializeDraft,
  type AppliedMigration,
  type DocsExtension,
  type MigrationReport,
  type PageReport,
} from '../migrate/index.js';
import { ExitCode, UsageError, type CliIo } from './io.js';
import { trimTrailingSlashes } from '../fields/http.js';

type Format = 'human' | 'json' | 'github';

interface CheckOptions {
  spec?: string;
  format: Format;
  write?: boolean;
  force?: boolean;
  deletePages?: boolean;
  strict?: boolean;
  offline?: boolean;
}

interface DraftOptions {
  out: string;
  format: Format;
  title?: string;
  version?: string;
  extension: DocsExtension;
}

/**
 * `docs-build migrate check|draft-openapi`: moving hand-written MDX API pages to an OpenAPI file.
 * Exit codes: 0 no errors (drift is a warning; `--strict` makes it an error), 1 errors (no operation,
 * ambiguous operation, no spec, invalid spec, a failed write), 2 usage.
 */
export function migrateCommand(io: CliIo, setExitCode: (code: number) => void): Command {
  // addCommand() does not copy the program's settings to this command: without its own exitOverride a
  // parse error here would call process.exit. `.command()` below copies them on to the subcommands.
  const migrate = new Command('migrate')
    .description('move hand-written MDX API pages to an OpenAPI file: check the drift, edit docs.json, draft a spec')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showHelpAfterError('(run docs-build migrate --help for usage)');

  migrate
    .command('check')
    .description('compare every hand-written API page with its operation and show the docs.json edits (writes only with --write)')
    .argument('[root]', 'the docs root (the folder holding docs.json)', '.')
    .option('--spec <file>', 'compare with this OpenAPI file (inside the docs root) instead of the files attached in the navigation')
    .addOption(formatOption())
    .option('--write', 'apply the docs.json edits of pages that match with nothing lost (formatting kept, files written atomically)')
    .option('--force', 'with --write: also apply the edits of matched pages with drift, lost prose or a changed URL')
    .option('--delete-pages', 'with --write: delete the MDX files whose every navigation entry was replaced')
    .option('--strict', 'treat warnings (drift) as errors')
    .option('--offline', 'never fetch remote OpenAPI files; use only the on-disk cache')
    .addHelpText('after', checkHelp)
    .action(async (root: string, options: CheckOptions) => {
      if (!options.write && (options.force || options.deletePages)) {
        throw new UsageError(`${options.force ? '--force' : '--delete-pages'} only has a meaning with --write`);
      }
      const rootDir = path.resolve(io.cwd, root);
      const check = await checkMigration({
        root: rootDir,
        ...(options.spec !== undefined ? { spec: specReference(io, rootDir, options.spec) } : {}),
        offline: options.offline ?? false,
      });
      const diagnostics: Diagnostic[] = [...check.diagnostics];
      let applied: AppliedMigration | undefined;
      if (options.write) {
        const result = applyMigration(rootDir, check.value, { force: options.force ?? false, deletePages: options.deletePages ?? false });
        applied = result.value;
        diagnostics.push(...result.diagnostics);
      }
      const final = sortDiagnostics(options.strict ? promoteWarnings(diagnostics) : diagnostics);
      printCheck(io, final, check.value, applied, options, rootDir);
      setExitCode(hasErrors(final) ? ExitCode.errors : ExitCode.ok);
    });

  migrate
    .command('draft-openapi')
    .description('write an OpenAPI 3.1 document drafted from the hand-written API pages (YAML for .yaml/.yml, else JSON)')
    .argument('[root]', 'the docs root (the folder holding docs.json)', '.')
    .requiredOption('-o, --out <file>', 'where to write the document')
    .option('--title <title>', 'info.title of the document (default: "<site name> API")')
    .option('--version <version>', 'info.version of the document (default: 1.0.0)')
    .addOption(new Option('--extension <name>', 'the operation extension that keeps each page\'s URL and prose (the service reads x-mint)').choices(['x-mint', 'x-docs']).default('x-mint'))
    .addOption(formatOption())
    .action(async (root: string, options: DraftOptions) => {
      const rootDir = path.resolve(io.cwd, root);
      const outFile = path.resolve(io.cwd, options.out);
      const docsRoot = DocsRoot.open(rootDir);
      const result = await draftOpenapi({
        root: docsRoot ?? rootDir,
        ...(options.title !== undefined ? { title: options.title } : {}),
        ...(options.version !== undefined ? { version: options.version } : {}),
        extension: options.extension,
      });
      const diagnostics = [...result.diagnostics];
      const draft = result.value;
      let written: string | undefined;
      // Problems of single pages do not stop the draft (it is a starting point to review); an invalid
      // draft or no page at all does.
      const invalid = diagnostics.some((d) => d.code === 'openapi/invalid');
      if (draft && draft.pages.length > 0 && !invalid) {
        try {
          // Never over a file the draft was made from (`--out docs.json`), nor through a link out of the root.
          writeFileAtomic(outFile, serializeDraft(draft.document, outFile), docsRoot ? { within: docsRoot.dir, refuse: refuseInputsOf(docsRoot) } : {});
          written = outFile;
        } catch (error) {
          const reason = error instanceof UnsafePathError ? error.message : ((error as NodeJS.ErrnoException).code ?? (error as Error).message);
          io.stderr(`docs-build: ${relative(io, outFile)} could not be written (${reason})\n`);
          setExitCode(ExitCode.errors);
          return;
        }
      }
      const pathPrefix = prefixOf(io, rootDir);
      const outcome = written
        ? `drafted ${draft!.pages.length} operation${draft!.pages.length === 1 ? '' : 's'} -> ${relative(io, written)}`
        : draft && draft.pages.length === 0
          ? 'nothing drafted: no page of the navigation has api: frontmatter'
          : 'nothing written';
      if (options.format === 'json') {
        io.stdout(formatJson(diagnostics, { command: 'migrate draft-openapi', root: pathPrefix, ...(written ? { out: relative(io, written) } : {}), pages: draft?.pages ?? [] }));
      } else if (options.format === 'github') {
        io.stdout(formatGithub(diagnostics, { pathPrefix }));
      } else {
        io.stdout(`${formatHuman(diagnostics, { pathPrefix, color: useColor(io), readSource: sourceReader(rootDir) })}${outcome}\n`);
      }
      setExitCode(hasErrors(diagnostics) || !written ? ExitCode.errors : ExitCode.ok);
    });

  return migrate;
}

const checkHelp = `
--write applies an edit only when its page matches one operation with no field, server or auth drift,
no lost prose and an unchanged URL; --force applies every matched page's edit. An invalid OpenAPI file
stops every write. See docs/migrate.md.

Exit codes: 0 no errors (drift is a warning), 1 errors (no operation, ambiguous, no spec, invalid spec,
            a failed write; with --strict also drift), 2 usage`;

function formatOption(): Option {
  return new Option('--format <format>', 'output format').choices(['human', 'json', 'github']).default('human');
}

/** `--spec` is a path like `--out` (relative to the working directory), turned into the root-relative form docs.json uses. */
function specReference(io: CliIo, rootDir: string, spec: string): string {
  if (/^https:\/\//i.test(spec)) return spec;
  const relativePath = path.relative(rootDir, path.resolve(io.cwd, spec)).split(path.sep).join('/');
  return relativePath === '' ? spec : relativePath;
}

function prefixOf(io: CliIo, rootDir: string): string {
  return path.relative(io.cwd, rootDir).split(path.sep).join('/') || '.';
}

function relative(io: CliIo, file: string): string {
  return path.relative(io.cwd, file).split(path.sep).join('/') || file;
}

function useColor(io: CliIo): boolean {
  return io.isTTY && io.env['NO_COLOR'] === undefined;
}

function sourceReader(rootDir: string): (file: string) => string | undefined {
  return (file) => {
    try {
      return readFileSync(path.join(rootDir, file), 'utf8');
    } catch {
      return undefined;
    }
  };
}

function printCheck(io: CliIo, diagnostics: Diagnostic[], report: MigrationReport, applied: AppliedMigration | undefined, options: CheckOptions, rootDir: string): void {
  const pathPrefix = prefixOf(io, rootDir);
  if (options.format === 'json') {
    io.stdout(formatJson(diagnostics, { command: 'migrate check', root: pathPrefix, report, ...(applied ? { applied } : {}) }));
    return;
  }
  if (options.format === 'github') {
    io.stdout(formatGithub(diagnostics, { pathPrefix }));
    return;
  }
  const c = createColors(useColor(io));
  // Infos (matched, edit, unused page) are what the plan below says in one line each.
  const out: string[] = [formatHuman(diagnostics, { pathPrefix, color: useColor(io), readSource: sourceReader(rootDir), showInfos: false })];
  if (report.pages.length === 0) {
    out.push(report.blocked ? `nothing checked: ${report.blocked}\n` : 'no page of the navigation has api: frontmatter; nothing to migrate\n');
    io.stdout(out.join(''));
    return;
  }
  out.push(`\n${c.bold('Migration plan')} (${report.pages.length} navigation entr${report.pages.length === 1 ? 'y' : 'ies'} of hand-written API pages)\n`);
  for (const page of report.pages) out.push(planLine(c, page, options.force ?? false, pathPrefix));
  out.push(`\n${summaryText(report)}\n`);
  if (options.write) out.push(`${writeText(report, applied, options)}\n`);
  io.stdout(out.join(''));
}

type Colors = ReturnType<typeof createColors>;

function planLine(c: Colors, page: PageReport, force: boolean, pathPrefix: string): string {
  const where = (file: string, line?: number, column?: number): string =>
    `${pathPrefix === '.' ? '' : `${trimTrailingSlashes(pathPrefix)}/`}${file}${line !== undefined ? `:${line}:${column ?? 1}` : ''}`;
  const lines: string[] = [];
  if (page.status !== 'matched') {
    const why = { 'no-operation': 'no operation', ambiguous: 'several operations', 'no-spec': 'no OpenAPI file in scope', 'spec-error': 'the OpenAPI file could not be used' }[page.status];
    lines.push(`  ${c.red('✗')} ${page.page}: ${page.api.method} ${page.api.target}: ${why} ${c.dim(`at ${where(page.api.location.file, page.api.location.line, page.api.location.column)}`)}`);
  } else {
    const ready = page.blockers.length === 0;
    const applies = ready || (force && !page.blockers.some((b) => hardBlockers.includes(b)));
    const mark = ready ? c.green('✓') : applies ? c.yellow('!') : c.yellow('•');
    const target = page.reference !== undefined ? `"${page.reference}"` : '(no edit)';
    lines.push(`  ${mark} ${page.page} -> ${target}${ready ? '' : c.dim(` (${page.blockers.join(', ')})`)} ${c.dim(`at ${where(page.entry.file, page.entry.line, page.entry.column)}`)}`);
    const x = page.suggestedXDocs;
    if (x) {
      const xDocs: Record<string, string> = {};
      if (x.href !== undefined) xDocs.href = x.href;
      if (x.content !== undefined) xDocs.content = x.content;
      const yaml = stringifyYaml({ 'x-mint': xDocs }, { lineWidth: 0 }).trimEnd();
      lines.push(c.dim(`      keep it: add to ${x.spec} at ${x.pointer.replace(/\/x-mint$/, '')}:`));
      lines.push(yaml.split('\n').map((line) => `        ${line}`).join('\n'));
    }
  }
  return lines.join('\n') + '\n';
}

function summaryText(report: MigrationReport): string {
  const s = report.summary;
  const drift = Object.entries(s.drift)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n} ${kind}`)
    .join(', ');
  const parts = [
    `${s.matched} matched (${s.ready} ready to write)`,
    `${s.noOperation} without operation`,
    `${s.ambiguous} ambiguous`,
    `${s.noSpec} without spec`,
  ];
  if (s.specError > 0) parts.push(`${s.specError} with an unusable spec`);
  const other = [
    drift ? `field drift: ${drift}` : 'no field drift',
    ...(s.serverDrift > 0 ? [`${s.serverDrift} server`] : []),
    ...(s.authDrift > 0 ? [`${s.authDrift} auth`] : []),
    ...(s.proseLost > 0 ? [`${s.proseLost} with prose to keep`] : []),
    ...(s.urlChanges > 0 ? [`${s.urlChanges} URL change${s.urlChanges === 1 ? '' : 's'}`] : []),
  ];
  return `${parts.join(', ')}; ${other.join(', ')}; ${s.unusedFiles} MDX file${s.unusedFiles === 1 ? '' : 's'} unused after the migration`;
}

function writeText(report: MigrationReport, applied: AppliedMigration | undefined, options: CheckOptions): string {
  if (report.blocked !== undefined) return `nothing written: ${report.blocked}`;
  if (!applied || applied.edits.length === 0) {
    return report.edits.length === 0 ? 'nothing written: no entry to replace' : `nothing written: no edit is ready${options.force ? '' : ' (--force applies the edits of pages with drift)'}`;
  }
  const n = applied.edits.length;
  const deleted = applied.deleted.length > 0 ? `; deleted ${applied.deleted.join(', ')}` : options.deletePages ? '; no page deleted' : '';
  return `wrote ${applied.files.join(', ')} (${n} entr${n === 1 ? 'y' : 'ies'} replaced)${deleted}`;
}
