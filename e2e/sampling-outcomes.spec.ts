import { expect, test, type Page } from '@playwright/test';
import { readPayloadsOf, runToEnd, stepUntil } from './helpers.ts';

/**
 * The sampling faults as the page shows them, in real Chromium against the real server
 * and the mock's refusing and stalling variants: the learner approves the request at
 * the gate, the model refuses (or never answers), the outcome is a step of its own with
 * its caption, and the run still ends with an answer. Then the deprecated marks: on
 * every sampling step in 2026-07-28, on none in 2025-11-25.
 */

type Era = '2025-11-25' | '2026-07-28';

async function approveSampling(page: Page, scenario: string, era: Era) {
  await page.goto(`/?scenario=${scenario}`);
  await expect(page.getByTestId('scenario-select')).toHaveValue(scenario);
  if (era === '2026-07-28') await page.getByText('2026-07-28', { exact: true }).click();
  await stepUntil(page, 'buttons', 'client.sampling-to-host', 40);
  await page.getByTestId('sampling-review').getByRole('button', { name: 'Approve' }).click();
}

/** Shows the one row with this id and returns the caption above the graph. */
async function showStep(page: Page, stepId: string) {
  const row = page.locator(`[data-testid="timeline-step"][data-step-id="${stepId}"]`);
  await expect(row).toHaveCount(1);
  await row.click();
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-step-id', stepId);
  return page.getByTestId('step-caption');
}

const SAMPLING_STEPS = ['client.sampling-to-host', 'host.sampling.review', 'host.translate-sampling-request'];

for (const era of ['2025-11-25', '2026-07-28'] as const) {
  test(`sampling-refused (${era}): the refusal goes to the server as stopReason "refusal" and the tool answers plainly`, async ({ page }) => {
    await approveSampling(page, 'sampling-refused', era);
    await runToEnd(page);
    await expect(page.getByTestId('run-status')).toContainText(/complete/i);
    await expect(page.getByTestId('answer')).toContainText('5 + 7 = 12');

    expect(await readPayloadsOf(page, 'host.sampling.refused')).toMatchObject([{ stopReason: 'refusal' }]);
    await expect(page.locator('[data-testid="timeline-step"][data-step-id="host.sampling.result"]')).toHaveCount(0);
    const caption = await showStep(page, 'host.sampling.refused');
    await expect(caption).toContainText('The model refused the sampling request: the server gets stopReason "refusal"');
    const responses = (await readPayloadsOf(page, 'mcp.tools-call.response')) as { result?: { content?: { text?: string }[] } }[];
    expect(responses.at(-1)?.result?.content?.[0]?.text).toContain('so here it is plainly: 5 + 7 = 12.');
  });

  test(`sampling-timeout (${era}): the page counts down the host's 10 s, then the server gets an error (2025-11-25) or is not told (2026-07-28), and the run answers`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await approveSampling(page, 'sampling-timeout', era);
    // Playing on: the host sends the server's messages to the model, which never answers.
    await page.getByLabel('Speed').selectOption({ label: '4×' });
    await page.getByRole('button', { name: /^Play/ }).click();
    await expect(page.getByTestId('run-status')).toContainText('the host stops waiting after 10 s', { timeout: 20_000 });
    const countdown = page.getByTestId('sampling-countdown');
    await expect(countdown).toHaveText(/^(10|9|8|7) s left$/);
    await expect(countdown).toHaveText(/^[1-5] s left$/, { timeout: 12_000 });
    await expect(countdown).toBeHidden({ timeout: 15_000 });

    // The playback goes on by itself once the host stops waiting.
    await expect(page.getByTestId('run-status')).toContainText(/complete/i, { timeout: 60_000 });
    await expect(page.getByTestId('answer')).toContainText('did not answer the sampling request within 10 s');

    expect(await readPayloadsOf(page, 'host.sampling.timeout')).toMatchObject([{ error: { code: -32603 } }]);
    await expect(page.locator('[data-testid="timeline-step"][data-step-id="provider.response.sampling"]')).toHaveCount(0);
    const caption = await showStep(page, 'host.sampling.timeout');
    if (era === '2025-11-25') {
      await expect(caption).toContainText('The model did not answer the sampling request in time: the server gets an error');
      await expect(page.getByTestId('inspector')).toContainText('the run goes on');
    } else {
      // inputResponses carries no error: the call ends at the client, and neither the caption nor the inspector says the server was told.
      await expect(caption).toContainText('The model did not answer the sampling request in time: the call ends at the client, the server is not told');
      await expect(page.getByTestId('inspector')).toContainText('the server never hears why');
      await expect(page.getByTestId('inspector')).not.toContainText('The server is told');
      await expect(page.locator('[data-testid="timeline-step"][data-step-id="mcp.tools-call.request"]')).toHaveCount(1);
    }
  });
}

test('deprecated marks: every sampling step in 2026-07-28 says so on its row, in the caption and the inspector; none in 2025-11-25', async ({ page }) => {
  for (const era of ['2026-07-28', '2025-11-25'] as const) {
    await approveSampling(page, 'sampling-refused', era);
    await runToEnd(page);
    for (const stepId of [...SAMPLING_STEPS, 'host.sampling.refused']) {
      const row = page.locator(`[data-testid="timeline-step"][data-step-id="${stepId}"]`);
      const caption = await showStep(page, stepId);
      if (era === '2026-07-28') {
        await expect(row).toContainText('deprecated in 2026-07-28');
        await expect(caption.getByTestId('caption-deprecated')).toHaveText('deprecated in 2026-07-28');
        await expect(caption.getByTestId('caption-deprecated')).toHaveAttribute('title', /Sampling is deprecated in 2026-07-28/);
        await expect(page.getByTestId('inspector-deprecated')).toContainText('Deprecated in 2026-07-28: Sampling is deprecated');
      } else {
        await expect(row).not.toContainText('deprecated');
        await expect(caption.getByTestId('caption-deprecated')).toHaveCount(0);
        await expect(page.getByTestId('inspector-deprecated')).toHaveCount(0);
      }
    }
    // A step that is not sampling's carries no mark in either era.
    const caption = await showStep(page, 'host.translate-tools');
    await expect(caption.getByTestId('caption-deprecated')).toHaveCount(0);
  }
});
