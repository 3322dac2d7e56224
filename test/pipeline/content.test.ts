import { existsSync, readFileSync, statSync, utimesSync, writeFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../src/pipeline/build.js';
import type { PageContent } from '../../src/content/types.js';
import { docsJsonWith, expectValidManifest, removeTempRoots, tempRoot } from '../helpers/temp-root.js';

/*
 * Every published page and its content beside the manifest (issue 14 items 1, 3, 7): which files are
 * pages, the content files and references, and that a rebuild rewrites only what changed.
 */
afterAll(removeTempRoots);

const contentSchema = JSON.parse(readFileSync(new URL('../../schema/content.schema.json', import.meta.url), 'utf8')) as object;
const validateContent = new Ajv({ allErrors: true, strict: false }).compile(contentSchema);

function site(extra: Record<string, string> = {}): string {
  return tempRoot({
    'docs.json': docsJsonWith({ groups: [{ group: 'Start', pages: ['index', 'guide'] }] }),
    'index.mdx': '---\ntitle: Home\n---\n\n# Welcome\n\nSee the [guide](/guide#install-it).\n\n<Note>Read me</Note>\n',
    'guide.mdx': '---\ntitle: Guide\n---\n\n## Install it\n\n<Snippet file="install.mdx" />\n\n```bash title="Shell"\nnpm install docs-build\n```\n',
    'snippets/install.mdx': 'Run the installer for {{product}}.\n',
    'unlisted.mdx': '---\ntitle: Not listed\n---\n\nReachable by URL.\n',
    'drafts/secret.mdx': '# Secret\n',
    '.mintignore': 'drafts/\n',
    'README.md': '# Repository readme\n',
    '.github/notes.md': '# Hidden folder\n',
    ...extra,
  });
}

describe('every published page', () => {
  it('lists unlisted pages with inNavigation false and leaves out snippets, .mintignore, default ignores and hidden folders', async () => {
    const root = site();
    const result = await build({ root, rules: false });
    expectValidManifest(result.manifest);
    const pages = result.manifest.pages;
    expect(Object.keys(pages).sort()).toEqual(['guide', 'index', 'unlisted']);
    expect(pages.unlisted!.inNavigation).toBe(false);
    expect(pages.index!.inNavigation).toBe(true);
  });

  it('checks a broken page outside the navigation (it is published)', async () => {
    const root = site({ 'broken.mdx': '---\ntitle: Broken\n---\n\n<Card title="x">\n' });
    const result = await build({ root, rules: false });
    expect(result.diagnostics.some((d) => d.code === 'mdx/syntax-error' && d.file === 'broken.mdx')).toBe(true);
  });

  it('a file outside the navigation at a listed page URL is an error naming both', async () => {
    const root = site({ 'guide/index.mdx': '# Another guide\n' });
    const result = await build({ root, rules: false });
    const collision = result.diagnostics.find((d) => d.code === 'manifest/page-id-collision');
    expect(collision?.file).toBe('guide/index.mdx');
    expect(collision?.related?.[0]?.file).toBe('guide.mdx');
  });

  it('two listed pages served at one URL (a folder and its index page) are an error naming both', async () => {
    const root = tempRoot({
      'docs.json': docsJsonWith({ groups: [{ group: 'Start', pages: ['index', 'guide', 'guide/index', 'other/index'] }] }),
      'index.mdx': '# Home\n',
      'guide.mdx': '# Guide\n',
      'guide/index.mdx': '# Guide index\n',
      'other/index.mdx': '# Other\n',
    });
    const result = await build({ root, rules: false });
    const collisions = result.diagnostics.filter((d) => d.code === 'manifest/page-id-collision');
    expect(collisions.map((d) => [d.severity, d.file, d.related?.[0]?.file, d.message])).toEqual([
      ['error', 'guide/index.mdx', 'guide.mdx', 'the pages "guide" and "guide/index" are both served at /guide: guide.mdx and guide/index.mdx'],
    ]);
  });
});

describe('content files beside the manifest', () => {
  it('writes one content file per page, referenced from the manifest with its hash, toc and snippet dependencies', async () => {
    const root = site();
    const outFile = path.join(root, '.docs-build', 'manifest.json');
    const result = await build({ root, outFile, rules: false });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const manifest = JSON.parse(readFileSync(outFile, 'utf8'));
    const reference = manifest.pages.guide.content;
    expect(reference.file).toBe('content/guide.json');
    expect(reference.deps).toEqual(['snippets/install.mdx']);
    expect(reference.toc).toEqual([{ depth: 2, text: 'Install it', id: 'install-it' }]);
    const bytes = readFileSync(path.join(root, '.docs-build', reference.file));
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(reference.hash);
    const content = JSON.parse(bytes.toString('utf8')) as PageContent;
    expect(validateContent(content), JSON.stringify(validateContent.errors)).toBe(true);
    const text = JSON.stringify(content.tree);
    expect(text).toContain('Run the installer for');
    expect(text).not.toContain('"position"');
    expect(existsSync(path.join(root, '.docs-build', 'content', 'guide.md'))).toBe(true);
    expect(readFileSync(path.join(root, '.docs-build', 'content', 'unlisted.md'), 'utf8')).toContain('Reachable by URL.');
  });

  it('a rebuild rewrites only the content files whose bytes changed, and a snippet edit changes the pages that use it', async () => {
    const root = site();
    const outFile = path.join(root, '.docs-build', 'manifest.json');
    await build({ root, outFile, rules: false });
    const folder = path.join(root, '.docs-build', 'content');
    const old = new Date(2020, 0, 1);
    for (const name of ['index.json', 'guide.json', 'unlisted.json']) utimesSync(path.join(folder, name), old, old);
    writeFileSync(path.join(root, 'snippets', 'install.mdx'), 'Run the new installer.\n');
    await build({ root, outFile, rules: false });
    expect(statSync(path.join(folder, 'guide.json')).mtime.getTime()).not.toBe(old.getTime());
    expect(readFileSync(path.join(folder, 'guide.json'), 'utf8')).toContain('Run the new installer.');
    expect(statSync(path.join(folder, 'index.json')).mtime.getTime()).toBe(old.getTime());
    expect(statSync(path.join(folder, 'unlisted.json')).mtime.getTime()).toBe(old.getTime());
  });

  it('removes the content file of a page that is gone, and nothing it did not write', async () => {
    const root = site();
    const outFile = path.join(root, '.docs-build', 'manifest.json');
    await build({ root, outFile, rules: false });
    const folder = path.join(root, '.docs-build', 'content');
    writeFileSync(path.join(folder, 'mine.txt'), 'a file of the user');
    rmSync(path.join(root, 'unlisted.mdx'));
    await build({ root, outFile, rules: false });
    expect(existsSync(path.join(folder, 'unlisted.json'))).toBe(false);
    expect(existsSync(path.join(folder, 'mine.txt'))).toBe(true);
  });
});

describe('content file names', () => {
  it('a page id with a segment too long for a file name (a summary paragraph as slug) gets a bounded, distinct file', async () => {
    const paragraph = 'Create a realtime client secret with an associated session configuration '.repeat(8);
    const operation = (summary: string) => ({ summary, responses: { '200': { description: 'OK' } } });
    const spec = { openapi: '3.0.3', info: { title: 'Long', version: '1' }, paths: { '/secrets': { post: operation(`${paragraph} first`) }, '/others': { post: operation(`${paragraph} second`) } } };
    const root = tempRoot({
      'docs.json': docsJsonWith({ tabs: [{ tab: 'API', openapi: { source: 'spec.json', directory: 'api' }, groups: [{ group: 'Start', pages: ['index'] }] }] }),
      'index.mdx': '---\ntitle: Home\n---\n\nThe API.\n',
      'spec.json': JSON.stringify(spec),
    });
    const outFile = path.join(root, '.docs-build', 'manifest.json');
    const result = await build({ root, outFile, rules: false });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.written).toBe(outFile);
    const manifest = JSON.parse(readFileSync(outFile, 'utf8')) as { pages: Record<string, { content?: { file: string } }> };
    const long = Object.keys(manifest.pages).filter((id) => id.length > 500);
    expect(long).toHaveLength(2);
    const files = long.map((id) => manifest.pages[id]!.content!.file);
    expect(new Set(files).size).toBe(2);
    for (const file of files) {
      expect(Math.max(...file.split('/').map((segment) => Buffer.byteLength(segment)))).toBeLessThanOrEqual(210);
      expect(existsSync(path.join(root, '.docs-build', file))).toBe(true);
      expect(existsSync(path.join(root, '.docs-build', file.replace(/\.json$/, '.md')))).toBe(true);
    }
    // Reused on the next run (the run that could not write its content failed every time).
    expect((await build({ root, outFile, rules: false, cache: true })).written).toBe(outFile);
  });
});

