import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { createDiagnostic, type Diagnostic } from '../../src/diagnostics/index.js';
import { adjustableCodes, applyRules, ignoreFileText, parseIgnoreFile, parseRuleSettings, type SourceText } from '../../src/rules/index.js';

const at = (d: Diagnostic): string => `${d.code} ${d.severity} ${d.file ?? ''}:${d.line ?? ''}:${d.column ?? ''}`;
const settings = (json: unknown) => parseRuleSettings(JSON.stringify(json, null, 2), 'docs-build.json');

const unknownEndpoint = (file: string): Diagnostic =>
  createDiagnostic('openapi/unknown-endpoint', 'es/analytics.openapi.json has no operation GET /v1/x', { file, line: 4, column: 1 });
const responseNameMissing = (line: number): Diagnostic =>
  createDiagnostic('mdx/response-name-missing', '<ResponseField> needs a name', { file: 'redis/get.mdx', line, column: 3 });

describe('docs-build.json: rule settings', () => {
  it('reads rules and per-path overrides', () => {
    const { value, diagnostics } = settings({ $schema: './x.json', rules: { 'content/snippet-not-found': 'off' }, overrides: [{ files: ['es/**', 'fr/**'], rules: { 'openapi/unknown-endpoint': 'warn' } }, { files: 'zh/**', rules: { 'openapi/unknown-endpoint': 'info' } }] });
    expect(diagnostics).toEqual([]);
    expect(value).toEqual({
      rules: { 'content/snippet-not-found': 'off' },
      overrides: [
        { files: ['es/**', 'fr/**'], rules: { 'openapi/unknown-endpoint': 'warn' } },
        { files: ['zh/**'], rules: { 'openapi/unknown-endpoint': 'info' } },
      ],
    });
  });

  it('reports each mistake at file:line:col with a pointer, and keeps what is valid', () => {
    const { value, diagnostics } = settings({
      rules: { 'openapi/unknown-endpont': 'warn', 'content/snippet-not-found': 'warning', 'cache/ignored': 'off', 'config/unknown-key': 'off' },
      overides: [],
      overrides: [{ files: '/es/**', rules: {} }, { files: [], rules: {} }, { files: ['a/**'], rules: 'off', extra: 1 }],
    });
    expect(diagnostics.map((d) => `${at(d)} ${d.pointer} ${d.suggestion ?? ''}`)).toEqual([
      'rules/unknown-code warning docs-build.json:3:5 /rules/openapi~1unknown-endpont did you mean "openapi/unknown-endpoint"?',
      'rules/invalid-setting error docs-build.json:4:34 /rules/content~1snippet-not-found did you mean "warn"?',
      'rules/invalid-setting error docs-build.json:5:5 /rules/cache~1ignored ',
      'rules/unknown-key warning docs-build.json:8:3 /overides did you mean "overrides"?',
      'rules/invalid-setting error docs-build.json:11:16 /overrides/0/files "es/**"',
      'rules/invalid-setting error docs-build.json:15:16 /overrides/1/files ',
      'rules/unknown-key warning docs-build.json:23:7 /overrides/2/extra ',
      'rules/invalid-setting error docs-build.json:22:16 /overrides/2/rules ',
    ]);
    expect(value.rules).toEqual({ 'config/unknown-key': 'off' });
    expect(value.overrides).toEqual([{ files: ['a/**'], rules: {} }]);
  });

  // picomatch backtracks once per `*` of a segment: `*a` ten times and a `b` took 6 minutes for one name.
  it('refuses globs whose matching could take seconds per file, and keeps the ordinary ones', () => {
    const files = [`${'*a'.repeat(10)}b`, 'docs/*a*a*b.mdx', 'es/+(a|aa)+(a|aa)b', 'es/**', '**/api/*-v*.mdx', '**/**/*.md'];
    const { value, diagnostics } = settings({ overrides: [{ files, rules: { 'openapi/unknown-endpoint': 'warn' } }] });
    expect(diagnostics.map((d) => `${d.code} ${d.pointer}`)).toEqual([0, 1, 2].map((i) => `rules/invalid-setting /overrides/0/files/${i}`));
    expect(value.overrides).toEqual([{ files: ['es/**', '**/api/*-v*.mdx', '**/**/*.md'], rules: { 'openapi/unknown-endpoint': 'warn' } }]);
  });

  it('a code named like an Object.prototype member is an unknown code, not a crash', () => {
    const { value, diagnostics } = parseRuleSettings('{ "rules": { "constructor": "off", "toString": "warn" } }', 'docs-build.json');
    expect(diagnostics.map((d) => d.code)).toEqual(['rules/unknown-code', 'rules/unknown-code']);
    expect(value.rules).toEqual({});
  });

  it('invalid JSON is rules/invalid-json at its position; a non-object is rules/invalid-setting', () => {
    expect(parseRuleSettings('{\n  "rules": {,}\n}', 'docs-build.json').diagnostics.map(at)).toEqual(['rules/invalid-json error docs-build.json:2:13']);
    expect(parseRuleSettings('[]', 'docs-build.json').diagnostics.map(at)).toEqual(['rules/invalid-setting error docs-build.json:1:1']);
  });

  it('schema/rules.schema.json lists exactly the adjustable codes and agrees with the validator', () => {
    const schema = JSON.parse(readFileSync(new URL('../../schema/rules.schema.json', import.meta.url), 'utf8')) as { definitions: { rules: { propertyNames: { enum: string[] } } } };
    // Regenerate with `npx tsx scripts/diagnostics-doc.ts`.
    expect(schema.definitions.rules.propertyNames.enum).toEqual(adjustableCodes());
    expect(adjustableCodes()).not.toContain('cache/ignored');
    expect(adjustableCodes()).toContain('openapi/unknown-endpoint');
    const validate = new Ajv({ strict: false }).compile(schema);
    const cases: unknown[] = [
      { rules: { 'content/snippet-not-found': 'off' } },
      { overrides: [{ files: 'es/**', rules: { 'openapi/unknown-endpoint': 'warn' } }] },
      { rules: { 'content/snippet-not-found': 'warning' } },
      { rules: { 'cache/ignored': 'off' } },
      { overrides: [{ files: './es/**', rules: {} }] },
      { overrides: [{ files: [], rules: {} }] },
      { other: 1 },
    ];
    for (const json of cases) expect(validate(json), JSON.stringify(json)).toBe(settings(json).diagnostics.filter((d) => d.code !== 'rules/unknown-key').length === 0 && !('other' in (json as object)));
  });
});

