import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { openapiValidatorsModule, runtimeValidators } from '../../scripts/openapi-validator-artifacts.js';
import { validateOpenapi30, validateOpenapi31 } from '../../src/openapi/generated/openapi-validators.js';

type Check = ((data: unknown) => boolean) & { errors?: unknown[] | null };

const project = path.resolve(import.meta.dirname, '../..');
const stress = path.resolve(project, '../shared/corpora/_openapi-stress');

/** Specs of this repository, and a few of the corpora when they are beside it. */
function specs(): Array<{ name: string; value: Record<string, unknown> }> {
  const files = ['docs-example/api/openapi.yaml', 'docs-example/migration/openapi.yaml', 'fixtures/robust-api/openapi.json', 'fixtures/robust-recursive-spec/openapi.json', 'fixtures/migrate-drift/openapi.yaml'].map((file) => path.join(project, file));
  if (existsSync(stress)) {
    files.push(path.join(stress, 'openai-openapi/openapi.json'), path.join(stress, 'portkey-openapi/openapi.yaml'));
    const twilio = path.join(stress, 'twilio-oai/spec/json');
    if (existsSync(twilio)) files.push(...readdirSync(twilio).filter((name) => name.endsWith('.json')).sort().slice(0, 4).map((name) => path.join(twilio, name)));
  }
  return files.map((file) => ({ name: path.relative(project, file), value: yaml.load(readFileSync(file, 'utf8')) as Record<string, unknown> }));
}

/** The document and ways to break it that reach different parts of the schema. */
function variants(value: Record<string, unknown>): Array<[string, unknown]> {
  const firstPath = Object.keys((value.paths as object | undefined) ?? {})[0];
  const broken: Array<[string, unknown]> = [
    ['as is', value],
    ['no info', { ...value, info: undefined }],
    ['paths is a string', { ...value, paths: 'none' }],
    ['an unknown top-level key', { ...value, unknown: true }],
    ['servers with a bad entry', { ...value, servers: [{ url: 1 }, { description: 'no url' }] }],
    ['tags duplicated', { ...value, tags: [{ name: 'a' }, { name: 'a' }] }],
  ];
  if (firstPath) broken.push(['an operation that is a number', { ...value, paths: { ...(value.paths as object), [firstPath]: { get: 42 } } }]);
  return broken.map(([what, doc]) => [what, JSON.parse(JSON.stringify(doc)) as unknown]);
}

describe('the OpenAPI schema checks compiled ahead of time', () => {
  it('src/openapi/generated/openapi-validators.ts is current (regenerate with `npx tsx scripts/build-openapi-validators.ts`)', () => {
    expect(readFileSync(path.join(project, 'src/openapi/generated/openapi-validators.ts'), 'utf8')).toBe(openapiValidatorsModule());
  });

  it('give the same verdict and the same errors as ajv compiling the same schemas at run time', () => {
    const runtime = runtimeValidators() as { '3.0': Check; '3.1': Check };
    const compiled: Record<'3.0' | '3.1', Check> = { '3.0': validateOpenapi30 as Check, '3.1': validateOpenapi31 as Check };
    let invalid = 0;
    for (const spec of specs()) {
      for (const [what, doc] of variants(spec.value)) {
        for (const family of ['3.0', '3.1'] as const) {
          const expected = runtime[family](doc);
          const actual = compiled[family](doc);
          expect(actual, `${spec.name}, ${what}, ${family}`).toBe(expected);
          expect(compiled[family].errors ?? null, `${spec.name}, ${what}, ${family}`).toEqual(runtime[family].errors ?? null);
          if (!actual) invalid++;
        }
      }
    }
    // The variants do break documents: most checks above compared error lists, not two empty ones.
    expect(invalid).toBeGreaterThan(20);
  });
});
