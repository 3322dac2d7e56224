/**
 * The docs-root boundary (PRODUCT.md, Security): page paths, spec paths (docs.json and frontmatter),
 * `$ref`s (docs.json and OpenAPI), MDX imports and logo/favicon paths that leave the root through `..`,
 * absolute paths, URL-encoded traversal or symbolic links are refused with a diagnostic, and no file
 * outside the root is touched.
 *
 * How "nothing outside is touched" is proved: next to every docs root sits an `outside/` folder of
 * canary files (valid pages, specs, JSON, an SVG), the targets of every escaping reference and symlink.
 * 1. Always: builds run in a child process whose `node:fs` and `node:fs/promises` functions are wrapped
 *    (and propagated to ESM named imports with `syncBuiltinESMExports()`, see support/build-child.ts);
 *    every path handed to any of them is recorded, and no recorded path may lie under `outside/`.
 * 2. When `strace` is installed (skipped otherwise; CI does not need it): the same builds under
 *    `strace -f -e trace=openat,open` show no open() of any path under `outside/`, which also covers
 *    reads done inside Node or native code without the public fs API.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BuildRunner, expectBuildInvariants, projectDir, removeTempDirs, seedPreviousManifest, summarize, tempDir } from './support/build-runner.js';
import type { OkReply } from './support/protocol.js';
import { fixturesDir, writeFiles } from './support/roots.js';

const runner = new BuildRunner({ traceFs: true });
afterAll(() => {
  runner.close();
  removeTempDirs();
});

const canaryPage = '---\ntitle: "CANARY page outside the root"\n---\n\nIf this is in a manifest, the boundary leaked.\n';
const canaryJson = '{ "group": "CANARY", "pages": ["index"] }\n';
const canarySchemas = '{ "Secret": { "type": "object", "description": "CANARY schema" } }\n';

interface Sandbox {
  root: string;
  outside: string;
  outFile: string;
}

/**
 * `<tmp>/root` (fixtures/robust-api plus `files`), `<tmp>/outside` (canaries), `<tmp>/out`, and symbolic
 * links `links` (root-relative path -> path relative to `outside/`).
 */
function sandbox(files: Record<string, string> = {}, links: Record<string, string> = {}): Sandbox {
  const base = tempDir('docs-build-boundary-');
  const root = path.join(base, 'root');
  const outside = path.join(base, 'outside');
  cpSync(path.join(fixturesDir, 'robust-api'), root, { recursive: true });
  writeFiles(outside, {
    'secret.mdx': canaryPage,
    'secret.md': canaryPage,
    'nav.json': canaryJson,
    'spec.json': readFileSync(path.join(fixturesDir, 'robust-api/openapi.json'), 'utf8').replace('Robust API', 'CANARY spec'),
    'schemas.json': canarySchemas,
    'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"><!-- CANARY --></svg>\n',
    'snippet.mdx': 'CANARY snippet\n',
    'dir/page.mdx': canaryPage,
  });
  writeFiles(root, files);
  for (const [link, target] of Object.entries(links)) {
    mkdirSync(path.dirname(path.join(root, link)), { recursive: true });
    symlinkSync(path.join(outside, target), path.join(root, link));
  }
  mkdirSync(path.join(base, 'out'));
  return { root, outside, outFile: path.join(base, 'out', 'manifest.json') };
}

/** Builds with fs tracing; asserts the invariants and that no path under `outside/` was handed to node:fs. */
async function buildTraced(box: Sandbox): Promise<OkReply> {
  seedPreviousManifest(box.outFile);
  const reply = await runner.run({ root: box.root, outFile: box.outFile, trace: true }, 30_000);
  expectBuildInvariants(reply, box.outFile);
  const touched = (reply.accesses ?? []).filter((access) => access.path === box.outside || access.path.startsWith(box.outside + path.sep));
  expect(touched, 'file-system calls on paths outside the docs root').toEqual([]);
  // The trace works: the build did read inside the root.
  expect(reply.accesses?.some((access) => access.path === path.join(box.root, 'docs.json'))).toBe(true);
  expect(JSON.stringify(reply.diagnostics)).not.toContain('CANARY');
  return reply;
}

