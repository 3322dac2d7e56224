import { describe, expect, it } from 'vitest';
import { missingIconsLine } from '../../src/cli/export.js';

describe("export's note on icons that show blank", () => {
  it('says nothing when every icon was found', () => {
    expect(missingIconsLine([])).toBe('');
  });

  it('names each missing icon once, whatever its library path, and counts the ones it does not show', () => {
    expect(missingIconsLine(['fontawesome/solid/books.svg'])).toBe('note: 1 icon named by pages is in no installed icon package and shows blank: books\n');
    const many = ['fontawesome/solid/books.svg', 'fontawesome/regular/books.svg', ...Array.from({ length: 9 }, (_, i) => `fontawesome/solid/circle-${i + 1}.svg`)];
    expect(missingIconsLine(many)).toBe(
      'note: 10 icons named by pages are in no installed icon package and show blank: books, circle-1, circle-2, circle-3, circle-4, circle-5, circle-6, circle-7, and 2 more\n',
    );
  });
});
