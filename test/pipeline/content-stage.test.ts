import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfiguration } from '../../src/config/index.js';
import { codeBlocks } from '../../src/content/highlight.js';
import type { HighlightedLines, PageContent } from '../../src/content/types.js';
import { parseMdxPage } from '../../src/mdx/parse-page.js';
import type { ParsedPage } from '../../src/mdx/types.js';
import { build } from '../../src/pipeline/build.js';
import { buildContent, type ContentStageInput, type PageText, type PageTextCache } from '../../src/pipeline/content-stage.js';
import { DocsRoot } from '../../src/root/index.js';
import { docsJsonWith, removeTempRoots, tempRoot } from '../helpers/temp-root.js';

afterAll(removeTempRoots);

const fence = (lang: string, code: string): string => `\`\`\`${lang}\n${code}\n\`\`\`\n`;

/** The content stage's input for a small root, built as the pipeline builds it (config, manifest, parses). */
async function stageInput(extraPages = 0): Promise<Omit<ContentStageInput, 'highlight' | 'highlighted'>> {
  const extra = Array.from({ length: extraPages }, (_, i) => `page-${i}`);
  const long = Array.from({ length: 40 }, (_, i) => `## Section ${i}\n\nA paragraph with **bold**, \`code\` and a [link](/index) number ${i}.\n\n- one\n- two\n`).join('\n');
  const dir = tempRoot({
    'docs.json': docsJsonWith({ groups: [{ group: 'Start', pages: ['index', 'guide', ...extra] }] }),
    'index.mdx': `---\ntitle: Home\n---\n\n# Welcome\n\n${fence('js', 'const a = 1;')}\nText.\n\n${fence('python', 'print(1)')}`,
    'guide.mdx': `---\ntitle: Guide\n---\n\n## Steps\n\n${fence('bash', 'npm install')}\nMore.\n`,
    ...Object.fromEntries(extra.map((id) => [`${id}.mdx`, `---\ntitle: ${id}\n---\n\n${long}`])),
  });
  const { manifest } = await build({ root: dir, cache: false });
  const root = DocsRoot.open(dir)!;
  const site = readConfiguration(root).value!.site;
  const parsed = new Map<string, ParsedPage>();
  for (const id of ['index', 'guide', ...extra]) {
    const read = root.read(`${id}.mdx`);
    if (!read.ok) throw new Error(read.problem.message);
    parsed.set(id, parseMdxPage(read.file).value);
  }
  return { root, manifest: manifest!, parsed, site };
}

const tokensOf = (code: string): HighlightedLines => ({ lightTheme: 'github-light', darkTheme: 'github-dark', light: { background: '#fff', foreground: '#000' }, dark: { background: '#000', foreground: '#fff' }, lines: [[[code, '#111', '#eee']]] });

