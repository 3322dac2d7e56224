import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, describe, expect, it } from 'vitest';
import { parseBasePath } from '../../src/cli/main.js';
import { runCli } from '../helpers/cli.js';
import { docsJsonWith, removeTempRoots, tempRoot } from '../helpers/temp-root.js';

afterAll(removeTempRoots);

const validSite = (): string => tempRoot({ 'docs.json': docsJsonWith({ pages: ['index'] }), 'index.mdx': '---\ntitle: Home\n---\n# Home\n' });
const brokenSite = (): string =>
  tempRoot({ 'docs.json': docsJsonWith({ pages: ['index', 'missing'] }, { theme: 'mnt' }).replace('"theme": "mint", ', ''), 'index.mdx': '# Home\n' });

describe('docs-build CLI', () => {
  it('--version prints the package version and exits 0', async () => {
    const run = await runCli(['--version']);
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(pkg.version);
  });

  it('--help lists the commands and exits 0', async () => {
    const run = await runCli(['--help']);
    expect(run.code).toBe(0);
    for (const command of ['build', 'check', 'schema', 'job']) expect(run.stdout).toContain(command);
  });

  it('an unknown command or option is a usage error: exit 2', async () => {
    expect((await runCli(['frobnicate'])).code).toBe(2);
    const run = await runCli(['build', '--format', 'xml']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('xml');
  });

  it('--base is refused unless it can be a path: whitespace, . or .. segments, a leading // (exit 2)', async () => {
    for (const base of ['../../', 'x y', '//evil.example/', '/docs/../x', '/a//b', '/a?b', 'a\\b']) {
      for (const command of ['export', 'dev']) {
        const run = await runCli([command, tempRoot({}), ...(command === 'export' ? ['--out', path.join(tempRoot({}), 'out')] : []), '--base', base]);
        expect(run.code, `${command} --base ${base}`).toBe(2);
        expect(run.stderr).toContain(`the base path ${JSON.stringify(base)}`);
      }
    }
    expect(parseBasePath(' /docs/ ')).toBe('/docs/');
    expect(parseBasePath('docs')).toBe('docs');
    expect(parseBasePath('/')).toBe('/');
    expect(parseBasePath('/v1.2/api')).toBe('/v1.2/api');
  });

  it('export --site-url keeps the path the docs are at; without a site URL it says why there is no sitemap', async () => {
    const root = validSite();
    const out = path.join(tempRoot({}), 'out');
    const bare = await runCli(['export', root, '--out', out]);
    expect(bare.code).toBe(0);
    expect(bare.stdout).toContain("no sitemap.xml generated and no canonical links: the site's URL is unknown");
    expect(existsSync(path.join(out, 'sitemap.xml'))).toBe(false);
    const given = await runCli(['export', root, '--out', out, '--site-url', 'https://acme.example/docs']);
    expect(given.code).toBe(0);
    expect(given.stdout).not.toContain('sitemap');
    expect(readFileSync(path.join(out, 'sitemap.xml'), 'utf8')).toContain('<loc>https://acme.example/docs/</loc>');
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toContain('<link rel="canonical" href="https://acme.example/docs/">');
  }, 120_000);

  it('schema prints the docs.json JSON Schema, compilable by ajv', async () => {
    const run = await runCli(['schema']);
    expect(run.code).toBe(0);
    const schema = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(schema.$schema).toContain('json-schema.org');
    expect(() => new Ajv({ strict: false, validateFormats: false }).compile(schema)).not.toThrow();
  });

  it('build writes the manifest and exits 0 on a valid root', async () => {
    const root = validSite();
    const out = path.join(root, 'out', 'manifest.json');
    const run = await runCli(['build', root, '--out', out]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/0 errors, 0 warnings, 0 infos\nbuilt 1 page \(1 MDX, 0 MDX API, 0 generated from 0 OpenAPI files\) -> .*manifest\.json in \d+ ms\n$/);
    const manifest = JSON.parse(readFileSync(out, 'utf8')) as { manifestVersion: number; pages: Record<string, unknown> };
    expect(manifest.manifestVersion).toBe(1);
    expect(Object.keys(manifest.pages)).toEqual(['index']);
  });

  it('build defaults the output to <root>/.docs-build/manifest.json', async () => {
    const root = validSite();
    const run = await runCli(['build', root]);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(root, '.docs-build', 'manifest.json'))).toBe(true);
  });

  it('build with errors exits 1, writes nothing and leaves an existing manifest untouched', async () => {
    const root = brokenSite();
    const out = path.join(root, 'manifest.json');
    writeFileSync(out, '{"previous": true}\n');
    const run = await runCli(['build', root, '--out', out]);
    expect(run.code).toBe(1);
    expect(readFileSync(out, 'utf8')).toBe('{"previous": true}\n');
    expect(run.stdout).toContain('errors found, no manifest written');
    expect(run.stdout).toContain('config/invalid-enum');
    expect(run.stdout).toContain('navigation/page-not-found');
  });

  it('check validates without writing anything', async () => {
    const root = validSite();
    const run = await runCli(['check', root]);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(root, '.docs-build'))).toBe(false);
    expect(run.stdout).toContain('checked 1 page ');
    expect((await runCli(['check', brokenSite()])).code).toBe(1);
  });

  it('human output: position, severity, code frame, hint and a summary line; colour only on a TTY', async () => {
    const root = brokenSite();
    const plain = await runCli(['check', root], { cwd: root });
    expect(plain.stdout).toContain('docs.json:3:12 error theme must be one of');
    expect(plain.stdout).toContain('  > 3 |   "theme": "mnt",\n      |            ^^^^^');
    expect(plain.stdout).toContain('hint: did you mean "mint"?');
    expect(plain.stdout).toMatch(/\d+ errors?, \d+ warnings?, \d+ infos?\n/);
    expect(plain.stdout).not.toContain('\u001b[');
    const tty = await runCli(['check', root], { cwd: root, isTTY: true });
    expect(tty.stdout).toContain('\u001b[');
  });

  it('--format json prints the documented report', async () => {
    const root = brokenSite();
    const run = await runCli(['check', root, '--format', 'json'], { cwd: root });
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as { reportVersion: number; command: string; summary: { errors: number }; diagnostics: Array<Record<string, unknown>> };
    expect(report.reportVersion).toBe(1);
    expect(report.command).toBe('check');
    expect(report.summary.errors).toBe(report.diagnostics.filter((d) => d.severity === 'error').length);
    expect(report.diagnostics[0]).toMatchObject({ code: 'config/invalid-enum', severity: 'error', stage: 'config', file: 'docs.json', line: 3, column: 12, pointer: '/theme' });
  });

  it('--format github prints workflow-command annotations with paths from the cwd', async () => {
    const root = brokenSite();
    const run = await runCli(['check', root, '--format', 'github'], { cwd: path.dirname(root) });
    const first = run.stdout.split('\n')[0]!;
    expect(first).toMatch(new RegExp(`^::error file=${path.basename(root)}/docs\\.json,line=3,col=12,.*title=config/invalid-enum::theme must be one of`));
    expect(run.stdout).toContain('::error file=');
  });

  it('--strict turns warnings into errors', async () => {
    const root = tempRoot({ 'docs.json': docsJsonWith({ pages: ['index', 'index'] }), 'index.mdx': '# Home\n' });
    expect((await runCli(['check', root])).code).toBe(0);
    const strict = await runCli(['check', root, '--strict', '--format', 'json']);
    expect(strict.code).toBe(1);
    expect(JSON.parse(strict.stdout).diagnostics).toMatchObject([{ code: 'navigation/duplicate-page', severity: 'error' }]);
  });

  it('a missing root is an error diagnostic, exit 1', async () => {
    const run = await runCli(['check', '/definitely/not/here']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('root/not-found');
  });

  it('a legacy mint.json alone gets the upgrade error', async () => {
    const root = tempRoot({ 'mint.json': '{"name": "Old"}' });
    const run = await runCli(['check', root, '--format', 'json']);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).diagnostics).toMatchObject([{ code: 'config/legacy-mint-json', file: 'mint.json', line: 1, column: 1 }]);
  });
});

