import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { DiskCache } from '../cache/index.js';
import { countBySeverity, createDiagnostic, hasErrors, promoteWarnings, sortDiagnostics, uniqueDiagnostics, type Diagnostic } from '../diagnostics/index.js';
import { serializeManifest } from '../manifest/serialize.js';
import type { Manifest } from '../manifest/types.js';
import { writeFileAtomic } from '../manifest/write.js';
import { DocsRoot, sha256 } from '../root/index.js';
import { generatorName, generatorVersion } from '../version.js';
import type { BuildOptions, BuildResult, BuildStats } from './types.js';

// The stages (config, MDX, OpenAPI, ...) are imported on demand by runPipeline: a warm run that reuses
// the previous result never loads them, which is most of its start-up time.

/**
 * Runs the whole pipeline on a docs root and returns the manifest with every diagnostic. Never prints,
 * never exits; writes only `outFile`, atomically, and only when there are no errors.
 */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const diagnostics: Diagnostic[] = [];
  const root = DocsRoot.open(options.root);
  if (!root) {
    return { diagnostics: [createDiagnostic('root/not-found', `the docs root "${options.root}" does not exist or is not a folder`)] };
  }
  const cacheDir = options.cacheDir ?? path.join(root.dir, '.docs-build', 'cache');
  const cache = options.cache ? DiskCache.open(cacheDir, `${generatorName}@${generatorVersion}`, { readOnly: options.cache === 'read-only' }) : undefined;
  const runKey = runFingerprint(root, options);
  if (cache && runKey) {
    const previous = reusePreviousRun(cache, root, runKey, options.outFile);
    if (previous) return finish(options, previous.diagnostics, cache.diagnostics(), previous.manifestText, previous.stats);
  }

  const { runPipeline } = await import('./pipeline.js');
  const run = await runPipeline(root, options, cache);
  if (!run.manifest) return finish(options, run.diagnostics, cache?.diagnostics());
  if (options.jobChecks && !hasErrors(run.diagnostics)) {
    const { runJobChecks } = await import('../admin/index.js');
    const { checks, ...client } = options.jobChecks;
    run.diagnostics.push(...(await runJobChecks(checks, { ...client, ...(options.signal ? { signal: options.signal } : {}) })));
  }
  const final = finalDiagnostics(run.diagnostics, options);
  const counts = countBySeverity(final);
  const manifest: Manifest = { ...run.manifest, diagnostics: { errors: counts.errors, warnings: counts.warnings } };
  const manifestText = serializeManifest(manifest);
  if (cache && runKey && run.reusable) rememberRun(cache, root, runKey, { manifestText, diagnostics: final, stats: run.stats! });
  return finish(options, final, cache?.diagnostics() ?? [], manifestText, run.stats, manifest);
}

/** Sorted, with duplicates merged, warnings promoted under `--strict`. */
function finalDiagnostics(diagnostics: readonly Diagnostic[], options: BuildOptions): Diagnostic[] {
  return uniqueDiagnostics(sortDiagnostics(options.strict ? promoteWarnings(diagnostics) : diagnostics));
}

/**
 * Writes the manifest when there are no errors. `environment` holds problems of the machine, not of the
 * docs (a corrupt cache): they are reported but never promoted by `--strict` nor counted in the manifest.
 */
function finish(
  options: BuildOptions,
  diagnostics: Diagnostic[],
  environment: Diagnostic[] = [],
  manifestText?: ManifestText,
  stats?: BuildStats,
  manifest?: Manifest,
): BuildResult {
  const sorted = sortDiagnostics([...finalDiagnostics(diagnostics, options), ...environment]);
  const result: BuildResult = { diagnostics: sorted };
  if (manifestText !== undefined) {
    // Parsed on first access only: the CLI never reads it, and a reused run has only the text.
    let parsed = manifest;
    Object.defineProperty(result, 'manifest', { enumerable: true, configurable: true, get: () => (parsed ??= JSON.parse(textOf(manifestText)) as Manifest) });
  }
  if (stats) result.stats = stats;
  if (manifestText !== undefined && options.outFile && !hasErrors(sorted)) {
    try {
      if (typeof manifestText === 'string' ? !sameBytes(options.outFile, manifestText) : !manifestText.upToDate) writeFileAtomic(options.outFile, textOf(manifestText));
      result.written = options.outFile;
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      result.diagnostics = sortDiagnostics([
        ...sorted,
        createDiagnostic('manifest/write-failed', `the manifest could not be written to ${options.outFile} (${reason})`),
      ]);
    }
  }
  return result;
}

