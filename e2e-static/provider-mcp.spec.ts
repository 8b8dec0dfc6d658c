import { expect, test } from '@playwright/test';
import { readPayloadsOf, runToEnd, stepUntil, waitForRunStatus } from '../e2e/helpers.ts';
import { waitForInBrowserServer } from './static-site-helpers.ts';

/**
 * Provider-side MCP in the static site: the Service Worker is the provider (its mock's own MCP
 * SDK client reaches the built-in server through the app itself) and the server, whose record
 * the host reads back. Both wires, the approval gate answered with its button.
 */

const rowsOf = (page: import('@playwright/test').Page, stepId: string) => page.locator(`[data-testid="timeline-step"][data-step-id="${stepId}"]`);

test('the provider-mcp scenario in the worker: approved, the provider’s client calls the tool, and the server’s record shows the call', async ({ page }) => {
  await page.goto('./');
  await waitForInBrowserServer(page);
  await page.getByTestId('scenario-select').selectOption('provider-mcp');
  await stepUntil(page, 'buttons', 'host.ask-mcp-approval');
  await page.getByTestId('mcp-approval-answer').getByRole('button', { name: 'Approve add_numbers' }).click();
  await runToEnd(page);
  await waitForRunStatus(page, /complete/);
  await expect(page.getByTestId('answer')).toBeVisible();
  await expect(rowsOf(page, 'provider.reported.tools-call.request')).toHaveCount(1);
  const seen = await readPayloadsOf(page, 'server.seen.request');
  expect(seen.filter((message) => JSON.stringify(message).includes('"tools/call"'))).toHaveLength(1);
});

test('Anthropic’s MCP connector in the worker, chosen in the settings', async ({ page }) => {
  await page.goto('./');
  await waitForInBrowserServer(page);
  await page.getByTestId('model-settings-button').click();
  const dialog = page.getByRole('dialog', { name: 'Model and wire format' });
  await dialog.getByLabel('Wire format (how the host talks to the model)').selectOption('anthropic');
  await dialog.getByLabel(/The provider’s MCP client \(provider-side MCP\)/).check();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  await runToEnd(page);
  await waitForRunStatus(page, /complete/);
  await expect(rowsOf(page, 'host.provider-mcp')).toHaveCount(1);
  await expect(page.locator('[data-testid="timeline-step"][data-step-id^="mcp."]')).toHaveCount(0);
  await expect(rowsOf(page, 'provider.reported.tools-call.response')).toHaveCount(1);
});

test('the twin view in the static site: both topologies run in the worker', async ({ page }) => {
  await page.goto('./');
  await waitForInBrowserServer(page);
  await page.getByTestId('scenario-select').selectOption('provider-mcp');
  await page.getByTestId('twin-button').click();
  const table = page.getByTestId('twin-dialog').getByTestId('twin-table');
  await expect(table).toBeVisible({ timeout: 60_000 });
  await expect(table.locator('tr[data-wire="Host’s MCP client ↔ MCP server"] td[data-side="provider"]')).toHaveText('idle: no message');
  await expect(table.locator('tr[data-wire="Outcome"] td[data-side="host"]')).toHaveText(/^complete/);
  await expect(table.locator('tr[data-wire="Outcome"] td[data-side="provider"]')).toHaveText(/^complete/);
});
