import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/pipeline/build.js';
import { serializeManifest } from '../../src/manifest/serialize.js';
import { manifestDigest } from '../../src/incremental/run-record.js';
import { ContentSession } from '../../src/pipeline/content-session.js';
import { SiteCompiler } from '../../src/site/compiler.js';
import type { BuildResult } from '../../src/pipeline/index.js';
import { docsJsonWith, removeTempRoots, tempRoot } from '../helpers/temp-root.js';

/*
 * A long-lived process (the preview, `build --watch`) keeps a content session: an edit of a page's
 * text rebuilds that page's content alone. Whatever path a rebuild takes, its output must be the bytes
 * a fresh build of the same files writes; edits that reach beyond the page run the stages.
 */
afterAll(removeTempRoots);
const outputs: string[] = [];
afterAll(() => outputs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const files: Record<string, string> = {
  'docs.json': docsJsonWith({ groups: [{ group: 'Start', pages: ['index', 'guide', 'uses-part'] }] }, { variables: { product: 'Acme' } }),
  'index.mdx': '---\ntitle: Home\n---\n\n# Welcome\n\nSee the [guide](/guide#install-it).\n\nA paragraph to edit.\n\n<Note>Read me</Note>\n',
  'guide.mdx': '---\ntitle: Guide\n---\n\n## Install it\n\nInstall {{product}} first.\n\n<Snippet file="install.mdx" />\n\n```bash title="Shell"\nnpm install docs-build\n```\n\nMore text here.\n',
  'snippets/install.mdx': 'Run the installer.\n',
  'part.mdx': '---\ntitle: Part\n---\n\nA page that another page imports.\n',
  'uses-part.mdx': "---\ntitle: Uses part\n---\n\nimport Part from '/part.mdx'\n\n<Part />\n",
};

interface Runner {
  root: string;
  run(): Promise<{ result: BuildResult; ranStages: boolean }>;
  edit(file: string, change: (text: string) => string): void;
}

function runner(extra: Record<string, string> = {}): Runner {
  const root = tempRoot({ ...files, ...extra });
  const session = new ContentSession();
  return {
    root,
    async run() {
      let ranStages = false;
      const result = await build({ root, outFile: path.join(root, '.docs-build', 'manifest.json'), cache: true, session, onProgress: () => (ranStages = true) });
      return { result, ranStages };
    },
    edit(file, change) {
      const target = path.join(root, file);
      writeFileSync(target, change(readFileSync(target, 'utf8')));
    },
  };
}

/** A root of `rootFiles` and its cached build, with a content session or without one (a one-off run). */
function builds(rootFiles: Record<string, string>, withSession: boolean): { root: string; run(): Promise<{ result: BuildResult; ranStages: boolean }> } {
  const root = tempRoot(rootFiles);
  const outFile = path.join(root, '.docs-build', 'manifest.json');
  const session = withSession ? new ContentSession() : undefined;
  return {
    root,
    async run() {
      let ranStages = false;
      const result = await build({ root, outFile, cache: true, ...(session ? { session } : {}), onProgress: () => (ranStages = true) });
      return { result, ranStages };
    },
  };
}

/** Every file of the output folder (manifest and content), by relative path. */
function outputOf(dir: string): Map<string, string> {
  const list = readdirSync(dir, { recursive: true }).map(String).filter((file) => !file.startsWith('cache') && statSync(path.join(dir, file)).isFile());
  return new Map(list.sort().map((file) => [file, readFileSync(path.join(dir, file), 'utf8')]));
}

/** What a fresh build (no cache, no session) of the root's files writes. */
async function freshOutput(root: string): Promise<{ output: Map<string, string>; diagnostics: BuildResult['diagnostics'] }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'docs-build-fresh-'));
  outputs.push(dir);
  const result = await build({ root, outFile: path.join(dir, 'manifest.json'), cache: false });
  return { output: outputOf(dir), diagnostics: result.diagnostics };
}

