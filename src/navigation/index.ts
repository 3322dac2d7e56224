export { readPagesEntry, resolveNavigation } from './resolve.js';
export type { EntryReading } from './resolve.js';
export { formatEndpointReference, parseEndpointReference } from './endpoint-reference.js';
export type { EndpointReference, ParsedEndpointReference } from './endpoint-reference.js';
export type { DivisionItem, EndpointItem, NavItem, NavKind, NavTree, PageItem, SpecAttachment } from './types.js';
export { isPageFile, pageIdOfFile } from './page-files.js';
