import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertBody } from '../../src/content/convert.js';
import { assignHeadingIds } from '../../src/content/headings.js';
import { codeBlocks, createCodeHighlighter, defaultCodeThemes, highlightTrees, type CodeHighlighter } from '../../src/content/highlight.js';
import { toMarkdown } from '../../src/content/markdown.js';
import { searchRecords } from '../../src/content/search.js';
import type { ContentNode, ContentRoot } from '../../src/content/types.js';
import { parseMarkdown, parseMdx } from '../../src/mdx/processor.js';

// Real pages through convert, heading ids and the text projections: the service's own component
// reference (every built-in on a page of its own) and a translated firecrawl page.
const corpora = fileURLToPath(new URL('../../../shared/corpora', import.meta.url));
const components = ['accordions', 'callouts', 'cards', 'code-groups', 'expandables', 'fields', 'responses', 'steps', 'tabs', 'update', 'visibility', 'tree', 'frames'];
const files = [...components.map((name) => `mintlify-docs/components/${name}.mdx`), 'firecrawl-docs/quickstart.mdx', 'firecrawl-docs/es/quickstart.mdx'];
const present = existsSync(`${corpora}/mintlify-docs`) && existsSync(`${corpora}/firecrawl-docs`);

interface Page {
  file: string;
  title: string;
  tree: ContentRoot;
}

function readPage(file: string): Page {
  const text = readFileSync(`${corpora}/${file}`, 'utf8');
  const parsed = parseMdx(text);
  if (!parsed.ok) throw new Error(`${file} does not parse`);
  const yaml = parsed.tree.children.find((node) => node.type === 'yaml');
  const frontmatter = (yaml && 'value' in yaml ? load(yaml.value) : {}) as { title?: string };
  const { value } = convertBody(parsed.tree, text, file);
  assignHeadingIds(value.tree);
  return { file, title: frontmatter.title ?? file, tree: value.tree };
}

function headingElements(tree: ContentRoot): number {
  let count = 0;
  const stack: ContentNode[] = [...tree.children];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.type === 'element' && /^h[1-6]$/.test(node.tagName)) count++;
    if (node.type === 'element' || node.type === 'component') stack.push(...node.children);
  }
  return count;
}

describe.skipIf(!present)('text projections of real pages', () => {
  let pages: Page[] = [];
  let highlighter: CodeHighlighter;
  beforeAll(async () => {
    pages = files.map(readPage);
    highlighter = await createCodeHighlighter(defaultCodeThemes);
  });
  afterAll(() => highlighter?.dispose());

  it('gives each page a twin that is Markdown with the page\'s headings', () => {
    for (const page of pages) {
      const twin = toMarkdown(page.tree, { title: page.title });
      expect(twin.startsWith(`# ${page.title}\n`), page.file).toBe(true);
      expect(twin, page.file).not.toMatch(/\[object Object\]|undefined/);
      const headings = parseMarkdown(twin).children.filter((node) => node.type === 'heading').length;
      // Every heading of the page is a heading of the twin, plus the title (none of these pages hides one from agents).
      expect(headings, page.file).toBe(headingElements(page.tree) + 1);
    }
  });

  it('keeps agent-only content and drops human-only content (visibility.mdx)', () => {
    const page = pages.find((p) => p.file.endsWith('visibility.mdx'))!;
    const twin = toMarkdown(page.tree, { title: page.title });
    expect(twin).toContain('\n> You are viewing this content **in Markdown**.\n');
    expect(twin).not.toMatch(/^> \*\*Note:\*\* You are viewing this content \*\*in web\*\*/m);
    const text = searchRecords('visibility', page.title, page.tree).map((r) => r.text).join('\n');
    expect(text).toContain('You are viewing this content in web.');
    expect(text).not.toContain('You are viewing this content in Markdown');
  });

  it('writes callouts, steps and fields as Markdown', () => {
    const twin = (name: string): string => {
      const page = pages.find((p) => p.file.endsWith(`/${name}.mdx`))!;
      return toMarkdown(page.tree, { title: page.title });
    };
    expect(twin('callouts')).toMatch(/^> \*\*Note:\*\* /m);
    expect(twin('callouts')).toMatch(/^> \*\*Warning:\*\* /m);
    expect(twin('steps')).toContain('1. **First Step**\n');
    expect(twin('fields')).toContain('- **param** `string` (path, required): An example of a parameter field\n');
  });

  it('gives search records unique ids, without code block bodies', () => {
    for (const page of pages) {
      const records = searchRecords(page.file, page.title, page.tree);
      expect(new Set(records.map((r) => r.id)).size, page.file).toBe(records.length);
    }
    const page = pages.find((p) => p.file.endsWith('/code-groups.mdx'))!;
    const text = searchRecords('code-groups', page.title, page.tree).map((r) => r.text).join('\n');
    expect(codeBlocks(page.tree).some((block) => block.value.includes('class HelloWorld'))).toBe(true);
    expect(text).not.toContain('class HelloWorld');
  });

  it('highlights the pages\' code blocks, the tokens spelling each line, the translation sharing its blocks', async () => {
    const stats = await highlightTrees(pages.map((p) => p.tree), { themes: defaultCodeThemes, highlight: (code, lang) => highlighter.highlight(code, lang) });
    expect(stats.highlighted).toBeGreaterThan(20);
    expect(stats.unique).toBeLessThan(stats.highlightable);
    for (const block of pages.flatMap((p) => codeBlocks(p.tree))) {
      if (!block.tokens) continue;
      expect(block.tokens.lines.map((line) => line.map((token) => token[0]).join('')).join('\n')).toBe(block.value.replace(/\r\n?/g, '\n'));
    }
  }, 120_000);
});
