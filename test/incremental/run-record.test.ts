import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeSite } from '../../bench/generate.js';
import { build, type BuildOptions } from '../../src/pipeline/index.js';
import { applyContentHashEdits, contentHashOffsets } from '../../src/incremental/page-patch.js';
import { hashOfBlocks, manifestBlockBytes, manifestDigest, stampMarginMs, trustworthyStamp } from '../../src/incremental/run-record.js';
import { serializeManifest } from '../../src/manifest/serialize.js';
import { sameStamp, type FileStamp } from '../../src/root/index.js';

const example = path.resolve(import.meta.dirname, '../../docs-example');
const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('stamps', () => {
  const stamp: FileStamp = { ino: 7, size: 120, mtimeMs: 1_000_000.25, ctimeMs: 1_000_000.5 };

  it('are equal only when inode, size and both times are', () => {
    expect(sameStamp(stamp, { ...stamp })).toBe(true);
    for (const change of [{ ino: 8 }, { size: 121 }, { mtimeMs: 1_000_000.26 }, { ctimeMs: 1_000_000.51 }]) {
      expect(sameStamp(stamp, { ...stamp, ...change }), JSON.stringify(change)).toBe(false);
    }
    expect(sameStamp(stamp, undefined)).toBe(false);
    expect(sameStamp(undefined, undefined)).toBe(false);
  });

  it(`are trusted only when the file last changed more than ${stampMarginMs} ms before the run began`, () => {
    const changed = stamp.ctimeMs;
    expect(trustworthyStamp(stamp, changed + stampMarginMs + 1)).toBe(true);
    // Changed within the margin before the run, or during it: a write in the same clock tick could
    // leave the stamp equal, so the bytes are hashed next time.
    expect(trustworthyStamp(stamp, changed + stampMarginMs)).toBe(false);
    expect(trustworthyStamp(stamp, changed + 1)).toBe(false);
    expect(trustworthyStamp(stamp, changed - 5_000)).toBe(false);
    // A modification time set into the future is not trusted either.
    expect(trustworthyStamp({ ...stamp, mtimeMs: changed + 60_000 }, changed + stampMarginMs + 1)).toBe(false);
  });
});

describe('files changed just before a run', () => {
  it('are read again by the next run, not trusted by their stamps', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docs-build-stamps-'));
    made.push(dir);
    const root = path.join(dir, 'site');
    cpSync(example, root, { recursive: true, filter: (src) => !src.includes('.docs-build') });
    const copiedAt = Date.now();
    const opened: string[] = [];
    const options: BuildOptions = { root, cache: true, cacheDir: path.join(dir, 'cache'), onOpen: (file) => opened.push(file) };
    await build(options);
    const read = opened.length;
    expect(read).toBeGreaterThan(10);
    opened.length = 0;
    // Still just after the copy, as far as the stamps' margin goes (a first build with page content
    // can take longer than the margin on its own).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(copiedAt + 500);
      await build(options);
    } finally {
      vi.useRealTimers();
    }
    // Nothing changed, and the run is reused: but every input was hashed to prove it.
    expect(opened).toHaveLength(read);

    // Later (an hour on), a run that proves them by hash again stamps them, and the next reads nothing.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 3_600_000);
      opened.length = 0;
      await build(options);
      expect(opened).toHaveLength(read);
      opened.length = 0;
      await build(options);
      expect(opened).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});

/**
 * The files of these sites were written a moment ago, so a real clock would trust none of their stamps
 * for two seconds. The builds here run an hour ahead instead: every file is old enough to be stamped.
 */
