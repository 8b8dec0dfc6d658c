import { expect, test, type Page } from '@playwright/test';
import { runToEnd, stepUntil } from './helpers.ts';

/**
 * The words follow what happened, in real Chromium against the real server and mock model:
 * each case is a run off the happy path whose words, before issue 38, said something its
 * own payloads contradicted (a 405 over a 200, a tool that ran when it never did, three
 * translations, "Something went wrong" for the host's own cap, "Step 20" for a stop).
 */

type Era = '2025-11-25' | '2026-07-28';

async function chooseScenario(page: Page, id: string, era: Era): Promise<void> {
  await page.goto('/');
  await page.getByTestId('scenario-select').selectOption(id);
  if (era === '2026-07-28') await page.getByText('2026-07-28', { exact: true }).click();
  await expect(page.getByTestId('scenario-lesson')).toBeVisible();
}

async function showStep(page: Page, stepId: string): Promise<void> {
  await page.locator(`[data-testid="timeline-step"][data-step-id="${stepId}"]`).last().click();
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-step-id', stepId);
}

const summary = (page: Page) => page.getByTestId('step-summary');

test('the GET stream: the sentence says the status the server answered, as the title does', async ({ page }) => {
  await chooseScenario(page, 'two-rounds', '2025-11-25');
  await stepUntil(page, 'buttons', 'mcp.stream.open');
  await page.getByRole('tab', { name: 'HTTP' }).click();
  const status = (
    await page
      .getByTestId('inspector')
      .getByText(/^\d{3}\b/)
      .first()
      .textContent()
  )?.slice(0, 3);
  expect(status).toBe('200');
  await expect(page.getByTestId('inspector-title')).toContainText('server answers 200');
  await expect(summary(page)).toContainText('answers 200');
  await expect(summary(page)).not.toContainText('405');
});

test('consent → Deny: the tool never ran, and the answer is not "one answer" of three translations', async ({ page }) => {
  await chooseScenario(page, 'consent', '2025-11-25');
  await stepUntil(page, 'buttons', 'host.ask-consent');
  await page.getByTestId('consent-answer').getByRole('button', { name: 'Deny' }).click();
  await runToEnd(page, /declined/);
  await showStep(page, 'user.consent');
  await expect(page.getByTestId('inspector-title')).toHaveText('You answered deny: the host does not call delete_note');
  await showStep(page, 'provider.response.answer');
  await expect(summary(page)).toContainText('the tool never ran');
  await expect(summary(page)).not.toContainText('did the computation');
  await showStep(page, 'host.answer');
  await expect(summary(page)).toContainText('the run ends declined');
  await expect(summary(page)).not.toContainText('three translations');
});

test('sampling timeout in 2026-07-28: the call ended with an error, and no step says the tool ran', async ({ page }) => {
  test.setTimeout(90_000);
  await chooseScenario(page, 'sampling-timeout', '2026-07-28');
  await runToEnd(page);
  await showStep(page, 'client.result-to-host');
  await expect(summary(page)).toContainText('no tool result came back, only an error');
  await expect(summary(page)).not.toContainText('The tool ran');
  await showStep(page, 'host.answer');
  await expect(summary(page)).not.toContainText('one answer');
  await showStep(page, 'host.sampling.timeout');
  await expect(summary(page)).toContainText('inputResponses can carry no error');
  await expect(summary(page)).not.toContainText('2025-11-25');
});

test('sampling → Decline: no provider reply is narrated, and the tool is not said to have done its work', async ({ page }) => {
  await chooseScenario(page, 'sampling', '2025-11-25');
  await stepUntil(page, 'buttons', 'client.sampling-to-host');
  await page.getByTestId('sampling-review').getByRole('button', { name: 'Decline' }).click();
  await runToEnd(page);
  await showStep(page, 'host.sampling.result');
  await expect(summary(page)).toContainText('no provider request was made and no reply came');
  await expect(summary(page)).not.toContainText('provider’s reply');
  await showStep(page, 'provider.response.answer');
  await expect(summary(page)).toContainText('you answered decline');
});

for (const [button, action] of [
  ['Decline', 'decline'],
  ['Cancel', 'cancel'],
] as const) {
  test(`elicitation → ${button}: the tool answered without the value, never "did the computation"`, async ({ page }) => {
    await chooseScenario(page, 'elicitation', '2026-07-28');
    await stepUntil(page, 'buttons', 'host.elicitation.ask');
    await page.getByTestId('elicitation-form').getByRole('button', { name: button }).click();
    await runToEnd(page);
    await showStep(page, 'provider.response.answer');
    await expect(summary(page)).toContainText(`you answered ${action}: the tool answered without the value it asked for`);
    await expect(summary(page)).not.toContainText('did the computation');
    await showStep(page, 'host.elicitation.result');
    // 2026-07-28's mechanism, not 2025-11-25's request on the stream.
    await expect(summary(page)).toContainText('inputResponses');
  });
}

test('the round cap is the host’s own rule, not "Something went wrong"', async ({ page }) => {
  await chooseScenario(page, 'round-cap', '2025-11-25');
  await runToEnd(page);
  await showStep(page, 'host.fault');
  await expect(summary(page)).toContainText('the host’s own cap on tool rounds stopped the loop');
  await expect(summary(page)).not.toContainText('Something went wrong');
});

test('a stopped run: the caption, the inspector and the timeline give the stop one number', async ({ page }) => {
  await chooseScenario(page, 'refusal', '2025-11-25');
  await runToEnd(page, /refused/);
  await showStep(page, 'host.stopped');
  await expect(page.getByTestId('step-caption')).toContainText('Stopped');
  await expect(page.getByTestId('step-caption')).not.toContainText(/Step \d/);
  await expect(page.getByTestId('inspector')).toContainText('Stopped');
  await expect(page.getByTestId('inspector')).not.toContainText('Step ! of 20');
});
