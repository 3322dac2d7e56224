import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentType } from '../../src/site/site-files.js';

export const exampleDir = fileURLToPath(new URL('../../docs-example/', import.meta.url));

const created: string[] = [];

/** A fresh copy of docs-example (without its build output), so tests can edit it. */
export function copyOfExample(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'docs-build-site-'));
  created.push(dir);
  const root = path.join(dir, 'docs');
  cpSync(exampleDir, root, { recursive: true, filter: (source) => !source.split(path.sep).includes('.docs-build') });
  return root;
}

/** A fresh empty folder (removed by `removeTemporaries`). */
export function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'docs-build-out-'));
  created.push(dir);
  return dir;
}

export function removeTemporaries(): void {
  // Retried: a Vite server closing in the background may still be writing its dependency cache there.
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}

/** Every file under `dir`, relative, sorted. */
export function filesUnder(dir: string, relative = ''): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(dir, relative), { withFileTypes: true })) {
    const rel = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...filesUnder(dir, rel));
    else found.push(rel);
  }
  return found.sort();
}

/**
 * A static file server as hosts behave: `/a` serves `a` or redirects to `/a/` when `a` is a folder,
 * `/a/` serves `a/index.html`, anything else is `404.html` with status 404. `prefix` mounts the folder
 * under a path (`/docs/` for an export with --base /docs/). No backend, no rewrites.
 */
export async function staticServer(dir: string, prefix = '/'): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let pathname = decodeURIComponent(url.pathname);
    const notFound = (): void => {
      const page = path.join(dir, '404.html');
      res.writeHead(404, { 'Content-Type': contentType('.html') });
      res.end(existsSync(page) ? readFileSync(page) : 'not found');
    };
    if (!pathname.startsWith(prefix)) return notFound();
    pathname = pathname.slice(prefix.length);
    const file = path.join(dir, pathname);
    if (!file.startsWith(dir)) return notFound();
    let target = file;
    if (existsSync(file) && statSync(file).isDirectory()) {
      if (!url.pathname.endsWith('/')) {
        res.writeHead(301, { Location: `${url.pathname}/${url.search}` });
        return res.end();
      }
      target = path.join(file, 'index.html');
    }
    if (!existsSync(target) || !statSync(target).isFile()) return notFound();
    res.writeHead(200, { 'Content-Type': contentType(path.extname(target)) });
    res.end(readFileSync(target));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}${prefix}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
