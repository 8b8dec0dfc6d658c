import { expect, test, type Page } from '@playwright/test';
import { readPayloadsOf, runToEnd } from '../e2e/helpers.ts';
import { waitForInBrowserServer } from './static-site-helpers.ts';

/**
 * The lifecycles of issue 41 in the static site, where the Service Worker is the server:
 * a task in both eras (created, polled, completed), the subscription 2026-07-28 opens for
 * tools-changed, the header-mismatch what-if (-32020) and the stale-list what-if (ttlMs 0).
 */

const steps = (page: Page, id: string) => page.locator(`[data-testid="timeline-step"][data-step-id="${id}"]`);

async function open(page: Page, scenario: string, era: string) {
  await page.goto('./');
  await waitForInBrowserServer(page);
  await page.getByText(era, { exact: true }).click();
  await page.getByTestId('scenario-select').selectOption(scenario);
}

for (const era of ['2025-11-25', '2026-07-28'] as const) {
  test(`task runs to its end in the static site, in era ${era}`, async ({ page }) => {
    test.setTimeout(180_000);
    await open(page, 'task', era);
    await runToEnd(page);
    await expect(page.getByTestId('answer')).toContainText('Counted to 5 in the background.');
    await expect(steps(page, 'mcp.task.created')).toHaveCount(1);
    await expect(steps(page, 'mcp.task.input-required').first()).toBeAttached();
    await expect(steps(page, 'mcp.task.completed').first()).toBeAttached();
  });
}

test('tools-changed in 2026-07-28 opens a subscription in the static site, and each change comes on it', async ({ page }) => {
  test.setTimeout(180_000);
  await open(page, 'tools-changed', '2026-07-28');
  await runToEnd(page);
  await expect(page.getByTestId('answer')).toContainText('212 fahrenheit');
  const [listen] = (await readPayloadsOf(page, 'mcp.subscriptions-listen.request')) as { id: string }[];
  await expect(steps(page, 'mcp.subscriptions.acknowledged')).toContainText(`subscription "${listen!.id}"`);
  await expect(steps(page, 'mcp.tools-list-changed.notification').filter({ hasText: `on subscription "${listen!.id}"` })).toHaveCount(2);
});

test('header-mismatch in the static site: the worker’s server answers -32020', async ({ page }) => {
  test.setTimeout(180_000);
  await open(page, 'header-mismatch', '2026-07-28');
  await runToEnd(page);
  // Read before a step is picked: the answer shows at the run's end.
  await expect(page.getByTestId('answer')).toContainText('-32020');
  const answers = (await readPayloadsOf(page, 'mcp.tools-call.response')) as { error?: { code: number } }[];
  // Once: the SDK client's retry after a mismatch is off in a browser.
  expect(answers.map((answer) => answer.error?.code)).toEqual([-32020]);
});

test('stale-list in the static site: the worker’s /mcp?list-ttl=0 says ttlMs 0, and the host lists the tools again before the second model request', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await open(page, 'stale-list', '2026-07-28');
  await runToEnd(page);
  await expect(page.getByTestId('answer')).toContainText('12');
  const lists = (await readPayloadsOf(page, 'mcp.tools-list.response')) as { result?: { ttlMs?: number; cacheScope?: string } }[];
  expect(lists.map((list) => [list.result?.ttlMs, list.result?.cacheScope])).toEqual([
    [0, 'public'],
    [0, 'public'],
  ]);
  await expect(steps(page, 'host.tools-list-stale')).toContainText('past its ttlMs');
});
