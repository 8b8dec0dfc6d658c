import { expect, test, type Page } from '@playwright/test';
import { openConsentPopup, readPayloadsOf, waitForRunStatus } from './helpers.ts';
import { AUTH_FLOW_STEPS, readAuthSteps } from './authorization-steps.ts';

/**
 * The sandbox's failure switches in the page, from a link in either era (state-mismatch is
 * in authorization.spec.ts): each ends in its own outcome, said in the page, with the
 * steps before it on the timeline. The consent happens in a real popup each time the flow
 * asks for it (twice for step-up).
 */

/** The era the link asked for is the one spoken: the refused first request is server/discover in 2026-07-28, initialize before. */
async function expectEraSpoken(page: Page, era: string): Promise<void> {
  const first = era === '2026-07-28' ? 'mcp.discover.request' : 'mcp.initialize.request';
  await expect(page.locator(`[data-testid="timeline-step"][data-step-id="${first}"]`).first()).toBeAttached();
}

/** Approves in the consent window that start() leads to (opened from Sign in), and waits for it to close. */
async function approveIn(page: Page, start: () => Promise<void>): Promise<void> {
  const popup = await openConsentPopup(page, start);
  await expect(popup.getByRole('heading', { name: /Authorize MCP Lifecycle Explorer/ })).toBeVisible();
  const closed = popup.waitForEvent('close', { timeout: 30_000 });
  await popup.getByRole('button', { name: 'Approve' }).click();
  await closed;
}

async function openWithFault(page: Page, { fault, era }: { fault: string; era: string }): Promise<void> {
  await page.goto(`/?scenario=authorization&fault=${fault}&era=${era}`);
  await expect(page.getByTestId('auth-fault-select')).toHaveValue(fault);
  await page.getByLabel('Speed').selectOption({ label: '4×' });
}

const play = (page: Page) => page.getByRole('button', { name: /^Play/ }).click();

test('wrong-issuer, 2026-07-28: stops at the server metadata, no consent asked, and says which issuer it named', async ({ page }) => {
  await openWithFault(page, { fault: 'wrong-issuer', era: '2026-07-28' });
  await play(page);
  await waitForRunStatus(page, /stopped/);
  await expectEraSpoken(page, '2026-07-28');
  expect(await readAuthSteps(page)).toEqual(AUTH_FLOW_STEPS.slice(0, 3));
  await expect(page.getByTestId('fault')).toContainText("The authorization server's metadata says its issuer is");
  await expect(page.getByTestId('fault')).toContainText('RFC 8414 §3.3');
});

test('wrong-resource, 2025-11-25: the token is refused, a refresh is refused too, and the server’s reason is said', async ({ page }) => {
  await openWithFault(page, { fault: 'wrong-resource', era: '2025-11-25' });
  await approveIn(page, () => play(page));
  await waitForRunStatus(page, /stopped/);
  await expectEraSpoken(page, '2025-11-25');
  expect(await readAuthSteps(page)).toEqual([...AUTH_FLOW_STEPS, 'auth.challenge', 'auth.refresh', 'auth.retry', 'auth.challenge', 'auth.resource-metadata']);
  await expect(page.getByTestId('fault')).toContainText('still answered HTTP 401 with the new token: “The access token was issued for another resource');
});

test('missing-scope, 2026-07-28: the 403 insufficient_scope is a step-up of its own, a second consent, then the answer', async ({ page }) => {
  await openWithFault(page, { fault: 'missing-scope', era: '2026-07-28' });
  await approveIn(page, () => play(page));
  // The second consent waits for Sign in again: the page opens no window by itself.
  await approveIn(page, async () => {});
  await waitForRunStatus(page, /complete/);
  await expect(page.getByTestId('answer')).toContainText('5 plus 7 is 12.');
  await expectEraSpoken(page, '2026-07-28');
  expect(await readAuthSteps(page)).toEqual([
    ...AUTH_FLOW_STEPS,
    'auth.step-up',
    'auth.authorization-request',
    'auth.authorization-response',
    'auth.token-request',
    'auth.retry',
  ]);
  const [stepUp] = (await readPayloadsOf(page, 'auth.step-up')) as { status: number; challenge: { error: string; scope: string[] } }[];
  expect(stepUp).toMatchObject({ status: 403, challenge: { error: 'insufficient_scope', scope: ['mcp:tools'] } });
});

test('expired-token, 2025-11-25: the 401 invalid_token brings a refresh of its own, with no second consent, then the answer', async ({ page }) => {
  await openWithFault(page, { fault: 'expired-token', era: '2025-11-25' });
  await approveIn(page, () => play(page));
  await waitForRunStatus(page, /complete/);
  await expect(page.getByTestId('answer')).toContainText('5 plus 7 is 12.');
  await expectEraSpoken(page, '2025-11-25');
  expect(await readAuthSteps(page)).toEqual([...AUTH_FLOW_STEPS, 'auth.challenge', 'auth.refresh', 'auth.retry']);
  const [refresh] = (await readPayloadsOf(page, 'auth.refresh')) as { sent: { grant_type: string } }[];
  expect(refresh!.sent.grant_type).toBe('refresh_token');
});

test('pkce-mismatch, 2026-07-28: the token endpoint refuses the verifier, and the page says invalid_grant and why', async ({ page }) => {
  await openWithFault(page, { fault: 'pkce-mismatch', era: '2026-07-28' });
  await approveIn(page, () => play(page));
  await waitForRunStatus(page, /stopped/);
  await expectEraSpoken(page, '2026-07-28');
  expect(await readAuthSteps(page)).toEqual(AUTH_FLOW_STEPS.slice(0, 7));
  await expect(page.getByTestId('fault')).toContainText('invalid_grant, “code_verifier does not match the code_challenge');
  await expect(page.getByTestId('fault')).toContainText('RFC 7636 §4.6');
});
