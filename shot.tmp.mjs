import { chromium } from '@playwright/test';
const [,, url, out, w='1024', h='768', user, full] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: +w, height: +h } });
if (user) {
  await page.goto('http://localhost:3300/login');
  await page.getByLabel(/username/i).fill(user);
  await page.getByLabel('Password', { exact: true }).fill('fleet-demo');
  await page.getByRole('button', { name: /log ?in|sign in/i }).click();
  await page.waitForURL(/dashboard/);
}
await page.goto('http://localhost:3300' + url);
await page.waitForTimeout(2500);
await page.screenshot({ path: out, fullPage: !!full });
await browser.close();
