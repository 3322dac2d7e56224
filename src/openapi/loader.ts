import path from 'node:path';
import { createDiagnostic, joinPointer, type Diagnostic, type DiagnosticCode, type SourceLocation, type StageResult } from '../diagnostics/index.js';
import { invalidUtf8Diagnostic, sha256, type DocsRoot, type Resolved } from '../root/index.js';
import { SpecDocument, isReference, isRemoteReference, splitReference, valueAt, walkReferences, type SpecFile } from './document.js';
import { indexOperations, readSchemaNames, readTags, serverUrls } from './operations.js';
import { formatOf, isObject, parseSpecText } from './parse.js';
import { matchSpecFile, specCandidates } from './references.js';
import { isRemoteSpecReference, loadRemoteSpec, type RemoteOptions, type RemoteResult } from './remote.js';
import type { LoadedSpec } from './types.js';
import { validateWithSwaggerParser } from './validate.js';

export interface SpecLoaderOptions {
  /** Read remote specs from the cache only (`--offline`). Default false. */
  offline?: boolean;
  /** Absolute folder of the remote-spec cache. Default `<root>/.docs-build/cache/remote`. */
  cacheDir?: string;
  /** The fetch used for remote specs. Default `globalThis.fetch`. */
  fetch?: typeof fetch;
  /** Milliseconds before a remote fetch is abandoned. Default 30 000. */
  fetchTimeoutMs?: number;
  /**
   * Validate against the OpenAPI schema with swagger-parser (the costly part of loading: ~0.5 s for a
   * 3 MB spec). Default true; a cache keyed by the spec's hash may turn it off for unchanged specs.
   */
  validate?: boolean;
  /** Remembers validation results by the content of a spec's files (the incremental cache). */
  validationCache?: { get(contentKey: string): Diagnostic[] | undefined; set(contentKey: string, diagnostics: Diagnostic[]): void };
}

export interface SpecLoader {
  /**
   * Loads the spec a docs.json or frontmatter reference names (`openapi.json`, `/api/openapi.yaml`,
   * `api/openapi` without extension, `https://...`). Memoised by resolved id: the diagnostics of a spec
   * come with the first call only, each located in the spec with the referencing place in `related`.
   * The value is undefined when the spec cannot be read, parsed or is not OpenAPI 3.0/3.1; an invalid
   * spec is still returned (its diagnostics are errors).
   */
  load(reference: string, at: SourceLocation): Promise<StageResult<LoadedSpec | undefined>>;
  /** Specs loaded so far, in first-load order. */
  loaded(): LoadedSpec[];
}

/** The versions swagger-parser 13.0 validates; anything else is refused rather than half-checked. */
const supportedVersions = ['3.0.0', '3.0.1', '3.0.2', '3.0.3', '3.0.4', '3.1.0', '3.1.1', '3.1.2'];

interface Entry {
  promise: Promise<StageResult<LoadedSpec | undefined>>;
}

type LocalRead = { ok: true; file: SpecFile } | { ok: false; code?: DiagnosticCode; message?: string; diagnostics: Diagnostic[] };

/** The main file of a spec, or the result to return when it cannot be had. */
type Opened = { file: SpecFile } | { failed: StageResult<undefined> };

export function createSpecLoader(root: DocsRoot, options: SpecLoaderOptions = {}): SpecLoader {
  const loader = new SpecLoading(root, options);
  return {
    load: (reference, at) => loader.load(reference, at),
    loaded: () => loader.loaded(),
  };
}

/**
 * What one loader keeps for a run: the specs loaded or being loaded (each once), the local files parsed
 * (each once, whichever spec needs it) and their encoding warnings not reported yet.
 */
class SpecLoading {
  private readonly entries = new Map<string, Entry>();
  private readonly order: LoadedSpec[] = [];
  private readonly parsedFiles = new Map<string, { ok: true; file: SpecFile } | { ok: false; diagnostics: Diagnostic[] }>();
  private candidates: string[] | undefined;
  private readonly remoteOptions: RemoteOptions;
  // A file shared by several specs is read once, so its encoding warning is reported once, by the first
  // spec that gets to it.
  private readonly encodingWarnings = new Map<string, Diagnostic>();

