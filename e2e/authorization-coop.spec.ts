import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { createApp } from '../server/http/create-app.ts';
import { createNodeListener } from '../server/node/create-node-listener.ts';
import { nameServer, openConsentPopup, readPayloadsOf, waitForRunStatus } from './helpers.ts';

/**
 * A third-party authorization server that sends Cross-Origin-Opener-Policy: same-origin,
 * as many sign-in pages do: the popup loses its opener once it reaches them, so the
 * callback page cannot post to the explorer. The server here is the real app (sandbox and
 * /mcp/protected) on another origin, every answer with COOP; the page names it by URL,
 * signs in through a real popup in Chromium, and the callback page's BroadcastChannel
 * (named by the flow's state) brings the code back.
 */

let server: Server;
let serverUrl: string;

test.beforeAll(async ({ baseURL }) => {
  const app = createApp({ allowedHostnames: ['127.0.0.1'], allowedOrigins: [baseURL!] });
  server = createServer(
    createNodeListener(async (request) => {
      const answer = await app.fetch(request);
      const headers = new Headers(answer.headers);
      headers.set('cross-origin-opener-policy', 'same-origin');
      return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

test('an authorization server on another origin that sends COOP same-origin: the popup is cut off, and the code still comes back', async ({ page }) => {
  await page.goto('/');
  await nameServer(page, `${serverUrl}/mcp/protected`);
  await page.getByLabel('Speed').selectOption({ label: '4×' });
  await page.getByRole('button', { name: /^Play/ }).click();
  await waitForRunStatus(page, /complete|stopped/);
  await expect(page.getByTestId('fault')).toContainText('wants authorization (HTTP 401');

  const popup = await openConsentPopup(page, async () => {
    await page.getByTestId('sign-in-to-server').click();
    await page.getByRole('button', { name: /^Play/ }).click();
  });
  await expect(popup.getByRole('heading', { name: /Authorize MCP Lifecycle Explorer/ })).toBeVisible();
  // COOP severed the popup: on the consent page it has no opener, so postMessage to it cannot work.
  expect(await popup.evaluate(() => window.opener === null)).toBe(true);
  // Severed, the popup reads as closed while the learner signs in: the page says what it knows, aloud and in view.
  const note = page.getByTestId('consent-window-closed');
  await expect(note).toContainText('The consent window is closed or cut off from the explorer by the authorization server (COOP).');
  await expect(page.getByTestId('sign-in-announcement')).toContainText('If you are still signing in there, finish; if you closed it, Cancel sign-in.');
  await expect(note.getByRole('button', { name: 'Cancel sign-in' })).toBeVisible();
  await expect(note.getByRole('button', { name: 'Reopen the consent window' })).toBeVisible();
  await popup.getByRole('button', { name: 'Approve' }).click();
  await waitForRunStatus(page, /complete/);
  await expect(page.getByTestId('answer')).toContainText('5 plus 7 is 12.');
  await expect(note).toHaveCount(0);
  await expect(page.getByTestId('sign-in-announcement')).toHaveText('');

  const [identity] = (await readPayloadsOf(page, 'auth.client-id')) as { method: string }[];
  expect(identity!.method).toBe('Client ID Metadata Document');
  const [response] = (await readPayloadsOf(page, 'auth.authorization-response')) as { redirect: string; checked: { state: string; iss: string } }[];
  expect(new URL(response!.redirect).pathname).toBe('/oauth-callback.html');
  expect(response!.checked).toEqual({ state: 'the one sent', iss: 'this issuer' });
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  expect(stored).not.toMatch(/access_token|code_verifier|oauth-callback/);
});

test('COOP severed the popup and the learner really closed it: Cancel sign-in ends the flow as closed before answering, the steps before kept', async ({ page }) => {
  await page.goto('/');
  await nameServer(page, `${serverUrl}/mcp/protected`);
  await page.getByLabel('Speed').selectOption({ label: '4×' });
  await page.getByRole('button', { name: /^Play/ }).click();
  await expect(page.getByTestId('sign-in-to-server')).toBeVisible({ timeout: 120_000 });
  const popup = await openConsentPopup(page, async () => {
    await page.getByTestId('sign-in-to-server').click();
    await page.getByRole('button', { name: /^Play/ }).click();
  });
  await expect(popup.getByRole('heading', { name: /Authorize MCP Lifecycle Explorer/ })).toBeVisible();
  const note = page.getByTestId('consent-window-closed');
  await expect(note).toBeVisible();
  // Reopen opens the same request in a new window (the note goes while it is watched, and comes back once COOP severs it too).
  const reopened = page.waitForEvent('popup');
  await note.getByRole('button', { name: 'Reopen the consent window' }).click();
  const second = await reopened;
  await expect(second.getByRole('heading', { name: /Authorize MCP Lifecycle Explorer/ })).toBeVisible();
  expect(new URL(second.url()).searchParams.get('state')).toBe(new URL(popup.url()).searchParams.get('state'));
  await expect(note).toBeVisible();
  await popup.close();
  await second.close();
  await note.getByRole('button', { name: 'Cancel sign-in' }).click();
  await expect(page.getByTestId('fault')).toContainText('the consent window was closed before the authorization server sent it back to the explorer.');
  await expect(note).toHaveCount(0);
  const ids = await page.locator('[data-testid="timeline-step"]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-step-id') ?? ''));
  expect(ids.filter((id) => id.startsWith('auth.')).slice(-2)).toEqual(['auth.client-id', 'auth.authorization-request']);
});
