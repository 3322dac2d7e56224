import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import type { NavNode } from '../../manifest/types.js';
import type { PageData, SiteData } from '../types.js';
import { PageBody, type ComponentMap } from '../content/index.js';
import { ChangelogFilterContext, changelogTags } from '../content/changelog.js';
import { ChangelogFilters, useTagSelection } from './ChangelogFilters.js';
import { SearchDialog } from '../search/SearchDialog.js';
import { eyebrowOf, neighbours, pageOrder, pathTo, resolveBranch } from './navigation.js';
import { catalogFontLinks, fontFaceCss, siteStyle } from './style.js';
import { pageModeOf } from './settings.js';
import { Banner } from './Banner.js';
import { Diagnostics } from './Diagnostics.js';
import { Footer } from './Footer.js';
import { Header } from './Header.js';
import { PageHeader } from './PageHeader.js';
import { PrevNext } from './PrevNext.js';
import { Sidebar } from './Sidebar.js';
import { Tabs } from './Tabs.js';
import { Toc } from './Toc.js';

export interface LayoutProps {
  data: SiteData;
  pageId: string;
  pageData: PageData;
  components?: Partial<ComponentMap>;
  /** Divisions the reader chose (a tab link): where a page listed in several places is shown. */
  preferred?: NavNode[];
  /** Client-side navigation to an URL (search results use it). */
  onNavigate?: (href: string) => void;
}

function FontStyles({ data }: { data: SiteData }) {
  const faces = fontFaceCss(data.site, data.base);
  return (
    <>
      {catalogFontLinks(data.site).map((href) => <link key={href} rel="stylesheet" href={href} data-testid="font-link" />)}
      {faces !== '' && <style data-testid="font-faces" dangerouslySetInnerHTML={{ __html: faces }} />}
    </>
  );
}

/** Ctrl/Cmd+K or `/` (outside a text field) opens search. */
function useSearchShortcut(open: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      const target = event.target as HTMLElement | null;
      const typing = !!target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
      if (((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') || (event.key === '/' && !typing)) {
        event.preventDefault();
        open();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
}

/** The narrow screen's drawer closes when the page or its fragment changes (a link in it was followed) and on Escape. */
function useDrawerClosing(open: boolean, setOpen: (open: boolean) => void, pageId: string): void {
  useEffect(() => setOpen(false), [pageId, setOpen]);
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') setOpen(false);
    };
    // A link in the drawer to a section of the page shown changes the fragment, not the page.
    const onHash = (): void => setOpen(false);
    window.addEventListener('keydown', onKey);
    window.addEventListener('hashchange', onHash);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('hashchange', onHash);
    };
  }, [open, setOpen]);
}

// What shows the site data and the branch alone is not rendered again when only the page changes (a
// preview edit re-renders the page in place; the sidebar of a large site is hundreds of links).
const SiteFonts = memo(FontStyles);
const SiteBanner = memo(Banner);
const SiteHeader = memo(Header);
const SiteTabs = memo(Tabs);
const SiteSidebar = memo(Sidebar);
const SiteFooter = memo(Footer);

function navigateByLocation(href: string): void {
  window.location.assign(href);
}

export function Layout({ data, pageId, pageData, components, preferred, onNavigate = navigateByLocation }: LayoutProps) {
  const [searchOpen, setSearchOpen] = useState(false);
  const openSearch = useCallback(() => setSearchOpen(true), []);
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleMenu = useCallback(() => setMenuOpen((open) => !open), []);
  useDrawerClosing(menuOpen, setMenuOpen, pageId);
  useSearchShortcut(openSearch);
  const { site } = data;
  const page = pageData.page;
  const path = useMemo(() => pathTo(data.navigation, pageId, preferred), [data.navigation, pageId, preferred]);
  const branch = useMemo(() => resolveBranch(data.navigation, path), [data.navigation, path]);
  const { prev, next } = useMemo(() => neighbours(pageOrder(branch.items, data.pages), pageId), [branch, data.pages, pageId]);
  const tags = useMemo(() => changelogTags(pageData.content?.tree.children ?? []), [pageData.content]);
  const mode = pageModeOf(page.frontmatter);
  const withSidebar = mode === 'default' || mode === 'wide' || mode === 'frame';
  const withToc = mode === 'default';
  // custom and frame pages are a canvas of their own: no title, previous/next or footer.
  const bare = mode === 'custom' || mode === 'frame';
  const [selectedTags, selectTags] = useTagSelection(pageId, tags);
  return (
    <div
      className="docs-app"
      data-testid="site"
      data-theme={site.theme}
      data-decoration={site.background.decoration}
      data-page={pageId}
      data-menu={menuOpen ? 'open' : undefined}
      data-mode={mode}
      style={siteStyle(site, data.base)}
    >
      <SiteFonts data={data} />
      <SiteBanner data={data} branch={branch} />
      <SiteHeader data={data} branch={branch} onSearch={openSearch} menuOpen={menuOpen} onMenu={toggleMenu} />
      <SiteTabs data={data} branch={branch} />
      <div className="docs-body">
        {withSidebar && <SiteSidebar data={data} branch={branch} current={pageId} />}
        <main className="docs-main" data-testid="page" data-kind={page.kind}>
          <Diagnostics diagnostics={pageData.diagnostics} />
          <article className="docs-article">
            {!bare && <PageHeader page={page} eyebrow={eyebrowOf(path, site.styling.eyebrows)} />}
            <ChangelogFilterContext.Provider value={selectedTags}>
              <PageBody key={page.id} page={page} content={pageData.content} site={site} components={components} base={data.base} schemas={pageData.schemas} />
            </ChangelogFilterContext.Provider>
          </article>
          {!bare && <PrevNext data={data} prev={prev} next={next} />}
          {!bare && <SiteFooter data={data} branch={branch} />}
        </main>
        {withToc && (tags.length > 0 ? <ChangelogFilters tags={tags} selected={selectedTags} onChange={selectTags} /> : <Toc page={page} />)}
      </div>
      {searchOpen && <SearchDialog data={data} branch={branch} onClose={() => setSearchOpen(false)} onNavigate={onNavigate} />}
    </div>
  );
}