  constructor(
    private readonly root: DocsRoot,
    private readonly options: SpecLoaderOptions,
  ) {
    this.remoteOptions = {
      offline: options.offline ?? false,
      cacheDir: options.cacheDir ?? path.join(root.dir, '.docs-build', 'cache', 'remote'),
      fetch: options.fetch ?? globalThis.fetch,
      timeoutMs: options.fetchTimeoutMs ?? 30_000,
    };
  }

  load(reference: string, at: SourceLocation): Promise<StageResult<LoadedSpec | undefined>> {
    const resolved = this.resolveId(reference, at);
    const key = resolved.value ?? `unresolved:${reference}`;
    const existing = this.entries.get(key);
    if (existing) return existing.promise.then((result) => ({ value: result.value, diagnostics: [] }));
    const promise = resolved.value === undefined ? Promise.resolve({ value: undefined, diagnostics: resolved.diagnostics }) : this.loadSpec(resolved.value, at);
    this.entries.set(key, { promise });
    return promise;
  }

  loaded(): LoadedSpec[] {
    return [...this.order];
  }

  private resolveId(reference: string, at: SourceLocation): StageResult<string | undefined> {
    if (isRemoteSpecReference(reference)) return { value: reference, diagnostics: [] };
    const resolved = this.root.resolve(reference.trim());
    if (!resolved.ok) return { value: undefined, diagnostics: [createDiagnostic(resolved.problem.code, resolved.problem.message, at)] };
    if (this.root.exists(resolved.path)) return { value: resolved.path, diagnostics: [] };
    this.candidates ??= specCandidates(this.root);
    return matchSpecFile(reference, this.candidates, at);
  }

  /**
   * Reads the spec, follows its references, validates it and indexes its operations. The only awaits are
   * the fetch of a remote spec and a validation the cache does not have, as they always were.
   */
  private async loadSpec(id: string, at: SourceLocation): Promise<StageResult<LoadedSpec | undefined>> {
    const diagnostics: Diagnostic[] = [];
    const inSpec = referencedFrom(at);
    const remote = isRemoteSpecReference(id);
    let opened: Opened;
    if (remote) opened = this.openRemote(id, await loadRemoteSpec(id, this.remoteOptions), at, inSpec, diagnostics);
    else opened = this.openLocal(id, at, inSpec, diagnostics);
    if ('failed' in opened) return opened.failed;
    const main = opened.file;

    const header = checkHeader(main);
    if (header.diagnostics.length > 0) diagnostics.push(...header.diagnostics.map(inSpec));
    if (!header.version) return { value: undefined, diagnostics };

    const files = new Map<string, SpecFile>([[id, main]]);
    const doc = new SpecDocument(id, files);
    let index: ReturnType<typeof indexOperations>;
    try {
      const refProblems = scanReferences(doc, files, remote, { readLocal: (file) => this.readLocal(file), resolve: (fromFile, filePart) => this.root.resolve(filePart, fromFile) });
      diagnostics.push(...this.takeEncodingWarnings(files.keys()), ...refProblems.map(inSpec));
      if (this.options.validate !== false && refProblems.length === 0) {
        // Validation is the costly part of loading: its result is cached by the bytes of every file.
        const contentKey = validationKey(files, remote);
        let problems = this.options.validationCache?.get(contentKey);
        if (!problems) {
          problems = await validateWithSwaggerParser(doc, remote);
          this.options.validationCache?.set(contentKey, problems);
        }
        diagnostics.push(...problems.map(inSpec));
      }
      index = indexOperations(doc);
    } catch (error) {
      // The walks recurse once per nesting level; a document nested thousands of levels deep is refused.
      if (!(error instanceof RangeError)) throw error;
      diagnostics.push(inSpec(createDiagnostic('openapi/invalid', `${id} is nested too deeply to be processed`, { file: id, line: 1, column: 1 })));
      return { value: undefined, diagnostics };
    }
    diagnostics.push(...index.diagnostics.map(inSpec));

    const spec = loadedSpec(id, header.version, main, doc, files, index, remote);
    this.order.push(spec);
    return { value: spec, diagnostics };
  }

