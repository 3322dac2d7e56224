import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
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
  /** Whether a choice here switches the page's other tab sets to the same title, and theirs this one (default true). */
  sync?: boolean;
}

/** The event a reader's choice of a tab sends to the page's other tab sets (the service's `sync`). */
const tabChosenEvent = 'docs-build:tab-chosen';

interface TabChosen {
  label: string;
  from: string;
}

/**
 * Tabs that render every panel (hidden but present, so search engines and a reader without JavaScript
 * still get all of them in the HTML) and switch after hydration.
 */
export function TabSet({ items, className, defaultIndex = 0, dropdown, caption, testId, sync = true }: TabSetProps): ReactNode {
  const [active, setActive] = useState(Math.min(Math.max(0, defaultIndex), Math.max(0, items.length - 1)));
  const id = useId();
  const container = useRef<HTMLDivElement>(null);
  const labels = items.map((item) => item.label);
  const labelsKey = labels.join('\n');
  // Tabs and code groups with the same titles stay in step: a reader who picked Python sees Python everywhere.
  useEffect(() => {
    if (!sync) return undefined;
    const onChosen = (event: Event): void => {
      const chosen = (event as CustomEvent<TabChosen>).detail;
      const index = labels.indexOf(chosen.label);
      if (chosen.from !== id && index >= 0) setActive(index);
    };
    window.addEventListener(tabChosenEvent, onChosen);
    return () => window.removeEventListener(tabChosenEvent, onChosen);
    // The labels are compared by value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sync, id, labelsKey]);
  const choose = (index: number): void => {
    setActive(index);
    const label = labels[index];
    if (sync && label !== undefined) window.dispatchEvent(new CustomEvent<TabChosen>(tabChosenEvent, { detail: { label, from: id } }));
  };
  // The tab bar as the ARIA tabs pattern has it: arrow keys, Home and End move to a tab and show it.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const moves: Record<string, (index: number) => number> = {
      ArrowRight: (index) => (index + 1) % items.length,
      ArrowLeft: (index) => (index - 1 + items.length) % items.length,
      Home: () => 0,
      End: () => items.length - 1,
    };
    const move = moves[event.key];
    if (!move || dropdown) return;
    event.preventDefault();
    const next = move(active);
    choose(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  };
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
      <div className="db-tabs-bar" role={dropdown ? undefined : 'tablist'} onKeyDown={onKeyDown}>
        {caption}
        {dropdown ? (
          <select className="db-tabs-select" value={active} onChange={(event) => choose(Number(event.target.value))} aria-label="Choose">
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
              tabIndex={index === active ? 0 : -1}
              className={index === active ? 'db-tab db-tab-active' : 'db-tab'}
              onClick={() => choose(index)}
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
