import type { CSSProperties, ReactNode } from 'react';
import { Icon, iconPathUrl } from '../icons.js';
import { useContentEnv, withBase } from '../context.js';

export interface CardProps {
  title?: string;
  icon?: string | ReactNode;
  iconType?: string;
  color?: string;
  href?: string;
  img?: string;
  horizontal?: boolean;
  cta?: string;
  /** Show the arrow; defaults to shown for links to other sites. */
  arrow?: boolean;
  /** A callout look: `info`, `warning`, `note`, `tip`, `check`, `danger`. */
  type?: string;
  children?: ReactNode;
}

function isExternal(href: string): boolean {
  return /^([a-z][a-z0-9+.-]*:)?\/\//i.test(href) || /^mailto:/i.test(href);
}

export function Card({ title, icon, iconType, color, href, img, horizontal, cta, arrow, type, children }: CardProps): ReactNode {
  const { base } = useContentEnv();
  const classes = ['db-card', horizontal ? 'db-card-horizontal' : '', href ? 'db-card-link' : '', type ? `db-card-${type}` : ''].filter(Boolean).join(' ');
  const showArrow = href !== undefined && (arrow ?? isExternal(href));
  const body = (
    <>
      {img ? <img className="db-card-image" src={iconPathUrl(base, img)} alt="" /> : null}
      <div className="db-card-body">
        {icon ? (
          <span className="db-card-icon">
            <Icon icon={icon} iconType={iconType} color={color} size={20} />
          </span>
        ) : null}
        <div className="db-card-text">
          {title ? <p className="db-card-title">{title}</p> : null}
          {children ? <div className="db-card-content">{children}</div> : null}
          {cta ? <span className="db-card-cta">{cta}</span> : null}
        </div>
        {showArrow ? <span className="db-card-arrow" aria-hidden="true">↗</span> : null}
      </div>
    </>
  );
  if (!href) return <div className={classes}>{body}</div>;
  const external = isExternal(href);
  // The whole card is the link, and its content may hold links of its own (firecrawl-docs' cards do). An
  // <a> inside an <a> is no HTML: the browser's parser ends the outer one, and the page fails to
  // hydrate. So the card's link is a cover beneath the content's own links (styles: `.db-card-cover`).
  return (
    <div className={classes}>
      <a className="db-card-cover" href={withBase(base, href)} aria-label={title ?? cta ?? href} {...(external ? { target: '_blank', rel: 'noreferrer' } : {})} />
      {body}
    </div>
  );
}

export interface ColumnsProps {
  cols?: number | string;
  children?: ReactNode;
}

/** CardGroup and Columns: a grid of `cols` columns (1 to 4) that folds to one on narrow screens. */
export function Columns({ cols = 2, children }: ColumnsProps): ReactNode {
  const count = Math.min(4, Math.max(1, Math.round(Number(cols)) || 2));
  return (
    <div className="db-columns" style={{ '--cols': count } as CSSProperties} data-cols={count}>
      {children}
    </div>
  );
}

export const CardGroup = Columns;

export function Column({ children }: { children?: ReactNode }): ReactNode {
  return <div className="db-column">{children}</div>;
}

export interface FrameProps {
  caption?: string | ReactNode;
  hint?: string;
  children?: ReactNode;
}

export function Frame({ caption, hint, children }: FrameProps): ReactNode {
  return (
    <figure className="db-frame">
      {hint ? <p className="db-frame-hint">{hint}</p> : null}
      <div className="db-frame-content">{children}</div>
      {caption ? <figcaption>{caption}</figcaption> : null}
    </figure>
  );
}

/** Content for the page's side column; the layout may lift it there, else it shows in place. */
export function Panel({ children }: { children?: ReactNode }): ReactNode {
  return <aside className="db-panel">{children}</aside>;
}

export interface TileProps {
  href?: string;
  title?: string;
  description?: string;
  children?: ReactNode;
}

export function Tile({ href, title, description, children }: TileProps): ReactNode {
  const { base } = useContentEnv();
  const inner = (
    <>
      <div className="db-tile-preview">{children}</div>
      {title ? <p className="db-tile-title">{title}</p> : null}
      {description ? <p className="db-tile-description">{description}</p> : null}
    </>
  );
  return href ? <a className="db-tile" href={withBase(base, href)}>{inner}</a> : <div className="db-tile">{inner}</div>;
}
