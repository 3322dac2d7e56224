/**
 * Issue 13, items 1, 2 and 20, end to end: small files whose expansion grows with the number of
 * reference paths (OpenAPI schemas referencing the next one twice, docs.json `$ref` fan-out and chains),
 * duplicate docs.json keys and page files that differ only in case. Each build runs in a child process
 * with a heap cap and a time limit: it must end in a manifest or diagnostics, never a trace, a hang or
 * an out-of-memory.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostics/index.js';
import { BuildRunner, expectBuildInvariants, removeTempDirs, seedPreviousManifest, summarize, tempDir } from './support/build-runner.js';
import type { OkReply } from './support/protocol.js';

const runner = new BuildRunner({ maxHeapMb: 1024 });
afterAll(() => {
  runner.close();
  removeTempDirs();
});

/** A docs root holding `files`; `index.mdx` is added unless given. */
function rootWith(files: Record<string, string>): string {
  const dir = tempDir('docs-build-bounded-');
  for (const [relative, text] of Object.entries({ 'index.mdx': '# Home\n', ...files })) {
    mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
    writeFileSync(path.join(dir, relative), text);
  }
  return dir;
}

async function build(root: string): Promise<OkReply> {
  const outFile = path.join(tempDir('docs-build-bounded-out-'), 'manifest.json');
  seedPreviousManifest(outFile);
  const reply = await runner.run({ root, outFile, wantManifest: true }, 30_000);
  expectBuildInvariants(reply, outFile);
  return reply;
}

const config = (extra: Record<string, unknown> = {}, navigation: unknown = { pages: ['index'] }): string =>
  JSON.stringify({ theme: 'mint', name: 'Bounded', colors: { primary: '#0D9373' }, navigation, ...extra }, null, 2);

/** The text at a diagnostic's position. */
const textAt = (text: string, d: Diagnostic): string => text.split('\n')[d.line! - 1]!.slice(d.column! - 1);

type Schema = Record<string, unknown>;
const ref = (i: number): Schema => ({ $ref: `#/components/schemas/S${i}` });

/** An API root: `levels` schemas, S(i) made by `make(S(i+1))`, the last a small object; GET /x answers S0. */
function apiRoot(levels: number, make: (next: Schema) => Schema): { root: string; spec: string } {
  const schemas: Record<string, Schema> = {};
  for (let i = 0; i < levels - 1; i++) schemas[`S${i}`] = make(ref(i + 1));
  schemas[`S${levels - 1}`] = { type: 'object', properties: { a: { type: 'string' } } };
  const spec = JSON.stringify(
    { openapi: '3.1.0', info: { title: 'Fan-out', version: '1' }, paths: { '/x': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: ref(0) } } } } } } }, components: { schemas } },
    null,
    1,
  );
  const root = rootWith({ 'docs.json': config({}, { groups: [{ group: 'Home', pages: ['index'] }, { group: 'API', openapi: 'openapi.json', pages: [] }] }), 'openapi.json': spec });
  return { root, spec };
}

interface ManifestPages {
  pages: Record<string, { kind: string; responseFields?: Array<{ name: string; type: string }> }>;
}
const generatedPage = (reply: OkReply) => Object.values((reply.manifest as ManifestPages).pages).find((p) => p.kind === 'openapi')!;

describe('OpenAPI schemas whose expansion doubles per level', () => {
  it('17 schemas each allOf: [{$ref: next}, {$ref: next}] (a 3 KB spec): the page, and one warning from the validator at a $ref', async () => {
    const { root, spec } = apiRoot(17, (next) => ({ allOf: [next, next] }));
    expect(spec.length).toBeLessThan(3500);
    const reply = await build(root);
    expect(summarize(reply, (code) => code !== 'openapi/bulk-generation-off')).toEqual([expect.stringMatching(/^warning openapi\/schema-too-large openapi\.json:\d+:\d+$/)]);
    expect(textAt(spec, reply.diagnostics[0]!)).toMatch(/^"#\/components\/schemas\/S\d+"/);
    expect(generatedPage(reply).responseFields!.map((f) => `${f.name}:${f.type}`)).toEqual(['a:string']);
  });

  const validator = 'with its $refs followed';
  const nesting = 'allOf/oneOf/anyOf parts and array items nest more than 32';
  const typeLength = 'the type of this schema is longer than 200';
  const variants: Array<{ name: string; levels: number; make: (next: Schema) => Schema; warnings: string[]; fields: string }> = [
    { name: 'oneOf, 30 levels', levels: 30, make: (next) => ({ oneOf: [next, next] }), warnings: [validator], fields: 'a:string' },
    { name: 'anyOf, 60 levels', levels: 60, make: (next) => ({ anyOf: [next, { allOf: [next] }] }), warnings: [nesting, validator], fields: '' },
    {
      name: '10 properties per level, 9 levels',
      levels: 9,
      make: (next) => ({ type: 'object', properties: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`p${i}`, next])) }),
      warnings: [validator],
      fields: 'p0:object,p1:object,p2:object,p3:object,p4:object,p5:object,p6:object,p7:object,p8:object,p9:object',
    },
    {
      name: 'arrays of the next schema, 3 per level, 14 levels',
      levels: 14,
      make: (next) => ({ type: 'object', properties: { a: { type: 'array', items: next }, b: { type: 'array', items: next }, c: { type: 'array', items: { type: 'array', items: next } } } }),
      warnings: [validator],
      fields: 'a:object[],b:object[],c:object[][]',
    },
    {
      name: 'unions of arrays of the next schema, 24 levels',
      levels: 24,
      make: (next) => ({ oneOf: [{ type: 'array', items: next }, { type: 'array', items: { type: 'array', items: next } }] }),
      warnings: [validator, typeLength, nesting],
      fields: 'response:((any[] | any[][])[] | ((any[] | any[][])[])[])[] | (((any[] | any[][])[] | ((any[] | any[][])[])[])[])[]',
    },
  ];
  for (const { name, levels, make, warnings, fields } of variants) {
    it(`${name}: the page within the time limit, and a warning where each bound was hit`, async () => {
      const { root, spec } = apiRoot(levels, make);
      const reply = await build(root);
      const found = reply.diagnostics.filter((d) => d.code !== 'openapi/bulk-generation-off');
      expect(found.map((d) => `${d.severity} ${d.code} ${d.file}`)).toEqual(warnings.map(() => 'warning openapi/schema-too-large openapi.json'));
      expect(found.map((d) => d.message.slice(0, d.message.startsWith('with') ? validator.length : d.message.startsWith('allOf') ? nesting.length : typeLength.length))).toEqual(warnings);
      for (const d of found) expect(textAt(spec, d)).toMatch(/^("#\/components|\{)/);
      expect(generatedPage(reply).responseFields!.map((f) => `${f.name}:${f.type}`).join(',')).toBe(fields);
      expect(reply.manifestBytes).toBeLessThan(20_000_000);
    });
  }

  it('a schema that recurses through a union of arrays of itself: a finite type', async () => {
    const { root } = apiRoot(2, () => ({ oneOf: [{ type: 'array', items: ref(0) }, { type: 'string' }] }));
    const reply = await build(root);
    expect(summarize(reply, (code) => code !== 'openapi/bulk-generation-off')).toEqual([]);
    expect(generatedPage(reply).responseFields!.map((f) => `${f.name}:${f.type}`)).toEqual(['response:any[] | string']);
  });
});

