import { useRef, type CSSProperties, type ReactNode } from 'react';
import katex from 'katex';
import { Icon } from '../icons.js';
import { useContentEnv, withBase } from '../context.js';
import { copyText } from './copy.js';
import { textOf } from '../text.js';
import { updateShown, useChangelogFilter } from '../changelog.js';

export interface UpdateProps {
  label?: string;
  description?: string;
  tags?: string[];
  /** The anchor the compiler assigned (from the label when not written). */
  id?: string;
  children?: ReactNode;
}

/** A changelog entry: its label is the anchor, its tags are shown beside it; hidden when the reader's tag filter leaves it out. */
export function Update({ label, description, tags, id, children }: UpdateProps): ReactNode {
  const selected = useChangelogFilter();
  return (
    <section className="db-update" id={id} data-testid="update" hidden={!updateShown(tags, selected)}>
      <div className="db-update-meta">
        {label ? (
          <a className="db-update-label" href={id ? `#${id}` : undefined}>
            {label}
          </a>
        ) : null}
        {description ? <p className="db-update-description">{description}</p> : null}
        {tags?.length ? (
          <ul className="db-update-tags">
            {tags.map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="db-update-content">{children}</div>
    </section>
  );
}

export interface BadgeProps {
  color?: string;
  size?: 'xs' | 'sm' | 'md' | 'lg';
  shape?: 'rounded' | 'pill';
  stroke?: boolean;
  disabled?: boolean;
  icon?: string | ReactNode;
  iconType?: string;
  className?: string;
  children?: ReactNode;
}

export function Badge({ color = 'gray', size = 'md', shape = 'rounded', stroke, disabled, icon, iconType, className, children }: BadgeProps): ReactNode {
  const classes = ['db-badge', `db-badge-${color}`, `db-badge-${size}`, `db-badge-${shape}`, stroke ? 'db-badge-stroke' : '', disabled ? 'db-badge-disabled' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <span className={classes} aria-disabled={disabled ? 'true' : undefined}>
      {icon ? <Icon icon={icon} iconType={iconType} size="1em" /> : null}
      {children}
    </span>
  );
}

export interface TooltipProps {
  tip?: string;
  headline?: string;
  cta?: string;
  href?: string;
  children?: ReactNode;
}

/** Shown on hover and keyboard focus by CSS alone; the tip is also in the HTML for screen readers. */
export function Tooltip({ tip, headline, cta, href, children }: TooltipProps): ReactNode {
  const { base } = useContentEnv();
  return (
    <span className="db-tooltip" tabIndex={0}>
      <span className="db-tooltip-trigger">{children}</span>
      <span className="db-tooltip-bubble" role="tooltip">
        {headline ? <strong className="db-tooltip-headline">{headline}</strong> : null}
        {tip ? <span className="db-tooltip-tip">{tip}</span> : null}
        {cta && href ? (
          <a className="db-tooltip-cta" href={withBase(base, href)}>
            {cta}
          </a>
        ) : null}
      </span>
    </span>
  );
}

/** `for="humans"` shows on the page; `for="agents"` goes only to the Markdown twin and llms text. */
export function Visibility(props: { for?: string; children?: ReactNode }): ReactNode {
  return props.for === 'agents' ? null : <>{props.children}</>;
}

/** The compiler inlines snippets; a `<Snippet>` left in the tree (a missing file) shows what it holds. */
export function Snippet({ children }: { children?: ReactNode }): ReactNode {
  return <>{children}</>;
}

/**
 * `<Latex>` as KaTeX markup (rendered on the server, the same on the client), unless `styling.latex` is
 * `false`; a formula KaTeX cannot parse is shown as its source.
 */
export function Latex({ children, display }: { children?: ReactNode; display?: boolean }): ReactNode {
  const { site } = useContentEnv();
  const source = textOf(children).trim();
  if (site?.styling.latex === false) return <code className="db-latex-source">{source}</code>;
  const html = katex.renderToString(source, { throwOnError: false, displayMode: display === true, output: 'htmlAndMathml' });
  return <span className={display ? 'db-latex db-latex-display' : 'db-latex'} dangerouslySetInnerHTML={{ __html: html }} />;
}

export interface ViewProps {
  title?: string;
  icon?: string | ReactNode;
  iconType?: string;
  children?: ReactNode;
}

/** One variant of a page's content (per language); a layout with a view switcher may pick one. */
export function View({ title, icon, iconType, children }: ViewProps): ReactNode {
  return (
    <section className="db-view" data-view={title}>
      {title ? (
        <p className="db-view-title">
          {icon ? <Icon icon={icon} iconType={iconType} size={14} /> : null}
          {title}
        </p>
      ) : null}
      {children}
    </section>
  );
}

export interface PromptProps {
  description?: string;
  icon?: string | ReactNode;
  iconType?: string;
  actions?: string[];
  children?: ReactNode;
}

/** A prompt to copy: the button copies the rendered text of the body. */
export function Prompt({ description, icon, iconType, actions = ['copy'], children }: PromptProps): ReactNode {
  const body = useRef<HTMLDivElement>(null);
  const copy = (): void => {
    void copyText(body.current?.innerText ?? '');
  };
  return (
    <div className="db-prompt">
      <div className="db-prompt-head">
        {icon ? <Icon icon={icon} iconType={iconType} size={16} /> : null}
        <span className="db-prompt-description">{description}</span>
        {actions.includes('copy') ? (
          <button type="button" className="db-prompt-copy" onClick={copy}>
            Copy prompt
          </button>
        ) : null}
      </div>
      <div className="db-prompt-body" ref={body}>
        {children}
      </div>
    </div>
  );
}

export function Color({ variant = 'compact', children }: { variant?: string; children?: ReactNode }): ReactNode {
  return <div className={`db-color db-color-${variant}`}>{children}</div>;
}

export function ColorRow({ title, children }: { title?: string; children?: ReactNode }): ReactNode {
  return (
    <div className="db-color-row">
      {title ? <span className="db-color-row-title">{title}</span> : null}
      {children}
    </div>
  );
}

/** A swatch; `{ light, dark }` values switch with `html.dark`. */
export function ColorItem({ name, value }: { name?: string; value?: string | { light?: string; dark?: string } }): ReactNode {
  const light = typeof value === 'string' ? value : value?.light;
  const dark = typeof value === 'string' ? value : (value?.dark ?? light);
  const style = { '--swatch-light': light, '--swatch-dark': dark } as CSSProperties;
  return (
    <div className="db-color-item">
      <span className="db-color-swatch" style={style} />
      {name ? <span className="db-color-name">{name}</span> : null}
      <code className="db-color-value">{light === dark ? light : `${light} / ${dark}`}</code>
    </div>
  );
}

/** `<GitHub.Repo repo="owner/name">`: a link card (the service's star counts need its API; not fetched). */
export function GitHubRepo({ repo = '', variant = 'inset', className }: { repo?: string; variant?: string; className?: string }): ReactNode {
  const slug = repo.replace(/^https?:\/\/github\.com\//, '').replace(/(?<!\/)\/+$/, '');
  return (
    <a className={['db-github', `db-github-${variant}`, className ?? ''].filter(Boolean).join(' ')} href={`https://github.com/${slug}`} target="_blank" rel="noreferrer">
      <span className="db-github-name">{slug}</span>
    </a>
  );
}