/** Whether `file` already holds exactly `text` (a rebuild with no change then leaves it untouched). */
function sameBytes(file: string, text: string): boolean {
  try {
    const stat = statSync(file);
    return stat.size === Buffer.byteLength(text) && readFileSync(file, 'utf8') === text;
  } catch {
    return false;
  }
}

/**
 * The serialized manifest: written and hashed as is; parsed only if a caller reads `manifest`. A reused
 * run whose output file already holds it (proven by hash) reads the text only if a caller asks.
 */
type ManifestText = string | { upToDate: true; load: () => string };

function textOf(text: ManifestText): string {
  return typeof text === 'string' ? text : text.load();
}

interface RememberedRun {
  manifestText: ManifestText;
  diagnostics: Diagnostic[];
  stats: BuildStats;
}

/**
 * What a run depends on besides file contents: the generator, the options that change output, and the
 * list of files in the root (page resolution and suggestions look at it). Undefined when the run cannot
 * be reused at all (job checks must always run).
 */
function runFingerprint(root: DocsRoot, options: BuildOptions): string | undefined {
  if (options.jobChecks) return undefined;
  return sha256([options.strict ? 'strict' : '', options.offline ? 'offline' : '', ...root.files()].join('\n'));
}

/**
 * The previous run's result when every file it read still has the same bytes. Costs one read and hash
 * of each input file: the price of proving nothing changed.
 */
function reusePreviousRun(cache: DiskCache, root: DocsRoot, runKey: string, outFile: string | undefined): RememberedRun | undefined {
  const record = cache.get<{ inputs: Array<{ path: string; hash: string }>; manifestKey: string; manifestHash: string; manifestBytes?: number; diagnostics: Diagnostic[]; stats: BuildStats }>(
    'builds',
    cache.key('run', runKey),
  );
  if (!record) return undefined;
  for (const input of record.inputs) {
    if (root.hashOf(input.path) !== input.hash) return undefined;
  }
  if (outFile && record.manifestBytes !== undefined && fileHasHash(outFile, record.manifestBytes, record.manifestHash)) {
    // The output is already this manifest: its text is read (from the output, just proven) only on demand.
    const load = (): string => {
      for (const text of [readFileSync(outFile, 'utf8'), cache.getText('builds', record.manifestKey)]) {
        if (text !== undefined && sha256(text) === record.manifestHash) return text;
      }
      throw new Error(`the manifest of the reused run changed on disk while it was read (${outFile})`);
    };
    return { manifestText: { upToDate: true, load }, diagnostics: record.diagnostics, stats: record.stats };
  }
  const manifestText = cache.getText('builds', record.manifestKey);
  // The stored text must be the one recorded: a torn or edited entry is not trusted.
  if (manifestText === undefined || sha256(manifestText) !== record.manifestHash) return undefined;
  return { manifestText, diagnostics: record.diagnostics, stats: record.stats };
}

function rememberRun(cache: DiskCache, root: DocsRoot, runKey: string, run: RememberedRun & { manifestText: string }): void {
  const manifestKey = cache.key('manifest', runKey);
  cache.setText('builds', manifestKey, run.manifestText);
  cache.set('builds', cache.key('run', runKey), {
    inputs: root.readFiles(),
    manifestKey,
    manifestHash: sha256(run.manifestText),
    manifestBytes: Buffer.byteLength(run.manifestText),
    diagnostics: run.diagnostics,
    stats: run.stats,
  });
}

/** Whether `file` holds exactly `bytes` bytes hashing to `hash`. */
function fileHasHash(file: string, bytes: number, hash: string): boolean {
  try {
    return statSync(file).size === bytes && sha256(readFileSync(file)) === hash;
  } catch {
    return false;
  }
}
