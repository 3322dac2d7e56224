import { createDiagnostic, inStage, type SourceLocation } from '../../diagnostics/index.js';
import type { ParsedPage } from '../../mdx/index.js';
import { parseEndpointReference, type NavTree, type SpecAttachment } from '../../navigation/index.js';
import { describeSchemaPage, type SchemaPage } from '../describe.js';
import { resolveSchema } from '../match.js';
import { parseSchemaReference } from '../references.js';
import type { LoadedSpec, OperationPage } from '../types.js';
import type { OpenapiSession } from './session.js';

/** What an MDX page takes from the spec its frontmatter names; the assembly merges it under the frontmatter. */
export type PageDecoration = { kind: 'operation'; data: OperationPage } | { kind: 'schema'; data: SchemaPage };

/**
 * Reads the `openapi:` and `openapi-schema:` frontmatter of the pages as they arrive (in navigation
 * order) and describes, for each page that names an operation or a schema, what it takes from the spec.
 */
export async function decorateFrontmatterPages(session: OpenapiSession, tree: NavTree, parsedPages: AsyncIterable<ParsedPage> | Iterable<ParsedPage>): Promise<Map<string, PageDecoration>> {
  const decorations = new Map<string, PageDecoration>();
  const scopes = new Map<string, SpecAttachment | undefined>();
  for (const item of tree.pages) if (item.file && !scopes.has(item.file)) scopes.set(item.file, item.specScope);
  for await (const parsed of parsedPages) {
    if (parsed.api) continue; // Hand-written endpoint pages take their data from the page itself.
    const scope = scopes.get(parsed.path) ?? tree.globalSpec;
    const decorate = await inStage('openapi', parsed.path, () =>
      parsed.openapiRef ? operationData(session, parsed, scope) : parsed.openapiSchemaRef ? schemaData(session, parsed, scope) : undefined,
    );
    if (decorate) decorations.set(parsed.path, decorate);
  }
  return decorations;
}

async function operationData(session: OpenapiSession, parsed: ParsedPage, scope: SpecAttachment | undefined): Promise<PageDecoration | undefined> {
  const ref = parsed.openapiRef!;
  const reference = parseEndpointReference(ref.value);
  if (reference.kind === 'invalid' || reference.kind === 'not-a-reference') {
    const message = reference.kind === 'invalid' ? reference.message : `"${ref.value}" is not of the form "METHOD /path", "<file> METHOD /path" or "webhook <name>"`;
    session.diagnostics.push(createDiagnostic('mdx/invalid-openapi-reference', message, ref.location));
    return undefined;
  }
  const spec = await specFor(session, reference.file, scope, ref.location);
  const op = spec && session.operationIn(spec, reference, ref.location);
  if (!spec || !op) return undefined;
  return { kind: 'operation', data: session.describe(spec, op) };
}

async function schemaData(session: OpenapiSession, parsed: ParsedPage, scope: SpecAttachment | undefined): Promise<PageDecoration | undefined> {
  const ref = parsed.openapiSchemaRef!;
  const reference = parseSchemaReference(ref.value);
  if (reference.kind === 'invalid') {
    session.diagnostics.push(createDiagnostic('mdx/invalid-openapi-reference', reference.message, ref.location));
    return undefined;
  }
  const spec = await specFor(session, reference.file, scope, ref.location);
  if (!spec) return undefined;
  const resolved = resolveSchema(spec, reference.name, ref.location);
  session.diagnostics.push(...resolved.diagnostics);
  if (resolved.value === undefined) return undefined;
  const schema = describeSchemaPage(spec, resolved.value, session.schemas);
  if (!schema?.schema) return undefined;
  return { kind: 'schema', data: schema };
}

/** The spec a frontmatter reference names, else the one in scope for the page, else the only one loaded. */
async function specFor(session: OpenapiSession, file: string | undefined, scope: SpecAttachment | undefined, at: SourceLocation): Promise<LoadedSpec | undefined> {
  if (file !== undefined) return session.specNamed(file, at);
  const scoped = session.specsInScope(scope);
  if (scoped.length > 0) return scoped[0];
  const loaded = session.loaded();
  if (loaded.length === 1) return loaded[0];
  session.diagnostics.push(
    createDiagnostic('navigation/no-spec-in-scope', 'this openapi reference names no file, and no single OpenAPI file is in scope for the page', at, {
      suggestion: 'write the file first: "openapi.json GET /path"',
    }),
  );
  return undefined;
}
