import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkAssets, loadConfig } from '../../src/config/index.js';
import { DocsRoot } from '../../src/root/index.js';
import { removeTempRoots, tempRoot } from '../helpers/temp-root.js';

afterAll(removeTempRoots);

function assets(docsJson: string, files: Record<string, string> = {}) {
  const dir = tempRoot({ 'docs.json': docsJson, ...files });
  const root = DocsRoot.open(dir)!;
  return { dir, diagnostics: checkAssets(loadConfig(root).value!, root) };
}

describe('checkAssets', () => {
  it('accepts existing files, root-relative or not, and URLs', () => {
    const { diagnostics } = assets(
      JSON.stringify({ logo: { light: '/logo/light.svg', dark: 'logo/dark.svg' }, favicon: 'https://cdn.example.com/f.ico', fonts: { family: 'X', source: '//cdn.example.com/x.woff2', format: 'woff2' } }),
      { 'logo/light.svg': '<svg/>', 'logo/dark.svg': '<svg/>' },
    );
    expect(diagnostics).toEqual([]);
  });

  it('warns on a missing logo at its value, suggesting the closest file', () => {
    const { diagnostics } = assets('{\n  "logo": { "light": "/logo/lihgt.svg", "dark": "/logo/dark.svg" }\n}', { 'logo/light.svg': '<svg/>', 'logo/dark.svg': '<svg/>' });
    expect(diagnostics).toMatchObject([
      { code: 'config/asset-not-found', severity: 'warning', file: 'docs.json', line: 2, column: 22, pointer: '/logo/light', suggestion: 'did you mean "/logo/light.svg"?' },
    ]);
  });

  it('refuses favicon, background and font paths that leave the docs root', () => {
    const { diagnostics } = assets(
      JSON.stringify({ favicon: '../outside.ico', background: { image: { light: '/a.png', dark: '%2e%2e/b.png' } }, fonts: { family: 'X', heading: { family: 'Y', source: '../../f.woff2', format: 'woff2' } } }),
      { 'a.png': 'x' },
    );
    expect(diagnostics.map((d) => [d.code, d.pointer])).toEqual([
      ['root/path-escapes-root', '/favicon'],
      ['root/path-escapes-root', '/background/image/dark'],
      ['root/path-escapes-root', '/fonts/heading/source'],
    ]);
  });

  it('refuses an absolute file-system path and a symlink leading out of the root', () => {
    const outside = tempRoot({ 'secret.svg': '<svg/>' });
    const { dir } = assets('{}');
    symlinkSync(path.join(outside, 'secret.svg'), path.join(dir, 'linked.svg'));
    const root = DocsRoot.open(dir)!;
    expect(root.read('linked.svg')).toMatchObject({ ok: false, problem: { code: 'root/symlink-outside' } });
    const { diagnostics } = assets(JSON.stringify({ favicon: 'file:///etc/passwd', thumbnails: { background: 'C:\\images\\bg.png' } }));
    expect(diagnostics.map((d) => d.code)).toEqual(['root/absolute-path', 'root/absolute-path']);
  });
});
