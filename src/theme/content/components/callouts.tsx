import type { CSSProperties, ReactNode } from 'react';
import { Icon } from '../icons.js';

export type CalloutKind = 'note' | 'warning' | 'info' | 'tip' | 'check' | 'danger' | 'custom';

/** Small inline glyphs so the callouts need no icon files. */
const glyphs: Record<Exclude<CalloutKind, 'custom'>, ReactNode> = {
  note: <><circle cx="12" cy="12" r="9" /><path d="M12 8h.01M11 12h1v4h1" /></>,
  info: <><circle cx="12" cy="12" r="9" /><path d="M12 8h.01M11 12h1v4h1" /></>,
  warning: <><path d="M12 3 2 20h20L12 3z" /><path d="M12 10v4M12 17h.01" /></>,
  danger: <><path d="M8 3h8l5 5v8l-5 5H8l-5-5V8z" /><path d="M12 8v5M12 16h.01" /></>,
  tip: <><path d="M9 18h6M10 21h4" /><path d="M12 3a6 6 0 0 0-4 10.5c.7.7 1 1.5 1 2.5h6c0-1 .3-1.8 1-2.5A6 6 0 0 0 12 3z" /></>,
  check: <><circle cx="12" cy="12" r="9" /><path d="m8 12 3 3 5-6" /></>,
};

export interface CalloutProps {
  children?: ReactNode;
  /** Callout only: an icon name, URL or inline SVG slot. */
  icon?: string | ReactNode;
  iconType?: string;
  /** Callout only: the accent color. */
  color?: string;
  title?: string;
}

function CalloutBox({ kind, children, icon, iconType, color, title }: CalloutProps & { kind: CalloutKind }): ReactNode {
  const style = color ? ({ '--callout-color': color } as CSSProperties) : undefined;
  const glyph = kind === 'custom' ? null : glyphs[kind];
  return (
    <div className={`db-callout db-callout-${kind}`} style={style} data-callout={kind} role={kind === 'warning' || kind === 'danger' ? 'alert' : 'note'}>
      <span className="db-callout-icon">
        {icon ? (
          <Icon icon={icon} iconType={iconType} size={16} />
        ) : glyph ? (
          <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
            {glyph}
          </svg>
        ) : null}
      </span>
      <div className="db-callout-body">
        {title ? <p className="db-callout-title">{title}</p> : null}
        {children}
      </div>
    </div>
  );
}

export const Note = (props: CalloutProps): ReactNode => <CalloutBox kind="note" {...props} />;
export const Warning = (props: CalloutProps): ReactNode => <CalloutBox kind="warning" {...props} />;
export const Info = (props: CalloutProps): ReactNode => <CalloutBox kind="info" {...props} />;
export const Tip = (props: CalloutProps): ReactNode => <CalloutBox kind="tip" {...props} />;
export const Check = (props: CalloutProps): ReactNode => <CalloutBox kind="check" {...props} />;
export const Danger = (props: CalloutProps): ReactNode => <CalloutBox kind="danger" {...props} />;
/** `<Callout icon="..." color="#...">`: a callout of the author's choosing. */
export const Callout = (props: CalloutProps): ReactNode => <CalloutBox kind="custom" {...props} />;
