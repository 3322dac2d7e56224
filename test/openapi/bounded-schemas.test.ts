/**
 * Schemas whose expansion grows with the number of reference paths (issue 13, item 1): combinators,
 * properties and items that reference the next schema several times, nested many levels. Each case is
 * read once per schema (memoized), bounded in total, and ends in fields or a warning within seconds.
 */
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostics/index.js';
import type { Field } from '../../src/fields/index.js';
import { describeOperation, describeSchemaPage, SchemaTable, type LoadedSpec, type SchemaLimits } from '../../src/openapi/index.js';
import { brief, loadOne } from './helpers.js';

type Schema = Record<string, unknown>;
const ref = (i: number): Schema => ({ $ref: `#/components/schemas/S${i}` });

/** `levels` schemas S0..S(n-1), each made by `make(next)`, the last a small object; GET /x answers S0. */
function chainSpec(levels: number, make: (next: Schema) => Schema, operations = 1): string {
  const schemas: Record<string, Schema> = {};
  for (let i = 0; i < levels - 1; i++) schemas[`S${i}`] = make(ref(i + 1));
  schemas[`S${levels - 1}`] = { type: 'object', properties: { a: { type: 'string' } } };
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < operations; i++) {
    paths[i === 0 ? '/x' : `/x${i}`] = { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: ref(0) } } } } } };
  }
  return JSON.stringify({ openapi: '3.1.0', info: { title: 'fan-out', version: '1' }, paths, components: { schemas } }, null, 1);
}

async function describeAll(text: string, limits: Partial<SchemaLimits> = {}): Promise<{ fields: Field[][]; problems: Diagnostic[]; loadProblems: Diagnostic[]; json: string; spec: LoadedSpec }> {
  const { spec, diagnostics } = await loadOne({ 'openapi.json': text }, 'openapi.json');
  const schemas = new SchemaTable(limits);
  const fields = spec!.operations.map((op) => describeOperation(spec!, op, { playgroundDisplay: null, schemas }).responseFields!);
  const json = JSON.stringify({ fields, schemas: schemas.toJSON() });
  return { fields, problems: schemas.takeDiagnostics(), loadProblems: diagnostics, json, spec: spec! };
}

const sketch = (fields: Field[] | undefined): string[] => (fields ?? []).map((f) => `${f.name}:${f.type}${f.schemaRef ? ` ->${f.schemaRef.replace(/^.*\//, '')}` : ''}${f.properties ? ` {${sketch(f.properties).join(', ')}}` : ''}`);
const count = (fields: Field[] | undefined): number => (fields ?? []).reduce((n, f) => n + 1 + count(f.properties), 0);

/** The text of `text` at a diagnostic's line and column. */
const at = (text: string, d: Diagnostic): string => text.split('\n')[d.line! - 1]!.slice(d.column! - 1);

describe('combinators that reference the next schema twice, many levels deep', () => {
  for (const keyword of ['allOf', 'oneOf', 'anyOf']) {
    it(`${keyword}: 17 levels (2^17 reference paths) give the fields of the last schema, at once`, async () => {
      const text = chainSpec(17, (next) => ({ [keyword]: [next, next] }));
      expect(text.length).toBeLessThan(4000);
      const started = Date.now();
      const { fields, problems } = await describeAll(text);
      expect(sketch(fields[0])).toEqual(['a:string']);
      expect(problems).toEqual([]);
      expect(Date.now() - started).toBeLessThan(5000);
    });
  }

  it('40 levels: the nesting bound leaves the deepest schemas out, with one warning where it stopped', async () => {
    const text = chainSpec(40, (next) => ({ allOf: [next, next] }));
    const { fields, problems } = await describeAll(text);
    expect(fields[0]).toEqual([]);
    expect(problems.map(brief)).toEqual([expect.stringMatching(/^openapi\/schema-too-large openapi\.json:\d+:\d+ allOf\/oneOf\/anyOf parts and array items nest more than 32 schemas deep here/)]);
    expect(problems[0]!.pointer).toBe('/components/schemas/S32');
  });

  it('a recursive union through array items has a finite type', async () => {
    const spec = { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: { '/x': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: ref(0) } } } } } } }, components: { schemas: { S0: { oneOf: [{ type: 'array', items: ref(0) }, { type: 'string' }] } } } };
    const { fields, problems } = await describeAll(JSON.stringify(spec));
    expect(sketch(fields[0])).toEqual(['response:any[] | string']);
    expect(problems).toEqual([]);
  });

  it('unions of arrays that double the type string per level: given as any past 200 characters, with a warning', async () => {
    const text = chainSpec(10, (next) => ({ oneOf: [{ type: 'array', items: next }, { type: 'array', items: { type: 'array', items: next } }] }));
    const { fields, problems } = await describeAll(text);
    expect(fields[0]![0]!.type.length).toBeLessThanOrEqual(200);
    expect(problems.map(brief)).toEqual([expect.stringMatching(/^openapi\/schema-too-large openapi\.json:\d+:\d+ the type of this schema is longer than 200 characters/)]);
  });
});

