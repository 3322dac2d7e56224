import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathTo, resolveBranch } from '../../src/theme/layout/navigation.js';
import { searchablePages } from '../../src/theme/search/scope.js';
import { inSiteSearch, inSitemap, robotsNoindex } from '../../src/theme/layout/settings.js';
import type { SiteData } from '../../src/theme/types.js';
import { removeTempRoots, tempRoot } from '../helpers/temp-root.js';
import { buildManifest, dataOf } from './layout-helpers.js';

/*
 * What each page offers to the site's search, the sitemap and crawlers: the service's table ("Hidden
 * pages" in mintlify-docs), on a site the real compiler built.
 */

const page = (title: string, more = ''): string => `---\ntitle: ${title}\n${more}---\n\nText.\n`;

function site(extra: Record<string, unknown> = {}): string {
  const docsJson = {
    theme: 'mint',
    name: 'Indexing',
    colors: { primary: '#0D9373' },
    ...extra,
    navigation: {
      groups: [
        { group: 'Start', pages: ['intro', 'secret', 'quiet', 'unsearched'] },
        { group: 'Tucked away', hidden: true, pages: ['tucked'] },
        { group: 'Hidden but searchable', hidden: true, searchable: true, pages: ['findable'] },
      ],
    },
  };
  return tempRoot({
    'docs.json': JSON.stringify(docsJson),
    'intro.mdx': page('Intro'),
    'secret.mdx': page('Secret', 'hidden: true\n'),
    'quiet.mdx': page('Quiet', 'noindex: true\n'),
    'unsearched.mdx': page('Unsearched', 'searchable: false\n'),
    'tucked.mdx': page('Tucked'),
    'findable.mdx': page('Findable'),
    'unlisted.mdx': page('Unlisted'),
  });
}

let data: SiteData;
let indexAll: SiteData;

beforeAll(async () => {
  data = dataOf(await buildManifest(site()));
  indexAll = dataOf(await buildManifest(site({ seo: { indexing: 'all' } })));
});

afterAll(removeTempRoots);

const table = (shown: SiteData) =>
  Object.fromEntries(
    Object.keys(shown.pages).map((id) => {
      const summary = shown.pages[id];
      return [id, [inSiteSearch(shown.site, summary), inSitemap(shown.site, summary), robotsNoindex(shown.site, summary)].map(Number).join('')];
    }),
  );

describe('search, sitemap and robots noindex (search|sitemap|noindex)', () => {
  it('follows the service: hidden, unlisted, under a hidden group, noindex, searchable: false', () => {
    expect(table(data)).toEqual({
      intro: '110',
      secret: '001',
      unlisted: '000',
      tucked: '000',
      findable: '110',
      quiet: '001',
      unsearched: '010',
    });
  });

  it('with seo.indexing "all" offers hidden and unlisted pages too, never a noindex page', () => {
    expect(table(indexAll)).toEqual({
      intro: '110',
      secret: '110',
      unlisted: '110',
      tucked: '110',
      findable: '110',
      quiet: '001',
      unsearched: '010',
    });
  });

  it('is what the search dialog asks the index for', () => {
    const scope = searchablePages(data, resolveBranch(data.navigation, pathTo(data.navigation, 'intro')));
    expect(scope.sort()).toEqual(['findable', 'intro']);
  });
});
