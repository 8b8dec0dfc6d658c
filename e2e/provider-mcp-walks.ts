import { expect, type Locator, type Page } from '@playwright/test';
import { readPayloadsOf, runToEnd, stepUntil, waitForRunStatus } from './helpers.ts';

/**
 * The provider-side MCP walks both sites take, each after opening its own (the served app:
 * e2e/provider-mcp.spec.ts; the static site, where the Service Worker is the provider and the
 * server: e2e-static/provider-mcp.spec.ts), so the two cannot drift apart.
 */

export const rowsOf = (page: Page, stepId: string) => page.locator(`[data-testid="timeline-step"][data-step-id="${stepId}"]`);

/** The provider-mcp scenario up to its approval gate; the gate, as the learner sees it. */
export async function reachApprovalGate(page: Page): Promise<Locator> {
  await page.getByTestId('scenario-select').selectOption('provider-mcp');
  await expect(page.getByTestId('scenario-lesson')).toBeVisible();
  await stepUntil(page, 'buttons', 'host.ask-mcp-approval');
  const gate = page.getByTestId('mcp-approval-answer');
  await expect(gate.getByRole('heading')).toHaveText('Let the provider call add_numbers?');
  await expect(gate).toContainText('{"a":5,"b":7}');
  return gate;
}

/** Approve at the gate, play to the end: the answer is in, the provider's client called the tool once, and the server saw that one call. */
export async function approveAndSeeOneCall(page: Page, gate: Locator): Promise<void> {
  await gate.getByRole('button', { name: 'Approve add_numbers' }).click();
  await expect(gate).toBeHidden();
  await runToEnd(page);
  await waitForRunStatus(page, /complete/);
  await expect(page.getByTestId('answer')).toBeVisible();
  await expect(rowsOf(page, 'provider.reported.tools-call.request')).toHaveCount(1);
  const seenCalls = (await readPayloadsOf(page, 'server.seen.request')).filter((message) => JSON.stringify(message).includes('"tools/call"'));
  expect(seenCalls).toHaveLength(1);
}

/** Anthropic with the provider as MCP client, chosen in the settings, runs the default question through the MCP connector. */
export async function runThroughAnthropicConnector(page: Page): Promise<void> {
  await page.getByTestId('model-settings-button').click();
  const dialog = page.getByRole('dialog', { name: 'Model and wire format' });
  await dialog.getByLabel('Wire format (how the host talks to the model)').selectOption('anthropic');
  await dialog.getByLabel(/The provider’s MCP client \(provider-side MCP\)/).check();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  await runToEnd(page);
  await waitForRunStatus(page, /complete/);
  await expect(rowsOf(page, 'host.provider-mcp')).toHaveCount(1);
  // The host's own MCP client never spoke: every MCP message is the provider's report or the server's record.
  await expect(page.locator('[data-testid="timeline-step"][data-step-id^="mcp."]')).toHaveCount(0);
  await expect(rowsOf(page, 'provider.reported.tools-call.response')).toHaveCount(1);
}

/** The twin view of the provider-mcp scenario, both topologies run; a cell of its table by wire and side. */
export async function openTwinTable(page: Page): Promise<(wire: string, side: 'host' | 'provider') => Locator> {
  await page.getByTestId('scenario-select').selectOption('provider-mcp');
  await page.getByTestId('twin-button').click();
  const table = page.getByTestId('twin-dialog').getByTestId('twin-table');
  await expect(table).toBeVisible({ timeout: 60_000 });
  const cell = (wire: string, side: 'host' | 'provider') => table.locator(`tr[data-wire="${wire}"] td[data-side="${side}"]`);
  await expect(cell('Host’s MCP client ↔ MCP server', 'provider')).toHaveText('idle: no message');
  await expect(cell('Outcome', 'host')).toHaveText(/^complete/);
  await expect(cell('Outcome', 'provider')).toHaveText(/^complete/);
  return cell;
}