/** docs.json of fixtures/robust-api with a fourth tab holding `pages`, and `extra` top-level keys. */
function configWith(pages: unknown[], extra: Record<string, unknown> = {}, tab: Record<string, unknown> = {}): string {
  const config = JSON.parse(readFileSync(path.join(fixturesDir, 'robust-api/docs.json'), 'utf8')) as { navigation: { tabs: unknown[] } } & Record<string, unknown>;
  config.navigation.tabs.push({ tab: 'Boundary', ...tab, groups: [{ group: 'Out', pages }] });
  Object.assign(config, extra);
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** 1-based line and column of the first occurrence of `needle` in `text`. */
function at(text: string, needle: string): string {
  const offset = text.indexOf(needle);
  expect(offset, `${needle} in the test's own file`).toBeGreaterThanOrEqual(0);
  const lines = text.slice(0, offset).split('\n');
  return `${lines.length}:${lines[lines.length - 1]!.length + 1}`;
}

const boundaryCodes = (code: string): boolean => code.startsWith('root/') || code === 'navigation/page-not-found' || code === 'content/snippet-not-found' || code === 'config/ref-not-found' || code === 'openapi/spec-not-found' || code === 'config/asset-not-found';

describe('page paths', () => {
  it('.., absolute, URL-encoded and symlinked page paths are refused at their navigation entry', async () => {
    const pages = [
      '../outside/secret',
      'guides/../../outside/secret',
      '%2e%2e/outside/secret',
      '..%2Foutside%2Fsecret',
      'C:\\outside\\secret',
      '\\\\server\\share\\secret',
      'file:///etc/passwd',
      'linked-page',
      'linked-dir/page',
    ];
    const config = configWith(pages);
    const box = sandbox({ 'docs.json': config }, { 'linked-page.mdx': 'secret.mdx', 'linked-dir': 'dir' });
    const reply = await buildTraced(box);
    const lines = summarize(reply, boundaryCodes);
    expect(lines).toEqual([
      `error root/path-escapes-root docs.json:${at(config, '"../outside/secret"')}`,
      `error root/path-escapes-root docs.json:${at(config, '"guides/../../outside/secret"')}`,
      `error root/path-escapes-root docs.json:${at(config, '"%2e%2e/outside/secret"')}`,
      `error root/path-escapes-root docs.json:${at(config, '"..%2Foutside%2Fsecret"')}`,
      `error root/absolute-path docs.json:${at(config, '"C:\\\\outside')}`,
      `error root/absolute-path docs.json:${at(config, '"\\\\\\\\server')}`,
      `error root/absolute-path docs.json:${at(config, '"file:///etc/passwd"')}`,
      `error root/symlink-outside docs.json:${at(config, '"linked-page"')}`,
      // A folder link out of the root is never listed, so its pages are not found (nothing is read).
      `error navigation/page-not-found docs.json:${at(config, '"linked-dir/page"')}`,
    ]);
    expect(reply.manifestBytes).toBeDefined();
  });

  it('a root-relative "/etc/passwd" stays inside the root (not found there)', async () => {
    const config = configWith(['/etc/passwd']);
    const reply = await buildTraced(sandbox({ 'docs.json': config }));
    expect(summarize(reply, boundaryCodes)).toEqual([`error navigation/page-not-found docs.json:${at(config, '"/etc/passwd"')}`]);
  });
});

describe('spec paths', () => {
  it('openapi in docs.json: .., encoded, absolute and symlinked specs are refused where they are named', async () => {
    const config = configWith(['index'], {}, { openapi: ['../outside/spec.json', '%2e%2e/outside/spec.json', 'C:/outside/spec.json', 'linked-spec.json'] });
    const reply = await buildTraced(sandbox({ 'docs.json': config }, { 'linked-spec.json': 'spec.json' }));
    // Every spec of the list is reported at the list (the attachment's location).
    const list = config.indexOf('[', config.indexOf('"openapi": [', config.indexOf('"tab": "Boundary"')));
    const where = at(config.slice(0, list) + '\u0000', '\u0000');
    expect(summarize(reply, boundaryCodes)).toEqual([
      `error root/absolute-path docs.json:${where}`,
      `error root/path-escapes-root docs.json:${where}`,
      `error root/path-escapes-root docs.json:${where}`,
      `error root/symlink-outside docs.json:${where}`,
    ]);
  });

  it('openapi in frontmatter: a spec outside the root is refused at the frontmatter value', async () => {
    const pages = ['fm-escape', 'fm-encoded', 'fm-link'];
    const files = {
      'docs.json': configWith(pages),
      'fm-escape.mdx': '---\ntitle: Escape\nopenapi: "../outside/spec.json GET /users/{id}"\n---\n',
      'fm-encoded.mdx': '---\ntitle: Encoded\nopenapi: "%2e%2e/outside/spec.json GET /users/{id}"\n---\n',
      'fm-link.mdx': '---\ntitle: Link\nopenapi: "linked-spec.json GET /users/{id}"\n---\n',
    };
    const reply = await buildTraced(sandbox(files, { 'linked-spec.json': 'spec.json' }));
    const lines = summarize(reply, (code) => code.startsWith('root/') || code.startsWith('openapi/spec') || code.startsWith('mdx/invalid-openapi'));
    expect(lines).toEqual([
      'error root/path-escapes-root fm-encoded.mdx:3:10',
      'error root/path-escapes-root fm-escape.mdx:3:10',
      'error root/symlink-outside fm-link.mdx:3:10',
    ]);
  });
});

describe('$refs', () => {
  it('docs.json $ref: .., encoded, absolute and symlinked files are refused at the $ref', async () => {
    const config = configWith([{ $ref: '../outside/nav.json' }, { $ref: '%2e%2e/outside/nav.json' }, { $ref: 'C:\\outside\\nav.json' }, { $ref: 'linked-nav.json' }, { $ref: 'file:///etc/passwd' }]);
    const reply = await buildTraced(sandbox({ 'docs.json': config }, { 'linked-nav.json': 'nav.json' }));
    expect(summarize(reply, (code) => code.startsWith('root/') || code.startsWith('config/ref'))).toEqual([
      `error root/path-escapes-root docs.json:${at(config, '"../outside/nav.json"')}`,
      `error root/path-escapes-root docs.json:${at(config, '"%2e%2e/outside/nav.json"')}`,
      `error root/absolute-path docs.json:${at(config, '"C:\\\\outside')}`,
      `error root/symlink-outside docs.json:${at(config, '"linked-nav.json"')}`,
      `error config/ref-invalid docs.json:${at(config, '"file:///etc/passwd"')}`,
    ]);
  });

  it('OpenAPI $ref: .., encoded, absolute and symlinked files are refused at the $ref', async () => {
    const spec = readFileSync(path.join(fixturesDir, 'robust-api/openapi.json'), 'utf8').replace(
      '"Base": {',
      [
        '"Out1": { "$ref": "../outside/schemas.json#/Secret" },',
        '      "Out2": { "$ref": "%2e%2e/outside/schemas.json#/Secret" },',
        '      "Out3": { "$ref": "linked-schemas.json#/Secret" },',
        '      "Out4": { "$ref": "file:///etc/passwd#/x" },',
        '      "Uses": { "type": "object", "properties": { "a": { "$ref": "#/components/schemas/Out1" }, "b": { "$ref": "#/components/schemas/Out2" }, "c": { "$ref": "#/components/schemas/Out3" }, "d": { "$ref": "#/components/schemas/Out4" } } },',
        '      "Base": {',
      ].join('\n'),
    );
    const reply = await buildTraced(sandbox({ 'openapi.json': spec }, { 'linked-schemas.json': 'schemas.json' }));
    const lines = summarize(reply, (code) => code.startsWith('root/') || code === 'openapi/remote-ref-refused');
    expect(lines).toEqual([
      `error root/path-escapes-root openapi.json:${at(spec, '"../outside/schemas.json#/Secret"')}`,
      `error root/path-escapes-root openapi.json:${at(spec, '"%2e%2e/outside/schemas.json#/Secret"')}`,
      `error root/symlink-outside openapi.json:${at(spec, '"linked-schemas.json#/Secret"')}`,
      expect.stringMatching(new RegExp(`^error (root/absolute-path|openapi/remote-ref-refused) openapi.json:${at(spec, '"file:///etc/passwd#/x"')}$`)),
    ]);
  });
});

describe('MDX imports', () => {
  it('imports leaving the root through .. are refused at the import', async () => {
    const page = '---\ntitle: Imports\n---\n\nimport A from "../outside/snippet.mdx";\nimport B from "/../outside/snippet.mdx";\nimport C from "./guides/../../outside/snippet.mdx";\n\nBody.\n';
    const reply = await buildTraced(sandbox({ 'docs.json': configWith(['imports']), 'imports.mdx': page }));
    expect(summarize(reply, boundaryCodes)).toEqual(['error root/path-escapes-root imports.mdx:5:1', 'error root/path-escapes-root imports.mdx:6:1', 'error root/path-escapes-root imports.mdx:7:1']);
  });

  it('an import of a symlink leading out of the root is refused', async () => {
    const page = '---\ntitle: Imports\n---\n\nimport S from "/snippets/linked.mdx";\n\nBody.\n';
    const reply = await buildTraced(sandbox({ 'docs.json': configWith(['imports']), 'imports.mdx': page }, { 'snippets/linked.mdx': 'snippet.mdx' }));
    expect(summarize(reply, boundaryCodes)).toEqual(['error root/symlink-outside imports.mdx:5:1']);
  });
});

describe('logo and favicon', () => {
  it('logo/favicon paths with .., encoded traversal or an absolute path are refused at their value', async () => {
    const config = configWith(['index'], { logo: { light: '../outside/logo.svg', dark: '%2e%2e/outside/logo.svg' }, favicon: 'C:\\outside\\logo.svg' });
    const reply = await buildTraced(sandbox({ 'docs.json': config }));
    expect(summarize(reply, boundaryCodes)).toEqual([
      `error root/path-escapes-root docs.json:${at(config, '"../outside/logo.svg"')}`,
      `error root/path-escapes-root docs.json:${at(config, '"%2e%2e/outside/logo.svg"')}`,
      `error root/absolute-path docs.json:${at(config, '"C:\\\\outside')}`,
    ]);
  });

  it('a logo/favicon that is a symlink leading out of the root is refused', async () => {
    const config = configWith(['index'], { logo: '/linked-logo.svg', favicon: '/linked-favicon.svg' });
    const reply = await buildTraced(sandbox({ 'docs.json': config }, { 'linked-logo.svg': 'logo.svg', 'linked-favicon.svg': 'logo.svg' }));
    expect(summarize(reply, boundaryCodes)).toEqual([
      `error root/symlink-outside docs.json:${at(config, '"/linked-logo.svg"')}`,
      `error root/symlink-outside docs.json:${at(config, '"/linked-favicon.svg"')}`,
    ]);
  });
});

const strace = ((): string | undefined => {
  try {
    return execFileSync('which', ['strace'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
})();

describe.skipIf(!strace)('strace: no open() outside the root', () => {
  it('a build whose every kind of reference points outside opens nothing there', () => {
    const config = configWith(
      ['../outside/secret', '%2e%2e/outside/secret', 'linked-page', 'linked-dir/page', { $ref: '../outside/nav.json' }, { $ref: 'linked-nav.json' }, 'imports', 'fm-link'],
      { logo: { light: '../outside/logo.svg', dark: '/linked-logo.svg' } },
      { openapi: ['../outside/spec.json', 'linked-spec.json'] },
    );
    const spec = readFileSync(path.join(fixturesDir, 'robust-api/openapi.json'), 'utf8').replace(
      '"Base": {',
      '"Out1": { "$ref": "../outside/schemas.json#/Secret" },\n      "Out3": { "$ref": "linked-schemas.json#/Secret" },\n      "Base": {',
    );
    const box = sandbox(
      {
        'docs.json': config,
        'openapi.json': spec,
        'imports.mdx': '---\ntitle: Imports\n---\n\nimport A from "../outside/snippet.mdx";\nimport S from "/snippets/linked.mdx";\n',
        'fm-link.mdx': '---\ntitle: Link\nopenapi: "linked-spec.json GET /users/{id}"\n---\n',
      },
      { 'linked-page.mdx': 'secret.mdx', 'linked-dir': 'dir', 'linked-nav.json': 'nav.json', 'linked-spec.json': 'spec.json', 'linked-schemas.json': 'schemas.json', 'linked-logo.svg': 'logo.svg', 'snippets/linked.mdx': 'snippet.mdx' },
    );
    const log = path.join(path.dirname(box.root), 'strace.log');
    const result = spawnSync(strace!, ['-f', '-e', 'trace=open,openat', '-o', log, process.execPath, '--import', 'tsx', path.join(projectDir, 'test/robustness/support/build-once.ts'), box.root], {
      cwd: projectDir,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status, result.stderr).toBe(0);
    const summary = JSON.parse(result.stdout) as { errors: number; codes: string[] };
    expect(summary.codes).toEqual(expect.arrayContaining(['root/path-escapes-root', 'root/symlink-outside']));
    const opened = readFileSync(log, 'utf8')
      .split('\n')
      .filter((line) => /\bopen(at)?\(/.test(line));
    // The trace works: docs.json and the pages inside the root were opened.
    expect(opened.some((line) => line.includes(path.join(box.root, 'docs.json')))).toBe(true);
    expect(opened.filter((line) => line.includes(box.outside))).toEqual([]);
  }, 90_000);
});

