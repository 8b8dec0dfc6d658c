import { expect, test } from '@playwright/test';
import { readPayloadsOf, runToEnd } from './helpers.ts';

/**
 * The header-mismatch what-if in the page, on npm start's server: the stale gateway before
 * /mcp rewrites the call's Mcp-Name, the server answers 400 with -32020, and the model hears
 * the error. Once: the SDK client's retry after a mismatch is off in a browser (the CLI's
 * Node run sends the call twice, tests/integration/header-mismatch.test.ts).
 * 2025-11-25 has no such headers: the page says so and offers the era that can run it.
 */

test('header-mismatch, 2026-07-28: the server answers -32020 to a call whose Mcp-Name disagrees with its body', async ({ page }) => {
  await page.goto('/?scenario=header-mismatch&era=2026-07-28');
  await expect(page.getByTestId('scenario-lesson')).toContainText('-32020');
  await runToEnd(page);
  // Read before a step is picked: the answer shows at the run's end.
  await expect(page.getByTestId('answer')).toContainText('-32020');
  const answers = (await readPayloadsOf(page, 'mcp.tools-call.response')) as { error?: { code: number; message: string } }[];
  expect(answers.map((answer) => answer.error?.code)).toEqual([-32020]);
  expect(answers[0]?.error?.message).toContain('the Mcp-Name header names "add"');
  const response = page.locator('[data-testid="timeline-step"][data-step-id="mcp.tools-call.response"]');
  await expect(response).toContainText('-32020');
  // Not the unknown tool's words: the name was never looked up.
  await expect(response).toContainText('header mismatch');
  await expect(response).not.toContainText('no such tool');
});

test('header-mismatch, 2025-11-25: the page says why this era cannot run it', async ({ page }) => {
  await page.goto('/?scenario=header-mismatch&era=2025-11-25');
  await expect(page.getByTestId('scenario-era-refusal')).toContainText('no Mcp-Method or Mcp-Name header');
});