describe('the content stage with highlighting', () => {
  it('lets the highlighting workers go once every block has its tokens, not before', async () => {
    const input = await stageInput();
    const pending: Array<() => void> = [];
    let answered = 0;
    let answeredAtRelease: number | undefined;
    const run = buildContent({
      ...input,
      // Every block waits until the test lets it through.
      highlight: () => ({ highlight: (code) => new Promise((resolve) => pending.push(() => (answered++, resolve(tokensOf(code))))) }),
      highlighted: async () => {
        answeredAtRelease = answered;
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Three distinct blocks asked for, none answered: the stage is still waiting, the workers kept.
    expect(pending).toHaveLength(3);
    expect(answeredAtRelease).toBeUndefined();
    for (const answer of pending) answer();
    const result = await run;
    expect(answeredAtRelease).toBe(3);
    const blocks = [...result.pages.values()].flatMap((page) => codeBlocks((JSON.parse(page.bytes.toString('utf8')) as PageContent).tree));
    expect(blocks.map((block) => block.tokens?.lines[0]?.[0]?.[0])).toEqual(['const a = 1;', 'print(1)', 'npm install']);
    expect(result.pages.get('index')!.markdown).toContain('const a = 1;');
  });

  it('a highlighter that fails fails the stage with its error (not an unhandled rejection while pages are finished)', async () => {
    // Enough pages that finishing them yields to the event loop, where the failure arrives.
    const input = await stageInput(60);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const run = buildContent({ ...input, highlight: () => ({ highlight: () => new Promise((_, reject) => setTimeout(() => reject(new Error('worker gone')), 1)) }) });
      await expect(run).rejects.toThrow('worker gone');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

describe('the text cache', () => {
  /** A cache in a Map, counting what the stage asked of it. */
  const mapCache = (entries = new Map<string, PageText>()) => {
    const asked = { hits: 0, misses: 0, stored: 0 };
    const cache: PageTextCache = {
      get: (key) => {
        const text = entries.get(key);
        if (text) asked.hits++;
        else asked.misses++;
        return text;
      },
      set: (key, text) => void (asked.stored++, entries.set(key, text)),
    };
    return { cache, entries, asked };
  };
  const highlighted = () => ({ highlight: async (code: string) => tokensOf(code) });

  it('gives a later run with the same content its twins and search records, though every run marks its token slots anew', async () => {
    const first = mapCache();
    const made = await buildContent({ ...(await stageInput()), highlight: highlighted, textCache: first.cache });
    expect(first.asked).toEqual({ hits: 0, misses: 2, stored: 2 });

    const again = mapCache(first.entries);
    const reused = await buildContent({ ...(await stageInput()), highlight: highlighted, textCache: again.cache });
    expect(again.asked).toEqual({ hits: 2, misses: 0, stored: 0 });
    for (const [id, page] of made.pages) {
      expect(reused.pages.get(id)!.markdown).toBe(page.markdown);
      expect(reused.pages.get(id)!.searchSegment).toBe(page.searchSegment);
    }

    // What the cache holds is what the run uses: a cached twin stands for the page's own.
    for (const [key, text] of first.entries) first.entries.set(key, { ...text, markdown: `cached: ${text.markdown}` });
    const fromCache = await buildContent({ ...(await stageInput()), highlight: highlighted, textCache: mapCache(first.entries).cache });
    expect(fromCache.pages.get('index')!.markdown).toBe(`cached: ${made.pages.get('index')!.markdown}`);
  });

  it('misses for a page whose content or heading changed', async () => {
    const first = mapCache();
    await buildContent({ ...(await stageInput()), textCache: first.cache });

    const input = await stageInput();
    input.manifest.pages['guide']!.title = 'Guide, renamed';
    const renamed = mapCache(first.entries);
    const result = await buildContent({ ...input, textCache: renamed.cache });
    expect(renamed.asked).toEqual({ hits: 1, misses: 1, stored: 1 });
    expect(result.pages.get('guide')!.markdown).toMatch(/^# Guide, renamed\n/);
    expect(result.pages.get('guide')!.searchSegment).toContain('"Guide, renamed"');
  });
});

describe('docs.json variables', () => {
  it('every name a placeholder can write is used, __proto__ too; a name none can write is a warning at its key', async () => {
    const dir = tempRoot({
      'docs.json': docsJsonWith({ groups: [{ group: 'Start', pages: ['index'] }] }, { variables: { ['__proto__']: 'proto-value', 'api url': 'x', version: '2.0' } }).replace('"variables": {', '"variables": {\n    '),
      'index.mdx': '---\ntitle: Home\n---\n\nVersion {{version}}, {{__proto__}}.\n',
    });
    const out = path.join(dir, 'out', 'manifest.json');
    const result = await build({ root: dir, cache: false, outFile: out });
    const twin = readFileSync(path.join(dir, 'out', 'content', 'index.md'), 'utf8');
    expect(twin).toContain('Version 2.0, proto-value.');
    expect(result.diagnostics.map((d) => d.code)).not.toContain('content/unknown-variable');
    const unusable = result.diagnostics.filter((d) => d.code === 'content/invalid-variable-name');
    expect(unusable).toHaveLength(1);
    const text = readFileSync(path.join(dir, 'docs.json'), 'utf8');
    const before = text.slice(0, text.indexOf('"api url"')).split('\n');
    expect(unusable[0]).toMatchObject({ severity: 'warning', file: 'docs.json', line: before.length, column: before.at(-1)!.length + 1, suggestion: 'rename it, for example to "api-url"' });
  });
});

describe('twins after docs.json changes, with the cache', () => {
  it('a variable changed in docs.json reaches the twin of the page that uses it; the others stay as a build without a cache makes them', async () => {
    const docsJson = (version: string) => docsJsonWith({ groups: [{ group: 'Start', pages: ['index', 'guide'] }] }, { variables: { version } });
    const dir = tempRoot({
      'docs.json': docsJson('1.0'),
      'index.mdx': '---\ntitle: Home\n---\n\nInstall version {{version}} with `npm i`.\n',
      'guide.mdx': '---\ntitle: Guide\n---\n\n## Steps\n\nRun *it* and see [home](/index).\n',
    });
    const cacheDir = path.join(dir, '..', `${path.basename(dir)}-cache`);
    const twin = (out: string, id: string) => readFileSync(path.join(path.dirname(out), 'content', `${id}.md`), 'utf8');
    const cachedOut = path.join(dir, 'out', 'manifest.json');
    await build({ root: dir, cache: true, cacheDir, outFile: cachedOut });
    expect(twin(cachedOut, 'index')).toContain('version 1.0');

    writeFileSync(path.join(dir, 'docs.json'), docsJson('2.0'));
    await build({ root: dir, cache: true, cacheDir, outFile: cachedOut });
    const freshOut = path.join(dir, 'fresh', 'manifest.json');
    await build({ root: dir, cache: false, outFile: freshOut });
    expect(twin(cachedOut, 'index')).toContain('version 2.0');
    for (const id of ['index', 'guide']) expect(twin(cachedOut, id)).toBe(twin(freshOut, id));
    rmSync(cacheDir, { recursive: true, force: true });
  });
});
