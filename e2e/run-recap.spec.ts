import { expect, test } from '@playwright/test';
import { openApp, runToEnd } from './helpers.ts';

/** The end-of-run recap and the sequence view's headers, on the page against the real server. */

test('a run without a tool ends with a recap of what did not happen, and its suggestion loads the next scenario', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('scenario-select').selectOption('no-tool');
  await expect(page.getByTestId('recap-button')).toHaveCount(0);
  await runToEnd(page);
  await page.getByTestId('recap-button').click();
  const recap = page.getByTestId('recap-dialog');
  await expect(recap).toBeVisible();
  for (const canonical of [9, 12, 15, 18]) await expect(recap.locator(`[data-canonical="${canonical}"]`)).toHaveAttribute('data-state', 'missing');
  await expect(recap.locator('[data-canonical="19"]')).toHaveAttribute('data-state', 'happened');
  await expect(recap.locator('[data-testid="recap-translations"] [data-number="2"]')).toContainText('did not happen');
  await expect(recap.getByTestId('recap-differences')).toContainText('Steps 9–18 did not happen');
  await recap.getByTestId('recap-try-next').click();
  await expect(page.getByTestId('scenario-select')).toHaveValue('bad-arguments');
  await expect(page.getByTestId('recap-button')).toHaveCount(0);
});

test('the sequence diagram keeps its participants in view while it scrolls, in the graph’s order', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openApp(page);
  await page.keyboard.press('v');
  await runToEnd(page);
  const diagram = page.getByTestId('sequence-diagram');
  await diagram.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  const headers = page.getByTestId('sequence-headers');
  await expect(headers).toBeInViewport();
  const [diagramTop, headersTop] = await Promise.all([
    diagram.evaluate((element) => element.getBoundingClientRect().top),
    headers.evaluate((element) => element.getBoundingClientRect().top),
  ]);
  expect(Math.abs(headersTop - diagramTop)).toBeLessThan(2);
  await expect(headers.locator('text')).toHaveText(['User', 'Host', 'MCP Client', 'MCP Server', 'LLM']);
});
