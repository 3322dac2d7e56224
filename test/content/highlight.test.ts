import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeBlocks,
  codeThemes,
  createCodeHighlighter,
  defaultCodeThemes,
  highlightKey,
  highlightTrees,
  maxHighlightChars,
  planHighlighting,
  resolveLanguage,
  type CodeHighlighter,
} from '../../src/content/highlight.js';
import type { ContentCode, ContentRoot, HighlightedLines } from '../../src/content/types.js';

const code = (lang: string, value: string): ContentCode => ({ type: 'code', lang, meta: {}, value });

describe('codeThemes (styling.codeblocks)', () => {
  it('system is the default light/dark pair; dark is the dark theme in both modes', () => {
    expect(codeThemes({ theme: 'system' })).toEqual({ value: defaultCodeThemes, diagnostics: [] });
    expect(codeThemes({ theme: 'dark' }).value).toEqual({ light: 'github-dark', dark: 'github-dark' });
  });

  it('a theme name applies to both modes; an object gives one of each', () => {
    expect(codeThemes({ theme: 'dracula' }).value).toEqual({ light: 'dracula', dark: 'dracula' });
    expect(codeThemes({ theme: { light: 'min-light', dark: 'nord' } })).toEqual({ value: { light: 'min-light', dark: 'nord' }, diagnostics: [] });
  });

  it('an unknown name falls back to the default with config/unknown-code-theme at its pointer', () => {
    const named = codeThemes({ theme: 'dracla' });
    expect(named.value).toEqual(defaultCodeThemes);
    expect(named.diagnostics).toEqual([
      expect.objectContaining({ code: 'config/unknown-code-theme', severity: 'warning', file: 'docs.json', pointer: '/styling/codeblocks', suggestion: 'did you mean "dracula"?' }),
    ]);
    const pair = codeThemes({ theme: { light: 'github-light', dark: 'no-such-theme' } }, (pointer) => ({ file: 'styling.json', pointer, line: 3, column: 5 }));
    expect(pair.value).toEqual({ light: 'github-light', dark: 'github-dark' });
    expect(pair.diagnostics).toHaveLength(1);
    expect(pair.diagnostics[0]).toMatchObject({ file: 'styling.json', line: 3, pointer: '/styling/codeblocks/theme/dark' });
  });

  it('"system" inside the object form is a theme name, not the keyword', () => {
    const result = codeThemes({ theme: { light: 'system', dark: 'github-dark' } });
    expect(result.value).toEqual(defaultCodeThemes);
    expect(result.diagnostics.map((d) => d.pointer)).toEqual(['/styling/codeblocks/theme/light']);
  });

  it('a prototype key is not a theme', () => {
    expect(codeThemes({ theme: 'constructor' }).diagnostics).toHaveLength(1);
  });
});

describe('resolveLanguage', () => {
  it('maps the aliases docs use to Shiki ids', () => {
    const cases: Record<string, string | undefined> = {
      sh: 'shellscript', shell: 'shellscript', bash: 'shellscript', zsh: 'shellscript', curl: 'shellscript', console: 'shellsession',
      js: 'javascript', jsx: 'jsx', ts: 'typescript', tsx: 'tsx', yml: 'yaml', py: 'python', Python: 'python', rb: 'ruby', golang: 'go',
      'c#': 'csharp', cs: 'csharp', env: 'dotenv', json: 'json', mdx: 'mdx',
      text: undefined, plaintext: undefined, txt: undefined, '': undefined, mermaid: undefined, 'no-such-language': undefined, __proto__: undefined, toString: undefined,
    };
    for (const [lang, id] of Object.entries(cases)) expect([lang, resolveLanguage(lang)]).toEqual([lang, id]);
  });
});

