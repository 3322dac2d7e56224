import type { SiteData } from '../types.js';
import { divisionKey, type Branch } from './navigation.js';
import { Icon } from './Icon.js';
import { divisionHref } from './Switcher.js';

/** The tab bar under the header; the tab holding the current page is marked current. */
export function Tabs({ data, branch }: { data: SiteData; branch: Branch }) {
  const tabs = branch.switchers.find((s) => s.kind === 'tab');
  if (!tabs) return null;
  return (
    <nav className="tabs" data-testid="tabs" aria-label="Sections">
      {tabs.options.map((tab, index) => (
        <a
          key={`${index}:${tab.label}`}
          className="tab-link"
          data-testid="tab-link"
          href={divisionHref(data, tab)}
          data-nav={divisionKey(data.navigation, tab)}
          aria-current={tab === tabs.selected ? 'true' : undefined}
        >
          {tab.icon !== undefined && <Icon icon={tab.icon} site={data.site} base={data.base} />}
          {tab.label}
        </a>
      ))}
    </nav>
  );
}
