import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { NavNode } from '../../manifest/types.js';
import type { PageData, SiteData } from '../types.js';
import type { ComponentMap } from '../content/index.js';
import { watchSystemAppearance } from './appearance.js';
import { divisionKey, divisionsOfKey, pathTo, resolveBranch } from './navigation.js';
import { clientRedirectTarget, fragmentId, pageIdFromPath } from './urls.js';
import { Layout } from './Layout.js';

export interface AppProps {
  data: SiteData;
  pageId: string;
  pageData: PageData;
  loadPage: (id: string) => Promise<PageData>;
  components?: Partial<ComponentMap>;
}

interface Shown {
  id: string;
  data: PageData;
  /** Divisions the reader chose: where a page listed in several places is shown. */
  preferred: NavNode[];
  /** `#anchor` to scroll to after the page renders (`''`: the top). */
  hash: string;
  /** Bumped per navigation, so the scroll runs even when the page stays the same. */
  visit: number;
}

/** History entries remember the branch the reader was in. */
interface HistoryState {
  docsBuild: { nav?: string };
}

function isInternalLink(event: MouseEvent, root: HTMLElement | null): HTMLAnchorElement | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || !root?.contains(anchor)) return undefined;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return undefined;
  return anchor.origin === window.location.origin ? anchor : undefined;
}

function scrollToHash(hash: string): void {
  const id = fragmentId(hash);
  const target = id !== '' ? document.getElementById(id) : null;
  if (target) target.scrollIntoView();
  else window.scrollTo(0, 0);
}

/**
 * The theme's root: renders the layout for the page shown and moves between pages without reloading.
 * Links to known pages (navigation, content, search results) load the next page with `loadPage` and push
 * a history entry; back and forward load the entry's page; `#anchor` scrolls once it rendered.
 */
export function App({ data, pageId, pageData, loadPage, components }: AppProps) {
  const [shown, setShown] = useState<Shown>({ id: pageId, data: pageData, preferred: [], hash: '', visit: 0 });
  const root = useRef<HTMLDivElement>(null);
  const latest = useRef(0);
  const current = useRef(shown);
  current.current = shown;

  // The host re-renders with new props on a hot update of the page (or to show another page): taken in
  // this render, not in an effect after it, which rendered and committed the old page once more first.
  const [props, setProps] = useState({ pageId, pageData });
  if (props.pageId !== pageId || props.pageData !== pageData) {
    setProps({ pageId, pageData });
    setShown((s) => (s.id === pageId && s.data === pageData ? s : { ...s, id: pageId, data: pageData }));
  }

  useEffect(() => watchSystemAppearance(data.site), [data.site]);

  const go = useCallback(async (href: string, mode: 'push' | 'pop', nav?: string): Promise<void> => {
    const url = new URL(href, window.location.href);
    const redirected = clientRedirectTarget(data.base, data.clientRedirects, url.href);
    if (redirected !== undefined) return mode === 'push' ? window.location.assign(redirected) : window.location.replace(redirected);
    const id = pageIdFromPath(data.base, data.pages, url.pathname);
    if (id === undefined) return window.location.assign(url.href);
    const visit = ++latest.current;
    const here = current.current;
    const preferred = nav !== undefined ? divisionsOfKey(data.navigation, nav) : resolveBranch(data.navigation, pathTo(data.navigation, here.id, here.preferred)).divisions;
    let next: PageData;
    try {
      next = id === here.id ? here.data : await loadPage(id);
    } catch {
      return window.location.assign(url.href);
    }
    if (visit !== latest.current) return; // a later navigation won
    if (mode === 'push') {
      const state: HistoryState = { docsBuild: { nav: preferred.length > 0 ? divisionKey(data.navigation, preferred[preferred.length - 1]!) : undefined } };
      window.history.pushState(state, '', url.href);
    }
    setShown({ id, data: next, preferred, hash: url.hash, visit });
  }, [data, loadPage]);

  // A redirect whose source has a fragment or query: the server served the page (or the not-found page)
  // at the path alone; the browser alone sees the rest (`SiteData.clientRedirects`).
  useEffect(() => {
    const follow = (): void => {
      const target = clientRedirectTarget(data.base, data.clientRedirects, window.location.href);
      if (target !== undefined) window.location.replace(target);
    };
    follow();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, [data]);

  useEffect(() => {
    const onClick = (event: MouseEvent): void => {
      const anchor = isInternalLink(event, root.current);
      if (!anchor) return;
      const id = pageIdFromPath(data.base, data.pages, anchor.pathname);
      if (id === undefined) return;
      // A link to a section of the page shown is left to the browser (it scrolls and sets the hash).
      if (anchor.hash !== '' && anchor.pathname === window.location.pathname) return;
      event.preventDefault();
      void go(anchor.href, 'push', anchor.dataset['nav']);
    };
    const onPop = (event: PopStateEvent): void => {
      const state = event.state as Partial<HistoryState> | null;
      void go(window.location.href, 'pop', state?.docsBuild?.nav);
    };
    document.addEventListener('click', onClick);
    window.addEventListener('popstate', onPop);
    return () => {
      document.removeEventListener('click', onClick);
      window.removeEventListener('popstate', onPop);
    };
  }, [data, go]);

  useLayoutEffect(() => {
    if (shown.visit === 0) return;
    document.title = `${shown.data.page.title} - ${data.site.name}`;
    scrollToHash(shown.hash);
  }, [shown.visit, shown.hash, shown.data, data.site.name]);

  const navigate = useCallback((href: string) => void go(href, 'push'), [go]);
  return (
    <div ref={root} className="docs-root">
      <Layout data={data} pageId={shown.id} pageData={shown.data} components={components} preferred={shown.preferred} onNavigate={navigate} />
    </div>
  );
}
