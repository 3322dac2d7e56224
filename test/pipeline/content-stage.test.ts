import { afterAll, describe, expect, it } from 'vitest';
import { readConfiguration } from '../../src/config/index.js';
import { codeBlocks } from '../../src/content/highlight.js';
import type { HighlightedLines, PageContent } from '../../src/content/types.js';
import { parseMdxPage } from '../../src/mdx/parse-page.js';
import type { ParsedPage } from '../../src/mdx/types.js';
import { build } from '../../src/pipeline/build.js';
import { buildContent, type ContentStageInput } from '../../src/pipeline/content-stage.js';
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
