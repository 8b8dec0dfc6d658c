import { test } from '@playwright/test';
import { approveAndSeeOneCall, openTwinTable, reachApprovalGate, runThroughAnthropicConnector } from '../e2e/provider-mcp-walks.ts';
import { waitForInBrowserServer } from './static-site-helpers.ts';

/**
 * Provider-side MCP in the static site: the Service Worker is the provider (its mock's own MCP
 * SDK client reaches the built-in server through the app itself) and the server, whose record
 * the host reads back. Both wires, the approval gate answered with its button.
 */

test('the provider-mcp scenario in the worker: approved, the provider’s client calls the tool, and the server’s record shows the call', async ({ page }) => {
  await page.goto('./');
  await waitForInBrowserServer(page);
  await approveAndSeeOneCall(page, await reachApprovalGate(page));
});

test('Anthropic’s MCP connector in the worker, chosen in the settings', async ({ page }) => {
  await page.goto('./');
  await waitForInBrowserServer(page);
  await runThroughAnthropicConnector(page);
});

test('the twin view in the static site: both topologies run in the worker', async ({ page }) => {
  await page.goto('./');
  await waitForInBrowserServer(page);
  await openTwinTable(page);
});
