import { expect, type Page } from '@playwright/test';
import type { HostileAuthorizationServer } from '../tests/helpers/start-hostile-authorization-server.ts';
import { nameServer } from './helpers.ts';

/**
 * The attack of issue 36 in a real browser: the learner names an MCP server whose
 * authorization server gives a javascript: authorization_endpoint (writeBeaconScript: if
 * it runs, it marks the explorer's window and calls the server's /pwned), answers its 401
 * with Sign in, and plays the flow. A learner presses Sign in whenever the page offers it.
 * The script must never run, and the page must show the refusal, in the served app and the
 * static site alike. `until` ends the wait on something else too: the browser's own refusal,
 * where the gate is switched off (e2e/content-security-policy.spec.ts).
 */
export async function signInToHostileServer(
  page: Page,
  hostile: HostileAuthorizationServer,
  { until }: { until?: () => Promise<boolean> } = {},
): Promise<void> {
  await nameServer(page, hostile.mcpUrl);
  await page.getByLabel('Speed').selectOption({ label: '4×' });
  await page.getByRole('button', { name: /^Play/ }).click();
  await page.getByTestId('sign-in-to-server').click({ timeout: 120_000 });
  await page.getByRole('button', { name: /^Play/ }).click();
  const refused = page.locator('[data-testid="timeline-step"][data-step-id="host.url-refused"]');
  const signIn = page.getByTestId('sign-in');
  const scriptRan = () => page.evaluate(() => '__pwned' in window).catch(() => true);
  // Whichever comes first: the refusal, a Sign in button (pressed, as a learner would), or the script's mark.
  await expect
    .poll(
      async () => {
        if (await signIn.isVisible()) await signIn.click();
        return (await refused.count()) > 0 || hostile.countPwned() > 0 || (await scriptRan()) || (until !== undefined && (await until()));
      },
      { timeout: 120_000 },
    )
    .toBe(true);
}

export async function expectScriptNotRunAndRefusalShown(page: Page, hostile: HostileAuthorizationServer): Promise<void> {
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(hostile.countPwned()).toBe(0);
  // No consent window at all: the only page is the explorer's.
  expect(page.context().pages()).toHaveLength(1);
  // Nothing was registered with a server whose metadata names a script.
  expect(hostile.received.filter((line) => /\/(register|token|authorize)$/.test(line))).toEqual([]);
  await expect(page.getByTestId('run-status')).toContainText(/stopped/i);
  // Play runs on to the last recorded step after the refusal is recorded: a step clicked before it has stopped is left at once.
  await expect(page.getByRole('button', { name: /^Play/ })).toBeVisible();
  // The refusal is a step of its own on the timeline, and the run's end says which address and why.
  await page.locator('[data-testid="timeline-step"][data-step-id="host.url-refused"]').click();
  const inspector = page.getByTestId('inspector').first();
  await expect(inspector).toContainText("authorization_endpoint in the authorization server's metadata");
  await expect(inspector).toContainText('"scheme"');
  await expect(inspector).toContainText('only http and https are opened');
  await page.locator('[data-testid="timeline-step"][data-step-id="host.fault"]').click();
  await expect(page.getByTestId('fault')).toContainText('The host refused the address "javascript:');
  await expect(page.getByTestId('fault')).toContainText('do not open the address by hand');
}
