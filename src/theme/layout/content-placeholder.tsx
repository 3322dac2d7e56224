// Stand-in for theme-content's exports until src/theme/content and src/theme/api land: deleted then.
import type { ComponentType } from 'react';
import type { Page, Site } from '../../manifest/types.js';
import type { PageContent } from '../../content/types.js';

// Looked up by a name that comes from data: each component has its own props.
export type ComponentMap = Record<string, ComponentType<any>>;

export const builtInComponents: ComponentMap = {};

export function PageBody(props: { page: Page; content: PageContent | null; site: Site; components?: Partial<ComponentMap>; base?: string }) {
  return <div className="page-body" data-placeholder="" data-page={props.page.id} />;
}

export function ApiReference(props: { page: Page; site: Site }) {
  return <div className="api-reference" data-placeholder="" data-page={props.page.id} />;
}

export function iconUrl(library: string, name: string, style?: string): string {
  return `/_docs-build/icons/${library}/${style ? `${style}/` : ''}${name}.svg`;
}
