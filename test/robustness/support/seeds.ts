/**
 * What the fuzzers of the robustness suite and `npm run fuzz` mutate with: snippets per kind of input,
 * and the helpers that take a seed apart and write it back (no vitest here).
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { serializeJson, type Json } from './mutate.js';
import { copyRoot, fixturesDir, writeFiles } from './roots.js';

export const jsonSnippets = ['{', '}', '[', ']', ',', ':', '"', '//', '/*', 'null', '"$ref": "./missing.json",', '"__proto__": {"polluted": 1},', '\\u', '\\uD800', '01', '1e999', '-', 'NaN'];

export const specSnippets = ['{', '}', '[', ']', ',', ':', '"', '- ', ': ', '\n  ', '&a ', '*a', '<<: *a\n', '!!js/function "x"', '"$ref": "#/",', '$ref: ../x.yaml\n', '%YAML 1.1\n', '---\n', '...\n', '#'];

/** Pages of fixtures/robust-api that a case may overwrite (all are in its navigation). */
export const pageTargets = ['endpoint.mdx', 'index.mdx', 'from-spec.mdx', 'schema-page.mdx', 'guide.md'];

export const mdxSnippets = [
  '<ParamField path="id" type="string" required>', '<ParamField body="x" query="y">', '<ParamField>', '</ParamField>',
  '<ResponseField name="r" type="object">', '<ResponseField type="x" />', '</ResponseField>', '<Expandable title="more">', '<Expandable>',
  '</Expandable>', '{', '}', '{/* c */}', '{1 +}', '{props.x}', '<', '>', '</', '<br>', '<img src="x">', '<Foo.Bar />', '<a b={c} />',
  ' default={[1, {a: 2}]}', ' required={true}', ' required={false}', ' type={"str" + "ing"}', '\nimport X from "../../outside.mdx"\n',
  '\nimport S from "/snippets/missing.mdx"\n', '\nimport { a } from "%2e%2e/%2e%2e/etc/passwd.mdx"\n', '\nimport P from "/etc/passwd.mdx"\n',
  '\nexport const a = 1\n', '\nexport default function () {}\n', '\n---\n', '---\n', '```\n', '$$\n', '<!-- ', '-->', '*', '_', '[link](',
  '\n\n', '    ', '|a|b|\n|-|-|\n', ':::', '&nbsp;', '&#xD800;', '\\', '`', 'api: "GET /x/{id}"\n', 'openapi: "openapi.json GET /nope"\n',
  'title: [\n', 'title: *x\n', ': :\n', '\t', 'authMethod: none\n', 'playground: nope\n', '? \n', '!!binary x\n', '&a [*a]\n',
];

export function splitFrontmatter(text: string): { frontmatter: Json; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  if (!match) return { frontmatter: {}, body: text };
  return { frontmatter: (parseYaml(match[1]!) ?? {}) as Json, body: text.slice(match[0].length) };
}

/** Block YAML; JSON (which is YAML too) when the value is nested too deep for the yaml library's stringifier. */
export function frontmatterYaml(value: Json): string {
  try {
    return stringifyYaml(value, { lineWidth: 0 });
  } catch {
    return `${JSON.stringify(value)}\n`;
  }
}

/** A spec in its format; JSON (YAML too, in flow style) when nested too deep for the YAML stringifier. */
export function serializeSpec(value: Json, format: 'json' | 'yaml'): string {
  if (format === 'json') return serializeJson(value);
  try {
    return stringifyYaml(value, { lineWidth: 0, aliasDuplicateObjects: false });
  } catch {
    // Nested too deep for the yaml library's stringifier: JSON is YAML too (flow style).
    return JSON.stringify(value);
  }
}

/** fixtures/robust-api with its specs as YAML: openapi.yaml and schemas.yaml, references renamed. */
export function yamlVariant(): string {
  const root = copyRoot(path.join(fixturesDir, 'robust-api'));
  const rename = (text: string): string => text.replace(/openapi\.json/g, 'openapi.yaml').replace(/schemas\.json/g, 'schemas.yaml');
  for (const file of ['openapi.json', 'schemas.json']) {
    const value = JSON.parse(rename(readFileSync(path.join(root, file), 'utf8'))) as Json;
    writeFileSync(path.join(root, file.replace('.json', '.yaml')), serializeSpec(value, 'yaml'));
    renameSync(path.join(root, file), path.join(root, `${file}.unused`));
  }
  for (const file of ['docs.json', 'from-spec.mdx', 'schema-page.mdx']) writeFileSync(path.join(root, file), rename(readFileSync(path.join(root, file), 'utf8')));
  return root;
}

