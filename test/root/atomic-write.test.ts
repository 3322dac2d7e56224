import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyFileAtomic, createNewFile, DocsRoot, linkFileAtomic, locatePath, patchFileInPlace, readOwnedFile, refuseInputsOf, UnsafePathError, writeFileAtomic } from '../../src/root/index.js';

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function file(text: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'docs-build-in-place-'));
  made.push(dir);
  const target = path.join(dir, 'manifest.json');
  writeFileSync(target, text);
  return target;
}

const edit = (offset: number, before: string, after: string) => ({ offset, before: Buffer.from(before), after: Buffer.from(after) });

describe('patchFileInPlace', () => {
  const text = '{"a": "0000", "b": "1111"}';

  it('replaces the ranges in the same file', () => {
    const target = file(text);
    const inode = statSync(target).ino;
    expect(patchFileInPlace(target, [edit(7, '0000', 'abcd'), edit(20, '1111', 'ef01')], () => true)).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe('{"a": "abcd", "b": "ef01"}');
    expect(statSync(target).ino).toBe(inode);
  });

  it('writes nothing when any range does not hold its old bytes', () => {
    const target = file(text);
    expect(patchFileInPlace(target, [edit(7, '0000', 'abcd'), edit(20, '2222', 'ef01')], () => true)).toBe(false);
    expect(patchFileInPlace(target, [edit(24, '1111', 'ef01')], () => true)).toBe(false);
    expect(readFileSync(target, 'utf8')).toBe(text);
  });

  it('writes nothing when the open file is not the expected one, checked on the descriptor', () => {
    const target = file(text);
    const expected = statSync(target).ino;
    // Replaced by rename with the same bytes: a path check alone would not tell.
    writeFileSync(`${target}.new`, text);
    renameSync(`${target}.new`, target);
    expect(patchFileInPlace(target, [edit(7, '0000', 'abcd')], (stats) => stats.ino === expected)).toBe(false);
    expect(readFileSync(target, 'utf8')).toBe(text);
  });

  it('refuses edits that would change the length, and throws when the file is missing', () => {
    const target = file(text);
    expect(patchFileInPlace(target, [edit(7, '0000', 'abcde')], () => true)).toBe(false);
    expect(readFileSync(target, 'utf8')).toBe(text);
    expect(() => patchFileInPlace(`${target}.missing`, [edit(7, '0000', 'abcd')], () => true)).toThrow();
  });
});

