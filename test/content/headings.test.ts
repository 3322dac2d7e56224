import { describe, expect, it } from 'vitest';
import { convertBody } from '../../src/content/convert.js';
import { assignHeadingIds, fieldAnchor, maskHeadingIdMarkers, slugify } from '../../src/content/headings.js';
import { parseMdxPage } from '../../src/mdx/parse-page.js';
import { sourceFile } from '../mdx/helpers.js';
import type { ContentComponent, ContentElement, ContentNode, ContentRoot } from '../../src/content/types.js';
import { parseMdx } from '../../src/mdx/processor.js';

function tree(text: string): ContentRoot {
  const parsed = parseMdx(text);
  if (!parsed.ok) throw new Error(`does not parse: ${JSON.stringify(parsed)}`);
  return convertBody(parsed.tree, text, 'page.mdx').value.tree;
}

function all<T extends ContentNode>(nodes: ContentNode[], test: (node: ContentNode) => node is T): T[] {
  return nodes.flatMap((node) => [...(test(node) ? [node] : []), ...('children' in node ? all(node.children, test) : [])]);
}
const headings = (root: ContentRoot) => all(root.children, (n): n is ContentElement => n.type === 'element' && /^h[1-6]$/.test(n.tagName)).map((h) => h.properties.id);

describe('slugify: the service documented examples (mintlify-docs create/text.mdx)', () => {
  it.each([
    ['Getting started', 'getting-started'],
    ['Config.json options', 'config-json-options'],
    ["What's new", 'what’s-new'],
    ['Rate limits (per minute)', 'rate-limits-per-minute'],
    ['Read/write access', 'read/write-access'],
    ['Fees & billing', 'fees-&-billing'],
    ['OAuth', 'oauth'],
    ['Step 1: Install', 'step-1-install'], // guides/linking.mdx
    ["What's next?", 'what’s-next'], // lancedb/docs#353, read back from the service's export
  ])('%s -> %s', (text, id) => expect(slugify(text)).toBe(id));

  it('keeps letters of any script, drops emoji and symbols', () => {
    expect(slugify('快速开始')).toBe('快速开始');
    expect(slugify('Café Über')).toBe('café-über');
    expect(slugify('🚀 Quick start!')).toBe('quick-start');
    expect(slugify('a_b-c, "d" <e> `f`')).toBe('a_b-c-d-e-f');
  });
});

