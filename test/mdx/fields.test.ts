import { describe, expect, it } from 'vitest';
import { parseMdxPage } from '../../src/mdx/index.js';
import { brief, shape, sourceFile } from './helpers.js';

/** An endpoint page (field problems are errors there) with the body starting on line 5. */
const endpoint = (body: string, path = 'api/users.mdx') => parseMdxPage(sourceFile(path, `---\ntitle: Users\napi: GET /users/{id}\n---\n${body}`));

describe('ParamField', () => {
  it('takes its name and location from exactly one of path, body, query, header', () => {
    const { value, diagnostics } = endpoint(
      [
        '<ParamField path="id" type="string" required>The user id.</ParamField>',
        '<ParamField query="limit" type="integer" default={20}>Page size.</ParamField>',
        '<ParamField header="X-Trace" type="string" />',
        '<ParamField body="email" type="string" required={true} deprecated />',
      ].join('\n'),
    );
    expect(diagnostics).toEqual([]);
    expect(value.params).toEqual([
      { name: 'id', in: 'path', type: 'string', required: true, description: 'The user id.', source: { file: 'api/users.mdx', line: 5, column: 1 } },
      { name: 'limit', in: 'query', type: 'integer', required: false, default: 20, description: 'Page size.', source: { file: 'api/users.mdx', line: 6, column: 1 } },
      { name: 'X-Trace', in: 'header', type: 'string', required: false, source: { file: 'api/users.mdx', line: 7, column: 1 } },
      { name: 'email', in: 'body', type: 'string', required: true, deprecated: true, source: { file: 'api/users.mdx', line: 8, column: 1 } },
    ]);
    // Fixed key order: the manifest's bytes do not depend on attribute order.
    expect(Object.keys(value.params[1]!)).toEqual(['name', 'in', 'type', 'required', 'default', 'description', 'source']);
  });

  it('without a location attribute is an error at the component, and the field is left out', () => {
    const { value, diagnostics } = endpoint('Intro.\n\n  <ParamField type="string" name="limit">x</ParamField>\n');
    expect(brief(diagnostics)).toEqual([
      { code: 'mdx/param-location-missing', line: 7, column: 3, message: '<ParamField> needs one of path, body, query or header, holding the parameter name' },
    ]);
    expect(diagnostics[0]?.severity).toBe('error');
    expect(diagnostics[0]?.suggestion).toBe('replace name= with the location, e.g. query="limit"');
    expect(value.params).toEqual([]);
  });

  it('with a location attribute but no name is an error', () => {
    const { diagnostics } = endpoint('<ParamField body type="string" />\n');
    expect(brief(diagnostics)).toEqual([
      { code: 'mdx/param-location-missing', line: 5, column: 1, message: 'the body attribute has no value; it must hold the parameter name' },
    ]);
  });

  it('with two locations is an error at the component; the first is used', () => {
    const { value, diagnostics } = endpoint('\n<ParamField query="id" path="id" type="string" />\n');
    expect(brief(diagnostics)).toEqual([
      { code: 'mdx/param-location-multiple', line: 6, column: 1, message: '<ParamField> has query and path; a parameter has exactly one location (query is used)' },
    ]);
    expect(diagnostics[0]?.suggestion).toBe('keep one of query=, path=');
    expect(shape(value.params)).toEqual([{ name: 'id', in: 'query', type: 'string', required: false }]);
  });

  it('reads required as a flag: bare, {true}, "true" are true; {false}, "false", absent are false', () => {
    const { value } = endpoint(
      ['a required', 'b required={true}', 'c required="true"', 'd required={false}', 'e required="false"', 'f'].map((rest) => `<ParamField query="${rest.split(' ')[0]}" ${rest.split(' ').slice(1).join(' ')} />`).join('\n'),
    );
    expect(value.params.map((field) => [field.name, field.required])).toEqual([
      ['a', true],
      ['b', true],
      ['c', true],
      ['d', false],
      ['e', false],
      ['f', false],
    ]);
  });

  it('evaluates literal defaults without running code', () => {
    const defaults = ['"10"', '{10}', '{-1.5}', '{true}', '{null}', "{'single'}", '{`template`}', '{["a", 1, [false]]}', '{{ a: { "b-c": [1, 2] }, 3: "x" }}', '{{}}'];
    const { value, diagnostics } = endpoint(defaults.map((d, i) => `<ParamField query="p${i}" default=${d} />`).join('\n'));
    expect(diagnostics).toEqual([]);
    expect(value.params.map((field) => field.default)).toEqual(['10', 10, -1.5, true, null, 'single', 'template', ['a', 1, [false]], { a: { 'b-c': [1, 2] }, '3': 'x' }, {}]);
  });

  it('keeps a literal __proto__ key as data', () => {
    const { value } = endpoint('<ParamField query="p" default={{ __proto__: { polluted: true } }} />');
    const fieldDefault = value.params[0]?.default as Record<string, unknown>;
    expect(Object.keys(fieldDefault)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('keeps non-literal attribute values as source text, with a warning at the attribute', () => {
    const { value, diagnostics } = endpoint(
      [
        '<ParamField query="a" type={Types.id} default={someVar} />',
        '<ParamField query="b" default={`x${y}`} required={isRequired} />',
        '<ParamField query={name} deprecated={flag} />',
        '<ParamField query="c" default={() => 1} default2={ignored} />',
        '<ParamField query="d" {...common} />',
      ].join('\n'),
    );
    expect(brief(diagnostics)).toEqual([
      { code: 'mdx/non-literal-attribute', line: 5, column: 23, message: 'the type attribute of <ParamField> is an expression ({Types.id}) that docs-build cannot evaluate; its source text is used as the type' },
      { code: 'mdx/non-literal-attribute', line: 5, column: 39, message: 'the default attribute of <ParamField> is an expression ({someVar}) that docs-build cannot evaluate; its source text is used as the default' },
      { code: 'mdx/non-literal-attribute', line: 6, column: 23, message: 'the default attribute of <ParamField> is an expression ({`x${y}`}) that docs-build cannot evaluate; its source text is used as the default' },
      { code: 'mdx/non-literal-attribute', line: 6, column: 41, message: 'the required attribute of <ParamField> is an expression ({isRequired}) that docs-build cannot evaluate; it is read as false' },
      { code: 'mdx/non-literal-attribute', line: 7, column: 13, message: 'the query attribute of <ParamField> is an expression ({name}) that docs-build cannot evaluate; its source text is used as the name' },
      { code: 'mdx/non-literal-attribute', line: 7, column: 26, message: 'the deprecated attribute of <ParamField> is an expression ({flag}) that docs-build cannot evaluate; it is read as false' },
      { code: 'mdx/non-literal-attribute', line: 8, column: 23, message: 'the default attribute of <ParamField> is an expression ({() => 1}) that docs-build cannot evaluate; its source text is used as the default' },
      { code: 'mdx/non-literal-attribute', line: 9, column: 23, message: '<ParamField> spreads {...common}; docs-build cannot see the attributes it sets' },
    ]);
    expect(diagnostics.every((d) => d.severity === 'warning')).toBe(true);
    expect(value.params.map((field) => [field.name, field.type, field.default ?? null, field.required])).toEqual([
      ['a', '{Types.id}', '{someVar}', false],
      ['b', '', '{`x${y}`}', false],
      ['{name}', '', null, false],
      ['c', '', '{() => 1}', false],
      ['d', '', null, false],
    ]);
  });
});

describe('ResponseField', () => {
  it('needs a name: an error on endpoint pages', () => {
    const { value, diagnostics } = endpoint('## Response\n\n<ResponseField type="string" required>The id.</ResponseField>\n');
    expect(brief(diagnostics)).toEqual([{ code: 'mdx/response-name-missing', line: 7, column: 1, message: '<ResponseField> has no name attribute' }]);
    expect(diagnostics[0]?.severity).toBe('error');
    expect(value.responseFields).toEqual([]);
  });

  it('needs no name on other pages: an info (SDK references document return values this way)', () => {
    const { diagnostics } = parseMdxPage(sourceFile('sdk/echo.mdx', '---\ntitle: ECHO\n---\n\n<ResponseField type="str" required>\n  The message.\n</ResponseField>\n<ParamField type="Dict" />\n'));
    const readsNothing = 'on a page without api: or openapi: it only renders, and docs-build reads no field from it';
    expect(brief(diagnostics)).toEqual([
      { code: 'mdx/unnamed-field', line: 5, column: 1, message: `<ResponseField> has no name attribute; ${readsNothing}` },
      { code: 'mdx/unnamed-field', line: 8, column: 1, message: `<ParamField> needs one of path, body, query or header, holding the parameter name; ${readsNothing}` },
    ]);
    expect(diagnostics.map((d) => d.severity)).toEqual(['info', 'info']);
  });

  it('with an empty name is an error', () => {
    const { diagnostics } = endpoint('<ResponseField name="" type="string" />\n');
    expect(brief(diagnostics)).toEqual([{ code: 'mdx/response-name-missing', line: 5, column: 1, message: 'the name attribute has no value; it must hold the field name' }]);
  });

  it('reads name, type, required and default', () => {
    const { value } = endpoint('<ResponseField name="count" type="integer" required default={0} />\n');
    expect(value.responseFields).toEqual([{ name: 'count', in: 'response', type: 'integer', required: true, default: 0, source: { file: 'api/users.mdx', line: 5, column: 1 } }]);
  });
});

describe('nesting and descriptions', () => {
  const nested = [
    '<ResponseField name="user" type="object" required>',
    '  The user.',
    '',
    '  <Expandable title="properties">',
    '    <ResponseField name="profile" type="object">',
    '      Public profile.',
    '      <Expandable title="profile">',
    '        <ResponseField name="links" type="object">',
    '          <Expandable>',
    '            <ResponseField name="website" type="string">',
    '              Home page.',
    '',
    '              ```json',
    '              "https://example.com"',
    '              ```',
    '            </ResponseField>',
    '          </Expandable>',
    '        </ResponseField>',
    '      </Expandable>',
    '    </ResponseField>',
    '    <ResponseField name="id" type="string" required />',
    '  </Expandable>',
    '</ResponseField>',
  ].join('\n');

  it('makes fields inside Expandable the properties of the enclosing field, to any depth', () => {
    const { value, diagnostics } = endpoint(`${nested}\n`);
    expect(diagnostics).toEqual([]);
    expect(shape(value.responseFields)).toEqual([
      {
        name: 'user',
        in: 'response',
        type: 'object',
        required: true,
        properties: [
          {
            name: 'profile',
            in: 'response',
            type: 'object',
            required: false,
            properties: [{ name: 'links', in: 'response', type: 'object', required: false, properties: [{ name: 'website', in: 'response', type: 'string', required: false }] }],
          },
          { name: 'id', in: 'response', type: 'string', required: true },
        ],
      },
    ]);
    const user = value.responseFields[0]!;
    expect(user.description).toBe('The user.');
    expect(user.properties?.[0]?.description).toBe('Public profile.');
    // The wrapper's indentation is gone; the code block's own layout stays.
    expect(user.properties?.[0]?.properties?.[0]?.properties?.[0]?.description).toBe('Home page.\n\n```json\n"https://example.com"\n```');
    expect(user.properties?.[0]?.properties?.[0]?.properties?.[0]?.source).toEqual({ file: 'api/users.mdx', line: 14, column: 13 });
    expect(user.properties?.[0]?.properties?.[0]).not.toHaveProperty('description');
  });

  it('nests a field placed directly inside another field; nested fields share the root location', () => {
    const { value } = endpoint(
      ['<ParamField body="filter" type="object">', '  Filter.', '  <ParamField body="field" type="string" required />', '  <ResponseField name="op" type="string" />', '  <ParamField name="value" type="string" />', '</ParamField>'].join('\n'),
    );
    expect(shape(value.params)).toEqual([
      {
        name: 'filter',
        in: 'body',
        type: 'object',
        required: false,
        properties: [
          { name: 'field', in: 'body', type: 'string', required: true },
          { name: 'op', in: 'body', type: 'string', required: false },
          { name: 'value', in: 'body', type: 'string', required: false },
        ],
      },
    ]);
    expect(value.params[0]?.description).toBe('Filter.');
  });

  it('finds fields wherever they sit (Tabs, Accordion, CodeGroup, inline) and keeps document order', () => {
    const { value, diagnostics } = endpoint(
      [
        '<Tabs>',
        '  <Tab title="Path">',
        '    <ParamField path="id" type="string" required />',
        '  </Tab>',
        '  <Tab title="Query">',
        '    <Accordion title="More">',
        '      <ParamField query="q" type="string" />',
        '    </Accordion>',
        '  </Tab>',
        '</Tabs>',
        '',
        '<CodeGroup>',
        '  <ResponseField name="ok" type="boolean" />',
        '</CodeGroup>',
        '',
        'The header <ParamField header="X-Id" type="string" /> is optional.',
      ].join('\n'),
    );
    expect(diagnostics).toEqual([]);
    expect(value.params.map((field) => `${field.in}:${field.name}@${'line' in field.source ? field.source.line : 0}`)).toEqual(['path:id@7', 'query:q@11', 'header:X-Id@20']);
    expect(value.responseFields.map((field) => field.name)).toEqual(['ok']);
  });

  it('turns CRLF into LF in descriptions', () => {
    const { value } = parseMdxPage(sourceFile('a.mdx', '<ParamField query="a">\r\n  one\r\n  two\r\n\r\n  three\r\n</ParamField>\r\n'));
    expect(value.params[0]?.description).toBe('one\ntwo\n\nthree');
  });
});

describe('prose and imports', () => {
  it('collects markdown outside field components, one block per top-level node, wrappers opened up', () => {
    const { value } = endpoint(
      [
        "import Note from '/snippets/note.mdx'",
        '',
        '## Request',
        '',
        '<ParamField path="id" type="string">Id.</ParamField>',
        '',
        '<Tabs>',
        '  <Tab title="A">',
        '    Tab text.',
        '    <ResponseField name="a" type="string" />',
        '  </Tab>',
        '</Tabs>',
        '',
        '{/* a comment */}',
        '',
        '<RequestExample>',
        '```bash',
        'curl https://example.com',
        '```',
        '</RequestExample>',
      ].join('\n'),
    );
    expect(value.prose.map((block) => [block.location.line, block.text])).toEqual([
      [7, '## Request'],
      [13, 'Tab text.'],
      [18, '{/* a comment */}'],
      [20, '<RequestExample>\n```bash\ncurl https://example.com\n```\n</RequestExample>'],
    ]);
  });

  it('lists imports and re-exports with their positions', () => {
    const { value } = parseMdxPage(
      sourceFile('guides/a.mdx', "---\ntitle: A\n---\nimport Snippet from '/snippets/x.mdx'\nimport { Chart } from '../components/chart.jsx'\n\nexport { default as B } from './b.mdx'\n\n# A\n"),
    );
    expect(value.imports).toEqual([
      { specifier: '/snippets/x.mdx', location: { file: 'guides/a.mdx', line: 4, column: 1 } },
      { specifier: '../components/chart.jsx', location: { file: 'guides/a.mdx', line: 5, column: 1 } },
      { specifier: './b.mdx', location: { file: 'guides/a.mdx', line: 7, column: 1 } },
    ]);
  });
});
