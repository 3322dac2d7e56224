// Bundles the CLI (and the MDX worker) into dist/bin/ with esbuild. Node resolves and loads several
// hundred small ESM files otherwise, which costs ~250 ms at every start; a warm rebuild should not.
// Dependencies are bundled from their ESM builds; code-split chunks keep `migrate`, `job` and the
// pipeline stages loading on demand.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

// acorn ships an ESM and a CommonJS build; micromark-extension-mdxjs imports the first and acorn-jsx
// requires the second, so both were bundled (236 KB more for every run that parses a page to compile).
// acorn-jsx takes the Parser it extends from its argument anyway: one acorn serves both.
const oneAcorn = {
  name: 'one-acorn',
  setup(build) {
    build.onResolve({ filter: /^acorn$/ }, async (args) => {
      if (args.kind !== 'require-call') return undefined;
      const resolved = await build.resolve('acorn', { kind: 'import-statement', resolveDir: args.resolveDir });
      return resolved.errors.length > 0 ? undefined : { path: resolved.path };
    });
  },
};

// The site (dev, export, docs-build/vite) runs Vite and React from node_modules, where Vite resolves
// them too: bundled, they would be a second copy (and Vite's own dynamic requires break).
const external = ['vite', '@vitejs/plugin-react', 'react', 'react-dom', 'react-dom/*', 'react/*', 'shiki', 'shiki/*', '@shikijs/*', 'mermaid', 'katex', 'minisearch', 'playwright-core'];

// Chunk names carry content hashes: without a clean folder, every rebuild would leave the old ones.
rmSync('dist/bin', { recursive: true, force: true });

await build({
  // `build`, `root` and `export` export the library's build(), DocsRoot and exportSite() over the same
  // chunks as the CLI: the benchmarks' children measure exactly the code `docs-build build` and `docs-build
  // export` run (build.js is build() alone: the library index would also load the compiled docs.json
  // validator, which a reused run never needs).
  entryPoints: {
    main: 'dist/cli/main.js',
    'process-settings': 'dist/cli/process-settings.js',
    'parse-worker': 'dist/mdx/parse-worker.js',
    'highlight-worker': 'dist/content/highlight-worker.js',
    build: 'dist/pipeline/build.js',
    root: 'dist/root/index.js',
    export: 'dist/site/export.js',
  },
  outdir: 'dist/bin',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  mainFields: ['module', 'main'],
  // Bundled CommonJS dependencies call require(); give them one.
  banner: { js: "import { createRequire as __docsBuildCreateRequire } from 'node:module'; const require = __docsBuildCreateRequire(import.meta.url);" },
  plugins: [oneAcorn],
  external,
  logLevel: 'warning',
});

// yaml is 70 CommonJS modules, loaded (~36 ms) by nearly every run that patches a page (its
// frontmatter): as one file beside the chunks it loads in ~12 ms. `yamlLibrary` takes it from there.
await build({
  entryPoints: { yaml: 'node_modules/yaml/dist/index.js' },
  outdir: 'dist/bin/vendor',
  outExtension: { '.js': '.cjs' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
});

// tsc compiles the theme but leaves its stylesheets: dist/theme imports them like src/theme does.
if (existsSync('src/theme/styles')) cpSync('src/theme/styles', 'dist/theme/styles', { recursive: true });

// The code's fingerprint: the bundle's bytes and the versions of the packages it leaves outside. The
// compiler's cache is keyed by it with the version (src/version.ts), so code that changed without a
// version bump (a checkout of main, a patched install) never reads entries an older compiler wrote.
{
  const hash = createHash('sha256');
  const files = readdirSync('dist/bin', { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) hash.update(`${file}\n`).update(readFileSync(file));
  // `@shikijs/*` stands for every package of the scope that is installed.
  const externalPackages = external.flatMap((name) => {
    if (!name.endsWith('/*')) return [name];
    const scope = name.slice(0, -2);
    return scope.startsWith('@') && existsSync(`node_modules/${scope}`) ? readdirSync(`node_modules/${scope}`).sort().map((part) => `${scope}/${part}`) : [];
  });
  for (const name of externalPackages) {
    let version = '?';
    try {
      version = JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')).version ?? '?';
    } catch {
      // not installed: the name alone goes in
    }
    hash.update(`${name}@${version}\n`);
  }
  writeFileSync('dist/code-fingerprint.json', `${JSON.stringify({ fingerprint: hash.digest('hex').slice(0, 16) })}\n`);
}
