import { expect, test, type Page } from '@playwright/test';
import { runToEnd } from '../e2e/helpers.ts';
import { waitForInBrowserServer } from './static-site-helpers.ts';

/**
 * The lifecycles beside a plain tools/call, each run to its end in the static site (the
 * Service Worker is the toolbox and the mock model) in both eras, its gates answered as
 * the engine proposes: each run must record the step its lesson is about. The outcomes
 * (URL mode, a refused and a stalled sampling request) run in a test of their own, so the
 * two lists run side by side.
 */
const SCENARIOS = [
  { id: 'sampling', step: 'provider.response.sampling' },
  { id: 'elicitation', step: 'user.elicitation.answer' },
  { id: 'prompts', step: 'mcp.prompts-get.request' },
  { id: 'resources', step: 'mcp.resources-read.request' },
  { id: 'consent', step: 'user.consent' },
  { id: 'tools-changed', step: 'mcp.tools-list-changed.notification' },
] as const;

const OUTCOMES = [
  { id: 'elicitation-url', step: 'user.elicitation.answer' },
  { id: 'sampling-refused', step: 'host.sampling.refused' },
  // The worker's mock holds the request until the host aborts it at its 10 s limit: the run must go on past it.
  { id: 'sampling-timeout', step: 'host.sampling.timeout' },
] as const;

async function runEach(page: Page, scenarios: readonly { id: string; step: string }[]) {
  await page.goto('./');
  await waitForInBrowserServer(page);
  for (const era of ['2025-11-25', '2026-07-28'] as const) {
    await page.getByText(era, { exact: true }).click();
    for (const scenario of scenarios) {
      await test.step(`${scenario.id} in ${era}`, async () => {
        await page.getByTestId('scenario-select').selectOption(scenario.id);
        await runToEnd(page);
        await expect(page.getByTestId('run-status')).toContainText(/complete/i);
        await expect(page.getByTestId('answer')).toBeVisible();
        await expect(page.locator(`[data-testid="timeline-step"][data-step-id="${scenario.step}"]`).first()).toBeAttached();
      });
    }
  }
}

test('each reaching-back scenario runs to its end in the static site, in both eras', async ({ page }) => {
  test.setTimeout(900_000);
  await runEach(page, SCENARIOS);
});

test('the URL-mode elicitation and the refused and stalled sampling requests run to their end in the static site, in both eras', async ({ page }) => {
  test.setTimeout(600_000);
  await runEach(page, OUTCOMES);
});
