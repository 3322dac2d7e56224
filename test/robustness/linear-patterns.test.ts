/**
 * Regular expressions over text a user wrote run in linear time. Each pattern below backtracked over
 * a long run (of `/`, whitespace or `?`) before a character that made it fail, once from every
 * position of the run: 50,000 characters took 2.6-3.0 s, 200,000 ran for minutes. Each case has a
 * time limit its quadratic form cannot meet.
 */
import { describe, expect, it } from 'vitest';
import { assignHeadingIds } from '../../src/content/headings.js';
import type { ContentRoot } from '../../src/content/types.js';
import { joinUrl, trimSlashes, trimTrailingSlashes } from '../../src/fields/http.js';
import { stripTrailingSlash } from '../../src/links/redirects.js';
import { parseCodeMeta } from '../../src/content/code-meta.js';
import { parseEndpointReference } from '../../src/navigation/endpoint-reference.js';
import { formatOf } from '../../src/openapi/parse.js';
import { inlineMarkdown } from '../../src/theme/layout/Banner.js';
import { normalizeBase } from '../../src/theme/layout/urls.js';

const run = 200_000;
const slashes = `a${'/'.repeat(run)}b`;

describe('patterns over long runs', () => {
  it('trailing slashes: a run of `/` that does not end the text', () => {
    expect(joinUrl(slashes, '/x')).toBe(`${slashes}/x`);
    expect(stripTrailingSlash(slashes)).toBe(slashes);
    expect(normalizeBase(slashes)).toBe(`/${slashes}/`);
    expect(joinUrl('https://api.example.com///', 'x')).toBe('https://api.example.com/x');
    expect(normalizeBase('//docs//')).toBe('/docs/');
    expect(trimTrailingSlashes(slashes)).toBe(slashes);
    expect(trimSlashes(`/${slashes}`)).toBe(slashes);
    expect(trimTrailingSlashes('https://x.test/v1//')).toBe('https://x.test/v1');
    expect(trimTrailingSlashes('/')).toBe('');
    expect(trimSlashes('//guides/setup/')).toBe('guides/setup');
    expect(trimSlashes('///')).toBe('');
  }, 2_000);

  it('a custom heading id after a long run of spaces, and a heading that has none', () => {
    const heading = (text: string): ContentRoot => ({ type: 'root', children: [{ type: 'element', tagName: 'h2', properties: {}, children: [{ type: 'text', value: text }] }] });
    const plain = heading(`Title${' '.repeat(run)}end`);
    expect(assignHeadingIds(plain).anchors).toHaveLength(1);
    const custom = heading(`Title${' '.repeat(run)}{#my-id}`);
    expect(assignHeadingIds(custom).anchors).toEqual(['my-id']);
  }, 2_000);

  it('a query or fragment cut from a name that holds a line break', () => {
    expect(formatOf(`${'?'.repeat(run)}\nx`, '{}')).toBe('json');
    expect(formatOf('spec.yaml?ref=main', '{}')).toBe('yaml');
  }, 2_000);

  // The rest were found by recheck (a ReDoS checker) over every regular expression literal in src/.
  it('an endpoint reference with a line break after many `webhook` words', () => {
    expect(parseEndpointReference(`spec.yaml ${'x WEBHOOK '.repeat(run / 10)}\nx`).kind).not.toBe('webhook');
    expect(parseEndpointReference('spec.yaml webhook order.created')).toEqual({ kind: 'webhook', file: 'spec.yaml', name: 'order.created' });
  }, 2_000);

  it('a code title made of many `key-` words and no `=`', () => {
    expect(parseCodeMeta(`${'0-'.repeat(run / 2)}{`).title).toHaveLength(run + 1);
    expect(parseCodeMeta('Example {1-3}').title).toBe('Example');
  }, 2_000);

  it('inline Markdown with many `[` that never close', () => {
    expect(inlineMarkdown('[\t'.repeat(run / 2))).toHaveLength(1);
    expect(inlineMarkdown('See [the guide](/guide) now')).toHaveLength(3);
  }, 2_000);
});
