import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { Icon } from '../icons.js';
import { elementChildren } from './groups.js';

/**
 * A boolean prop as authors write it: `defaultOpen`, `defaultOpen={true}`, and the string
 * `defaultOpen="true"` (31 files of the corpora, upstash-docs and mintlify-docs' translations), which
 * the service's components, reading the prop for its truth, open as well. `"false"` stays closed.
 */
export function flagSet(value: unknown): boolean {
  return value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');
}

/*
 * Accordion, Expandable and the Tree's folders are <details>: they open and close without JavaScript
 * and before hydration, and the browser opens them for find-in-page and for a link to an id inside.
 */

export interface AccordionProps {
  title?: string | ReactNode;
  description?: string;
  defaultOpen?: boolean | string;
  icon?: string | ReactNode;
  iconType?: string;
  /** The anchor (the compiler assigns it from the title when not written). */
  id?: string;
  children?: ReactNode;
}

export function Accordion({ title, description, defaultOpen, icon, iconType, id, children }: AccordionProps): ReactNode {
  return (
    <details className="db-accordion" id={id} open={flagSet(defaultOpen)}>
      <summary>
        <span className="db-accordion-chevron" aria-hidden="true" />
        {icon ? <Icon icon={icon} iconType={iconType} size={16} /> : null}
        <span className="db-accordion-heading">
          <span className="db-accordion-title">{title}</span>
          {description ? <span className="db-accordion-description">{description}</span> : null}
        </span>
      </summary>
      <div className="db-accordion-content">{children}</div>
    </details>
  );
}

export function AccordionGroup({ children }: { children?: ReactNode }): ReactNode {
  return <div className="db-accordion-group">{children}</div>;
}

export interface ExpandableProps {
  title?: string;
  defaultOpen?: boolean | string;
  children?: ReactNode;
}

export function Expandable({ title, defaultOpen, children }: ExpandableProps): ReactNode {
  return (
    <details className="db-expandable" open={flagSet(defaultOpen)}>
      <summary>{title ? `Show ${title}` : 'Show properties'}</summary>
      <div className="db-expandable-content">{children}</div>
    </details>
  );
}

export interface StepsProps {
  titleSize?: string;
  children?: ReactNode;
}

/** Numbers its Step children in order (a Step's own `stepNumber` wins). */
export function Steps({ titleSize, children }: StepsProps): ReactNode {
  return (
    <div className="db-steps" role="list">
      {elementChildren(children).map((child, index) => {
        // Numbers go to Step components only: a DOM element would print stepNumber as an attribute.
        if (typeof child.type === 'string') return child;
        const props = child.props as StepProps;
        const numbered: Partial<StepProps> & { key: number } = { key: index, stepNumber: props.stepNumber ?? index + 1, titleSize: props.titleSize ?? titleSize };
        return cloneElement(child as ReactElement<StepProps>, numbered);
      })}
    </div>
  );
}

export interface StepProps {
  title?: string | ReactNode;
  stepNumber?: number;
  titleSize?: string;
  icon?: string | ReactNode;
  iconType?: string;
  id?: string;
  children?: ReactNode;
}

const headingTags = new Set(['h2', 'h3', 'h4', 'h5', 'h6']);

export function Step({ title, stepNumber, titleSize, icon, iconType, id, children }: StepProps): ReactNode {
  const Title = titleSize && headingTags.has(titleSize) ? (titleSize as 'h2') : 'p';
  return (
    <div className="db-step" role="listitem" id={id}>
      <span className="db-step-marker" aria-hidden={icon ? 'true' : undefined}>
        {icon ? <Icon icon={icon} iconType={iconType} size={14} /> : stepNumber}
      </span>
      <div className="db-step-body">
        {title ? <Title className="db-step-title">{title}</Title> : null}
        <div className="db-step-content">{children}</div>
      </div>
    </div>
  );
}

export interface TreeFolderProps {
  name?: string;
  defaultOpen?: boolean | string;
  openable?: boolean;
  highlight?: boolean;
  children?: ReactNode;
}

/**
 * `<Tree>` / `<FileTree>`: Tree.Folder and Tree.File children, or a Markdown list (folders end with `/`).
 * No ARIA tree roles: those promise arrow-key navigation; folders are native disclosures instead.
 */
export function Tree({ children }: { children?: ReactNode }): ReactNode {
  return <div className="db-tree">{children}</div>;
}

export function TreeFolder({ name, defaultOpen, openable = true, highlight, children }: TreeFolderProps): ReactNode {
  const classes = highlight ? 'db-tree-folder db-tree-highlight' : 'db-tree-folder';
  if (!openable) {
    return (
      <div className={classes}>
        <span className="db-tree-label db-tree-label-folder">{name}</span>
        <div className="db-tree-children">{children}</div>
      </div>
    );
  }
  return (
    <details className={classes} open={flagSet(defaultOpen)}>
      <summary className="db-tree-label db-tree-label-folder">{name}</summary>
      <div className="db-tree-children">{children}</div>
    </details>
  );
}

export function TreeFile({ name, highlight }: { name?: string; highlight?: boolean }): ReactNode {
  return (
    <div className={highlight ? 'db-tree-file db-tree-highlight' : 'db-tree-file'}>
      <span className="db-tree-label db-tree-label-file">{name}</span>
    </div>
  );
}
