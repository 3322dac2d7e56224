import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseEndpointReference } from '../../src/navigation/index.js';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import type { Diagnostic, JsonValue, SourceLocation } from '../../src/diagnostics/index.js';
import {
  createSpecLoader,
  describeOperation,
  parseSchemaReference,
  planGeneratedPages,
  resolveEndpoint,
  resolveSchema,
  SchemaTable,
  type EndpointReference,
} from '../../src/openapi/index.js';
import { DocsRoot } from '../../src/root/index.js';
import { corporaDir } from './helpers.js';

/** Every `openapi` value of docs.json (string, array, `{source}`), with its pointer. */
function configReferences(value: JsonValue, pointer = ''): Array<{ reference: string; pointer: string }> {
  if (Array.isArray(value)) return value.flatMap((v, i) => configReferences(v, `${pointer}/${i}`));
  if (typeof value !== 'object' || value === null) return [];
  const found: Array<{ reference: string; pointer: string }> = [];
  for (const [key, child] of Object.entries(value)) {
    const at = `${pointer}/${key}`;
    if (key === 'openapi') {
      const items = Array.isArray(child) ? child : [child];
      items.forEach((item, i) => {
        const where = Array.isArray(child) ? `${at}/${i}` : at;
        if (typeof item === 'string') found.push({ reference: item, pointer: where });
        else if (item && typeof item === 'object' && !Array.isArray(item) && typeof item.source === 'string') found.push({ reference: item.source, pointer: `${where}/source` });
      });
    } else found.push(...configReferences(child, at));
  }
  return found;
}

type Parsed = EndpointReference | { kind: 'schema'; file?: string; name: string };

/** `openapi:` / `openapi-schema:` frontmatter values naming a file, read with a plain scan of the frontmatter block. */
function frontmatterReferences(root: DocsRoot): Array<{ reference: string; at: SourceLocation; parsed: Parsed }> {
  const found: Array<{ reference: string; at: SourceLocation; parsed: Parsed }> = [];
  for (const file of root.files()) {
    if (!/\.mdx?$/.test(file)) continue;
    const read = root.read(file);
    if (!read.ok) continue;
    const block = /^---\r?\n([\s\S]*?)\r?\n---/.exec(read.file.text);
    if (!block) continue;
    block[1]!.split(/\r?\n/).forEach((line, i) => {
      const match = /^(openapi|openapi-schema):\s*(.+?)\s*$/.exec(line);
      if (!match) return;
      const value = match[2]!.replace(/^(["'])(.*)\1$/, '$2');
      const parsed = match[1] === 'openapi' ? parseEndpointReference(value) : parseSchemaReference(value);
      if ((parsed.kind === 'operation' || parsed.kind === 'webhook' || parsed.kind === 'schema') && parsed.file !== undefined) {
        found.push({ reference: parsed.file, at: { file, line: i + 2, column: match[1]!.length + 3 }, parsed });
      }
    });
  }
  return found;
}

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

describe.skipIf(!existsSync(corporaDir))('corpora: every spec referenced by docs.json or frontmatter', () => {
  for (const name of corpora) {
    it(`${name}: loads, validates and describes every referenced spec`, async () => {
      const root = DocsRoot.open(path.join(corporaDir, name))!;
      const config = loadConfig(root);
      expect(config.value).toBeDefined();
      const references = [
        ...configReferences(config.value!.value).map((r) => ({ reference: r.reference, at: config.value!.locate(r.pointer), parsed: undefined })),
        ...frontmatterReferences(root),
      ];
      expect(references.length).toBeGreaterThan(0);
      const loader = createSpecLoader(root, { offline: true });
      const diagnostics: Diagnostic[] = [];
      const unresolved: Diagnostic[] = [];
      let resolved = 0;
      for (const { reference, at, parsed } of references) {
        const loaded = await loader.load(reference, at);
        diagnostics.push(...loaded.diagnostics);
        if (!loaded.value || !parsed) continue;
        const result = parsed.kind === 'schema' ? resolveSchema(loaded.value, parsed.name, at) : resolveEndpoint(loaded.value, parsed, at);
        if (result.value === undefined) unresolved.push(...result.diagnostics);
        else resolved++;
      }
      expect(unresolved.map((d) => `${d.code} ${d.file}:${d.line}:${d.column}`).sort()).toEqual(danglingReferences[name] ?? []);
      expect(resolved + unresolved.length).toBe(references.filter((r) => r.parsed).length);
      const schemas = new SchemaTable();
      let pages = 0;
      for (const spec of loader.loaded()) {
        for (const op of [...spec.operations, ...spec.webhooks]) {
          const page = describeOperation(spec, op, { playgroundDisplay: null, schemas });
          expect(page.title).not.toBe('');
          pages++;
        }
        planGeneratedPages(spec);
      }
      expect(pages).toBeGreaterThan(0);
      expect(() => JSON.stringify(schemas.toJSON())).not.toThrow();
      expect(diagnostics.map((d) => `${d.code} ${d.file}:${d.line}:${d.column}`)).toEqual(knownProblems[name] ?? []);
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
