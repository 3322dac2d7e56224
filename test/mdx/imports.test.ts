import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkImports, parseMdxPage } from '../../src/mdx/index.js';
import { DocsRoot } from '../../src/root/index.js';
import { brief, sourceFile } from './helpers.js';

describe('checkImports', () => {
  let dir: string;
  let root: DocsRoot;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'docs-build-imports-'));
    mkdirSync(path.join(dir, 'snippets'));
    mkdirSync(path.join(dir, 'guides'));
    writeFileSync(path.join(dir, 'snippets', 'banner.mdx'), 'Banner\n');
    writeFileSync(path.join(dir, 'guides', 'note.md'), 'Note\n');
    root = DocsRoot.open(dir)!;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const check = (imports: string[]) => {
    const text = `---\ntitle: Page\n---\n${imports.join('\n')}\n\n# Page\n`;
    const { value, diagnostics } = parseMdxPage(sourceFile('guides/page.mdx', text));
    expect(diagnostics).toEqual([]);
    return checkImports(value, root);
  };

  it('accepts existing MDX/MD files, from the root or relative to the page', () => {
    expect(check(["import Banner from '/snippets/banner.mdx'", "import Banner2 from '../snippets/banner.mdx'", "import Note from './note.md'"])).toEqual([])
  });

  it('warns at the import line when a local MDX/MD file is missing, suggesting a file of the same name', () => {
    const diagnostics = check(["import A from '/snippets/banner.mdx'", "import B from './snippets/banner.mdx'", "import C from '../snippets/bannr.mdx'", "import D from './missing.md'"]);
    expect(brief(diagnostics)).toEqual([
      { code: 'mdx/import-not-found', line: 5, column: 1, message: 'import "./snippets/banner.mdx" points at guides/snippets/banner.mdx, which does not exist' },
      { code: 'mdx/import-not-found', line: 6, column: 1, message: 'import "../snippets/bannr.mdx" points at snippets/bannr.mdx, which does not exist' },
      { code: 'mdx/import-not-found', line: 7, column: 1, message: 'import "./missing.md" points at guides/missing.md, which does not exist' },
    ]);
    expect(diagnostics.map((d) => [d.severity, d.suggestion])).toEqual([
      ['warning', 'did you mean "/snippets/banner.mdx"?'],
      ['warning', 'did you mean "/snippets/banner.mdx"?'],
      ['warning', undefined],
    ]);
  });

  it('leaves packages, non-Markdown modules and extension-less paths alone', () => {
    expect(check(["import { Chart } from '/snippets/chart.jsx'", "import data from './data.json'", "import React from 'react'", "import { X } from '@scope/pkg/x.mdx'", "import Y from '/snippets/y'"])).toEqual([]);
  });

  it('reports an import leading out of the docs root with the root\'s own code', () => {
    expect(brief(check(["import Evil from '../../../outside.mdx'"]))).toEqual([
      { code: 'root/path-escapes-root', line: 4, column: 1, message: 'import "../../../outside.mdx": "../../../outside.mdx" leads outside the docs root' },
    ]);
  });
});
