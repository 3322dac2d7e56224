import { copyFileSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generatorBuild } from '../version.js';
import type { SiteCompiler, SiteSnapshot } from './compiler.js';
import { hashKey, isClientBundle, type ClientBundle } from './export-state.js';
import { routesModule } from './modules.js';
import { sitePaths } from './paths.js';
import { pruneBundles, temporaryBundleFolder } from './bundle-cache.js';
import { isWithin } from '../root/index.js';
import { themeIdentity } from './server-bundle.js';

/*
 * The export's client bundle: Vite's build of the client entry with the site module and the routes.
 * Pages' data are not in it (each is a JSON file), so it depends on the theme, the base and the site
 * data alone. The last one made is kept in docs-build's folder of the Vite cache: a full export of the
 * same site data (a new --out, another site URL, a CI job that restored the cache) copies its files
 * instead of spending seconds in Vite (2.1 s of a 2.5 s export of docs-example with a warm compiler cache).
 */

/** The list of a kept bundle's files, written last. */
const listFile = 'bundle.json';

/** Where Vite writes the bundle's files in the export. */
const assetsDir = '_docs-build/assets';

/** A kept list that names only files of the bundle's own folder of the export, and names its entry, styles and preloads among them. */
function isKeptList(value: unknown): value is ClientBundle {
  if (!isClientBundle(value)) return false;
  const files = new Set(value.files);
  return value.files.every((file) => file.startsWith(`${assetsDir}/`)) && [value.entry, ...value.css, ...value.preload].every((file) => files.has(file));
}

/**
 * The client bundle written into `outDir` (the new export's folder, still empty): copied from `cacheDir`
 * when it holds this one, else built by Vite and then kept there. Without `cacheDir` (`cache: false`, or
 * no usable cache folder) it is built.
 */
export async function clientBundle(compiler: SiteCompiler, snapshot: SiteSnapshot, outDir: string, cacheDir: string | undefined): Promise<ClientBundle> {
  if (cacheDir === undefined) return bundleClient(compiler, outDir);
  // Everything the build reads that is not the theme: the bundle's own modules, as the plugin serves them,
  // and NODE_ENV, which Vite and the React plugin take over the mode when it is set (React's development
  // build under `development` or a test runner's `test`; its production build otherwise).
  const modules = [snapshot.siteKey, routesModule(snapshot.pageIds(), 'fetch', compiler.base)];
  const name = `client-${hashKey(themeIdentity(), generatorBuild, compiler.base, process.env.NODE_ENV ?? '', ...modules)}`;
  const kept = copyKept(path.join(cacheDir, name), outDir);
  if (kept) return kept;
  const bundle = await bundleClient(compiler, outDir);
  keep(cacheDir, name, outDir, bundle);
  return bundle;
}

/** The kept bundle's files copied into `outDir`, or undefined when `folder` holds no whole, plain bundle. */
function copyKept(folder: string, outDir: string): ClientBundle | undefined {
  let listed: unknown;
  try {
    // The folder itself a link (`cacheDir` is a real path): not followed.
    if (realpathSync.native(folder) !== folder) return undefined;
    listed = JSON.parse(readFileSync(path.join(folder, listFile), 'utf8'));
  } catch {
    return undefined;
  }
  // The cache is not trusted: a file missing, or a link that leads anywhere, and the bundle is built again.
  if (!isKeptList(listed) || !listed.files.every((file) => isPlainFileIn(folder, path.join(folder, file)))) return undefined;
  try {
    copyFiles(listed.files, folder, outDir);
  } catch {
    // Replaced meanwhile by another export of the same docs root (a bundle of other site data): built here.
    for (const entry of readdirSync(outDir)) rmSync(path.join(outDir, entry), { recursive: true, force: true });
    return undefined;
  }
  return { entry: listed.entry, css: listed.css, preload: listed.preload, files: listed.files };
}

/** `files` (relative paths) copied from one folder to the same paths in another. */
function copyFiles(files: readonly string[], from: string, to: string): void {
  for (const file of files) {
    mkdirSync(path.dirname(path.join(to, file)), { recursive: true });
    copyFileSync(path.join(from, file), path.join(to, file));
  }
}

function isPlainFileIn(folder: string, file: string): boolean {
  try {
    return lstatSync(file).isFile() && isWithin(realpathSync.native(file), folder);
  } catch {
    return false;
  }
}

/** Keeps a copy of the bundle just built into `builtDir` as `cacheDir/name`, the only client bundle there. */
function keep(cacheDir: string, name: string, builtDir: string, bundle: ClientBundle): void {
  // A bundle the next export would refuse is not kept (Vite writing outside its assets folder, say).
  if (!isKeptList(bundle)) return;
  const temporary = temporaryBundleFolder(cacheDir, name);
  try {
    copyFiles(bundle.files, builtDir, temporary);
    writeFileSync(path.join(temporary, listFile), `${JSON.stringify(bundle)}\n`);
    rmSync(path.join(cacheDir, name), { recursive: true, force: true });
    renameSync(temporary, path.join(cacheDir, name));
    pruneBundles(cacheDir, 'client', name);
  } catch {
    // Only a cache: an export whose bundle could not be kept (a full disk) is still whole.
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
}

interface ViteManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** Vite's build of the client bundle into `outDir`, an empty folder. */
async function bundleClient(compiler: SiteCompiler, outDir: string): Promise<ClientBundle> {
  const [{ build }, { docsBuild }] = await Promise.all([import('vite'), import('./plugin.js')]);
  const paths = sitePaths();
  await build({
    // docs-build's folder, where the theme's dependencies resolve (see cli/dev.ts).
    root: paths.packageDir,
    base: compiler.base,
    configFile: false,
    envDir: false,
    logLevel: 'warn',
    mode: 'production',
    plugins: docsBuild({ compiler, watch: false, root: compiler.root, pageData: 'fetch' }),
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      manifest: '.vite/manifest.json',
      assetsDir,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 100_000,
      rollupOptions: { input: { client: paths.clientEntry } },
    },
  });
  const manifestFile = path.join(outDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ViteManifestChunk>;
  rmSync(path.join(outDir, '.vite'), { recursive: true, force: true });
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('docs-build: the client build produced no entry');
  const preload = new Set<string>();
  const css = new Set<string>(entry.css ?? []);
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk || preload.has(chunk.file)) return;
    preload.add(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach(visit);
  };
  entry.imports?.forEach(visit);
  return { entry: entry.file, css: [...css], preload: [...preload], files: writtenFiles(outDir) };
}

/** The files Vite wrote under `dir`, relative and `/`-separated, sorted. */
function writtenFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

