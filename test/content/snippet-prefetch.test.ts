import { afterEach, describe, expect, it } from 'vitest';
import { SnippetPrefetch } from '../../src/content/snippet-prefetch.js';
import { SnippetSet, snippetParseKey, type SnippetParse } from '../../src/content/snippet-set.js';
import { inlineSnippets } from '../../src/content/snippets.js';
import { parseMdxPage, parseSnippet } from '../../src/mdx/parse-page.js';
import { DocsRoot, type SourceFile } from '../../src/root/index.js';
import { removeTempRoots, tempRoot } from '../helpers/temp-root.js';

afterEach(removeTempRoots);

const files = {
  'page.mdx': "---\ntitle: Page\n---\n\nimport Setup from '/snippets/setup.mdx'\n\n<Setup />\n\n<Snippet file=\"note.mdx\" />\n\nimport Gone from '/snippets/missing.mdx'\n",
  'snippets/setup.mdx': "import Inner from '/snippets/inner.mdx'\n\nRun the **installer**.\n\n<Inner />\n",
  'snippets/inner.mdx': 'Inner text.\n',
  'snippets/note.mdx': 'A note.\n',
  'snippets/unused.mdx': 'Nobody imports this.\n',
};

function pageBody(root: DocsRoot) {
  const read = root.read('page.mdx');
  if (!read.ok) throw new Error(read.problem.message);
  const body = parseMdxPage(read.file).value.content;
  if (!body) throw new Error('page.mdx did not parse');
  return body;
}

describe('snippets parsed ahead', () => {
  it('parses what a page brings in directly, reads nothing else, and the content stage takes those parses', async () => {
    const root = DocsRoot.open(tempRoot(files))!;
    const prefetch = new SnippetPrefetch(root, parseSnippet);
    prefetch.page('page.mdx', pageBody(root));
    const parsed = await prefetch.settled();
    const read = new Map(root.readFiles().map(({ path, hash }) => [path, hash]));
    // The page's two snippets; not the nested one (read when inlined, as before), the missing one or an unused one.
    expect([...read.keys()].sort()).toEqual(['page.mdx', 'snippets/note.mdx', 'snippets/setup.mdx']);
    expect([...parsed.keys()].sort()).toEqual([snippetParseKey('snippets/note.mdx', read.get('snippets/note.mdx')!), snippetParseKey('snippets/setup.mdx', read.get('snippets/setup.mdx')!)].sort());

    const parsedNow: string[] = [];
    const spy = (file: SourceFile): SnippetParse => {
      parsedNow.push(file.path);
      return parseSnippet(file);
    };
    const set = new SnippetSet(root, { parse: spy, prefetched: parsed });
    const inlined = inlineSnippets({ file: 'page.mdx', body: pageBody(root) }, set, { variables: {} });
    expect(parsedNow).toEqual(['snippets/inner.mdx']);
    expect(JSON.stringify(inlined.tree)).toContain('installer');
    expect(JSON.stringify(inlined.tree)).toContain('Inner text.');
    expect(inlined.diagnostics.map((diagnostic) => diagnostic.code)).toContain('content/snippet-not-found');
  });

  it('skips what it is told the cache has, and a snippet named twice is parsed once', async () => {
    const root = DocsRoot.open(tempRoot(files))!;
    const prefetch = new SnippetPrefetch(root, parseSnippet, (file) => file === 'snippets/note.mdx');
    prefetch.page('page.mdx', pageBody(root));
    prefetch.page('page.mdx', pageBody(root));
    const parsed = await prefetch.settled();
    expect([...parsed.keys()].map((key) => key.split('\u0000')[0])).toEqual(['snippets/setup.mdx']);
  });
});
