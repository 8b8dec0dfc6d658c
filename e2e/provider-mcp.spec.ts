import { expect, test } from '@playwright/test';
import { findNextButton, openApp, readPayloadsOf, waitForRunStatus } from './helpers.ts';
import { approveAndSeeOneCall, openTwinTable, reachApprovalGate, rowsOf, runThroughAnthropicConnector } from './provider-mcp-walks.ts';

/**
 * Provider-side MCP in real Chromium against the served app: the provider-mcp scenario's
 * approval gate answered with its own buttons (a bare Next does not answer it), the provider's
 * MCP client drawn talking to the server, and the topology chosen in the settings for Anthropic.
 * The assertions read what the host recorded and what the built-in server saw.
 */

test('approval gate: Next does not answer it; Approve goes back as mcp_approval_response and the provider’s client calls the tool', async ({ page }) => {
  await openApp(page);
  const gate = await reachApprovalGate(page);
  // A bare Next must not answer for the user: the gate stays, and no step follows it.
  const shown = await page.getByTestId('inspector').getAttribute('data-n');
  await findNextButton(page).click();
  await expect(gate).toBeVisible();
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-n', shown ?? '');
  await expect(rowsOf(page, 'provider.request.mcp-approval')).toHaveCount(0);
  await approveAndSeeOneCall(page, gate);
  expect(await readPayloadsOf(page, 'user.mcp-approval')).toEqual([{ decision: 'approve' }]);
  expect(JSON.stringify(await readPayloadsOf(page, 'provider.request.mcp-approval'))).toContain('"approve":true');
  // The host's own MCP client never spoke: every MCP message is the provider's report or the server's record.
  await expect(page.locator('[data-testid="timeline-step"][data-step-id^="mcp."]')).toHaveCount(0);
  // The graph draws the provider talking to the server, on an edge of its own.
  await rowsOf(page, 'provider.reported.tools-call.request').click();
  await expect(page.locator('[data-testid="message-in-flight"][data-edge="llm-server"]')).toHaveCount(1);
});

test('approval gate: Deny sends approve false, the provider never calls the tool, and the run ends declined', async ({ page }) => {
  await openApp(page);
  const gate = await reachApprovalGate(page);
  await gate.getByRole('button', { name: 'Deny' }).click();
  await page.getByLabel('Speed').selectOption({ label: '4×' });
  await page.getByRole('button', { name: /^Play/ }).click();
  await waitForRunStatus(page, /declined/);
  expect(await readPayloadsOf(page, 'user.mcp-approval')).toEqual([{ decision: 'deny' }]);
  expect(JSON.stringify(await readPayloadsOf(page, 'provider.request.mcp-approval'))).toContain('"approve":false');
  await expect(rowsOf(page, 'provider.reported.tools-call.request')).toHaveCount(0);
  const seen = await readPayloadsOf(page, 'server.seen.request');
  expect(seen.some((message) => JSON.stringify(message).includes('"tools/call"'))).toBe(false);
});

test('the settings’ topology: Anthropic with the provider as MCP client runs the default question through the MCP connector', async ({ page }) => {
  await openApp(page);
  await runThroughAnthropicConnector(page);
  const [request] = (await readPayloadsOf(page, 'provider.request')) as { mcp_servers?: { type: string }[] }[];
  expect(request?.mcp_servers?.[0]?.type).toBe('url');
});

test('the twin view asks the question in both topologies and shows, wire by wire, what each put there', async ({ page }) => {
  await openApp(page);
  const cell = await openTwinTable(page);
  await expect(cell('Host’s MCP client ↔ MCP server', 'host')).toHaveText(/^\d+ messages/);
  await expect(cell('Provider’s MCP client ↔ MCP server', 'provider')).toHaveText(/^4 steps reported by the provider; \d+ messages seen by the server/);
  await expect(cell('Translations by the host', 'host')).toHaveText('3 translations (steps 7, 11, 18)');
  await expect(cell('Translations by the host', 'provider')).toHaveText('none: the provider translates for itself');
  await expect(cell('Outcome', 'host')).toHaveText('complete: “5 plus 7 is 12.”');
  await expect(cell('Outcome', 'provider')).toHaveText('complete: “5 plus 7 is 12.”');
});

test('with a real provider, the settings say before any request that it cannot reach a server on this machine', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('model-settings-button').click();
  const dialog = page.getByRole('dialog', { name: 'Model and wire format' });
  await dialog.getByLabel('Wire format (how the host talks to the model)').selectOption('openai-responses');
  await dialog.getByLabel('A real provider, with your own key.').check();
  const warning = dialog.getByTestId('provider-reach-warning');
  await expect(warning).toHaveCount(0);
  await dialog.getByLabel(/The provider’s MCP client \(provider-side MCP\)/).check();
  await expect(warning).toContainText("is this machine: the provider's MCP client runs on the provider's servers");
  // The host's own client reaches it: choosing it takes the warning away.
  await dialog.getByLabel(/The host’s own MCP client \(host-side MCP\)/).check();
  await expect(warning).toHaveCount(0);
});
