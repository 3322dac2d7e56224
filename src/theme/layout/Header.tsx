import type { SiteData } from '../types.js';
import { firstListedPage, homePage, type Branch } from './navigation.js';
import { navbarOf, type LinkSetting } from './settings.js';
import { Icon } from './Icon.js';
import { Switcher } from './Switcher.js';
import { ThemeToggle } from './ThemeToggle.js';
import { assetUrl, linkHref, pageHref } from './urls.js';
import { SearchButton } from '../search/SearchButton.js';

function Logo({ data, branch }: { data: SiteData; branch: Branch }) {
  const { site, base } = data;
  const home = branch.divisions.find((node) => node.kind === 'language');
  const href = site.logo?.href ?? pageHref(base, (home && firstListedPage(home.children, data.pages)) ?? homePage(data.navigation, data.pages) ?? 'index');
  return (
    <a className="site-logo" data-testid="logo" href={href}>
      {/* The images are decoration: the link's name is the site's name beside them (hidden when there is a logo). */}
      {site.logo && (
        <>
          <img className="logo-light" data-testid="logo-light" src={assetUrl(base, site.logo.light)} alt="" />
          <img className="logo-dark" data-testid="logo-dark" src={assetUrl(base, site.logo.dark)} alt="" />
        </>
      )}
      <span className={site.logo ? 'site-name visually-hidden' : 'site-name'} data-testid="site-name">{site.name}</span>
    </a>
  );
}

function NavbarLink({ data, link, primary }: { data: SiteData; link: LinkSetting; primary?: boolean }) {
  return (
    <a
      className={primary ? 'navbar-primary' : 'navbar-link'}
      data-testid={primary ? 'navbar-primary' : 'navbar-link'}
      data-type={link.type}
      href={linkHref(data.base, link.href)}
    >
      {link.icon !== undefined && <Icon icon={link.icon} site={data.site} base={data.base} />}
      {link.label}
    </a>
  );
}

export function Header({ data, branch, onSearch, menuOpen, onMenu }: { data: SiteData; branch: Branch; onSearch: () => void; menuOpen: boolean; onMenu: () => void }) {
  const navbar = navbarOf(data.site, branch.divisions);
  const headerSwitchers = branch.switchers.filter((s) => s.kind === 'language' || s.kind === 'version');
  return (
    <header className="site-header" data-testid="header">
      {/* Shown on narrow screens only, where the sidebar (and the navbar's links, repeated in it) is a drawer. */}
      <button type="button" className="menu-button" data-testid="menu-button" aria-expanded={menuOpen} aria-controls="docs-sidebar" aria-label="Menu" onClick={onMenu}>
        <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span>
      </button>
      <Logo data={data} branch={branch} />
      {headerSwitchers.map((switcher, index) => <Switcher key={`${switcher.kind}${index}`} data={data} switcher={switcher} />)}
      <SearchButton data={data} onOpen={onSearch} />
      <nav className="navbar" data-testid="navbar" aria-label="Site">
        {navbar.links.map((link, index) => <NavbarLink key={index} data={data} link={link} />)}
        {navbar.primary && <NavbarLink data={data} link={navbar.primary} primary />}
      </nav>
      {!data.site.appearance.strict && <ThemeToggle />}
    </header>
  );
}
