import { lstatSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DocsRoot } from '../../src/root/index.js';
import { removeTempRoots, tempRoot } from '../helpers/temp-root.js';

afterAll(removeTempRoots);

describe('DocsRoot.resolve', () => {
  const root = DocsRoot.open(tempRoot({ 'a/b.mdx': 'x' }))!;

  it.each([
    ['guides/setup', undefined, 'guides/setup'],
    ['/guides/setup', 'a/b.mdx', 'guides/setup'],
    ['./c.json', 'a/b.mdx', 'a/c.json'],
    ['../c.json', 'a/b.mdx', 'c.json'],
    ['a\\windows\\style', undefined, 'a/windows/style'],
    ['/etc/passwd', undefined, 'etc/passwd'],
  ])('%s from %s -> %s', (reference, from, expected) => {
    expect(root.resolve(reference, from)).toEqual({ ok: true, path: expected });
  });

  it.each([
    ['../outside', undefined, 'root/path-escapes-root'],
    ['../../x', 'a/b.mdx', 'root/path-escapes-root'],
    ['%2e%2e/secret', undefined, 'root/path-escapes-root'],
    ['a/%2E%2E/%2e%2e/secret', undefined, 'root/path-escapes-root'],
    ['C:\\Windows\\win.ini', undefined, 'root/absolute-path'],
    ['file:///etc/passwd', undefined, 'root/absolute-path'],
    ['\\\\server\\share', undefined, 'root/absolute-path'],
  ])('%s is refused with %s', (reference, from, code) => {
    const resolved = root.resolve(reference, from);
    expect(resolved.ok).toBe(false);
    if (!resolved.ok) expect(resolved.problem.code).toBe(code);
  });
});

describe('DocsRoot.stampOf', () => {
  const outside = tempRoot({ 'secret.txt': 'outside' });
  const dir = tempRoot({ 'a/b.mdx': 'x', 'c.json': '{}', 'x%41.md': 'percent' });
  symlinkSync(path.join(outside, 'secret.txt'), path.join(dir, 'link.txt'));
  const root = DocsRoot.open(dir)!;
  const inode = (file: string): number => lstatSync(file).ino;

  it('stamps what a path resolves to, without following a final link', () => {
    expect(root.stampOf('')?.ino).toBe(inode(dir));
    expect(root.stampOf('a/b.mdx')?.ino).toBe(inode(path.join(dir, 'a/b.mdx')));
    expect(root.stampOf('/a/b.mdx')?.ino).toBe(inode(path.join(dir, 'a/b.mdx')));
    expect(root.stampOf('a/./b.mdx')?.ino).toBe(inode(path.join(dir, 'a/b.mdx')));
    expect(root.stampOf('a/../c.json')?.ino).toBe(inode(path.join(dir, 'c.json')));
    expect(root.stampOf('a\\b.mdx')?.ino).toBe(inode(path.join(dir, 'a/b.mdx')));
    expect(root.stampOf('x%41.md')?.ino).toBe(inode(path.join(dir, 'x%41.md'))); // escapes are checked for `..`, not decoded
    expect(root.stampOf('link.txt')?.ino).toBe(inode(path.join(dir, 'link.txt')));
    expect(root.stampOf('link.txt')?.ino).not.toBe(inode(path.join(outside, 'secret.txt')));
    expect(root.stampOf('missing.mdx')).toBeUndefined();
  });

  it('stamps nothing outside the root', () => {
    const escape = path.relative(dir, path.join(outside, 'secret.txt'));
    expect(escape.startsWith('../')).toBe(true);
    expect(root.stampOf(escape)).toBeUndefined();
    expect(root.stampOf(`a/../../${escape}`)).toBeUndefined();
    expect(root.stampOf(`a/%2e%2e/${escape}`)).toBeUndefined();
    expect(root.stampOf(path.join(outside, 'secret.txt'))).toBeUndefined();
  });
});

