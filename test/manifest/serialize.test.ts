import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageBlocks, pageEntryAround, pageEntryReader, serializeManifest, type PageEntryRanges } from '../../src/manifest/serialize.js';
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

describe('pageEntryAround', () => {
  /** Ranges over `bytes` that count the bytes read, with `near` from the offsets given. */
  function rangesOf(bytes: Buffer, near: Map<string, number>): PageEntryRanges & { readBytes: number } {
    const ranges = {
      readBytes: 0,
      near: (id: string) => near.get(id),
      read: (offset: number, length: number) => {
        ranges.readBytes += length;
        return offset + length <= bytes.length ? bytes.subarray(offset, offset + length) : undefined;
      },
      bytes: bytes.length,
    };
    return ranges;
  }

  it('reads an entry from any offset inside its block as the whole parse has it, and nothing from an offset in another block', () => {
    fc.assert(
      fc.property(fc.dictionary(tricky, entry, { minKeys: 2, maxKeys: 12 }), fc.double({ min: 0, max: 1, noNaN: true }), (pages, where) => {
        const bytes = serialized(pages);
        const whole = JSON.parse(bytes.toString('utf8')) as Manifest;
        const blocks = pageBlocks(bytes);
        const ids = [...blocks.keys()];
        for (const [index, id] of ids.entries()) {
          const block = blocks.get(id)!;
          // Anywhere after the key's line, up to the closing brace.
          const inside = block.start + Math.floor(where * (block.end - 1 - block.start));
          expect(pageEntryAround(id, rangesOf(bytes, new Map([[id, inside]])))).toEqual(whole.pages[id]);
          const other = blocks.get(ids[(index + 1) % ids.length]!)!;
          if (other !== block) expect(pageEntryAround(id, rangesOf(bytes, new Map([[id, other.start + 1]])))).toBeUndefined();
        }
      }),
      { numRuns: 200 },
    );
  });

  it('reads a window, not the manifest, and gives up on an unknown offset, a failed read or an entry larger than the window', () => {
    const big = { id: 'big', text: 'x'.repeat(100_000), contentHash: 'h' };
    const pages: Record<string, unknown> = { big };
    for (let i = 0; i < 5000; i++) pages[`page-${i}`] = { id: `page-${i}`, title: `Page ${i}`, contentHash: 'h'.repeat(64) };
    const bytes = serialized(pages);
    const blocks = pageBlocks(bytes);
    const near = new Map([...blocks].map(([id, block]) => [id, block.start + 10]));
    const ranges = rangesOf(bytes, near);
    expect(pageEntryAround('page-4500', ranges)).toEqual(pages['page-4500']);
    expect(ranges.readBytes).toBeLessThanOrEqual(64 * 1024);
    expect(bytes.length).toBeGreaterThan(10 * 64 * 1024);
    expect(pageEntryAround('page-10', ranges)).toEqual(pages['page-10']);
    expect(pageEntryAround('big', ranges)).toBeUndefined();
    expect(pageEntryAround('unknown', ranges)).toBeUndefined();
    expect(pageEntryAround('page-1', { ...ranges, read: () => undefined })).toBeUndefined();
    expect(pageEntryAround('page-1', { ...ranges, near: () => bytes.length + 5 })).toBeUndefined();
  });
});