describe('build --watch', () => {
  it('rebuilds when a page changes, printing what changed and how long it took, until aborted', async () => {
    const { main } = await import('../../src/cli/main.js');
    const root = validSite();
    const controller = new AbortController();
    let stdout = '';
    let edited = false;
    let finished: Promise<number> | undefined;
    const rebuilt = new Promise<void>((resolve) => {
      const io = {
        stdout: (text: string) => {
          stdout += text;
          if (!edited && stdout.includes('watching')) {
            edited = true;
            setTimeout(() => writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Home again\n---\n'), 50);
          }
          if (/rebuilt in \d+ ms/.test(stdout)) resolve();
        },
        stderr: () => {},
        isTTY: false,
        env: {},
        cwd: root,
        signal: controller.signal,
      };
      finished = main(['build', '.', '--watch'], io);
    });
    await rebuilt;
    controller.abort();
    expect(await finished).toBe(0);
    expect(stdout).toContain('changed: index.mdx');
    expect(stdout).toMatch(/rebuilt in \d+ ms: 0 errors, 0 warnings, 0 infos\n/);
    const manifest = JSON.parse(readFileSync(path.join(root, '.docs-build', 'manifest.json'), 'utf8')) as { pages: Record<string, { title: string }> };
    expect(manifest.pages.index!.title).toBe('Home again');
  });

  it('dev is the live preview (docs/site.md), no longer an alias of build --watch', async () => {
    const run = await runCli(['dev', '--help']);
    expect(run.stdout).toContain('the live preview');
    expect(run.stdout).toContain('--port');
  });
});
