import { expect, test, type Page } from '@playwright/test';
import { openConsentPopup, waitForRunStatus } from '../e2e/helpers.ts';
import { waitForInBrowserServer } from './static-site-helpers.ts';
import { AUTH_FLOW_STEPS, readAuthSteps } from '../e2e/authorization-steps.ts';

/**
 * The sandbox's six failure switches in the static site, no app server: the fault travels
 * from the link through the Service Worker's sandbox (its faulty issuer's metadata at
 * /.well-known/…/explorer/oauth/fault/NAME, outside the folder) to its own outcome, said in
 * the page, with the steps before it on the timeline; each switch in an era of its own.
 */

async function approveIn(page: Page, start: () => Promise<void>): Promise<void> {
  const popup = await openConsentPopup(page, start);
  await expect(popup.getByRole('heading', { name: /Authorize MCP Lifecycle Explorer/ })).toBeVisible();
  const closed = popup.waitForEvent('close', { timeout: 30_000 });
  await popup.getByRole('button', { name: 'Approve' }).click();
  await closed;
}

async function openWithFault(page: Page, { fault, era }: { fault: string; era: string }): Promise<void> {
  await page.goto(`./?scenario=authorization&fault=${fault}&era=${era}`);
  await waitForInBrowserServer(page);
  await expect(page.getByTestId('auth-fault-select')).toHaveValue(fault);
  await page.getByLabel('Speed').selectOption({ label: '4×' });
}

const play = (page: Page) => page.getByRole('button', { name: /^Play/ }).click();

/** `handOver`: the page refuses the answer (its state is not the one sent), and the learner hands it to the host to see the host's check. */
type Case = { fault: string; era: string; consents: number; outcome: RegExp; steps: string[]; said: string; handOver?: true };

const CASES: Case[] = [
  {
    fault: 'wrong-issuer',
    era: '2025-11-25',
    consents: 0,
    outcome: /stopped/,
    steps: AUTH_FLOW_STEPS.slice(0, 3),
    said: "The authorization server's metadata says its issuer is",
  },
  {
    fault: 'wrong-resource',
    era: '2026-07-28',
    consents: 1,
    outcome: /stopped/,
    steps: [...AUTH_FLOW_STEPS, 'auth.challenge', 'auth.refresh', 'auth.retry', 'auth.challenge', 'auth.resource-metadata'],
    said: 'still answered HTTP 401 with the new token: “The access token was issued for another resource',
  },
  {
    fault: 'missing-scope',
    era: '2025-11-25',
    consents: 2,
    outcome: /complete/,
    steps: [...AUTH_FLOW_STEPS, 'auth.step-up', 'auth.authorization-request', 'auth.authorization-response', 'auth.token-request', 'auth.retry'],
    said: '5 plus 7 is 12.',
  },
  {
    fault: 'expired-token',
    era: '2026-07-28',
    consents: 1,
    outcome: /complete/,
    steps: [...AUTH_FLOW_STEPS, 'auth.challenge', 'auth.refresh', 'auth.retry'],
    said: '5 plus 7 is 12.',
  },
  {
    fault: 'state-mismatch',
    era: '2026-07-28',
    consents: 1,
    outcome: /stopped/,
    steps: AUTH_FLOW_STEPS.slice(0, 6),
    said: 'The redirect back from the consent page carried another state than the one the host sent.',
    handOver: true,
  },
  {
    fault: 'pkce-mismatch',
    era: '2025-11-25',
    consents: 1,
    outcome: /stopped/,
    steps: AUTH_FLOW_STEPS.slice(0, 7),
    said: 'invalid_grant, “code_verifier does not match the code_challenge',
  },
];

for (const { fault, era, consents, outcome, steps, said, handOver } of CASES) {
  test(`${fault}, ${era}: its own outcome under /explorer/, the steps before it kept`, async ({ page }) => {
    await openWithFault(page, { fault, era });
    if (consents === 0) await play(page);
    else await approveIn(page, () => play(page));
    // Step-up's second consent waits for Sign in again: the page opens no window by itself.
    for (let more = 1; more < consents; more++) await approveIn(page, async () => {});
    if (handOver) await page.getByTestId('check-refused-answer').click();
    await waitForRunStatus(page, outcome);
    expect(await readAuthSteps(page)).toEqual(steps);
    const first = era === '2026-07-28' ? 'mcp.discover.request' : 'mcp.initialize.request';
    await expect(page.locator(`[data-testid="timeline-step"][data-step-id="${first}"]`).first()).toBeAttached();
    await expect(page.getByTestId(outcome.source === 'complete' ? 'answer' : 'fault')).toContainText(said);
  });
}
