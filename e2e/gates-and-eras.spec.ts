import { expect, test, type Page } from '@playwright/test';
import { findNextButton, nameServer, readPayloadsOf, runToEnd, stepUntil } from './helpers.ts';
import { startSdkV2Server } from '../tests/helpers/start-third-party-servers.ts';

/**
 * The learner's gates and the learner's run, in real Chromium against the real server: Next
 * pressed at a gate says that Next chose and what, a URL-mode elicitation never claims the
 * page was opened when it was not, a scenario an era cannot run says so where it is picked,
 * and one learner's Allow deletes their own note, not everyone's.
 */

type Era = '2025-11-25' | '2026-07-28';

async function chooseScenario(page: Page, id: string, era: Era): Promise<void> {
  await page.goto('/');
  await page.getByTestId('scenario-select').selectOption(id);
  if (era === '2026-07-28') await page.getByText('2026-07-28', { exact: true }).click();
}

async function showStep(page: Page, stepId: string): Promise<void> {
  await page.locator(`[data-testid="timeline-step"][data-step-id="${stepId}"]`).last().click();
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-step-id', stepId);
}

test('Next at the destructive tool’s consent: the step says Next chose allow for you, not that you did', async ({ page }) => {
  await chooseScenario(page, 'consent', '2025-11-25');
  await stepUntil(page, 'buttons', 'user.consent', 40);
  await expect(page.getByTestId('inspector-title')).toContainText('Next answered allow for you');
  await expect(page.getByTestId('step-caption')).toContainText('Next answered allow for you');
  await expect(page.locator('[data-testid="timeline-step"][data-step-id="user.consent"]')).toContainText('Next answered allow for you');
});

for (const era of ['2025-11-25', '2026-07-28'] as const) {
  test(`URL-mode elicitation answered without opening the page (${era}): nothing says it was opened`, async ({ page }) => {
    await chooseScenario(page, 'elicitation-url', era);
    await stepUntil(page, 'buttons', 'host.elicitation.ask', 40);
    await page
      .getByTestId('elicitation-url')
      .getByRole('button', { name: /without opening it/ })
      .click();
    await runToEnd(page);
    await showStep(page, 'user.elicitation.answer');
    await expect(page.getByTestId('inspector-title')).toHaveText('You answered accept (the page was never opened): the server hears only the action');
    const results = (await readPayloadsOf(page, 'mcp.tools-call.response')) as { result?: { content?: { text?: string }[] } }[];
    const text = results.map((result) => result.result?.content?.[0]?.text ?? '').join(' ');
    expect(text).not.toMatch(/opened the page/);
  });
}

test('URL-mode elicitation with Next at its gate: Next accepted for you, and the page was never opened', async ({ page }) => {
  await chooseScenario(page, 'elicitation-url', '2025-11-25');
  await stepUntil(page, 'buttons', 'user.elicitation.answer', 40);
  await expect(page.getByTestId('inspector-title')).toHaveText(
    'Next answered accept for you (you pressed Next, not an answer) (the page was never opened): the server hears only the action',
  );
});

for (const [scenario, lesson] of [
  ['resume', 'no event store to resume from'],
  ['sessions', 'there are no sessions'],
] as const) {
  test(`${scenario} in 2026-07-28: the picker says the era cannot run it, Next runs nothing, and its own era is a click away`, async ({ page }) => {
    await chooseScenario(page, scenario, '2026-07-28');
    const refusal = page.getByTestId('scenario-era-refusal');
    await expect(refusal).toContainText('This scenario cannot run in 2026-07-28');
    await expect(refusal).toContainText(lesson);
    await findNextButton(page).click();
    await expect(page.locator('[data-testid="timeline-step"]')).toHaveCount(0);
    await refusal.getByRole('button', { name: 'Switch to 2025-11-25' }).click();
    await expect(refusal).toBeHidden();
    await expect(page.getByRole('radio', { name: '2025-11-25' })).toBeChecked();
    await stepUntil(page, 'buttons', 'mcp.initialize.request');
  });
}

// Issue 40: with a server named by URL the page ran a plain 2026 lifecycle against it.
test('resume in 2026-07-28 with a server named by URL: the picker says the era cannot run it, and Next sends the server nothing', async ({ page }) => {
  const v2 = await startSdkV2Server();
  try {
    await page.goto('/');
    await nameServer(page, v2.url);
    await page.getByTestId('scenario-select').selectOption('resume');
    await page.getByText('2026-07-28', { exact: true }).click();
    const refusal = page.getByTestId('scenario-era-refusal');
    await expect(refusal).toContainText('This scenario cannot run in 2026-07-28');
    await expect(refusal).toContainText('no event store to resume from');
    await findNextButton(page).click();
    await expect(page.locator('[data-testid="timeline-step"]')).toHaveCount(0);
    expect(v2.receivedAuthorization).toEqual([]);
    await expect(refusal.getByRole('button', { name: 'Switch to 2025-11-25' })).toBeVisible();
  } finally {
    await v2.close();
  }
});

test('two learners each Allow deleting "draft": each run deletes its own note', async ({ browser }) => {
  for (let learner = 0; learner < 2; learner++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await chooseScenario(page, 'consent', '2025-11-25');
    await stepUntil(page, 'buttons', 'host.ask-consent', 40);
    await page.getByTestId('consent-answer').getByRole('button', { name: 'Allow delete_note' }).click();
    await runToEnd(page);
    await expect(page.getByTestId('answer')).toContainText('Deleted the note draft');
    await context.close();
  }
});

test('Era twins of resume: the 2026-07-28 column says it is not the lesson, and what that era does instead', async ({ page }) => {
  await chooseScenario(page, 'resume', '2025-11-25');
  await page.getByTestId('lesson-switches').getByRole('button', { name: 'Era twins' }).click();
  const twins = page.getByTestId('era-twin-view');
  await twins.getByRole('button', { name: 'Run the question in both eras' }).click();
  await expect(twins.getByTestId('twin-row').first()).toBeVisible({ timeout: 30_000 });
  await expect(twins.getByTestId('twin-era-refusal')).toContainText('The 2026-07-28 column is not this scenario’s lesson');
  await expect(twins.getByTestId('twin-era-refusal')).toContainText('sent again');
});
