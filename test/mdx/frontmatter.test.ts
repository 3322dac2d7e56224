import { describe, expect, it } from 'vitest';
import { locateFrontmatter, parseMdxPage } from '../../src/mdx/index.js';
import { brief, sourceFile } from './helpers.js';

const page = (frontmatter: string, body = '\n# Hello\n', path = 'guides/getting-started.mdx') => parseMdxPage(sourceFile(path, `---\n${frontmatter}\n---\n${body}`));

describe('frontmatter values', () => {
  it('keeps every key as written and reads the known ones', () => {
    const { value, diagnostics } = page(
      ['title: "Create a user"', 'sidebarTitle: Create', 'description: Adds a user.', 'hidden: true', 'deprecated: true', 'icon: rocket', 'tag: NEW', 'seo:', '  noindex: true', 'api: post /users', 'playground: simple', 'authMethod: key', 'openapi: openapi.json GET /users', 'openapi-schema: User'].join('\n'),
    );
    expect(diagnostics).toEqual([]);
    expect(value.frontmatter).toEqual({
      title: 'Create a user',
      sidebarTitle: 'Create',
      description: 'Adds a user.',
      hidden: true,
      deprecated: true,
      icon: 'rocket',
      tag: 'NEW',
      seo: { noindex: true },
      api: 'post /users',
      playground: 'simple',
      authMethod: 'key',
      openapi: 'openapi.json GET /users',
      'openapi-schema': 'User',
    });
    expect(value.title).toBe('Create a user');
    expect(value.sidebarTitle).toBe('Create');
    expect(value.description).toBe('Adds a user.');
    expect(value.hidden).toBe(true);
    expect(value.deprecated).toBe(true);
    // Methods are accepted in any case and stored upper-case.
    expect(value.api).toEqual({ method: 'POST', target: '/users', location: { file: 'guides/getting-started.mdx', line: 11, column: 6, endLine: 11, endColumn: 17 } });
    expect(value.playground).toEqual({ value: 'simple', location: { file: 'guides/getting-started.mdx', line: 12, column: 13, endLine: 12, endColumn: 19 } });
    expect(value.authMethod?.value).toBe('key');
    expect(value.authMethod?.location).toMatchObject({ line: 13, column: 13 });
    expect(value.openapiRef).toEqual({ value: 'openapi.json GET /users', location: { file: 'guides/getting-started.mdx', line: 14, column: 10, endLine: 14, endColumn: 33 } });
    expect(value.openapiSchemaRef?.value).toBe('User');
    expect(value.openapiSchemaRef?.location).toMatchObject({ line: 15, column: 17 });
    expect(value.contentHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('derives the title from the file name when frontmatter has none', () => {
    expect(page('description: x').value.title).toBe('Getting started');
    expect(parseMdxPage(sourceFile('api/list_all-users.md', '# Hi\n')).value.title).toBe('List all users');
    expect(parseMdxPage(sourceFile('index.mdx', '')).value.title).toBe('Index');
  });

  it('treats a key without a value (YAML null) and an empty title as not set', () => {
    const { value, diagnostics } = page('title:\napi:\nplayground:\nauthMethod:');
    expect(diagnostics).toEqual([]);
    expect(value.title).toBe('Getting started');
    expect(value.api).toBeUndefined();
    expect(page('title: ""').value.title).toBe('Getting started');
  });

  it('locates keys and values for later stages, and falls back to the block for absent keys', () => {
    const { value } = page('title: Hi\napi: GET /a');
    expect(locateFrontmatter(value, 'api')).toEqual({ file: 'guides/getting-started.mdx', line: 3, column: 6, endLine: 3, endColumn: 12 });
    expect(locateFrontmatter(value, 'api', 'key')).toEqual({ file: 'guides/getting-started.mdx', line: 3, column: 1, endLine: 3, endColumn: 4 });
    expect(locateFrontmatter(value, 'missing')).toEqual({ file: 'guides/getting-started.mdx', line: 1, column: 1 });
  });

  it('is empty and position-free without frontmatter', () => {
    const { value, diagnostics } = parseMdxPage(sourceFile('a.mdx', '# Title\n\ntext\n'));
    expect(diagnostics).toEqual([]);
    expect(value.frontmatter).toEqual({});
    expect(value.frontmatterSpan).toBeUndefined();
  });
});

describe('frontmatter rules', () => {
  it('title must be a string', () => {
    const { value, diagnostics } = page('description: d\ntitle: 2.0');
    expect(brief(diagnostics)).toEqual([{ code: 'mdx/invalid-title', line: 3, column: 8, message: 'title must be a string, not the number 2' }]);
    expect(diagnostics[0]?.suggestion).toBe('quote it: title: "2.0"');
    // The scalar as written still titles the page.
    expect(value.title).toBe('2.0');
    const list = page('title:\n  - a\n  - b');
    expect(brief(list.diagnostics)).toEqual([{ code: 'mdx/invalid-title', line: 3, column: 3, message: 'title must be a string, not a list' }]);
    expect(list.value.title).toBe('Getting started');
  });

  it.each([
    ['FETCH /users', 'api "FETCH /users" does not start with an HTTP method (GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, TRACE)', 'did you mean "PATCH"?'],
    ['GET users/{id}', 'api target "users/{id}" must be a full URL or a path starting with "/"', 'api: "GET /users/{id}"'],
    ['/users', 'api "/users" has no HTTP method before the target', 'put the method first, e.g. api: "GET /users"'],
    ['DELETE', 'api "DELETE" has a method but no target', 'add the path or URL, e.g. api: "DELETE /users"'],
    ['GET /a /b', 'api "GET /a /b" has more than a method and a target', 'write the target without spaces (encode a space as %20)'],
    ['GET ftp://files.example.com/a', 'api target "ftp://files.example.com/a" must be an http or https URL, or a path starting with "/"', undefined],
    ['GET https://', 'api target "https://" has no host', 'e.g. api: "GET /users/{id}" or api: "POST https://api.example.com/users"'],
  ])('api %j is an error at its value', (api, message, suggestion) => {
    const { value, diagnostics } = page(`title: T\napi: ${api}`);
    expect(brief(diagnostics)).toEqual([{ code: 'mdx/invalid-api', line: 3, column: 6, message }]);
    expect(diagnostics[0]?.suggestion).toBe(suggestion);
    expect(diagnostics[0]?.severity).toBe('error');
    expect(value.api).toBeUndefined();
  });

  it('api must be a string', () => {
    const { diagnostics } = page('api: 42');
    expect(brief(diagnostics)).toEqual([{ code: 'mdx/invalid-api', line: 2, column: 6, message: 'api must be a string of the shape "<METHOD> <target>", not the number 42' }]);
  });

  it('accepts every HTTP method in any case, with full URLs and paths', () => {
    for (const method of ['GET', 'post', 'Put', 'PATCH', 'delete', 'HEAD', 'options', 'TRACE']) {
      const { value, diagnostics } = page(`api: "${method} https://api.example.com/v1/items/{id}"`);
      expect(diagnostics).toEqual([]);
      expect(value.api?.method).toBe(method.toUpperCase());
      expect(value.api?.target).toBe('https://api.example.com/v1/items/{id}');
    }
  });

  it('playground must be interactive, simple or none', () => {
    const { value, diagnostics } = page('title: T\nplayground: Simple');
    expect(brief(diagnostics)).toEqual([{ code: 'mdx/invalid-playground', line: 3, column: 13, message: 'playground must be interactive, simple or none, not "Simple"' }]);
    expect(diagnostics[0]?.suggestion).toBe('did you mean "simple"?');
    expect(value.playground).toBeUndefined();
    expect(brief(page('playground: true').diagnostics)[0]?.message).toBe('playground must be interactive, simple or none, not the boolean true');
  });

  it('authMethod must be bearer, basic, key or none', () => {
    const { value, diagnostics } = page('title: T\nauthMethod: Bearer');
    expect(brief(diagnostics)).toEqual([{ code: 'mdx/invalid-auth-method', line: 3, column: 13, message: 'authMethod must be bearer, basic, key or none, not "Bearer"' }]);
    expect(diagnostics[0]?.suggestion).toBe('did you mean "bearer"?');
    expect(value.authMethod).toBeUndefined();
    expect(page('authMethod: oauth2').diagnostics[0]?.suggestion).toBe('authMethod takes bearer, basic, key or none');
  });

  it('authMethod "GET" (seen in real repositories) is an error that points at api:', () => {
    const { diagnostics } = page('title: "Fetch"\napi: "GET https://{endpoint}/fetch"\nauthMethod: "GET"');
    expect(brief(diagnostics)).toEqual([
      { code: 'mdx/invalid-auth-method', line: 4, column: 13, message: 'authMethod "GET" is an HTTP method, not an authentication method (api: already says GET)' },
    ]);
    expect(diagnostics[0]?.suggestion).toBe('did you mean to put it in `api:` (e.g. api: "GET /path")? authMethod takes bearer, basic, key or none');
    const alone = page('authMethod: post');
    expect(alone.diagnostics[0]?.message).toBe('authMethod "post" is an HTTP method, not an authentication method');
    expect(alone.diagnostics[0]?.suggestion).toContain('api: "POST /path"');
  });

  it('openapi and openapi-schema must be non-empty strings', () => {
    const { diagnostics } = page('openapi: [a, b]\nopenapi-schema: ""');
    expect(brief(diagnostics)).toEqual([
      { code: 'mdx/invalid-openapi-reference', line: 2, column: 10, message: 'openapi must be a non-empty string, not a list' },
      { code: 'mdx/invalid-openapi-reference', line: 3, column: 17, message: 'openapi-schema must be a non-empty string, not ""' },
    ]);
  });

  it('frontmatter must be a mapping', () => {
    const list = page('- a\n- b');
    expect(brief(list.diagnostics)).toEqual([{ code: 'mdx/frontmatter-not-object', line: 2, column: 1, message: 'frontmatter must be a mapping of keys to values, not a list' }]);
    expect(list.value.frontmatter).toEqual({});
    const scalar = page('just words');
    expect(brief(scalar.diagnostics)).toEqual([{ code: 'mdx/frontmatter-not-object', line: 2, column: 1, message: 'frontmatter must be a mapping of keys to values, not a string' }]);
  });

  it('a YAML error is reported once, at its place in the page, and the body is still read', () => {
    const { value, diagnostics } = page('title: Intro\ndescription: "unterminated\nicon: x', '\n<ParamField query="q" type="string">Query</ParamField>\n');
    // yaml reports where it expected the closing quote: the end of the block (page line 4).
    expect(brief(diagnostics)).toEqual([{ code: 'mdx/frontmatter-syntax-error', line: 4, column: 8, message: 'frontmatter is not valid YAML: missing closing "quote' }]);
    expect(diagnostics[0]?.suggestion).toContain('close the quote');
    expect(value.frontmatter).toEqual({});
    expect(value.title).toBe('Getting started');
    expect(value.params.map((field) => field.name)).toEqual(['q']);
  });

  it('a colon in an unquoted value and a duplicate key are YAML errors with a suggestion', () => {
    const colon = page('title: Step 1: install');
    expect(brief(colon.diagnostics)).toEqual([{ code: 'mdx/frontmatter-syntax-error', line: 2, column: 8, message: 'frontmatter is not valid YAML: nested mappings are not allowed in compact mappings' }]);
    expect(colon.diagnostics[0]?.suggestion).toBe('quote values that contain ": ", e.g. title: "Step 1: install"');
    const duplicate = page('title: A\ndescription: d\ntitle: B');
    expect(brief(duplicate.diagnostics)).toEqual([{ code: 'mdx/frontmatter-syntax-error', line: 4, column: 1, message: 'frontmatter is not valid YAML: map keys must be unique' }]);
  });

  it('a recursive alias is cut, not a crash or a cycle in the output', () => {
    const { value, diagnostics } = page('a: &x [*x]');
    expect(diagnostics).toEqual([]);
    expect(value.frontmatter).toEqual({ a: [null] });
    expect(() => JSON.stringify(value)).not.toThrow();
  });

  it('keeps positions right with CRLF line endings', () => {
    const text = '---\r\ntitle: T\r\napi: GET /a\r\nplayground: hidden\r\n---\r\n\r\n<ParamField path="a">A</ParamField>\r\n\r\n<ParamField>x</ParamField>\r\n';
    const { value, diagnostics } = parseMdxPage(sourceFile('crlf.mdx', text));
    expect(brief(diagnostics)).toEqual([
      { code: 'mdx/invalid-playground', line: 4, column: 13, message: 'playground must be interactive, simple or none, not "hidden"' },
      { code: 'mdx/param-location-missing', line: 9, column: 1, message: '<ParamField> needs one of path, body, query or header, holding the parameter name' },
    ]);
    expect(value.api?.location).toMatchObject({ line: 3, column: 6 });
    expect(value.params[0]?.source).toEqual({ file: 'crlf.mdx', line: 7, column: 1 });
  });

  it('keeps positions right after a byte order mark', () => {
    const text = '\uFEFF---\ntitle: 5\n---\n\n<ResponseField type="string">x</ResponseField>\n';
    const { value, diagnostics } = parseMdxPage(sourceFile('bom.mdx', text));
    expect(brief(diagnostics)).toEqual([
      { code: 'mdx/invalid-title', line: 2, column: 8, message: 'title must be a string, not the number 5' },
      { code: 'mdx/unnamed-field', line: 5, column: 1, message: '<ResponseField> has no name attribute; on a page without api: or openapi: it only renders, and docs-build reads no field from it' },
    ]);
    expect(value.frontmatter).toEqual({ title: 5 });
  });
});

describe('frontmatter keys named like Object.prototype members', () => {
  it('are plain keys with their own positions', () => {
    const { value, diagnostics } = parseMdxPage(sourceFile('proto.mdx', '---\n__proto__: x\nconstructor: y\ntitle: A\n---\n\nText.\n'));
    expect(diagnostics).toEqual([]);
    expect(value.title).toBe('A');
    expect(Object.getPrototypeOf(value.frontmatterPositions)).toBe(Object.prototype);
    expect(Object.keys(value.frontmatterPositions)).toEqual(['__proto__', 'constructor', 'title']);
    expect(value.frontmatterPositions['__proto__']?.value).toMatchObject({ line: 2, column: 12 });
  });
});
