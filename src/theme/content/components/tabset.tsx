import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Icon } from '../icons.js';
import { fragmentId } from '../../layout/urls.js';

export interface TabItem {
  label: string;
  content: ReactNode;
  icon?: string;
  iconType?: string;
}

export interface TabSetProps {
  items: TabItem[];
  className: string;
  defaultIndex?: number;
  /** A select instead of a row of buttons (CodeGroup `dropdown`). */
  dropdown?: boolean;
  /** Shown before the tabs (RequestExample's label). */
  caption?: ReactNode;
  testId?: string;
}

/**
 * Tabs that render every panel (hidden but present, so search engines and a reader without JavaScript
 * still get all of them in the HTML) and switch after hydration.
 */
export function TabSet({ items, className, defaultIndex = 0, dropdown, caption, testId }: TabSetProps): ReactNode {
  const [active, setActive] = useState(Math.min(Math.max(0, defaultIndex), Math.max(0, items.length - 1)));
  const id = useId();
  const container = useRef<HTMLDivElement>(null);
  // A link to an anchor inside a panel (a Tab's own id, a heading in it) shows that panel, then the anchor.
  useEffect(() => {
    const showTarget = (): void => {
      const id = fragmentId(window.location.hash);
      const target = id === '' ? null : document.getElementById(id);
      if (!target || !container.current) return;
      // Its own panels only (a panel may hold tabs of its own, which show theirs).
      const panels = [...container.current.children].filter((child) => child.getAttribute('role') === 'tabpanel');
      const index = panels.findIndex((panel) => panel.contains(target));
      if (index < 0) return;
      setActive(index);
      requestAnimationFrame(() => target.scrollIntoView());
    };
    showTarget();
    window.addEventListener('hashchange', showTarget);
    return () => window.removeEventListener('hashchange', showTarget);
  }, []);
  if (items.length === 0) return null;
  return (
    <div className={className} data-testid={testId} ref={container}>
      <div className="db-tabs-bar" role={dropdown ? undefined : 'tablist'}>
        {caption}
        {dropdown ? (
          <select className="db-tabs-select" value={active} onChange={(event) => setActive(Number(event.target.value))} aria-label="Choose">
            {items.map((item, index) => (
              <option key={index} value={index}>
                {item.label}
              </option>
            ))}
          </select>
        ) : (
          items.map((item, index) => (
            <button
              key={index}
              type="button"
              role="tab"
              id={`${id}-tab-${index}`}
              aria-selected={index === active}
              aria-controls={`${id}-panel-${index}`}
              className={index === active ? 'db-tab db-tab-active' : 'db-tab'}
              onClick={() => setActive(index)}
            >
              {item.icon ? <Icon icon={item.icon} iconType={item.iconType} size={14} /> : null}
              {item.label}
            </button>
          ))
        )}
      </div>
      {items.map((item, index) => (
        <div
          key={index}
          role="tabpanel"
          id={`${id}-panel-${index}`}
          aria-labelledby={dropdown ? undefined : `${id}-tab-${index}`}
          className="db-tab-panel"
          hidden={index !== active}
        >
          {item.content}
        </div>
      ))}
    </div>
  );
}