describe('createCodeHighlighter', () => {
  let highlighter: CodeHighlighter;
  beforeAll(async () => {
    highlighter = await createCodeHighlighter(defaultCodeThemes);
    expect(highlighter.engine).toBe('oniguruma');
  });
  afterAll(() => highlighter.dispose());

  it('gives light and dark colours per token, the text of each line intact', async () => {
    const source = 'def hello(name):\n    return f"hi {name}"  # greet\n';
    const tokens = (await highlighter.highlight(source, 'py')) as HighlightedLines;
    expect(tokens.lightTheme).toBe('github-light');
    expect(tokens.darkTheme).toBe('github-dark');
    expect(tokens.light).toEqual({ background: '#fff', foreground: '#24292e' });
    expect(tokens.dark).toEqual({ background: '#24292e', foreground: '#e1e4e8' });
    expect(tokens.lines.map((line) => line.map((t) => t[0]).join(''))).toEqual(source.split('\n'));
    const keyword = tokens.lines[0]?.find((t) => t[0] === 'def');
    expect(keyword?.slice(1, 3)).toEqual(['#d73a49', '#f97583']);
    const comment = tokens.lines[1]?.find((t) => t[0].includes('# greet'));
    expect(comment?.slice(1, 3)).toEqual(['#6a737d', '#6a737d']);
    // The theme foreground is '' (the block's colour), and every colour is lower-case hex.
    for (const token of tokens.lines.flat()) for (const color of token.slice(1, 3)) expect(color).toMatch(/^(|#[0-9a-f]{6}([0-9a-f]{2})?)$/);
    expect(tokens.lines.flat().some((t) => t[1] === '')).toBe(true);
  });

  it('merges neighbouring tokens of the same style', async () => {
    const tokens = await highlighter.highlight('plain words here', 'diff');
    expect(tokens?.lines).toEqual([[['plain words here', '', '']]]);
  });

  it('gives no tokens for plain text, mermaid, unknown languages and oversized blocks', async () => {
    for (const lang of ['text', 'plaintext', '', 'mermaid', 'klingon']) expect(await highlighter.highlight('graph TD; A-->B', lang)).toBeUndefined();
    expect(await highlighter.highlight('x'.repeat(maxHighlightChars + 1), 'js')).toBeUndefined();
  });

  it('is deterministic and the two engines agree on ordinary code', async () => {
    const source = 'const x = { a: [1, "two"], b: /re+/g };\n// done\nexport default x;';
    const js = await createCodeHighlighter(defaultCodeThemes, { engine: 'javascript' });
    const again = await createCodeHighlighter(defaultCodeThemes);
    try {
      const first = await highlighter.highlight(source, 'ts');
      expect(await again.highlight(source, 'typescript')).toEqual(first);
      expect(await js.highlight(source, 'ts')).toEqual(first);
    } finally {
      js.dispose();
      again.dispose();
    }
    // Compiling the TypeScript grammar for the JavaScript engine takes seconds on a loaded machine.
  }, 30_000);

  it('loads grammars with embedded languages (markdown with a fenced json block)', async () => {
    const tokens = (await highlighter.highlight('# Title\n\n```json\n{"a": 1}\n```', 'md')) as HighlightedLines;
    const key = tokens.lines[3]?.find((t) => t[0] === '"a"');
    expect(key?.[1]).toBe('#005cc5');
  });

  it("a markdown block's tokens do not depend on which languages were loaded before, or at the same time", async () => {
    const markdown = '# Title\n\n```python\nprint("x")\n```\n\n```json\n{"a": 1}\n```\n\n```html\n<b>x</b>\n```\n';
    const first = await createCodeHighlighter(defaultCodeThemes);
    const later = await createCodeHighlighter(defaultCodeThemes);
    const together = await createCodeHighlighter(defaultCodeThemes);
    try {
      const alone = await first.highlight(markdown, 'md');
      for (const [code, lang] of [['{"b": 2}', 'json'], ['x = 1', 'python'], ['<i>y</i>', 'html']] as const) await later.highlight(code, lang);
      expect(await later.highlight(markdown, 'md')).toEqual(alone);
      // Requested at once: the languages markdown embeds register while python and mdx (which embeds them too) are asked for.
      const [, fromTogether] = await Promise.all([together.highlight('y = 2', 'python'), together.highlight(markdown, 'markdown'), together.highlight('# Hi', 'mdx')]);
      expect(fromTogether).toEqual(alone);
      const python = alone?.lines[3]?.find((token) => token[0] === 'print');
      expect(python?.[1]).toBe('#005cc5');
    } finally {
      first.dispose();
      later.dispose();
      together.dispose();
    }
  }, 60_000);
});

describe('highlightKey', () => {
  it('is the same for aliases of one language and differs by code, theme and engine', () => {
    const base = highlightKey('echo hi', 'sh', defaultCodeThemes);
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    // sh, bash and shell are the same Shiki grammar: one cache entry.
    expect(highlightKey('echo hi', 'bash', defaultCodeThemes)).toBe(base);
    expect(highlightKey('echo hi', 'Shell', defaultCodeThemes)).toBe(base);
    expect(highlightKey('echo hi', 'python', defaultCodeThemes)).not.toBe(base);
    expect(highlightKey('echo ho', 'sh', defaultCodeThemes)).not.toBe(base);
    expect(highlightKey('echo hi', 'sh', { light: 'nord', dark: 'github-dark' })).not.toBe(base);
    expect(highlightKey('echo hi', 'sh', defaultCodeThemes, 'oniguruma')).toBe(base);
    expect(highlightKey('echo hi', 'sh', defaultCodeThemes, 'javascript')).not.toBe(base);
  });
});

describe('highlightTrees', () => {
  const tokensFor = (value: string): HighlightedLines => ({
    lightTheme: 'l', darkTheme: 'd', light: { background: '', foreground: '' }, dark: { background: '', foreground: '' }, lines: [[[value, '', '']]],
  });

  function trees(): ContentRoot[] {
    const card: ContentRoot['children'][number] = {
      type: 'component', name: 'Card', props: {}, slots: { icon: [code('js', 'slot()')] },
      children: [{ type: 'element', tagName: 'div', properties: {}, children: [code('python', 'print(1)')] }],
    };
    return [
      { type: 'root', children: [code('python', 'print(1)'), card, code('mermaid', 'graph TD'), code('text', 'plain')] },
      // A translated page: the same block again.
      { type: 'root', children: [code('python', 'print(1)'), { ...code('klingon', 'x'), tokens: tokensFor('stale') }] },
    ];
  }

  it('finds blocks in elements, components and slots, in document order', () => {
    expect(codeBlocks(trees()[0] as ContentRoot).map((c) => c.value)).toEqual(['print(1)', 'print(1)', 'slot()', 'graph TD', 'plain']);
  });

  it('highlights each distinct block once, shares the result and clears stale tokens', async () => {
    const calls: string[] = [];
    const stored: string[] = [];
    const input = trees();
    const stats = await highlightTrees(input, {
      themes: defaultCodeThemes,
      highlight: async (value) => (calls.push(value), tokensFor(value)),
      store: (key) => void stored.push(key),
    });
    expect(calls.sort()).toEqual(['print(1)', 'slot()']);
    expect(stored).toHaveLength(2);
    expect(stats).toEqual({ blocks: 7, highlightable: 4, unique: 2, cached: 0, highlighted: 2 });
    const all = input.flatMap(codeBlocks);
    expect(all.map((c) => c.tokens?.lines[0]?.[0]?.[0])).toEqual(['print(1)', 'print(1)', 'slot()', undefined, undefined, 'print(1)', undefined]);
  });

  it('asks for blocks in language order (a worker replaced for its memory compiles each grammar once)', async () => {
    const page: ContentRoot = { type: 'root', children: [code('python', 'a'), code('ts', 'b'), code('bash', 'c'), code('js', 'd'), code('py', 'e'), code('sh', 'f')] };
    const calls: string[] = [];
    await highlightTrees([page], { themes: defaultCodeThemes, highlight: async (value, lang) => (calls.push(`${lang}:${value}`), tokensFor(value)) });
    // javascript, python, shellscript, typescript.
    expect(calls).toEqual(['js:d', 'python:a', 'py:e', 'bash:c', 'sh:f', 'ts:b']);
    expect(planHighlighting([page], { themes: defaultCodeThemes }).stats).toEqual({ blocks: 6, highlightable: 6, unique: 6, cached: 0, highlighted: 0 });
  });

  it('takes results from the store without highlighting, including a stored "no tokens"', async () => {
    const key = highlightKey('print(1)', 'python', defaultCodeThemes);
    const input = trees();
    const stats = await highlightTrees(input, {
      themes: defaultCodeThemes,
      highlight: async () => undefined,
      lookup: async (k) => (k === key ? tokensFor('from cache') : null),
    });
    expect(stats).toMatchObject({ cached: 2, highlighted: 0 });
    expect(input.flatMap(codeBlocks).map((c) => c.tokens?.lines[0]?.[0]?.[0])).toEqual(['from cache', 'from cache', undefined, undefined, undefined, 'from cache', undefined]);
  });
});
