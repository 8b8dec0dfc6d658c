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

/**
 * The first paint is styled by the shell's own rules; the whole stylesheet is asked for after it, with the app's scripts
 * (vite-inline-stylesheet.ts), and the app's first render waits for it: no element of the app is drawn unstyled.
 */
test('the whole stylesheet is asked for after the first paint, and has loaded when the app first renders', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: { stylesheetLoadedAtRender?: boolean } = {};
    (window as unknown as { __firstRender: typeof seen }).__firstRender = seen;
    new MutationObserver((_records, observer) => {
      const root = document.getElementById('root');
      // The shell's busy column is replaced by the app's first render.
      if (!root || root.querySelector('[aria-busy="true"]') || root.childElementCount === 0) return;
      observer.disconnect();
      seen.stylesheetLoadedAtRender = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some((link) => link.sheet !== null);
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/');
  await expect(findNextButton(page)).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __firstRender: { stylesheetLoadedAtRender?: boolean } }).__firstRender.stylesheetLoadedAtRender))
    .toBe(true);
  const timings = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    inlineStyleBytes: [...document.querySelectorAll('style')].reduce((total, style) => total + (style.textContent?.length ?? 0), 0),
    stylesheets: performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.css'))
      .map((entry) => ({ name: entry.name, startTime: entry.startTime })),
  }));
  expect(timings.stylesheets.length).toBeGreaterThan(0);
  for (const stylesheet of timings.stylesheets) expect(stylesheet.startTime, stylesheet.name).toBeGreaterThanOrEqual(timings.paint ?? Infinity);
  // The shell's rules only: the whole stylesheet is 57 kB.
  expect(timings.inlineStyleBytes).toBeLessThan(20_000);
});
