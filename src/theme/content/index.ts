/*
 * The reference theme's content renderer: a page's content tree to React, with a component for every
 * built-in name (docs/theme.md#components). Imports only types from the compiler.
 */
export { renderContent, renderNodes } from './render.js';
export { PageBody, type PageBodyProps } from './page-body.js';
export { builtInComponents } from './builtins.js';
export { ContentContext, useContentEnv, withBase, type ComponentMap, type ContentEnv, type JsonValue, type RenderOptions } from './context.js';
export { Icon, iconUrl, parseFontAwesome, type IconLibrary, type IconProps } from './icons.js';
export { CodeBlock, type CodeBlockProps } from './components/code.js';
export { CopyButton, copyText } from './components/copy.js';
export { TabSet, type TabItem } from './components/tabset.js';
