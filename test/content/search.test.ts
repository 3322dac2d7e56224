import { describe, expect, it } from 'vitest';
import { searchRecords } from '../../src/content/search.js';
import { code, comp, el, h, p, root, t } from './trees.js';

describe('searchRecords: one record per heading section', () => {
  it('splits at headings, with the heading path and the text up to the next heading', () => {
    const tree = root(
      p('Intro ', el('strong', [t('text')]), '.'),
      h(2, 'Install', 'install'),
      p('Run it.'),
      h(3, 'With npm', 'with-npm'),
      p('Use ', el('code', [t('npm i')]), '.'),
      h(3, 'With pip', 'with-pip'),
      h(2, 'Use', 'use'),
      el('ul', [el('li', [t('one')]), el('li', [t('two')])]),
    );
    expect(searchRecords('guide/start', 'Start', tree)).toEqual([
      { id: 'guide/start', page: 'guide/start', headings: [], title: 'Start', text: 'Intro text.' },
      { id: 'guide/start#install', page: 'guide/start', anchor: 'install', headings: ['Install'], title: 'Start', text: 'Run it.' },
      { id: 'guide/start#with-npm', page: 'guide/start', anchor: 'with-npm', headings: ['Install', 'With npm'], title: 'Start', text: 'Use npm i.' },
      { id: 'guide/start#with-pip', page: 'guide/start', anchor: 'with-pip', headings: ['Install', 'With pip'], title: 'Start', text: '' },
      { id: 'guide/start#use', page: 'guide/start', anchor: 'use', headings: ['Use'], title: 'Start', text: 'one two' },
    ]);
  });

  it('joins inline elements to their words and separates blocks', () => {
    const tree = root(p('Markdown views (', el('code', [t('.md')]), ' URLs), ', el('a', [t('link')], { href: '/x' }), 's'), p('next'), el('table', [el('tr', [el('td', [t('a')]), el('td', [t('b')])])]));
    expect(searchRecords('p', 'P', tree)[0]?.text).toBe('Markdown views (.md URLs), links next a b');
  });

  it('a page without text has one record, its title, with its description as the text', () => {
    expect(searchRecords('api/list', 'List things', root(), 'Returns every thing.')).toEqual([{ id: 'api/list', page: 'api/list', headings: [], title: 'List things', text: 'Returns every thing.' }]);
    expect(searchRecords('cards', 'Cards', root(t('\n')))).toEqual([{ id: 'cards', page: 'cards', headings: [], title: 'Cards', text: '' }]);
  });

  it('has no intro record when the page starts with a heading', () => {
    expect(searchRecords('a', 'A', root(t('\n'), h(2, 'First', 'first'), p('x'))).map((r) => r.id)).toEqual(['a#first']);
  });

  it('keeps component titles and field names, leaves out code block bodies but keeps their titles', () => {
    const tree = root(
      comp('Card', { title: 'Quickstart', href: '/q', icon: 'rocket', horizontal: true }, [t('Start here')]),
      code('python', 'import secret_token_xyz', 'Python SDK'),
      comp('ParamField', { query: 'limit', type: 'integer', required: true }, [p('Max results')]),
      comp('Accordion', {}, [p('body')], { slots: { title: [t('Slot title')] } }),
    );
    const [record] = searchRecords('p', 'P', tree);
    expect(record?.text).toBe('Quickstart Start here Python SDK limit integer Max results Slot title body');
  });

  it('leaves out Visibility for agents and keeps Visibility for humans, in text and headings', () => {
    const tree = root(
      h(2, 'Setup', 'setup'),
      comp('Visibility', { for: 'agents' }, [p('AGENT NOTES'), h(2, 'Agent heading', 'agent-heading')]),
      comp('Visibility', { for: 'humans' }, [p('Click the button.')]),
      el('h2', [t('Mixed'), comp('Visibility', { for: 'agents' }, [t(' NO')], { inline: true })], { id: 'mixed' }),
    );
    const records = searchRecords('p', 'P', tree);
    expect(records.map((r) => [r.id, r.headings, r.text])).toEqual([
      ['p#setup', ['Setup'], 'Click the button.'],
      ['p#mixed', ['Mixed'], ''],
    ]);
  });

  it('finds headings inside components and keeps ids unique', () => {
    const tree = root(comp('Tabs', {}, [comp('Tab', { title: 'One' }, [h(3, 'Inside', 'inside'), p('tab text')])]), h(3, 'Inside', 'inside'), p('again'));
    expect(searchRecords('p', 'P', tree).map((r) => [r.id, r.anchor, r.text])).toEqual([
      ['p', undefined, 'One'],
      ['p#inside', 'inside', 'tab text'],
      ['p#inside-2', 'inside', 'again'],
    ]);
  });

  it('starts a section at each changelog Update with an anchor, its label as the heading', () => {
    const tree = root(
      p('Changelog intro'),
      comp('Update', { label: 'March 2025', description: 'v2.1', id: 'march-2025' }, [p('New search.'), h(3, 'Fixes', 'fixes'), p('Fixed x.')]),
      comp('Update', { label: 'February 2025', id: 'february-2025' }, [p('Old news.')]),
    );
    expect(searchRecords('changelog', 'Changelog', tree).map((r) => [r.id, r.headings, r.text])).toEqual([
      ['changelog', [], 'Changelog intro'],
      ['changelog#march-2025', ['March 2025'], 'v2.1 New search.'],
      ['changelog#fixes', ['March 2025', 'Fixes'], 'Fixed x.'],
      ['changelog#february-2025', ['February 2025'], 'Old news.'],
    ]);
  });

  it('walks any depth without overflowing the stack', () => {
    let node = p('deep');
    for (let i = 0; i < 20_000; i++) node = el('div', [node]);
    expect(searchRecords('p', 'P', root(node))[0]?.text).toBe('deep');
  });
});
