import { createElement, Fragment, type ReactNode } from 'react';
import type { PageContent } from '../../content/types.js';
import type { Page, SchemaEntry, Site } from '../../manifest/types.js';
import { ApiReference, SchemaReference } from '../api/index.js';
import { ContentContext, type ComponentMap } from './context.js';
import { environment, renderNodes, withChildren } from './render.js';

export interface PageBodyProps {
  page: Page;
  content: PageContent | null;
  site: Site;
  components?: Partial<ComponentMap>;
  preview?: boolean;
  base?: string;
  /** `PageData.schemas`: what an API page's bodies or an `openapi-schema:` page's schema are made of. */
  schemas?: Record<string, SchemaEntry> | undefined;
}

/**
 * A page's body: its content, and for an API page the reference around it (method, URL, auth and the
 * playground above the prose; parameters, body and responses of an operation below it), and for an
 * `openapi-schema:` page its schema's fields after it.
 */
export function PageBody({ page, content, site, components, preview, base, schemas }: PageBodyProps): ReactNode {
  const env = environment({ site, page, components, preview, base });
  const body = withChildren(Fragment, null, content ? renderNodes(content.tree.children, env, false) : []);
  const inner = page.api ? (
    <ApiReference page={page} site={site} schemas={schemas}>
      {body}
    </ApiReference>
  ) : page.schema ? (
    <>
      {body}
      <SchemaReference page={page} schemas={schemas} />
    </>
  ) : (
    body
  );
  return createElement(ContentContext.Provider, { value: env }, <div className="db-content">{inner}</div>);
}
