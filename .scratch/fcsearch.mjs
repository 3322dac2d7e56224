import { chromium } from 'playwright-core';
import http from 'node:http';
import { readFileSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';
const out = process.argv[2]; const route = process.argv[3] ?? '/'; const word = process.argv[4] ?? 'scrape';
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml' };
const server = http.createServer((req, res) => {
  let file = path.join(out, decodeURIComponent(req.url.split('?')[0]));
  if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, 'index.html');
  else if (!existsSync(file) && existsSync(file + '.html')) file += '.html';
  if (!existsSync(file)) { res.writeHead(404).end(); return; }
  res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
});
await new Promise((r) => server.listen(8768, '127.0.0.1', r));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (let i = 0; i < 3; i++) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const t = () => performance.now();
  let t0 = 0; const events = [];
  context.on('request', (r) => t0 && events.push([Math.round(t() - t0), 'req', r.url().slice(22)]));
  context.on('requestfinished', (r) => t0 && events.push([Math.round(t() - t0), 'done', r.url().slice(22)]));
  await page.goto('http://127.0.0.1:8768' + route, { waitUntil: 'load' });
  await page.waitForSelector('[data-testid="search-button"]');
  await page.waitForTimeout(500);
  t0 = t();
  await page.getByTestId('search-button').click();
  events.push([Math.round(t() - t0), 'clicked']);
  await page.getByTestId('search-input').fill(word);
  events.push([Math.round(t() - t0), 'filled']);
  await page.getByTestId('search-result').first().waitFor({ timeout: 120000 });
  events.push([Math.round(t() - t0), 'hit']);
  console.log(events.map((e) => e.join(' ')).join('\n'), '\n---');
  await context.close();
}
await browser.close(); server.close();
