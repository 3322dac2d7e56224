/**
 * The cache and the output are untrusted (issue 13): a repository can commit a `.docs-build` folder,
 * a disk can corrupt one, a user can point `--cache-dir` or `--out` anywhere. Whatever is there, a
 * build ends in a manifest or diagnostics, never follows a link out of the docs root or the cache,
 * never opens anything but regular files there, never removes what is not its own, and never writes
 * over its own inputs.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeManifest } from '../../src/manifest/serialize.js';
import { build } from '../../src/pipeline/index.js';
import { Command } from 'commander';
import type { CliIo } from '../../src/cli/io.js';
import { migrateCommand } from '../../src/cli/migrate.js';
import { runCli } from '../helpers/cli.js';
import { BuildRunner, projectDir, removeTempDirs, tempDir } from './support/build-runner.js';
import { editEntry, editPageEntries, entryFiles, recordFile, setAt, type Json } from './support/cache-files.js';

const example = path.join(projectDir, 'docs-example');
const runner = new BuildRunner({ traceFs: true });
let reference = '';
let referenceCodes: string[] = [];

function site(): { base: string; root: string; cacheDir: string; outFile: string } {
  const base = tempDir('docs-build-untrusted-');
  const root = path.join(base, 'site');
  cpSync(example, root, { recursive: true, filter: (src) => !src.includes('.docs-build') });
  return { base, root, cacheDir: path.join(base, 'cache'), outFile: path.join(base, 'out', 'manifest.json') };
}

/** `docs-build migrate ...` in-process: the migrate command alone, as the CLI adds it. */
async function runMigrate(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let code = 0;
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text), isTTY: false, env: {}, cwd: process.cwd() };
  const program = new Command('docs-build').exitOverride();
  program.addCommand(migrateCommand(io, (exit) => void (code = exit)));
  await program.parseAsync(['migrate', ...argv], { from: 'user' });
  return { code, stdout, stderr };
}

