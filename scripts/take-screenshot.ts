import { chromium } from '@playwright/test';
import { serve } from '../server/node/serve.ts';

/**
 * Regenerates docs/screenshot.png from the built app (npm run build first): the real
 * lifecycle, stepped to translation #2, in real Chromium.
 */
const server = await serve({ port: 0, staticDirectory: new URL('../dist', import.meta.url).pathname });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
  await page.goto(`${server.url}/`);
  await page.locator('.react-flow__node').first().waitFor();
  const target = process.argv[2] ?? 'mcp.tools-call.request';
  for (let press = 0; press < 40; press++) {
    if (
      (await page
        .getByTestId('inspector')
        .getAttribute('data-step-id')
        .catch(() => null)) === target
    )
      break;
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(200);
  }
  await page.waitForTimeout(1200);
  await page.screenshot({ path: new URL('../docs/screenshot.png', import.meta.url).pathname });
  console.log('docs/screenshot.png written');
} finally {
  await browser.close();
  await server.close();
}
