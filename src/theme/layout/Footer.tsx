import type { SiteData } from '../types.js';
import type { Branch } from './navigation.js';
import { footerOf } from './settings.js';
import { Icon } from './Icon.js';
import { linkHref } from './urls.js';

/** docs.json's social keys that are not Font Awesome brand names. */
const socialIcons: Record<string, { name: string; style?: string }> = {
  website: { name: 'earth-americas' },
  'earth-americas': { name: 'earth-americas' },
  podcast: { name: 'podcast' },
  twitter: { name: 'x-twitter', style: 'brands' },
  x: { name: 'x-twitter', style: 'brands' },
};

function socialIcon(platform: string): { name: string; style?: string; library: string } {
  return { library: 'fontawesome', ...(socialIcons[platform] ?? { name: platform, style: 'brands' }) };
}

export function Footer({ data, branch }: { data: SiteData; branch: Branch }) {
  const footer = footerOf(data.site, branch.divisions);
  return (
    <footer className="site-footer" data-testid="footer">
      {footer.columns.length > 0 && (
        <div className="footer-columns">
          {footer.columns.map((column, index) => (
            <div className="footer-column" key={index}>
              {column.header && <p className="footer-header">{column.header}</p>}
              <ul role="list">
                {column.items.map((item, at) => (
                  <li key={at}><a data-testid="footer-link" href={linkHref(data.base, item.href)}>{item.label}</a></li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
      {footer.socials.length > 0 && (
        <ul role="list" className="footer-socials">
          {footer.socials.map(({ platform, href }) => (
            <li key={platform}>
              <a data-testid="footer-social" data-platform={platform} href={href} aria-label={platform} rel="noreferrer">
                <Icon icon={socialIcon(platform)} site={data.site} base={data.base} />
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className="footer-name">{data.site.name}</p>
    </footer>
  );
}
