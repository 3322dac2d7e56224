import { describe, expect, it } from 'vitest';
import type { Field, FieldLocation } from '../../src/fields/index.js';
import { compareFields, normalizeType, typesCompatible, type FieldDrift } from '../../src/fields/index.js';

let line = 0;
/** A page-side field (MDX source); `props` become its properties. */
function p(name: string, location: FieldLocation, type: string, extra: Partial<Field> = {}, props?: Field[]): Field {
  const field: Field = { name, in: location, type, required: false, ...extra, source: { file: 'page.mdx', line: ++line, column: 1 } };
  if (props) field.properties = props;
  return field;
}
/** A spec-side field (JSON pointer source). */
function s(name: string, location: FieldLocation, type: string, extra: Partial<Field> = {}, props?: Field[]): Field {
  const field: Field = { name, in: location, type, required: false, ...extra, source: { file: 'openapi.yaml', pointer: `/x/${name}` } };
  if (props) field.properties = props;
  return field;
}

function kinds(drift: FieldDrift[]): string[] {
  return drift.map((d) => `${d.kind} ${d.pagePath ?? '-'} ${d.specPath ?? '-'}`);
}

describe('compareFields', () => {
  it('finds no drift between equal lists', () => {
    const page = [p('limit', 'query', 'integer', { default: '20' }), p('data', 'response', 'object[]', { required: true }, [p('id', 'response', 'string', { required: true })])];
    const spec = [s('limit', 'query', 'integer', { default: 20 }), s('data', 'response', 'object[]', { required: true }, [s('id', 'response', 'string', { required: true })])];
    expect(compareFields(page, spec)).toEqual([]);
  });

  it('missing on either side, reported once for a whole missing object', () => {
    const page = [p('color', 'body', 'string'), p('meta', 'body', 'object', {}, [p('a', 'body', 'string'), p('b', 'body', 'string')])];
    const spec = [s('tags', 'body', 'string[]')];
    expect(kinds(compareFields(page, spec))).toEqual(['missing-in-spec color -', 'missing-in-spec meta -', 'missing-in-page - tags']);
  });

  it('location: the same parameter in another `in`', () => {
    const drift = compareFields([p('idempotency_key', 'query', 'string')], [s('idempotency_key', 'header', 'string')]);
    expect(kinds(drift)).toEqual(['location idempotency_key idempotency_key']);
    expect(drift[0]!.detail).toBe('in query on the page, in header in the spec');
  });

  it('type, with normalization of comparable spellings', () => {
    const drift = compareFields([p('price', 'response', 'number'), p('ids', 'response', 'array<string>'), p('flag', 'response', 'bool')], [s('price', 'response', 'string'), s('ids', 'response', 'string[]'), s('flag', 'response', 'boolean')]);
    expect(kinds(drift)).toEqual(['type price price']);
    expect(drift[0]!.detail).toBe('type "number" on the page, "string" in the spec');
  });

  it('required, except for path parameters (OpenAPI always requires them)', () => {
    const drift = compareFields([p('include', 'query', 'string', { required: true }), p('id', 'path', 'string')], [s('include', 'query', 'string'), s('id', 'path', 'string', { required: true })]);
    expect(kinds(drift)).toEqual(['required include include']);
    expect(drift[0]!.detail).toBe('required on the page, optional in the spec');
  });

  it('default: different, or on one side only; text and typed values compare equal', () => {
    const page = [p('a', 'body', 'integer', { default: '1' }), p('b', 'body', 'string', { default: 'x' }), p('c', 'body', 'string'), p('d', 'body', 'boolean', { default: 'false' }), p('e', 'body', 'string[]', { default: '[]' })];
    const spec = [s('a', 'body', 'integer', { default: 2 }), s('b', 'body', 'string'), s('c', 'body', 'string', { default: 'y' }), s('d', 'body', 'boolean', { default: false }), s('e', 'body', 'string[]', { default: [] })];
    const drift = compareFields(page, spec);
    expect(kinds(drift)).toEqual(['default a a', 'default b b', 'default c c']);
    expect(drift.map((d) => d.detail)).toEqual(['default "1" on the page, "2" in the spec', 'default "x" on the page, none in the spec', 'no default on the page, default "y" in the spec']);
  });

  it('nesting: a body or response field at another depth, paired when its name is unique', () => {
    const page = [p('id', 'response', 'string', { required: true }), p('email', 'response', 'string')];
    const spec = [s('id', 'response', 'string', { required: true }), s('owner', 'response', 'object', {}, [s('email', 'response', 'string')])];
    const drift = compareFields(page, spec);
    expect(kinds(drift)).toEqual(['nesting email owner.email', 'missing-in-page - owner']);
    expect(drift[0]!.detail).toBe('at the top level on the page, at owner in the spec');
  });

  it('does not pair nesting by a name that appears twice', () => {
    const page = [p('id', 'response', 'string')];
    const spec = [s('a', 'response', 'object', {}, [s('id', 'response', 'string')]), s('b', 'response', 'object', {}, [s('id', 'response', 'string')])];
    expect(kinds(compareFields(page, spec))).toEqual(['missing-in-spec id -', 'missing-in-page - a', 'missing-in-page - b']);
  });

  it('compares nested properties of paired fields, through a schema-table reference', () => {
    const page = [p('user', 'response', 'object', {}, [p('id', 'response', 'integer'), p('name', 'response', 'string')])];
    const spec = [{ ...s('user', 'response', 'object'), schemaRef: 'openapi.yaml#/components/schemas/User' }];
    const table = { 'openapi.yaml#/components/schemas/User': [s('id', 'response', 'string'), s('name', 'response', 'string')] };
    const drift = compareFields(page, spec, { resolveSchemaRef: (key) => table[key as keyof typeof table] });
    expect(kinds(drift)).toEqual(['type user.id user.id']);
  });

  it('header names compare case-insensitively; auth headers are left to the security scheme', () => {
    const page = [p('authorization', 'header', 'string', { required: true }), p('x-trace', 'header', 'string')];
    const spec = [s('X-Trace', 'header', 'string')];
    expect(compareFields(page, spec, { ignorePageHeaders: ['Authorization'] })).toEqual([]);
    expect(kinds(compareFields(page, spec))).toEqual(['missing-in-spec authorization -']);
  });
});

describe('normalizeType / typesCompatible', () => {
  it.each([
    ['Object[]', 'object[]'],
    ['array<string>', 'string[]'],
    ['List[int]', 'integer[]'],
    ['enum<string>', 'string'],
    ['string | null', 'string'],
    ['number | string', 'number | string'],
    ['(string | integer)[]', '(integer | string)[]'],
    ['array', 'any[]'],
    ['file', 'string'],
    ['Vector', undefined],
    ['', undefined],
  ])('%s -> %s', (raw, normalized) => {
    expect(normalizeType(raw)).toBe(normalized);
  });

  it('a page "number" accepts a spec "integer"; a page "integer" does not accept a spec "number"', () => {
    expect(typesCompatible('number', 'integer')).toBe(true);
    expect(typesCompatible('integer', 'number')).toBe(false);
    expect(typesCompatible('number[]', 'integer[]')).toBe(true);
  });

  it('any, a bare array and types that are not comparable never drift', () => {
    expect(typesCompatible(normalizeType('array'), normalizeType('object[]'))).toBe(true);
    expect(typesCompatible(undefined, 'string')).toBe(true);
    expect(typesCompatible('any', 'object')).toBe(true);
    expect(typesCompatible('object', 'object[]')).toBe(false);
    expect(typesCompatible('string', 'number | string')).toBe(false);
  });
});
