export type { Field, FieldAnnotations, FieldLocation, FieldSource } from './field.js';
export { compareFields, defaultText, driftKinds } from './compare.js';
export type { CompareOptions, DriftKind, FieldDrift } from './compare.js';
export { normalizeType, typesCompatible } from './types-compat.js';
export { authMethods, httpMethods, isHttpMethod, isJsonMediaType, joinUrl, playgroundModes, preferredMediaType, trimSlashes, trimTrailingSlashes } from './http.js';
export { generateCodeSamples } from './samples.js';
export type { SampleInput } from './samples.js';
export type { ApiTarget, AuthMethod, HttpMethod, PlaygroundMode } from './http.js';
export type {
  ApiCodeExample,
  ApiCodeSample,
  ApiExamples,
  ApiMediaType,
  ApiPageDetails,
  ApiRequestBody,
  ApiResponse,
  ApiSecurityRequirement,
  ApiSecurityScheme,
  ApiServer,
  ApiServerVariable,
} from './api.js';
