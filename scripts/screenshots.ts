/**
 * Screenshots of docs-example for the README: `npx tsx scripts/screenshots.ts [--out docs/screenshots]`.
 *
 * Exports docs-example into a temporary folder, serves it from 127.0.0.1 with the browser tests' static host, and has
 * Chromium (playwright-core, /usr/bin/chromium) take a guide page and an API page in light and dark:
 * `docs/screenshots/{guide,api}-{light,dark}.png`, 1280x800 at device scale 1 (small files in git). The
 * appearance is the reader's stored choice (localStorage), as the theme toggle stores it.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { exportSite } from '../src/site/export.js';
import { appearanceStorageKey } from '../src/theme/layout/appearance.js';
import { staticServer } from '../test/site/helpers.js';

const project = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const outDir = path.resolve(outAt >= 0 ? args[outAt + 1]! : path.join(project, 'docs', 'screenshots'));
const executablePath = process.env.DOCS_BUILD_CHROMIUM ?? '/usr/bin/chromium';

const shots = [
  { name: 'guide', page: 'guides/components' },
  { name: 'api', page: 'api-pages/get-task' },
] as const;

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'docs-build-screenshots-'));
  try {
    const site = path.join(work, 'site');
    const exported = await exportSite({ root: path.join(project, 'docs-example'), outDir: site, offline: true });
    if (!exported.written) throw new Error(`the export failed: ${exported.refused ?? JSON.stringify(exported.result.diagnostics.slice(0, 3))}`);
    const server = await staticServer(site);
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
      await server.close();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
