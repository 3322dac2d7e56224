import path from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { build } from '../pipeline/build.js';
import type { BuildOptions, BuildResult, BuildStats } from '../pipeline/index.js';
import { formatGithub, formatHuman, formatJson, hasErrors, type Diagnostic } from '../diagnostics/index.js';
import { generatorVersion } from '../version.js';
import { ExitCode, UsageError, internalErrorText, processIo, sourceReader, type CliIo } from './io.js';
import { progressReporter } from './progress.js';
import { watchAndBuild } from './watch.js';

type Format = 'human' | 'json' | 'github';

interface CompileOptions {
  out?: string;
  format: Format;
  strict?: boolean;
  offline?: boolean;
  checkExternal?: boolean;
  /** commander's negatable `--no-cache`: true unless given. */
  cache: boolean;
  cacheDir?: string;
}

/** Parses argv, runs the command, and returns the process exit code. Never calls process.exit. */
export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  let exitCode: number = ExitCode.ok;
  const setExitCode = (code: number): void => {
    exitCode = code;
  };
  const program = createProgram(io, setExitCode);
  // `migrate` and `job` pull in their own libraries; load them only when they can be needed, so that
  // `build` and `check` start fast.
  const command = argv.find((arg) => !arg.startsWith('-'));
  if (command === undefined || command === 'help' || command === 'migrate' || command === 'job' || command === 'upgrade') {
    const [{ migrateCommand }, { jobCommand }, { upgradeCommand }] = await Promise.all([import('./migrate.js'), import('./job.js'), import('./upgrade.js')]);
    program.addCommand(migrateCommand(io, setExitCode));
    program.addCommand(jobCommand(io, setExitCode));
    program.addCommand(upgradeCommand(io, setExitCode));
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end through here with exit code 0.
      return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
    }
    if (error instanceof UsageError) {
      io.stderr(`docs-build: ${error.message}\n`);
      return ExitCode.usage;
    }
    io.stderr(internalErrorText(error, io.env));
    return ExitCode.usage;
  }
  return exitCode;
}

/**
 * `--base`: a path the site is served under, written into every link and asset URL. Refused when it
 * cannot be one: whitespace or control characters, `..` or `.` segments, `?`, `#`, `\\`, or a leading `//`
 * (a browser reads `//evil.example/` as another host).
 */