describe('content folder ownership', () => {
  it('a content folder beside the manifest that docs-build did not write is refused, and nothing in it changes', async () => {
    const root = site();
    const outFile = path.join(root, 'out', 'manifest.json');
    const theirs = path.join(root, 'out', 'content', 'guide.json');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(path.dirname(theirs), { recursive: true });
    writeFileSync(theirs, 'not ours');
    const result = await build({ root, outFile, rules: false });
    expect(result.diagnostics.map((d) => d.code)).toContain('manifest/output-refused');
    expect(readFileSync(theirs, 'utf8')).toBe('not ours');
    expect(existsSync(outFile)).toBe(false);
  });
});

describe('links in the build', () => {
  it('a broken internal link is an error at the link, and external links are checked only with checkExternal, against a real server', async () => {
    const { createServer } = await import('node:http');
    const server = createServer((request, response) => {
      response.writeHead(request.url === '/gone' ? 404 : 200);
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const root = site({ 'unlisted.mdx': `---\ntitle: Links\n---\n\n[missing](/no-such-page) [gone](http://127.0.0.1:${port}/gone) [fine](http://127.0.0.1:${port}/ok)\n` });
      const plain = await build({ root, rules: false });
      expect(plain.diagnostics.filter((d) => d.code.startsWith('links/')).map((d) => `${d.code} ${d.file}:${d.line}:${d.column}`)).toEqual(['links/broken-link unlisted.mdx:5:1']);
      const external = await build({ root, rules: false, checkExternal: true, checkPrivateHosts: true });
      expect(external.diagnostics.filter((d) => d.code.startsWith('links/')).map((d) => `${d.code} ${d.file}:${d.line}`)).toEqual(['links/broken-link unlisted.mdx:5', 'links/external-broken unlisted.mdx:5']);
    } finally {
      server.close();
    }
  });

  it('a link to a redirected path is valid, and docs.json redirects are read from the configuration', async () => {
    const root = tempRoot({
      'docs.json': docsJsonWith({ groups: [{ group: 'Start', pages: ['index'] }] }, { redirects: [{ source: '/old/:slug*', destination: '/index' }] }),
      'index.mdx': '---\ntitle: Home\n---\n\n[moved](/old/guide) and [missing](/nowhere)\n',
    });
    const result = await build({ root, rules: false });
    expect(result.diagnostics.filter((d) => d.code.startsWith('links/')).map((d) => `${d.code} ${d.line}:${d.column}`)).toEqual(['links/broken-link 5:25']);
  });

  it("an openapi-schema: page's anchors are its fields' (the theme renders them), not its text's: not checked, as an endpoint page's", async () => {
    const spec = JSON.stringify({ openapi: '3.0.3', info: { title: 'A', version: '1' }, paths: {}, components: { schemas: { Sign: { type: 'object', properties: { status: { type: 'string' } } } } } });
    const root = tempRoot({
      'docs.json': docsJsonWith({ groups: [{ group: 'Start', pages: ['index', 'sign'] }] }),
      'openapi.json': spec,
      'sign.mdx': '---\ntitle: Sign\nopenapi-schema: "openapi.json Sign"\n---\n',
      'index.mdx': '---\ntitle: Home\n---\n\n[status](/sign#param-status) and [no heading](/index#nowhere)\n',
    });
    const result = await build({ root, rules: false });
    expect(result.diagnostics.filter((d) => d.code.startsWith('links/')).map((d) => `${d.code} ${d.line}:${d.column}`)).toEqual(['links/broken-anchor 5:34']);
  });

  it('pages under a build/ folder deeper than the top are published; a top-level build/ folder is not', async () => {
    const root = site({ 'guides/build/setup.mdx': '# Setup\n', 'build/output.md': '# Output\n' });
    const result = await build({ root, rules: false });
    expect(Object.keys(result.manifest!.pages)).toContain('guides/build/setup');
    expect(Object.keys(result.manifest!.pages)).not.toContain('build/output');
  });
});
