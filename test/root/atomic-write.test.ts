import { mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { patchFileInPlace } from '../../src/root/index.js';

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
