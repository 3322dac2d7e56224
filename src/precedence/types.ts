import type { AuthMethod, PlaygroundMode } from '../fields/index.js';

/** Where a resolved value came from: the page, docs.json, the OpenAPI file, the default, or the playground (none needs no auth). */
export type ValueOrigin = 'page' | 'config' | 'openapi' | 'default' | 'playground';

export interface ResolvedAuth {
  method: AuthMethod;
  headerName?: string;
  from: ValueOrigin;
}

export interface ResolvedPlayground {
  mode: PlaygroundMode;
  from: Exclude<ValueOrigin, 'playground'>;
}
