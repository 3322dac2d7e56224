import fc from 'fast-check';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { locateSplice, splicedChunks, writeFileAtomic, type FileSplice } from '../../src/root/index.js';

const dir = mkdtempSync(path.join(tmpdir(), 'docs-build-splice-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The splice the in-memory way: each `before` found exactly once, none overlapping, replaced; else undefined. */
function reference(bytes: Buffer, parts: ReadonlyArray<{ before: Buffer; after: Buffer }>): Buffer | undefined {
  const cuts: Array<{ at: number; before: Buffer; after: Buffer }> = [];
  for (const { before, after } of parts) {
    if (before.length === 0) return undefined;
    const at = bytes.indexOf(before);
    if (at === -1 || bytes.indexOf(before, at + 1) !== -1) return undefined;
    cuts.push({ at, before, after });
  }
  cuts.sort((a, b) => a.at - b.at);
  const pieces: Buffer[] = [];
  let position = 0;
  for (const cut of cuts) {
    if (cut.at < position) return undefined;
    pieces.push(bytes.subarray(position, cut.at), cut.after);
    position = cut.at + cut.before.length;
  }
  pieces.push(bytes.subarray(position));
  return Buffer.concat(pieces);
}

/** The chunks copied one by one: each is a view of a buffer the next read fills again. */
function joined(splice: FileSplice): Buffer {
  const copies: Buffer[] = [];
  for (const chunk of splicedChunks(splice)) copies.push(Buffer.from(chunk));
  return Buffer.concat(copies);
}

let count = 0;
const fileOf = (bytes: Buffer): string => {
  const file = path.join(dir, `file-${count++}`);
  writeFileSync(file, bytes);
  return file;
};

describe('locateSplice and splicedChunks', () => {
  it('give the bytes an in-memory splice gives, wherever the parts fall against the buffer', () => {
    // A small alphabet makes repeated and overlapping parts common; small buffers put parts across their edges.
    const text = fc.stringMatching(/^[ab\n]{0,300}$/);
    const part = (bytes: string) => fc.tuple(fc.nat(bytes.length), fc.nat(12), fc.stringMatching(/^[abc]{0,8}$/)).map(([start, length, after]) => ({ before: Buffer.from(bytes.slice(start, start + length)), after: Buffer.from(after) }));
    fc.assert(
      fc.property(
        text.chain((bytes) => fc.tuple(fc.constant(bytes), fc.array(part(bytes), { minLength: 1, maxLength: 3 }), fc.integer({ min: 1, max: 40 }))),
        ([bytes, parts, chunkBytes]) => {
          const file = fileOf(Buffer.from(bytes));
          const expected = reference(Buffer.from(bytes), parts);
          const splice = locateSplice(file, parts, { chunkBytes });
          expect(splice === undefined ? undefined : joined(splice).toString()).toBe(expected?.toString());
        },
      ),
      { numRuns: 400 },
    );
  });

  it('count a short part once when the bytes carried into the next read hold it whole', () => {
    // A long part makes the carried bytes long: the short one, found in the first read, is carried whole into the second.
    const bytes = Buffer.from(`0123456789${'y'.repeat(10)}ab${'z'.repeat(30)}`);
    const parts = [
      { before: Buffer.from('ab'), after: Buffer.from('AB') },
      { before: Buffer.from('0123456789'), after: Buffer.from('digits') },
    ];
    const splice = locateSplice(fileOf(bytes), parts, { chunkBytes: 4 });
    expect(splice && joined(splice).toString()).toBe(reference(bytes, parts)!.toString());
  });

  it('find a part of a megabyte file across the edge of the default buffer, and write it through the atomic writer', () => {
    const bytes = Buffer.alloc(3 * 1024 * 1024, 'x');
    const marker = Buffer.from('<<the one part to replace, across the edge>>');
    marker.copy(bytes, 1024 * 1024 - 10);
    const file = fileOf(bytes);
    const splice = locateSplice(file, [{ before: marker, after: Buffer.from('new') }])!;
    expect(splice.cuts.map((cut) => cut.at)).toEqual([1024 * 1024 - 10]);
    writeFileAtomic(file, splicedChunks(splice));
    expect(readFileSync(file).equals(reference(bytes, [{ before: marker, after: Buffer.from('new') }])!)).toBe(true);
  });

  it('refuse a file changed after its parts were located: another size, or other bytes where a part was', () => {
    const parts = [{ before: Buffer.from('middle'), after: Buffer.from('centre') }];
    const longer = fileOf(Buffer.from('start middle end'));
    const grown = locateSplice(longer, parts)!;
    writeFileSync(longer, 'start middle end, and more');
    expect(() => joined(grown)).toThrow(/changed/);
    const same = fileOf(Buffer.from('start middle end'));
    const moved = locateSplice(same, parts)!;
    writeFileSync(same, 'startmiddle  end');
    expect(() => joined(moved)).toThrow(/changed/);
    // The writer's temporary file goes when the chunks throw: the target keeps its bytes.
    expect(() => writeFileAtomic(same, splicedChunks(moved))).toThrow(/changed/);
    expect(readFileSync(same, 'utf8')).toBe('startmiddle  end');
  });

  it('read only inside its confinement: a link out of the folder is refused', () => {
    const inner = mkdtempSync(path.join(dir, 'inner-'));
    const outside = fileOf(Buffer.from('outside middle'));
    symlinkSync(outside, path.join(inner, 'link'));
    expect(() => locateSplice(path.join(inner, 'link'), [{ before: Buffer.from('middle'), after: Buffer.from('x') }], { within: inner })).toThrow();
  });
});
