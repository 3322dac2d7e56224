export { isEndpointPage, pathParameters, resolveApiTarget, resolveAuth, resolveEndpoint, resolvePlayground } from './resolve.js';
export type { EndpointPage, ResolvedEndpoint } from './resolve.js';
export { apiSettingsFromSite, noApiSettings } from './settings.js';
export type { ApiSettings } from './settings.js';
export { resolveOperationEndpoint } from './operation.js';
export type { ResolvedOperationEndpoint } from './operation.js';
export type { ResolvedAuth, ResolvedPlayground, ValueOrigin } from './types.js';
