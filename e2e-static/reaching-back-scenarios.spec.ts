import { expect, test, type Page } from '@playwright/test';
import { runToEnd } from '../e2e/helpers.ts';
import { waitForInBrowserServer } from './static-site-helpers.ts';

/**
 * The lifecycles beside a plain tools/call, each run to its end in the static site (the
 * Service Worker is the toolbox and the mock model) in both eras, its gates answered as
 * the engine proposes: each run must record the step its lesson is about. Each list runs
 * in a test per era, so the four run side by side: one test of all twelve runs was the
 * static suite's last to end, 2.5 of its 3.9 minutes on a slow machine.
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

type Era = '2025-11-25' | '2026-07-28';

async function runEach(page: Page, era: Era, scenarios: readonly { id: string; step: string }[]) {
  await page.goto('./');
  await waitForInBrowserServer(page);
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

for (const era of ['2025-11-25', '2026-07-28'] as const) {
  test(`each reaching-back scenario runs to its end in the static site, in era ${era}`, async ({ page }) => {
    test.setTimeout(450_000);
    await runEach(page, era, SCENARIOS);
  });

  test(`the URL-mode elicitation and the refused and stalled sampling requests run to their end in the static site, in era ${era}`, async ({ page }) => {
    test.setTimeout(300_000);
    await runEach(page, era, OUTCOMES);
  });
}