describe('DocsRoot.read', () => {
  it('strips a BOM, hashes the bytes and reads each file once', () => {
    const opened: string[] = [];
    const dir = tempRoot({ 'page.mdx': '\uFEFF# Title\n' });
    const root = DocsRoot.open(dir, { onOpen: (file) => opened.push(file) })!;
    const first = root.read('page.mdx');
    const second = root.read('page.mdx');
    expect(first).toMatchObject({ ok: true, file: { path: 'page.mdx', text: '# Title\n', byteLength: 11 } });
    expect(first.ok && first.file.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(second).toBe(first);
    expect(opened).toHaveLength(1);
  });

  it('refuses binary data, and files above the size limit', () => {
    const dir = tempRoot({ 'image.mdx': 'PNG\u0000\u0001\u0002', 'big.mdx': 'x'.repeat(2048) });
    const root = DocsRoot.open(dir, { maxFileBytes: 1024 })!;
    expect(root.read('image.mdx')).toMatchObject({ ok: false, problem: { code: 'root/binary-file' } });
    expect(root.read('big.mdx')).toMatchObject({ ok: false, problem: { code: 'root/file-too-large' } });
  });

  it('decodes invalid UTF-8 leniently and says so', () => {
    const dir = tempRoot({});
    writeFileSync(path.join(dir, 'latin1.mdx'), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
    const read = DocsRoot.open(dir)!.read('latin1.mdx');
    expect(read).toMatchObject({ ok: true, file: { text: 'caf\uFFFD\n', invalidUtf8: true } });
  });

  it('refuses a symlink leading out of the root without opening its target', () => {
    const outside = tempRoot({ 'secret.mdx': 'secret' });
    const dir = tempRoot({ 'inside.mdx': 'ok' });
    symlinkSync(path.join(outside, 'secret.mdx'), path.join(dir, 'linked.mdx'));
    mkdirSync(path.join(dir, 'sub'));
    symlinkSync(outside, path.join(dir, 'sub', 'dir-link'));
    const opened: string[] = [];
    const root = DocsRoot.open(dir, { onOpen: (file) => opened.push(file) })!;
    expect(root.read('linked.mdx')).toMatchObject({ ok: false, problem: { code: 'root/symlink-outside' } });
    expect(root.read('sub/dir-link/secret.mdx')).toMatchObject({ ok: false, problem: { code: 'root/symlink-outside' } });
    expect(root.read('inside.mdx').ok).toBe(true);
    expect(opened.every((file) => file.startsWith(root.dir))).toBe(true);
    expect(root.files()).not.toContain('sub/dir-link/secret.mdx');
  });

  it('reports a missing file and a folder as not found', () => {
    const root = DocsRoot.open(tempRoot({ 'folder/a.mdx': 'x' }))!;
    expect(root.read('missing.mdx')).toMatchObject({ ok: false, problem: { code: 'root/file-not-found' } });
    expect(root.read('folder')).toMatchObject({ ok: false, problem: { code: 'root/file-not-found' } });
  });

  it('a read without keep does not retain the text but remembers the hash', () => {
    const root = DocsRoot.open(tempRoot({ 'a.mdx': 'x' }))!;
    const first = root.read('a.mdx', { keep: false });
    expect(root.read('a.mdx', { keep: false })).not.toBe(first);
    expect(root.readFiles()).toEqual([{ path: 'a.mdx', hash: first.ok ? first.file.hash : '' }]);
  });
});

describe('DocsRoot.read: permissions', () => {
  // root reads every file whatever its mode, so this case can only be shown as an ordinary user.
  it.skipIf(process.getuid?.() === 0)('an unreadable file is root/unreadable with the system reason', async () => {
    const { chmodSync } = await import('node:fs');
    const dir = tempRoot({ 'locked.mdx': 'secret' });
    chmodSync(path.join(dir, 'locked.mdx'), 0o000);
    const read = DocsRoot.open(dir)!.read('locked.mdx');
    expect(read).toMatchObject({ ok: false, problem: { code: 'root/unreadable' } });
    if (!read.ok) expect(read.problem.message).toContain('EACCES');
  });
});

describe('DocsRoot.assumeListed', () => {
  it('answers exists() for the assumed files without walking the root, until a walk or an invalidation', () => {
    const dir = tempRoot({ 'docs.json': '{}', 'snippets/a.mdx': 'A', 'b.mdx': 'B' });
    const root = DocsRoot.open(dir)!;
    root.assumeListed(['snippets/a.mdx']);
    // Removed behind the root's back: only an answer that skipped the walk can still say it is there.
    rmSync(path.join(dir, 'snippets', 'a.mdx'));
    expect(root.exists('snippets/a.mdx')).toBe(true);
    // A path not assumed is looked for in its folders; once the root is walked, the walk answers.
    expect(root.exists('b.mdx')).toBe(true);
    expect(root.exists('snippets/a.mdx')).toBe(true);
    root.files();
    expect(root.exists('snippets/a.mdx')).toBe(false);
    const again = DocsRoot.open(dir)!;
    again.assumeListed(['b.mdx']);
    again.invalidate(['b.mdx']);
    rmSync(path.join(dir, 'b.mdx'));
    expect(again.exists('b.mdx')).toBe(false);
  });
});

describe('DocsRoot.exists without a walk', () => {
  it('says of every path what the walked listing says: ignored folders, output folders, links, folders, odd segments', () => {
    const dir = tempRoot({
      'docs.json': '{}',
      'guide/intro.mdx': 'A',
      'guide/deep/x.png': 'P',
      'node_modules/pkg/readme.md': 'N',
      '.git/config': 'G',
      'site/.docs-build-written.json': '{}',
      'site/page.json': '{}',
      '.hidden/a.md': 'H',
    });
    symlinkSync(path.join(dir, 'guide'), path.join(dir, 'linked-folder'));
    symlinkSync(path.join(dir, 'guide', 'intro.mdx'), path.join(dir, 'linked.mdx'));
    const walked = new Set(DocsRoot.open(dir)!.files());
    const candidates = [
      'docs.json', 'guide/intro.mdx', 'guide/deep/x.png', 'guide', 'guide/deep', 'guide/missing.mdx', 'missing/x.md',
      'node_modules/pkg/readme.md', '.git/config', 'site/page.json', 'site/.docs-build-written.json', '.hidden/a.md',
      'linked-folder', 'linked-folder/intro.mdx', 'linked.mdx', '', 'guide//intro.mdx', './docs.json', 'guide/../docs.json',
      'guide/intro.mdx/', 'Guide/intro.mdx',
    ];
    const root = DocsRoot.open(dir)!;
    for (const candidate of candidates) expect(root.exists(candidate), candidate).toBe(walked.has(candidate));
  });

  it('looks only in the folders of the path asked about: a file added elsewhere afterwards is still found', () => {
    const dir = tempRoot({ 'docs.json': '{}', 'a/one.md': '1', 'b/two.md': '2' });
    const root = DocsRoot.open(dir)!;
    expect(root.exists('a/one.md')).toBe(true);
    // A walk would have listed b/ already, without the file written next.
    writeFileSync(path.join(dir, 'b', 'three.md'), '3');
    expect(root.exists('b/three.md')).toBe(true);
    // A folder already looked into keeps its listing until an invalidation.
    writeFileSync(path.join(dir, 'a', 'new.md'), 'n');
    expect(root.exists('a/new.md')).toBe(false);
    root.invalidate(['a/new.md']);
    expect(root.exists('a/new.md')).toBe(true);
  });
});