/** fixtures/robust-api plus a tab that generates every operation of a corpus spec. */
export function corpusVariant(specPath: string): string | undefined {
  if (!existsSync(specPath)) return undefined;
  const root = copyRoot(path.join(fixturesDir, 'robust-api'));
  const config = JSON.parse(readFileSync(path.join(root, 'docs.json'), 'utf8')) as { navigation: { tabs: Json[] } };
  config.navigation.tabs.push({ tab: 'Corpus', openapi: { source: 'corpus-spec.json', directory: 'corpus' }, groups: [{ group: 'Corpus', pages: ['generated-intro'] }] });
  writeFiles(root, { 'docs.json': JSON.stringify(config, null, 2), 'corpus-spec.json': readFileSync(specPath) });
  return root;
}

/**
 * What the content stage reads beyond the page parser: snippet imports (with props, named, nested, of
 * themselves), `<Snippet file>`, docs.json variables, links and images of every kind, fenced code with
 * meta, components that nest or take JSX as props, and what needs running JavaScript.
 */
export const contentSnippets = [
  "\nimport Support from '/snippets/support.mdx'\n", '<Support />', "\nimport Greeting, { Aside } from '/snippets/greeting.mdx'\n",
  '<Greeting word="fuzz" />', '<Greeting word={<b>bold</b>} />', '<Aside />', "\nimport Loop from '/snippets/greeting.mdx'\n",
  '<Snippet file="support.mdx" />', '<Snippet file="../docs.json" />', '<Snippet file="greeting.mdx" word="x" />', "\nimport J from '/snippets/x.jsx'\n",
  '{{product}}', '{{missing}}', '{{', '}}', '{word}', '{props.word}', '[a](/quickstart#nope)', '[b](#code)', '[c](../../../../etc/passwd)',
  '[d](/guides/components)', '[e](https://example.com)', '[f](mailto:a@b.c)', '[g](javascript:alert(1))', '![i](/images/nope.png)', '![j](/logo/light.svg)',
  '<Card title="c" href="/nope">', '<Card title="c" href="#code" icon="rocket">', '</Card>', '<CardGroup cols={2}>', '</CardGroup>',
  '\n```js title="a.js" {1,3-4} wrap icon="js" lines\nconst a = 1;\nconst b = 2;\n```\n', '\n```\n', '\n```mermaid\ngraph TD; A-->B\n```\n',
  '\n```acme\nlet x = 1\n```\n', '\n```json\n{"a": [1, 2, {"b": null}]}\n```\n', '<CodeGroup>', '</CodeGroup>', '<Tabs>', '<Tab title="T">', '</Tab>', '</Tabs>',
  '<Steps>', '<Step title="S">', '</Step>', '</Steps>', '<Accordion title={<b>x</b>}>', '</Accordion>', '<AccordionGroup>', '</AccordionGroup>',
  '<Visibility for="agents">', '<Visibility for="humans">', '</Visibility>', '\nexport const C = () => <div/>\n', '<C />', '<Icon icon="rocket" />',
  '<Icon icon="/images/x.svg" />', '<Mermaid chart="graph TD; A-->B" />', '$$x^2$$', '$x$', '<Tooltip tip="t">', '</Tooltip>', '<Columns cols={2}>',
  '</Columns>', '<Tree>', '<Tree.Folder name="a" defaultOpen>', '<Tree.File name="b" />', '</Tree.Folder>', '</Tree>', '<Update label="v1" description="d">',
  '</Update>', '<Badge color="red">', '</Badge>', '<Frame caption="c">', '</Frame>', '<RequestExample>', '</RequestExample>', '<ResponseExample>',
  '</ResponseExample>', '\n## Heading {#custom-id}\n', '\n## Heading\n', '\n# \n', '<a href="javascript:alert(1)">x</a>', '<img src="data:image/png;base64,AA" />',
  '<Note>', '</Note>', '{[1, 2].map((x) => <b>{x}</b>)}', '<div style={{ color: "red" }}>', '</div>', '<iframe src="https://example.com" />',
  '\n| a | b |\n|---|---|\n| <Note>x</Note> | `y` |\n', '[^1]\n\n[^1]: foot\n', '<br/>', '<Panel>', '</Panel>', '<Callout icon="x" color="#f00">',
  '</Callout>', '<ParamField body="x" type="string">', '</ParamField>', '<Expandable title="more">', '</Expandable>', '<Check>', '</Check>',
];

/** Files the content kind adds to its copy of docs-example: a snippet with props and a named export, and variables. */
export const contentFixtures: Record<string, string> = {
  'snippets/greeting.mdx':
    "import Support from '/snippets/support.mdx';\n\nexport const Aside = () => <Note>An aside</Note>;\n\nHello {word}, welcome to {{product}}.\n\n```js\nconsole.log({{version}});\n```\n\n<Support />\n",
  'guides/fuzzed.mdx':
    "---\ntitle: Fuzzed\n---\nimport Greeting, { Aside } from '/snippets/greeting.mdx';\n\n## Start\n\n<Greeting word=\"reader\" />\n\n<Aside />\n\nSee [components](/guides/components#code) and [above](#start).\n\n<Snippet file=\"support.mdx\" />\n",
};
