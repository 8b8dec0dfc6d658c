import { expect, test, type Page } from '@playwright/test';
import { nameServer, openConsentPopup, readPayloadsOf, waitForRunStatus } from './helpers.ts';
import { AUTH_FLOW_STEPS } from './authorization-steps.ts';

/**
 * The authorization scenario in Chromium against the real sandbox: the learner presses
 * Sign in, the consent page opens in a real window with no opener, the learner approves,
 * the sandbox sends that window to the app's oauth-callback.html, which hands the redirect
 * to the page on this origin's BroadcastChannel and closes; the run goes on to the answer
 * with the token.
 */

/** Plays the run; presses Sign in, approves in the consent window and waits for it to close. */
async function playThroughConsent(page: Page): Promise<void> {
  await page.getByLabel('Speed').selectOption({ label: '4×' });
  const popup = await openConsentPopup(page, async () => {
    await page.getByRole('button', { name: /^Play/ }).click();
  });
  await popup.waitForLoadState();
  await expect(popup.getByRole('heading', { name: /Authorize MCP Lifecycle Explorer/ })).toBeVisible();
  // No way back into the explorer: the consent page has no opener to turn into a page of its own.
  expect(await popup.evaluate(() => window.opener === null)).toBe(true);
  const closed = popup.waitForEvent('close', { timeout: 30_000 });
  await popup.getByRole('button', { name: 'Approve' }).click();
  await closed;
}

async function waitForEnd(page: Page): Promise<void> {
  await waitForRunStatus(page, /complete|stopped/);
}

test('authorization: the consent popup, the callback page, the token, and the answer; the auth steps on the timeline and the Authorization Server drawn', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByTestId('scenario-select').selectOption('authorization');
  await expect(page.getByTestId('auth-fault-select')).toBeVisible();
  await playThroughConsent(page);
  await waitForEnd(page);
  await expect(page.getByTestId('answer')).toContainText('5 plus 7 is 12.');
  const ids = await page.locator('[data-testid="timeline-step"]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-step-id') ?? ''));
  expect(ids.filter((id) => id.startsWith('auth.'))).toEqual(AUTH_FLOW_STEPS);
  await expect(page.locator('.react-flow__node[data-id="authorization"]')).toBeVisible();
  // The redirect the callback page posted: the sandbox's code, state checked, this issuer.
  const [response] = (await readPayloadsOf(page, 'auth.authorization-response')) as { redirect: string; checked: { state: string; iss: string } }[];
  expect(new URL(response!.redirect).pathname).toBe('/oauth-callback.html');
  expect(response!.checked).toEqual({ state: 'the one sent', iss: 'this issuer' });
  // Tokens in memory only: nothing of the flow in the page's storage.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  expect(stored).not.toMatch(/access_token|code_verifier|oauth-callback/);
});

test('authorization with the state-mismatch switch from a link: the page takes no answer of another state; handed to the host, the host refuses it and says why', async ({
  page,
}) => {
  await page.goto('/?scenario=authorization&fault=state-mismatch');
  await expect(page.getByTestId('auth-fault-select')).toHaveValue('state-mismatch');
  await playThroughConsent(page);
  // The answer that came back is not this sign-in's: the page keeps waiting, says so, and takes it only at the learner's word.
  await expect(page.getByTestId('sign-in-note')).toContainText(
    "An answer came back that is not this sign-in's (an answer with another state than this sign-in sent)",
  );
  await expect(page.getByTestId('sign-in')).toBeVisible();
  await page.getByTestId('check-refused-answer').click();
  await waitForEnd(page);
  const ids = await page.locator('[data-testid="timeline-step"]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-step-id') ?? ''));
  expect(ids.filter((id) => id.startsWith('auth.'))).toEqual(AUTH_FLOW_STEPS.slice(0, 6));
  await expect(page.getByText('The redirect back from the consent page carried another state than the one the host sent.').first()).toBeVisible();
});

test('a named server that answers 401: the fault and Sign in; signed in, the flow runs in a popup to the answer with the token redacted', async ({
  page,
  baseURL,
}) => {
  await page.goto('/');
  // The sandbox named by URL is "a server of your own" to the page: no sandbox scenario, so nothing is shown.
  await nameServer(page, `${baseURL}/mcp/protected`);
  await page.getByLabel('Speed').selectOption({ label: '4×' });
  await page.getByRole('button', { name: /^Play/ }).click();
  await waitForEnd(page);
  await expect(page.getByTestId('fault')).toContainText('wants authorization (HTTP 401');
  const popup = await openConsentPopup(page, async () => {
    await page.getByTestId('sign-in-to-server').click();
    await page.getByRole('button', { name: /^Play/ }).click();
  });
  const closed = popup.waitForEvent('close', { timeout: 30_000 });
  await popup.getByRole('button', { name: 'Approve' }).click();
  await closed;
  await waitForEnd(page);
  await expect(page.getByTestId('answer')).toContainText('5 plus 7 is 12.');
  const [token] = (await readPayloadsOf(page, 'auth.token-request')) as { answer: { access_token: string } }[];
  expect(token!.answer.access_token).toBe('[redacted]');
});

