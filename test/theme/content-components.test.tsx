import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrastRatio, highlightTint, parseHex } from '../../src/theme/contrast.js';
import { renderToString } from 'react-dom/server';
import { existsSync } from 'node:fs';
import { builtInComponents, iconUrl, parseFontAwesome, renderContent, type RenderOptions } from '../../src/theme/content/index.js';
import type { ContentRoot, HighlightedLines } from '../../src/content/types.js';
import { code, comp, el, makePage, makeSite, root, text } from './content-fixtures.js';

function html(tree: ContentRoot, options: Partial<RenderOptions> = {}): string {
  return renderToString(<>{renderContent(tree, { site: makeSite(), page: makePage(), ...options })}</>);
}

const p = (value: string) => el('p', {}, [text(value)]);

describe('callouts', () => {
  it.each(['Note', 'Warning', 'Info', 'Tip', 'Check', 'Danger'])('%s renders its kind and children', (name) => {
    const out = html(root(comp(name, {}, [p('Careful')])));
    expect(out).toContain(`data-callout="${name.toLowerCase()}"`);
    expect(out).toContain('<p>Careful</p>');
  });

  it('Callout takes a color and an icon', () => {
    const out = html(root(comp('Callout', { icon: 'rocket', color: '#ff0000' }, [p('x')])));
    expect(out).toContain('--callout-color:#ff0000');
    expect(out).toContain('/_docs-build/icons/fontawesome/solid/rocket.svg');
  });
});

describe('cards and columns', () => {
  it('a Card with href is a link to it (under the base path), with title, icon, image and cta', () => {
    const out = html(root(comp('Card', { title: 'Start', href: '/quickstart', icon: 'rocket', img: '/images/a.png', cta: 'Go' }, [p('Body')])), { base: '/docs/' });
    expect(out).toContain('<div class="db-card db-card-link"><a class="db-card-cover" href="/docs/quickstart" aria-label="Start"></a>');
    expect(out).toContain('<p class="db-card-title">Start</p>');
    expect(out).toContain('src="/docs/images/a.png"');
    expect(out).toContain('<span class="db-card-cta">Go</span>');
    expect(out).toContain('/docs/_docs-build/icons/fontawesome/solid/rocket.svg');
  });

  it("a link in a linked Card's content is its own, not nested in the card's (which HTML does not allow)", () => {
    const out = html(root(comp('Card', { title: 'SDKs', href: '/sdks' }, [el('p', {}, [text('See '), el('a', { href: '/sdks/python' }, [text('Python')]), text('.')])])));
    expect(out).toContain('<a href="/sdks/python">Python</a>');
    // Every <a> closes before the next opens.
    expect(out).not.toMatch(/<a [^>]*>(?:(?!<\/a>).)*<a /);
  });

  it('a Card without href is not a link; an external href opens elsewhere with an arrow', () => {
    expect(html(root(comp('Card', { title: 'A' })))).toMatch(/^<div class="db-card">/);
    const external = html(root(comp('Card', { title: 'A', href: 'https://example.com' })));
    expect(external).toContain('target="_blank"');
    expect(external).toContain('db-card-arrow');
    expect(html(root(comp('Card', { title: 'A', href: '/x', horizontal: true })))).toContain('db-card-horizontal');
  });

  it('CardGroup and Columns lay out cols columns (bounded 1..4)', () => {
    expect(html(root(comp('CardGroup', { cols: 3 }, [comp('Card', { title: 'a' })])))).toContain('data-cols="3"');
    expect(html(root(comp('Columns', { cols: 9 }, [comp('Column', {}, [p('a')])])))).toContain('data-cols="4"');
  });
});

