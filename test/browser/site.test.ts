import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import type { Manifest } from '../../src/manifest/types.js';
import { exportSite } from '../../src/site/export.js';
import { copyOfExample, filesUnder, removeTemporaries, staticServer } from '../site/helpers.js';

/*
 * The site in a real browser: playwright-core driving the system Chromium, on docs-example, in the dev
 * server and in the export served by a plain static server. Skips (saying why) only when no Chromium
 * is installed; `.ci/run` installs it.
 */

const executablePath = process.env.DOCS_BUILD_CHROMIUM ?? '/usr/bin/chromium';
const hasChromium = existsSync(executablePath);
if (!hasChromium) console.warn(`test/browser: skipped, no Chromium at ${executablePath} (install Debian's chromium, or set DOCS_BUILD_CHROMIUM)`);

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

/** The API the playground calls: answers with JSON, allows the page's origin (CORS), records every request. */
async function apiServer(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', '*');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ id: 'task_42', status: 'done' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** `docs-build dev` in-process, on a free port; resolves with its URL once it printed it. */
async function startDev(root: string): Promise<{ url: string; stdout: () => string; stop(): Promise<number> }> {
  const { devCommand } = await import('../../src/cli/dev.js');
  const controller = new AbortController();
  let stdout = '';
  const io: CliIo = { stdout: (text) => void (stdout += text), stderr: (text) => void (stdout += text), isTTY: false, env: {}, cwd: root, signal: controller.signal };
  const done = devCommand(io, root, { cache: true, port: '0' }, controller.signal);
  const deadline = Date.now() + 60_000;
  let match: RegExpExecArray | null = null;
  while (!(match = /docs-build dev: (http:\/\/\S+)/.exec(stdout))) {
    if (Date.now() > deadline) throw new Error(`dev did not start:\n${stdout}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: match[1]!,
    stdout: () => stdout,
    stop: async () => {
      controller.abort();
      return done;
    },
  };
}

/** What React prints (in development) for markup the server and the client disagree on. */
const reactComplaint = /hydrat|cannot be a descendant|cannot contain a nested|does not recognize the|Received `\w+` for a non-boolean|unique "key"/i;

/** Waits for a condition, generously: the machine may be loaded (no fixed sleeps anywhere). */
const poll = <T,>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000 });

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Milliseconds from `started` (epoch) until Chromium painted the dev server's home page. */
async function firstPaint(browser: Browser, url: string, started: number): Promise<number> {
  const page = await browser.newPage();
  // The server's HTML links the theme's stylesheets itself (render-blocking): the first paint is styled,
  // before any module of the client has run.
  const response = await page.goto(url);
  const html = (await response?.text()) ?? '';
  // Rendered by the server bundle the export left in the cache: no transform of the theme before the first page.
  expect(response?.headers()['x-docs-build-renderer']).toBe('bundle');
  expect(html).toMatch(/<link rel="stylesheet" href="\/src\/theme\/styles\/layout\.css\?direct" data-docs-build-dev-css>/);
  expect(html).toMatch(/<link rel="stylesheet" href="\/src\/theme\/styles\/content\.css\?direct" data-docs-build-dev-css>/);
  const paintedAt = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const found = (): boolean => {
          const entry = performance.getEntriesByName('first-contentful-paint')[0];
          if (entry) resolve(performance.timeOrigin + entry.startTime);
          return entry !== undefined;
        };
        if (!found()) new PerformanceObserver(() => void found()).observe({ type: 'paint', buffered: true });
      }),
  );
  await page.close();
  return Math.round(paintedAt - started);
}

const launchArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

describe.skipIf(!hasChromium)('the site in Chromium', () => {
  let browser: Browser;
  let root: string;
  let manifest: Manifest;
  let api: Awaited<ReturnType<typeof apiServer>>;
  let dev: Awaited<ReturnType<typeof startDev>>;
  let exported: Awaited<ReturnType<typeof staticServer>>;
  let exportDir: string;
  let firstPaintMs: number;
  const editMs: number[] = [];
  const codeEditMs: number[] = [];

  beforeAll(async () => {
    api = await apiServer();
    root = copyOfExample();
    // The hand-written API pages call the test server.
    const docsJson = path.join(root, 'docs.json');
    writeFileSync(docsJson, readFileSync(docsJson, 'utf8').replace('"server": "https://api.acme.example.com/v1"', `"server": "${api.url}/v1"`));
    exportDir = path.join(path.dirname(root), 'site');
    const result = await exportSite({ root, outDir: exportDir });
    if (!result.written) throw new Error(`export failed: ${JSON.stringify(result.result.diagnostics.slice(0, 3))}`);
    manifest = JSON.parse(readFileSync(path.join(root, '.docs-build', 'manifest.json'), 'utf8')) as Manifest;
    exported = await staticServer(exportDir);
    // playwright gives every launch a fresh, temporary user-data-dir of its own.
    browser = await chromium.launch({ executablePath, args: launchArgs });
    const started = Date.now();
    dev = await startDev(root);
    firstPaintMs = await firstPaint(browser, dev.url, started);
  }, 180_000);

  afterAll(async () => {
    // The figures docs/site.md ("Speed") quotes for docs-example.
    if (firstPaintMs !== undefined) console.log(`dev start to first paint: ${firstPaintMs} ms (cache warm from the export)`);
    if (editMs.length > 0) console.log(`dev edit to update: median ${median(editMs)} ms of ${editMs.length} edits (${editMs.join(', ')} ms)`);
    if (codeEditMs.length > 0) console.log(`dev code-block edit to update: ${codeEditMs.join(', ')} ms`);
    await browser?.close();
    await dev?.stop();
    await exported?.close();
    await api?.close();
    removeTemporaries();
  });

  /**
   * A fresh page (own storage). `errors` collects uncaught errors and React's complaints (a hydration
   * mismatch, invalid nesting, unknown DOM props): each test ends with `done`, which requires none.
   */
  async function open(url: string, options: { prepare?: (page: Page) => Promise<void>; start?: 'hydrate' | 'render'; phone?: boolean } = {}): Promise<{ page: Page; errors: string[] }> {
    const context = await browser.newContext(options.phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {});
    const page = await context.newPage();
    await options.prepare?.(page);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && reactComplaint.test(message.text())) errors.push(message.text());
    });
    await page.goto(url);
    await page.waitForFunction(() => document.querySelector('[data-testid="site"]') !== null);
    // Hydrated once React attached its handlers to the root.
    await page.waitForFunction(() => Object.keys(document.getElementById('docs-build-root') ?? {}).some((key) => key.startsWith('__react')));
    // Hydrated, not rendered afresh: dev renders afresh only when a rebuild landed between the HTML and its modules.
    expect(await page.evaluate(() => document.getElementById('docs-build-root')?.dataset.start)).toBe(options.start ?? 'hydrate');
    return { page, errors };
  }

  async function done(page: Page, errors: string[]): Promise<void> {
    await page.context().close();
    expect(errors).toEqual([]);
  }

  for (const mode of ['dev', 'export'] as const) {
    const base = (): string => (mode === 'dev' ? dev.url : exported.url);

    describe(mode === 'dev' ? 'in the dev server' : 'in the export, from a static server', () => {
      it('navigates by the sidebar and by the tabs without reloading', async () => {
        const { page, errors } = await open(base());
        await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
        await page.getByTestId('sidebar').getByRole('link', { name: 'Quickstart' }).click();
        await poll(() => page.getByTestId('page-title').textContent()).toBe('Quickstart');
        expect(new URL(page.url()).pathname).toBe('/quickstart');
        await page.getByTestId('tab-link').filter({ hasText: 'Hand-written API' }).click();
        await poll(() => page.getByTestId('page-title').textContent()).toBe('List tasks');
        expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
        await done(page, errors);
      });

      it('switches version in the header and SDK in the sidebar; a switcher closes on a choice, on Escape and on a click outside', async () => {
        const { page, errors } = await open(`${base()}releases/v2`);
        const version = page.getByTestId('switcher-version');
        const isOpen = (): Promise<boolean> => version.evaluate((node) => (node as HTMLDetailsElement).open);
        await version.locator('summary').click();
        await poll(isOpen).toBe(true);
        await page.keyboard.press('Escape');
        await poll(isOpen).toBe(false);
        await version.locator('summary').click();
        await page.getByTestId('page-title').click();
        await poll(isOpen).toBe(false);
        await version.locator('summary').click();
        await version.getByTestId('switcher-option').filter({ hasText: 'v1' }).click();
        await poll(() => page.getByTestId('page-title').textContent()).toBe('Release notes (v1)');
        expect(new URL(page.url()).pathname).toBe('/releases/v1');
        expect(await page.getByTestId('switcher-version').evaluate((node) => (node as HTMLDetailsElement).open)).toBe(false);
        await page.getByTestId('tab-link').filter({ hasText: 'SDKs' }).click();
        await poll(() => page.getByTestId('page-title').textContent()).toBe('JavaScript SDK');
        const dropdown = page.getByTestId('switcher-dropdown');
        await dropdown.locator('summary').click();
        await dropdown.getByTestId('switcher-option').filter({ hasText: 'Python' }).click();
        await poll(() => page.getByTestId('page-title').textContent()).toBe('Python SDK');
        await done(page, errors);
      });

      it("follows docs.json's redirect of a fragment (/quickstart#api-keys), which no server sees, and the same fragment typed into the address bar", async () => {
        const context = await browser.newContext();
        const page = await context.newPage();
        // (The static server answers a folder's URL with a redirect to it with a slash.)
        const atAuthentication = (url: URL): boolean => url.pathname.replace(/\/$/, '') === '/guides/authentication';
        await page.goto(`${base()}quickstart#api-keys`);
        await page.waitForURL(atAuthentication);
        await poll(() => page.getByTestId('page-title').textContent()).toBe('Authentication');
        await page.goto(`${base()}quickstart`);
        await page.waitForFunction(() => Object.keys(document.getElementById('docs-build-root') ?? {}).some((key) => key.startsWith('__react')));
        await page.evaluate(() => (window.location.hash = 'api-keys'));
        await page.waitForURL(atAuthentication);
        await context.close();
      });

      it('scrolls to a section from the table of contents', async () => {
        const { page, errors } = await open(`${base()}guides/components`);
        await page.setViewportSize({ width: 1280, height: 500 });
        await page.getByTestId('toc-link').filter({ hasText: 'Updates' }).click();
        await poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
        expect(new URL(page.url()).hash).toBe('#updates');
        await done(page, errors);
      });

      it('keeps the dark mode chosen with the toggle across a reload', async () => {
        const { page, errors } = await open(`${base()}quickstart`);
        const dark = (): Promise<boolean> => page.evaluate(() => document.documentElement.classList.contains('dark'));
        const before = await dark();
        await page.getByTestId('theme-toggle').click();
        expect(await dark()).toBe(!before);
        await page.reload();
        expect(await dark()).toBe(!before);
        await done(page, errors);
      });

      it('finds a page by a word of its body, with the index built in a worker off the page\'s thread', async () => {
        const { page, errors } = await open(base());
        const started = page.waitForEvent('worker', { timeout: 30_000 });
        await page.getByTestId('search-button').click();
        expect((await started).url()).toMatch(/worker/);
        await page.getByTestId('search-input').fill('zanzibar');
        await poll(() => page.getByTestId('search-result').first().textContent()).toContain('Components');
        await done(page, errors);
      });

      it('moves through the results with the arrow keys and opens the one chosen with Enter; a pointer that did not move chooses nothing', async () => {
        const { page, errors } = await open(base());
        await page.getByTestId('search-button').click();
        await page.getByTestId('search-input').fill('task');
        await poll(() => page.getByTestId('search-result').count()).toBeGreaterThan(2);
        // The pointer rests where the third result will be when the dialog opens again from the keyboard.
        const third = (await page.getByTestId('search-result').nth(2).boundingBox())!;
        await page.keyboard.press('Escape');
        await poll(() => page.getByTestId('search-dialog').count()).toBe(0);
        await page.mouse.move(third.x + third.width / 2, third.y + third.height / 2);
        await page.keyboard.press('Control+k');
        await page.getByTestId('search-input').fill('task');
        await poll(() => page.getByTestId('search-result').count()).toBeGreaterThan(2);
        await page.waitForTimeout(100);
        expect(await page.getByTestId('search-result').nth(0).getAttribute('aria-selected')).toBe('true');
        await page.getByTestId('search-input').press('ArrowDown');
        await page.getByTestId('search-input').press('ArrowDown');
        const chosen = page.getByTestId('search-result').nth(2);
        await poll(() => chosen.getAttribute('aria-selected')).toBe('true');
        const title = (await chosen.locator('.search-result-title').textContent())!.split(' › ')[0];
        await page.getByTestId('search-input').press('Enter');
        await poll(() => page.getByTestId('search-dialog').count()).toBe(0);
        await poll(() => page.getByTestId('page-title').textContent()).toBe(title);
        await done(page, errors);
      });

      it('still searches when the worker script cannot load (the index is then built on the page)', async () => {
        const { page, errors } = await open(base());
        let refused = 0;
        await page.route(/worker[^/]*\.(?:js|ts)/, (route) => {
          refused++;
          return route.abort();
        });
        await page.getByTestId('search-button').click();
        await page.getByTestId('search-input').fill('zanzibar');
        await poll(() => page.getByTestId('search-result').first().textContent()).toContain('Components');
        expect(refused).toBeGreaterThan(0);
        await done(page, errors);
      });

      it('says so when the search worker dies after loading, and searches again once search is reopened', async () => {
        const { page, errors } = await open(base());
        const started = page.waitForEvent('worker', { timeout: 30_000 });
        await page.getByTestId('search-button').click();
        const worker = await started;
        await page.getByTestId('search-input').fill('zanzibar');
        await poll(() => page.getByTestId('search-result').count()).toBeGreaterThan(0);
        // An error nothing in the worker catches ends it, as a crash would.
        const ended = worker.waitForEvent('close', { timeout: 30_000 });
        await worker.evaluate(() => void setTimeout(() => {
          throw new Error('the worker broke');
        }));
        // The dialog's client ends a worker that threw.
        await ended;
        await page.getByTestId('search-input').fill('zanzibar tasks');
        await poll(() => page.getByTestId('search-status').textContent()).toContain('Search stopped working');
        await page.keyboard.press('Escape');
        const restarted = page.waitForEvent('worker', { timeout: 30_000 });
        await page.getByTestId('search-button').click();
        await restarted;
        await page.getByTestId('search-input').fill('zanzibar');
        await poll(() => page.getByTestId('search-result').first().textContent()).toContain('Components');
        await done(page, errors);
      });

      it('searches the version the reader is in, fetching its records alone: version 1\'s notes are found from v1 and from pages in no version, not from v2', async () => {
        // Only releases/v1 says "maintained".
        const search = async (at: string, expectHits: boolean): Promise<{ titles: string[]; fetched: string[] }> => {
          const { page, errors } = await open(`${base()}${at}`);
          const fetched: string[] = [];
          // The worker's requests too: the context sees them.
          page.context().on('request', (request) => {
            const part = /_docs-build\/search\/([^/?]+)$/.exec(request.url())?.[1];
            if (part) fetched.push(part);
          });
          await page.getByTestId('search-button').click();
          await page.getByTestId('search-input').fill('maintained');
          if (expectHits) await poll(() => page.getByTestId('search-result').count()).toBeGreaterThan(0);
          else await poll(() => page.getByTestId('search-status').textContent()).toBe('No results.');
          const titles = await page.getByTestId('search-result').locator('.search-result-title').allTextContents();
          await done(page, errors);
          return { titles, fetched: fetched.sort() };
        };
        expect(await search('releases/v1', true)).toEqual({ titles: ['Release notes (v1)'], fetched: ['version-1.json', 'version-none.json'] });
        expect((await search('quickstart', true)).titles).toEqual(['Release notes (v1)']);
        expect(await search('releases/v2', false)).toEqual({ titles: [], fetched: ['version-0.json', 'version-none.json'] });
      });

      it('does not find a hidden page: its records are not published', async () => {
        const { page, errors } = await open(base());
        await page.getByTestId('search-button').click();
        // Only guides/beta (hidden: true) says "preview".
        await page.getByTestId('search-input').fill('preview');
        await poll(() => page.getByTestId('search-status').textContent()).toBe('No results.');
        expect(await page.getByTestId('search-result').count()).toBe(0);
        await done(page, errors);
      });

      it('switches a CodeGroup tab and opens an Accordion', async () => {
        const { page, errors } = await open(`${base()}guides/components`);
        const group = page.locator('.db-code-group, [data-testid="code-group"]').first();
        // The tab bar scrolls on x only: with classic scrollbars, a pixel over on y shows a vertical one.
        const overflowY = await page.locator('.db-tabs-bar').evaluateAll((bars) => bars.map((bar) => bar.scrollHeight - bar.clientHeight));
        expect(overflowY.length).toBeGreaterThan(0);
        expect(overflowY.every((pixels) => pixels <= 0)).toBe(true);
        await group.getByRole('tab', { name: 'Python' }).click();
        await poll(() => group.locator('pre:visible').first().textContent()).toContain('acme.tasks.list()');
        const accordion = page.locator('details.db-accordion').filter({ hasText: 'What is a task?' });
        expect(await accordion.evaluate((node) => (node as HTMLDetailsElement).open)).toBe(false);
        await accordion.locator('summary').click();
        expect(await accordion.evaluate((node) => (node as HTMLDetailsElement).open)).toBe(true);
        await poll(() => accordion.locator('.db-accordion-content').isVisible()).toBe(true);
        await done(page, errors);
      });

      it('tabs with the same titles stay in step, and the arrow keys move between tabs', async () => {
        const { page, errors } = await open(`${base()}guides/components`);
        const sets = page.locator('.db-tabs').filter({ has: page.getByRole('tab', { name: 'Dashboard' }) });
        await poll(() => sets.count()).toBe(2);
        const selected = (): Promise<string[]> => sets.evaluateAll((nodes) => nodes.map((node) => node.querySelector('[role="tab"][aria-selected="true"]')?.textContent ?? ''));
        expect(await selected()).toEqual(['Dashboard', 'Dashboard']);
        await sets.first().getByRole('tab', { name: 'CLI' }).click();
        await poll(selected).toEqual(['CLI', 'CLI']);
        await poll(() => sets.nth(1).locator('[role="tabpanel"]:visible').textContent()).toContain('acme keys revoke');
        await sets.nth(1).getByRole('tab', { name: 'CLI' }).press('ArrowLeft');
        await poll(selected).toEqual(['Dashboard', 'Dashboard']);
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Dashboard');
        await done(page, errors);
      });

      it("shows the tab a link's anchor names (a Tab's anchor is its title's), on load and on a fragment change", async () => {
        const { page, errors } = await open(`${base()}guides/components#cli`);
        const tabs = page.locator('.db-tabs').filter({ has: page.getByRole('tab', { name: 'Dashboard' }) }).first();
        await poll(() => tabs.getByRole('tab', { name: 'CLI' }).getAttribute('aria-selected')).toBe('true');
        await poll(() => page.locator('#cli').isVisible()).toBe(true);
        await page.evaluate(() => (window.location.hash = 'dashboard'));
        await poll(() => tabs.getByRole('tab', { name: 'Dashboard' }).getAttribute('aria-selected')).toBe('true');
        await done(page, errors);
      });

      it("filters a changelog's updates by tag, keeps the filter in ?tags= across a reload, and clears it", async () => {
        const { page, errors } = await open(`${base()}releases/v2`);
        const shown = (): Promise<string[]> => page.locator('[data-testid="update"]:visible .db-update-label').allTextContents();
        expect(await shown()).toEqual(['2.1.0', '2.0.0']);
        expect(await page.getByTestId('toc').count()).toBe(0);
        await page.locator('[data-testid="changelog-filter"][data-tag="Webhooks"]').click();
        await poll(shown).toEqual(['2.0.0']);
        expect(new URL(page.url()).search).toBe('?tags=Webhooks');
        await page.reload();
        await page.waitForFunction(() => Object.keys(document.getElementById('docs-build-root') ?? {}).some((key) => key.startsWith('__react')));
        await poll(shown).toEqual(['2.0.0']);
        expect(await page.locator('[data-testid="changelog-filter"][data-tag="Webhooks"]').getAttribute('aria-pressed')).toBe('true');
        await page.getByTestId('changelog-filter-clear').click();
        await poll(shown).toEqual(['2.1.0', '2.0.0']);
        expect(new URL(page.url()).search).toBe('');
        await done(page, errors);
      });

      it('sends the playground request with the auth header the page resolves to, and shows the response', async () => {
        const id = 'api-pages/get-task';
        const auth = manifest.pages[id]!.auth!;
        const { page, errors } = await open(`${base()}${id}`);
        const playground = page.getByTestId('playground');
        // An empty path parameter: Send says so, and sends nothing.
        const sentBefore = api.received.length;
        await playground.getByTestId('playground-send').click();
        await poll(() => playground.getByTestId('playground-error').textContent()).toMatch(/^Fill in \{\w+\} first/);
        expect(api.received.length).toBe(sentBefore);
        for (const input of await playground.getByTestId('playground-param').all()) await input.fill('task_42');
        await playground.getByTestId('auth-input').first().fill('secret-token');
        const before = api.received.length;
        await playground.getByTestId('playground-send').click();
        await poll(() => playground.getByTestId('playground-status').getAttribute('data-status')).toBe('200');
        expect(await playground.getByTestId('playground-response').textContent()).toContain('task_42');
        const request = api.received.slice(before).find((r) => r.method === 'GET')!;
        expect(request.url).toMatch(/^\/v1\/tasks\/task_42/);
        if (auth.method === 'bearer') expect(request.headers.authorization).toBe('Bearer secret-token');
        else if (auth.method === 'basic') expect(request.headers.authorization).toMatch(/^Basic /);
        else expect(request.headers[(auth.headerName ?? 'authorization').toLowerCase()]).toBe('secret-token');
        await done(page, errors);
      });
    });
  }

  describe('live updates in the dev server', () => {
    const edit = (file: string, from: string | RegExp, to: string): void => {
      const full = path.join(root, file);
      const text = readFileSync(full, 'utf8');
      const next = text.replace(from, to);
      if (next === text) throw new Error(`nothing to replace in ${file}`);
      writeFileSync(full, next);
    };
    const marked = (page: Page): Promise<void> => page.evaluate(() => void ((window as unknown as { marker: number }).marker = 1));
    const stillMarked = (page: Page): Promise<number | undefined> => page.evaluate(() => (window as unknown as { marker?: number }).marker);

    it('an edit of the page updates the open browser without a reload, each time', async () => {
      const { page, errors } = await open(`${dev.url}quickstart`);
      await marked(page);
      let current = 'Create an API key in the dashboard.';
      for (let i = 1; i <= 5; i++) {
        const next = `Create an API key in the hot-edited dashboard ${i}.`;
        const started = Date.now();
        edit('quickstart.mdx', current, next);
        await page.waitForFunction((text) => document.querySelector('main')?.textContent?.includes(text), next, { timeout: 30_000 });
        editMs.push(Date.now() - started);
        current = next;
      }
      expect(await stillMarked(page)).toBe(1);
      await done(page, errors);
    });

    it('an edit inside a code block shows its new tokens in the open browser without a reload, each time', async () => {
      const { page, errors } = await open(`${dev.url}quickstart`);
      await marked(page);
      const shownInCode = (text: string): Promise<unknown> =>
        page.waitForFunction((wanted) => [...document.querySelectorAll('main pre.shiki code')].some((code) => code.textContent?.includes(wanted)), text, { timeout: 30_000 });
      let current = 'https://api.acme.example.com/v1/tasks';
      for (let i = 1; i <= 3; i++) {
        const next = `https://api.acme.example.com/v1/tasks?page=${i}`;
        const started = Date.now();
        edit('quickstart.mdx', current, next);
        await shownInCode(next);
        codeEditMs.push(Date.now() - started);
        current = next;
      }
      // Highlighted, not plain text: the edited line's tokens carry their colors.
      const line = page.locator('main pre.shiki code span.line', { hasText: current });
      expect(await line.locator('span[style*="--shiki-light"]').count()).toBeGreaterThan(0);
      expect(await stillMarked(page)).toBe(1);
      await done(page, errors);
    });

    it('an edit of a snippet updates the pages that use it', async () => {
      const { page, errors } = await open(`${dev.url}guides/components`);
      await marked(page);
      edit('snippets/support.mdx', 'Questions?', 'Questions about snippets?');
      await poll(() => page.locator('[data-testid="site"]').textContent()).toContain('Questions about snippets?');
      expect(await stillMarked(page)).toBe(1);
      await done(page, errors);
    });

    it('search finds what an edit added: in the dialog open during the edit, and when opened again', async () => {
      const { page, errors } = await open(`${dev.url}quickstart`);
      await page.getByTestId('search-button').click();
      await page.getByTestId('search-input').fill('quetzalcoatl');
      await poll(() => page.getByTestId('search-status').textContent()).toBe('No results.');
      edit('guides/webhooks.mdx', 'when a task finishes.', 'when a task finishes, even a quetzalcoatl one.');
      await poll(() => page.getByTestId('search-result').first().textContent()).toContain('Receiving webhooks');
      await page.keyboard.press('Escape');
      edit('guides/webhooks.mdx', 'even a quetzalcoatl one.', 'even an axolotl one.');
      await page.getByTestId('search-button').click();
      await page.getByTestId('search-input').fill('axolotl');
      await poll(() => page.getByTestId('search-result').first().textContent()).toContain('Receiving webhooks');
      await done(page, errors);
    });

    it('a page whose HTML is older than its modules (a rebuild between the two) renders the new data, without a hydration error', async () => {
      const url = `${dev.url}guides/authentication`;
      const stale = await (await fetch(url)).text();
      edit('guides/authentication.md', 'as a bearer token.', 'as a bearer token (rebuilt in between).');
      await poll(async () => (await fetch(url)).text()).toContain('rebuilt in between');
      // The browser gets the HTML of the build before the edit, and the modules of the build after it.
      const prepare = async (page: Page): Promise<void> => {
        await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: stale }));
      };
      const { page, errors } = await open(url, { prepare, start: 'render' });
      await poll(() => page.locator('main').textContent()).toContain('rebuilt in between');
      await done(page, errors);
    });

    it('an error shows the overlay, and its fix closes it without reloading the page', async () => {
      const { page, errors } = await open(`${dev.url}guides/webhooks`);
      // Gone if the page reloads.
      await page.evaluate(() => ((window as unknown as { kept: number }).kept = 1));
      const original = readFileSync(path.join(root, 'guides/webhooks.mdx'), 'utf8');
      writeFileSync(path.join(root, 'guides/webhooks.mdx'), original.replace('</Note>', ''));
      await poll(() => page.locator('vite-error-overlay').count()).toBe(1);
      // Polled: under load the overlay can be replaced (a reconnect re-sends the error) while it is read.
      await poll(() => page.locator('vite-error-overlay').evaluate((node) => node.shadowRoot?.textContent ?? '').catch(() => '')).toMatch(/1 error in the docs:\s*- guides\/webhooks\.mdx:\d+:\d+ /);
      writeFileSync(path.join(root, 'guides/webhooks.mdx'), original);
      await poll(() => page.locator('vite-error-overlay').count()).toBe(0);
      await page.waitForFunction(() => document.querySelector('[data-testid="page-title"]')?.textContent === 'Receiving webhooks');
      expect(await page.evaluate(() => (window as unknown as { kept?: number }).kept)).toBe(1);
      await done(page, errors);
    });
  });

  describe('the export', () => {
    it('has no broken internal link, served by a static server', async () => {
      const pages = filesUnder(exportDir).filter((file) => file.endsWith('.html'));
      const urls = new Set<string>();
      for (const file of pages) {
        const html = readFileSync(path.join(exportDir, file), 'utf8');
        for (const match of html.matchAll(/\s(?:href|src)="(\/[^"/][^"]*|\/)"/g)) urls.add(match[1]!.replace(/&amp;/g, '&').split('#')[0]!);
      }
      expect(urls.size).toBeGreaterThan(30);
      const broken: string[] = [];
      for (const url of urls) {
        const response = await fetch(new URL(url, exported.url));
        if (response.status !== 200) broken.push(`${url} -> ${response.status}`);
      }
      expect(broken).toEqual([]);
    });

    it('has nothing axe reports as an accessibility problem, light and dark: components, an API page, a folding group, the search dialog', async () => {
      const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
      const problems: string[] = [];
      for (const colorScheme of ['light', 'dark'] as const) {
        for (const route of ['', 'guides/components', 'guides/webhooks', 'api-reference/tasks/list-tasks', 'api-reference/projects/create-a-project', 'quickstart#search']) {
          const { page, errors } = await open(`${exported.url}${route.replace('#search', '')}`, { prepare: (p) => p.emulateMedia({ colorScheme }) });
          if (route.endsWith('#search')) {
            await page.getByTestId('search-button').click();
            await page.getByTestId('search-input').fill('task');
            await poll(() => page.getByTestId('search-result').count()).toBeGreaterThan(0);
          }
          await page.addScriptTag({ content: axeSource });
          const violations = await page.evaluate(async () => {
            const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
            return (await axe.run(document)).violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
          });
          problems.push(...violations.map((v) => `${colorScheme} /${route}: ${v}`));
          await done(page, errors);
        }
      }
      expect(problems).toEqual([]);
    }, 120_000); // twelve pages through axe: the 30 s default ran out once on a loaded machine

    it("an exported redirect keeps the reader's query and fragment", async () => {
      const { page, errors } = await open(`${exported.url}start?ref=mail#run-it`);
      await poll(() => page.getByTestId('page-title').textContent()).toBe('Quickstart');
      const landed = new URL(page.url());
      expect([landed.pathname.replace(/\/$/, ''), landed.search, landed.hash]).toEqual(['/quickstart', '?ref=mail', '#run-it']);
      await done(page, errors);
    });

    it('on a phone: nothing wider than the screen, and the sidebar (with the navbar links) is a drawer that a followed link closes', async () => {
      for (const id of ['guides/components', 'api-reference/tasks/get-a-task']) {
        const { page, errors } = await open(`${exported.url}${id}`, { phone: true });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await done(page, errors);
      }
      const { page, errors } = await open(`${exported.url}guides/components`, { phone: true });
      const sidebar = page.getByTestId('sidebar');
      expect(await sidebar.isVisible()).toBe(false);
      await page.getByTestId('menu-button').click();
      await poll(() => sidebar.isVisible()).toBe(true);
      expect(await page.getByTestId('menu-button').getAttribute('aria-expanded')).toBe('true');
      expect(await sidebar.locator('.sidebar-navbar a').allTextContents()).toContain('Support');
      await sidebar.getByTestId('sidebar-link').filter({ hasText: 'Quickstart' }).click();
      await poll(() => page.getByTestId('page-title').textContent()).toBe('Quickstart');
      await poll(() => sidebar.isVisible()).toBe(false);
      await page.getByTestId('menu-button').click();
      await poll(() => sidebar.isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await poll(() => sidebar.isVisible()).toBe(false);
      await done(page, errors);
    });

    it('a folding group whose title is a page: the title goes to the page, the arrow beside it folds its pages', async () => {
      const { page, errors } = await open(`${exported.url}quickstart`);
      const group = page.getByTestId('sidebar-group').filter({ has: page.locator('[data-page="guides/advanced"]') });
      const fold = group.getByRole('button', { name: 'Pages of Advanced' });
      const webhooks = group.locator('[data-page="guides/webhooks"]');
      // Folded: the page shown is not in it.
      expect(await fold.getAttribute('aria-expanded')).toBe('false');
      expect(await webhooks.isVisible()).toBe(false);
      await fold.click();
      expect(await fold.getAttribute('aria-expanded')).toBe('true');
      expect(await webhooks.isVisible()).toBe(true);
      await fold.click();
      expect(await webhooks.isVisible()).toBe(false);
      await group.locator('[data-page="guides/advanced"]').click();
      await poll(() => page.getByTestId('page-title').textContent()).toBe('Advanced guides');
      // Now it holds the page shown: unfolded.
      await poll(() => fold.getAttribute('aria-expanded')).toBe('true');
      await done(page, errors);
    });
  });
});
