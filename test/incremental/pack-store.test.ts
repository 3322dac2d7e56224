import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { PackStore } from '../../src/incremental/pack-store.js';

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'docs-build-pack-'));
  made.push(dir);
  return path.join(dir, 'pages');
}

function store(dir: string, options: { readOnly?: boolean; corrupt?: () => void } = {}): PackStore {
  return new PackStore(dir, { readOnly: options.readOnly ?? false, within: path.dirname(dir), onCorruptIndex: options.corrupt ?? (() => expect.unreachable('index reported corrupt')) });
}

const packsIn = (dir: string): string[] => readdirSync(dir).filter((name) => name.endsWith('.pack'));

describe('PackStore', () => {
  it('writes a run’s entries as one pack and an index, and reads them back in a new process', () => {
    const dir = folder();
    const first = store(dir);
    const entries = Array.from({ length: 300 }, (_, i) => [`key-${i}`, JSON.stringify({ page: i, text: 'é'.repeat(i % 7) })] as const);
    for (const [key, text] of entries) first.write(key, text);
    expect(first.read('key-5')).toBe(entries[5]![1]);
    expect(existsSync(dir)).toBe(false);
    first.flush({ prune: false });
    expect(readdirSync(dir).sort()).toEqual([...packsIn(dir), 'index.json'].sort());
    expect(packsIn(dir)).toHaveLength(1);

    const second = store(dir);
    for (const [key, text] of entries) expect(second.read(key)).toBe(text);
    expect(second.read('absent')).toBeUndefined();
  });

  it('a large run’s entries go to disk as they are written, and no index names them until the flush', () => {
    const dir = folder();
    const first = store(dir);
    // 3 MB in 300 entries: past what the pack file holds in memory before writing.
    const entries = Array.from({ length: 300 }, (_, i) => [`key-${i}`, JSON.stringify({ page: i, text: `${i}é`.repeat(3000) })] as const);
    for (const [key, text] of entries) first.write(key, text);
    const [pack] = packsIn(dir);
    expect(packsIn(dir)).toHaveLength(1);
    expect(readFileSync(path.join(dir, pack!)).length).toBeGreaterThan(2_000_000);
    expect(existsSync(path.join(dir, 'index.json'))).toBe(false);
    // Read back before the flush: from the file and from what is still held.
    for (const i of [0, 150, 299]) expect(first.read(`key-${i}`)).toBe(entries[i]![1]);
    expect(store(dir).read('key-0')).toBeUndefined();
    first.write('key-0', '"written again"');
    expect(first.read('key-0')).toBe('"written again"');
    first.flush({ prune: false });
    expect(packsIn(dir)).toEqual([pack]);
    const second = store(dir);
    expect(second.read('key-0')).toBe('"written again"');
    for (const [key, text] of entries.slice(1)) expect(second.read(key)).toBe(text);
  });

  it('a run that never flushes leaves a pack no index names; a merge removes the pack whose entries it took', () => {
    const dir = folder();
    const killed = store(dir);
    for (let i = 0; i < 50; i++) killed.write(`lost-${i}`, JSON.stringify('x'.repeat(40_000)));
    expect(packsIn(dir)).toHaveLength(1);
    expect(store(dir).read('lost-0')).toBeUndefined();
    const orphan = path.join(dir, packsIn(dir)[0]!);
    const hourAgo = new Date(Date.now() - 61 * 60 * 1000);
    utimesSync(orphan, hourAgo, hourAgo);
    for (let run = 0; run < 9; run++) {
      const next = store(dir);
      next.write(`entry-${run}`, `{"run": ${run}}`);
      next.flush({ prune: false });
    }
    expect(existsSync(orphan)).toBe(false);
    // The ninth flush merged nine packs into one, its own new pack included.
    expect(packsIn(dir)).toHaveLength(1);
    const last = store(dir);
    for (let run = 0; run < 9; run++) expect(last.read(`entry-${run}`)).toBe(`{"run": ${run}}`);
  });

  it('a folder removed while its pack fills costs only the entries: no write or flush throws, nothing half-named is left', () => {
    const dir = folder();
    const run = store(dir);
    const big = JSON.stringify('y'.repeat(300_000));
    for (let i = 0; i < 5; i++) run.write(`before-${i}`, big);
    expect(packsIn(dir)).toHaveLength(1);
    rmSync(dir, { recursive: true, force: true });
    for (let i = 0; i < 5; i++) expect(() => run.write(`after-${i}`, big)).not.toThrow();
    expect(() => run.flush({ prune: true })).not.toThrow();
    // Whatever the flush managed, a later run reads only complete, named entries.
    const next = store(dir);
    for (let i = 0; i < 5; i++) expect([undefined, big]).toContain(next.read(`after-${i}`));
    expect(next.read('before-0')).toBeUndefined();
  });

  it('adds a pack per flush and keeps earlier entries readable', () => {
    const dir = folder();
    const first = store(dir);
    first.write('a', '"one"');
    first.flush({ prune: false });
    const second = store(dir);
    second.write('b', '"two"');
    second.flush({ prune: false });
    expect(packsIn(dir)).toHaveLength(2);
    const third = store(dir);
    expect([third.read('a'), third.read('b')]).toEqual(['"one"', '"two"']);
  });

  it('pruning drops entries no recent pruning run used, and the packs only they needed', () => {
    const dir = folder();
    const first = store(dir);
    first.write('old', '"stale version of a page"');
    first.write('kept', '"unchanged page"');
    first.flush({ prune: true });
    const oldPack = packsIn(dir)[0]!;
    // Four pruning runs that look up only "kept" (each writes something new, as a run after an edit does).
    for (let run = 0; run < 4; run++) {
      const next = store(dir);
      expect(next.read('kept')).toBe('"unchanged page"');
      next.write(`new-${run}`, `"${run}"`);
      next.flush({ prune: true });
    }
    const last = store(dir);
    expect(last.read('old')).toBeUndefined();
    expect(last.read('kept')).toBe('"unchanged page"');
    // Used by the run three pruning runs ago: still inside the window.
    expect(last.read('new-0')).toBe('"0"');
    expect(last.read('new-3')).toBe('"3"');
    // "kept" still lives in the first pack; it stays.
    expect(packsIn(dir)).toContain(oldPack);
  });

  it('a flush without pruning (a patched run) never drops entries', () => {
    const dir = folder();
    const first = store(dir);
    first.write('page', '"p"');
    first.flush({ prune: true });
    for (let run = 0; run < 10; run++) {
      const next = store(dir);
      next.write(`edit-${run}`, `"${run}"`);
      next.flush({ prune: false });
    }
    expect(store(dir).read('page')).toBe('"p"');
  });

  it('merges packs into one when more than eight are live', () => {
    const dir = folder();
    for (let run = 0; run < 12; run++) {
      const next = store(dir);
      next.write(`entry-${run}`, `{"run": ${run}}`);
      next.flush({ prune: false });
      expect(packsIn(dir).length).toBeLessThanOrEqual(8);
    }
    const last = store(dir);
    for (let run = 0; run < 12; run++) expect(last.read(`entry-${run}`)).toBe(`{"run": ${run}}`);
  });

  it('a missing pack is a quiet miss; a truncated one, or an entry edited in its pack, reads as "" for the caller to refuse', () => {
    const dir = folder();
    const first = store(dir);
    first.write('a', '"a long enough entry"');
    first.flush({ prune: false });
    const pack = path.join(dir, packsIn(dir)[0]!);
    // Same length, other bytes: only the checksum in the index tells.
    writeFileSync(pack, readFileSync(pack, 'utf8').replace('long', 'LONG'));
    expect(store(dir).read('a')).toBe('');
    truncateSync(pack, 5);
    expect(store(dir).read('a')).toBe('');
    rmSync(pack);
    expect(store(dir).read('a')).toBeUndefined();
  });

  it('an index that is not one is reported once, read as empty, and replaced by the next flush', () => {
    const index = (entries: string): string => `{"format": "docs-build-pack-index", "run": 1, "entries": {${entries}}}`;
    const good = '"0123456789abcdef.pack", 0, 4, 1, "0123456789abcdef"';
    const broken = [
      '{',
      'null',
      index('"k": ["/etc/passwd", 0, 4, 1]'),
      '{"format": "other", "run": 1, "entries": {}}',
      // A pack name leading out, after a good one (names are matched once each).
      index(`"a": [${good}], "k": ["../0123456789abcdef.pack", 0, 4, 1, "0123456789abcdef"]`),
      index(`"a": [${good}], "k": ["0123456789abcdef.pack", -1, 4, 1, "0123456789abcdef"]`),
      index(`"a": [${good}], "k": ["0123456789abcdef.pack", 0, 4, 1, 7]`),
    ];
    for (const text of broken) {
      const dir = folder();
      const first = store(dir);
      first.write('k', '"v"');
      first.flush({ prune: false });
      writeFileSync(path.join(dir, 'index.json'), text);
      let reports = 0;
      const reader = store(dir, { corrupt: () => reports++ });
      expect(reader.read('k')).toBeUndefined();
      expect(reader.read('k')).toBeUndefined();
      expect(reports).toBe(1);
      reader.write('k', '"fresh"');
      reader.flush({ prune: true });
      expect(store(dir).read('k')).toBe('"fresh"');
    }
  });

  it('read-only: writes are ignored and nothing is created', () => {
    const dir = folder();
    const readOnly = store(dir, { readOnly: true });
    readOnly.write('k', '"v"');
    expect(readOnly.read('k')).toBeUndefined();
    readOnly.flush({ prune: true });
    expect(existsSync(dir)).toBe(false);
  });

  it('removes packs no index names once they are an hour old (killed writers, lost races)', () => {
    const dir = folder();
    const first = store(dir);
    first.write('k', '"v"');
    first.flush({ prune: false });
    const orphan = path.join(dir, '0123456789abcdef.pack');
    const young = path.join(dir, 'fedcba9876543210.pack');
    writeFileSync(orphan, 'left by a killed writer');
    writeFileSync(young, 'another writer is about to name this');
    const hourAgo = new Date(Date.now() - 61 * 60 * 1000);
    utimesSync(orphan, hourAgo, hourAgo);
    const next = store(dir);
    next.write('k2', '"v2"');
    next.flush({ prune: false });
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(young)).toBe(true);
    expect(store(dir).read('k')).toBe('"v"');
  });

  it('behaves as a map across any series of writes, flushes and new processes', () => {
    type Step = { kind: 'write'; key: number; value: string } | { kind: 'flush'; prune: boolean } | { kind: 'reopen' };
    const step = fc.oneof(
      fc.record({ kind: fc.constant('write' as const), key: fc.integer({ min: 0, max: 20 }), value: fc.string({ unit: 'grapheme', maxLength: 30 }) }),
      fc.record({ kind: fc.constant('flush' as const), prune: fc.constant(false) }),
      fc.record({ kind: fc.constant('reopen' as const) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps: Step[]) => {
        const dir = folder();
        const model = new Map<string, string>();
        const flushed = new Map<string, string>();
        let current = store(dir);
        for (const s of steps) {
          if (s.kind === 'write') {
            const text = JSON.stringify(s.value);
            current.write(`k${s.key}`, text);
            model.set(`k${s.key}`, text);
          } else if (s.kind === 'flush') {
            current.flush({ prune: s.prune });
            for (const [key, value] of model) flushed.set(key, value);
          } else {
            // Unflushed writes are lost with the process.
            current = store(dir);
            model.clear();
            for (const [key, value] of flushed) model.set(key, value);
          }
          for (let key = 0; key <= 20; key++) expect(current.read(`k${key}`)).toBe(model.get(`k${key}`));
        }
        expect(existsSync(dir) ? packsIn(dir).length : 0).toBeLessThanOrEqual(8);
        rmSync(path.dirname(dir), { recursive: true, force: true });
      }),
      { numRuns: 60 },
    );
  });
});
