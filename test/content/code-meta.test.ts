import { describe, expect, it } from 'vitest';
import { lineNumbers, parseCodeMeta } from '../../src/content/code-meta.js';

// Each meta string below is written this way in the corpora (/work/shared/corpora), most of them many times.
describe('parseCodeMeta', () => {
  it('has nothing to say without meta', () => {
    expect(parseCodeMeta(null)).toEqual({});
    expect(parseCodeMeta(undefined)).toEqual({});
    expect(parseCodeMeta('  ')).toEqual({});
  });

  it('reads bare words as the title, keeping the meta as written', () => {
    expect(parseCodeMeta('cURL')).toEqual({ title: 'cURL', raw: 'cURL' });
    expect(parseCodeMeta('Node/TypeScript v10')).toEqual({ title: 'Node/TypeScript v10', raw: 'Node/TypeScript v10' });
    expect(parseCodeMeta('Pythonの次世代SDK').title).toBe('Pythonの次世代SDK');
  });

  it('prefers title="..." over bare words', () => {
    expect(parseCodeMeta('title="utils/hello.js"')).toMatchObject({ title: 'utils/hello.js' });
    expect(parseCodeMeta('title=".env" {2}')).toMatchObject({ title: '.env', highlight: [2] });
    expect(parseCodeMeta("Ignored title='Quoted one'")).toMatchObject({ title: 'Quoted one' });
  });

  it('reads line highlights in braces anywhere, with spaces, and as highlight=', () => {
    expect(parseCodeMeta('{5}').highlight).toEqual([5]);
    expect(parseCodeMeta('box.ts {5-8}')).toMatchObject({ title: 'box.ts', highlight: [5, 6, 7, 8] });
    expect(parseCodeMeta('{8-11, 15-18}').highlight).toEqual([8, 9, 10, 11, 15, 16, 17, 18]);
    expect(parseCodeMeta('{4-7} Restricted enum values')).toMatchObject({ title: 'Restricted enum values', highlight: [4, 5, 6, 7] });
    expect(parseCodeMeta('Line highlighting example highlight={1-2,5}')).toMatchObject({ title: 'Line highlighting example', highlight: [1, 2, 5] });
    expect(parseCodeMeta('highlight=1').highlight).toEqual([1]);
    expect(parseCodeMeta('highlight="4"').highlight).toEqual([4]);
  });

  it('reads focus in both forms', () => {
    expect(parseCodeMeta('Line focusing example focus={2,4-5}')).toMatchObject({ title: 'Line focusing example', focus: [2, 4, 5] });
    expect(parseCodeMeta('Line focusing example focus=2,4,5')).toMatchObject({ title: 'Line focusing example', focus: [2, 4, 5] });
  });

  it('reads icons quoted or bare, and the flags, which are not title words', () => {
    expect(parseCodeMeta('HelloWorld.java example icon=java lines')).toMatchObject({ title: 'HelloWorld.java example', icon: 'java', lines: true });
    expect(parseCodeMeta('Icon example icon="square-js"')).toMatchObject({ title: 'Icon example', icon: 'square-js' });
    expect(parseCodeMeta('{9-14} wrap')).toMatchObject({ highlight: [9, 10, 11, 12, 13, 14], wrap: true });
    expect(parseCodeMeta('Expandable example expandable')).toMatchObject({ title: 'Expandable example', expandable: true });
    expect(parseCodeMeta('wrap').title).toBeUndefined();
    expect(parseCodeMeta('wrap={false} lines=true')).toMatchObject({ wrap: false, lines: true });
  });

  it('leaves other flags and attributes out of the title', () => {
    expect(parseCodeMeta('title="No copy example" nocopy').title).toBe('No copy example');
    expect(parseCodeMeta('twoslash Twoslash example').title).toBe('Twoslash example');
    expect(parseCodeMeta(' theme={null}')).toEqual({ raw: ' theme={null}' });
    expect(parseCodeMeta('Python diff lines')).toMatchObject({ title: 'Python diff', lines: true });
  });

  it('bounds hostile line ranges', () => {
    const started = performance.now();
    expect(lineNumbers('1-999999999')).toHaveLength(10_000);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(lineNumbers('0, 3-1, x, 2')).toEqual([2]);
  });
});

// `\{[^}]*\}` scanned from every `{` to the end of a line without `}`: quadratic (the OpenAPI fuzz found
// the same pattern on a server URL of 200,000 `{`). A `{...}` group stops at the next `{`.
describe('meta with braces that never close', () => {
  it.each([['{'.repeat(200_000)], ['{ '.repeat(100_000)], [`title="x" ${'a={'.repeat(60_000)}`]])('reads hostile meta %# in linear time', (meta) => {
    expect(parseCodeMeta(meta).raw).toBe(meta);
    expect(parseCodeMeta(meta).title ?? '').not.toContain('title=');
  }, 2_000);
});

