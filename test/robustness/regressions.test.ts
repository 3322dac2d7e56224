/**
 * Bugs the fuzzers found, each as the smallest input that shows it, asserting the right behaviour.
 * A new one gets its test here, failing, before its fix lands.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BuildRunner, expectBuildInvariants, removeTempDirs, summarize } from './support/build-runner.js';
import { copyRoot, fixturesDir, writeFiles } from './support/roots.js';

const runner = new BuildRunner();
afterAll(() => {
  runner.close();
  removeTempDirs();
});

async function build(files: Record<string, string>, base = 'robust-recursive-spec') {
  const reply = await runner.run({ root: writeFiles(copyRoot(path.join(fixturesDir, base)), files) }, 30_000);
  if (!reply.ok) throw new Error(reply.error);
  return reply;
}

describe('found by fuzz-config (docs.json)', () => {
  // Found by: { seed: 66786086, path: "120:0:0:20" } on docs-example (an endpoint reference retyped to []).
  // Was: manifest/page-id-collision of an operation page at {file, pointer} with no line/column.
  it('a page-id collision with a generated page points at the operation in the spec', async () => {
    const reply = await build({
      'docs.json': JSON.stringify({
        theme: 'mint',
        name: 'Collision',
        colors: { primary: '#0D9373' },
        navigation: { groups: [{ group: 'API', openapi: 'openapi.json', pages: ['api-reference/api-reference/get-a'] }] },
      }),
      'api-reference/api-reference/get-a.mdx': '---\ntitle: Hand-written\n---\n',
    });
    const spec = readFileSync(path.join(fixturesDir, 'robust-recursive-spec/openapi.json'), 'utf8');
    // At the operation's key, `"get"`, as other diagnostics about a whole operation are.
    const before = spec.slice(0, spec.indexOf('"get": {')).split('\n');
    expect(summarize(reply, (code) => code === 'manifest/page-id-collision')).toEqual([`error manifest/page-id-collision openapi.json:${before.length}:${before.at(-1)!.length + 1}`]);
  });
});

describe('found by fuzz-config: docs.json that is null', () => {
  // Found by: { seed: 1008579380, path: "575:0:0:0" } (the whole docs.json retyped to null).
  // Was: a docs.json holding `null` crashed build() in apiSettings ("Cannot read properties of null (reading 'api')").
  it('a docs.json holding null is config/invalid-type at 1:1, not an exception', async () => {
    const reply = await build({ 'docs.json': 'null\n' });
    expect(summarize(reply, (code) => code.startsWith('config/'))).toEqual(['error config/invalid-type docs.json:1:1']);
  });

  it('the other non-object documents already are', async () => {
    for (const text of ['[]', '"x"', '1', 'true']) {
      const reply = await build({ 'docs.json': `${text}\n` });
      expectBuildInvariants(reply);
      expect(summarize(reply, (code) => code.startsWith('config/'))).toEqual(['error config/invalid-type docs.json:1:1']);
    }
  });
});

describe('found by fuzz-openapi', () => {
  // Found by: { seed: 1355064270, path: "45:1:1:1:4:0:0:0:0:2:2:0:6:7:..." } (invalid bytes at the end of a YAML spec).
  // Was: js-yaml appends a newline to text lacking one, so a YAML error at the very end of such a file was reported one line past the end (7:1 in a 6-line file).
  it('a YAML error at the end of a file without a final newline is inside the file', async () => {
    const reply = await build({
      'docs.json': readFileSync(path.join(fixturesDir, 'robust-recursive-spec/docs.json'), 'utf8').replace('openapi.json', 'openapi.yaml'),
      'openapi.yaml': 'openapi: 3.1.0\ninfo:\n  title: x\n  version: "1"\npaths: {}\nfoo',
    });
    expect(summarize(reply, (code) => code === 'openapi/parse-error')).toEqual(['error openapi/parse-error openapi.yaml:6:4']);
  });

  it('the same error in a file that ends with a newline is reported inside the file (on the empty last line)', async () => {
    const reply = await build({
      'docs.json': readFileSync(path.join(fixturesDir, 'robust-recursive-spec/docs.json'), 'utf8').replace('openapi.json', 'openapi.yaml'),
      'openapi.yaml': 'openapi: 3.1.0\ninfo:\n  title: x\n  version: "1"\npaths: {}\nfoo\n',
    });
    expectBuildInvariants(reply);
    expect(summarize(reply, (code) => code === 'openapi/parse-error')).toEqual(['error openapi/parse-error openapi.yaml:7:1']);
  });
});

describe('found by the fuzzers: a long run of `{` without `}`', () => {
  // Found by: fuzz-openapi { seed: 332072521, path: "291:0:22" } (a server URL of 200,000 `{`; 30,000
  // took 3.1 s in `\{([^}]+)\}`, from every `{` to the end) and fuzz-config { seed: 2067030864, path:
  // "92:0:0:6" } (a logo href of 200,000 `{`: 29 s in the link resolver's `\{\{.*\}\}`).
  // Was: the build ran past the runner's time limit.
  const braces = '{'.repeat(200_000);

  it('a server URL of 200,000 `{` ends in a manifest or diagnostics', async () => {
    const spec = JSON.parse(readFileSync(path.join(fixturesDir, 'robust-api/openapi.json'), 'utf8')) as { servers: Array<{ url: string }> };
    spec.servers = [{ url: braces }];
    const reply = await build({ 'openapi.json': JSON.stringify(spec) }, 'robust-api');
    expectBuildInvariants(reply);
  });

  it('a logo href of 200,000 `{` ends in a manifest or diagnostics', async () => {
    const config = JSON.parse(readFileSync(path.join(fixturesDir, 'robust-api/docs.json'), 'utf8')) as Record<string, unknown>;
    config.logo = { light: '/logo.svg', dark: '/logo.svg', href: braces };
    const reply = await build({ 'docs.json': JSON.stringify(config) }, 'robust-api');
    expectBuildInvariants(reply);
  });
});

describe('found by fuzz-pages (frontmatter)', () => {
  // Found by: { seed: -1523417083, path: "1595:0:0:0:0:3" } (the first 8 characters of a page repeated).
  // Was: the end of a frontmatter syntax error came from yaml's LineCounter, which misses the block's last line: 3:1-3:8 on the 4-character line "----".
  it('a frontmatter syntax error ends inside the page', async () => {
    const reply = await build({ 'index.mdx': '---\n{}\n----\n{}\n---\n\nBody.\n' });
    expectBuildInvariants(reply);
    expect(reply.diagnostics.filter((d) => d.code === 'mdx/frontmatter-syntax-error').map((d) => `${d.line}:${d.column}-${d.endLine}:${d.endColumn}`)).toEqual(['3:1-4:3']);
  });
});
