/**
 * The kinds of `npm run fuzz` (scripts/fuzz.ts): for each, a docs root or server set up once, an
 * arbitrary of mutations (support/mutate.ts), and a case that throws when an invariant breaks. Cases run
 * in-process (build() with the stages loaded once, a cache for what a case did not change), so 10,000
 * per kind take minutes, not hours.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import fc from 'fast-check';
import { parse as parseYaml } from 'yaml';
import { createAdminClient, isAdminApiError } from '../../../src/admin/index.js';
import { serializeManifest } from '../../../src/manifest/serialize.js';
import type { Manifest } from '../../../src/manifest/types.js';
import { build, type BuildOptions, type BuildResult } from '../../../src/pipeline/index.js';
import { contentProblems, layoutProblems } from './theme-invariants.js';
import { positionProblems, prototypeState } from './invariants.js';
import { byteMutation, mutateBytes, mutateText, mutateValue, serializeJson, textMutation, valueMutation, type Json, type TextMutation, type ValueMutation, type ByteMutation } from './mutate.js';
import { copyRoot, corporaDir, exampleDir, fixturesDir, stubbedCorpusRoot, writeFiles } from './roots.js';
import { contentFixtures, contentSnippets, corpusVariant, frontmatterYaml, jsonSnippets, mdxSnippets, pageTargets, serializeSpec, specSnippets, splitFrontmatter, yamlVariant } from './seeds.js';
import { removeTempDirs, tempDir } from './temp.js';

export const fuzzKinds = ['docs.json', 'frontmatter', 'mdx', 'content', 'openapi', 'cache', 'admin'];

export type FuzzMessage =
  | { type: 'case'; index: number }
  | { type: 'slow'; index: number; ms: number }
  | { type: 'finding'; index: number; error: string }
  | { type: 'done'; cases: number; failure?: string };

/** Findings reported per kind; past this many the run goes on counting cases only. */
const maxFindings = 20;

interface Kind<T> {
  arbitrary: fc.Arbitrary<T>;
  run: (value: T) => Promise<void>;
  close?: () => Promise<void>;
}

const cleanPrototypes = prototypeState();
const previousManifest = '{"previous":"manifest","manifestVersion":1}\n';

interface RunOptions {
  runs: number;
  seed: number;
  path?: string;
  caseMs: number;
  send: (message: FuzzMessage) => void;
}

/** Runs one kind's cases, reporting each to the parent; fast-check shrinks the first failure. */
export async function runKind(name: string, options: RunOptions): Promise<void> {
  await setups[name]!(options);
}

/**
 * Every case runs; a case that throws is reported with its index (the path that replays it) and the run
 * goes on, so one finding does not hide the rest. Replaying a path (`options.path`) lets the failure
 * through to fast-check, which shrinks it.
 */
async function runWith<T>(kind: Kind<T>, options: RunOptions): Promise<void> {
  let executed = 0;
  let findings = 0;
  const replay = options.path !== undefined;
  const first = replay ? Number(options.path!.split(':')[0]) : 0;
  const property = fc.asyncProperty(kind.arbitrary, async (value) => {
    // The initial runs come first, in order: their index is the path that replays them.
    const index = executed < options.runs ? first + executed : -1;
    executed++;
    if (index >= 0) options.send({ type: 'case', index });
    const started = performance.now();
    try {
      await kind.run(value);
    } catch (error) {
      if (replay) throw error;
      if (findings++ < maxFindings) options.send({ type: 'finding', index, error: error instanceof Error ? (error.stack ?? error.message).slice(0, 1500) : String(error) });
    }
    const ms = performance.now() - started;
    if (index >= 0 && ms > options.caseMs) options.send({ type: 'slow', index, ms });
  });
  let failure: string | undefined;
  try {
    const details = await fc.check(property, { numRuns: options.runs, seed: options.seed, ...(replay ? { path: options.path! } : {}) });
    if (details.failed) {
      const error = details.errorInstance instanceof Error ? (details.errorInstance.stack ?? details.errorInstance.message) : String(details.errorInstance);
      failure = `${(fc.defaultReportMessage(details) ?? 'failed').slice(0, 4000)}\nError: ${error.slice(0, 3000)}`;
    }
  } finally {
    await kind.close?.();
    removeTempDirs();
  }
  options.send({ type: 'done', cases: Math.min(executed, options.runs), ...(failure ? { failure } : {}) });
}

// ---------------------------------------------------------------- shared

