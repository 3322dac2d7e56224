/**
 * The fuzzers' own mutation model: a list of mutations applied to a seed gives the same bytes every time
 * (so a printed counterexample replays), never a cyclic value (fast-check may hand one object to
 * several mutations), and leaves the seed untouched.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mutateValue, serializeJson, valueMutation, type Json } from './support/mutate.js';
import { fuzzParameters } from './support/roots.js';

const seed: Json = { theme: 'mint', navigation: { tabs: [{ tab: 'A', pages: ['index', { group: 'G', pages: ['x'] }] }] }, colors: { primary: '#000' } };

describe('support/mutate.ts', () => {
  it('is deterministic, acyclic and leaves the seed alone (300 cases)', () => {
    const before = JSON.stringify(seed);
    fc.assert(
      fc.property(fc.array(valueMutation({ maxHuge: 5_000, maxDepth: 50 }), { maxLength: 6 }), (mutations) => {
        const first = serializeJson(mutateValue(seed, mutations));
        expect(serializeJson(mutateValue(seed, mutations))).toBe(first);
        expect(() => JSON.parse(first)).not.toThrow();
        expect(JSON.stringify(seed)).toBe(before);
      }),
      fuzzParameters(300),
    );
  });

  it('inserts a copy when one object is given to several mutations', () => {
    const shared: Json = { '': [[1]] };
    const out = mutateValue({ a: { b: 1, c: 2 } }, [
      { op: 'addKey', at: 1, key: 'allOf', value: shared },
      { op: 'retype', at: 3, value: shared },
      { op: 'addKey', at: 4, key: 'x', value: shared },
    ]);
    expect(JSON.stringify(out)).toBe('{"a":{"b":1,"c":{"":[[1],{"":[[1]]}]},"allOf":{"":[[1]]}}}');
  });

  it('keeps a __proto__ key as data and writes a duplicated key twice', () => {
    const out = mutateValue({ a: 1 }, [
      { op: 'addKey', at: 0, key: '__proto__', value: { polluted: true } },
      { op: 'duplicate', at: 1, value: 2 },
    ]);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(serializeJson(out)).toBe('{\n  "a": 1,\n  "__proto__": {\n    "polluted": true\n  },\n  "a": 2\n}');
  });
});
