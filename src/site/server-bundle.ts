import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isRunning } from '../root/index.js';
import { generatorVersion } from '../version.js';
import type { ServerEntry } from './dev-middleware.js';
import { sitePaths } from './paths.js';

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

function filesUnder(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(full));
    else if (entry.isFile() && !entry.name.endsWith('.map') && !entry.name.endsWith('.d.ts')) found.push(full);
  }
  return found;
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
  /** Whether the bundle was built now (false: reused from `cacheDir`). */
  built: boolean;
}

const bundleFolder = /^ssr-([0-9a-f]{16})$/;
const temporaryFolder = /^\.ssr-[0-9a-f]{16}\.(\d+)-[0-9a-f]+$/;

/**
 * The server entry, built by Vite for Node with every dependency inside (the file may live anywhere:
 * bare imports would not resolve from a docs root's cache folder). `cacheDir` is a folder docs-build
 * owns (the Vite cache of the docs root, checked by the caller); without one the bundle is built in a
 * temporary folder and removed after loading.
 */
export async function loadServerEntry(cacheDir: string | undefined): Promise<LoadedServerEntry> {
  const name = `ssr-${themeIdentity().slice(0, 16)}`;
  if (cacheDir !== undefined) {
    const file = path.join(cacheDir, name, 'server.mjs');
    if (existsSync(file)) return { entry: await importEntry(file), built: false };
  }
  const parent = cacheDir ?? tmpdir();
  mkdirSync(parent, { recursive: true });
  const temporary = path.join(parent, `.${name}.${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    await buildServerBundle(temporary);
    if (cacheDir === undefined) return { entry: await importEntry(path.join(temporary, 'server.mjs')), built: true };
    const target = path.join(cacheDir, name);
    try {
      renameSync(temporary, target);
    } catch {
      // Another export built the same bundle first: use theirs.
    }
    removeOtherBundles(cacheDir, name);
    return { entry: await importEntry(path.join(target, 'server.mjs')), built: true };
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
}

async function importEntry(file: string): Promise<ServerEntry> {
  const module = (await import(pathToFileURL(file).href)) as Partial<ServerEntry>;
  if (typeof module.render !== 'function') throw new Error(`docs-build: ${file} is not a server bundle (no render function)`);
  return module as ServerEntry;
}

async function buildServerBundle(outDir: string): Promise<void> {
  const [{ build }, { default: react }] = await Promise.all([import('vite'), import('@vitejs/plugin-react')]);
  const paths = sitePaths();
  await build({
    root: paths.packageDir,
    configFile: false,
    envDir: false,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react()],
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
}

/** Bundles of other themes (an earlier docs-build) and the leftovers of killed builds. */
function removeOtherBundles(cacheDir: string, keep: string): void {
  for (const entry of readdirSync(cacheDir)) {
    const temporary = temporaryFolder.exec(entry);
    const stale = (bundleFolder.test(entry) && entry !== keep) || (temporary !== null && !isRunning(Number(temporary[1])));
    if (stale) rmSync(path.join(cacheDir, entry), { recursive: true, force: true });
  }
}
