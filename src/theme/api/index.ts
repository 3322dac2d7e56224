/* The reference theme's API page: endpoint, servers, auth, playground and the operation's reference. */
export { ApiReference, playgroundMode, type ApiReferenceProps } from './reference.js';
export { Playground, storageKey, type PlaygroundProps } from './playground.js';
export { SchemaReference } from './schema-reference.js';
export { FieldList, FieldItem, fieldLimits } from './field-list.js';
export {
  authHeader,
  bodySkeleton,
  bodyValue,
  defaultVariables,
  fieldsByLocation,
  fillServer,
  pageAuth,
  pageServers,
  prepareRequest,
  unfilledPathParams,
  unfilledVariables,
  type AuthValues,
  type PageAuth,
  type PreparedRequest,
  type RequestInput,
} from './request.js';
