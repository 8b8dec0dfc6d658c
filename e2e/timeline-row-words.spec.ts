import { expect, test, type Route } from '@playwright/test';
import { pressNext } from './helpers.ts';

/**
 * The timeline's current row stays on the screen when its own words grow. The GET stream's step says the status once
 * the server has answered, and a busy server answers after the step is shown (CI, 2026-12-05: twice at 1024×768): its
 * row grew by two lines and was left part hidden below the list. Here the answer is held back, not changed, until the
 * row has settled, then let through to the real server.
 */
test('1024×768: the GET stream’s row, grown by the status that came after it was shown, is scrolled back into view', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const held: Route[] = [];
  await page.route(/\/mcp(\?|$)/, (route) => (route.request().method() === 'GET' ? void held.push(route) : route.continue()));
  await page.goto('/?scenario=happy-path');
  const inspector = page.getByTestId('inspector');
  for (let press = 1; (await inspector.getAttribute('data-step-id')) !== 'mcp.stream.open'; press++) {
    expect(press, 'the run reached the GET stream').toBeLessThan(20);
    await pressNext(page, 'buttons');
    await expect(inspector).toHaveAttribute('data-n', String(press));
  }
  const row = page.locator('[data-testid="timeline"] [aria-current="step"]');
  const rowFits = () =>
    row.evaluate((element) => {
      const list = element.closest('[data-testid="timeline"]')!.getBoundingClientRect();
      const box = element.getBoundingClientRect();
      return box.top >= Math.max(0, list.top) - 1 && box.bottom <= Math.min(innerHeight, list.bottom) + 1;
    });
  await expect.poll(rowFits, { message: 'the row is in view before the answer' }).toBe(true);
  const before = await row.evaluate((element) => element.getBoundingClientRect().height);
  await expect.poll(() => held.length).toBeGreaterThan(0);
  for (const route of held.splice(0)) await route.continue();
  await expect(page.getByTestId('inspector-title')).toContainText('server answers');
  expect(await row.evaluate((element) => element.getBoundingClientRect().height), 'the row grew with the status').toBeGreaterThan(before);
  await expect.poll(rowFits, { message: 'the grown row is in view again' }).toBe(true);
});
