import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
const root = process.argv[2]; const file = process.argv[3]; const id = process.argv[4];
const extra = process.argv.slice(5);
const dev = spawn(process.execPath, [...extra, '/work/main/bin/docs-build.js', 'dev', root, '--port', '5199'], { stdio: ['ignore', 'pipe', 'pipe'] });
let out = '';
dev.stdout.on('data', (d) => { out += d; process.stdout.write('[dev] ' + d); });
dev.stderr.on('data', (d) => { process.stdout.write('[dev!] ' + d); });
await new Promise((r) => { const t = setInterval(() => { if (out.includes('http://127.0.0.1:5199')) { clearInterval(t); r(); } }, 50); });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
await page.goto(`http://127.0.0.1:5199/${id}`);
await page.waitForSelector('[data-testid="site"]', { timeout: 180000 });
await page.waitForTimeout(3000);
for (let i = 0; i < 4; i++) {
  const word = `benchedit${i}x${Date.now()}`;
  const t0 = performance.now();
  appendFileSync(`${root}/${file}`, `\n\n${word}\n`);
  await page.waitForFunction((w) => document.body.textContent?.includes(w), word, { timeout: 30000 });
  console.log('edit', i, (performance.now() - t0).toFixed(0));
  await page.waitForTimeout(1500);
}
await browser.close();
dev.kill('SIGINT');
await new Promise((r) => dev.on('exit', r));
