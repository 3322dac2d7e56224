import type { OperationEndpoint } from '../openapi/index.js';
import type { ApiSettings } from './settings.js';
import type { ResolvedAuth, ResolvedPlayground } from './types.js';

/** The auth and playground of a page generated from an operation (or of an `openapi:` MDX page). */
export interface ResolvedOperationEndpoint {
  /** Absent when the spec names no auth docs-build can express: the page sends no credentials. */
  auth?: ResolvedAuth;
  playground: ResolvedPlayground;
}

/**
 * Operation pages, the rows of the precedence table for them (docs/mdx.md has the rows of hand-written
 * pages):
 * - playground: `x-docs.metadata.playground` (openapi) > webhooks have none (openapi) >
 *   `api.playground.display` (config) > interactive (default); an interactive playground that the spec
 *   did not ask for, on an operation without any server, becomes `simple` (openapi): nothing to send to.
 * - auth: `x-docs.metadata.authMethod` > the operation's security, else the document's (openapi); a
 *   webhook, or security docs-build cannot express, has none. `api.mdx.auth` is for hand-written pages.
 */
export function resolveOperationEndpoint(endpoint: OperationEndpoint, settings: Pick<ApiSettings, 'playgroundDisplay'>): ResolvedOperationEndpoint {
  const resolved: ResolvedOperationEndpoint = { playground: operationPlayground(endpoint, settings) };
  if (!endpoint.webhook && endpoint.auth) resolved.auth = { ...endpoint.auth, from: 'openapi' };
  return resolved;
}

function operationPlayground(endpoint: OperationEndpoint, settings: Pick<ApiSettings, 'playgroundDisplay'>): ResolvedPlayground {
  if (endpoint.playground) return { mode: endpoint.playground, from: 'openapi' };
  if (endpoint.webhook) return { mode: 'none', from: 'openapi' };
  const resolved: ResolvedPlayground = settings.playgroundDisplay ? { mode: settings.playgroundDisplay, from: 'config' } : { mode: 'interactive', from: 'default' };
  if (resolved.mode === 'interactive' && !endpoint.hasServers) return { mode: 'simple', from: 'openapi' };
  return resolved;
}
