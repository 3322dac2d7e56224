import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeBlocks, defaultCodeThemes, highlightPlan, highlightTrees, planHighlighting } from '../../src/content/highlight.js';
import type { ContentCode, ContentNode, ContentRoot, HighlightedLines, PageContent } from '../../src/content/types.js';
import { contentFileBytes, rewriteContent, TokenSlots, writeContent, writtenContentHashes } from '../../src/pipeline/content-output.js';

const tokensFor = (value: string): HighlightedLines => ({
  lightTheme: 'github-light', darkTheme: 'github-dark', light: { background: '#fff', foreground: '' }, dark: { background: '#000', foreground: '' }, lines: [[[value, '#d73a49', '#f97583', 2]]],
});
// A highlighter that has no tokens for some blocks (as for an oversized or failed one).
const highlight = async (value: string): Promise<HighlightedLines | undefined> => (value.includes('none') ? undefined : tokensFor(value));

/** Each page's content file JSON, made the cold build's way: slots while highlighting, filled at the end. */
async function withSlots(pages: PageContent[]): Promise<Buffer[]> {
  const plan = planHighlighting(pages.map((page) => page.tree), { themes: defaultCodeThemes });
  const slots = new TokenSlots();
  const texts = pages.map((page) => slots.serialize(page, (code: ContentCode) => plan.keyOf.get(code)));
  const tokens = new Map<string, Buffer>();
  await highlightPlan(plan, { themes: defaultCodeThemes, highlight }, (key, found) => void (found && tokens.set(key, Buffer.from(JSON.stringify(found)))));
  return texts.map((text) => slots.fill(text, (key) => tokens.get(key)));
}

/** The same made the direct way: the trees highlighted in place, then serialized. */
async function direct(pages: PageContent[]): Promise<Buffer[]> {
  await highlightTrees(pages.map((page) => page.tree), { themes: defaultCodeThemes, highlight });
  return pages.map(contentFileBytes);
}

const code = (lang: string, value: string, extra: Partial<ContentCode> = {}): ContentCode => ({ type: 'code', lang, meta: {}, value, ...extra });

describe('TokenSlots', () => {
  it('gives the bytes of the highlighted tree: slots in components, slots and provenance, text that looks like a slot', async () => {
    const make = (): PageContent[] => {
      const tricky = ',"tokens":"\\u0000abc:' + 'f'.repeat(64) + '" and \u0000 and "tokens"';
      const card: ContentNode = {
        type: 'component', name: 'Card', props: { tokens: tricky, title: 'x' }, slots: { icon: [code('js', 'slot()')] },
        children: [{ type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: tricky }, code('python', 'print("\\"")', { provenance: { file: 'snippets/a.mdx', from: { file: 'a.mdx', line: 3, column: 1 } } })] }],
      };
      return [
        { id: 'a', tree: { type: 'root', children: [code('python', 'print(1)'), card, code('mermaid', 'graph TD'), code('js', 'none here'), { ...code('klingon', 'x'), tokens: tokensFor('stale') }] } },
        { id: 'b', tree: { type: 'root', children: [code('python', 'print(1)'), code('ts', tricky)] }, islands: [{ names: ['Chart'], kind: 'export', source: 'export const Chart = () => null;', file: 'b.mdx' }] },
        { id: 'c', tree: { type: 'root', children: [] } },
      ];
    };
    const filled = await withSlots(make());
    expect(filled).toEqual(await direct(make()));
    expect(filled[0]!.toString()).toContain('"tokens":{"lightTheme"');
    expect(filled[0]!.toString()).not.toContain('stale');
  });

  it('agrees with the direct serialization on any blocks', async () => {
    const text = fc.string({ unit: fc.constantFrom('a', '"', '\\', '\u0000', ',', ':', 'tokens', 'none', 'é', '\n') });
    const block = fc.record({ lang: fc.constantFrom('python', 'js', 'text', '', 'nope', 'sh'), value: text });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(block, { maxLength: 6 }), { minLength: 1, maxLength: 4 }), async (pages) => {
        const make = (): PageContent[] => pages.map((blocks, i) => ({ id: `p${i}`, tree: { type: 'root', children: blocks.map(({ lang, value }) => code(lang, value)) } satisfies ContentRoot }));
        expect(await withSlots(make())).toEqual(await direct(make()));
      }),
      { numRuns: 150 },
    );
  });

  it('leaves the trees without slots once serialized', () => {
    const page: PageContent = { id: 'a', tree: { type: 'root', children: [code('python', 'x')] } };
    new TokenSlots().serialize(page, () => 'k');
    expect(codeBlocks(page.tree).map((block) => 'tokens' in block)).toEqual([false]);
  });
});

describe("the content folder's index", () => {
  it('is read again whenever its file changed, by docs-build or by hand, and a damaged one trusts nothing', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docs-build-index-'));
    try {
      const manifestFile = path.join(dir, 'manifest.json');
      writeContent(manifestFile, new Map([['content/a.json', Buffer.from('{"a":1}')]]), {});
      expect(writtenContentHashes(dir)).toEqual({ 'content/a.json': createHash('sha256').update('{"a":1}').digest('hex') });
      rewriteContent(manifestFile, new Map([['content/b.md', Buffer.from('B')]]), {});
      expect(Object.keys(writtenContentHashes(dir))).toEqual(['content/a.json', 'content/b.md']);
      const index = path.join(dir, 'content', '.docs-build-written.json');
      // Same size, written within the same millisecond as the read before it: still read again.
      const text = readFileSync(index, 'utf8');
      writeFileSync(index, text.replace('content/b.md', 'content/c.md'));
      expect(Object.keys(writtenContentHashes(dir))).toEqual(['content/a.json', 'content/c.md']);
      writeFileSync(index, '{"files": [');
      expect(writtenContentHashes(dir)).toEqual({});
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