describe('owned paths: links, non-regular files, inputs', () => {
  const base = (): string => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docs-build-owned-'));
    made.push(dir);
    return dir;
  };

  it('a link below `within` is followed only while it stays inside; links above it are the user’s', () => {
    const dir = base();
    const within = path.join(dir, 'root');
    mkdirSync(path.join(within, 'real'), { recursive: true });
    mkdirSync(path.join(dir, 'outside'));
    symlinkSync(path.join(within, 'real'), path.join(within, 'inside-link'));
    symlinkSync(path.join(dir, 'outside'), path.join(within, 'out-link'));
    symlinkSync(within, path.join(dir, 'user-link'));
    expect(locatePath(path.join(within, 'inside-link', 'a.json'), { within })).toBe(path.join(within, 'real', 'a.json'));
    expect(() => locatePath(path.join(within, 'out-link', 'a.json'), { within })).toThrow(UnsafePathError);
    expect(() => writeFileAtomic(path.join(within, 'out-link', 'a.json'), 'x', { within })).toThrow(/outside/);
    expect(readdirSync(path.join(dir, 'outside'))).toEqual([]);
    // Above `within`: followed as the user set it, then the rule holds inside.
    expect(locatePath(path.join(dir, 'user-link', 'inside-link', 'b.json'), { within })).toBe(path.join(within, 'real', 'b.json'));
    expect(() => locatePath(path.join(dir, 'user-link', 'out-link', 'b.json'), { within })).toThrow(UnsafePathError);
    // `within` itself must be a real path: a folder reached through a link is refused as a whole.
    expect(() => readOwnedFile(path.join(dir, 'user-link', 'x'), { within: path.join(dir, 'user-link') })).toThrow(/reached through a symbolic link/);
  });

  it('replaces only regular files or nothing: a FIFO or a folder is refused and stays as it was', () => {
    const dir = base();
    const fifo = path.join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    mkdirSync(path.join(dir, 'folder'));
    for (const target of [fifo, path.join(dir, 'folder')]) {
      expect(() => writeFileAtomic(target, 'x')).toThrow(UnsafePathError);
      expect(lstatSync(target).isFile()).toBe(false);
    }
    expect(readdirSync(dir).sort()).toEqual(['fifo', 'folder']);
    const writeNew = (bytes: Buffer): void => {
      const file = createNewFile(path.join(dir, 'new.pack'));
      file.append(bytes);
      file.close();
    };
    expect(() => writeNew(Buffer.from('x'))).not.toThrow();
    expect(() => writeNew(Buffer.from('y'))).toThrow();
    expect(readFileSync(path.join(dir, 'new.pack'), 'utf8')).toBe('x');
    expect(linkFileAtomic(fifo, path.join(dir, 'copy'))).toBe(false);
  });

  it('createNewFile: appended parts read back before and after they reach the disk; a discarded file is gone', () => {
    const dir = base();
    const target = path.join(dir, 'packs', 'a.pack');
    const file = createNewFile(target);
    const parts = Array.from({ length: 40 }, (_, i) => Buffer.from(`${i}:${'é'.repeat(20_000)}|`, 'utf8'));
    const offsets: number[] = [];
    for (const part of parts) {
      offsets.push(file.size);
      file.append(part);
    }
    expect(existsSync(target)).toBe(true);
    for (const i of [0, 20, 39]) expect(file.read(offsets[i]!, parts[i]!.length).equals(parts[i]!)).toBe(true);
    file.close();
    expect(readFileSync(target).equals(Buffer.concat(parts))).toBe(true);
    expect(() => createNewFile(target).close()).toThrow();
    // A file already there is refused at the first write that reaches the disk, and left as it was.
    expect(() => createNewFile(target).append(Buffer.alloc(2 << 20, 1))).toThrow();
    const neverCreated = createNewFile(target);
    neverCreated.append(Buffer.from('held only'));
    neverCreated.discard();
    expect(readFileSync(target).equals(Buffer.concat(parts))).toBe(true);
    const discarded = createNewFile(path.join(dir, 'packs', 'b.pack'));
    discarded.append(Buffer.alloc(3 << 20, 1));
    discarded.discard();
    expect(readdirSync(path.join(dir, 'packs'))).toEqual(['a.pack']);
    mkdirSync(path.join(dir, 'elsewhere'));
    symlinkSync(path.join(dir, 'elsewhere'), path.join(dir, 'packs', 'out-link'));
    expect(() => createNewFile(path.join(dir, 'packs', 'out-link', 'c.pack'), { within: path.join(dir, 'packs') })).toThrow(UnsafePathError);
    expect(readdirSync(path.join(dir, 'elsewhere'))).toEqual([]);
  });

  it('copyFileAtomic replaces a file with a copy of a regular file, under the same checks, leaving no temporary', () => {
    const dir = base();
    const within = path.join(dir, 'site');
    mkdirSync(path.join(dir, 'outside'));
    mkdirSync(within);
    const source = path.join(dir, 'search.json');
    writeFileSync(source, '[1,2,3]');
    writeFileSync(path.join(within, 'search.json'), 'old');
    const other = statSync(path.join(within, 'search.json')).ino;
    copyFileAtomic(source, path.join(within, 'search.json'), { within });
    expect(readFileSync(path.join(within, 'search.json'), 'utf8')).toBe('[1,2,3]');
    // A new file renamed over the old one: a reader holding the old one keeps it whole.
    expect(statSync(path.join(within, 'search.json')).ino).not.toBe(other);
    copyFileAtomic(source, path.join(within, 'deep', 'er', 'copy.json'), { within, durable: false });
    expect(readFileSync(path.join(within, 'deep', 'er', 'copy.json'), 'utf8')).toBe('[1,2,3]');
    symlinkSync(path.join(dir, 'outside'), path.join(within, 'out-link'));
    expect(() => copyFileAtomic(source, path.join(within, 'out-link', 'a.json'), { within })).toThrow(UnsafePathError);
    expect(readdirSync(path.join(dir, 'outside'))).toEqual([]);
    const fifo = path.join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    expect(() => copyFileAtomic(fifo, path.join(within, 'from-fifo'), { within })).toThrow(UnsafePathError);
    expect(() => copyFileAtomic(path.join(dir, 'missing'), path.join(within, 'search.json'), { within })).toThrow();
    expect(readFileSync(path.join(within, 'search.json'), 'utf8')).toBe('[1,2,3]');
    expect(readdirSync(within).sort()).toEqual(['deep', 'out-link', 'search.json']);
  });

  it('reads a FIFO never: openOwnedFile refuses at once instead of waiting for a writer', () => {
    const dir = base();
    const fifo = path.join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    // In a child with a time limit: a blocking open would hang this worker beyond any test timeout.
    const script = `import { readOwnedFile } from ${JSON.stringify(path.resolve('src/root/index.ts'))}; try { readOwnedFile(${JSON.stringify(fifo)}); console.log('read'); } catch (error) { console.log(error.name); }`;
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 });
    expect(result.signal).toBeNull();
    expect(result.stdout.trim()).toBe('UnsafePathError');
  });

  it('refuseInputsOf: never over a file the run read, also through a link (by inode)', () => {
    const dir = base();
    const rootDir = path.join(dir, 'root');
    mkdirSync(rootDir);
    writeFileSync(path.join(rootDir, 'docs.json'), '{}');
    writeFileSync(path.join(rootDir, 'other.json'), '{}');
    symlinkSync(path.join(rootDir, 'docs.json'), path.join(dir, 'link.json'));
    const root = DocsRoot.open(rootDir)!;
    root.read('docs.json');
    const refuse = refuseInputsOf(root, ['recorded.mdx']);
    expect(refuse(path.join(root.dir, 'docs.json'))).toMatch(/docs\.json, a file of the docs root that this run reads/);
    expect(refuse(path.join(root.dir, 'recorded.mdx'))).toMatch(/recorded\.mdx/);
    expect(refuse(path.join(root.dir, 'other.json'))).toBeUndefined();
    expect(() => writeFileAtomic(path.join(dir, 'link.json'), 'x', { refuse })).toThrow(UnsafePathError);
    expect(readFileSync(path.join(rootDir, 'docs.json'), 'utf8')).toBe('{}');
  });

  it('refuseInputsOf knows the inputs a run stamped by the identity the stamp saw, and a stamped link by its target', () => {
    const dir = base();
    const rootDir = path.join(dir, 'root');
    mkdirSync(rootDir);
    writeFileSync(path.join(rootDir, 'docs.json'), '{}');
    writeFileSync(path.join(rootDir, 'page.mdx'), 'A page.\n');
    writeFileSync(path.join(rootDir, 'target.txt'), 'A file the link leads to.\n');
    symlinkSync('target.txt', path.join(rootDir, 'linked.mdx'));
    // Another name of the stamped page outside the root: the same file.
    linkSync(path.join(rootDir, 'page.mdx'), path.join(dir, 'hard-link.mdx'));
    const root = DocsRoot.open(rootDir)!;
    // Recorded inputs a patch stamps without reading them.
    expect(root.stampOf('page.mdx')).toBeDefined();
    expect(root.stampOf('linked.mdx')).toBeDefined();
    expect(root.knownIdentity('page.mdx')).toBe(`${statSync(path.join(rootDir, 'page.mdx')).dev}:${statSync(path.join(rootDir, 'page.mdx')).ino}`);
    // A link's own stamp says nothing of its target's identity.
    expect(root.knownIdentity('linked.mdx')).toBeUndefined();
    const refuse = refuseInputsOf(root, ['page.mdx', 'linked.mdx']);
    expect(refuse(path.join(dir, 'hard-link.mdx'))).toMatch(/page\.mdx, a file of the docs root that this run reads/);
    expect(refuse(path.join(rootDir, 'target.txt'))).toMatch(/linked\.mdx, a file of the docs root that this run reads/);
    expect(refuse(path.join(rootDir, 'docs.json'))).toBeUndefined();
  });
});
