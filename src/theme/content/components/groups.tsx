import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { TabSet, type TabItem } from './tabset.js';

interface ChildProps {
  title?: string;
  lang?: string;
  meta?: { title?: string; icon?: string };
  icon?: string;
  iconType?: string;
  children?: ReactNode;
}

/** The elements among children (whitespace text between JSX children is dropped). */
export function elementChildren(children: ReactNode): Array<ReactElement<ChildProps>> {
  return Children.toArray(children).filter((child): child is ReactElement<ChildProps> => isValidElement(child));
}

/** A code block's tab label: its meta title, else its language, else its position. */
function codeTab(child: ReactElement<ChildProps>, index: number): TabItem {
  const props = child.props;
  const label = props.meta?.title ?? props.title ?? (props.lang ? props.lang : `Tab ${index + 1}`);
  const icon = props.meta?.icon ?? props.icon;
  // Only a component takes the group's props: a DOM element would print them as unknown attributes.
  const content = typeof child.type === 'string' ? child : cloneElement(child, { inGroup: true } as Partial<ChildProps>);
  return { label, ...(icon ? { icon } : {}), content };
}

export interface CodeGroupProps {
  children?: ReactNode;
  dropdown?: boolean;
  /** The panel title of RequestExample / ResponseExample. */
  title?: string;
}

/** Code blocks as tabs titled by their meta (` ```python Example `). */
export function CodeGroup({ children, dropdown }: CodeGroupProps): ReactNode {
  return <TabSet className="db-code-group" items={elementChildren(children).map(codeTab)} dropdown={dropdown === true} />;
}

export function RequestExample({ children, dropdown, title }: CodeGroupProps): ReactNode {
  return (
    <TabSet
      className="db-code-group db-example db-request-example"
      items={elementChildren(children).map(codeTab)}
      dropdown={dropdown === true}
      caption={<span className="db-example-caption">{title ?? 'Request'}</span>}
    />
  );
}

export function ResponseExample({ children, dropdown, title }: CodeGroupProps): ReactNode {
  return (
    <TabSet
      className="db-code-group db-example db-response-example"
      items={elementChildren(children).map(codeTab)}
      dropdown={dropdown === true}
      caption={<span className="db-example-caption">{title ?? 'Response'}</span>}
    />
  );
}

export interface TabsProps {
  children?: ReactNode;
  defaultTabIndex?: number;
  borderBottom?: boolean;
  /** `sync={false}`: a choice here leaves the page's other tabs alone. */
  sync?: boolean | string;
}

export function Tabs({ children, defaultTabIndex, borderBottom, sync }: TabsProps): ReactNode {
  const items = elementChildren(children).map((child, index): TabItem => ({
    label: child.props.title ?? `Tab ${index + 1}`,
    ...(child.props.icon ? { icon: child.props.icon } : {}),
    ...(child.props.iconType ? { iconType: child.props.iconType } : {}),
    content: child,
  }));
  return <TabSet className={borderBottom ? 'db-tabs db-tabs-border' : 'db-tabs'} items={items} defaultIndex={defaultTabIndex ?? 0} sync={sync !== false && sync !== 'false'} />;
}

export interface TabProps {
  title?: string;
  id?: string;
  icon?: string;
  iconType?: string;
  children?: ReactNode;
}

/** One panel of Tabs; Tabs reads its title and icon. */
export function Tab({ children, id }: TabProps): ReactNode {
  return (
    <div className="db-tab-content" id={id}>
      {children}
    </div>
  );
}
