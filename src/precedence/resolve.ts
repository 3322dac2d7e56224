import { closestMatches, createDiagnostic, type Diagnostic, type SourceLocation, type StageResult } from '../diagnostics/index.js';
import { joinUrl, type ApiTarget, type Field } from '../fields/index.js';
import type { ResolvedAuth, ResolvedPlayground } from './types.js';
import type { PageApi, ParsedPage } from '../mdx/index.js';
import type { ApiSettings } from './settings.js';

/** A page with a valid `api:` line: the pages this stage resolves. */
export type EndpointPage = ParsedPage & { api: PageApi };

export function isEndpointPage(page: ParsedPage): page is EndpointPage {
  return page.api !== undefined;
}

export interface ResolvedEndpoint {
  api: ApiTarget;
  auth: ResolvedAuth;
  playground: ResolvedPlayground;
}

/**
 * Resolves what a hand-written API page inherits from docs.json: the request URL, the playground mode
 * and the auth method, each value with the place it came from.
 */
export function resolveEndpoint(page: EndpointPage, settings: ApiSettings): StageResult<ResolvedEndpoint> {
  const target = resolveApiTarget(page, settings);
  const playground = resolvePlayground(page, settings);
  const auth = resolveAuth(page, settings, playground);
  return {
    value: { api: target.value, auth: auth.value, playground },
    diagnostics: [...target.diagnostics, ...auth.diagnostics],
  };
}

/** Page `playground` > `api.playground.display` > interactive. */
export function resolvePlayground(page: Pick<ParsedPage, 'playground'>, settings: ApiSettings): ResolvedPlayground {
  if (page.playground) return { mode: page.playground.value, from: 'page' };
  if (settings.playgroundDisplay) return { mode: settings.playgroundDisplay, from: 'config' };
  return { mode: 'interactive', from: 'default' };
}

/**
 * 1. An effective playground of `none` needs no auth: `none`, from the playground.
 * 2. Page `authMethod` (including `none`) > `api.mdx.auth.method`.
 * 3. Set nowhere: `none`, from the default (the playground sends no credentials).
 * `key` takes its header name from `api.mdx.auth.name`; without one it is an error at whichever of the
 * page or docs.json chose `key`, and the result carries no header name.
 */
export function resolveAuth(
  page: Pick<ParsedPage, 'path' | 'authMethod'>,
  settings: ApiSettings,
  playground: ResolvedPlayground,
): StageResult<ResolvedAuth> {
  if (playground.mode === 'none') return { value: { method: 'none', from: 'playground' }, diagnostics: [] };
  let auth: ResolvedAuth;
  let chosenAt: SourceLocation | undefined;
  if (page.authMethod) {
    auth = { method: page.authMethod.value, from: 'page' };
    chosenAt = page.authMethod.location;
  } else if (settings.auth.method) {
    auth = { method: settings.auth.method, from: 'config' };
    chosenAt = settings.authLocation;
  } else {
    return { value: { method: 'none', from: 'default' }, diagnostics: [] };
  }
  if (auth.method !== 'key') return { value: auth, diagnostics: [] };

  const headerName = settings.auth.name?.trim();
  if (headerName) return { value: { method: auth.method, headerName, from: auth.from }, diagnostics: [] };
  const suggestion = 'set the header name in docs.json, e.g. "api": { "mdx": { "auth": { "method": "key", "name": "X-API-Key" } } }';
  // The page's choice is reported at the page; the global one at docs.json, with the same words for
  // every page that inherits it so that a report can merge them.
  const diagnostic =
    auth.from === 'page'
      ? createDiagnostic('precedence/key-header-missing', 'authMethod: key needs a header name, but api.mdx.auth.name is not set in docs.json', chosenAt ?? { file: page.path }, { suggestion })
      : createDiagnostic('precedence/key-header-missing', 'api.mdx.auth.method is key, but api.mdx.auth.name (the header name) is not set', chosenAt ?? { file: 'docs.json' }, { suggestion });
  return { value: auth, diagnostics: [diagnostic] };
}

const fullUrl = /^(https?:\/\/[^/?#]+)(.*)$/is;

/**
 * A full URL keeps its own origin as the only server and ignores `api.mdx.server`; a path from `/` is
 * appended to each configured server, and needs one. `{name}` segments of the path and the page's
 * `ParamField path="name"` are checked against each other.
 */
export function resolveApiTarget(page: Pick<EndpointPage, 'path' | 'api' | 'params'>, settings: ApiSettings): StageResult<ApiTarget> {
  const { method, target, location } = page.api;
  const diagnostics: Diagnostic[] = [];
  let value: ApiTarget;
  const url = fullUrl.exec(target);
  if (url) {
    const rest = url[2] ?? '';
    const path = rest === '' ? '/' : rest.startsWith('/') ? rest : `/${rest}`;
    value = { method, path, servers: [url[1] ?? ''], url: target };
  } else {
    const servers = [...settings.server];
    const first = servers[0];
    value = { method, path: target, servers, url: first === undefined ? null : joinUrl(first, target) };
    if (first === undefined) {
      diagnostics.push(
        createDiagnostic('precedence/server-required', `api target "${target}" is a relative path, and docs.json sets no api.mdx.server to prepend`, location, {
          suggestion: 'set "api": { "mdx": { "server": "https://api.example.com" } } in docs.json, or write a full URL in api:',
        }),
      );
    }
  }
  diagnostics.push(...crossCheckPathParameters(value.path, page.params, location));
  return { value, diagnostics };
}

/** `{name}` segments of a path template, in order, without repeats (the query string is not part of the path). */
export function pathParameters(path: string): string[] {
  const pathOnly = path.replace(/[?#].*$/s, '');
  const names: string[] = [];
  for (const match of pathOnly.matchAll(/\{([^{}/]+)\}/g)) {
    const name = (match[1] ?? '').trim();
    if (name !== '' && !names.includes(name)) names.push(name);
  }
  return names;
}

function crossCheckPathParameters(path: string, params: readonly Field[], apiLocation: SourceLocation): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const inPath = pathParameters(path);
  const documented = params.filter((field) => field.in === 'path');
  const documentedNames = new Set(documented.map((field) => field.name));
  for (const name of inPath) {
    if (documentedNames.has(name)) continue;
    diagnostics.push(
      createDiagnostic('mdx/path-param-undocumented', `the api path has {${name}} but the page has no <ParamField path="${name}">`, apiLocation, {
        suggestion: `document it: <ParamField path="${name}" type="string" required>`,
      }),
    );
  }
  const inPathSet = new Set(inPath);
  for (const field of documented) {
    if (inPathSet.has(field.name)) continue;
    const close = closestMatches(field.name, inPath.filter((name) => !documentedNames.has(name)), 1)[0];
    diagnostics.push(
      createDiagnostic(
        'mdx/path-param-not-in-path',
        `<ParamField path="${field.name}"> names a parameter that the api path ${path} does not have`,
        'line' in field.source ? { file: field.source.file, line: field.source.line, column: field.source.column } : { file: field.source.file, pointer: field.source.pointer },
        { suggestion: close ? `did you mean path="${close}"?` : `add {${field.name}} to the api path, or use query=, header= or body=` },
      ),
    );
  }
  return diagnostics;
}