  /** The main file of a remote spec from what the fetch (or the cache) gave; a stale copy is a warning. */
  private openRemote(id: string, fetched: RemoteResult, at: SourceLocation, inSpec: InSpec, diagnostics: Diagnostic[]): Opened {
    if (!fetched.ok) return { failed: { value: undefined, diagnostics: [createDiagnostic(fetched.code, fetched.message, at, { suggestion: fetched.suggestion })] } };
    if (fetched.warning) diagnostics.push(createDiagnostic('openapi/remote-spec-stale', fetched.warning, at));
    const parsed = parseFile(id, fetched.text, fetched.hash);
    if (!parsed.ok) return { failed: { value: undefined, diagnostics: [...diagnostics, ...parsed.diagnostics.map(inSpec)] } };
    return { file: parsed.file };
  }

  /** The main file of a local spec; its encoding warning goes with the spec's diagnostics. */
  private openLocal(id: string, at: SourceLocation, inSpec: InSpec, diagnostics: Diagnostic[]): Opened {
    const read = this.readLocal(id);
    if (!read.ok) {
      const own = read.code ? [createDiagnostic(read.code, read.message ?? `"${id}" could not be read`, at)] : [];
      return { failed: { value: undefined, diagnostics: [...own, ...this.takeEncodingWarnings([id]), ...read.diagnostics.map(inSpec)] } };
    }
    diagnostics.push(...this.takeEncodingWarnings([id]));
    return { file: read.file };
  }

  /** Reads and parses a local file once per run, whichever spec needs it. */
  private readLocal(id: string): LocalRead {
    const cached = this.parsedFiles.get(id);
    if (cached) return cached;
    const read = this.root.read(id);
    if (!read.ok) return { ok: false, code: read.problem.code, message: read.problem.message, diagnostics: [] };
    const encoding = invalidUtf8Diagnostic(read.file);
    if (encoding) this.encodingWarnings.set(id, encoding);
    const result = parseFile(id, read.file.text, read.file.hash);
    this.parsedFiles.set(id, result);
    return result;
  }

  private takeEncodingWarnings(ids: Iterable<string>): Diagnostic[] {
    const taken: Diagnostic[] = [];
    for (const id of ids) {
      const warning = this.encodingWarnings.get(id);
      if (warning) taken.push(warning);
      this.encodingWarnings.delete(id);
    }
    return taken;
  }
}

type InSpec = (d: Diagnostic) => Diagnostic;

/** A problem found in the spec's files also names the place that referenced the spec (once, shared). */
function referencedFrom(at: SourceLocation): InSpec {
  const related = [{ ...at, message: 'referenced here' }];
  return (d) => (d.related || d.file === at.file ? d : { ...d, related });
}

/** The validation cache's key: whether the spec is remote, and the name and bytes of each of its files. */
function validationKey(files: Map<string, SpecFile>, remote: boolean): string {
  return sha256([remote ? 'remote' : 'local', ...[...files.values()].map((f) => `${f.id}:${f.hash}`)].join('\n'));
}

/** What the rest of the build reads of a loaded spec: its info, servers, operations, names and files. */
function loadedSpec(id: string, openapiVersion: string, main: SpecFile, doc: SpecDocument, files: Map<string, SpecFile>, index: ReturnType<typeof indexOperations>, remote: boolean): LoadedSpec {
  const info = isObject(main.value) && isObject(main.value.info) ? main.value.info : {};
  const spec: LoadedSpec = {
    id,
    file: id,
    openapiVersion,
    title: typeof info.title === 'string' ? info.title : '',
    version: typeof info.version === 'string' ? info.version : '',
    servers: serverUrls(doc.child(doc.root, 'servers')?.value) ?? [],
    operations: index.operations,
    webhooks: index.webhooks,
    schemaNames: readSchemaNames(doc),
    tags: readTags(doc),
    files: [...files.keys()],
    hash: sha256([...files.values()].map((f) => f.hash).join('\n')),
    locate: (pointer, target) => doc.locate(pointer, target),
    document: doc,
  };
  if (typeof info.description === 'string') spec.description = info.description;
  if (remote) spec.url = id;
  return spec;
}

