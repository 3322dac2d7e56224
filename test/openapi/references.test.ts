import { describe, expect, it } from 'vitest';
import { matchSpecFile, parseSchemaReference, specCandidates } from '../../src/openapi/index.js';
import { brief, makeRoot } from './helpers.js';

describe('parseSchemaReference', () => {
  it('reads a name with an optional file', () => {
    expect(parseSchemaReference('User')).toEqual({ kind: 'schema', name: 'User' });
    expect(parseSchemaReference('/box-openapi.json ClientError')).toEqual({ kind: 'schema', file: '/box-openapi.json', name: 'ClientError' });
    expect(parseSchemaReference('a b c')).toEqual({ kind: 'invalid', message: '"a b c" is not of the form "<Name>" or "<file> <Name>"' });
    expect(parseSchemaReference('  ')).toEqual({ kind: 'invalid', message: '"  " is not of the form "<Name>" or "<file> <Name>"' });
  });
});

describe('matchSpecFile', () => {
  const at = { file: 'guides/users.mdx', line: 2, column: 10 };
  const candidates = ['openapi.json', 'openapi.yaml', 'api/v3-openapi.yaml', 'api/admin.json', 'es/api/admin.json'];

  it('matches exactly, with or without leading slash or extension', () => {
    expect(matchSpecFile('api/admin.json', candidates, at)).toEqual({ value: 'api/admin.json', diagnostics: [] });
    expect(matchSpecFile('/api/admin.json', candidates, at)).toEqual({ value: 'api/admin.json', diagnostics: [] });
    expect(matchSpecFile('./api/admin.json', candidates, at)).toEqual({ value: 'api/admin.json', diagnostics: [] });
    expect(matchSpecFile('api/v3-openapi', candidates, at)).toEqual({ value: 'api/v3-openapi.yaml', diagnostics: [] });
    expect(matchSpecFile('/openapi.yaml', candidates, at)).toEqual({ value: 'openapi.yaml', diagnostics: [] });
  });

  it('reports a name that fits several files', () => {
    const result = matchSpecFile('/openapi', candidates, at);
    expect(result.value).toBeUndefined();
    expect(result.diagnostics.map(brief)).toEqual(['openapi/ambiguous-spec guides/users.mdx:2:10 "/openapi" matches several OpenAPI files: openapi.json, openapi.yaml']);
    expect(result.diagnostics[0]!.suggestion).toBe('write the file name with its extension, e.g. "openapi.json"');
  });

  it('reports a missing file with the closest one', () => {
    const result = matchSpecFile('api/admn.json', candidates, at);
    expect(result.diagnostics.map(brief)).toEqual(['openapi/spec-not-found guides/users.mdx:2:10 no OpenAPI file "api/admn.json" in the docs root']);
    expect(result.diagnostics[0]!.suggestion).toBe('did you mean "api/admin.json"?');
    const far = matchSpecFile('specs/deeply/nested/v3-openapi.yaml', candidates, at);
    expect(far.diagnostics[0]!.suggestion).toBe('did you mean "api/v3-openapi.yaml"?');
    const nothing = matchSpecFile('zzzzzzzz.json', [], at);
    expect(nothing.diagnostics[0]!.suggestion).toBeUndefined();
  });

  it('lists the spec-like files of a root', () => {
    const root = makeRoot({ 'docs.json': '{}', 'a.yaml': '', 'b/c.yml': '', 'b/d.json': '', 'page.mdx': '' });
    expect(specCandidates(root, ['https://x.test/o.json'])).toEqual(['a.yaml', 'b/c.yml', 'b/d.json', 'https://x.test/o.json']);
  });
});