describe('properties and items that fan out', () => {
  it('10 properties per level, 8 levels: fields stop at table references; validation does not follow 10^8 paths', async () => {
    const text = chainSpec(8, (next) => ({ type: 'object', properties: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`p${i}`, next])) }));
    const started = Date.now();
    const { fields, problems, loadProblems, json } = await describeAll(text);
    expect(problems).toEqual([]);
    expect(count(fields[0])).toBeLessThanOrEqual(1500 + 10 * 7);
    expect(json.length).toBeLessThan(5_000_000);
    // The validator counts what its dereferenced copy would hold, and validates the spec as written instead.
    expect(loadProblems.map(brief)).toEqual([expect.stringMatching(/^openapi\/schema-too-large openapi\.json:\d+:\d+ with its \$refs followed, this spec expands to more than 1000000 values/)]);
    expect(at(text, loadProblems[0]!)).toMatch(/^"#\/components\/schemas\/S\d+"/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('arrays of the next schema, twice per level', async () => {
    const text = chainSpec(20, (next) => ({ type: 'object', properties: { a: { type: 'array', items: next }, b: { type: 'array', items: next } } }));
    const { fields, problems } = await describeAll(text);
    expect(problems).toEqual([]);
    expect(sketch(fields[0]).slice(0, 1)).toEqual([expect.stringMatching(/^a:object\[\] \{a:object\[\] \{/)]);
    expect(count(fields[0])).toBeLessThanOrEqual(1500 + 2 * 7);
  });

  it('the work for one spec is bounded over the whole run: past it one warning, and fields stop at references', async () => {
    const text = chainSpec(17, (next) => ({ type: 'object', properties: { x: next, y: next } }), 40);
    const { fields, problems } = await describeAll(text, { maxExpansion: 2000 });
    expect(problems.map(brief)).toEqual([expect.stringMatching(/^openapi\/schema-too-large openapi\.json:\d+:\d+ the schemas of openapi\.json expand to more than 2000 nodes/)]);
    expect(fields.reduce((n, f) => n + count(f), 0)).toBeLessThan(2000 + 40 * 20);
    // The last operations list one field that refers to the table, and say nothing of its properties.
    expect(sketch(fields.at(-1))).toEqual(['response:object ->S0']);
  });

  it('the bound grows with the spec: a tenth of its characters', async () => {
    const text = chainSpec(17, (next) => ({ type: 'object', properties: { x: next, y: next } }), 40);
    // The same schemas in a spec of a million characters (a long description) get a budget of 100,000.
    const padded = text.replace('"title": "fan-out"', `"title": "fan-out", "description": "${'x'.repeat(1_000_000)}"`);
    expect(padded.length).toBeGreaterThan(1_000_000);
    const { fields, problems } = await describeAll(padded, { maxExpansion: 2000 });
    expect(problems).toEqual([]);
    expect(sketch(fields.at(-1))[0]).toMatch(/^x:object \{x:object \{/);
  });
});

describe('memoized shapes keep the meaning of keys beside a $ref', () => {
  it('a description beside a $ref is the field description at that place only', async () => {
    const spec = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: { '/x': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: ref(0) } } } } } } },
      components: {
        schemas: {
          S0: { type: 'object', properties: { a: { ...ref(1), description: 'first' }, b: { ...ref(1), description: 'second' }, c: ref(1) } },
          S1: { description: 'own', allOf: [{ ...ref(2), description: 'beside' }, ref(2)] },
          S2: { type: 'object', properties: { v: { type: 'integer' } } },
        },
      },
    };
    const { fields, problems } = await describeAll(JSON.stringify(spec));
    expect(problems).toEqual([]);
    expect(fields[0]!.map((f) => `${f.name}:${f.description}:${sketch(f.properties).join(',')}`)).toEqual(['a:first:v:integer', 'b:second:v:integer', 'c:own:v:integer']);
  });

  it('a schema page of a fan-out schema is described through the table', async () => {
    const text = chainSpec(17, (next) => ({ allOf: [next, next] }));
    const { spec } = await describeAll(text);
    const schemas = new SchemaTable();
    const page = describeSchemaPage(spec, 'S0', schemas);
    expect(page?.schema?.ref).toBe('openapi.json#/components/schemas/S0');
    expect(sketch(schemas.get('openapi.json#/components/schemas/S0')!.properties)).toEqual(['a:string']);
  });
});
