import { describe, expect, it } from 'vitest';
import { pagesUsing, referencedFiles } from '../../bench/snippet-users.js';

describe('bench/snippet-users.ts', () => {
  it('reads root-absolute, relative, multi-line and legacy snippet references', () => {
    const text = [
      "import A from '/snippets/a.mdx';",
      'import { B,',
      '  C } from "../snippets/b.mdx";',
      "import D from './d';",
      "import React from 'react';",
      "import data from '/data.json';",
      '<Snippet file="legacy/e.mdx" />',
    ].join('\n');
    expect(referencedFiles('guides/page.mdx', text)).toEqual(['snippets/a.mdx', 'snippets/b.mdx', 'guides/d.mdx', 'snippets/legacy/e.mdx']);
  });

  it('finds the pages that use a snippet directly or through other snippets, and nothing for a page', () => {
    const files = new Map([
      ['snippets/leaf.mdx', 'Leaf.'],
      ['snippets/middle.mdx', "import Leaf from './leaf.mdx';\n\n<Leaf />"],
      ['snippets/loop.mdx', "import Middle from '/snippets/middle.mdx';\nimport Loop from '/snippets/loop.mdx';"],
      ['a.mdx', "import Middle from '/snippets/middle.mdx';"],
      ['b/c.mdx', "import Leaf from '../snippets/leaf.mdx';"],
      ['d.mdx', '<Snippet file="loop.mdx" />'],
      ['e.mdx', "import Other from '/snippets/other.mdx';"],
    ]);
    expect(pagesUsing('snippets/leaf.mdx', files)).toEqual(['a.mdx', 'b/c.mdx', 'd.mdx']);
    expect(pagesUsing('snippets/loop.mdx', files)).toEqual(['d.mdx']);
    expect(pagesUsing('a.mdx', files)).toEqual([]);
  });
});
