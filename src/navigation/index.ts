export { readPagesEntry, resolveNavigation } from './resolve.js';
export type { EntryReading } from './resolve.js';
export { formatEndpointReference, parseEndpointReference } from './endpoint-reference.js';
export type { EndpointReference, ParsedEndpointReference } from './endpoint-reference.js';
export type { DivisionItem, EndpointItem, NavItem, NavKind, NavTree, PageItem, SpecAttachment } from './types.js';
export { defaultIgnoredPatterns, isPageFile, MINTIGNORE, pageIdOfFile, publishedPageFiles } from './page-files.js';
export type { PublishedPages } from './page-files.js';
