import { expect, test } from '@playwright/test';
import { findNextButton } from './helpers.ts';

/**
 * The page asks for none of the app's scripts before its first contentful paint (vite-start-after-paint.ts): the
 * browser's own resource timings and paint timing, on the page's clock, in Chromium. Then the app starts and works.
 */
test('no script of the app is requested before the first contentful paint; the app starts after it', async ({ page }) => {
  await page.goto('/');
  await expect(findNextButton(page)).toBeVisible({ timeout: 30_000 });
  const timings = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({ name: entry.name, startTime: entry.startTime })),
  }));
  expect(timings.paint).not.toBeNull();
  // The entry script and the chunks it imports (modulepreload) at least.
  expect(timings.scripts.length).toBeGreaterThan(10);
  for (const script of timings.scripts) expect(script.startTime, script.name).toBeGreaterThanOrEqual(timings.paint ?? Infinity);
});