function parseFile(id: string, text: string, hash: string): { ok: true; file: SpecFile } | { ok: false; diagnostics: Diagnostic[] } {
  const format = formatOf(id, text);
  const parsed = parseSpecText(text, id, format);
  if (!parsed.ok) {
    return {
      ok: false,
      diagnostics: [createDiagnostic('openapi/parse-error', `${id} is not valid ${format === 'json' ? 'JSON' : 'YAML'}: ${parsed.message}`, { file: id, line: parsed.line, column: parsed.column })],
    };
  }
  return { ok: true, file: { id, value: parsed.value, text, format, hash, locator: parsed.locator } };
}

/** The version checks swagger-parser would throw on, reported with positions instead. */
function checkHeader(main: SpecFile): { version?: string; diagnostics: Diagnostic[] } {
  const at = (pointer: string, target: 'key' | 'value' = 'value') => ({ ...main.locator.locate(pointer, target), pointer });
  const value = main.value;
  if (!isObject(value)) {
    return { diagnostics: [createDiagnostic('openapi/invalid', `${main.id} is not an OpenAPI document: expected an object at the top`, at(''))] };
  }
  if (value.swagger !== undefined) {
    return {
      diagnostics: [
        createDiagnostic('openapi/unsupported-version', `${main.id} is a Swagger ${String(value.swagger)} document; docs-build reads OpenAPI 3.0 and 3.1 only`, at('/swagger'), {
          suggestion: 'convert it to OpenAPI 3 (for example with swagger2openapi, or the converter at converter.swagger.io) and reference the converted file',
        }),
      ],
    };
  }
  if (value.openapi === undefined) {
    return { diagnostics: [createDiagnostic('openapi/invalid', `${main.id} is not an OpenAPI document: it has no "openapi" version key`, at(''), { suggestion: 'add openapi: 3.1.0 at the top' })] };
  }
  if (typeof value.openapi !== 'string') {
    return { diagnostics: [createDiagnostic('openapi/invalid', `"openapi" must be a version string like "3.1.0", not ${JSON.stringify(value.openapi)}`, at('/openapi'), { suggestion: `write openapi: "${String(value.openapi)}.0" in quotes` })] };
  }
  if (!supportedVersions.includes(value.openapi)) {
    return {
      diagnostics: [
        createDiagnostic('openapi/unsupported-version', `OpenAPI version "${value.openapi}" is not supported; docs-build reads ${supportedVersions.join(', ')}`, at('/openapi'), {
          suggestion: /^3\.1/.test(value.openapi) || /^3\.2/.test(value.openapi) ? 'declare openapi: 3.1.0 if the document uses only 3.1 features' : undefined,
        }),
      ],
    };
  }
  const diagnostics: Diagnostic[] = [];
  const info = value.info;
  if (isObject(info) && typeof info.version === 'number') {
    diagnostics.push(createDiagnostic('openapi/invalid', `info.version must be a string, not the number ${info.version}`, at('/info/version'), { suggestion: `write version: "${info.version}" in quotes` }));
  }
  if (value.paths === undefined && !(value.openapi.startsWith('3.1') && (value.webhooks !== undefined || value.components !== undefined))) {
    diagnostics.push(
      createDiagnostic('openapi/invalid', `the document has no "paths"${value.openapi.startsWith('3.1') ? ', "webhooks" or "components"' : ''}`, at(''), { suggestion: 'add paths: {} with the operations' }),
    );
  }
  return { version: value.openapi, diagnostics };
}

/**
 * Finds every `$ref` of the spec, reading the local files they lead to (through DocsRoot, so nothing
 * outside the root is read), and reports the ones that cannot be followed: remote, outside the root,
 * missing file, missing target, or a chain of references that loops.
 */
