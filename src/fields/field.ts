import type { JsonValue, RecordedLocation } from '../diagnostics/index.js';

/**
 * The one field model shared by hand-written MDX pages (ParamField / ResponseField) and OpenAPI
 * operations (parameters, request bodies, responses). The migration checker compares the two sides in
 * this model, so both converters must fill it the same way.
 */
export type FieldLocation = 'path' | 'query' | 'header' | 'cookie' | 'body' | 'response';

/** Where a field was declared: a component in an MDX page, or a JSON pointer in an OpenAPI file. */
export type FieldSource = RecordedLocation;

export interface Field extends FieldAnnotations {
  name: string;
  in: FieldLocation;
  /** The type as written (MDX) or derived from the schema (OpenAPI), e.g. `string`, `integer[]`, `object`. */
  type: string;
  required: boolean;
  default?: JsonValue;
  deprecated?: boolean;
  /** Markdown description (MDX: the component's children; OpenAPI: `description`). */
  description?: string;
  /** Nested fields: from Expandable / nested components in MDX, object schemas in OpenAPI. */
  properties?: Field[];
  /** Key in the manifest's `schemas` table where a recursive schema stops instead of nesting again. */
  schemaRef?: string;
  source: FieldSource;
}

/**
 * Constraints and annotations of a field's value (OpenAPI schema keywords; docs/manifest.md#field). For a
 * `T[]` field, the value keywords (`enum` to `pattern`) describe the items unless the array has its own;
 * `minItems`/`maxItems` are the array's. A `const` is a one-value `enum`.
 */
export interface FieldAnnotations {
  enum?: JsonValue[];
  format?: string;
  minimum?: number;
  maximum?: number;
  /** The bound itself, as in OpenAPI 3.1 (3.0's `exclusiveMinimum: true` next to `minimum: n` becomes `n`). */
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  /** One example value: the parameter's or schema's `example`, else the first of its `examples`. */
  example?: JsonValue;
  /** `nullable: true` (3.0), `null` in a type list or a `null` alternative (3.1). */
  nullable?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
}
