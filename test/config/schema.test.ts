import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { docsSchemaJson, docsValidatorModule } from '../../scripts/docs-schema-artifacts.js';
import { docsSchema, semanticChecks } from '../../src/config/index.js';
import { stringFormats } from '../../src/config/formats.js';

describe('files generated from src/config/schema.ts (regenerate with `npx tsx scripts/build-docs-schema.ts`)', () => {
  it('schema/docs.schema.json is current', () => {
    expect(readFileSync(new URL('../../schema/docs.schema.json', import.meta.url), 'utf8')).toBe(docsSchemaJson());
  });

  it('src/config/generated/docs-validator.ts is current', () => {
    expect(readFileSync(new URL('../../src/config/generated/docs-validator.ts', import.meta.url), 'utf8')).toBe(docsValidatorModule());
  });
});

describe('the docs.json schema', () => {
  it('is a valid draft-07 schema that compiles in strict mode', () => {
    const ajv = new Ajv({ allowUnionTypes: true, strictRequired: false });
    ajv.addVocabulary(['x-expected', 'x-rule']);
    for (const [name, format] of Object.entries(stringFormats)) ajv.addFormat(name, format.validate);
    expect(ajv.validateSchema(docsSchema)).toBe(true);
    expect(() => ajv.compile(docsSchema)).not.toThrow();
  });

  it('uses no anyOf/oneOf union except the navigation division requirement', () => {
    const unions: string[] = [];
    const walk = (node: unknown, path: string, insideIf: boolean): void => {
      if (Array.isArray(node)) return node.forEach((child, index) => walk(child, `${path}/${index}`, insideIf));
      if (node === null || typeof node !== 'object') return;
      for (const [key, child] of Object.entries(node)) {
        if ((key === 'anyOf' || key === 'oneOf') && !insideIf) unions.push(`${path}/${key}`);
        walk(child, `${path}/${key}`, insideIf || key === 'if');
      }
    };
    walk(docsSchema, '#', false);
    expect(unions).toEqual(['#/properties/navigation/anyOf']);
  });

  it('closes every object schema, so unknown keys are found', () => {
    const open: string[] = [];
    const walk = (node: unknown, path: string): void => {
      if (Array.isArray(node)) return node.forEach((child, index) => walk(child, `${path}/${index}`));
      if (node === null || typeof node !== 'object') return;
      const schema = node as Record<string, unknown>;
      if (schema['properties'] && schema['additionalProperties'] !== false && !path.includes('/if')) open.push(path);
      for (const [key, child] of Object.entries(schema)) walk(child, `${path}/${key}`);
    };
    walk(docsSchema, '#');
    expect(open).toEqual([]);
  });
});

describe('semantic checks', () => {
  it('are registered once each, by name', () => {
    const names = semanticChecks.map((check) => check.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(['mixed-navigation', 'theme-specific-keys', 'unique-redirect-sources', 'unique-contextual-options', 'unique-seo-paths', 'unique-variation-ids']);
  });
});