describe('a rebuild proves its inputs unchanged by their stamps', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3_600_000);
  });
  afterEach(() => vi.useRealTimers());

  function site(): { root: string; options: (extra?: Partial<BuildOptions>) => BuildOptions; opened: string[] } {
    const dir = mkdtempSync(path.join(tmpdir(), 'docs-build-stamps-'));
    made.push(dir);
    const root = path.join(dir, 'site');
    cpSync(example, root, { recursive: true, filter: (src) => !src.includes('.docs-build') });
    const opened: string[] = [];
    const options = (extra: Partial<BuildOptions> = {}): BuildOptions => ({
      root,
      cache: true,
      cacheDir: path.join(dir, 'cache'),
      outFile: path.join(dir, 'out', 'manifest.json'),
      onOpen: (file) => opened.push(path.relative(root, file)),
      ...extra,
    });
    return { root, options, opened };
  }

  async function expectLikeCold(root: string, options: BuildOptions, what: string): Promise<void> {
    const warm = await build(options);
    const cold = await build({ root, cache: false });
    expect(serializeManifest(warm.manifest!), what).toBe(serializeManifest(cold.manifest!));
    expect(warm.diagnostics, what).toEqual(cold.diagnostics);
  }

  it('opens no file of the root when nothing changed, and only the changed files otherwise', async () => {
    const { root, options, opened } = site();
    await build(options());
    opened.length = 0;
    await build(options());
    expect(opened).toEqual([]);

    const page = path.join(root, 'quickstart.mdx');
    writeFileSync(page, readFileSync(page, 'utf8') + '\nOne more line.\n');
    await expectLikeCold(root, options(), 'one page edited');
    // The edited page is hashed (its stamp changed) and parsed; docs.json is read by every run of the
    // stages; the other pages are found by their stamps.
    expect(new Set(opened.filter((file) => /\.mdx?$/.test(file)))).toEqual(new Set(['quickstart.mdx']));
  });

  it('sees an edit that keeps the size and the modification time (only the change time tells)', async () => {
    const { root, options } = site();
    const page = path.join(root, 'quickstart.mdx');
    // A whole second, so that putting it back below restores it exactly.
    const whole = new Date('2026-01-02T03:04:05Z');
    utimesSync(page, whole, whole);
    await build(options());
    const stamped = statSync(page);
    const before = readFileSync(page, 'utf8');
    const sameSize = before.replace('Quickstart', 'QUICKSTART');
    expect(sameSize).not.toBe(before);
    expect(Buffer.byteLength(sameSize)).toBe(Buffer.byteLength(before));
    writeFileSync(page, sameSize);
    utimesSync(page, whole, whole);
    expect(statSync(page)).toMatchObject({ ino: stamped.ino, size: stamped.size, mtimeMs: stamped.mtimeMs });
    await expectLikeCold(root, options(), 'same-size edit with the modification time put back');

    writeFileSync(page, sameSize.replace('QUICKSTART', 'QuickStart'));
    await expectLikeCold(root, options(), 'same-size edit');
  });

  it('sees a file replaced by rename, a page added where one was missing, and an output edited', async () => {
    const { root, options } = site();
    await build(options());
    const spec = path.join(root, 'api/openapi.yaml');
    writeFileSync(`${spec}.tmp`, readFileSync(spec, 'utf8').replace(/title: ([^\n]+)/, 'title: $1 (renamed in)'));
    renameSync(`${spec}.tmp`, spec);
    await expectLikeCold(root, options(), 'spec replaced by rename');

    const config = path.join(root, 'docs.json');
    writeFileSync(config, readFileSync(config, 'utf8').replace('"pages": ["index", "quickstart"]', '"pages": ["index", "quickstart", "later"]'));
    const missing = await build(options());
    expect(missing.diagnostics.map((d) => d.code)).toContain('navigation/page-not-found');
    writeFileSync(path.join(root, 'later.mdx'), '---\ntitle: Later\n---\nWritten after the first build.\n');
    await expectLikeCold(root, options(), 'the missing page created');

    const out = options().outFile!;
    await build(options());
    const written = readFileSync(out, 'utf8');
    writeFileSync(out, written.replace('"manifestVersion": 1', '"manifestVersion": 9'));
    await build(options());
    expect(readFileSync(out, 'utf8')).toBe(written);
  });

  it('patches the manifest for an edit of nothing but the text of a page, without running the stages', async () => {
    const { root, options, opened } = site();
    await build(options());
    const output = options().outFile!;
    const inode = statSync(output).ino;
    // Edits that leave the page's content as it was (its bytes change, its tree, links and fields do
    // not): any edit of what the page says changes its content file, and the stages run.
    const edits: Array<[string, string, (text: string) => string]> = [
      ['blank lines appended', 'quickstart.mdx', (text) => `${text}\n\n`],
      ['trailing spaces at the end', 'api-pages/get-task.mdx', (text) => `${text}   \n`],
      ['an edit undone', 'api-pages/get-task.mdx', (text) => text.replace(/ {3}\n$/, '')],
    ];
    const edited = new Set<string>();
    for (const [what, file, edit] of edits) {
      const page = path.join(root, file);
      writeFileSync(page, edit(readFileSync(page, 'utf8')));
      edited.add(file);
      opened.length = 0;
      await expectLikeCold(root, options(), what);
      // The stages would have read docs.json. Only edited pages were opened: this one, and the ones
      // edited by earlier steps, whose new stamps were too recent to be recorded.
      expect(opened, what).toContain(file);
      expect(opened.filter((opening) => !edited.has(opening)), what).toEqual([]);
      // The output's hashes were written in place: the same file, and equal to a cold build's.
      expect(statSync(output).ino, what).toBe(inode);
      expect(readFileSync(output, 'utf8'), what).toBe(serializeManifest((await build({ root, cache: false })).manifest!));
    }
  });

  it('patches from the run record alone: the page cache is not needed', async () => {
    const { root, options, opened } = site();
    await build(options());
    rmSync(path.join(path.dirname(root), 'cache', 'pages'), { recursive: true });
    const page = path.join(root, 'quickstart.mdx');
    for (const line of ['First addition.', 'Second addition.']) {
      writeFileSync(page, `${readFileSync(page, 'utf8')}\n\n`);
      opened.length = 0;
      await expectLikeCold(root, options(), line);
      expect(opened, line).not.toContain('docs.json');
    }
  });

  it('rewrites the whole output when it is not the file the last run left, and never patches it in place', async () => {
    const { root, options } = site();
    await build(options());
    const output = options().outFile!;
    // Another program replaced the output with the same bytes (a copy: a new file, a new stamp).
    const copy = `${output}.copy`;
    cpSync(output, copy);
    renameSync(copy, output);
    const replaced = statSync(output).ino;
    const page = path.join(root, 'quickstart.mdx');
    writeFileSync(page, `${readFileSync(page, 'utf8')}\nAn addition.\n`);
    await expectLikeCold(root, options(), 'output replaced');
    expect(statSync(output).ino).not.toBe(replaced);
    expect(readFileSync(output, 'utf8')).toBe(serializeManifest((await build({ root, cache: false })).manifest!));
  });

  it('runs the stages when an edit changes more than the text', async () => {
    const { root, options, opened } = site();
    await build(options());
    const edits: Array<[string, string, (text: string) => string]> = [
      ['a title changed', 'quickstart.mdx', (text) => text.replace('title: Quickstart', 'title: Start here')],
      ['a line inserted above the fields (their positions move)', 'api-pages/get-task.mdx', (text) => text.replace('A relative target', 'One more line.\n\nA relative target')],
      ['a field changed', 'api-pages/get-task.mdx', (text) => text.replace('<ParamField path="taskId" type="string" required>', '<ParamField path="taskId" type="integer" required>')],
      ['a paragraph too long to parse (a warning, and nothing else that stages read)', 'quickstart.mdx', (text) => `${text}\n${'word '.repeat(42_000)}\n`],
      ['the long paragraph removed', 'quickstart.mdx', (text) => text.replace(/\n(word )+\n/, '')],
      ['a syntax error (a new diagnostic)', 'quickstart.mdx', (text) => `${text}\n<Note>unclosed\n`],
      ['the syntax error repaired', 'quickstart.mdx', (text) => text.replace('<Note>unclosed\n', '')],
      ['a missing import', 'quickstart.mdx', (text) => `import Missing from '/snippets/missing.mdx';\n\n${text.replace(/^---[\s\S]*?---\n/, '')}`],
    ];
    for (const [what, file, edit] of edits) {
      const page = path.join(root, file);
      writeFileSync(page, edit(readFileSync(page, 'utf8')));
      opened.length = 0;
      await expectLikeCold(root, options(), what);
      expect(opened, what).toContain('docs.json');
    }
  });

  it('patches only the edited page when another page has the same bytes', async () => {
    const { root, options } = site();
    const twin = path.join(root, 'guides/quickstart-twin.mdx');
    cpSync(path.join(root, 'quickstart.mdx'), twin);
    const config = path.join(root, 'docs.json');
    writeFileSync(config, readFileSync(config, 'utf8').replace('"pages": ["index", "quickstart"]', '"pages": ["index", "quickstart", "guides/quickstart-twin"]'));
    const first = await build(options());
    expect(first.manifest!.pages['guides/quickstart-twin']!.contentHash).toBe(first.manifest!.pages['quickstart']!.contentHash);
    // The twin's entry comes first in the manifest: the edited page's is found by its id, not its hash.
    const page = path.join(root, 'quickstart.mdx');
    writeFileSync(page, `${readFileSync(page, 'utf8')}\nOnly in the original.\n`);
    await expectLikeCold(root, options(), 'one of two identical pages edited');
  });

  it('keeps the manifest hash of a multi-block output right through in-place patches', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docs-build-blocks-'));
    made.push(dir);
    const root = path.join(dir, 'site');
    writeSite(root, { pages: 400, seed: 5 });
    const options: BuildOptions = { root, cache: true, cacheDir: path.join(dir, 'cache'), outFile: path.join(dir, 'out', 'manifest.json') };
    const first = await build(options);
    const output = options.outFile!;
    expect(statSync(output).size).toBeGreaterThan(2 * manifestBlockBytes);
    const inode = statSync(output).ino;
    // Pages spread over the manifest's blocks, one after another.
    const pages = Object.values(first.manifest!.pages).filter((page) => page.kind === 'page' && page.source.file.endsWith('.mdx')).map((page) => page.source.file);
    for (const file of [pages[0]!, pages[Math.floor(pages.length / 2)]!, pages[pages.length - 1]!]) {
      writeFileSync(path.join(root, file), `${readFileSync(path.join(root, file), 'utf8')}\n\n`);
      await build(options);
      expect(statSync(output).ino, file).toBe(inode);
    }
    expect(readFileSync(output, 'utf8')).toBe(serializeManifest((await build({ root, cache: false })).manifest!));
    // A new stamp with the same bytes: only the recorded hash can tell the output is still current.
    const later = new Date(Date.now() + 60_000);
    utimesSync(output, later, later);
    const touched = statSync(output).mtimeMs;
    const opened: string[] = [];
    await build({ ...options, onOpen: (file) => opened.push(path.relative(root, file)) });
    // Reused, not run again: the stages would read docs.json.
    expect(opened).not.toContain('docs.json');
    expect(statSync(output).ino).toBe(inode);
    expect(statSync(output).mtimeMs).toBe(touched);
  });

  it('does not take pages whose folder was moved out of the root and linked back, though their stamps are unchanged', async () => {
    const { root, options } = site();
    await build(options());
    const outside = path.join(path.dirname(root), 'guides-outside');
    renameSync(path.join(root, 'guides'), outside);
    symlinkSync(outside, path.join(root, 'guides'));
    const cold = await build({ root, cache: false });
    // The walk of the root does not follow links to folders: their pages are not in the root.
    expect(cold.diagnostics.filter((d) => d.code === 'navigation/page-not-found').map((d) => d.message).join('\n')).toContain('guides/');
    await expectLikeCold(root, options(), 'folder linked from outside');
  });
});

