import { createDiagnostic } from '../../diagnostics/index.js';
import type { EndpointItem, NavTree, SpecAttachment } from '../../navigation/index.js';
import { resolveEndpoint } from '../match.js';
import type { LoadedSpec, OperationInfo } from '../types.js';
import type { OpenapiSession } from './session.js';

/** What the explicit endpoint references of `pages` resolved to. */
export interface ExplicitReferences {
  /** Page id of the operation each endpoint entry (by pointer) resolved to; hidden ones have none. */
  pageOf: Map<string, string>;
  /** Spec id each endpoint entry (by pointer) refers to, resolved or not: it turns bulk generation off. */
  specOf: Map<string, string>;
  /** Operations referenced explicitly, by spec id (hidden ones included). */
  operationsBySpec: Map<string, Set<string>>;
}

/** Resolves every `METHOD /path`, `<file> METHOD /path` and `webhook <name>` entry of the navigation. */
export async function resolveExplicitReferences(session: OpenapiSession, tree: NavTree): Promise<ExplicitReferences> {
  const found: ExplicitReferences = { pageOf: new Map(), specOf: new Map(), operationsBySpec: new Map() };
  for (const item of tree.endpoints) {
    const target = await specForEntry(session, item);
    if (!target) continue;
    found.specOf.set(item.pointer, target.spec.id);
    const op = session.operationIn(target.spec, item.parsed, item.location);
    if (!op) continue;
    let referenced = found.operationsBySpec.get(target.spec.id);
    if (!referenced) found.operationsBySpec.set(target.spec.id, (referenced = new Set()));
    referenced.add(op.pointer);
    if (op.hidden) continue;
    const planned = session.planFor(target.spec, target.directory).get(op.pointer);
    found.pageOf.set(item.pointer, session.operationPage(target.spec, op, planned?.pageId ?? fallbackId(op)));
  }
  return found;
}

async function specForEntry(session: OpenapiSession, item: EndpointItem): Promise<{ spec: LoadedSpec; directory?: string } | undefined> {
  const reference = item.parsed;
  if (reference.file !== undefined) {
    const spec = await session.load(reference.file, item.location);
    return spec ? { spec } : undefined;
  }
  if (!item.specScope) {
    session.diagnostics.push(
      createDiagnostic('navigation/no-spec-in-scope', `"${item.reference}" is an endpoint reference, but no OpenAPI file is in scope here`, item.location, {
        suggestion: 'set "openapi" on the enclosing group or tab, or name the file: "<file> METHOD /path"',
      }),
    );
    return undefined;
  }
  const scoped = session.specsInScope(item.specScope);
  if (scoped.length === 0) return undefined; // The spec failed to load; that was reported.
  if (scoped.length === 1 || reference.kind === 'webhook') return withDirectory(scoped[0]!, item.specScope);
  // Several specs in scope: the one that has the operation.
  const holder = scoped.find((spec) => resolveEndpoint(spec, reference, item.location).value !== undefined);
  return withDirectory(holder ?? scoped[0]!, item.specScope);
}

function withDirectory(spec: LoadedSpec, scope: SpecAttachment): { spec: LoadedSpec; directory?: string } {
  return scope.directory !== undefined ? { spec, directory: scope.directory } : { spec };
}

function fallbackId(op: OperationInfo): string {
  return `api-reference/${op.method.toLowerCase()}${op.path.replace(/[^a-zA-Z0-9]+/g, '-')}`.replace(/(?<!-)-+$/, '');
}
