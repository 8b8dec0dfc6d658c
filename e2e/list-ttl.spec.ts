import { expect, test } from '@playwright/test';
import { readPayloadsOf, runToEnd, stepUntil } from './helpers.ts';

/**
 * 2026-07-28 list freshness in the page, on npm start's server: /mcp's tools/list says an
 * hour and public, so before the model's second request the host says the list is still
 * fresh and what public means for it; the stale-list what-if (/mcp?list-ttl=0) says 0, and
 * the host lists the tools again before it asks the model. 2025-11-25 cannot run it.
 */

test('happy path, 2026-07-28: the host says its list is still fresh, and what cacheScope public means for it', async ({ page }) => {
  await page.goto('/?scenario=happy-path&era=2026-07-28');
  await stepUntil(page, 'keyboard', 'host.tools-list-fresh');
  await expect(page.locator('[data-testid="timeline-step"][data-step-id="host.tools-list-fresh"]')).toContainText('ttlMs 3600000');
  await expect(page.getByTestId('step-summary')).toContainText('said its list stays fresh for 1 h (ttlMs 3600000)');
  await expect(page.getByTestId('step-summary')).toContainText('cacheScope public');
  await runToEnd(page);
  expect(await readPayloadsOf(page, 'mcp.tools-list.request')).toHaveLength(1);
});

test('stale-list, 2026-07-28: the list is past its ttlMs, and the host lists the tools again before it asks the model', async ({ page }) => {
  await page.goto('/?scenario=stale-list&era=2026-07-28');
  await expect(page.getByTestId('scenario-lesson')).toContainText('ttlMs 0');
  await runToEnd(page);
  await expect(page.getByTestId('answer')).toContainText('12');
  expect(await readPayloadsOf(page, 'mcp.tools-list.request')).toHaveLength(2);
  const stale = page.locator('[data-testid="timeline-step"][data-step-id="host.tools-list-stale"]');
  await expect(stale).toContainText('past its ttlMs');
  await stale.click();
  await expect(page.getByTestId('step-summary')).toContainText('said ttlMs 0: stale at once');
  await expect(page.locator('[data-testid="timeline-step"][data-step-id="host.tools-list-fresh"]')).toHaveCount(0);
});

test('stale-list, 2025-11-25: the page says why this era cannot run it', async ({ page }) => {
  await page.goto('/?scenario=stale-list&era=2025-11-25');
  await expect(page.getByTestId('scenario-era-refusal')).toContainText('carries no ttlMs');
});