type Mutations = { values: ValueMutation[]; texts: TextMutation[]; bytes: ByteMutation[] };

function mutations(snippets: readonly string[], options: { maxHuge?: number; maxDepth?: number; minValues?: number } = {}): fc.Arbitrary<Mutations> {
  return fc.record({
    values: fc.array(valueMutation(options), { minLength: options.minValues ?? 1, maxLength: 4 }),
    texts: fc.oneof({ arbitrary: fc.constant<TextMutation[]>([]), weight: 4 }, { arbitrary: fc.array(textMutation(snippets), { minLength: 1, maxLength: 2 }), weight: 1 }),
    bytes: fc.oneof({ arbitrary: fc.constant<ByteMutation[]>([]), weight: 9 }, { arbitrary: fc.array(byteMutation, { minLength: 1, maxLength: 1 }), weight: 1 }),
  });
}

function mutatedJson(value: Json, m: Mutations): Buffer {
  return mutateBytes(mutateText(serializeJson(mutateValue(value, m.values)), m.texts), m.bytes);
}

function fail(what: string, detail: unknown): never {
  throw new Error(`${what}: ${typeof detail === 'string' ? detail : JSON.stringify(detail)?.slice(0, 2000)}`);
}

/** The invariants of every build (the suite's expectBuildInvariants, without vitest). */
function checkBuild(root: string, result: BuildResult, outFile: string): void {
  const positions = positionProblems(root, result.diagnostics);
  if (positions.length > 0) fail('diagnostic positions outside their file', positions.slice(0, 3));
  if (prototypeState() !== cleanPrototypes) fail('prototype pollution', 'a built-in prototype gained or lost a property');
  if (result.manifest) JSON.stringify(result.manifest);
  const errors = result.diagnostics.some((d) => d.severity === 'error');
  if (!result.manifest && !errors) fail('no manifest, yet no error says why', result.diagnostics.map((d) => d.code));
  const written = existsSync(outFile) ? readFileSync(outFile, 'utf8') : undefined;
  if (errors && written !== previousManifest) fail('the previous manifest changed although the run had errors', result.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code));
  if (!errors && (result.written !== outFile || (JSON.parse(written ?? '{}') as { manifestVersion?: unknown }).manifestVersion !== 1)) fail('no errors, yet no manifest written', result.diagnostics.map((d) => d.code));
}

/** What a case checks in the manifest a build wrote (read from `outFile`, content files beside it). */
type WrittenCheck = (manifest: Manifest, outFile: string) => string[];

/**
 * A docs root's build with a cache (what a case did not change is not parsed or validated again), and
 * `written`'s problems with the manifest when one was written.
 */
function builder(root: string): (strict: boolean, written?: WrittenCheck) => Promise<void> {
  const base = tempDir('docs-build-fuzz-');
  const outFile = path.join(base, 'manifest.json');
  const options: BuildOptions = { root, outFile, workers: 0, offline: true, cache: true, cacheDir: path.join(base, 'cache') };
  return async (strict, written) => {
    writeFileSync(outFile, previousManifest);
    const result = await build({ ...options, strict });
    checkBuild(root, result, outFile);
    if (!written || !result.manifest || result.written !== outFile) return;
    const problems = written(JSON.parse(readFileSync(outFile, 'utf8')) as Manifest, outFile);
    if (problems.length > 0) fail('the theme on the written manifest', problems.slice(0, 3));
  };
}

/** Writes `bytes` to `file` for one case, then puts the original back. */
async function withFile(file: string, bytes: Uint8Array, run: () => Promise<void>): Promise<void> {
  const original = readFileSync(file);
  writeFileSync(file, bytes);
  try {
    await run();
  } finally {
    writeFileSync(file, original);
  }
}

// ---------------------------------------------------------------- kinds

const setups: Record<string, (options: RunOptions) => Promise<void>> = {
  'docs.json': (options) => runWith(docsJsonKind(), options),
  frontmatter: (options) => runWith(pageKind('frontmatter'), options),
  mdx: (options) => runWith(pageKind('mdx'), options),
  content: (options) => runWith(contentKind(), options),
  openapi: (options) => runWith(openapiKind(), options),
  cache: async (options) => runWith(await cacheKind(), options),
  admin: async (options) => runWith(await adminKind(), options),
};

