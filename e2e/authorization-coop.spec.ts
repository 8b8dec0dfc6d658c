import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { createApp } from '../server/http/create-app.ts';
import { createNodeListener } from '../server/node/create-node-listener.ts';
import { nameServer, openConsentPopup, readPayloadsOf, waitForRunStatus } from './helpers.ts';

/**
 * A third-party authorization server that sends Cross-Origin-Opener-Policy: same-origin,
 * as many sign-in pages do. The consent window has no opener anyway (the page opens it
 * with noopener), so COOP changes nothing: the callback page's BroadcastChannel brings the
 * code back, checked by the flow's state. The server here is the real app (sandbox and
 * /mcp/protected) on another origin, every answer with COOP; the page names it by URL and
 * signs in through a real window in Chromium.
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

test('an authorization server on another origin that sends COOP same-origin: the code comes back on the channel all the same', async ({ page }) => {
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
  expect(await popup.evaluate(() => window.opener === null)).toBe(true);
  // While the learner signs in there, the page says what it waits for and where, aloud and in view.
  const note = page.getByTestId('sign-in-gate');
  await expect(note).toContainText(`Waiting for the authorization server at ${new URL(serverUrl).host} to send you back.`);
  await expect(page.getByTestId('sign-in-announcement')).toContainText('If no window opened, or you closed it, press Sign in again.');
  await expect(note.getByRole('button', { name: 'Cancel sign-in' })).toBeVisible();
  await expect(note.getByRole('button', { name: 'Sign in' })).toBeVisible();
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

test('the learner closes the window: Sign in again opens the same request, and Cancel sign-in ends the flow, the steps before kept', async ({ page }) => {
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
  const note = page.getByTestId('sign-in-gate');
  await popup.close();
  // Sign in again opens the same request (same state and PKCE challenge) in a new window.
  const reopened = page.waitForEvent('popup');
  await note.getByRole('button', { name: 'Sign in' }).click();
  const second = await reopened;
  await expect(second.getByRole('heading', { name: /Authorize MCP Lifecycle Explorer/ })).toBeVisible();
  expect(new URL(second.url()).searchParams.get('state')).toBe(new URL(popup.url()).searchParams.get('state'));
  await second.close();
  await note.getByRole('button', { name: 'Cancel sign-in' }).click();
  await expect(page.getByTestId('fault')).toContainText('you cancelled the sign-in before the authorization server sent you back to the explorer.');
  await expect(note).toHaveCount(0);
  const ids = await page.locator('[data-testid="timeline-step"]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-step-id') ?? ''));
  expect(ids.filter((id) => id.startsWith('auth.')).slice(-2)).toEqual(['auth.client-id', 'auth.authorization-request']);
});