const codes = (diagnostics: ReadonlyArray<{ code: string }>): string[] => diagnostics.map((d) => d.code);
const mkfifo = (file: string): void => void execFileSync('mkfifo', [file]);
/** Everything under a folder, with each file's bytes: to prove a folder untouched. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, file)] = entry.isFile() ? readFileSync(file, 'base64') : entry.isDirectory() ? 'dir' : 'other';
  }
  return out;
}

beforeAll(async () => {
  const { root } = site();
  const clean = await build({ root, workers: 0 });
  reference = serializeManifest(clean.manifest!);
  referenceCodes = codes(clean.diagnostics);
}, 60_000);

afterAll(() => {
  runner.close();
  removeTempDirs();
});

describe('cache entries of the wrong shape', () => {
  type Edit = [what: string, where: 'record' | 'pages' | 'specs', edit: (value: Json) => Json];
  const edits: Edit[] = [
    ['record.inputs = {}', 'record', (v) => setAt(v, ['inputs'], {})],
    ['record.inputs[0].path = 5', 'record', (v) => setAt(v, ['inputs', 0, 'path'], 5)],
    ['record.inputs[0].path leads out', 'record', (v) => setAt(v, ['inputs', 0, 'path'], '../../outside.mdx')],
    ['record.listing.folders = {}', 'record', (v) => setAt(v, ['listing', 'folders'], {})],
    ['record.listing = null', 'record', (v) => setAt(v, ['listing'], null)],
    ['record.diagnostics = {}', 'record', (v) => setAt(v, ['diagnostics'], {})],
    ['record.diagnostics = [{}]', 'record', (v) => setAt(v, ['diagnostics'], [{}])],
    ['record.pageIds = "x"', 'record', (v) => setAt(v, ['pageIds'], 'x')],
    ['record.contentHashAt = { a: -1 }', 'record', (v) => setAt(v, ['contentHashAt'], { 'a.mdx': -1 })],
    ['record.manifestBlocks = "abc"', 'record', (v) => setAt(v, ['manifestBlocks'], 'abc')],
    ['record.stats = null', 'record', (v) => setAt(v, ['stats'], null)],
    ['record.output = { file: 7 }', 'record', (v) => setAt(v, ['output'], { file: 7, stamp: null })],
    ['record = []', 'record', () => []],
    ['page result.diagnostics = {}', 'pages', (v) => setAt(v, ['result', 'diagnostics'], {})],
    ['page value.params = {}', 'pages', (v) => setAt(v, ['result', 'value', 'params'], {})],
    ['page value.params = [{ name }]', 'pages', (v) => setAt(v, ['result', 'value', 'params'], [{ name: 'x' }])],
    ['page value.imports = null', 'pages', (v) => setAt(v, ['result', 'value', 'imports'], null)],
    ['page value.frontmatter = null', 'pages', (v) => setAt(v, ['result', 'value', 'frontmatter'], null)],
    ['page value.prose = 7', 'pages', (v) => setAt(v, ['result', 'value', 'prose'], 7)],
    ['page value.frontmatterPositions = { title: 1 }', 'pages', (v) => setAt(v, ['result', 'value', 'frontmatterPositions'], { title: 1 })],
    ['page value.api = { method: "FETCH" }', 'pages', (v) => setAt(v, ['result', 'value', 'api'], { method: 'FETCH', target: 3 })],
    ['page value = "text"', 'pages', (v) => setAt(v, ['result', 'value'], 'text')],
    ['page fingerprint = null', 'pages', (v) => setAt(v, ['fingerprint'], null)],
    // Right shape, changed content (found by npm run fuzz, cache kind, seed 323308461): the pack index's checksum tells.
    ['page value.title changed', 'pages', (v) => setAt(v, ['result', 'value', 'title'], 'Forged')],
    ['page value.frontmatter = {}', 'pages', (v) => setAt(v, ['result', 'value', 'frontmatter'], {})],
    ['spec entry = {}', 'specs', () => ({})],
    ['spec entry = [{ code: 3 }]', 'specs', () => [{ code: 3 }]],
  ];

  it(`each of ${edits.length} edits is a miss with one cache/ignored warning, and the manifest is the clean build's`, async () => {
    const { root, cacheDir, outFile } = site();
    await build({ root, cache: true, cacheDir, outFile, workers: 0 });
    const pristine = `${cacheDir}.pristine`;
    cpSync(cacheDir, pristine, { recursive: true });
    const failures: string[] = [];
    for (const [what, where, edit] of edits) {
      rmSync(cacheDir, { recursive: true, force: true });
      cpSync(pristine, cacheDir, { recursive: true });
      rmSync(outFile, { force: true });
      if (where === 'record') editEntry(recordFile(cacheDir), edit);
      else {
        // Without a record the stages run and look the entries up.
        rmSync(path.join(cacheDir, 'builds'), { recursive: true });
        if (where === 'pages') editPageEntries(cacheDir, edit);
        else for (const file of entryFiles(cacheDir, 'specs')) editEntry(file, edit);
      }
      try {
        const result = await build({ root, cache: true, cacheDir, outFile, workers: 0 });
        const found = codes(result.diagnostics);
        if (serializeManifest(result.manifest!) !== reference) failures.push(`${what}: another manifest`);
        if (found.filter((code) => code === 'cache/ignored').length !== 1) failures.push(`${what}: ${found.join(' ')}`);
        if (readFileSync(outFile, 'utf8') !== reference) failures.push(`${what}: another output`);
      } catch (error) {
        failures.push(`${what}: threw ${(error as Error).stack}`);
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('a manifestKey holding ../.. opens nothing outside the cache', async () => {
    const { base, root, cacheDir, outFile } = site();
    // Offline, as the build child runs: the same run record.
    await build({ root, cache: true, cacheDir, outFile, offline: true });
    mkdirSync(path.join(base, 'outside'));
    const secret = path.join(base, 'outside', 'secret.txt');
    writeFileSync(secret, 'not a manifest');
    // path.join(cacheDir, 'builds', key.slice(0, 2), key + '.txt') is `secret` for this key.
    editEntry(recordFile(cacheDir), (v) => setAt(v, ['manifestKey'], '../outside/secret'));
    rmSync(outFile);
    const reply = await runner.run({ root, outFile, cacheDir, trace: true }, 60_000);
    if (!reply.ok) throw new Error(reply.error);
    expect(reply.accesses!.filter((access) => access.path === secret)).toEqual([]);
    expect(readFileSync(outFile, 'utf8')).toBe(reference);
  }, 90_000);
});

describe('--cache-dir that cannot be a cache', () => {
  it('a file: a cache/unusable warning before anything is written, the run goes on without a cache', async () => {
    const { base, root } = site();
    const file = path.join(base, 'not-a-folder');
    writeFileSync(file, 'mine');
    const run = await runCli(['build', root, '--cache-dir', file, '--format', 'json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(codes(JSON.parse(run.stdout).diagnostics)).toEqual(['cache/unusable', ...referenceCodes].sort());
    expect(readFileSync(file, 'utf8')).toBe('mine');
    expect(readFileSync(path.join(root, '.docs-build', 'manifest.json'), 'utf8')).toBe(reference);
  }, 60_000);

  it('the docs root itself (--cache-dir .): nothing of the root is removed; a folder of other files is never a cache', async () => {
    const { base, root } = site();
    mkdirSync(path.join(root, 'pages'));
    writeFileSync(path.join(root, 'pages', 'keep.mdx'), 'kept');
    mkdirSync(path.join(root, 'specs'));
    writeFileSync(path.join(root, 'specs', 'keep.yaml'), 'kept');
    mkdirSync(path.join(root, 'builds'));
    const other = path.join(base, 'other');
    mkdirSync(path.join(other, 'pages'), { recursive: true });
    writeFileSync(path.join(other, 'pages', 'notes.txt'), 'mine');
    for (const dir of [root, other]) {
      const before = snapshot(dir === root ? path.join(root, 'pages') : other);
      const run = await runCli(['build', root, '--cache-dir', dir, '--out', path.join(base, 'out.json'), '--format', 'json'], { cwd: root });
      expect(run.code).toBe(0);
      expect(codes(JSON.parse(run.stdout).diagnostics)).toContain('cache/unusable');
      expect(snapshot(dir === root ? path.join(root, 'pages') : other)).toEqual(before);
      expect(existsSync(path.join(dir, 'cache-meta.json'))).toBe(false);
    }
    expect(readFileSync(path.join(root, 'specs', 'keep.yaml'), 'utf8')).toBe('kept');
    expect(existsSync(path.join(root, 'builds'))).toBe(true);
  }, 60_000);
});

describe('links committed where docs-build writes and reads', () => {
  it('.docs-build/manifest.json -> a file outside: refused, the file untouched', async () => {
    const { base, root } = site();
    const outside = path.join(base, 'elsewhere.txt');
    writeFileSync(outside, 'precious');
    mkdirSync(path.join(root, '.docs-build'));
    symlinkSync(outside, path.join(root, '.docs-build', 'manifest.json'));
    const run = await runCli(['build', root, '--no-cache', '--format', 'json']);
    expect(run.code).toBe(1);
    expect(codes(JSON.parse(run.stdout).diagnostics)).toContain('manifest/output-refused');
    expect(readFileSync(outside, 'utf8')).toBe('precious');
    expect(lstatSync(path.join(root, '.docs-build', 'manifest.json')).isSymbolicLink()).toBe(true);
  }, 60_000);

  it('.docs-build -> a folder outside, and .docs-build/cache -> a folder outside: nothing written or removed there', async () => {
    for (const linked of ['.docs-build', '.docs-build/cache']) {
      const { base, root } = site();
      const outside = path.join(base, 'elsewhere');
      for (const folder of ['pages', 'specs', 'builds', 'remote']) {
        mkdirSync(path.join(outside, folder), { recursive: true });
        writeFileSync(path.join(outside, folder, 'keep.txt'), 'kept');
      }
      const before = snapshot(outside);
      mkdirSync(path.dirname(path.join(root, linked)), { recursive: true });
      symlinkSync(outside, path.join(root, linked));
      const run = await runCli(['build', root, '--format', 'json']);
      expect(snapshot(outside), linked).toEqual(before);
      const found = codes(JSON.parse(run.stdout).diagnostics);
      expect(found, linked).toContain('cache/unusable');
      // The default output is under the link too when .docs-build itself is one.
      if (linked === '.docs-build') expect(found).toContain('manifest/output-refused');
      else expect(run.code).toBe(0);
    }
  }, 60_000);

  it('an --offline build never reads a remote spec through a committed link in the cache', async () => {
    const { base, root } = site();
    const url = 'https://specs.example.test/openapi.json';
    const config = JSON.parse(readFileSync(path.join(root, 'docs.json'), 'utf8')) as { navigation: { tabs: Array<Record<string, unknown>> } };
    config.navigation.tabs.push({ tab: 'Remote', openapi: url, groups: [{ group: 'Remote', pages: ['GET /outside'] }] });
    writeFileSync(path.join(root, 'docs.json'), JSON.stringify(config, null, 2));
    const secret = path.join(base, 'secret.json');
    writeFileSync(secret, JSON.stringify({ openapi: '3.1.0', info: { title: 'SECRET', version: '1' }, paths: { '/outside': { get: { summary: 'secret', responses: { '200': { description: 'ok' } } } } } }));
    const { createHash } = await import('node:crypto');
    const remote = path.join(root, '.docs-build', 'cache', 'remote');
    mkdirSync(remote, { recursive: true });
    symlinkSync(secret, path.join(remote, `${createHash('sha256').update(url).digest('hex').slice(0, 40)}.spec`));
    const run = await runCli(['build', root, '--offline', '--no-cache', '--format', 'json']);
    expect(run.stdout).not.toContain('SECRET');
    expect(codes(JSON.parse(run.stdout).diagnostics)).toContain('openapi/offline-cache-miss');
  }, 60_000);
});

describe('outputs that are not regular files, or are inputs', () => {
  it('a FIFO, a folder, a device: refused and left as they are', async () => {
    const { base, root } = site();
    const fifo = path.join(base, 'fifo');
    mkfifo(fifo);
    const folder = path.join(base, 'folder');
    mkdirSync(folder);
    const targets = [fifo, folder];
    // A device node of our own (root only): what `--out /dev/null` would hit, without touching /dev/null.
    if (process.getuid?.() === 0) {
      execFileSync('mknod', [path.join(base, 'null'), 'c', '1', '3']);
      targets.push(path.join(base, 'null'));
    }
    for (const target of targets) {
      const kind = statSync(target).mode & 0o170000;
      const run = await runCli(['build', root, '--no-cache', '--out', target, '--format', 'json']);
      expect(run.code, target).toBe(1);
      expect(codes(JSON.parse(run.stdout).diagnostics), target).toContain('manifest/output-refused');
      expect(statSync(target).mode & 0o170000, target).toBe(kind);
    }
  }, 60_000);

  it('an output that cannot be written (its folder is a file) is manifest/write-failed, the file untouched', async () => {
    const { base, root } = site();
    writeFileSync(path.join(base, 'file'), 'mine');
    const run = await runCli(['build', root, '--no-cache', '--out', path.join(base, 'file', 'manifest.json'), '--format', 'json']);
    expect(run.code).toBe(1);
    expect(codes(JSON.parse(run.stdout).diagnostics)).toContain('manifest/write-failed');
    expect(readFileSync(path.join(base, 'file'), 'utf8')).toBe('mine');
  }, 60_000);

  it('--out docs.json (or a page, or a link to one) is refused; so is migrate draft-openapi --out docs.json', async () => {
    const { base, root } = site();
    symlinkSync(path.join(root, 'quickstart.mdx'), path.join(base, 'link.json'));
    const before = snapshot(root);
    for (const out of [path.join(root, 'docs.json'), path.join(root, 'quickstart.mdx'), path.join(base, 'link.json')]) {
      for (const cache of [['--no-cache'], []]) {
        const run = await runCli(['build', root, ...cache, '--out', out, '--format', 'json']);
        expect(run.code, out).toBe(1);
        expect(codes(JSON.parse(run.stdout).diagnostics), out).toContain('manifest/output-refused');
      }
    }
    const draft = await runMigrate(['draft-openapi', root, '--out', path.join(root, 'docs.json')]);
    expect(draft.code).toBe(1);
    expect(draft.stderr).toContain('a file of the docs root that this run reads');
    const after = snapshot(root);
    delete after['.docs-build'];
    for (const key of Object.keys(after)) if (key.startsWith('.docs-build')) delete after[key];
    expect(after).toEqual(before);
  }, 90_000);
});

describe('FIFOs where the cache keeps files', () => {
  it.each(['a pack file', 'the pack index', 'the run record', 'the cache marker', 'the manifest copy', 'the output'])(
    '%s: the build finishes, with the clean manifest',
    async (which) => {
      const { root, cacheDir, outFile } = site();
      // Offline, as the build child runs: the same run record.
      await build({ root, cache: true, cacheDir, outFile, offline: true });
      const packs = readdirSync(path.join(cacheDir, 'pages')).filter((name) => name.endsWith('.pack'));
      const copy = readdirSync(path.join(cacheDir, 'builds'), { recursive: true }).find((name) => String(name).endsWith('.txt'));
      const file = {
        'a pack file': path.join(cacheDir, 'pages', packs[0]!),
        'the pack index': path.join(cacheDir, 'pages', 'index.json'),
        'the run record': recordFile(cacheDir),
        'the cache marker': path.join(cacheDir, 'cache-meta.json'),
        'the manifest copy': path.join(cacheDir, 'builds', String(copy)),
        'the output': outFile,
      }[which]!;
      mkdirSync(path.dirname(file), { recursive: true });
      rmSync(file, { force: true });
      mkfifo(file);
      // With the record gone the stages run and read the page entries (the pack, its index).
      if (which === 'a pack file' || which === 'the pack index') rmSync(path.join(cacheDir, 'builds'), { recursive: true });
      const reply = await runner.run({ root, cacheDir, outFile: which === 'the output' ? outFile : path.join(path.dirname(outFile), 'other.json') }, 30_000);
      if (!reply.ok) throw new Error(reply.error);
      expect(reply.diagnostics.filter((d) => d.severity === 'error')).toEqual(which === 'the output' ? [expect.objectContaining({ code: 'manifest/output-refused' })] : []);
      if (which !== 'the output') expect(readFileSync(path.join(path.dirname(outFile), 'other.json'), 'utf8')).toBe(reference);
    },
    60_000,
  );
});
