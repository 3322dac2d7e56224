import path from 'node:path';
import { formatGithub, formatHuman, formatJson, hasErrors } from '../diagnostics/index.js';
import { absoluteHttpUrl } from '../fields/http.js';
import { ExitCode, sourceReader, UsageError, type CliIo } from './io.js';
import { progressReporter } from './progress.js';

export interface ExportCommandOptions {
  out: string;
  base?: string;
  siteUrl?: string;
  format: 'human' | 'json' | 'github';
  strict?: boolean;
  offline?: boolean;
  cache: boolean;
  cacheDir?: string;
}

function checkSiteUrl(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const url = absoluteHttpUrl(text);
  if (!url) throw new UsageError(`--site-url must be an absolute http(s) URL, not "${text}"`);
  return `${url.origin}${url.pathname}`;
}

/**
 * `docs-build export [root] --out DIR`: the static site (docs/site.md). Exit 1 when the docs have errors
 * (nothing is written, a previous export stays), 2 when --out cannot be used.
 */
export async function exportCommand(io: CliIo, root: string, options: ExportCommandOptions): Promise<number> {
  const started = performance.now();
  const rootDir = path.resolve(io.cwd, root);
  const outDir = path.resolve(io.cwd, options.out);
  const siteUrl = checkSiteUrl(options.siteUrl);
  const { exportSite } = await import('../site/export.js');
  const exported = await exportSite({
    root: rootDir,
    outDir,
    base: options.base ?? '/',
    strict: options.strict ?? false,
    offline: options.offline ?? false,
    cache: options.cache,
    onProgress: progressReporter(io),
    ...(options.cacheDir ? { cacheDir: path.resolve(io.cwd, options.cacheDir) } : {}),
    ...(siteUrl ? { siteUrl } : {}),
  });
  if (exported.refused) {
    io.stderr(`docs-build: ${exported.refused}\n`);
    return ExitCode.usage;
  }
  const { diagnostics } = exported.result;
  const pathPrefix = path.relative(io.cwd, rootDir).split(path.sep).join('/') || '.';
  const ignored = exported.result.ignored ? { ignored: exported.result.ignored } : {};
  if (options.format === 'json') {
    io.stdout(formatJson(diagnostics, { command: 'export', root: pathPrefix, ...(exported.result.stats ? { stats: exported.result.stats } : {}), ...ignored }));
  } else if (options.format === 'github') {
    io.stdout(formatGithub(diagnostics, { pathPrefix, ...ignored }));
  } else {
    const text = formatHuman(diagnostics, { pathPrefix, color: io.isTTY, readSource: sourceReader(rootDir), ...ignored });
    const shownOut = path.relative(io.cwd, outDir).split(path.sep).join('/') || outDir;
    const { compileMs, bundleMs, renderMs, writeMs } = exported.timings;
    const took = `in ${Math.round(performance.now() - started)} ms (build ${Math.round(compileMs)} ms, bundle ${Math.round(bundleMs)} ms, render ${Math.round(renderMs)} ms, write ${Math.round(writeMs)} ms)`;
    const what =
      exported.mode === 'update'
        ? `updated ${shownOut}: ${exported.rendered} of ${exported.pages} pages rendered, ${exported.changed} of ${exported.files} files written or removed`
        : `exported ${exported.pages} pages (${exported.files} files) -> ${shownOut}`;
    const outcome = exported.written
      ? `${what} ${took}`
      : `exported nothing: errors found; ${shownOut} was left as it was`;
    const unknownUrl = exported.written && exported.publicRoot === undefined ? "no sitemap.xml generated and no canonical links: the site's URL is unknown (--site-url, or seo.metatags.canonical in docs.json)\n" : '';
    io.stdout(`${text}${missingIconsLine(exported.missingIcons)}${unknownUrl}${outcome}\n`);
  }
  return hasErrors(diagnostics) || !exported.written ? ExitCode.errors : ExitCode.ok;
}

/**
 * Icons no installed package has show blank on the pages that name them: said once, with a few names,
 * so that a docs team knows why (usually Font Awesome Pro names; docs/theme.md, "Icons").
 */
export function missingIconsLine(missing: readonly string[]): string {
  if (missing.length === 0) return '';
  const names = [...new Set(missing.map((icon) => icon.replace(/^.*\//, '').replace(/\.svg$/, '')))].sort();
  const shown = names.slice(0, 8).join(', ') + (names.length > 8 ? `, and ${names.length - 8} more` : '');
  return `note: ${names.length} icon${names.length === 1 ? '' : 's'} named by pages ${names.length === 1 ? 'is' : 'are'} in no installed icon package and show${names.length === 1 ? 's' : ''} blank: ${shown}\n`;
}