describe('assignHeadingIds', () => {
  it('numbers duplicates page-wide from -2, headings in components included', () => {
    const root = tree('## Overview\n\n<Tabs>\n  <Tab title="A">\n    ## Overview\n  </Tab>\n</Tabs>\n\n### Overview\n');
    assignHeadingIds(root);
    expect(headings(root)).toEqual(['overview', 'overview-2', 'overview-3']);
  });

  it('numbers on past ids the page took, whatever wrote them, and stays unique over thousands of repeats', () => {
    const root = tree('## A\n\n## A\n\n<h2 id="a-3">x</h2>\n\n## A\n\n## A 4\n\n## A\n');
    assignHeadingIds(root);
    expect(headings(root)).toEqual(['a', 'a-2', 'a-3', 'a-4', 'a-4-2', 'a-5']);
    const many = tree('## Step\n\n'.repeat(3000));
    assignHeadingIds(many);
    const ids = headings(many);
    expect(new Set(ids).size).toBe(3000);
    expect(ids.slice(0, 3)).toEqual(['step', 'step-2', 'step-3']);
    expect(ids.at(-1)).toBe('step-3000');
  });

  it('reads the text of inline code, links and emphasis', () => {
    const root = tree('## The `init()` call and [links](/x) in **bold**\n');
    const { toc } = assignHeadingIds(root);
    expect(toc).toEqual([{ depth: 2, text: 'The init() call and links in bold', id: 'the-init-call-and-links-in-bold' }]);
  });

  it('keeps written ids and a {#custom} marker, and reserves them', () => {
    const root = tree('<h2 id="kept">Kept</h2>\n\n## Title \\{#custom}\n\n## Kept\n\n## custom\n');
    const { toc, anchors } = assignHeadingIds(root);
    expect(headings(root)).toEqual(['kept', 'custom', 'kept-2', 'custom-2']);
    expect(toc.map((e) => e.text)).toEqual(['Kept', 'Title', 'Kept', 'custom']);
    expect(anchors).toEqual(['kept', 'custom', 'kept-2', 'custom-2']);
  });

  it("reads an unescaped {#custom} in an MDX heading (the service's custom heading ids), not in code, and never shows the marker", () => {
    const text = [
      '---\ntitle: "A {#not-this}"\n---',
      '## My section {#my-custom-anchor}',
      '```mdx\n## In code {#not-a-heading}\n```',
      '<Tabs>\n  <Tab title="One">\n    ### Inside a tab {#inside}\n  </Tab>\n</Tabs>',
      '## Escaped \\{#escaped}',
      'Text {#in-prose} is an expression.',
    ].join('\n\n');
    const masked = maskHeadingIdMarkers(text);
    expect(masked.length).toBe(text.length);
    expect(masked.split('\n').filter((line, index) => line !== text.split('\n')[index])).toEqual(['## My section \uFDD2#my-custom-anchor\uFDD3', '    ### Inside a tab \uFDD2#inside\uFDD3']);
    const parsed = parseMdxPage(sourceFile('page.mdx', text.replace('Text {#in-prose} is an expression.', '')));
    expect(parsed.diagnostics.map((d) => d.code)).toEqual([]);
    const root = parsed.value.content!.tree;
    const { toc, anchors } = assignHeadingIds(root);
    expect(toc.map((entry) => [entry.text, entry.id])).toEqual([['My section', 'my-custom-anchor'], ['Inside a tab', 'inside'], ['Escaped', 'escaped']]);
    expect(anchors).toEqual(expect.arrayContaining(['my-custom-anchor', 'inside', 'escaped', 'one']));
    expect(JSON.stringify(root)).not.toMatch(/[\uFDD2\uFDD3]/);
    expect(JSON.stringify(root)).toContain('## In code {#not-a-heading}');
    expect(JSON.stringify(parsed.value.prose)).not.toMatch(/[\uFDD2\uFDD3]/);
    // Where the line scan takes a line for a heading that the parse does not (a fence opened after a
    // list marker), the marker is its text again.
    const listed = parseMdxPage(sourceFile('list.mdx', '- Example:\n\n  ```md\n  ## Not a heading {#kept}\n  ```\n'));
    expect(listed.diagnostics).toEqual([]);
    expect(JSON.stringify(listed.value.content)).toContain('## Not a heading {#kept}');
    expect(JSON.stringify(listed.value)).not.toMatch(/[\uFDD2\uFDD3]/);
    // In prose it is still an expression MDX cannot parse: reported, as before.
    expect(parseMdxPage(sourceFile('page.mdx', text)).diagnostics.map((d) => d.code)).toEqual(['mdx/syntax-error']);
  });

  it('puts h2 and h3 in the table of contents, not h1 or h4', () => {
    const { toc } = assignHeadingIds(tree('# A\n\n## B\n\n### C\n\n#### D\n'));
    expect(toc.map((e) => [e.depth, e.id])).toEqual([[2, 'b'], [3, 'c']]);
  });

  it('gives Step, Accordion, Tab and Update anchors from their titles and labels, fields param- anchors', () => {
    const root = tree(
      [
        '<Steps>\n  <Step title="Install it">x</Step>\n  <Step title="Run" id="go">y</Step>\n</Steps>',
        '<Accordion title="Installation steps">z</Accordion>',
        '<Tabs>\n  <Tab title="OAuth 2.0">t</Tab>\n  <Tab title="Keys" id="api-keys">k</Tab>\n</Tabs>',
        '<Update label="2024.10.1" description="v1">u</Update>',
        '<ParamField path="qstashClient" type="object">p</ParamField>',
        '<ResponseField name="thumbnails.background" type="string">r</ResponseField>',
        '<div id="box">b</div> <a name="old">o</a>',
        '## Install it',
      ].join('\n\n'),
    );
    const { anchors } = assignHeadingIds(root);
    expect(anchors).toEqual(['install-it', 'go', 'installation-steps', 'oauth-2-0', 'api-keys', '2024-10-1', 'param-qstash-client', 'param-thumbnails-background', 'box', 'old', 'install-it-2']);
    const step = all(root.children, (n): n is ContentComponent => n.type === 'component' && n.name === 'Step')[0];
    expect(step?.props.id).toBe('install-it');
  });

  it('adds a Step to the table of contents when its title is a heading', () => {
    const { toc } = assignHeadingIds(tree('<Steps titleSize="h2">\n  <Step title="One" titleSize="h2">x</Step>\n</Steps>\n'));
    expect(toc).toEqual([{ depth: 2, text: 'One', id: 'one' }]);
  });

  it("a changelog's table of contents is its Update labels; the headings inside keep their anchors only", () => {
    const root = tree(
      ['## Intro', '<Update label="March 2025" tags={["Fix"]}>\n\n  ## Bug fixes\n\n  x\n\n</Update>', '<Update label="February 2025">\n\n  ## Bug fixes\n\n</Update>', '<Update description="no label">\n\n  ## Kept\n\n</Update>'].join('\n\n'),
    );
    const { toc, anchors } = assignHeadingIds(root);
    expect(toc).toEqual([
      { depth: 2, text: 'Intro', id: 'intro' },
      { depth: 2, text: 'March 2025', id: 'march-2025' },
      { depth: 2, text: 'February 2025', id: 'february-2025' },
      { depth: 2, text: 'Kept', id: 'kept' },
    ]);
    expect(anchors).toEqual(['intro', 'march-2025', 'bug-fixes', 'february-2025', 'bug-fixes-2', 'kept']);
  });

  it('leaves the footnote label out of the table of contents but keeps its anchors', () => {
    const { toc, anchors } = assignHeadingIds(tree('## A\n\nText[^1]\n\n[^1]: note\n'));
    expect(toc.map((e) => e.id)).toEqual(['a']);
    expect(anchors).toEqual(expect.arrayContaining(['a', 'footnote-label', 'user-content-fn-1', 'user-content-fnref-1']));
  });

  it('a heading with noAnchor gets no id', () => {
    const root = tree('<h2 noAnchor>Plain</h2>\n');
    expect(assignHeadingIds(root).anchors).toEqual([]);
    expect(headings(root)).toEqual([undefined]);
  });

  it('fieldAnchor: camelCase and dots become hyphens', () => {
    expect(fieldAnchor('disableTelemetry')).toBe('param-disable-telemetry');
    expect(fieldAnchor('x-rep-hints')).toBe('param-x-rep-hints');
    expect(fieldAnchor('')).toBe('');
  });
});
