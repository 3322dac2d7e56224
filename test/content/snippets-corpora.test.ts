import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SnippetSet, type SnippetParse } from '../../src/content/snippet-set.js';
import { inlineSnippets } from '../../src/content/snippets.js';
import type { ConvertedBody } from '../../src/content/types.js';
import { maskVariablePlaceholders } from '../../src/content/variables.js';
import { parseMdxPage } from '../../src/mdx/parse-page.js';
import type { ParsedPage } from '../../src/mdx/types.js';
import { DocsRoot, type SourceFile } from '../../src/root/index.js';
import { tempRoot } from '../helpers/temp-root.js';

const corpora = path.resolve(import.meta.dirname, '../../../shared/corpora');

function parse(file: SourceFile): SnippetParse {
  const result = parseMdxPage({ ...file, text: maskVariablePlaceholders(file.text) });
  return { body: (result.value as ParsedPage & { content?: ConvertedBody }).content, diagnostics: result.diagnostics };
}

/** Every page of a corpus that imports or includes something, inlined; counts of what was found. */
function inlineCorpus(dir: string): Record<string, number> {
  const root = DocsRoot.open(dir)!;
  const set = new SnippetSet(root, { parse });
  const counts: Record<string, number> = { pages: 0, imports: 0, elements: 0 };
  for (const file of root.files()) {
    if (!/\.mdx?$/.test(file) || /^_?snippets\//.test(file)) continue;
    const read = root.read(file, { keep: false });
    if (!read.ok || !/import\s|<Snippet/.test(read.file.text)) continue;
    const body = parse(read.file).body;
    if (!body) continue;
    counts['pages']!++;
    counts['imports']! += body.snippetImports.length;
    counts['elements']! += body.snippetElements?.length ?? 0;
    for (const d of inlineSnippets({ file, body }, set, { variables: {} }).diagnostics) counts[d.code] = (counts[d.code] ?? 0) + 1;
  }
  counts['snippets'] = set.files().length;
  for (const d of set.diagnostics()) counts[`snippet ${d.code}`] = (counts[`snippet ${d.code}`] ?? 0) + 1;
  return counts;
}

// Measured once by hand for the larger corpora (docs/content.md, "Snippets"); the small ones run here.
const expected: Record<string, Record<string, number>> = {
  'hoppscotch-docs': { pages: 9, imports: 2, elements: 0, snippets: 2, 'content/image-missing-alt': 4, 'content/heading-level-skipped': 3 },
  agentops: { pages: 104, imports: 43, elements: 0, snippets: 2, 'content/image-missing-alt': 33, 'content/heading-level-skipped': 2 },
  'trigger-dev': { pages: 209, imports: 164, elements: 0, snippets: 48, 'content/unknown-component': 4, 'content/heading-level-skipped': 10 },
};

describe.skipIf(!existsSync(corpora))('snippets of the real corpora', () => {
  for (const [corpus, counts] of Object.entries(expected)) {
    it(`${corpus}: every snippet import resolves and inlines`, { timeout: 120_000 }, () => {
      expect(inlineCorpus(path.join(corpora, corpus))).toEqual(counts);
    });
  }

  it('a snippet broken in a copy of trigger-dev is an error at the snippet, with the pages as related locations', () => {
    const source = path.join(corpora, 'trigger-dev');
    // prisma.mdx imports the snippet without rendering it: the service compiles it all the same.
    const pages = ['guides/frameworks/prisma.mdx', 'guides/frameworks/bun.mdx'];
    const files: Record<string, string> = {};
    for (const page of pages) {
      const text = readFileSync(path.join(source, page), 'utf8');
      files[page] = text;
      for (const [, specifier] of text.matchAll(/^import \w+ from "(\/snippets\/[^"]+)";$/gm)) {
        files[specifier!.slice(1)] = readFileSync(path.join(source, specifier!), 'utf8');
      }
    }
    const snippet = 'snippets/framework-prerequisites.mdx';
    const lines = files[snippet]!.split('\n').length;
    files[snippet] += '\n<Note>never closed\n';
    const root = DocsRoot.open(tempRoot(files))!;
    const set = new SnippetSet(root, { parse });
    for (const page of pages) {
      const read = root.read(page);
      if (!read.ok) throw new Error(read.problem.message);
      const result = inlineSnippets({ file: page, body: parse(read.file).body! }, set, { variables: {} });
      expect(result.diagnostics).toEqual([]);
      expect(result.deps).toContain(snippet);
    }
    const problems = set.diagnostics();
    expect(problems.map((d) => `${d.code} ${d.file}:${d.line}`)).toEqual([`mdx/syntax-error ${snippet}:${lines + 1}`]);
    expect(problems[0]!.related?.map((r) => r.file)).toEqual([...pages].sort());
    expect(problems[0]!.related?.every((r) => r.line === 8 && r.message.startsWith('included by'))).toBe(true);
  });
});
