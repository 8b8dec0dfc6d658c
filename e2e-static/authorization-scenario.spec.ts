import { expect, test, type Page } from '@playwright/test';
import { readServedPaths, waitForInBrowserServer, waitForOfflineCopy } from './static-site-helpers.ts';
import { openConsentPopup } from '../e2e/helpers.ts';
import { AUTH_FLOW_STEPS, readAuthSteps } from '../e2e/authorization-steps.ts';

/**
 * The authorization scenario in the static site, no app server: the Service Worker is the
 * sandbox, Sign in opens the consent page in a real window with no opener, and the
 * sandbox sends it back to the site's own oauth-callback.html under /explorer/, which
 * hands the redirect to the page on the site's BroadcastChannel; the run reaches the answer.
 */

/** Plays the scenario, approves in the consent window (opened from Sign in, with no opener), and waits for the answer. */
async function runThroughPopup(page: Page): Promise<void> {
  await page.getByTestId('scenario-select').selectOption('authorization');
  await page.getByLabel('Speed').selectOption({ label: '4×' });
  const popup = await openConsentPopup(page, async () => {
    await page.getByRole('button', { name: /^Play/ }).click();
  });
  await expect(popup.getByRole('heading', { name: /Authorize MCP Lifecycle Explorer/ })).toBeVisible();
  expect(await popup.evaluate(() => window.opener === null)).toBe(true);
  const closed = popup.waitForEvent('close', { timeout: 30_000 });
  await popup.getByRole('button', { name: 'Approve' }).click();
  await closed;
  await page.waitForFunction(() => /complete|stopped/.test(document.querySelector('[data-testid="run-status"]')?.textContent ?? ''), undefined, {
    timeout: 120_000,
  });
  await expect(page.getByTestId('answer')).toContainText('5 plus 7 is 12.');
}

test('the authorization scenario runs to the answer under /explorer/, through the popup and the callback page', async ({ page }) => {
  await page.goto('./');
  await waitForInBrowserServer(page);
  await runThroughPopup(page);
  expect(await readAuthSteps(page)).toEqual(AUTH_FLOW_STEPS);
  const origin = new URL(page.url()).origin;
  await page.locator('[data-testid="timeline-step"][data-step-id="auth.authorization-response"]').click();
  await expect(page.getByTestId('inspector').first()).toContainText(`${origin}/explorer/oauth-callback.html?code=`);
});

test('offline: the whole flow, the client metadata document and the callback page served by the worker', async ({ page, context, baseURL }) => {
  const site = new URL('/explorer-offline-auth/', baseURL).href;
  await page.goto(site);
  await waitForInBrowserServer(page);
  // A first visit keeps the site's files once its worker is active: going offline before the banner says so would test a half copy.
  await waitForOfflineCopy(page);
  const servedBefore = (await readServedPaths(page, site)).length;
  await context.setOffline(true);
  await page.reload();
  await waitForInBrowserServer(page);
  await runThroughPopup(page);
  expect(await readAuthSteps(page)).toEqual(AUTH_FLOW_STEPS);
  await context.setOffline(false);
  // Nothing of the site was asked of the static host while offline: the callback page came from the worker's cache.
  const askedOffline = (await readServedPaths(page, site)).slice(servedBefore).filter((pathname) => pathname.startsWith('/explorer-offline-auth/'));
  expect(askedOffline.filter((pathname) => pathname !== '/explorer-offline-auth/service-worker.js')).toEqual([]);
});