describe('docs.json $ref fan-out', () => {
  it('a.json = 1000 x {"$ref": "b.json"}, b.json = 1000 x {"$ref": "c.json"}, c.json = 1000 x "x": an error at the $ref where the bound passes', async () => {
    const b = JSON.stringify(Array.from({ length: 1000 }, () => ({ $ref: 'c.json' })));
    const root = rootWith({
      'docs.json': config({ redirects: { $ref: 'a.json' } }),
      'a.json': JSON.stringify(Array.from({ length: 1000 }, () => ({ $ref: 'b.json' }))),
      'b.json': b,
      'c.json': JSON.stringify(Array.from({ length: 1000 }, () => 'x')),
    });
    const reply = await build(root);
    const tooLarge = reply.diagnostics.filter((d) => d.code === 'config/ref-too-large');
    expect(summarize(reply, (code) => code === 'config/ref-too-large')).toEqual([expect.stringMatching(/^error config\/ref-too-large b\.json:1:\d+$/)]);
    expect(textAt(b, tooLarge[0]!)).toMatch(/^"c\.json"\}/);
    expect(tooLarge[0]!.message).toMatch(/^"\$ref" composition expands to more than \d+ values here/);
  });

  it('a chain of 26 files, each two $refs to the next (52 bytes each): an error at the $ref where the bound passes', async () => {
    const files: Record<string, string> = { 'docs.json': config({ redirects: { $ref: 'f0.json' } }), 'f25.json': '["x","x"]' };
    for (let i = 0; i < 25; i++) files[`f${i}.json`] = JSON.stringify([{ $ref: `f${i + 1}.json` }, { $ref: `f${i + 1}.json` }]);
    const reply = await build(rootWith(files));
    expect(summarize(reply, (code) => code === 'config/ref-too-large')).toEqual([expect.stringMatching(/^error config\/ref-too-large f\d+\.json:1:\d+$/)]);
  });

  it('a chain of 5,000 files, each one $ref to the next: an error where it nests too deep, not a stack overflow', async () => {
    const files: Record<string, string> = { 'docs.json': config({ redirects: { $ref: 'f0.json' } }), 'f4999.json': '[]' };
    for (let i = 0; i < 4999; i++) files[`f${i}.json`] = `{"$ref":"f${i + 1}.json"}`;
    const reply = await build(rootWith(files));
    expect(summarize(reply)).toEqual(['error config/ref-too-large f63.json:1:9']);
  });
});

describe('duplicate keys and page files that differ only in case', () => {
  it('a warning for the duplicate key and an error naming both files (two sources for one URL); every problem is still reported', async () => {
    const docs = config().replace('"name": "Bounded",', '"name": "Bounded",\n  "name": "Again",');
    const reply = await build(rootWith({ 'docs.json': docs, 'Index.mdx': '# Other home\n' }));
    expect(summarize(reply)).toEqual(['warning config/duplicate-key docs.json:4:3', 'error navigation/case-collision index.mdx:1:1']);
    expect(reply.diagnostics.map((d) => d.message)).toEqual([
      '"name" is written twice in this object (first at line 3, column 3); JSON keeps only this later value',
      '"index.mdx" and "Index.mdx" differ only in letter case: on a case-insensitive file system (macOS, Windows) one replaces the other, and their URLs differ only in case',
    ]);
    // An error: the manifest waits for one of the two to be renamed.
    expect(reply.written).toBeUndefined();
  });
});
