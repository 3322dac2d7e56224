import path from 'node:path';
import { formatHuman, hasErrors, summaryLine, type Diagnostic } from '../diagnostics/index.js';
import { ExitCode, UsageError, type CliIo } from './io.js';
import type { SiteBuildEvent } from '../site/plugin.js';
import { sitePaths } from '../site/paths.js';
import { progressReporter } from './progress.js';

export interface DevOptions {
  port?: string;
  host?: string;
  base?: string;
  strict?: boolean;
  offline?: boolean;
  cache: boolean;
  cacheDir?: string;
}

export function parsePort(text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) throw new UsageError(`--port must be a number from 0 to 65535, not "${text}"`);
  return port;
}

/**
 * `docs-build dev [root]`: the live preview. Vite with the docs-build plugin on 127.0.0.1; prints the URL
 * and how long the first build and the server took; every edit rebuilds with the cache and updates the
 * open pages (docs/site.md). Runs until Ctrl-C (the signal); works with errors present (they show in the
 * terminal and in the browser's overlay). Exit code: the last build's.
 */
/**
 * What the terminal prints after a build: everything but infos after the first; after a rebuild, the
 * problems of the files it was for and the errors `shownErrors` (the last build's) did not have.
 */
export function problemsToPrint(diagnostics: readonly Diagnostic[], changed: readonly string[], shownErrors: ReadonlySet<string>): { problems: Diagnostic[]; errorKeys: Set<string> } {
  const changedFiles = new Set(changed);
  const inChanged = (d: Diagnostic): boolean => d.file !== undefined && changedFiles.has(d.file);
  const shown = (d: Diagnostic): boolean =>
    changed.length === 0 ? d.severity !== 'info' : d.severity === 'error' ? inChanged(d) || !shownErrors.has(diagnosticKey(d)) : d.severity === 'warning' && inChanged(d);
  return { problems: diagnostics.filter(shown), errorKeys: new Set(diagnostics.filter((d) => d.severity === 'error').map(diagnosticKey)) };
}

/** A diagnostic's identity across two builds: what, where and why. */
function diagnosticKey(d: Diagnostic): string {
  return `${d.code}\u0000${d.file ?? ''}\u0000${d.line ?? ''}\u0000${d.column ?? ''}\u0000${d.message}`;
}

export async function devCommand(io: CliIo, root: string, options: DevOptions, signal: AbortSignal): Promise<number> {
  const started = performance.now();
  const rootDir = path.resolve(io.cwd, root);
  const port = parsePort(options.port, 3000);
  const host = options.host ?? '127.0.0.1';
  const [{ createServer }, { docsBuild }] = await Promise.all([import('vite'), import('../site/plugin.js')]);
  let lastCode: number = ExitCode.ok;
  const shownRoot = path.relative(io.cwd, rootDir).split(path.sep).join('/') || '.';
  // The errors the terminal has shown: a rebuild prints the new ones, not the site's old errors again.
  let shownErrors = new Set<string>();
  const onBuild = (event: SiteBuildEvent): void => {
    lastCode = hasErrors(event.result.diagnostics) ? ExitCode.errors : ExitCode.ok;
    // The first build shows every problem; a rebuild the problems of the files just changed and the
    // errors it did not have before (the summary still counts all): on a site with 800 old errors an
    // edit printed 1,600 lines, and the one just made was somewhere in them.
    const { problems, errorKeys } = problemsToPrint(event.result.diagnostics, event.changed, shownErrors);
    shownErrors = errorKeys;
    // One summary, of every problem, on the line below: the list's own would count only what it shows.
    const text = problems.length > 0 ? formatHuman(problems, { pathPrefix: shownRoot, color: io.isTTY, summary: false }) : '';
    if (event.changed.length === 0) {
      io.stdout(`${text}built in ${Math.round(event.elapsedMs)} ms: ${summaryLine(event.result.diagnostics)}\n`);
      return;
    }
    const changed = `${event.changed.slice(0, 5).join(', ')}${event.changed.length > 5 ? ` and ${event.changed.length - 5} more` : ''}`;
    const sent = event.update.reload ? 'reloaded the browser' : event.update.pages.length > 0 ? `updated ${event.update.pages.length === 1 ? `page ${event.update.pages[0]}` : `${event.update.pages.length} pages`}` : 'nothing to update';
    io.stdout(`\nchanged: ${changed}\n${text}rebuilt in ${Math.round(event.elapsedMs)} ms: ${summaryLine(event.result.diagnostics)}; ${sent}\n`);
  };
  const plugin = {
    root: rootDir,
    strict: options.strict ?? false,
    offline: options.offline ?? false,
    cache: options.cache,
    onBuild,
    // The first build of a large site without a cache parses for tens of seconds before the URL shows.
    onProgress: progressReporter(io),
    ...(options.cacheDir ? { cacheDir: path.resolve(io.cwd, options.cacheDir) } : {}),
  };
  const server = await createServer({
    // Vite's root is docs-build's own folder, where React and the theme's dependencies resolve (a docs
    // root has no node_modules); the plugin watches and serves the docs root.
    root: sitePaths().packageDir,
    base: options.base ?? '/',
    configFile: false,
    envDir: false,
    logLevel: 'warn',
    clearScreen: false,
    plugins: docsBuild(plugin),
    server: { host, port, strictPort: options.port !== undefined },
  });
  try {
    await server.listen();
  } catch (error) {
    await server.close();
    io.stderr(`docs-build: the preview cannot listen on ${host}:${port}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}\n`);
    return ExitCode.usage;
  }
  const address = server.httpServer?.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  io.stdout(`docs-build dev: http://${host}:${actualPort}${server.config.base} (ready in ${Math.round(performance.now() - started)} ms; Ctrl-C to stop)\n`);
  await new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await server.close();
  return lastCode;
}
