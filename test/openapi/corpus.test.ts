import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostics/index.js';
import { createSpecLoader, describeOperation, OpenapiSession, SchemaTable } from '../../src/openapi/index.js';
import { DocsRoot } from '../../src/root/index.js';
import type { Manifest } from '../../src/manifest/types.js';
import { corpusCacheDir } from '../helpers/corpus-cache.js';
import { buildInTwoChildren } from '../robustness/support/build-runner.js';
import type { OkReply } from '../robustness/support/protocol.js';
import { corporaDir } from './helpers.js';

const corpora = ['box', 'firecrawl-docs', 'upstash-docs', 'dify-docs', 'trigger-dev', 'mintlify-docs'];

/** The only problems these corpora really have in their specs (checked by hand). */
const knownProblems: Record<string, string[]> = {
  // `x-mint: content |` is a string (the author meant `x-mint:\n  content: |`).
  'upstash-docs': ['openapi/invalid-x-docs workflow/openapi.yaml:878:15'],
};

/** Frontmatter references to operations the (stale, translated) specs do not have: the README's 12. */
const danglingReferences: Record<string, string[]> = {
  'mintlify-docs': ['es', 'fr', 'zh'].flatMap((lang) =>
    ['feedback-by-page', 'searches', 'views', 'visitors'].map((page) => `openapi/unknown-endpoint ${lang}/api/analytics/${page}.mdx:4:10`),
  ),
};

const isSpecProblem = (d: Diagnostic): boolean => d.code.startsWith('openapi/') || (d.code === 'navigation/no-spec-in-scope');

describe.skipIf(!existsSync(corporaDir))('corpora: every spec referenced by docs.json or frontmatter', () => {
  // build() in two child processes side by side, with the run's shared cache: conformance builds the
  // same corpora, and whichever suite comes second replays the first's builds.
  let replies = new Map<string, OkReply | Error>();
  const approximateSeconds: Record<string, number> = { 'firecrawl-docs': 55, box: 45, 'mintlify-docs': 38, 'upstash-docs': 29, 'dify-docs': 29, 'trigger-dev': 17 };

  beforeAll(async () => {
    replies = await buildInTwoChildren(corpora, (name) => approximateSeconds[name] ?? 1, (name) => ({ root: path.join(corporaDir, name), cacheDir: corpusCacheDir(name), wantManifest: true, maxDiagnostics: 1_000_000 }), 300_000);
  }, 600_000);

  for (const name of corpora) {
    it(`${name}: build() loads, validates and describes every referenced spec`, { timeout: 120_000 }, async () => {
      const reply = replies.get(name);
      if (reply instanceof Error) throw reply;
      const dir = path.join(corporaDir, name);
      const manifest = reply!.manifest as Manifest;
      const problems = (reply!.diagnostics as Diagnostic[]).filter(isSpecProblem).map((d) => `${d.code} ${d.file}:${d.line}:${d.column}`);
      expect(problems.sort()).toEqual([...(knownProblems[name] ?? []), ...(danglingReferences[name] ?? [])].sort());
      const specs = Object.keys(manifest.openapi);
      expect(specs.length).toBeGreaterThan(0);
      // Every operation of every spec the site names describes, not only those that have a page.
      const session = new OpenapiSession(DocsRoot.open(dir)!, { offline: true });
      let described = 0;
      for (const id of specs) {
        const spec = await session.load(id, { file: 'docs.json' });
        for (const op of [...spec!.operations, ...spec!.webhooks]) {
          expect(session.describe(spec!, op).title).not.toBe('');
          described++;
        }
      }
      expect(described).toBeGreaterThanOrEqual(Object.values(manifest.pages).filter((p) => p.kind === 'openapi').length);
      expect(() => JSON.stringify(session.schemas.toJSON())).not.toThrow();
      expect(manifest.schemas).toBeDefined();
    });
  }
});

const stressDir = path.join(corporaDir, '_openapi-stress');

function specFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(json|ya?ml)$/.test(f) && statSync(path.join(dir, f)).isFile())
    .map((f) => f.split(path.sep).join('/'))
    .sort();
}

describe.skipIf(!existsSync(stressDir))('corpora: every spec of _openapi-stress', () => {
  const files = existsSync(stressDir) ? specFiles(stressDir) : [];
  it('has the specs the README lists', () => {
    expect(files.length).toBeGreaterThanOrEqual(60);
  });

  it('loads, validates and describes them all; only the Swagger 2.0 spec is refused', { timeout: 240_000 }, async () => {
    const root = DocsRoot.open(stressDir)!;
    const loader = createSpecLoader(root);
    const problems: string[] = [];
    let operations = 0;
    for (const file of files) {
      const result = await loader.load(file, { file });
      problems.push(...result.diagnostics.map((d) => `${d.code} ${d.file}`));
      const spec = result.value;
      if (!spec) continue;
      const schemas = new SchemaTable();
      for (const op of [...spec.operations, ...spec.webhooks]) {
        describeOperation(spec, op, { playgroundDisplay: null, schemas });
        operations++;
      }
      expect(() => JSON.stringify(schemas.toJSON())).not.toThrow();
    }
    expect(problems).toEqual(['openapi/unsupported-version slack-api-specs/web-api/slack_web_openapi_v2.json']);
    expect(operations).toBeGreaterThan(2400);
  });
});
