import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { locateCacheFolder } from '../incremental/cache-folder.js';
import { generatorVersion } from '../version.js';
import type { ServerEntry } from './dev-middleware.js';
import { sitePaths } from './paths.js';
import { pruneBundles, temporaryBundleFolder } from './bundle-cache.js';

/*
 * The export renders with Vite's SSR build of the server entry (`entries/server.tsx`, the same code dev
 * renders through Vite's SSR transform). The build depends only on docs-build's own theme, never on the
 * docs, so it is made once per theme and kept: an export that re-renders one page does not pay the
 * seconds of transforming the theme again.
 */

/** Packages whose code ends up in the server bundle or decides how it is built. */
const bundledPackages = ['vite', '@vitejs/plugin-react', 'react', 'react-dom', 'hast-util-to-jsx-runtime', 'katex'];

let identity: string | undefined;

/**
 * What the theme's output depends on, as a hash: docs-build's version, the theme's and entries' files
 * (their bytes), and the versions of the packages bundled with them. Equal identities render equal HTML
 * from equal data, and build equal client bundles from equal site data.
 */
export function themeIdentity(): string {
  if (identity !== undefined) return identity;
  const paths = sitePaths();
  const hash = createHash('sha256').update(`${generatorVersion}\n`);
  for (const dir of [paths.themeDir, path.dirname(paths.serverEntry)]) {
    for (const file of filesUnder(dir)) hash.update(`${path.relative(paths.packageDir, file)}\n`).update(readFileSync(file));
  }
  for (const name of bundledPackages) hash.update(`${name}@${packageVersion(paths.nodeModules, name)}\n`);
  identity = hash.digest('hex');
  return identity;
}

/** The theme's files that end up in a bundle (not source maps or type declarations), sorted. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.map') && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

function packageVersion(nodeModules: string, name: string): string {
  try {
    return (JSON.parse(readFileSync(path.join(nodeModules, name, 'package.json'), 'utf8')) as { version?: string }).version ?? '?';
  } catch {
    return '?';
  }
}

export interface LoadedServerEntry {
  entry: ServerEntry;
  /** The stylesheets the server entry imports (absolute paths), for a page rendered with it to link. */
  styles: string[];
}

/** The Vite cache of a docs root, unless a Vite config names another: the dev server's, and where the server bundle is kept. */
export const defaultViteCacheDir = (root: string): string => path.join(root, '.docs-build', 'vite');

/**
 * Where docs-build keeps files in the Vite cache (the server and client bundles, a preview's site data):
 * its real path, located as a cache is (a link inside the docs root that leads out of it is refused),
 * or undefined when it cannot be used.
 */
export function keptFilesFolder(viteCacheDir: string, root: string): string | undefined {
  const located = locateCacheFolder(viteCacheDir, root);
  return located.ok ? located.dir : undefined;
}

/**
 * The server entry, built by Vite for Node with every dependency inside (the file may live anywhere:
 * bare imports would not resolve from a docs root's cache folder). `cacheDir` is a folder docs-build
 * owns (the Vite cache of the docs root, checked by the caller); without one the bundle is built in a
 * temporary folder and removed after loading.
 */
export async function loadServerEntry(cacheDir: string | undefined): Promise<LoadedServerEntry> {
  const name = bundleName();
  const cached = cacheDir === undefined ? undefined : await cachedServerEntry(cacheDir);
  if (cached) return cached;
  const parent = cacheDir ?? tmpdir();
  mkdirSync(parent, { recursive: true });
  const temporary = temporaryBundleFolder(parent, name);
  try {
    await buildServerBundle(temporary);
    if (cacheDir === undefined) return await importBundle(temporary);
    const target = path.join(cacheDir, name);
    try {
      renameSync(temporary, target);
    } catch {
      // Another export built the same bundle first (use theirs), or a folder of that name is incomplete
      // (a bundle of an earlier docs-build that wrote no list of stylesheets): replace it.
      if (!(await cachedServerEntry(cacheDir).catch(() => undefined))) {
        rmSync(target, { recursive: true, force: true });
        renameSync(temporary, target);
      }
    }
    pruneBundles(cacheDir, 'ssr', name);
    return await importBundle(target);
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
}

const bundleName = (): string => `ssr-${themeIdentity().slice(0, 16)}`;

/** The server bundle of this theme when `cacheDir` holds it already (nothing is built). */
export async function cachedServerEntry(cacheDir: string): Promise<LoadedServerEntry | undefined> {
  const folder = path.join(cacheDir, bundleName());
  if (!existsSync(path.join(folder, 'server.mjs')) || !existsSync(path.join(folder, stylesFile))) return undefined;
  return importBundle(folder);
}

/** The stylesheets the bundle's entry imports, relative to docs-build's folder (written beside the bundle). */
const stylesFile = 'styles.json';

async function importBundle(folder: string): Promise<LoadedServerEntry> {
  const file = path.join(folder, 'server.mjs');
  const module = (await import(pathToFileURL(file).href)) as Partial<ServerEntry>;
  if (typeof module.render !== 'function') throw new Error(`docs-build: ${file} is not a server bundle (no render function)`);
  const listed: unknown = JSON.parse(readFileSync(path.join(folder, stylesFile), 'utf8'));
  const packageDir = sitePaths().packageDir;
  const styles = Array.isArray(listed) ? listed.filter((entry): entry is string => typeof entry === 'string').map((entry) => path.join(packageDir, entry)) : [];
  return { entry: module as ServerEntry, styles };
}

async function buildServerBundle(outDir: string): Promise<void> {
  const [{ build }, { default: react }] = await Promise.all([import('vite'), import('@vitejs/plugin-react')]);
  const paths = sitePaths();
  // The stylesheets the theme imports (an `@import` inside one is part of it): dev links them in the
  // page it renders with this bundle, so the first paint is styled.
  const styles = new Set<string>();
  const recordStyles: Plugin = {
    name: 'docs-build:record-styles',
    enforce: 'pre',
    load(id) {
      if (/\.css$/.test(id)) styles.add(path.relative(paths.packageDir, id).split(path.sep).join('/'));
      return undefined;
    },
  };
  await build({
    root: paths.packageDir,
    configFile: false,
    envDir: false,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react(), recordStyles],
    // Everything inside: React's server renderer and the theme's dependencies resolve from docs-build's
    // node_modules at build time, wherever the bundle is loaded from later.
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: paths.serverEntry,
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      reportCompressedSize: false,
      minify: false,
      rollupOptions: { output: { format: 'es', entryFileNames: 'server.mjs' } },
    },
  });
  writeFileSync(path.join(outDir, stylesFile), `${JSON.stringify([...styles].sort())}\n`);
}