describe('contentHashOffsets and applyContentHashEdits', () => {
  const a = 'a'.repeat(64);
  const b = 'b'.repeat(64);
  const c = 'c'.repeat(64);
  const manifest = (): Buffer =>
    Buffer.from(
      serializeManifest({
        manifestVersion: 1,
        pages: {
          one: { id: 'one', contentHash: a, nested: { contentHash: c } },
          'twö "quoted"': { id: 'twö "quoted"', contentHash: b },
          generated: { id: 'generated', kind: 'openapi' },
        },
        openapi: {},
        schemas: { one: { contentHash: c } },
      } as never),
    );

  it('finds every page’s own contentHash in one pass, by the page’s file', () => {
    const bytes = manifest();
    const offsets = contentHashOffsets(bytes, { 'one.mdx': 'one', 'two.mdx': 'twö "quoted"', 'missing.mdx': 'missing', 'generated.mdx': 'generated' });
    expect(Object.keys(offsets).sort()).toEqual(['one.mdx', 'two.mdx']);
    expect(bytes.toString('latin1', offsets['one.mdx'], offsets['one.mdx']! + 64)).toBe(a);
    expect(bytes.toString('latin1', offsets['two.mdx'], offsets['two.mdx']! + 64)).toBe(b);
  });

  it('applies edits only where the old hashes still are, and then all of them', () => {
    const bytes = manifest();
    const offsets = contentHashOffsets(bytes, { 'one.mdx': 'one', 'two.mdx': 'twö "quoted"' });
    expect(applyContentHashEdits(bytes, [{ offset: offsets['two.mdx']!, before: b, after: c }, { offset: offsets['one.mdx']!, before: b, after: c }])).toBe(false);
    expect(bytes.equals(manifest())).toBe(true);
    expect(applyContentHashEdits(bytes, [{ offset: bytes.length - 10, before: a, after: c }])).toBe(false);
    expect(applyContentHashEdits(bytes, [{ offset: offsets['two.mdx']!, before: b, after: c }])).toBe(true);
    const pages = (JSON.parse(bytes.toString('utf8')) as { pages: Record<string, { contentHash: string }> }).pages;
    expect(pages['twö "quoted"']!.contentHash).toBe(c);
    expect(pages['one']!.contentHash).toBe(a);
  });
});

describe('manifestDigest', () => {
  it('hashes every byte, block by block: a change anywhere changes the hash and exactly one block hash', () => {
    const bytes = Buffer.alloc(manifestBlockBytes * 2 + 100, 'x');
    const digest = manifestDigest(bytes);
    expect(digest.blocks).toHaveLength(3);
    expect(hashOfBlocks(digest.blocks)).toBe(digest.hash);
    for (const at of [0, manifestBlockBytes - 1, manifestBlockBytes, bytes.length - 1]) {
      const changed = Buffer.from(bytes);
      changed[at] = 0x79;
      const other = manifestDigest(changed);
      expect(other.hash, `byte ${at}`).not.toBe(digest.hash);
      expect(other.blocks.filter((block, i) => block !== digest.blocks[i]), `byte ${at}`).toHaveLength(1);
    }
    expect(manifestDigest(bytes.subarray(0, bytes.length - 1)).hash).not.toBe(digest.hash);
  });
});
