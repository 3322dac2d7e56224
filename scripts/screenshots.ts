/**
 * Screenshots of docs-example for the README: `npx tsx scripts/screenshots.ts [--out docs/screenshots]`.
 *
 * Exports docs-example into a temporary folder, serves it from 127.0.0.1 as a static host would, and has
 * Chromium (playwright-core, /usr/bin/chromium) take a guide page and an API page in light and dark:
 * `docs/screenshots/{guide,api}-{light,dark}.png`, 1280x800 at device scale 1 (small files in git). The
 * appearance is the reader's stored choice (localStorage), as the theme toggle stores it.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { exportSite } from '../src/site/export.js';
import { contentType } from '../src/site/site-files.js';
import { appearanceStorageKey } from '../src/theme/layout/appearance.js';

const project = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const outDir = path.resolve(outAt >= 0 ? args[outAt + 1]! : path.join(project, 'docs', 'screenshots'));
const executablePath = process.env.DOCS_BUILD_CHROMIUM ?? '/usr/bin/chromium';

const shots = [
  { name: 'guide', page: 'guides/components' },
  { name: 'api', page: 'api-pages/get-task' },
] as const;

/** `/a/` -> `a/index.html`, `/a` -> `a/index.html` or `a`; anything else 404.html. */
function serve(dir: string): Promise<{ url: string; close(): void }> {
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    const file = path.join(dir, pathname);
    const candidates = [file, path.join(file, 'index.html')];
    const found = file.startsWith(dir) ? candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) : undefined;
    res.writeHead(found ? 200 : 404, { 'Content-Type': contentType(path.extname(found ?? '.html')) });
    res.end(readFileSync(found ?? path.join(dir, '404.html')));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() })),
  );
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'docs-build-screenshots-'));
  try {
    const site = path.join(work, 'site');
    const exported = await exportSite({ root: path.join(project, 'docs-example'), outDir: site, offline: true });
    if (!exported.written) throw new Error(`the export failed: ${exported.refused ?? JSON.stringify(exported.result.diagnostics.slice(0, 3))}`);
    const server = await serve(site);
    const browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars'] });
    try {
      mkdirSync(outDir, { recursive: true });
      for (const mode of ['light', 'dark'] as const) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
        await context.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [appearanceStorageKey, mode]);
        const page = await context.newPage();
        for (const shot of shots) {
          await page.goto(`${server.url}${shot.page}`, { waitUntil: 'networkidle' });
          await page.waitForFunction(() => document.fonts.status === 'loaded');
          const file = path.join(outDir, `${shot.name}-${mode}.png`);
          await page.screenshot({ path: file });
          console.log(path.relative(project, file));
        }
        await context.close();
      }
    } finally {
      await browser.close();
      server.close();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