export function parseBasePath(text: string): string {
  const trimmed = text.trim();
  const segments = trimmed.split('/');
  while (segments[0] === '') segments.shift();
  while (segments.at(-1) === '') segments.pop();
  const problem = /[\s\p{Cc}?#\\]/u.test(trimmed) ? 'holds whitespace, a control character, ?, # or \\'
    : trimmed.startsWith('//') ? 'starts with //, which a browser reads as another host'
    : segments.some((segment) => segment === '' || segment === '.' || segment === '..') ? 'has an empty, . or .. segment'
    : undefined;
  if (problem) throw new InvalidArgumentError(`the base path ${JSON.stringify(text)} ${problem}; write it as /docs/`);
  return trimmed;
}

function baseOption(description: string): Option {
  return new Option('--base <path>', description).argParser(parseBasePath).default('/');
}

export function createProgram(io: CliIo, setExitCode: (code: number) => void): Command {
  const program = new Command('docs-build')
    .description('Compile a docs.json + MDX + OpenAPI documentation repository into one site manifest.')
    .version(generatorVersion, '-v, --version')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showHelpAfterError('(run docs-build --help for usage)');

  // External links need the network: asking for both is a usage error, not a silent skip.
  const checkExternalOption = (): Option =>
    new Option('--check-external', 'also request every external link (concurrent, time-limited, cached; docs/links.md)').conflicts('offline');
  const formatOption = (): Option =>
    new Option('--format <format>', 'output format of diagnostics').choices(['human', 'json', 'github']).default('human');

  const buildAction = async (root: string, options: CompileOptions & { watch?: boolean }): Promise<void> => {
    const rootDir = path.resolve(io.cwd, root);
    const outFile = path.resolve(io.cwd, options.out ?? path.join(root, '.docs-build', 'manifest.json'));
    const buildOptions = { ...compileOptions(io, rootDir, options, true), outFile };
    if (options.watch) {
      const signal = io.signal ?? interruptSignal();
      const code = await watchAndBuild(io, { build: buildOptions, report: (result, elapsedMs) => report(io, result, options.format, rootDir, { command: 'build', elapsedMs, outFile }) }, signal);
      setExitCode(code);
      return;
    }
    const started = performance.now();
    const result = await build(buildOptions);
    report(io, result, options.format, rootDir, { command: 'build', elapsedMs: performance.now() - started, outFile });
    setExitCode(hasErrors(result.diagnostics) ? ExitCode.errors : ExitCode.ok);
  };
  const buildCommand = (name: string, description: string): Command =>
    program
      .command(name)
      .description(description)
      .argument('[root]', 'the docs root (the folder holding docs.json)', '.')
      .option('-o, --out <file>', 'where to write the manifest (default: <root>/.docs-build/manifest.json)')
      .addOption(formatOption())
      .option('--strict', 'treat warnings as errors')
      .option('--offline', 'never fetch remote OpenAPI files; use only the on-disk cache')
      .addOption(checkExternalOption())
      .option('--no-cache', 'neither read nor write the incremental cache')
      .option('--cache-dir <dir>', 'where the incremental cache lives (default: <root>/.docs-build/cache)');
  buildCommand('build', 'check a docs root and write its manifest (nothing is written when there are errors)')
    .option('-w, --watch', 'rebuild whenever a file of the root changes (uses the cache)')
    .action(buildAction);
  // The live preview and the static export (docs/site.md) load Vite, React and the theme only when run.
  // Both run the compiler as build does: the same run options.
  const withRunOptions = (command: Command): Command =>
    command
      .option('--strict', 'treat warnings as errors')
      .option('--offline', 'never fetch remote OpenAPI files; use only the on-disk cache')
      .option('--no-cache', 'neither read nor write the incremental cache')
      .option('--cache-dir <dir>', 'where the incremental cache lives (default: <root>/.docs-build/cache)');
  const dev = program
    .command('dev')
    .description('the live preview: serve the site on 127.0.0.1, rebuilding and updating the browser on every change')
    .argument('[root]', 'the docs root (the folder holding docs.json)', '.')
    .option('-p, --port <port>', 'the port (default 3000, or the next free one)')
    .option('--host <host>', 'the address to listen on', '127.0.0.1')
    .addOption(baseOption('the public base path'));
  withRunOptions(dev).action(async (root: string, options: import('./dev.js').DevOptions) => {
    const { devCommand } = await import('./dev.js');
    setExitCode(await devCommand(io, root, options, io.signal ?? interruptSignal()));
  });
  const exportSite = program
    .command('export')
    .description('write the site as static files (pre-rendered pages, search, sitemap, llms.txt) for any static host')
    .argument('[root]', 'the docs root (the folder holding docs.json)', '.')
    .requiredOption('--out <dir>', 'the folder to write (replaced atomically; empty, absent, or a previous export)')
    .addOption(baseOption('the public base path the site is served under'))
    .option('--site-url <url>', 'the absolute URL of the site (sitemap.xml, robots.txt, llms.txt, canonical links)')
    .addOption(formatOption());
  withRunOptions(exportSite).action(async (root: string, options: import('./export.js').ExportCommandOptions) => {
    const { exportCommand } = await import('./export.js');
    setExitCode(await exportCommand(io, root, options));
  });

  program
    .command('check')
    .description('validate a docs root without writing anything')
    .argument('[root]', 'the docs root (the folder holding docs.json)', '.')
    .addOption(formatOption())
    .option('--strict', 'treat warnings as errors')
    .option('--offline', 'never fetch remote OpenAPI files; use only the on-disk cache')
    .addOption(checkExternalOption())
    .option('--no-cache', 'do not read the incremental cache')
    .option('--cache-dir <dir>', 'where the incremental cache lives (default: <root>/.docs-build/cache)')
    .option('--generate-ignore-file', 'write every error and warning into <root>/.docs-build-ignore.json, so they stop failing the build (docs/rules.md)')
    .action(async (root: string, options: CompileOptions & { generateIgnoreFile?: boolean }) => {
      const rootDir = path.resolve(io.cwd, root);
      if (options.generateIgnoreFile) {
        const { generateIgnoreFile } = await import('./ignore-file.js');
        setExitCode(await generateIgnoreFile(io, compileOptions(io, rootDir, options, false)));
        return;
      }
      const started = performance.now();
      const result = await build(compileOptions(io, rootDir, options, false));
      report(io, result, options.format, rootDir, { command: 'check', elapsedMs: performance.now() - started });
      setExitCode(hasErrors(result.diagnostics) ? ExitCode.errors : ExitCode.ok);
    });

  program
    .command('schema')
    .description('print the JSON Schema of docs.json')
    .action(async () => {
      const { docsSchemaText } = await import('../config/schema-text.js');
      io.stdout(docsSchemaText());
    });

  return program;
}

/** Aborted on the first Ctrl-C, so watch mode can stop cleanly. */
function interruptSignal(): AbortSignal {
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  return controller.signal;
}

/** Options shared by build and check; `check` reads the cache but never writes it. */
function compileOptions(io: CliIo, rootDir: string, options: CompileOptions, writes: boolean): BuildOptions {
  const compile: BuildOptions = {
    root: rootDir,
    strict: options.strict ?? false,
    offline: options.offline ?? false,
    ...(options.checkExternal ? { checkExternal: true } : {}),
    cache: options.cache ? (writes ? true : 'read-only') : false,
    onProgress: progressReporter(io),
  };
  if (options.cacheDir) compile.cacheDir = path.resolve(io.cwd, options.cacheDir);
  return compile;
}

interface RunInfo {
  command: 'build' | 'check';
  elapsedMs: number;
  outFile?: string;
}

function report(io: CliIo, result: BuildResult, format: Format, rootDir: string, run: RunInfo): void {
  const pathPrefix = path.relative(io.cwd, rootDir).split(path.sep).join('/') || '.';
  const diagnostics: Diagnostic[] = result.diagnostics;
  const ignored = result.ignored ? { ignored: result.ignored } : {};
  if (format === 'json') {
    io.stdout(formatJson(diagnostics, { command: run.command, root: pathPrefix, ...(result.written ? { manifest: relative(io, result.written) } : {}), stats: result.stats, ...ignored }));
    return;
  }
  if (format === 'github') {
    io.stdout(formatGithub(diagnostics, { pathPrefix, ...ignored }));
    return;
  }
  const text = formatHuman(diagnostics, { pathPrefix, color: io.isTTY, readSource: sourceReader(rootDir), ...ignored });
  const what = result.stats ? pageCounts(result.stats) : 'nothing';
  const outcome =
    run.command === 'check'
      ? `checked ${what}`
      : result.written
        ? `built ${what} -> ${relative(io, result.written)}`
        : `built nothing: ${hasErrors(diagnostics) ? 'errors found, no manifest written' : 'no output'}`;
  io.stdout(`${text}${outcome} in ${Math.round(run.elapsedMs)} ms\n`);
}

/** The pages by kind, in parts that add up to the total: MDX pages, MDX API pages, generated pages. */
export function pageCounts(stats: BuildStats): string {
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  const mdxApi = stats.endpointPages - stats.generatedPages;
  const parts = [`${stats.pages - stats.endpointPages} MDX`, `${mdxApi} MDX API`, `${stats.generatedPages} generated from ${plural(stats.specs, 'OpenAPI file')}`];
  return `${plural(stats.pages, 'page')} (${parts.join(', ')})`;
}

function relative(io: CliIo, file: string): string {
  return path.relative(io.cwd, file).split(path.sep).join('/') || file;
}
