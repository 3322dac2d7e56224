import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToString } from 'react-dom/server';
import { parseMdx } from '../../src/mdx/processor.js';
import { convertBody } from '../../src/content/convert.js';
import { renderContent } from '../../src/theme/content/index.js';
import { makePage, makeSite } from './content-fixtures.js';

/*
 * Real pages through the content stage's converter and the renderer: the service's own component
 * reference (every built-in, written every way its authors write it). Skips without the corpora.
 */
const folder = '/work/shared/corpora/mintlify-docs/components';

describe.skipIf(!existsSync(folder))('real pages render', () => {
  it('every page of the component reference renders on the server, without unknown built-ins', () => {
    const site = makeSite();
    const files = readdirSync(folder).filter((name) => name.endsWith('.mdx'));
    const failures: string[] = [];
    let rendered = 0;
    for (const name of files) {
      const file = path.join(folder, name);
      const text = readFileSync(file, 'utf8');
      const parsed = parseMdx(text);
      if (!parsed.ok) continue;
      const { value } = convertBody(parsed.tree, text, file);
      try {
        const html = renderToString(<>{renderContent(value.tree, { site, page: makePage(), preview: true })}</>);
        // Snippet imports are inlined by a later stage; every other capitalized name here is a built-in.
        const imported = new Set(value.snippetImports.flatMap((entry) => Object.keys(entry.names)));
        const unknown = [...html.matchAll(/data-unknown-component="([^"]+)"/g)].map((m) => m[1]!).filter((n) => !imported.has(n));
        if (unknown.length) failures.push(`${name}: unknown ${[...new Set(unknown)].join(', ')}`);
        rendered++;
      } catch (error) {
        failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(rendered).toBeGreaterThan(20);
  });
});