function docsJsonKind(): Kind<[number, Mutations, boolean]> {
  const roots = [copyRoot(exampleDir), stubbedCorpusRoot('hoppscotch-docs'), stubbedCorpusRoot('mintlify-docs')].filter((root): root is string => root !== undefined);
  const seeds = roots.map((root) => ({ root, value: JSON.parse(readFileSync(path.join(root, 'docs.json'), 'utf8')) as Json, build: builder(root) }));
  return {
    arbitrary: fc.tuple(fc.nat(), mutations(jsonSnippets), fc.boolean()),
    run: async ([n, m, strict]) => {
      const seed = seeds[n % seeds.length]!;
      await withFile(path.join(seed.root, 'docs.json'), mutatedJson(seed.value, m), () => seed.build(strict, layoutProblems));
    },
  };
}

function pageKind(part: 'frontmatter' | 'mdx'): Kind<[number, number, Mutations, boolean]> {
  const root = copyRoot(path.join(fixturesDir, 'robust-api'));
  const texts = [
    ...pageTargets.map((target) => path.join(root, target)),
    path.join(exampleDir, 'quickstart.mdx'),
    path.join(exampleDir, 'guides/webhooks.mdx'),
    path.join(corporaDir, 'upstash-docs/vector/api/endpoints/query.mdx'),
    path.join(corporaDir, 'trigger-dev/tasks/overview.mdx'),
  ]
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file, 'utf8'));
  const run = builder(root);
  const page = (text: string, m: Mutations): Buffer => {
    if (part === 'mdx') return mutateBytes(mutateText(text, [...m.texts, ...textsOf(m)]), m.bytes);
    const { frontmatter, body } = splitFrontmatter(text);
    return mutateBytes(mutateText(`---\n${frontmatterYaml(mutateValue(frontmatter, m.values))}---\n${body}`, m.texts), m.bytes);
  };
  return {
    arbitrary: fc.tuple(fc.nat(), fc.nat(), part === 'mdx' ? mutations(mdxSnippets, { minValues: 0 }) : mutations(mdxSnippets, { maxHuge: 100_000, maxDepth: 500 }), fc.boolean()),
    run: async ([seed, target, m, strict]) => {
      await withFile(path.join(root, pageTargets[target % pageTargets.length]!), page(texts[seed % texts.length]!, m), () => run(strict));
    },
  };
}

/** Pages and snippets of the content kind: docs-example's, and the fixtures it adds (seeds.ts). */
const contentTargets = ['guides/fuzzed.mdx', 'guides/components.mdx', 'index.mdx', 'snippets/greeting.mdx', 'snippets/support.mdx'];

/**
 * The content stage and the theme: a page or a snippet of a docs-example copy mutated (snippet imports
 * with props, links, code, nested components...), built with the cache; every page whose content the
 * file reaches must have a content file that matches its hash and renders on the server.
 */
export function contentKind(): Kind<[number, number, Mutations, boolean]> {
  const root = copyRoot(exampleDir);
  writeFiles(root, contentFixtures);
  const docsJson = path.join(root, 'docs.json');
  writeFileSync(docsJson, JSON.stringify({ ...(JSON.parse(readFileSync(docsJson, 'utf8')) as object), variables: { product: 'Acme', version: '1.2' } }, null, 2));
  const texts = contentTargets.map((target) => readFileSync(path.join(root, target), 'utf8'));
  const run = builder(root);
  return {
    arbitrary: fc.tuple(fc.nat(), fc.nat(), mutations([...contentSnippets, ...mdxSnippets], { minValues: 0 }), fc.boolean()),
    run: async ([seed, target, m, strict]) => {
      const file = contentTargets[target % contentTargets.length]!;
      const text = mutateBytes(mutateText(texts[seed % texts.length]!, [...m.texts, ...textsOf(m)]), m.bytes);
      await withFile(path.join(root, file), text, () => run(strict, (_manifest, outFile) => contentProblems(outFile, file)));
    },
  };
}

/** MDX cases mutate the text only: the value mutations become text insertions of their strings. */
function textsOf(m: Mutations): TextMutation[] {
  return m.values.flatMap((v, i) => (v.op === 'set' ? [{ op: 'insert' as const, where: (i + 1) / (m.values.length + 1), text: v.value }] : []));
}

