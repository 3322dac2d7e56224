import { existsSync } from 'node:fs';
import path from 'node:path';
import { DiskCache } from '../incremental/index.js';
import { locateCacheFolder } from '../incremental/cache-folder.js';
// Not the diagnostics barrel: it would load the reporters and source maps on every warm run.
import { createDiagnostic } from '../diagnostics/catalog.js';
import { countBySeverity, hasErrors, promoteWarnings, sortDiagnostics, uniqueDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import { pageEntryAround, pageEntryReader, serializeManifest, type PageEntryRanges } from '../manifest/serialize.js';
import type { Manifest, Page } from '../manifest/types.js';
import { refuseInputsOf, UnsafePathError, writeFileAtomic, type WriteOptions } from '../root/index.js';
import { DocsRoot, OUTPUT_FOLDER_MARKER } from '../root/index.js';
import type { IgnoredCounts, ProjectRules } from '../rules/index.js';
import { IGNORE_FILE, RULES_FILE } from '../rules/types.js';
import { generatorBuild, generatorName } from '../version.js';
import { checkInputs, listedInputs, loadRecord, manifestDigest, outputHolds, patchRecordedCopy, patchRecordedOutput, recordedManifest, recordedManifestRanges, recordKey, rememberRun, reuseRecordedRun, saveRecord, stampedInputs, type InputCheck, type ManifestDigest, type ManifestText, type RunRecord } from '../incremental/run-record.js';
import { applyContentHashEdits, contentHashOffsets, contentReferenceOffsets, patchEditedPages, type PagePatch } from '../incremental/page-patch.js';
import type { ContentBase, ContentEdit, ContentPatch } from './content-patch.js';
import { storedInlineFacts, type ContentSessionState, type StoredContentState } from './content-session.js';
import type { ContentPatchFacts } from './content-stage.js';
import type { BuildOptions, BuildResult, BuildStats } from './types.js';

// The stages (config, MDX, OpenAPI, ...) are imported on demand by runPipeline: a warm run that reuses
// the previous result never loads them, which is most of its start-up time.

/**
 * Runs the whole pipeline on a docs root and returns the manifest with every diagnostic. Never prints,
 * never exits; writes only `outFile`, atomically, and only when there are no errors.
 */
export async function build(buildOptions: BuildOptions): Promise<BuildResult> {
  const startedAtMs = Date.now();
  const root = DocsRoot.open(buildOptions.root, buildOptions.onOpen ? { onOpen: buildOptions.onOpen } : {});
  if (!root) {
    return { diagnostics: [createDiagnostic('root/not-found', `the docs root "${buildOptions.root}" does not exist or is not a folder`)] };
  }
  // A copy: the rules found for this run must not stay on the caller's object for its next run.
  const options: DriverOptions = { ...buildOptions };
  const { rules } = options;
  const cacheDir = options.cacheDir ?? path.join(root.dir, '.docs-build', 'cache');
  const cache = options.cache ? DiskCache.open(cacheDir, `${generatorName}@${generatorBuild}`, { readOnly: options.cache === 'read-only', rootDir: root.dir }) : undefined;
  // A run without the project's usual rules must not stand for one with them (the record is keyed by root and flags).
  const runKey = rules === undefined || rules === true ? recordKey(root, options) : undefined;
  const record = cache && runKey ? loadRecord(cache, runKey) : undefined;
  if (record) {
    // A changed page, or a changed file that may be a snippet (a patch decides, from what it knows of the site).
    const check = checkInputs(root, record, startedAtMs, (file) => Object.hasOwn(record.pageIds, file) || (record.contentState !== undefined && /\.mdx?$/i.test(file)));
    // A preview primes its session from the state the last run of the stages stored, when there is one to
    // start from: running the stages for it took the thread for seconds, and edits waited.
    const priming = check?.changed.length === 0 && options.session?.wantsPriming(record.manifestHash, options.outFile) === true;
    const primed = priming ? await sessionFromStoredState(cache!, root, runKey!, record, options.outFile) : undefined;
    if (check?.changed.length === 0 && (!priming || primed)) {
      // A run with errors wrote no content: reused, it still has none, which only a preview (it renders the content) cannot do with.
      const needsContent = record.output !== undefined || options.session !== undefined;
      const previous = !needsContent || contentInPlace(options.outFile) ? reuseRecordedRun(cache!, record, options.outFile) : undefined;
      if (previous) {
        if (primed) options.session!.state = primed;
        if (check.restamped) saveRecord(cache!, runKey!, { ...record, inputs: check.inputs, listing: check.listing });
        // The record holds the final diagnostics, the rule settings applied: their files did not change either.
        // A primed session parsed the manifest: the result hands on that parse rather than making another.
        return Object.assign(finish(options, recordedFinal(record), cache!.diagnostics(), previous.manifestText, previous.stats, primed?.manifest, outputChecks(root, record)), { manifestHash: record.manifestHash });
      }
    } else if (check && check.changed.length > 0) {
      // No folder changed: snippets are found without a walk of the root.
      if (check.listedByFolders) root.assumeListed(listedInputs(root, record, check.changed));
      const patched = await patchRun(cache!, root, runKey!, record, check, options, startedAtMs);
      if (patched) return patched;
    }
    // The stages run: the pages that did not change are still found by their stamps, without a read.
    root.rememberHashes(stampedInputs(record));
  }

  // Read before the stages, so the settings files are inputs of the run like any other file.
  if (rules !== false) await loadRules(root, options, typeof rules === 'object' ? rules : {});
  const { runPipeline } = await import('./stages.js');
  // The stages keep fetched remote specs under the cache folder's real path (never through a link out of the root).
  const run = await runPipeline(root, { ...options, cacheDir: cache?.dir ?? locateCacheFolder(cacheDir, root.dir).dir }, cache);
  // Pages of a run that got as far as a manifest were all looked up: older page entries can be pruned.
  cache?.flush({ prune: run.manifest !== undefined });
  if (!run.manifest) return finish(options, finalDiagnostics(run.diagnostics, options, { stopped: true }), cache?.diagnostics());
  if (options.jobChecks && !hasErrors(finalDiagnostics(run.diagnostics, options).diagnostics)) {
    const { runJobChecks } = await import('../admin/index.js');
    const { checks, ...client } = options.jobChecks;
    run.diagnostics.push(...(await runJobChecks(checks, { ...client, ...(options.signal ? { signal: options.signal } : {}) })));
  }
  const final = finalDiagnostics(run.diagnostics, options);
  const counts = countBySeverity(final.diagnostics);
  const manifest: Manifest = { ...run.manifest, diagnostics: { errors: counts.errors, warnings: counts.warnings } };
  const manifestBytes = Buffer.from(serializeManifest(manifest), 'utf8');
  const digest = manifestDigest(manifestBytes);
  // An output that already holds this manifest is left untouched (its time stamp too).
  const current = options.outFile !== undefined && outputHolds(options.outFile, { bytes: manifestBytes.length, hash: digest.hash }, record);
  const manifestText: ManifestText = current ? { upToDate: true, load: () => manifestBytes } : manifestBytes;
  // One guard for every write of the run: it takes each input's identity once (5,000 stats on firecrawl-docs).
  const checks = outputChecks(root, record);
  // The content files first: a manifest on disk never references a content file that is not there.
  const contentProblem = options.outFile && run.contentFiles && !hasErrors(final.diagnostics) ? await writeContentFiles(options.outFile, run.contentFiles, checks) : undefined;
  if (contentProblem) return finish(options, { ...final, diagnostics: sortDiagnostics([...final.diagnostics, contentProblem]) }, cache?.diagnostics() ?? []);
  const result = finish(options, final, cache?.diagnostics() ?? [], manifestText, run.stats, manifest, checks);
  if (run.contentFiles) result.contentFiles = run.contentFiles;
  result.manifestHash = digest.hash;
  options.session?.forget();
  if (cache && runKey && run.reusable) {
    const contentReferenceAt = run.patchFacts ? contentReferenceOffsets(manifestBytes, run.pageIds) : {};
    // Stored before the record that names it.
    const contentState = run.patchFacts ? digest.hash : undefined;
    if (contentState && run.patchFacts) {
      const { storedContentState } = await import('./content-session.js');
      cache.set('contents', contentStateEntry(cache, runKey), storedContentState(contentState, run.patchFacts.facts, run.patchFacts.structures, contentReferenceAt));
    }
    rememberRun(cache, root, runKey, {
      manifest: manifestBytes,
      digest,
      manifestBytes: manifestBytes.length,
      contentHashAt: contentHashOffsets(manifestBytes, run.pageIds),
      ...(contentState ? { contentState } : {}),
      diagnostics: final.diagnostics,
      ...(final.ignored ? { ignored: final.ignored } : {}),
      stats: run.stats!,
      pageIds: run.pageIds,
      pageFingerprints: run.pageFingerprints,
      startedAtMs,
      ...(result.written ? { output: result.written } : {}),
    });
    if (options.session && run.patchFacts && run.contentFiles) {
      // Written beside the output, search.json and llms-full.txt (20 MB on firecrawl-docs) stay there
      // for the next patch to splice, and the session holds no copy.
      const written = options.outFile !== undefined && !hasErrors(final.diagnostics) ? await import('./content-output.js') : undefined;
      const files = written ? [...run.contentFiles].filter(([file]) => !written.splicedFiles.includes(file)) : run.contentFiles;
      options.session.state = {
        manifestHash: digest.hash,
        outFile: options.outFile,
        manifest,
        files: new Map(files),
        ...(written && options.outFile !== undefined ? { written: written.writtenFileAt(options.outFile) } : {}),
        facts: run.patchFacts.facts,
        structures: run.patchFacts.structures,
        contentReferenceAt,
      };
    }
  }
  return result;
}

/**
 * The last run's result with the edited pages patched in, when the edits changed only the pages' text
 * (`page-patch.ts`); undefined when the stages must run.
 */
async function patchRun(
  cache: DiskCache,
  root: DocsRoot,
  runKey: string,
  record: RunRecord,
  check: InputCheck,
  options: DriverOptions,
  startedAtMs: number,
): Promise<BuildResult | undefined> {
  const { changed } = check;
  // The edit may have changed the lines by which the ignore file knows a problem: the stages decide.
  // (The listing is unchanged, so the ignore file is there when the record read it: no walk of the root to know.)
  if (record.inputs.some((input) => input.path === IGNORE_FILE)) {
    const { ignoresByText, readIgnoreFile } = await import('../rules/index.js');
    if (ignoresByText(readIgnoreFile(root), changed)) return undefined;
  }
  const outFile = options.outFile;
  const final = recordedFinal(record);
  const session = options.session?.stateFor(record.manifestHash, outFile);
  const patchedPages = await patchPagesAndContent(cache, root, runKey, record, changed, options, { session, hasErrors: hasErrors(final.diagnostics) });
  if (patchedPages === undefined) return undefined;
  const { patch, edited, content, fromStored } = patchedPages;
  // Every changed file was read again (a snippet by the pages that use it): else the stages decide.
  const hashes = new Map(root.readFiles().map(({ path, hash }) => [path, hash]));
  if (!changed.every((file) => hashes.has(file))) return undefined;
  const sessions = options.session ? await import('./content-patch.js') : undefined;
  const next = session && sessions ? sessions.sessionAfter(session, content ?? { edits: [], files: new Map(), pages: new Map() }, edited) : undefined;
  const edits = [...patch.edits, ...(content?.edits ?? [])];
  // One guard for every write of the run: it takes each input's identity once (a stat each of
  // firecrawl-docs' 5,000 inputs, ~25 ms, was paid twice by every edit in the preview).
  const checks = outputChecks(root, record);
  // The content files first: a manifest on disk never references a content file that is not there.
  if (content && content.files.size > 0 && outFile !== undefined && !hasErrors(final.diagnostics)) {
    const { rewriteContent } = await import('./content-output.js');
    try {
      rewriteContent(outFile, content.files, checks);
    } catch {
      // The stages write them again, or report why they cannot.
      return undefined;
    }
  }
  // The output as the last run left it changes by a few hashes: written in place, not rewritten whole.
  let patched: { manifest: Buffer | (() => Buffer); pages?: PageEntryRanges; digest: ManifestDigest } | undefined;
  let copyInPlace = false;
  if (outFile !== undefined && !hasErrors(final.diagnostics)) patched = patchRecordedOutput(outFile, record, edits);
  else {
    // No output to patch (errors, or none asked for): the cache's copy, when it is a file of its own.
    patched = patchRecordedCopy(cache, record, edits);
    copyInPlace = patched !== undefined;
  }
  if (!patched) {
    const previous = recordedManifest(cache, record, outFile);
    if (previous === undefined || !applyContentHashEdits(previous, edits)) return undefined;
    patched = { manifest: previous, digest: manifestDigest(previous) };
  }
  const { manifest } = patched;
  const manifestText: ManifestText = typeof manifest === 'function' ? { upToDate: true, load: manifest, ...(patched.pages ? { pages: patched.pages } : {}) } : manifest;
  const result = finish(options, final, cache.diagnostics(), manifestText, record.stats, next?.manifest, checks);
  if (next) result.contentFiles = next.files;
  result.manifestHash = patched.digest.hash;
  result.patchedFrom = { manifestHash: record.manifestHash, pages: [...new Set(edited.map(({ id }) => id))] };
  // The edited pages were just written: their stamps could not be trusted yet (and taking one would
  // cost a walk of the root), so the next run hashes them.
  const inputs = check.inputs.map((input) => (changed.includes(input.path) ? { path: input.path, hash: hashes.get(input.path)! } : input));
  rememberRun(cache, root, runKey, {
    manifest,
    copyInPlace,
    digest: patched.digest,
    manifestBytes: record.manifestBytes,
    contentHashAt: record.contentHashAt,
    ...(record.contentState ? { contentState: record.contentState } : {}),
    diagnostics: record.diagnostics,
    ...(record.ignored ? { ignored: record.ignored } : {}),
    stats: record.stats,
    pageIds: record.pageIds,
    pageFingerprints: { ...record.pageFingerprints, ...patch.fingerprints },
    startedAtMs,
    inputs,
    listing: check.listing,
    ...(result.written ? { output: result.written } : {}),
  });
  if (options.session) {
    // A preview whose session was empty (its first edit came before it was primed) starts one from the stored state.
    const started = !next && sessions && fromStored && content && result.written ? sessions.sessionFromStored(fromStored.base, fromStored.stored, result.manifest!, patched.digest.hash, outFile, content) : undefined;
    options.session.state = next ? { ...next, manifestHash: patched.digest.hash } : started;
  }
  // Snippet parses and code highlighted by the patch are kept for the next run.
  cache.flush({ prune: false });
  return result;
}

/**
 * A content session for the manifest the record names, begun from the state its run of the stages stored
 * (as a first edit before priming begins one): the manifest parsed and the stored facts, the content
 * files read beside the output when a patch needs them. Undefined when there is none to begin from (no
 * stored state, a run with errors, which wrote no content, or an output that is not the recorded one).
 */
async function sessionFromStoredState(cache: DiskCache, root: DocsRoot, runKey: string, record: RunRecord, outFile: string | undefined): Promise<ContentSessionState | undefined> {
  if (outFile === undefined || record.output?.file !== outFile || hasErrors(recordedFinal(record).diagnostics)) return undefined;
  const stored = storedContentState(cache, runKey, record);
  if (stored === undefined) return undefined;
  const bytes = recordedManifest(cache, record, outFile);
  if (bytes === undefined) return undefined;
  const { sessionFromStored, storedBase } = await import('./content-patch.js');
  const base = storedBase(stored, root, outFile, recordedHashes(cache, record, outFile));
  const manifest = JSON.parse(bytes.toString('utf8')) as Manifest;
  return sessionFromStored(base, stored, manifest, record.manifestHash, outFile, { edits: [], files: new Map(), pages: new Map() });
}

/**
 * The edited pages parsed again (`patchEditedPages`), the users of edited snippets, and the content of
 * every page whose body changed rebuilt alone (`content-patch.ts`), from what the last run knew of every
 * page's content: the session in memory, else the state the last run of the stages stored (read only
 * when a body or snippet changed). Undefined when the stages must run.
 */
async function patchPagesAndContent(
  cache: DiskCache,
  root: DocsRoot,
  runKey: string,
  record: RunRecord,
  changed: readonly string[],
  options: DriverOptions,
  last: { session: ContentSessionState | undefined; hasErrors: boolean },
): Promise<{ patch: PagePatch; edited: ContentEdit[]; content: ContentPatch | undefined; fromStored?: { base: ContentBase; stored: StoredContentState } } | undefined> {
  const { session } = last;
  const outFile = options.outFile;
  let stored: StoredContentState | null | undefined;
  const storedState = (): StoredContentState | undefined => {
    if (stored === undefined) stored = storedContentState(cache, runKey, record) ?? null;
    return stored ?? undefined;
  };
  const structureOf = (file: string): string | undefined => (session ? session.structures[file] : storedState()?.structures[file]);
  const patch = await patchEditedPages(root, record, changed.filter((file) => Object.hasOwn(record.pageIds, file)), structureOf);
  if (patch === undefined) return undefined;
  const edited: ContentEdit[] = patch.pages.map((page) => ({ ...page, id: record.pageIds[page.file]! }));
  const snippets = changed.filter((file) => !Object.hasOwn(record.pageIds, file));
  if (snippets.length > 0) {
    const stored = session ? undefined : storedState();
    const facts = session?.facts ?? (stored ? storedInlineFacts(stored) : undefined);
    const users = facts ? snippetUsers(facts, snippets, record, cache, edited) : undefined;
    if (users === undefined) return undefined;
    edited.push(...users);
  }
  if (!edited.some((page) => page.bodyChanged)) return { patch, edited, content: undefined };
  const { patchContent, sessionBase, storedBase } = await import('./content-patch.js');
  // Without a session the content on disk is patched when the last run wrote it beside this output;
  // a run with errors wrote none, and only the manifest's hashes change.
  const writes = !last.hasErrors && outFile !== undefined && record.output?.file === outFile;
  // (A preview renders content: with errors it has none on disk to start a session from.)
  if (!session && !writes && (!last.hasErrors || options.session !== undefined)) return undefined;
  const base = session ? sessionBase(session) : storedBase(storedState()!, root, writes ? outFile : undefined, recordedHashes(cache, record, outFile));
  const content = await patchContent(base, root, cache, options, edited);
  if (content === undefined) return undefined;
  return session ? { patch, edited, content } : { patch, edited, content, fromStored: { base, stored: storedState()! } };
}

/**
 * The pages that inline the changed snippets, each with its parse from the page cache (the page did not
 * change), to have its content rebuilt. Undefined when a snippet is not known to be one, is inlined
 * where no patch reaches (an endpoint page), or had problems of its own in the last run (they would
 * stay in the recorded diagnostics).
 */
function snippetUsers(
  facts: Pick<ContentPatchFacts, 'inlined' | 'inlinedElsewhere' | 'pages'>,
  snippets: readonly string[],
  record: RunRecord,
  cache: DiskCache,
  already: ReadonlyArray<{ id: string }>,
): ContentEdit[] | undefined {
  const touched = new Set(snippets);
  for (const snippet of snippets) if (!facts.inlined.has(snippet) || facts.inlinedElsewhere.has(snippet)) return undefined;
  if (record.diagnostics.some((diagnostic) => (diagnostic.file !== undefined && touched.has(diagnostic.file)) || diagnostic.related?.some((related) => touched.has(related.file)))) return undefined;
  const hashOf = new Map(record.inputs.map((input) => [input.path, input.hash]));
  const done = new Set(already.map(({ id }) => id));
  const users: ContentEdit[] = [];
  // A page's deps are a JSON array: one that names no edited file as JSON text is not parsed.
  const named = snippets.map((snippet) => JSON.stringify(snippet));
  for (const [id, page] of facts.pages) {
    if (done.has(id) || !named.some((json) => page.deps.includes(json)) || !(JSON.parse(page.deps) as string[]).some((dep) => touched.has(dep))) continue;
    const hash = hashOf.get(page.file);
    const cached = hash ? cache.get('pages', cache.key('page', page.file, hash)) : undefined;
    if (!cached) return undefined;
    users.push({ id, file: page.file, result: cached.result, bodyChanged: true });
  }
  return users;
}

/** The content state the record's run of the stages stored, when the cache still holds it. */
function storedContentState(cache: DiskCache, runKey: string, record: RunRecord): StoredContentState | undefined {
  const entry = record.contentState ? cache.get('contents', contentStateEntry(cache, runKey)) : undefined;
  return entry?.id === record.contentState ? entry : undefined;
}

/** The 64 hex digits at an offset of the recorded manifest (a content hash a patch replaces). */
function recordedHashes(cache: DiskCache, record: RunRecord, outFile: string | undefined): (offset: number) => string | undefined {
  const recorded = recordedManifestRanges(cache, record, outFile);
  return (offset) => recorded(offset, 64)?.toString('latin1');
}

/** The cache entry of the content state of the runs with this key (one at a time: the newest run's). */
function contentStateEntry(cache: DiskCache, runKey: string): string {
  return cache.key('content-state', runKey);
}

/** Whether the content files a reused manifest references are still beside it (their list is; a deleted folder is not). */
function contentInPlace(outFile: string | undefined): boolean {
  return outFile === undefined || existsSync(path.join(path.dirname(path.resolve(outFile)), 'content', OUTPUT_FOLDER_MARKER));
}

/** Writes the content files beside the manifest; a diagnostic when they could not be written. */
async function writeContentFiles(outFile: string, files: ReadonlyMap<string, Buffer>, output: WriteOptions): Promise<Diagnostic | undefined> {
  const { writeContent } = await import('./content-output.js');
  try {
    writeContent(outFile, files, output);
    return undefined;
  } catch (error) {
    if (error instanceof UnsafePathError) {
      return createDiagnostic('manifest/output-refused', `the manifest and its content files were not written: ${error.message}`, undefined, {
        suggestion: 'write the manifest to a regular file in a folder of its own that the docs root does not read, not through a symbolic link leading out of the root',
      });
    }
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return createDiagnostic('manifest/write-failed', `the page content files beside ${outFile} could not be written (${reason}); the manifest was not written either`);
  }
}

/** Build options with the project's rule settings, once read (a reused run never reads them). */
type DriverOptions = BuildOptions & { projectRules?: ProjectRules; applyRules?: (typeof import('../rules/index.js'))['applyRules'] };

/**
 * The project's settings and ignore file, when the root has either: the rules module (its parser, glob
 * matcher and locators) is loaded only then, so a warm run of a project without them never pays for it.
 * An absent file is not read, and creating one changes the listing, which makes the next run rerun.
 */
async function loadRules(root: DocsRoot, options: DriverOptions, ruleOptions: { ignoreFile?: boolean }): Promise<void> {
  if (!root.exists(RULES_FILE) && !root.exists(IGNORE_FILE)) return;
  const { applyRules, loadProjectRules } = await import('../rules/index.js');
  options.projectRules = loadProjectRules(root, ruleOptions);
  options.applyRules = applyRules;
}

interface FinalDiagnostics {
  diagnostics: Diagnostic[];
  ignored?: IgnoredCounts;
}

function recordedFinal(record: RunRecord): FinalDiagnostics {
  return record.ignored ? { diagnostics: record.diagnostics, ignored: record.ignored } : { diagnostics: record.diagnostics };
}

/**
 * What the manifest's write must respect: inside the docs root, no symbolic link leading out of it
 * (the repository decides what links are there), and never a file the run reads (`--out docs.json`).
 */
function outputChecks(root: DocsRoot, record: RunRecord | undefined): WriteOptions {
  return { within: root.dir, refuse: refuseInputsOf(root, record?.inputs.map((input) => input.path)) };
}

/**
 * The project's rules applied (with the problems of their own files), then `--strict`; sorted, duplicates
 * merged. The errors of a run that `stopped` before a manifest keep their severity.
 */
function finalDiagnostics(diagnostics: readonly Diagnostic[], options: DriverOptions, run: { stopped?: boolean } = {}): FinalDiagnostics {
  const rules = options.projectRules;
  const applied = rules && options.applyRules && (rules.settings || rules.ignore || rules.diagnostics.length > 0) ? options.applyRules([...diagnostics, ...rules.diagnostics], rules, run) : undefined;
  const ruled = applied?.diagnostics ?? diagnostics;
  const final = uniqueDiagnostics(sortDiagnostics(options.strict ? promoteWarnings(ruled) : ruled));
  return applied ? { diagnostics: final, ignored: applied.ignored } : { diagnostics: final };
}

/**
 * Writes the manifest when there are no errors. `environment` holds problems of the machine, not of the
 * docs (a corrupt cache): they are reported but never promoted by `--strict` nor counted in the manifest.
 */
function finish(
  options: BuildOptions,
  final: FinalDiagnostics,
  environment: Diagnostic[] = [],
  manifestText?: ManifestText,
  stats?: BuildStats,
  manifest?: Manifest,
  output: WriteOptions = {},
): BuildResult {
  const sorted = sortDiagnostics([...final.diagnostics, ...environment]);
  const result: BuildResult = { diagnostics: sorted };
  if (final.ignored) result.ignored = final.ignored;
  if (manifestText !== undefined) {
    // Parsed on first access only: the CLI never reads it, and a reused or patched run has only the bytes.
    let parsed = manifest;
    let bytes: Buffer | undefined;
    const bytesOf = (): Buffer => (bytes ??= Buffer.isBuffer(manifestText) ? manifestText : manifestText.load());
    Object.defineProperty(result, 'manifest', { enumerable: true, configurable: true, get: () => (parsed ??= JSON.parse(bytesOf().toString('utf8')) as Manifest) });
    let readPage: ((id: string) => Page | undefined) | undefined;
    const ranges = Buffer.isBuffer(manifestText) ? undefined : manifestText.pages;
    // A page read around its recorded offset, else searched in the bytes; one the bytes do not show as
    // a block of its own is looked up in the whole manifest.
    const manifestPage = (id: string): Page | undefined =>
      parsed ? parsed.pages[id] : ((ranges && pageEntryAround(id, ranges)) ?? (readPage ??= pageEntryReader(bytesOf()))(id) ?? (result.manifest!.pages[id] as Page | undefined));
    // Not enumerable: a result compares and serializes as its data.
    Object.defineProperty(result, 'manifestPage', { enumerable: false, value: manifestPage });
  }
  if (stats) result.stats = stats;
  if (manifestText !== undefined && options.outFile && !hasErrors(sorted)) {
    try {
      if (Buffer.isBuffer(manifestText)) writeFileAtomic(options.outFile, manifestText, output);
      result.written = options.outFile;
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      const problem =
        error instanceof UnsafePathError
          ? createDiagnostic('manifest/output-refused', `the manifest was not written: ${error.message}`, undefined, { suggestion: 'write the manifest to a regular file that the docs root does not read, not through a symbolic link leading out of the root' })
          : createDiagnostic('manifest/write-failed', `the manifest could not be written to ${options.outFile} (${reason})`);
      result.diagnostics = sortDiagnostics([...sorted, problem]);
    }
  }
  return result;
}

