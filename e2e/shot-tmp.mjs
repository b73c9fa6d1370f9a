import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
page.on('console', (m) => console.log('console:', m.type(), m.text()));
page.on('pageerror', (e) => console.log('pageerror:', e.message));
page.on('requestfailed', (r) => console.log('failed:', r.url()));
const apis = [];
page.on('request', (r) => { if (r.url().includes('/api/')) apis.push(r.url().replace(/^http:\/\/[^/]+/, '')); });
for (const url of process.argv.slice(2)) {
  apis.length = 0;
  const t = Date.now();
  await page.goto('http://127.0.0.1:3918' + url, { waitUntil: 'networkidle' });
  console.log(url, Date.now() - t, 'ms', 'api:', apis.join(' '));
  await page.screenshot({ path: `/tmp/shot-${url.replace(/\W+/g, '_')}.png` });
}
await browser.close();