test('a named server with a client id the learner registered beforehand: Sign in names that id, with no registration and no metadata document', async ({
  page,
  baseURL,
}) => {
  // Registered by hand, as with a server that offers neither way: the page's callback page as its redirect URI.
  const registered = await page.request.post(`${baseURL}/oauth/register`, {
    data: { client_name: 'Registered by the learner', redirect_uris: [`${baseURL}/oauth-callback.html`] },
  });
  const { client_id: clientId } = (await registered.json()) as { client_id: string };
  await page.goto('/');
  await page.getByTestId('model-settings-button').click();
  const dialog = page.getByRole('dialog', { name: 'Model and wire format' });
  await dialog.getByLabel('Another Streamable HTTP server, by URL.').check();
  await dialog.getByLabel('MCP server URL').fill(`${baseURL}/mcp/protected`);
  await expect(dialog.getByText(`${baseURL}/oauth-callback.html`)).toBeVisible();
  await dialog.getByLabel('OAuth client id (optional)').fill(` ${clientId} `);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  await page.getByLabel('Speed').selectOption({ label: '4×' });
  await page.getByRole('button', { name: /^Play/ }).click();
  await waitForEnd(page);
  await expect(page.getByTestId('fault')).toContainText('wants authorization (HTTP 401');
  const popup = await openConsentPopup(page, async () => {
    await page.getByTestId('sign-in-to-server').click();
    await page.getByRole('button', { name: /^Play/ }).click();
  });
  // The consent page names the client the learner registered.
  await expect(popup.getByRole('heading', { name: /Authorize Registered by the learner/ })).toBeVisible();
  const closed = popup.waitForEvent('close', { timeout: 30_000 });
  await popup.getByRole('button', { name: 'Approve' }).click();
  await closed;
  await waitForEnd(page);
  await expect(page.getByTestId('answer')).toContainText('5 plus 7 is 12.');
  const ids = await page.locator('[data-testid="timeline-step"]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-step-id') ?? ''));
  expect(ids.filter((id) => id.startsWith('auth.'))).toEqual(AUTH_FLOW_STEPS);
  const [identity] = (await readPayloadsOf(page, 'auth.client-id')) as { method: string; client_id: string }[];
  expect(identity).toEqual({ method: 'pre-registered', client_id: clientId });
});

test('authorization: the learner closes the consent window; the page still offers Sign in and says what it waits for; Cancel sign-in ends the flow, the steps before kept', async ({
  page,
}) => {
  await page.goto('/?scenario=authorization');
  await page.getByLabel('Speed').selectOption({ label: '4×' });
  await page.getByRole('button', { name: /^Play/ }).click();
  const note = page.getByTestId('sign-in-note');
  // Before any click: what the sign-in is for, and where (the sandbox is on this very host).
  await expect(note).toContainText(`The MCP server wants you to sign in at ${new URL(page.url()).host}. Sign in opens its consent page in a new window`);
  await expect(page.getByTestId('sign-in-announcement')).toContainText('the explorer waits here until that server sends you back');
  const popup = await openConsentPopup(page, async () => {});
  await expect(popup.getByRole('heading', { name: /Authorize MCP Lifecycle Explorer/ })).toBeVisible();
  await popup.close();
  // A window with no opener cannot be watched: the page says what it waits for and how to go on, and keeps Sign in.
  await expect(note).toContainText('Waiting for the authorization server at');
  await expect(note).toContainText('If no window opened, or you closed it, press Sign in again.');
  await expect(page.getByTestId('sign-in')).toBeVisible();
  await page.getByTestId('cancel-sign-in').click();
  await expect(page.getByTestId('fault')).toContainText('you cancelled the sign-in before the authorization server sent you back to the explorer.');
  await expect(page.getByTestId('sign-in-gate')).toHaveCount(0);
  const ids = await page.locator('[data-testid="timeline-step"]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-step-id') ?? ''));
  expect(ids.filter((id) => id.startsWith('auth.'))).toEqual(AUTH_FLOW_STEPS.slice(0, 5));
});