describe('code', () => {
  const tokens: HighlightedLines = {
    lightTheme: 'github-light',
    darkTheme: 'github-dark',
    light: { background: '#fff', foreground: '#24292e' },
    dark: { background: '#24292e', foreground: '#e1e4e8' },
    lines: [
      [['const', '#d73a49', '#f97583'], [' a = ', '', ''], ['1', '#005cc5', '#79b8ff', 1]],
      [['a', '', '']],
    ],
  };

  it('tokens become spans with the light and dark color as CSS variables, block colors on the wrapper', () => {
    const out = html(root(code('const a = 1\na', 'js', {}, tokens)));
    expect(out).toMatch(/<span style="--shiki-light:#[0-9a-f]{6};--shiki-dark:#[0-9a-f]{6}">const<\/span>/);
    expect(out).toContain('<span style="--shiki-light:#005cc5;--shiki-dark:#79b8ff;font-style:italic">1</span>');
    expect(out).toContain(' a = ');
    expect(out).toContain('--shiki-light-bg:#fff;--shiki-dark-bg:#24292e');
    expect(out).toContain('<pre class="shiki"');
  });

  it('shades a token color too faint to read on the block or on a highlighted line (4.5:1), and keeps readable ones as given', () => {
    const out = html(root(code('const a = 1\na', 'js', { highlight: [1] }, tokens)));
    const [, shown, shownDark] = /--shiki-light:(#[0-9a-f]{6});--shiki-dark:(#[0-9a-f]{6})">const/.exec(out) ?? [];
    // github-light's keyword red reads 4.5:1 on white but not on the highlighted line's tint of it.
    expect(contrastRatio(parseHex('#d73a49')!, parseHex(highlightTint('#fff', '#24292e')!)!)).toBeLessThan(4.5);
    expect(shown).not.toBe('#d73a49');
    for (const ground of ['#ffffff', highlightTint('#fff', '#24292e')!]) expect(contrastRatio(parseHex(shown!)!, parseHex(ground)!)).toBeGreaterThanOrEqual(4.5);
    for (const ground of ['#24292e', highlightTint('#24292e', '#e1e4e8')!]) expect(contrastRatio(parseHex(shownDark!)!, parseHex(ground)!)).toBeGreaterThanOrEqual(4.5);
    // The same hue, darker: red stays the largest channel.
    const [r, g, b] = parseHex(shown!)!;
    expect(r).toBeGreaterThan(Math.max(g, b));
    expect(out).toContain('--shiki-light:#005cc5;--shiki-dark:#79b8ff;');
    expect(out).toContain('--shiki-light:#24292e;--shiki-dark:#e1e4e8;');
  });

  it('dims the lines outside a focus to one color that still reads at 4.5:1 on the block and on a highlighted line', () => {
    const out = html(root(code('const a = 1\na', 'js', { focus: [2], highlight: [1] }, tokens)));
    const [, light, dark] = /--shiki-light-dim:(#[0-9a-f]{6});--shiki-dark-dim:(#[0-9a-f]{6})/.exec(out) ?? [];
    const readsOn = (color: string, grounds: string[]) => Math.min(...grounds.map((ground) => contrastRatio(parseHex(color)!, parseHex(ground)!)));
    const lightGrounds = ['#fff', highlightTint('#fff', '#24292e')!];
    const darkGrounds = ['#24292e', highlightTint('#24292e', '#e1e4e8')!];
    expect(readsOn(light!, lightGrounds)).toBeGreaterThanOrEqual(4.5);
    expect(readsOn(dark!, darkGrounds)).toBeGreaterThanOrEqual(4.5);
    // Dimmed: fainter than the foreground (github-light's #24292e reads 14:1 on white), but no further than AA allows.
    expect(readsOn(light!, lightGrounds)).toBeLessThan(5);
    expect(readsOn(dark!, darkGrounds)).toBeLessThan(5);
    expect(html(root(code('a', 'js', { highlight: [1] }, tokens)))).not.toContain('-dim:');
    const css = readFileSync(new URL('../../src/theme/styles/content.css', import.meta.url), 'utf8');
    expect(css).not.toMatch(/db-code-focus[^{]*\{[^}]*opacity/);
  });

  it('token text is escaped, and a color that is not a plain color never reaches the style attribute', () => {
    const evil: HighlightedLines = { ...tokens, lines: [[['<img src=x onerror=alert(1)>', '#fff;background:url(x)', '"><b>', 0]]] };
    const out = html(root(code('x', 'html', {}, evil)));
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(out).not.toContain('<img src=x');
    expect(out).not.toContain('background:url');
    expect(out).not.toContain('<b>');
  });

  it('title bar, icon, highlighted and focused lines, wrap, line numbers and a copy button', () => {
    const out = html(root(code('a\nb\nc\n', 'py', { title: 'main.py', icon: 'python', highlight: [2], focus: [3], wrap: true, lines: true })));
    expect(out).toContain('<div class="db-code-title">');
    expect(out).toContain('<span>main.py</span>');
    expect(out).toContain('class="db-code db-code-wrap db-code-lines db-code-focus"');
    expect(out).toContain('<span class="line highlighted" data-line="2">b');
    expect(out).toContain('<span class="line focused" data-line="3">c</span>');
    expect(out).not.toContain('data-line="4"');
    expect(out).toContain('class="db-copy"');
  });

  it('plain code without tokens', () => {
    const out = html(root(code('<b>x</b>', '')));
    expect(out).toContain('<pre class="db-plain" tabindex="0"><code><span class="line" data-line="1">&lt;b&gt;x&lt;/b&gt;</span></code></pre>');
  });

  it('CodeGroup renders every tab titled from the meta, in order, only the first visible', () => {
    const out = html(root(comp('CodeGroup', {}, [text('\n'), code('print(1)', 'python', { title: 'Python' }), text('\n'), code('echo 1', 'bash')])));
    const tabs = [...out.matchAll(/role="tab"[^>]*>([^<]*)</g)].map((m) => m[1]);
    expect(tabs).toEqual(['Python', 'bash']);
    expect(out).toContain('print(1)');
    expect(out).toContain('echo 1');
    expect(out.match(/role="tabpanel"/g)).toHaveLength(2);
    expect(out.match(/role="tabpanel"[^>]*hidden=""/g)).toHaveLength(1);
    // the group shows the titles: the blocks do not repeat them
    expect(out).not.toContain('db-code-title');
  });

  it('CodeGroup dropdown is a select with every title', () => {
    const out = html(root(comp('CodeGroup', { dropdown: true }, [code('1', 'js', { title: 'JS' }), code('2', 'ts', { title: 'TS' })])));
    expect(out).toContain('<select class="db-tabs-select"');
    expect(out).toContain('>JS</option>');
    expect(out).toContain('>TS</option>');
  });

  it('RequestExample and ResponseExample are labelled code groups', () => {
    const out = html(root(comp('RequestExample', {}, [code('curl x', 'bash', { title: 'cURL' })]), comp('ResponseExample', {}, [code('{}', 'json', { title: '200' })])));
    expect(out).toContain('db-request-example');
    expect(out).toContain('db-response-example');
    expect(out).toContain('>cURL<');
  });

  it('mermaid code renders its source on the server', () => {
    const out = html(root(code('graph TD\nA-->B', 'mermaid')));
    expect(out).toContain('<pre class="db-mermaid-source"><code class="language-mermaid">graph TD\nA--&gt;B</code></pre>');
  });
});

describe('steps, accordions, tabs, expandables', () => {
  it('Steps number their Step children and keep the compiler\'s anchors', () => {
    const out = html(root(comp('Steps', { titleSize: 'h3' }, [text('\n'), comp('Step', { title: 'Install', id: 'install' }, [p('a')]), comp('Step', { title: 'Run', id: 'run' }, [p('b')])])));
    expect(out).toMatch(/<div class="db-step" role="listitem" id="install"><span class="db-step-marker">1<\/span><div class="db-step-body"><h3 class="db-step-title">Install<\/h3>/);
    expect(out).toMatch(/id="run"><span class="db-step-marker">2<\/span>/);
  });

  it('Accordion is a details element, open when defaultOpen, with its id and description', () => {
    const closed = html(root(comp('Accordion', { title: 'FAQ', id: 'faq', description: 'More' }, [p('answer')])));
    expect(closed).toMatch(/^<details class="db-accordion" id="faq">/);
    expect(closed).toContain('<span class="db-accordion-title">FAQ</span>');
    expect(closed).toContain('<span class="db-accordion-description">More</span>');
    expect(closed).toContain('<p>answer</p>');
    expect(html(root(comp('Accordion', { title: 'FAQ', defaultOpen: true })))).toMatch(/^<details class="db-accordion" open="">/);
    expect(html(root(comp('AccordionGroup', {}, [comp('Accordion', { title: 'a' })])))).toMatch(/^<div class="db-accordion-group"><details/);
  });

  it('Tabs render every Tab with its title; Expandable is a details', () => {
    const out = html(root(comp('Tabs', {}, [comp('Tab', { title: 'One' }, [p('first')]), comp('Tab', { title: 'Two' }, [p('second')])])));
    expect([...out.matchAll(/role="tab"[^>]*>([^<]*)</g)].map((m) => m[1])).toEqual(['One', 'Two']);
    expect(out).toContain('<p>first</p>');
    expect(out).toContain('<p>second</p>');
    const expandable = html(root(comp('Expandable', { title: 'properties', defaultOpen: true }, [p('x')])));
    expect(expandable).toMatch(/^<details class="db-expandable" open=""><summary>Show properties<\/summary>/);
    // Written as a string (defaultOpen="true", 31 files of the corpora): open too; "false" is not.
    for (const [value, open] of [['true', true], ['True', true], ['false', false]] as const) {
      const written = html(root(comp('Expandable', { title: 'p', defaultOpen: value }, [p('x')])));
      expect(written.startsWith('<details class="db-expandable" open=""')).toBe(open);
      expect(html(root(comp('Accordion', { title: 'a', defaultOpen: value }, [p('x')]))).includes(' open=""')).toBe(open);
    }
  });
});

describe('fields', () => {
  it('ParamField names its parameter from path/query/body/header, with type, required, default, deprecated', () => {
    const out = html(root(comp('ParamField', { query: 'limit', type: 'integer', required: true, default: 10, deprecated: true, id: 'param-limit' }, [p('How many')])));
    expect(out).toContain('id="param-limit"');
    expect(out).toContain('<code class="db-field-name">limit</code>');
    expect(out).toContain('<span class="db-field-type">integer</span>');
    expect(out).toContain('<span class="db-field-location">query</span>');
    expect(out).toContain('required');
    expect(out).toContain('deprecated');
    expect(out).toContain('default: <code>10</code>');
    expect(out).toContain('<p>How many</p>');
  });

  it('ResponseField uses name and shows pre/post labels', () => {
    const out = html(root(comp('ResponseField', { name: 'id', type: 'string', pre: ['beta'], post: ['v2'] })));
    expect(out).toContain('<code class="db-field-name">id</code>');
    expect(out).toContain('<span class="db-field-label">beta</span>');
    expect(out).toContain('<span class="db-field-label">v2</span>');
  });
});

describe('the rest', () => {
  it('Visibility: for="humans" is rendered, for="agents" is not', () => {
    expect(html(root(comp('Visibility', { for: 'humans' }, [p('people')])))).toBe('<p>people</p>');
    expect(html(root(comp('Visibility', { for: 'agents' }, [p('robots')])))).toBe('');
  });

  it('Frame has a caption and a hint; Update has its anchor, label, description and tags', () => {
    const frame = html(root(comp('Frame', { caption: 'Cap', hint: 'Hint' }, [el('img', { src: 'https://x/a.png', alt: '' })])));
    expect(frame).toContain('<figcaption>Cap</figcaption>');
    expect(frame).toContain('db-frame-hint');
    const update = html(root(comp('Update', { label: 'v1.2', description: 'May', tags: ['api', 'fix'], id: 'v1-2' }, [p('notes')])));
    expect(update).toMatch(/^<section class="db-update" id="v1-2"[ >]/);
    expect(update).toContain('href="#v1-2"');
    expect(update).toContain('<li>api</li><li>fix</li>');
  });

  it('Badge, Tooltip, Panel, Snippet, View', () => {
    expect(html(root(comp('Badge', { color: 'blue', size: 'sm' }, [text('New')])))).toBe('<span class="db-badge db-badge-blue db-badge-sm db-badge-rounded">New</span>');
    const tooltip = html(root(comp('Tooltip', { tip: 'A thing', cta: 'More', href: '/more' }, [text('API')], { inline: true })));
    expect(tooltip).toContain('role="tooltip"');
    expect(tooltip).toContain('A thing');
    expect(tooltip).toContain('href="/more"');
    expect(html(root(comp('Panel', {}, [p('side')])))).toBe('<aside class="db-panel"><p>side</p></aside>');
    expect(html(root(comp('Snippet', { file: 'a.mdx' }, [p('in')])))).toBe('<p>in</p>');
    expect(html(root(comp('View', { title: 'Python' }, [p('py')])))).toContain('data-view="Python"');
  });

  it('Tree folders are details (open with defaultOpen), files are items; FileTree wraps a Markdown list', () => {
    const out = html(root(comp('Tree', {}, [comp('Tree.Folder', { name: 'app', defaultOpen: true }, [comp('Tree.File', { name: 'page.tsx' })]), comp('Tree.Folder', { name: 'lib', openable: false })])));
    expect(out).toContain('<details class="db-tree-folder" open=""><summary class="db-tree-label db-tree-label-folder">app</summary>');
    expect(out).toContain('<span class="db-tree-label db-tree-label-file">page.tsx</span>');
    expect(out).toContain('<div class="db-tree-folder"><span class="db-tree-label db-tree-label-folder">lib</span>');
    expect(html(root(comp('FileTree', {}, [el('ul', {}, [el('li', {}, [text('docs/')])])])))).toBe('<div class="db-tree"><ul><li>docs/</li></ul></div>');
  });

  it('Latex renders KaTeX markup unless styling.latex is false', () => {
    const out = html(root(comp('Latex', {}, [text('E = mc^2')])));
    expect(out).toContain('class="katex"');
    expect(out).toContain('<annotation encoding="application/x-tex">E = mc^2</annotation>');
    const off = html(root(comp('Latex', {}, [text('E = mc^2')])), { site: makeSite({ styling: { eyebrows: 'section', latex: false, codeblocks: { theme: 'github-dark' } } }) });
    expect(off).toBe('<code class="db-latex-source">E = mc^2</code>');
  });

  it('math: ```math blocks and code.language-math elements (remark-math\'s hast) render with KaTeX; other code stays code', () => {
    expect(html(root(code('x^2', 'math')))).toContain('class="db-latex db-latex-display"');
    const inline = html(root(el('p', {}, [el('code', { className: ['language-math', 'math-inline'] }, [text('a_1')]), el('code', {}, [text('plain')])])));
    expect(inline).toContain('<span class="db-latex"><span class="katex">');
    expect(inline).toContain('<code>plain</code>');
  });

  it('Color swatches switch with the theme; GitHub.Repo links to the repository', () => {
    const color = html(root(comp('Color', { variant: 'compact' }, [comp('Color.Item', { name: 'brand', value: { light: '#fff', dark: '#000' } })])));
    expect(color).toContain('--swatch-light:#fff;--swatch-dark:#000');
    expect(html(root(comp('GitHub.Repo', { repo: 'https://github.com/mintlify/docs' })))).toContain('href="https://github.com/mintlify/docs"');
  });
});

describe('icons', () => {
  it('Font Awesome names in every written form, lucide and tabler, under the base', () => {
    expect(parseFontAwesome('rocket')).toEqual({ style: 'solid', name: 'rocket' });
    expect(parseFontAwesome('fa-solid fa-rocket')).toEqual({ style: 'solid', name: 'rocket' });
    expect(parseFontAwesome('fa-brands fa-github')).toEqual({ style: 'brands', name: 'github' });
    expect(parseFontAwesome('fab fa-github')).toEqual({ style: 'brands', name: 'github' });
    expect(parseFontAwesome('github', 'brands')).toEqual({ style: 'brands', name: 'github' });
    expect(parseFontAwesome('star', 'duotone')).toEqual({ style: 'solid', name: 'star' });
    expect(iconUrl('fontawesome', 'fa-regular fa-star', undefined, '/docs/')).toBe('/docs/_docs-build/icons/fontawesome/regular/star.svg');
    expect(iconUrl('lucide', 'flag')).toBe('/_docs-build/icons/lucide/flag.svg');
    expect(iconUrl('tabler', 'flag')).toBe('/_docs-build/icons/tabler/outline/flag.svg');
    expect(iconUrl('lucide', '../../etc/passwd')).toBe('/_docs-build/icons/lucide/etcpasswd.svg');
  });

  it('Icon uses the site library as a mask, an image for URLs and paths, and an inline svg slot as is', () => {
    const site = makeSite({ icons: { library: 'lucide' } });
    expect(html(root(comp('Icon', { icon: 'flag', size: 20, color: '#f00' }, [], { inline: true })), { site })).toBe(
      '<span class="db-icon" style="width:20px;height:20px;-webkit-mask-image:url(&quot;/_docs-build/icons/lucide/flag.svg&quot;);mask-image:url(&quot;/_docs-build/icons/lucide/flag.svg&quot;);background-color:#f00" data-icon="flag" aria-hidden="true"></span>',
    );
    expect(html(root(comp('Icon', { icon: 'https://cdn.x/i.svg' })))).toContain('<img class="db-icon db-icon-image" src="https://cdn.x/i.svg"');
    expect(html(root(comp('Icon', { icon: 'images/i.svg' })), { base: '/docs/' })).toContain('src="/docs/images/i.svg"');
    expect(html(root(comp('Icon', {}, [], { slots: { icon: [el('svg', { viewBox: '0 0 1 1' })] } })))).toContain('<svg viewBox="0 0 1 1">');
  });

  it('the Font Awesome and lucide files the URLs name exist in the installed packages', () => {
    const parsed = parseFontAwesome('fa-brands fa-github');
    expect(existsSync(`node_modules/@fortawesome/fontawesome-free/svgs/${parsed.style}/${parsed.name}.svg`)).toBe(true);
    expect(existsSync('node_modules/lucide-static/icons/flag.svg')).toBe(true);
  });
});

describe('the component map', () => {
  it('has a component for every built-in name the compiler knows', async () => {
    const { builtinComponents } = await import('../../src/content/components.js');
    expect([...builtinComponents].filter((name) => !(name in builtInComponents))).toEqual([]);
  });
});
