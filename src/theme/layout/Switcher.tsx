import { useEffect, useRef } from 'react';
import type { NavNode } from '../../manifest/types.js';
import type { SiteData } from '../types.js';
import { divisionKey, divisionTarget, type Switcher as SwitcherModel } from './navigation.js';
import { Icon } from './Icon.js';
import { linkHref, pageHref } from './urls.js';

/** Where a division's link goes: its first listed page, else its external href. */
export function divisionHref(data: SiteData, node: NavNode): string | undefined {
  const target = divisionTarget(node, data.pages);
  if (target.page !== undefined) return pageHref(data.base, target.page);
  return target.href !== undefined ? linkHref(data.base, target.href) : undefined;
}

/**
 * Versions, languages, products, dropdowns and menus: a disclosure listing the choices (plain links, so it
 * works before hydration and without JavaScript).
 */
export function Switcher({ data, switcher }: { data: SiteData; switcher: SwitcherModel }) {
  const current = switcher.selected ?? switcher.options[0];
  const disclosure = useDismissible();
  return (
    <details ref={disclosure} className={`switcher switcher-${switcher.kind}`} data-testid={`switcher-${switcher.kind}`}>
      <summary data-testid="switcher-current">
        {current?.icon !== undefined && <Icon icon={current.icon} site={data.site} base={data.base} />}
        {current?.label}
      </summary>
      {/* A choice closes the list: a client-side navigation keeps the switcher, open, on the next page. */}
      <ul role="list" onClick={() => disclosure.current?.removeAttribute('open')}>
        {switcher.options.map((node, index) => {
          const href = divisionHref(data, node);
          return (
            <li key={`${index}:${node.label}`}>
              <a data-testid="switcher-option" href={href} data-nav={divisionKey(data.navigation, node)} aria-current={node === switcher.selected ? 'true' : undefined}>
                {node.icon !== undefined && <Icon icon={node.icon} site={data.site} base={data.base} />}
                {node.label}
              </a>
            </li>
          );
        })}
      </ul>
    </details>
  );
}

/** A `<details>` menu that closes on Escape (focus back on its summary) and on a click outside it. */
function useDismissible() {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const onPointer = (event: PointerEvent): void => {
      const details = ref.current;
      if (details?.open && !details.contains(event.target as Node)) details.open = false;
    };
    const onKey = (event: KeyboardEvent): void => {
      const details = ref.current;
      if (event.key !== 'Escape' || !details?.open) return;
      details.open = false;
      details.querySelector('summary')?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, []);
  return ref;
}