async function expectSameAsFresh(root: string, result: BuildResult): Promise<void> {
  const fresh = await freshOutput(root);
  const mine = outputOf(path.join(root, '.docs-build'));
  expect([...mine.keys()]).toEqual([...fresh.output.keys()]);
  for (const [file, text] of fresh.output) expect(mine.get(file), file).toBe(text);
  // (A damaged cache adds its warning about the machine, not the docs.)
  expect(result.diagnostics.filter((diagnostic) => !diagnostic.code.startsWith('cache/'))).toEqual(fresh.diagnostics);
}

describe('content session: one page edited', () => {
  it('patches the content of a page whose text changed, with the same bytes as a fresh build, without running the stages', async () => {
    const site = runner();
    expect((await site.run()).ranStages).toBe(true);
    for (const [file, edit] of [
      ['index.mdx', (text: string) => text.replace('A paragraph to edit.', 'A paragraph, edited once.')],
      ['guide.mdx', (text: string) => text.replace('More text here.', 'More text here, and **bold** words.')],
      ['guide.mdx', (text: string) => text.replace('npm install docs-build', 'npm install docs-build@latest')],
      ['index.mdx', (text: string) => text.replace('A paragraph, edited once.', 'A paragraph, edited twice.')],
    ] as const) {
      site.edit(file, edit);
      const { result, ranStages } = await site.run();
      expect(ranStages, file).toBe(false);
      await expectSameAsFresh(site.root, result);
      const content = result.contentFiles?.get(`content/${file.replace(/\.mdx$/, '')}.json`)?.toString('utf8');
      expect(content).toBe(readFileSync(path.join(site.root, '.docs-build', 'content', file.replace(/\.mdx$/, '.json')), 'utf8'));
      // Spliced where they were written: the session holds no copy of the two large files.
      expect([...(result.contentFiles?.keys() ?? [])].filter((name) => /search\.json|llms-full/.test(name))).toEqual([]);
    }
    const search = readFileSync(path.join(site.root, '.docs-build', 'content', 'search.json'), 'utf8');
    expect(search).toContain('edited twice');
    expect(readFileSync(path.join(site.root, '.docs-build', 'content', 'llms-full.txt'), 'utf8')).toContain('**bold** words');
  });

  it.each([
    ['a heading renamed (other pages link to its anchors)', 'guide.mdx', (text: string) => text.replace('## Install it', '## Install the tool')],
    ['a broken link added', 'index.mdx', (text: string) => text.replace('A paragraph to edit.', 'A paragraph with [a link](/nowhere).')],
    ['the frontmatter changed', 'index.mdx', (text: string) => text.replace('title: Home', 'title: Home page')],
    ['a page imported by another page', 'part.mdx', (text: string) => text.replace('another page imports', 'another page imports, edited')],
    ['a snippet that gains a heading', 'snippets/install.mdx', (text: string) => `## Before you start\n\n${text}`],
    ['a syntax error', 'index.mdx', (text: string) => text.replace('A paragraph to edit.', 'A paragraph <Note> never closed.')],
  ])('runs the stages when the edit reaches beyond the page: %s', async (_name, file, edit) => {
    const site = runner();
    await site.run();
    site.edit(file, edit);
    const { result, ranStages } = await site.run();
    expect(ranStages).toBe(true);
    const fresh = await freshOutput(site.root);
    expect(result.diagnostics).toEqual(fresh.diagnostics);
    if (!result.diagnostics.some((diagnostic) => diagnostic.severity === 'error')) await expectSameAsFresh(site.root, result);
    // The session follows the stages' run: a text edit after it is patched again.
    if (result.written) {
      site.edit('index.mdx', (text) => `${text}\nOne more line.\n`);
      const next = await site.run();
      expect(next.ranStages).toBe(false);
      await expectSameAsFresh(site.root, next.result);
    }
  });

  it.each([['with a session', true], ['without one', false]] as const)('an edit of a snippet rebuilds the content of the pages that use it, %s', async (_name, withSession) => {
    const { root, run } = builds(files, withSession);
    await run();
    writeFileSync(path.join(root, 'snippets/install.mdx'), 'Run the installer, then restart.\n');
    const { result, ranStages } = await run();
    expect(ranStages).toBe(false);
    await expectSameAsFresh(root, result);
    expect(readFileSync(path.join(root, '.docs-build', 'content', 'guide.json'), 'utf8')).toContain('then restart');
  });

  // An `openapi:` page's entry merges its operation with the page; an edit of its text alone changes only
  // its content, as for any page (box's bench page is one: a full run there took 6 s).
  const endpointFiles: Record<string, string> = {
    'docs.json': docsJsonWith({ groups: [{ group: 'API', pages: ['index', 'api/list-pets'] }] }),
    'index.mdx': '---\ntitle: Home\n---\n\nSee [listing pets](/api/list-pets).\n',
    'pets.yaml': 'openapi: 3.1.0\ninfo: { title: Pets, version: "1" }\nservers: [{ url: "https://api.example.com" }]\npaths:\n  /pets:\n    get:\n      summary: List pets\n      parameters:\n        - { name: limit, in: query, schema: { type: integer } }\n      responses:\n        "200": { description: The pets }\n',
    'api/list-pets.mdx': '---\nopenapi: pets.yaml GET /pets\n---\n\nLists the pets you own.\n\n<ParamField query="limit" type="integer">How many to list.</ParamField>\n\n```bash\ncurl https://api.example.com/pets\n```\n',
  };

  it.each([['with a session', true], ['without one', false]] as const)('patches an edit of the text of an `openapi:` page, %s', async (_name, withSession) => {
    const { root, run } = builds(endpointFiles, withSession);
    expect((await run()).ranStages).toBe(true);
    const file = path.join(root, 'api/list-pets.mdx');
    for (const text of ['Lists the pets you own, newest first.', 'Lists every pet, with `curl` below.']) {
      writeFileSync(file, readFileSync(file, 'utf8').replace(/Lists [^\n]*/, text));
      const { result, ranStages } = await run();
      expect(ranStages).toBe(false);
      await expectSameAsFresh(root, result);
      expect(readFileSync(path.join(root, '.docs-build', 'content', 'api', 'list-pets.json'), 'utf8')).toContain(text.replace(/`curl`.*/, ''));
    }
    // A field of the page merges with the operation's: an edit of it runs the stages.
    writeFileSync(file, readFileSync(file, 'utf8').replace('How many to list.', 'At most this many.'));
    const fieldEdit = await run();
    expect(fieldEdit.ranStages).toBe(true);
    await expectSameAsFresh(root, fieldEdit.result);
  });

  it('with errors elsewhere, the patched content is served from memory and nothing is written', async () => {
    const site = runner({ 'broken.mdx': '---\ntitle: Broken\n---\n\nA [dead link](/missing-page).\n' });
    const first = await site.run();
    expect(first.result.diagnostics.some((diagnostic) => diagnostic.code === 'links/broken-link')).toBe(true);
    expect(first.result.written).toBeUndefined();
    site.edit('index.mdx', (text) => text.replace('A paragraph to edit.', 'A paragraph edited with errors around.'));
    const { result, ranStages } = await site.run();
    expect(ranStages).toBe(false);
    expect(result.written).toBeUndefined();
    expect(result.contentFiles?.get('content/index.json')?.toString('utf8')).toContain('edited with errors around');
    const fresh = await build({ root: site.root, cache: false });
    for (const [file, bytes] of fresh.contentFiles!) expect(result.contentFiles?.get(file)?.toString('utf8'), file).toBe(bytes.toString('utf8'));
    expect(result.manifest!.pages.index!.content).toEqual(fresh.manifest!.pages.index!.content);
  });

  it('without a session, a one-off build patches from the content state the last run of the stages stored', async () => {
    const root = tempRoot(files);
    const outFile = path.join(root, '.docs-build', 'manifest.json');
    await build({ root, outFile, cache: true });
    for (const text of ['Edited once.', 'Edited twice, with `code`.']) {
      writeFileSync(path.join(root, 'index.mdx'), readFileSync(path.join(root, 'index.mdx'), 'utf8').replace(/A paragraph to edit\.|Edited once\./, text));
      let ranStages = false;
      const result = await build({ root, outFile, cache: true, onProgress: () => (ranStages = true) });
      expect(ranStages).toBe(false);
      await expectSameAsFresh(root, result);
    }
  });

  it('patches a page llms-full.txt leaves out (hidden, noindex, unlisted) without the stages, with a session and without', async () => {
    const quiet = {
      ...files,
      'docs.json': docsJsonWith({ groups: [{ group: 'Start', pages: ['index', 'guide', 'uses-part', 'secret', 'quiet'] }] }, { variables: { product: 'Acme' } }),
      'secret.mdx': '---\ntitle: Secret\nhidden: true\n---\n\nHidden words.\n',
      'quiet.mdx': '---\ntitle: Quiet\nnoindex: true\n---\n\nQuiet words.\n',
      'loose.mdx': '---\ntitle: Loose\n---\n\nUnlisted words.\n',
    };
    for (const withSession of [true, false]) {
      const site = builds(quiet, withSession);
      await site.run();
      const full = (): string => readFileSync(path.join(site.root, '.docs-build', 'content', 'llms-full.txt'), 'utf8');
      expect(full()).not.toMatch(/Hidden words|Quiet words|Unlisted words/);
      for (const [file, from, to] of [['secret.mdx', 'Hidden words.', 'Hidden words, edited.'], ['quiet.mdx', 'Quiet words.', 'Quiet words, edited.'], ['loose.mdx', 'Unlisted words.', 'Unlisted words, edited.'], ['index.mdx', 'A paragraph to edit.', 'A paragraph, edited.']] as const) {
        writeFileSync(path.join(site.root, file), readFileSync(path.join(site.root, file), 'utf8').replace(from, to));
        const { result, ranStages } = await site.run();
        expect(ranStages, `${file} ${withSession ? 'session' : 'one-off'}`).toBe(false);
        await expectSameAsFresh(site.root, result);
      }
      expect(full()).toContain('A paragraph, edited.');
      expect(full()).not.toMatch(/Hidden words|Quiet words|Unlisted words/);
    }
  });

  it('says which manifest it made, and which run it patched and which pages the patch changed (a snippet edit: the pages that inline it)', async () => {
    const root = tempRoot(files);
    const outFile = path.join(root, '.docs-build', 'manifest.json');
    const hashOf = (): string => manifestDigest(readFileSync(outFile)).hash;
    const first = await build({ root, outFile, cache: true });
    expect(first.manifestHash).toBe(hashOf());
    expect(first.patchedFrom).toBeUndefined();
    const reused = await build({ root, outFile, cache: true });
    expect(reused.manifestHash).toBe(first.manifestHash);
    expect(reused.patchedFrom).toBeUndefined();
    writeFileSync(path.join(root, 'snippets', 'install.mdx'), 'Run the new installer.\n');
    const snippet = await build({ root, outFile, cache: true });
    expect(snippet.patchedFrom).toEqual({ manifestHash: first.manifestHash, pages: ['guide'] });
    expect(snippet.manifestHash).toBe(hashOf());
    expect(snippet.manifestHash).not.toBe(first.manifestHash);
    writeFileSync(path.join(root, 'index.mdx'), readFileSync(path.join(root, 'index.mdx'), 'utf8').replace('A paragraph to edit.', 'An edited paragraph.'));
    const page = await build({ root, outFile, cache: true });
    expect(page.patchedFrom).toEqual({ manifestHash: snippet.manifestHash, pages: ['index'] });
    expect(page.manifestHash).toBe(hashOf());
    // A title edit runs the stages: no patch to name.
    writeFileSync(path.join(root, 'index.mdx'), readFileSync(path.join(root, 'index.mdx'), 'utf8').replace('title: Home', 'title: Start'));
    const staged = await build({ root, outFile, cache: true });
    expect(staged.patchedFrom).toBeUndefined();
    expect(staged.manifestHash).toBe(hashOf());
  });

  it("reads each page's entry of a reused or patched run (read around its recorded offset) as a fresh build has it, with an output or with the cache's copy", async () => {
    const withErrors: Record<string, string> = { 'broken.mdx': '---\ntitle: Broken\n---\n\nA [dead link](/missing-page).\n' };
    for (const extra of [{}, withErrors]) {
      const root = tempRoot({ ...files, ...extra });
      const outFile = path.join(root, '.docs-build', 'manifest.json');
      await build({ root, outFile, cache: true });
      const expectPagesAsFresh = async (result: BuildResult): Promise<void> => {
        const fresh = (await build({ root, cache: false })).manifest!;
        // Asked before `manifest`, which would make every entry come from the whole parse.
        for (const id of Object.keys(fresh.pages)) expect(result.manifestPage!(id)).toEqual(fresh.pages[id]);
        expect(result.manifestPage!('no-such-page')).toBeUndefined();
      };
      await expectPagesAsFresh(await build({ root, outFile, cache: true }));
      writeFileSync(path.join(root, 'index.mdx'), readFileSync(path.join(root, 'index.mdx'), 'utf8').replace('A paragraph to edit.', 'An edited paragraph.'));
      const page = await build({ root, outFile, cache: true });
      expect(page.patchedFrom?.pages).toEqual(['index']);
      await expectPagesAsFresh(page);
      writeFileSync(path.join(root, 'snippets', 'install.mdx'), 'Run the new installer.\n');
      const snippet = await build({ root, outFile, cache: true });
      expect(snippet.patchedFrom?.pages).toEqual(['guide']);
      await expectPagesAsFresh(snippet);
    }
  });

  it('without a session, a build with errors elsewhere patches the manifest it keeps in the cache, with what a fresh build reports', async () => {
    const root = tempRoot({ ...files, 'broken.mdx': '---\ntitle: Broken\n---\n\nA [dead link](/missing-page).\n' });
    const outFile = path.join(root, '.docs-build', 'manifest.json');
    await build({ root, outFile, cache: true });
    writeFileSync(path.join(root, 'index.mdx'), readFileSync(path.join(root, 'index.mdx'), 'utf8').replace('A paragraph to edit.', 'Edited with errors elsewhere.'));
    let ranStages = false;
    const result = await build({ root, outFile, cache: true, onProgress: () => (ranStages = true) });
    expect(ranStages).toBe(false);
    expect(result.written).toBeUndefined();
    const fresh = await build({ root, cache: false });
    expect(result.diagnostics).toEqual(fresh.diagnostics);
    expect(serializeManifest(result.manifest!)).toBe(serializeManifest(fresh.manifest!));
  });

  /** A site with a broken link (so no output is written), built once with the cache; and the cache's manifest copy. */
  async function builtWithErrors(): Promise<{ root: string; outFile: string; copy: string }> {
    const root = tempRoot({ ...files, 'broken.mdx': '---\ntitle: Broken\n---\n\nA [dead link](/missing-page).\n' });
    const outFile = path.join(root, '.docs-build', 'manifest.json');
    await build({ root, outFile, cache: true });
    const builds = path.join(root, '.docs-build', 'cache', 'builds');
    return { root, outFile, copy: path.join(builds, readdirSync(builds, { recursive: true }).map(String).find((name) => name.endsWith('.txt'))!) };
  }

  it("with errors elsewhere, the cache's manifest copy is read by its stamp, and an edited copy (same size) is never trusted", async () => {
    const { root, outFile, copy } = await builtWithErrors();
    const edit = (text: string): Promise<BuildResult> => {
      writeFileSync(path.join(root, 'index.mdx'), readFileSync(path.join(root, 'index.mdx'), 'utf8').replace(/A paragraph to edit\.|Edit \w+\./, text));
      return build({ root, outFile, cache: true });
    };
    const first = await edit('Edit one.');
    expect(first.patchedFrom).toBeDefined();
    // The same bytes but one letter of the site's name: a copy hashed again would be refused as well.
    writeFileSync(copy, readFileSync(copy, 'utf8').replace('"Acme"', '"Acne"'));
    const second = await edit('Edit two.');
    const fresh = await build({ root, cache: false });
    expect(serializeManifest(second.manifest!)).toBe(serializeManifest(fresh.manifest!));
    expect(second.diagnostics).toEqual(fresh.diagnostics);
  });

  it("with errors elsewhere, the edits go into the cache's manifest copy in place (the same file), and each run's manifest is a fresh build's", async () => {
    const { root, outFile, copy } = await builtWithErrors();
    const inode = statSync(copy).ino;
    for (const text of ['Edit one.', 'Edit two.', 'Edit three.']) {
      writeFileSync(path.join(root, 'index.mdx'), readFileSync(path.join(root, 'index.mdx'), 'utf8').replace(/A paragraph to edit\.|Edit \w+\./, text));
      const result = await build({ root, outFile, cache: true });
      expect(result.patchedFrom).toBeDefined();
      expect(statSync(copy).ino).toBe(inode);
      const fresh = await build({ root, cache: false });
      expect(readFileSync(copy, 'utf8')).toBe(serializeManifest(fresh.manifest!));
      expect(result.manifestHash).toBe(manifestDigest(readFileSync(copy)).hash);
    }
    // The next run trusts the patched copy by the stamp its record took, and reuses it.
    let ranStages = false;
    const again = await build({ root, outFile, cache: true, onProgress: () => (ranStages = true) });
    expect(ranStages).toBe(false);
    expect(serializeManifest(again.manifest!)).toBe(readFileSync(copy, 'utf8'));
  });

  it.each([
    ['a damaged stored state', (root: string) => {
      const folder = path.join(root, '.docs-build', 'cache', 'contents');
      for (const file of readdirSync(folder, { recursive: true }).map(String).filter((name) => name.endsWith('.json'))) writeFileSync(path.join(folder, file), '{"key": 1}');
    }],
    ['a content file gone from the output', (root: string) => rmSync(path.join(root, '.docs-build', 'content', 'index.json'))],
    ['search.json edited by hand', (root: string) => writeFileSync(path.join(root, '.docs-build', 'content', 'search.json'), '[]\n')],
    // Every page's part is still there: only the hash the content folder's index keeps tells.
    ['llms-full.txt cut short after its last page (a power cut)', (root: string) => {
      const file = path.join(root, '.docs-build', 'content', 'llms-full.txt');
      writeFileSync(file, readFileSync(file).subarray(0, -1));
    }],
  ])('with %s, a one-off build runs the stages and writes what a fresh build writes', async (name, damage) => {
    const root = tempRoot(files);
    const outFile = path.join(root, '.docs-build', 'manifest.json');
    await build({ root, outFile, cache: true });
    damage(root);
    writeFileSync(path.join(root, 'index.mdx'), readFileSync(path.join(root, 'index.mdx'), 'utf8').replace('A paragraph to edit.', 'Edited.'));
    let ranStages = false;
    const result = await build({ root, outFile, cache: true, onProgress: () => (ranStages = true) });
    expect(ranStages).toBe(true);
    await expectSameAsFresh(root, result);
    if (name.includes('damaged')) expect(result.diagnostics.map((diagnostic) => diagnostic.code)).toContain('cache/ignored');
  });

  it('a run with errors wrote no content, and is still reused by the next run without a session (a preview, which renders content, runs the stages)', async () => {
    const root = tempRoot({ ...files, 'broken.mdx': '---\ntitle: Broken\n---\n\nA [dead link](/missing-page).\n' });
    const outFile = path.join(root, '.docs-build', 'manifest.json');
    const first = await build({ root, outFile, cache: true });
    expect(first.written).toBeUndefined();
    let ranStages = false;
    const again = await build({ root, outFile, cache: true, onProgress: () => (ranStages = true) });
    expect(ranStages).toBe(false);
    expect(again.diagnostics).toEqual(first.diagnostics);
    const preview = await build({ root, outFile, cache: true, session: new ContentSession(), onProgress: () => (ranStages = true) });
    expect(ranStages).toBe(true);
    expect(preview.contentFiles?.has('content/index.json')).toBe(true);
  });

  it('a session whose first edit comes before it was primed starts from the stored state, and the edits after it match fresh builds', async () => {
    const root = tempRoot(files);
    const outFile = path.join(root, '.docs-build', 'manifest.json');
    await build({ root, outFile, cache: true });
    const session = new ContentSession();
    await build({ root, outFile, cache: true, session });
    expect(session.state).toBeUndefined();
    for (const [file, from, to] of [
      ['index.mdx', 'A paragraph to edit.', 'First edit.'],
      ['guide.mdx', 'More text here.', 'More text, second edit.'],
      ['index.mdx', 'First edit.', 'Third edit.'],
    ] as const) {
      writeFileSync(path.join(root, file), readFileSync(path.join(root, file), 'utf8').replace(from, to));
      let ranStages = false;
      const result = await build({ root, outFile, cache: true, session, onProgress: () => (ranStages = true) });
      expect(ranStages, file).toBe(false);
      expect(session.state).toBeDefined();
      await expectSameAsFresh(root, result);
      expect(result.manifest!.pages[file.replace('.mdx', '')]!.content).toEqual(JSON.parse(readFileSync(outFile, 'utf8')).pages[file.replace('.mdx', '')].content);
    }
  });

  it('a preview that started on a reused run primes its session from the stored state, without the stages, so its first text edit is patched', async () => {
    const root = tempRoot(files);
    const manifestFile = path.join(root, '.docs-build', 'manifest.json');
    await build({ root, outFile: manifestFile, cache: true });
    let stagesRuns = 0;
    const sessions: ContentSession[] = [];
    const compiler = new SiteCompiler({
      root,
      manifestFile,
      runBuild: (options) => {
        if (options.session) sessions.push(options.session);
        return build({ ...options, onProgress: () => void stagesRuns++ });
      },
    });
    await compiler.compile();
    expect(sessions[0]?.state).toBeUndefined();
    await compiler.primeSession();
    expect(stagesRuns).toBe(0);
    expect(sessions[0]?.state?.manifestHash).toBe(manifestDigest(readFileSync(manifestFile)).hash);
    for (const text of ['A primed edit.', 'A second edit.']) {
      writeFileSync(path.join(root, 'index.mdx'), readFileSync(path.join(root, 'index.mdx'), 'utf8').replace(/A paragraph to edit\.|A primed edit\./, text));
      const { result, snapshot } = await compiler.compile();
      expect(stagesRuns).toBe(0);
      expect(JSON.stringify(snapshot?.page('index')?.content)).toContain(text);
      await expectSameAsFresh(root, result);
    }
  });

  it("a preview keeps the site data of the run its edit patched, and makes it again when the stages run", async () => {
    const root = tempRoot(files);
    const manifestFile = path.join(root, '.docs-build', 'manifest.json');
    const compiler = new SiteCompiler({ root, manifestFile });
    const first = (await compiler.compile()).snapshot!;
    // As the preview serves a page: the run shown makes its site data.
    const shown = first.data;
    writeFileSync(path.join(root, 'index.mdx'), readFileSync(path.join(root, 'index.mdx'), 'utf8').replace('A paragraph to edit.', 'An edited paragraph.'));
    const { result, snapshot: patched } = await compiler.compile();
    expect(result.patchedFrom?.pages).toEqual(['index']);
    // The same object: a patch changes pages' text, which the site data does not hold.
    expect(patched!.data).toBe(shown);
    writeFileSync(path.join(root, 'guide.mdx'), readFileSync(path.join(root, 'guide.mdx'), 'utf8').replace(/^title: .*$/m, 'title: Renamed guide'));
    const { result: staged, snapshot: renamed } = await compiler.compile();
    expect(staged.patchedFrom).toBeUndefined();
    expect(renamed!.data).not.toBe(first.data);
    expect(renamed!.data.pages['guide']?.title).toBe('Renamed guide');
  });
});
