import { expect, test } from '@playwright/test';
import { runToEnd } from '../e2e/helpers.ts';
import { waitForInBrowserServer } from './static-site-helpers.ts';

/**
 * The six lifecycles beside a plain tools/call, each run to its end in the static site
 * (the Service Worker is the toolbox and the mock model) in both eras, its gates answered
 * as the engine proposes: each run must record the step its lesson is about.
 */
const SCENARIOS = [
  { id: 'sampling', step: 'provider.response.sampling' },
  { id: 'elicitation', step: 'user.elicitation.answer' },
  { id: 'prompts', step: 'mcp.prompts-get.request' },
  { id: 'resources', step: 'mcp.resources-read.request' },
  { id: 'consent', step: 'user.consent' },
  { id: 'tools-changed', step: 'mcp.tools-list-changed.notification' },
] as const;

test('each reaching-back scenario runs to its end in the static site, in both eras', async ({ page }) => {
  test.setTimeout(900_000);
  await page.goto('./');
  await waitForInBrowserServer(page);
  for (const era of ['2025-11-25', '2026-07-28'] as const) {
    await page.getByText(era, { exact: true }).click();
    for (const scenario of SCENARIOS) {
      await test.step(`${scenario.id} in ${era}`, async () => {
        await page.getByTestId('scenario-select').selectOption(scenario.id);
        await runToEnd(page);
        await expect(page.getByTestId('run-status')).toContainText(/complete/i);
        await expect(page.getByTestId('answer')).toBeVisible();
        await expect(page.locator(`[data-testid="timeline-step"][data-step-id="${scenario.step}"]`).first()).toBeAttached();
      });
    }
  }
});
