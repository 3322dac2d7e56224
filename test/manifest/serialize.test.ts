import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageBlocks, pageEntryReader, serializeManifest } from '../../src/manifest/serialize.js';
import type { Manifest, Page } from '../../src/manifest/types.js';

/** A manifest with these pages (entries of any JSON), laid out as the build writes it. */
function serialized(pages: Record<string, unknown>): Buffer {
  const manifest = { manifestVersion: 1, site: { name: 'S', note: '\n    "pages": {\n' }, navigation: [], pages, openapi: {}, schemas: {} } as unknown as Manifest;
  return Buffer.from(serializeManifest(manifest), 'utf8');
}

// Ids and values that look like the layout the reader relies on: quotes, line breaks, braces, indentation.
const tricky = fc.oneof(fc.string(), fc.constantFrom('"', '\n    }', '": {\n', '\\', 'twö', '__proto__', 'a/b', ' '));
const entry = fc.dictionary(tricky, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 });

describe('pageEntryReader and pageBlocks', () => {
  it('read every page entry exactly as parsing the whole manifest does, and nothing for an id it does not hold', () => {
    fc.assert(
      fc.property(fc.dictionary(tricky, entry, { minKeys: 1, maxKeys: 20 }), tricky, (pages, other) => {
        const bytes = serialized(pages);
        const whole = JSON.parse(bytes.toString('utf8')) as Manifest;
        const read = pageEntryReader(bytes);
        const ids = Object.keys(whole.pages);
        // An entry with no field stands on its key's line: not a block (the build then parses the whole manifest).
        const blocks = ids.filter((id) => Object.keys(whole.pages[id]!).length > 0);
        // Twice over: the first pages are searched for one by one, later ones found in one pass.
        for (const id of [...ids, ...ids]) expect(read(id)).toEqual(blocks.includes(id) ? whole.pages[id] : undefined);
        if (!Object.hasOwn(whole.pages, other)) expect(read(other)).toBeUndefined();
        expect([...pageBlocks(bytes).keys()].sort()).toEqual([...blocks].sort());
      }),
      { numRuns: 200 },
    );
  });

  it('finds no page in bytes laid out otherwise, rather than a wrong one', () => {
    const pages: Record<string, Page> = { a: { id: 'a' } as Page };
    const compact = Buffer.from(JSON.stringify({ manifestVersion: 1, pages }));
    expect(pageEntryReader(compact)('a')).toBeUndefined();
    expect(pageBlocks(compact).size).toBe(0);
  });
});
