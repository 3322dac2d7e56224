export type { Field, FieldLocation, FieldSource } from './field.js';
export { compareFields, defaultText, driftKinds } from './compare.js';
export type { CompareOptions, DriftKind, FieldDrift } from './compare.js';
export { normalizeType, typesCompatible } from './types-compat.js';
export { httpMethods, isHttpMethod, joinUrl } from './http.js';
export type { HttpMethod } from './http.js';