function openapiKind(): Kind<[number, Mutations]> {
  const jsonRoot = copyRoot(path.join(fixturesDir, 'robust-api'));
  const yamlRoot = yamlVariant();
  const seeds: Array<{ root: string; file: string; format: 'json' | 'yaml' }> = [
    { root: jsonRoot, file: 'openapi.json', format: 'json' },
    { root: jsonRoot, file: 'schemas.json', format: 'json' },
    { root: yamlRoot, file: 'openapi.yaml', format: 'yaml' },
    { root: yamlRoot, file: 'schemas.yaml', format: 'yaml' },
  ];
  const corpus = corpusVariant(path.join(corporaDir, 'mintlify-docs', 'openapi.json'));
  if (corpus) seeds.push({ root: corpus, file: 'corpus-spec.json', format: 'json' });
  const builders = new Map([...new Set(seeds.map((seed) => seed.root))].map((root) => [root, builder(root)]));
  const values = seeds.map(({ root, file }) => readSpec(path.join(root, file)));
  return {
    arbitrary: fc.tuple(fc.nat(), mutations(specSnippets, { maxHuge: 200_000, maxDepth: 1_000 })),
    run: async ([n, m]) => {
      const seed = seeds[n % seeds.length]!;
      const text = mutateBytes(mutateText(serializeSpec(mutateValue(values[n % seeds.length]!, m.values), seed.format), m.texts), m.bytes);
      await withFile(path.join(seed.root, seed.file), text, () => builders.get(seed.root)!(false));
    },
  };
}

function readSpec(file: string): Json {
  const text = readFileSync(file, 'utf8');
  return (file.endsWith('.json') ? JSON.parse(text) : parseYaml(text)) as Json;
}

type CacheTarget = 'record' | 'page' | 'spec' | 'index' | 'meta' | 'copy';
type CacheCase = { target: CacheTarget; at: number; m: Mutations; dropRecord: boolean; dropOutput: boolean };

/**
 * Cache entries: whatever a cache file becomes, the build's manifest is the clean build's, with no
 * error. The cache folder and the output are put back as the priming build left them before each case.
 */
async function cacheKind(): Promise<Kind<CacheCase>> {
  const root = copyRoot(exampleDir);
  const base = tempDir('docs-build-fuzz-cache-');
  const cacheDir = path.join(base, 'cache');
  const outFile = path.join(base, 'manifest.json');
  const options: BuildOptions = { root, outFile, workers: 0, offline: true, cache: true, cacheDir };
  const reference = serializeManifest((await build({ root, workers: 0, offline: true })).manifest!);
  await build(options);
  await build(options);
  const pristine = new Map<string, Buffer>();
  for (const entry of readdirSync(cacheDir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) pristine.set(path.relative(cacheDir, path.join(entry.parentPath, entry.name)), readFileSync(path.join(entry.parentPath, entry.name)));
  }
  const output = readFileSync(outFile);
  const files = (filter: (name: string) => boolean): string[] => [...pristine.keys()].filter(filter).sort();
  const targets: Record<CacheTarget, string[]> = {
    record: files((f) => f.startsWith('builds') && f.endsWith('.json')),
    spec: files((f) => f.startsWith('specs')),
    index: ['pages/index.json'],
    meta: ['cache-meta.json'],
    copy: files((f) => f.startsWith('builds') && f.endsWith('.txt')),
    page: files((f) => f.endsWith('.pack')),
  };
  const restore = (): void => {
    rmSync(cacheDir, { recursive: true, force: true });
    for (const [relative, bytes] of pristine) {
      mkdirSync(path.dirname(path.join(cacheDir, relative)), { recursive: true });
      writeFileSync(path.join(cacheDir, relative), bytes);
    }
    writeFileSync(outFile, output);
  };
  return {
    arbitrary: fc.record({
      target: fc.constantFrom<CacheTarget>('record', 'page', 'spec', 'index', 'meta', 'copy'),
      at: fc.nat(),
      m: mutations(jsonSnippets, { maxHuge: 50_000, maxDepth: 500 }),
      dropRecord: fc.boolean(),
      dropOutput: fc.boolean(),
    }),
    run: async ({ target, at, m, dropRecord, dropOutput }) => {
      restore();
      const list = targets[target];
      const relative = list[at % list.length]!;
      const file = path.join(cacheDir, relative);
      if (target === 'page') mutatePackEntry(path.dirname(file), at, m);
      else if (target === 'copy') writeFileSync(file, mutateBytes(mutateText(readFileSync(file, 'utf8'), m.texts.length > 0 ? m.texts : [{ op: 'truncate', where: 0.5 }]), m.bytes));
      else writeFileSync(file, mutatedJson(JSON.parse(readFileSync(file, 'utf8')) as Json, m));
      // Without a record the stages run and read the page and spec entries; without the output the copy is read.
      if (dropRecord && target !== 'record' && target !== 'copy') for (const record of targets.record) rmSync(path.join(cacheDir, record), { force: true });
      if (dropOutput || target === 'copy') rmSync(outFile, { force: true });
      const result = await build(options);
      const errors = result.diagnostics.filter((d) => d.severity === 'error');
      if (errors.length > 0) fail('a cache file made the build fail', errors.map((d) => `${d.code} ${d.message}`));
      if (serializeManifest(result.manifest!) !== reference) fail('a cache file changed the manifest', `${target} ${relative}`);
      if (readFileSync(outFile, 'utf8') !== reference) fail('a cache file changed the output', `${target} ${relative}`);
    },
  };
}

