import { describe, expect, it } from 'vitest';
import { natural, object, rootPath, string } from '../../src/incremental/shapes.js';

describe('cache shapes', () => {
  it.each(['', 'a.mdx', 'guides/setup.mdx', 'a..b/c', '..a/b', 'a/b..', 'x%2e%2e/y'])('%j is a root path', (value) => {
    expect(rootPath(value)).toBe(true);
  });

  it.each(['..', '../a', 'a/..', 'a/../b', '/etc/passwd', 'a\\b', 'C:/x', 'c:x', 'a\0b', 42, null])('%j is not a root path', (value) => {
    expect(rootPath(value)).toBe(false);
  });

  const input = object<{ path: string; size: number; note?: string }>({ path: rootPath, size: natural, note: { optional: string } });

  it('checks every required property and each optional one that is present', () => {
    expect(input({ path: 'a.mdx', size: 3 })).toBe(true);
    expect(input({ path: 'a.mdx', size: 3, note: undefined, extra: [] })).toBe(true);
    expect(input({ path: 'a.mdx', size: 3, note: 'n' })).toBe(true);
    expect(input({ path: 'a.mdx', size: 3, note: 7 })).toBe(false);
    expect(input({ path: 'a.mdx' })).toBe(false);
    expect(input({ path: 'a.mdx', size: undefined })).toBe(false);
    expect(input({ path: '../a.mdx', size: 3 })).toBe(false);
    expect(input({ path: 'a.mdx', size: -1 })).toBe(false);
    expect(input(Object.create({ path: 'a.mdx', size: 3 }))).toBe(false); // inherited properties do not count
    expect(input([])).toBe(false);
    expect(input(null)).toBe(false);
  });
});
