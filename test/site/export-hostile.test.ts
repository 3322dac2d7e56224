import { existsSync, lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostics/index.js';
import { llmsTxt } from '../../src/pipeline/llms.js';
import { exportMarker, exportSite, type ExportResult } from '../../src/site/export.js';
import { isRelative } from '../../src/site/export-state.js';
import { filesUnder, removeTemporaries, tempDir } from './helpers.js';

/*
 * Docs that name, by a redirect source, a page id or a docs root file, a path the export writes itself;
 * an --out reached through a link; redirect sources that would add lines to `_redirects`; page ids that
 * are not URL-safe. The export never fails on them, and writes everything else.
 */

afterAll(removeTemporaries);

/** A minimal site: `index` and `quickstart`, plus `pages` (files `<id>.mdx`) and docs.json `extra`. */
function site(options: { pages?: string[]; extra?: Record<string, unknown>; files?: Record<string, string> } = {}): string {
  const root = path.join(tempDir(), 'docs');
  mkdirSync(root);
  const pages = ['index', 'quickstart', ...(options.pages ?? [])];
  // A site URL, so that the export writes its sitemap.xml (the paths in question include it).
  const config = { name: 'S', theme: 'mint', colors: { primary: '#000000' }, seo: { metatags: { canonical: 'https://s.example' } }, navigation: { groups: [{ group: 'G', pages }] }, ...options.extra };
  // Written one key a line, so a redirect's source has a line of its own.
  writeFileSync(path.join(root, 'docs.json'), `${JSON.stringify(config, null, 2)}\n`);
  for (const id of pages) {
    const file = path.join(root, `${id}.mdx`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `---\ntitle: Page ${id.replace(/[^A-Za-z0-9 ]/g, ' ')}\n---\n\nText of ${id.replace(/[^A-Za-z0-9 ]/g, ' ')}.\n`);
  }
  for (const [file, text] of Object.entries(options.files ?? {})) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

/** The export's own files and the two pages' files are there, as the export makes them. */
function expectSiteFiles(out: string): void {
    expect(read(out, 'sitemap.xml')).toContain('<urlset');
    expect(read(out, 'robots.txt')).toContain('Sitemap:');
    expect(read(out, '404.html')).toContain('<html');
    expect(read(out, 'index.html')).toContain('Page index');
    expect(read(out, 'quickstart.md')).toContain('Text of quickstart');
}

/** The line and column (1-based) where `needle` first is in `file`. */
function positionOf(file: string, needle: string): { line: number; column: number } {
  const text = readFileSync(file, 'utf8');
  const at = text.indexOf(needle);
  expect(at, needle).toBeGreaterThanOrEqual(0);
  const before = text.slice(0, at).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

const exportDiagnostics = (exported: ExportResult): Diagnostic[] => exported.result.diagnostics.filter((d) => d.code === 'site/page-path-taken' || d.code === 'site/path-taken');

const read = (out: string, file: string): string => readFileSync(path.join(out, file), 'utf8');

describe('redirect sources that name a file the export writes', () => {
  const sources = ['/sitemap.xml', '/llms.txt', '/robots.txt', '/404.html', '/_redirects', '/index.html', '/quickstart.md', '/quickstart/index.html', '/.docs-build-export', '/_docs-build/search'];
  let root: string;
  let out: string;
  let exported: ExportResult;

  beforeAll(async () => {
    root = site({
      extra: {
        redirects: [
          ...sources.map((source) => ({ source, destination: '/index' })),
          { source: '/old', destination: '/quickstart' },
        ],
      },
    });
    out = path.join(tempDir(), 'site');
    exported = await exportSite({ root, outDir: out });
  }, 120_000);

  it('writes the export, its own files intact, and no HTML redirect in their place', () => {
    expect(exported.written).toBe(out);
    expectSiteFiles(out);
    expect(read(out, 'quickstart/index.html')).toContain('Page quickstart');
    expect(lstatSync(path.join(out, exportMarker)).isFile()).toBe(true);
    expect(JSON.parse(read(out, exportMarker)).state).toBeDefined();
    expect(lstatSync(path.join(out, '_redirects')).isFile()).toBe(true);
    expect(read(out, 'old/index.html')).toContain('url=/quickstart');
    for (const source of sources) {
      const file = path.join(out, source.slice(1), 'index.html');
      expect(existsSync(file) && read(out, path.relative(out, file)).includes('Redirecting'), source).toBe(false);
    }
  });

  it("reports each at the redirect's source in docs.json, as a warning", () => {
    const reported = exportDiagnostics(exported);
    for (const source of sources.filter((s) => s !== '/_docs-build/search')) {
      const found = reported.find((d) => d.message.includes(`"${source}"`));
      expect(found, source).toBeDefined();
      expect(found!.severity).toBe('warning');
      expect(found!.file).toBe('docs.json');
      expect({ line: found!.line, column: found!.column }, source).toEqual(positionOf(path.join(root, 'docs.json'), JSON.stringify(source)));
    }
    expect(reported.find((d) => d.message.includes('"/_docs-build/search"'))?.message).toContain("_docs-build/ is the export's own folder");
  });

  it("with --strict, reports them as errors, as the build's warnings are", async () => {
    const strict = await exportSite({ root, outDir: path.join(tempDir(), 'strict'), strict: true });
    const reported = exportDiagnostics(strict);
    expect(reported).toHaveLength(exportDiagnostics(exported).length);
    expect(reported.map((d) => d.severity)).toEqual(reported.map(() => 'error'));
  }, 120_000);

  it("follows the project's rule settings and ignore file, as the build does", async () => {
    const ruled = site({ extra: { redirects: sources.map((source) => ({ source, destination: '/index' })) } });
    writeFileSync(path.join(ruled, 'docs-build.json'), JSON.stringify({ rules: { 'site/path-taken': 'off' } }));
    const strict = await exportSite({ root: ruled, outDir: path.join(tempDir(), 'ruled'), strict: true });
    expect(exportDiagnostics(strict)).toEqual([]);
    expect(strict.result.ignored?.byCode['site/path-taken']).toBe(exportDiagnostics(exported).length);
    // An ignore entry for a problem of the export is used there, and the build does not call it unused.
    rmSync(path.join(ruled, 'docs-build.json'));
    const entry = { code: 'site/path-taken', file: 'docs.json', pointer: '/redirects/0/source' };
    writeFileSync(path.join(ruled, '.docs-build-ignore.json'), JSON.stringify({ ignore: [entry] }));
    const ignored = await exportSite({ root: ruled, outDir: path.join(tempDir(), 'ruled') });
    expect(exportDiagnostics(ignored)).toHaveLength(exportDiagnostics(exported).length - 1);
    expect(ignored.result.diagnostics.filter((d) => d.code === 'rules/unused-ignore')).toEqual([]);
    expect(ignored.result.ignored?.ignoreFile).toBe(1);
  }, 120_000);

  it('updates in place the same way (the same layout, no error)', async () => {
    const again = await exportSite({ root, outDir: out });
    expect(again.mode).toBe('update');
    expect(read(out, 'sitemap.xml')).toContain('<urlset');
  }, 120_000);
});

/** Whether the temporary folder tells `a` from `A` (Linux does; macOS and Windows do not, where this suite's fixtures of such pairs cannot exist). */
function caseSensitiveTemporaries(): boolean {
  const dir = tempDir();
  writeFileSync(path.join(dir, 'a'), '');
  return !existsSync(path.join(dir, 'A'));
}

describe('paths that differ only in case (one file on macOS and Windows)', () => {
  it.skipIf(!caseSensitiveTemporaries())('are claimed once: the page keeps its files, the redirect and the later root file are left out with a warning', async () => {
    const root = site({ extra: { redirects: [{ source: '/QuickStart', destination: '/index' }, { source: '/_Docs-Build/x', destination: '/index' }] }, files: { 'images/logo.png': 'lower', 'Images/Logo.png': 'upper', 'Caf\u00e9/a.png': 'nfc', 'Cafe\u0301/a.png': 'nfd' } });
    const out = path.join(tempDir(), 'site');
    const exported = await exportSite({ root, outDir: out });
    expect(exported.written).toBe(out);
    expect(read(out, 'quickstart/index.html')).toContain('Page quickstart');
    expect(existsSync(path.join(out, 'QuickStart'))).toBe(false);
    const reported = exportDiagnostics(exported);
    // (The root's files are claimed in code-unit order: the upper case and decomposed names first.)
    expect(reported.map((d) => `${d.severity} ${d.file}`).sort()).toEqual(['warning Caf\u00e9/a.png', 'warning docs.json', 'warning docs.json', 'warning images/logo.png']);
    // The export's own folder, in another case, is still its own.
    expect(reported.find((d) => d.message.includes('/_Docs-Build/x'))?.message).toContain("_docs-build/ is the export's own folder");
    for (const diagnostic of reported.filter((d) => !d.message.includes('/_Docs-Build/x'))) expect(diagnostic.message).toContain('paths that differ only in case are one file on macOS and Windows');
    expect(read(out, 'Images/Logo.png')).toBe('upper');
    expect(existsSync(path.join(out, 'images/logo.png'))).toBe(false);
    expect(read(out, 'Cafe\u0301/a.png')).toBe('nfd');
  }, 120_000);
});

describe("the export's one check of a path inside its folder", () => {
  it('takes relative /-separated paths only: no empty, . or .. segment, no backslash, no NUL', () => {
    expect(['a', 'a/b.html', 'caf\u00e9/a b', '_docs-build/x.json'].filter(isRelative)).toHaveLength(4);
    expect(['', '/a', 'a/', 'a//b', './a', 'a/../b', '..', 'a\\b', 'a\u0000b', 'a/b\u0000'].filter(isRelative)).toEqual([]);
  });
});

describe('redirect sources with a query, a fragment or percent-escapes', () => {
  it('get their HTML redirect at the file a static host serves for the path, or none; with a query or fragment, no redirect a host could serve', async () => {
    const redirects = ['/old?from=x', '/moved#part', '/caf%C3%A9', '/a%2Fb', '/bad%E0%A4', '/dots/%2E%2E', '/nul%00x', '/line%0Abreak', '/back%5Cslash'].map((source) => ({ source, destination: '/quickstart' }));
    const out = path.join(tempDir(), 'site');
    const exported = await exportSite({ root: site({ extra: { redirects } }), outDir: out });
    expect(exported.written).toBe(out);
    expect(read(out, 'caf\u00e9/index.html')).toContain('url=/quickstart');
    // No file stands for an escaped slash or backslash, an escape that does not decode, a `..` segment
    // or a control character (a NUL in a file name threw in mkdir and ended the export).
    const written = filesUnder(out).filter((file) => file.endsWith('/index.html') && read(out, file).includes('Redirecting'));
    expect(written).toEqual(['caf\u00e9/index.html']);
    // Every other source keeps its line in _redirects as written; a host never sees a fragment and
    // matches no query, and the path alone (a page, often: /docs/#errors) is not the source's to redirect.
    const lines = read(out, '_redirects').split('\n').filter(Boolean);
    expect(lines).toEqual(redirects.slice(2).map(({ source }) => `${source} /quickstart 301`));
  }, 120_000);
});

describe('redirects with whitespace or control characters', () => {
  let out: string;

  beforeAll(async () => {
    const root = site({
      extra: {
        redirects: [
          { source: '/old', destination: '/quickstart' },
          // A newline in a source would add a line of its own to `_redirects`; a space, a field.
          { source: '/* https://evil.example/:splat 200!\n/legacy', destination: '/' },
          { source: '/spaced', destination: 'https://ok.example/a 200!' },
          { source: '/tabbed\t/x', destination: '/quickstart' },
        ],
      },
      // The compiler reports each as links/invalid-redirect (an error); a team that turned it down still never publishes them.
      files: { 'docs-build.json': JSON.stringify({ rules: { 'links/invalid-redirect': 'warn' } }) },
    });
    out = path.join(tempDir(), 'site');
    expect((await exportSite({ root, outDir: out })).written).toBe(out);
  }, 120_000);

  it('never writes a source or destination with whitespace or a control character into _redirects or as an HTML redirect', () => {
    const lines = read(out, '_redirects').split('\n');
    expect(lines.some((line) => line.includes('evil.example'))).toBe(false);
    expect(lines.some((line) => line.includes('legacy') || line.includes('spaced') || line.includes('tabbed'))).toBe(false);
    expect(lines).toContain('/old /quickstart 301');
    // Every line is source, destination, status.
    for (const line of lines.filter(Boolean)) expect(line.split(' '), line).toHaveLength(3);
    expect(filesUnder(out).some((file) => /evil|legacy|spaced|tabbed/.test(file))).toBe(false);
  });
});

describe('page ids and docs root files that name a file the export writes', () => {
  const clashing = ['sitemap.xml', 'llms.txt', 'robots.txt', '404.html', 'index.html', 'quickstart.md'];
  let root: string;
  let out: string;
  let exported: ExportResult;

  beforeAll(async () => {
    root = site({ pages: [...clashing, 'guides/index', 'guides.md/more'], files: { 'quickstart.md/img.png': 'png', 'index.html': '<p>mine</p>', '_docs-build/x.png': 'png', 'images/ok.png': 'ok' } });
    out = path.join(tempDir(), 'site');
    exported = await exportSite({ root, outDir: out });
  }, 120_000);

  it('exports every other page and file', () => {
    expect(exported.written).toBe(out);
    expectSiteFiles(out);
    expect(read(out, 'guides/index.html')).toContain('Page guides index');
    expect(read(out, 'images/ok.png')).toBe('ok');
    expect(exported.pages).toBe(4);
    for (const id of clashing) expect(existsSync(path.join(out, id, 'index.html')), id).toBe(false);
  });

  it('reports a page that cannot be exported at its page file, as an error; a file of the root left out, as a warning', () => {
    const reported = exportDiagnostics(exported);
    for (const id of clashing) {
      const found = reported.find((d) => d.message.startsWith(`page "${id}" is not exported`));
      expect(found, id).toBeDefined();
      expect(found!.severity).toBe('error');
      expect(found!.file).toBe(`${id}.mdx`);
    }
    const files = reported.filter((d) => d.severity === 'warning').map((d) => d.file);
    expect(files).toEqual(expect.arrayContaining(['quickstart.md/img.png', 'index.html', '_docs-build/x.png']));
    // `guides.md/more` is a page whose HTML needs `guides.md` as a folder: the second twin of `guides/index` gives way.
    expect(reported.find((d) => d.file === 'guides/index.mdx')?.severity).toBe('warning');
    expect(read(out, 'guides.md/more/index.html')).toContain('Page guides md more');
  });
});

describe('a page named .docs-build-export', () => {
  it('is not exported, and the marker is', async () => {
    const root = site({ pages: ['.docs-build-export'] });
    const out = path.join(tempDir(), 'site');
    const exported = await exportSite({ root, outDir: out });
    expect(exported.written).toBe(out);
    expect(JSON.parse(read(out, exportMarker)).state).toBeDefined();
    expect(exportDiagnostics(exported).some((d) => d.file === '.docs-build-export.mdx' && d.severity === 'error')).toBe(true);
  }, 120_000);
});

describe('an update in place where a file must become a folder', () => {
  it('is made anew instead', async () => {
    const root = site({ files: { extra: 'a file' } });
    const out = path.join(tempDir(), 'site');
    expect((await exportSite({ root, outDir: out })).written).toBe(out);
    expect(read(out, 'extra')).toBe('a file');
    rmSync(path.join(root, 'extra'));
    mkdirSync(path.join(root, 'extra'));
    writeFileSync(path.join(root, 'extra', 'b.png'), 'b');
    const second = await exportSite({ root, outDir: out });
    expect(second.written).toBe(out);
    expect(read(out, 'extra/b.png')).toBe('b');
  }, 120_000);
});

describe('--out reached through a link', () => {
  it('is refused when it leads into the docs root, and when the root is reached through a link to the folder holding --out', async () => {
    const root = site();
    const link = `${root}-link`;
    symlinkSync(root, link);
    const inside = await exportSite({ root, outDir: path.join(link, 'site') });
    expect(inside.refused).toMatch(/is inside the docs root/);
    expect(existsSync(path.join(root, 'site'))).toBe(false);
    const reverse = await exportSite({ root: link, outDir: path.join(root, 'site2') });
    expect(reverse.refused).toMatch(/is inside the docs root/);
    const holding = await exportSite({ root, outDir: path.dirname(link) });
    expect(holding.refused).toMatch(/is the docs root or holds it|not empty/);
    const itself = await exportSite({ root: link, outDir: root });
    expect(itself.refused).toMatch(/is the docs root or holds it/);
    // A hidden folder inside the root is fine, through a link too.
    const hidden = await exportSite({ root, outDir: path.join(link, '.docs-build', 'site') });
    expect(hidden.refused).toBeUndefined();
  }, 120_000);
});

describe('llms.txt links of page ids that are not URL-safe', () => {
  it('encodes each path segment', () => {
    const ids = ['a b', 'q?x', 'h#y', 'p%41', 'dir/c d'];
    const pages = Object.fromEntries(ids.map((id) => [id, { id, title: id, hidden: false, inNavigation: true }]));
    const manifest = { site: { name: 'S', extra: {} }, navigation: [{ kind: 'group', label: 'G', children: ids.map((id) => ({ kind: 'page', label: id, page: id, children: [] })) }], pages } as unknown as Parameters<typeof llmsTxt>[0];
    const { llmsTxt: index, llmsFullTxt } = llmsTxt(manifest, Object.fromEntries(ids.map((id) => [id, `# ${id}\n\ntext\n`])), { baseUrl: 'https://x.example' });
    for (const [id, url] of [['a b', '/a%20b.md'], ['q?x', '/q%3Fx.md'], ['h#y', '/h%23y.md'], ['p%41', '/p%2541.md'], ['dir/c d', '/dir/c%20d.md']]) {
      expect(index, id).toContain(`](https://x.example${url})`);
      expect(llmsFullTxt, id).toContain(`Source: https://x.example${url}`);
    }
  });

  it('in the export, lead to the Markdown twins a static server serves', async () => {
    const root = site({ pages: ['a b', 'p%41'] });
    const out = path.join(tempDir(), 'site');
    const exported = await exportSite({ root, outDir: out });
    expect(exported.written).toBe(out);
    const llms = read(out, 'llms.txt');
    expect(llms).toContain('(/a%20b.md)');
    expect(llms).toContain('(/p%2541.md)');
    expect(read(out, decodeURIComponent('a%20b.md'))).toContain('Text of a b');
    expect(read(out, decodeURIComponent('p%2541.md'))).toContain('Text of p 41');
  }, 120_000);
});
