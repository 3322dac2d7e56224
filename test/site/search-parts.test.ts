import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchFileBytes, searchSegment } from '../../src/pipeline/content-output.js';
import { searchPartBytes, searchRecordsByPage, splitRecords } from '../../src/site/search-parts.js';
import type { SearchRecord } from '../../src/theme/types.js';

/*
 * The compiler's search.json cut into the parts a site publishes: the bytes of a part are those
 * `JSON.stringify` gives its pages' records, whatever the records hold, and whatever layout the file has.
 */

/** Strings that would break a careless cut: quotes, backslashes, a record's own opening, non-ASCII. */
const tricky = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.constantFrom('', '"', '\\', '\\"', ',{"id":"', '","page":"', ']', '[', 'ß日本語', '😀', '\n'),
);

const recordOf = (page: string) =>
  fc.record({ anchor: fc.option(tricky, { nil: undefined }), headings: fc.array(tricky, { maxLength: 3 }), title: tricky, text: tricky }).map(
    ({ anchor, headings, title, text }): SearchRecord => ({ id: anchor === undefined ? page : `${page}#${anchor}`, page, ...(anchor !== undefined ? { anchor } : {}), headings, title, text }),
  );

/** A site's records as the compiler writes them: pages in code-unit order, each page's records together. */
const site = fc
  .uniqueArray(tricky, { minLength: 0, maxLength: 6 })
  .chain((pages) => fc.tuple(...pages.sort().map((page) => fc.array(recordOf(page), { maxLength: 3 }).map((records) => [page, records] as const))));

const expectedPart = (ids: readonly string[], byPage: ReadonlyMap<string, readonly SearchRecord[]>): string =>
  `${JSON.stringify(ids.flatMap((id) => byPage.get(id) ?? []))}\n`;

describe('search parts', () => {
  it("cuts the compiler's layout without parsing it, into parts byte for byte as JSON.stringify writes them", () => {
    fc.assert(
      fc.property(site, fc.func(fc.boolean()), (pages, pick) => {
        const bytes = searchFileBytes(pages.map(([, records]) => searchSegment(records)));
        const byPage = new Map(pages.map(([page, records]) => [page, records]));
        expect(splitRecords(bytes)).toBeDefined();
        const cut = searchRecordsByPage({ bytes });
        const ids = pages.map(([page]) => page).filter((page) => pick(page));
        expect(searchPartBytes(ids, cut).toString('utf8')).toBe(expectedPart(ids, byPage));
        // Every page, in order: the compiler's file itself.
        expect(searchPartBytes(pages.map(([page]) => page), cut).equals(bytes)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('reads a file in another layout by parsing it, to the same parts', () => {
    fc.assert(
      fc.property(site, (pages) => {
        const records = pages.flatMap(([, list]) => list);
        const bytes = Buffer.from(JSON.stringify(records, null, 2), 'utf8');
        const ids = pages.map(([page]) => page);
        if (records.length > 0) expect(splitRecords(bytes)).toBeUndefined();
        expect(searchPartBytes(ids, searchRecordsByPage({ bytes })).toString('utf8')).toBe(expectedPart(ids, new Map(pages)));
      }),
      { numRuns: 100 },
    );
  });

  it('keeps the records of a page found in two places, and skips what is no record; a file that is not a JSON array has none', () => {
    const a1: SearchRecord = { id: 'a', page: 'a', headings: [], title: 'A', text: 'one' };
    const b: SearchRecord = { id: 'b', page: 'b', headings: [], title: 'B', text: 'two' };
    const a2: SearchRecord = { id: 'a#x', page: 'a', anchor: 'x', headings: ['X'], title: 'A', text: 'three' };
    const scattered = searchRecordsByPage({ bytes: searchFileBytes([searchSegment([a1]), searchSegment([b]), searchSegment([a2])]) });
    expect(JSON.parse(searchPartBytes(['a'], scattered).toString('utf8'))).toEqual([a1, a2]);
    const mixed = searchRecordsByPage({ bytes: Buffer.from(JSON.stringify([null, a1, 7, { page: 3 }, 'x', b])) });
    expect(JSON.parse(searchPartBytes(['a', 'b'], mixed).toString('utf8'))).toEqual([a1, b]);
    for (const text of ['', '{"not json', '{"page":"a"}', '[{"id":"a","page":"a"', 'null']) {
      expect(searchPartBytes(['a'], searchRecordsByPage({ bytes: Buffer.from(text) })).toString('utf8'), text).toBe('[]\n');
    }
    expect(searchRecordsByPage(undefined).size).toBe(0);
  });
});
