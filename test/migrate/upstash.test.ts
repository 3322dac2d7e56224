import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostics/index.js';
import { checkMigration, draftOpenapi, serializeDraft } from '../../src/migrate/index.js';
import { copyFixture, removeCopies } from './helpers.js';

// upstash/docs: 18 hand-written `api:` pages (Vector REST API) next to three real specs (QStash,
// Workflow, Developer API) that document other products. Read only; anything that writes works on a copy.
const corpus = fileURLToPath(new URL('../../../shared/corpora/upstash-docs', import.meta.url));

afterAll(removeCopies);

function countCodes(diagnostics: readonly Diagnostic[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const d of diagnostics) counts[d.code] = (counts[d.code] ?? 0) + 1;
  return counts;
}

describe.skipIf(!existsSync(corpus))('migrate on upstash-docs', () => {
  it('check: the 18 Vector pages have no OpenAPI file in scope', async () => {
    const { value, diagnostics } = await checkMigration({ root: corpus });
    expect(value.summary).toMatchObject({ pages: 18, matched: 0, noOperation: 0, ambiguous: 0, noSpec: 18, specError: 0, edits: 0 });
    // Plus the three pages whose authMethod is "GET" (an HTTP method, not an auth method), and the
    // configuration stage's findings, as build reports them (the corpus was copied without its images).
    expect(countCodes(diagnostics)).toEqual({ 'migrate/no-spec': 18, 'mdx/invalid-auth-method': 3, 'config/asset-not-found': 4 });
  });

  it('check --spec qstash/openapi.yaml: the nearest real spec has none of the operations', async () => {
    const { value } = await checkMigration({ root: corpus, spec: 'qstash/openapi.yaml' });
    expect(value.summary).toMatchObject({ pages: 18, matched: 0, noOperation: 18 });
    expect(value.specs).toEqual([{ id: 'qstash/openapi.yaml', valid: true }]);
    // `https://{endpoint}/query/{namespace}` is looked up without its (placeholder) host.
    expect(value.pages.find((p) => p.page === 'vector/api/endpoints/query')!.api.url).toBe('https://{endpoint}/query/{namespace}');
  });

  it('draft-openapi then check: 18 operations, no drift; 12 optional path parameters OpenAPI cannot hold', async () => {
    const dir = copyFixture(corpus);
    const draft = await draftOpenapi({ root: dir });
    expect(draft.value!.pages).toHaveLength(18);
    expect(countCodes(draft.diagnostics)).toEqual({ 'migrate/draft-lossy': 12, 'mdx/invalid-auth-method': 3, 'config/asset-not-found': 4 });
    writeFileSync(path.join(dir, 'vector/openapi.yaml'), serializeDraft(draft.value!.document, 'openapi.yaml'));
    const check = await checkMigration({ root: dir, spec: 'vector/openapi.yaml' });
    expect(check.value.summary).toMatchObject({ pages: 18, matched: 18, ready: 18, serverDrift: 0, authDrift: 0, proseLost: 0, urlChanges: 0, unusedFiles: 18 });
    expect(Object.values(check.value.summary.drift).every((n) => n === 0)).toBe(true);
    expect(check.value.edits[0]).toMatchObject({ file: 'docs.json', from: 'vector/api/endpoints/upsert', to: 'vector/openapi.yaml POST /upsert/{namespace}' });
  });
});
