import type { Diagnostic, JsonValue } from '../../diagnostics/index.js';
import type { Site } from '../../config/index.js';
import type { ParsedPage } from '../../mdx/index.js';
import type { NavTree, SpecAttachment } from '../../navigation/index.js';
import type { DocsRoot } from '../../root/index.js';
import { specSummary } from '../describe.js';
import type { SpecLoaderOptions } from '../loader.js';
import type { GeneratedGroup, SpecSummary } from '../types.js';
import { generateBulkPages } from './bulk.js';
import { resolveExplicitReferences } from './explicit.js';
import { decorateFrontmatterPages, type PageDecoration } from './frontmatter.js';
import { OpenapiSession, type GeneratedPage } from './session.js';

export interface OpenapiInput {
  root: DocsRoot;
  tree: NavTree;
  /**
   * The parsed pages in navigation order, read last and one at a time (for `openapi:` frontmatter),
   * so the spec work overlaps page parsing.
   */
  parsedPages: AsyncIterable<ParsedPage> | Iterable<ParsedPage>;
  site: Site;
  offline: boolean;
  cacheDir: string;
  fetch?: typeof fetch;
  /** Spec validation results kept by the content of the spec's files (the incremental cache). */
  validationCache?: SpecLoaderOptions['validationCache'];
}

/** What the OpenAPI stage contributes to the manifest, with lookups the assembly uses. */
export interface OpenapiOutcome {
  diagnostics: Diagnostic[];
  /** Pages generated from operations: explicit endpoint references and bulk generation. */
  pages: GeneratedPage[];
  specs: Record<string, SpecSummary>;
  schemas: Record<string, JsonValue>;
  /** Page id of the operation an endpoint entry (by pointer) resolved to. */
  endpointPageOf(pointer: string): string | undefined;
  /** Spec id (or ids, comma-joined) of an attachment. */
  specIdOf(attachment: SpecAttachment | undefined): string | undefined;
  /** Groups generated for a division (by pointer). */
  generatedNavAt(pointer: string): GeneratedGroup[];
  /** What an MDX page whose frontmatter names an operation or a schema takes from the spec. */
  frontmatterDataOf(file: string): PageDecoration | undefined;
}

/**
 * The OpenAPI stage: loads every spec the navigation and the pages name (each once), resolves the
 * explicit endpoint references, generates pages for specs attached without explicit references, and
 * prepares the data of `openapi:` / `openapi-schema:` MDX pages.
 */
export async function resolveOpenapi(input: OpenapiInput): Promise<OpenapiOutcome> {
  const { tree } = input;
  const session = new OpenapiSession(input.root, {
    offline: input.offline,
    cacheDir: input.cacheDir,
    playgroundDisplay: input.site.api.playground.display,
    ...(input.fetch ? { fetch: input.fetch } : {}),
    ...(input.validationCache ? { validationCache: input.validationCache } : {}),
  });
  await session.attach(tree.globalSpec ? [tree.globalSpec, ...tree.attachments] : tree.attachments);
  const explicit = await resolveExplicitReferences(session, tree);
  const generatedNav = generateBulkPages(session, tree, explicit);
  const decorations = await decorateFrontmatterPages(session, tree, input.parsedPages);

  const specs: Record<string, SpecSummary> = {};
  for (const spec of session.loaded()) specs[spec.id] = specSummary(spec);
  // Expanding the table can still find schemas too large to expand: take its warnings after it.
  const schemas = session.schemas.toJSON();
  return {
    diagnostics: [...session.finalDiagnostics(), ...session.schemas.takeDiagnostics()],
    pages: session.pages,
    specs,
    schemas,
    endpointPageOf: (pointer) => explicit.pageOf.get(pointer),
    specIdOf: (attachment) => session.specIdOf(attachment),
    generatedNavAt: (pointer) => generatedNav.get(pointer) ?? [],
    frontmatterDataOf: (file) => decorations.get(file),
  };
}
