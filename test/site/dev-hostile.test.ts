import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import picomatch from 'picomatch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxRequestTargetLength } from '../../src/site/dev-middleware.js';
import { sitePaths } from '../../src/site/paths.js';
import { servedFolders } from '../../src/site/plugin.js';
import { publishedPath } from '../../src/root/published-files.js';
import { copyOfExample, removeTemporaries } from './helpers.js';

const projectDir = fileURLToPath(new URL('../../', import.meta.url));

/*
 * `docs-build dev` against hostile requests, in a real process (the CLI from the sources) on a copy of
 * docs-example that holds links out of the root, a hidden key, and the root's settings and sources:
 * - a URL of thousands of segments overflowed the stack of Vite's native code and killed the process
 *   (SIGSEGV): it gets 414 before anything reaches Vite, and the server goes on;
 * - the preview serves the docs root's files exactly as the export publishes them (never through a
 *   link, never a hidden file, a source, a snippet or a setting), and Vite serves nothing of the docs
 *   root nor of docs-build's own folder beyond what the browser loads (the theme, the entries, KaTeX's
 *   stylesheet and fonts).
 */
describe('docs-build dev against hostile requests', () => {
  let root: string;
  let child: ChildProcessByStdio<null, Readable, Readable>;
  let url: string;
  let output = '';
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;

  beforeAll(async () => {
    root = copyOfExample();
    const parent = path.dirname(root);
    writeFileSync(path.join(parent, 'outside.txt'), 'OUTSIDE THE ROOT\n');
    symlinkSync('/etc/passwd', path.join(root, 'images', 'leak.txt'));
    symlinkSync('/etc', path.join(root, 'etcdir'));
    symlinkSync('..', path.join(root, 'up'));
    mkdirSync(path.join(root, '.ssh'));
    writeFileSync(path.join(root, '.ssh', 'id_rsa'), 'PRIVATE KEY\n');
    // Published, and at the path of a file of docs-build's own folder (Vite's root).
    writeFileSync(path.join(root, 'tsconfig.json'), '{ "docs-root": true }\n');
    // From the project folder, where `--import tsx` resolves.
    child = spawn(process.execPath, ['--import', 'tsx', 'test/robustness/support/cli-src.ts', 'dev', root, '--port', '0'], {
      cwd: projectDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => void (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString('utf8')));
    child.on('exit', (code, signal) => void (exit = { code, signal }));
    const deadline = Date.now() + 30_000;
    let match: RegExpExecArray | null;
    while (!(match = /docs-build dev: (http:\/\/\S+)/.exec(output))) {
      if (exit || Date.now() > deadline) throw new Error(`dev did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    url = match[1]!.replace(/\/$/, '');
  }, 60_000);

  afterAll(async () => {
    if (child && !exit) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    removeTemporaries();
  });

  const get = async (target: string): Promise<{ status: number; body: string }> => {
    try {
      const response = await fetch(`${url}${target}`);
      return { status: response.status, body: await response.text() };
    } catch (error) {
      throw new Error(`${target.slice(0, 60)}: ${String(error)}; the server ${exit ? `exited (${JSON.stringify(exit)})` : 'runs'}\n${output.slice(-2000)}`);
    }
  };
  /** The targets answered with anything but 403/404, or whose body shows what must stay private. */
  const served = async (targets: string[]): Promise<string[]> => {
    const found: string[] = [];
    for (const target of targets) {
      const { status, body } = await get(target);
      if (![403, 404].includes(status) || /root:x:0|PRIVATE KEY|OUTSIDE THE ROOT|"navigation"|"name": "docs-build"/.test(body)) found.push(`${status} ${target}`);
    }
    return found;
  };

  // First: the crash needed a server that had served no page yet.
  it('answers a URL of thousands of segments with 414, in the path, under /@fs/ and in the query, and keeps serving', async () => {
    const segments = 'a/'.repeat(6000);
    for (const target of [`/${segments}`, `/@fs/${segments}`, `/?q=${segments}`, `/@fs${root}/${segments}`]) {
      const { status } = await get(target);
      expect(status, target.slice(0, 40)).toBe(414);
      expect(exit, output).toBeUndefined();
    }
    // Just under the limit: an ordinary not-found page.
    expect((await get(`/${'a/'.repeat((maxRequestTargetLength - 2) / 2)}b`)).status).toBe(404);
    expect((await get('/quickstart')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(exit, output).toBeUndefined();
  }, 60_000);

  it("serves a page and the docs root's published files, before a file of docs-build's folder at the same path", async () => {
    const page = await get('/quickstart');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<!doctype html>');
    for (const file of ['images/background-dark.svg', 'logo/light.svg', 'favicon.svg', 'tsconfig.json']) {
      const { status, body } = await get(`/${file}`);
      expect(status, file).toBe(200);
      expect(body).toBe(readFileSync(path.join(root, file), 'utf8'));
    }
  });

  it('serves nothing through a link out of the root, no hidden file, no setting, no snippet, no page source', async () => {
    const targets = [
      '/images/leak.txt',
      '/etcdir/passwd',
      '/up/outside.txt',
      '/up/docs/docs.json',
      '/.ssh/id_rsa',
      '/docs.json',
      '/docs-build.json',
      '/snippets/acme-lang.tmLanguage.json',
      '/snippets/support.mdx',
      '/index.mdx',
      '/quickstart.mdx',
      '/%2e%2e/outside.txt',
      '/images/..%2f..%2foutside.txt',
    ];
    expect(await served(targets)).toEqual([]);
  });

  it("serves nothing of the docs root or of docs-build's own folder through Vite (/@fs/, its root)", async () => {
    const targets = [
      `/@fs${root}/etcdir/passwd?raw`,
      `/@fs${root}/etcdir/passwd`,
      `/@fs${root}/images/leak.txt`,
      `/@fs${root}/.ssh/id_rsa`,
      `/@fs${root}/index.mdx?raw`,
      `/@fs${root}/docs.json`,
      `/@fs${root}/snippets/support.mdx?raw`,
      `/@fs${path.dirname(root)}/outside.txt`,
      '/@fs/etc/passwd',
      '/package.json',
      '/README.md',
      '/src/cli/main.ts',
      '/src/site/plugin.ts',
      '/node_modules/vite/package.json',
      `/@fs${projectDir}package.json`,
      `/@fs${projectDir}node_modules/vite/package.json`,
    ];
    expect(await served(targets)).toEqual([]);
  });

  it('still serves what the browser loads through Vite: the client entry, the theme, KaTeX\'s stylesheet and fonts', async () => {
    const paths = sitePaths();
    const katexCss = createRequire(path.join(paths.themeDir, 'styles', 'content.css')).resolve('katex/dist/katex.min.css');
    for (const target of [
      `/@fs${paths.clientEntry}`,
      '/src/theme/styles/layout.css?direct',
      `/@fs${katexCss}?direct`,
      `/@fs${path.join(path.dirname(katexCss), 'fonts', 'KaTeX_Main-Regular.woff2')}`,
    ]) {
      expect((await get(target)).status, target).toBe(200);
    }
  });
});

describe("the preview's rule of published files and Vite's serving settings", () => {
  it('publishes by name as the export does', () => {
    for (const file of ['images/a.png', 'logo/dark.svg', 'openapi.yaml', 'downloads/guide.pdf', 'nested/snippets/a.json', 'nested/docs.json']) expect(publishedPath(file), file).toBe(true);
    for (const file of ['docs.json', 'docs-build.json', 'mint.json', 'package.json', 'snippets/a.json', 'index.mdx', 'guides/a.md', 'tool.ts', '.env', '.ssh/id_rsa', 'a/.hidden/b.png', 'node_modules/x/a.png', '.docs-build/manifest.json', 'a/../b.png', 'a//b.png', '', 'images/a.png~', 'b~/a.png'])
      expect(publishedPath(file), file).toBe(false);
  });

  it('a docs root inside a folder Vite serves: its unpublished files are denied by name', () => {
    const paths = sitePaths();
    const root = path.join(paths.themeDir, 'docs [v2]');
    const { strict, allow, deny } = servedFolders(paths, root);
    expect(strict).toBe(true);
    expect(allow).toContain(paths.themeDir);
    // As Vite compiles `server.fs.deny`.
    const denied = picomatch(deny.map((pattern) => (pattern.includes('/') ? pattern : `**/${pattern}`)), { matchBase: false, nocase: true, dot: true });
    for (const file of ['docs.json', 'docs-build.json', 'index.mdx', 'guides/a.MD', 'snippets/a.json', '.ssh/id_rsa', 'a/.hidden/b.png', 'node_modules/x/a.png', '.env'])
      expect(denied(path.join(root, file)), file).toBe(true);
    for (const file of ['images/a.png', 'nested/docs.json', 'openapi.yaml']) expect(denied(path.join(root, file)), file).toBe(false);
    // Elsewhere (docs-example is beside the theme, not in it), the docs root needs no names denied.
    expect(servedFolders(paths, path.join(paths.packageDir, 'docs-example')).deny).toEqual(['.env', '.env.*', '*.{crt,pem,key,p12,pfx,cer,der}', '.npmrc', '.yarnrc.yml', '**/.git/**']);
  });
});
