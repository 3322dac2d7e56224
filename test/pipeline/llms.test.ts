import { describe, expect, it } from 'vitest';
import { llmsTxt } from '../../src/pipeline/llms.js';
import type { Manifest, NavNode, Page } from '../../src/manifest/types.js';

const page = (id: string, title: string, extra: Partial<Page> = {}): Page => ({
  id, kind: 'page', title, source: { file: `${id}.mdx`, line: 1, column: 1 }, hidden: false, inNavigation: true, contentHash: 'x', ...extra,
});
const nav = (kind: NavNode['kind'], label: string, children: NavNode[] = [], extra: Partial<NavNode> = {}): NavNode => ({ kind, label, children, ...extra });
const pageNode = (id: string, extra: Partial<NavNode> = {}): NavNode => nav('page', id, [], { page: id, ...extra });

function manifest(navigation: NavNode[], pages: Page[], description?: string): Pick<Manifest, 'site' | 'navigation' | 'pages'> {
  const site = { name: 'Acme Docs', ...(description ? { description } : {}) } as Manifest['site'];
  return { site, navigation, pages: Object.fromEntries(pages.map((p) => [p.id, p])) };
}

const twin = (title: string, body: string): string => `# ${title}\n\n${body}\n`;

describe('llmsTxt', () => {
  const pages = [
    page('index', 'Introduction', { description: 'What Acme is' }),
    page('quickstart', 'Quick [start]'),
    page('api/users', 'Users', { description: 'Manage\nusers' }),
    page('api/secret', 'Secret', { hidden: true }),
    page('zeta-unlisted', 'Zeta'),
    page('alpha-unlisted', 'Alpha'),
    page('no-twin', 'No twin'),
    page('beta/preview', 'Preview'),
  ];
  const navigation = [
    nav('tab', 'Guides', [nav('group', 'Get started', [pageNode('index'), pageNode('quickstart'), pageNode('no-twin')])]),
    nav('tab', 'API', [nav('group', 'Endpoints', [pageNode('api/users'), pageNode('api/secret', { hidden: true }), pageNode('index')]), nav('group', 'Hidden group', [pageNode('quickstart'), pageNode('beta/preview')], { hidden: true })]),
  ];
  const twins = new Map(pages.filter((p) => p.id !== 'no-twin').map((p) => [p.id, twin(p.title, `Body of ${p.id}.`)]));

  it('lists pages by navigation section with their twin URL and description', () => {
    const { llmsTxt: index } = llmsTxt(manifest(navigation, pages, 'Docs for Acme'), twins, { baseUrl: 'https://docs.acme.dev/' });
    expect(index).toBe(
      [
        '# Acme Docs',
        '',
        '> Docs for Acme',
        '',
        '## Guides > Get started',
        '',
        '- [Introduction](https://docs.acme.dev/index.md): What Acme is',
        '- [Quick \\[start\\]](https://docs.acme.dev/quickstart.md)',
        '',
        '## API > Endpoints',
        '',
        '- [Users](https://docs.acme.dev/api/users.md): Manage users',
        '',
      ].join('\n'),
    );
  });

  it('writes the twins of the offered pages in llms-full.txt, in navigation order, each with its source, and names those left out', () => {
    const { llmsFullTxt, leftOut } = llmsTxt(manifest(navigation, pages), twins);
    const titles = [...llmsFullTxt.matchAll(/^# (.*)$/gm)].map((m) => m[1]);
    // Hidden pages, pages under a hidden group and unlisted pages are left out, as the service does.
    expect(titles).toEqual(['Introduction', 'Quick [start]', 'Users']);
    expect(leftOut).toEqual(['alpha-unlisted', 'api/secret', 'beta/preview', 'zeta-unlisted']);
    expect(llmsFullTxt.startsWith('# Introduction\nSource: /index.md\n\nBody of index.\n\n# Quick [start]\nSource: /quickstart.md\n')).toBe(true);
    expect(llmsFullTxt.endsWith('# Users\nSource: /api/users.md\n\nBody of api/users.\n')).toBe(true);
    // With seo.indexing "all": every twin, the unlisted pages last by id; a noindex page never.
    const all = { ...manifest(navigation, pages.map((p) => (p.id === 'quickstart' ? { ...p, frontmatter: { noindex: true } } : p))), site: { name: 'Acme Docs', extra: { seo: { indexing: 'all' } } } as unknown as Manifest['site'] };
    const every = llmsTxt(all, twins);
    expect([...every.llmsFullTxt.matchAll(/^# (.*)$/gm)].map((m) => m[1])).toEqual(['Introduction', 'Users', 'Secret', 'Preview', 'Alpha', 'Zeta']);
    expect(every.leftOut).toEqual(['quickstart']);
  });

  it('puts pages outside any group under their division label, or "Pages"', () => {
    const { llmsTxt: index } = llmsTxt(manifest([pageNode('index'), nav('anchor', 'Blog', [pageNode('quickstart')])], pages), twins);
    expect(index).toContain('## Pages\n\n- [Introduction](/index.md): What Acme is\n\n## Blog\n\n- [Quick \\[start\\]](/quickstart.md)\n');
  });

  it('leaves noindex pages out of the index, keeps a hidden group saying searchable: true, and seo.indexing "all" offers hidden pages', () => {
    const entries = (text: string) => [...text.matchAll(/^- \[.*\]\(\/(.*)\.md\)/gm)].map((m) => m[1]);
    const quiet = pages.map((p) => (p.id === 'api/users' ? { ...p, frontmatter: { noindex: true } } : p));
    expect(entries(llmsTxt(manifest(navigation, quiet), twins).llmsTxt)).toEqual(['index', 'quickstart']);
    const searchable = navigation.map((tab) => ({ ...tab, children: tab.children.map((group) => (group.label === 'Hidden group' ? { ...group, extra: { searchable: true } } : group)) }));
    expect(entries(llmsTxt(manifest(searchable, pages), twins).llmsTxt)).toEqual(['index', 'quickstart', 'api/users', 'beta/preview']);
    const all = { ...manifest(navigation, quiet), site: { name: 'Acme Docs', extra: { seo: { indexing: 'all' } } } as unknown as Manifest['site'] };
    expect(entries(llmsTxt(all, twins).llmsTxt)).toEqual(['index', 'quickstart', 'api/secret', 'beta/preview']);
  });

  it('is the same text whatever order the pages and twins were given in', () => {
    const shuffled = new Map([...twins].reverse());
    const a = llmsTxt(manifest(navigation, pages), twins);
    const b = llmsTxt(manifest(navigation, [...pages].reverse()), Object.fromEntries(shuffled));
    expect(b).toEqual(a);
  });
});
