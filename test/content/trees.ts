import type { ContentCode, ContentComponent, ContentElement, ContentNode, ContentRoot, ContentText } from '../../src/content/types.js';
import type { JsonValue } from '../../src/diagnostics/index.js';

/** Hand-built content trees for the text projection tests. */
export const t = (value: string): ContentText => ({ type: 'text', value });
export const el = (tagName: string, children: ContentNode[] = [], properties: ContentElement['properties'] = {}): ContentElement => ({ type: 'element', tagName, properties, children });
export const comp = (name: string, props: Record<string, JsonValue> = {}, children: ContentNode[] = [], extra: Partial<ContentComponent> = {}): ContentComponent => ({ type: 'component', name, props, children, ...extra });
export const code = (lang: string, value: string, title?: string): ContentCode => ({ type: 'code', lang, meta: title ? { title } : {}, value });
export const root = (...children: ContentNode[]): ContentRoot => ({ type: 'root', children });
export const p = (...children: Array<ContentNode | string>): ContentElement => el('p', children.map((c) => (typeof c === 'string' ? t(c) : c)));
export const h = (depth: number, text: string, id?: string): ContentElement => el(`h${depth}`, [t(text)], id ? { id } : {});
