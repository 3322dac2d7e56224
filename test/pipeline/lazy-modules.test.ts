import { spawnSync } from 'node:child_process';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { docsJsonWith, removeTempRoots, tempRoot } from '../helpers/temp-root.js';

afterAll(removeTempRoots);

const buildModule = pathToFileURL(path.resolve('dist/bin/build.js')).href;

/**
 * A build of `root` in its own process running the bundle the CLI runs (`dist/`, built by `npm test`),
 * with a module hook that lists every module it loads: what a rebuild pays for at start-up.
 * (Modules loaded with `require`, which the hook does not see, are listed from the require cache.)
 */
function modulesLoadedBy(root: string): string[] {
  const dir = tempRoot({
    'hook.mjs': "export async function load(url, context, next) { process.stderr.write(`LOADED ${url}\\n`); return next(url, context); }\n",
    'register.mjs': "import { register } from 'node:module';\nregister('./hook.mjs', import.meta.url);\n",
    'run.mjs': [
      "import { createRequire } from 'node:module';",
      `const { build } = await import(${JSON.stringify(buildModule)});`,
      `await build({ root: ${JSON.stringify(root)}, outFile: ${JSON.stringify(path.join(root, '.docs-build', 'manifest.json'))}, cache: true });`,
      "for (const file of Object.keys(createRequire(import.meta.url).cache)) process.stderr.write(`LOADED ${file}\\n`);",
      '',
    ].join('\n'),
  });
  const spawn = () => spawnSync(process.execPath, ['--import', path.join(dir, 'register.mjs'), path.join(dir, 'run.mjs')], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  let run = spawn();
  // Once in CI the instrumented process died by a signal, silently, as its highlighting worker ended
  // (module hooks in worker threads are still experimental in Node 20; not seen in 90 runs here under
  // load). A death by signal is run once more; an exit with an error code is not.
  if (run.status === null && run.signal !== null) run = spawn();
  if (run.status !== 0) throw new Error(`the build process failed (status ${run.status}, signal ${run.signal}, ${run.error?.message ?? 'no spawn error'}): ${run.stderr.slice(-2000)}`);
  return run.stderr.split('\n').flatMap((line) => (line.startsWith('LOADED ') ? [line.slice('LOADED '.length)] : []));
}

describe('what a rebuild loads', () => {
  it("a text edit whose code blocks all come from the cache never loads Shiki's core or vscode-textmate", () => {
    const root = tempRoot({
      'docs.json': docsJsonWith({ groups: [{ group: 'Start', pages: ['index'] }] }),
      'index.mdx': '---\ntitle: Home\n---\n\n# Welcome\n\n```ts title="app.ts"\nconst answer: number = 42;\n```\n\nA paragraph.\n',
    });
    const shikiCore = (loaded: string[]): string[] => loaded.filter((url) => /\/node_modules\/(shiki\/dist\/core|@shikijs\/core|@shikijs\/vscode-textmate)\//.test(url));
    // The first build highlights the block (and would load Shiki's core wherever it highlights).
    modulesLoadedBy(root);
    appendFileSync(path.join(root, 'index.mdx'), '\nOne more line.\n');
    const edit = modulesLoadedBy(root);
    expect(edit.some((url) => url.includes('/node_modules/shiki/'))).toBe(true);
    expect(shikiCore(edit)).toEqual([]);
    // A new block must be highlighted: then the core is loaded (the hook sees it, so the check above can fail).
    writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\n# Welcome\n\n```ts title="app.ts"\nconst answer: number = 43;\n```\n');
    expect(shikiCore(modulesLoadedBy(root)).length).toBeGreaterThan(0);
  }, 60_000);

  it('a snippet edit loads no YAML, JSON-with-positions or code-frame library', () => {
    const root = tempRoot({
      'docs.json': docsJsonWith({ groups: [{ group: 'Start', pages: ['index'] }] }),
      'index.mdx': "---\ntitle: Home\n---\nimport Note from '/snippets/note.mdx';\n\n# Welcome\n\n<Note />\n",
      'snippets/note.mdx': 'A note.\n',
    });
    // From node_modules, or bundled into a chunk of the CLI (esbuild names each bundled module's file).
    const library = /node_modules\/(yaml|js-yaml|jsonc-parser|@babel\/code-frame)\//;
    // The CLI's bundle loads yaml from its own one-file copy.
    const vendored = (url: string): boolean => url.endsWith('/dist/bin/vendor/yaml.cjs');
    const libraries = (loaded: string[]): string[] =>
      loaded.filter((url) => library.test(url) || vendored(url) || (url.startsWith('file:') && url.includes('/dist/bin/') && library.test(readFileSync(new URL(url), 'utf8'))));
    modulesLoadedBy(root);
    appendFileSync(path.join(root, 'snippets/note.mdx'), '\nOne more line.\n');
    expect(libraries(modulesLoadedBy(root))).toEqual([]);
    // A page's frontmatter is read with them (the listing sees them, so the check above can fail).
    appendFileSync(path.join(root, 'index.mdx'), '\nOne more line.\n');
    expect(libraries(modulesLoadedBy(root)).some((file) => file.includes('/node_modules/yaml/') || vendored(file))).toBe(true);
  }, 60_000);
});