interface ScanHost {
  readLocal(id: string): LocalRead;
  resolve(fromFile: string, filePart: string): Resolved;
}

function scanReferences(doc: SpecDocument, files: Map<string, SpecFile>, remote: boolean, host: ScanHost): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const queue = [doc.mainId];
  const chained: Array<{ file: string; pointer: string; ref: string }> = [];
  const pending: Array<{ file: string; pointer: string; ref: string; target: string; targetPointer: string }> = [];
  for (let q = 0; q < queue.length; q++) {
    const fileId = queue[q]!;
    const file = files.get(fileId)!;
    walkReferences(file.value, '', (objectPointer, ref) => {
      const refPointer = joinPointer(objectPointer, '$ref');
      const where = () => doc.locateIn(fileId, refPointer);
      const parts = splitReference(ref);
      if (!parts) {
        diagnostics.push(createDiagnostic('openapi/invalid', `$ref "${ref}" is not a JSON pointer reference; only "#/..." fragments are supported`, where()));
        return;
      }
      let targetFile = fileId;
      if (parts.filePart !== '') {
        const known = doc.fileResolution(fileId, parts.filePart);
        if (known) {
          if (!known.ok) return;
          targetFile = known.file;
        } else if (isRemoteReference(parts.filePart) || remote) {
          const message = remote
            ? `$ref "${ref}" in a remote spec would be fetched from the network; only references inside the document ("#/...") are followed`
            : `$ref "${ref}" points at another server; remote references are not followed`;
          diagnostics.push(createDiagnostic('openapi/remote-ref-refused', message, where(), { suggestion: 'copy the referenced file into the docs root and reference it by a relative path' }));
          doc.setFileResolution(fileId, parts.filePart, { ok: false, message });
          return;
        } else {
          const resolved = host.resolve(fileId, parts.filePart);
          if (!resolved.ok) {
            diagnostics.push(createDiagnostic(resolved.problem.code, `$ref "${ref}": ${resolved.problem.message}`, where()));
            doc.setFileResolution(fileId, parts.filePart, { ok: false, message: resolved.problem.message });
            return;
          }
          targetFile = resolved.path;
          if (!files.has(targetFile)) {
            const read = host.readLocal(targetFile);
            if (!read.ok) {
              if (read.code) diagnostics.push(createDiagnostic(read.code, `$ref "${ref}": ${read.message ?? 'the file cannot be read'}`, where()));
              diagnostics.push(...read.diagnostics.map((d) => ({ ...d, related: [{ ...where(), message: 'referenced here' }] })));
              doc.setFileResolution(fileId, parts.filePart, { ok: false, message: read.message ?? `${targetFile} cannot be read` });
              return;
            }
            files.set(targetFile, read.file);
            queue.push(targetFile);
          }
          doc.setFileResolution(fileId, parts.filePart, { ok: true, file: targetFile });
        }
      }
      pending.push({ file: fileId, pointer: refPointer, ref, target: targetFile, targetPointer: parts.pointer });
    });
  }
  for (const item of pending) {
    const target = valueAt(files.get(item.target)!.value, item.targetPointer);
    if (target === undefined) {
      diagnostics.push(
        createDiagnostic('openapi/invalid', `$ref "${item.ref}" points at nothing: ${item.targetPointer || '/'} does not exist in ${item.target}`, doc.locateIn(item.file, item.pointer)),
      );
    } else if (isReference(target)) chained.push(item);
  }
  for (const item of chained) {
    const holder = item.pointer.slice(0, -'/$ref'.length);
    const value = valueAt(files.get(item.file)!.value, holder)!;
    if (doc.deref({ file: item.file, pointer: holder, value }) === undefined) {
      diagnostics.push(createDiagnostic('openapi/invalid', `$ref "${item.ref}" starts a chain of references that loops back on itself`, doc.locateIn(item.file, item.pointer)));
    }
  }
  return diagnostics;
}
