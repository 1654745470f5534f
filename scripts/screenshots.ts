// Screenshots of pages at 360 px and 1280 px, to look at what people see:
//   BASE_URL=http://localhost:3000 npx tsx scripts/screenshots.ts / /our_team /login
// Admin pages need ADMIN_EMAIL and ADMIN_PASSWORD. Files go to test-results/screenshots/.
import { mkdir } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { renderDeferred } from '../e2e/render-deferred';

const baseUrl = process.env.BASE_URL ?? 'http://localhost:3000';
const paths = process.argv.slice(2);
const outDir = 'test-results/screenshots';
await mkdir(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
for (const width of [360, 1280]) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height: 900 } });
  const page = await context.newPage();
  if (paths.some((path) => path.startsWith('/admin')) && process.env.ADMIN_EMAIL) {
    const response = await page.request.post('/api/admin/autorization/login', {
      data: { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD },
    });
    const token = (await response.json()).data.token.auth_token as string;
    await page.goto('/login');
    await page.evaluate((value) => localStorage.setItem('auth_token', value), token);
  }
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const name = path.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'home';
    await renderDeferred(page);
    await page.screenshot({ path: `${outDir}/${name}-${width}.png`, fullPage: true });
  }
  await context.close();
}
await browser.close();
console.log(`screenshots in ${outDir}`);