/** Rewrites the pack's entries into one new pack, the `at`-th entry's text mutated (its checksum kept). */
function mutatePackEntry(dir: string, at: number, m: Mutations): void {
  const index = JSON.parse(readFileSync(path.join(dir, 'index.json'), 'utf8')) as { entries: Record<string, [string, number, number, number, string]> };
  const keys = Object.keys(index.entries).sort();
  const chosen = keys[at % keys.length];
  const pack = 'f00df00df00df00d.pack';
  const chunks: Buffer[] = [];
  let offset = 0;
  for (const key of keys) {
    const [name, start, length, , sum] = index.entries[key]!;
    let bytes: Buffer = readFileSync(path.join(dir, name)).subarray(start, start + length);
    if (key === chosen) bytes = mutatedJson(JSON.parse(bytes.toString('utf8')) as Json, m);
    // The checksum stays the written entry's: an entry edited in its pack.
    index.entries[key] = [pack, offset, bytes.length, 1, sum];
    chunks.push(bytes, Buffer.from('\n'));
    offset += bytes.length + 1;
  }
  writeFileSync(path.join(dir, pack), Buffer.concat(chunks));
  writeFileSync(path.join(dir, 'index.json'), JSON.stringify(index));
}

type AdminCase = { status: number; contentType: string; retryAfter: string | undefined; body: number; m: Mutations };

/**
 * Admin API responses: whatever the server answers (status, headers, a mutated job or error body), the
 * client resolves a job or rejects with an AdminApiError; never another exception, never a hang.
 */
async function adminKind(): Promise<Kind<AdminCase>> {
  let respond: (response: http.ServerResponse) => void = (response) => response.end();
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => respond(response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const client = createAdminClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'mint_FuzzKey0123456789', timeoutMs: 5_000 });
  const job = (status: string): Json => ({
    id: 'job-1',
    status,
    source: { repository: 'https://github.com/acme/docs', ref: 'main' },
    model: 'agent-model-1',
    prLink: status === 'completed' ? 'https://github.com/acme/docs/pull/7' : null,
    createdAt: '2025-01-02T03:04:05.000Z',
    archivedAt: null,
  });
  const bodies: Json[] = [job('active'), job('completed'), job('failed'), job('archived'), { error: 'not_found', message: 'no such job' }, { message: 'rate limited' }, []];
  return {
    arbitrary: fc.record({
      status: fc.constantFrom(200, 200, 200, 200, 201, 204, 301, 400, 401, 403, 404, 409, 429, 500, 502, 503),
      contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'application/problem+json', 'text/html', 'text/plain', ''),
      retryAfter: fc.oneof(fc.constant(undefined), fc.constantFrom('0', '1', '-1', 'abc', 'Wed, 21 Oct 2015 07:28:00 GMT', '99999999999', '1.5')),
      body: fc.nat(),
      m: mutations(jsonSnippets, { maxHuge: 100_000, maxDepth: 500, minValues: 0 }),
    }),
    run: async ({ status, contentType, retryAfter, body, m }) => {
      const bytes = mutatedJson(bodies[body % bodies.length]!, m);
      respond = (response) => {
        const headers: http.OutgoingHttpHeaders = contentType ? { 'content-type': contentType } : {};
        if (retryAfter !== undefined) headers['retry-after'] = retryAfter;
        response.writeHead(status, headers);
        response.end(status === 204 ? undefined : bytes);
      };
      try {
        const answer = await client.getAgentJob('project-1', 'job-1');
        if (typeof answer !== 'object' || answer === null || typeof answer.id !== 'string') fail('the client resolved something that is not a job', answer);
      } catch (error) {
        if (!isAdminApiError(error)) fail('the client threw something other than an AdminApiError', error instanceof Error ? (error.stack ?? error.message) : String(error));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