describe('applyRules', () => {
  const sources: Record<string, string> = { 'redis/get.mdx': '# Get\n\n<ResponseField type="string">\n\n  <ResponseField type="number">\n' };
  const sourceText: SourceText = (file) => sources[file];

  it('turns a code off, or sets its severity, per path; the last matching override wins; counts what it drops', () => {
    const { value } = settings({
      rules: { 'mdx/response-name-missing': 'off', 'openapi/unknown-endpoint': 'error' },
      overrides: [{ files: ['es/**', 'fr/**'], rules: { 'openapi/unknown-endpoint': 'warn' } }, { files: 'fr/**', rules: { 'openapi/unknown-endpoint': 'info' } }],
    });
    const result = applyRules([unknownEndpoint('es/a.mdx'), unknownEndpoint('fr/a.mdx'), unknownEndpoint('api/a.mdx'), responseNameMissing(3)], { settings: value });
    expect(result.diagnostics.map(at)).toEqual(['openapi/unknown-endpoint warning es/a.mdx:4:1', 'openapi/unknown-endpoint info fr/a.mdx:4:1', 'openapi/unknown-endpoint error api/a.mdx:4:1']);
    expect(result.ignored).toEqual({ off: 1, ignoreFile: 0, byCode: { 'mdx/response-name-missing': 1 } });
  });

  it('never changes the fixed codes, whatever the settings say', () => {
    const settingsValue = { rules: { 'cache/ignored': 'off' as const }, overrides: [] };
    const cacheWarning = createDiagnostic('cache/ignored', 'foreign cache');
    expect(applyRules([cacheWarning], { settings: settingsValue }).diagnostics).toEqual([cacheWarning]);
  });

  it('the ignore file accepts a problem by pointer, by the hash of its lines (surviving line shifts and re-indentation), or by message', () => {
    const problems = [responseNameMissing(3), responseNameMissing(5), createDiagnostic('config/asset-not-found', '"/favicon.png" is missing', { file: 'docs.json', line: 10, column: 3, pointer: '/favicon' }), createDiagnostic('openapi/unknown-endpoint', 'no file')];
    const generated = ignoreFileText(problems, sourceText);
    expect(generated.count).toBe(4);
    const ignore = parseIgnoreFile(generated.text, '.docs-build-ignore.json');
    expect(ignore.diagnostics).toEqual([]);
    // Three lines inserted above, and the first field re-indented: the same two problems, elsewhere.
    sources['redis/get.mdx'] = `---\ntitle: Get\n---\n# Get\n\n    <ResponseField type="string">\n\n  <ResponseField type="number">\n`;
    const moved = [responseNameMissing(6), responseNameMissing(8), problems[2]!, problems[3]!];
    const result = applyRules(moved, { ignore: ignore.value, sourceText });
    expect(result.diagnostics).toEqual([]);
    expect(result.ignored).toEqual({ off: 0, ignoreFile: 4, byCode: { 'mdx/response-name-missing': 2, 'config/asset-not-found': 1, 'openapi/unknown-endpoint': 1 } });
  });

  it('a new problem is not accepted by an old entry, and an entry that matched nothing is an info at its place', () => {
    sources['redis/get.mdx'] = '# Get\n\n<ResponseField type="string">\n';
    const ignore = parseIgnoreFile(ignoreFileText([responseNameMissing(3)], sourceText).text, '.docs-build-ignore.json').value;
    sources['redis/get.mdx'] = '# Get\n\n<ResponseField type="boolean">\n';
    const result = applyRules([responseNameMissing(3)], { ignore, sourceText });
    expect(result.diagnostics.map(at)).toEqual(['mdx/response-name-missing error redis/get.mdx:3:3', 'rules/unused-ignore info .docs-build-ignore.json:5:5']);
  });

  it("entries of the export's own codes (site/*) are the export's to use: the build never reports them unused, the export only them", () => {
    const entries = { ignore: [{ code: 'site/path-taken', file: 'docs.json', pointer: '/redirects/0/source' }, { code: 'links/broken-link', file: 'a.mdx', message: 'gone' }] };
    const ignore = parseIgnoreFile(JSON.stringify(entries, null, 2), '.docs-build-ignore.json').value;
    const unused = (diagnostics: Diagnostic[]): string[] => diagnostics.filter((d) => d.code === 'rules/unused-ignore').map((d) => d.message);
    expect(unused(applyRules([], { ignore, sourceText }).diagnostics)).toEqual(['the accepted links/broken-link problem in a.mdx no longer occurs; the entry can go']);
    expect(unused(applyRules([], { ignore, sourceText }, { site: true }).diagnostics)).toEqual(['the accepted site/path-taken problem in docs.json no longer occurs; the entry can go']);
    const taken = createDiagnostic('site/path-taken', 'redirect source "/sitemap.xml" gets no HTML redirect', { file: 'docs.json', line: 3, column: 5, pointer: '/redirects/0/source' });
    const site = applyRules([taken], { ignore, sourceText }, { site: true });
    expect(site.diagnostics).toEqual([]);
    expect(site.ignored.byCode).toEqual({ 'site/path-taken': 1 });
  });

  it('an ignore file with a wrong entry reports it and keeps the rest', () => {
    const text = JSON.stringify({ ignore: [{ code: 'mdx/syntax-error', file: 'a.mdx' }, { code: 'mdx/syntax-error', file: 'a.mdx', hash: 12 }, { code: 'mdx/syntax-error', file: 'b.mdx', message: 'x', line: 3 }] }, null, 2);
    const { value, diagnostics } = parseIgnoreFile(text, '.docs-build-ignore.json');
    expect(diagnostics.map((d) => `${at(d)} ${d.pointer}`)).toEqual([
      'rules/invalid-setting error .docs-build-ignore.json:3:5 /ignore/0',
      'rules/invalid-setting error .docs-build-ignore.json:10:15 /ignore/1/hash',
      'rules/unknown-key warning .docs-build-ignore.json:16:7 /ignore/2/line',
    ]);
    expect(value.entries.map((e) => e.file)).toEqual(['b.mdx']);
  });
});
