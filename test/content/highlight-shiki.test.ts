import { afterAll, describe, expect, it } from 'vitest';
import { createHighlighterCore, type HighlighterCore, type ThemedTokenWithVariants } from 'shiki/core';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { bundledLanguages } from 'shiki/langs';
import { bundledThemes, type BundledTheme } from 'shiki/themes';
import { createCodeHighlighter, resolveLanguage, type CodeHighlighter, type CodeThemes } from '../../src/content/highlight.js';
import type { HighlightedLines } from '../../src/content/types.js';

/*
 * The highlighter runs each block's grammar once and colours the tokens for both themes itself; Shiki's
 * own two-theme call runs the grammar once per theme. Their results must be the same tokens: this
 * compares them on blocks of many languages (embedded ones included) and theme pairs. On all 5,106
 * distinct blocks of firecrawl-docs they were equal when this was written (docs/content.md).
 */

const samples: Array<[string, string]> = [
  ['ts', 'import { a } from "./a";\n\nexport async function f<T extends object>(x: T): Promise<T> {\n  // comment\n  return { ...x, n: 1_000, s: `t ${x}` } as T;\n}\n'],
  ['python', '@decorator\ndef f(x: int = 3) -> str:\n    """Doc."""\n    return f"{x!r}" if x else None  # done\n'],
  ['bash', 'curl -X POST "https://api.example.com/v1/scrape" \\\n  -H "Authorization: Bearer $TOKEN" \\\n  -d \'{"url": "https://x"}\'\n'],
  ['json', '{\n  "a": [1, 2.5, true, null],\n  "b": { "c": "d" }\n}\n'],
  ['yaml', 'key: value\nlist:\n  - 1\n  - "two"\n# comment\nanchors: &a { x: 1 }\n'],
  ['mdx', '---\ntitle: My title\n---\n\nimport X from "/snippets/x.mdx";\n\n## Header\n\nText with **bold** and {word}.\n\n<X word="bananas" />\n\n```js\nconst a = 1;\n```\n'],
  ['md', '# Title\n\n- item `code`\n\n```python\nprint("hi")\n```\n\n<Latex>8 x (vk x H1 - H2)</Latex>\n'],
  ['html', '<!doctype html>\n<html><head><style>body { color: red; }</style><script>const a = () => 1;</script></head><body class="x">&amp;</body></html>\n'],
  ['go', 'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println("hi", 1<<3)\n}\n'],
  ['rust', 'fn main() {\n    let v: Vec<u8> = vec![1, 2];\n    println!("{:?}", v);\n}\n'],
  ['diff', '--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-old\n+new\n context\n'],
  ['jsx', 'export const Card = ({ title }) => <div className="card">{title}</div>;\n'],
  ['sql', 'SELECT id, name FROM users WHERE age > 21 ORDER BY name;\n'],
  ['text-only-blank', '\n\n'],
];

const pairs: CodeThemes[] = [
  { light: 'github-light', dark: 'github-dark' },
  { light: 'min-light', dark: 'dracula' },
  { light: 'one-light', dark: 'one-dark-pro' },
  { light: 'nord', dark: 'nord' },
];

/** Shiki's two-theme tokens in the highlighter's compact form (the format before this change). */
function compact(shiki: HighlighterCore, themes: CodeThemes, lines: ThemedTokenWithVariants[][]): HighlightedLines['lines'] {
  const foreground = (name: string): string => (shiki.getTheme(name).fg ?? '').toLowerCase();
  const [lightFg, darkFg] = [foreground(themes.light), foreground(themes.dark)];
  return lines.map((line) => {
    const out: HighlightedLines['lines'][number] = [];
    let previous: HighlightedLines['lines'][number][number] | undefined;
    for (const token of line) {
      const colorOf = (mode: 'light' | 'dark', fg: string): string => {
        const color = (token.variants[mode]?.color ?? '').toLowerCase();
        return color === fg ? '' : color;
      };
      const [light, dark] = [colorOf('light', lightFg), colorOf('dark', darkFg)];
      const style = Math.max(0, token.variants['light']?.fontStyle ?? 0) | Math.max(0, token.variants['dark']?.fontStyle ?? 0);
      if (previous && previous[1] === light && previous[2] === dark && (previous[3] ?? 0) === style) {
        previous[0] += token.content;
        continue;
      }
      previous = style > 0 ? [token.content, light, dark, style] : [token.content, light, dark];
      out.push(previous);
    }
    return out;
  });
}

/** Shiki with a language and every grammar it may embed (as the highlighter loads them). */
async function loadWithEmbedded(shiki: HighlighterCore, id: string, seen = new Set<string>()): Promise<void> {
  if (seen.has(id)) return;
  seen.add(id);
  const grammars = (await bundledLanguages[id as keyof typeof bundledLanguages]()).default;
  await shiki.loadLanguage(...grammars);
  for (const grammar of grammars) {
    for (const embedded of grammar.embeddedLangsLazy ?? []) {
      const resolved = resolveLanguage(embedded);
      if (resolved) await loadWithEmbedded(shiki, resolved, seen);
    }
  }
}

describe('one grammar run for both themes gives Shiki’s two-theme tokens', () => {
  const opened: Array<{ dispose(): void }> = [];
  afterAll(() => opened.forEach((highlighter) => highlighter.dispose()));

  for (const themes of pairs) {
    it(`${themes.light} / ${themes.dark}`, async () => {
      const ours: CodeHighlighter = await createCodeHighlighter(themes);
      const names = [...new Set([themes.light, themes.dark])] as BundledTheme[];
      const shiki = await createHighlighterCore({ themes: names.map((name) => bundledThemes[name]), langs: [], engine: createOnigurumaEngine(import('shiki/wasm')) });
      opened.push(ours, shiki);
      let compared = 0;
      for (const [lang, code] of samples) {
        const id = resolveLanguage(lang);
        if (id === undefined) continue;
        await loadWithEmbedded(shiki, id);
        const expected = compact(shiki, themes, shiki.codeToTokensWithThemes(code, { lang: id, themes: { light: themes.light, dark: themes.dark }, tokenizeMaxLineLength: 20_000, tokenizeTimeLimit: 0 }));
        const actual = await ours.highlight(code, lang);
        expect(actual?.lines, `${lang} with ${themes.light}/${themes.dark}`).toEqual(expected);
        compared++;
      }
      expect(compared).toBeGreaterThan(10);
    }, 60_000);
  }
});
