export { isEndpointReference, resolveNavigation } from './resolve.js';
export type { DivisionItem, EndpointItem, NavItem, NavTree, PageItem, SpecAttachment } from './types.js';
