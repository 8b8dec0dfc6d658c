import { expect, test, type Page } from '@playwright/test';
import { readPayloadsOf, runToEnd, stepUntil, waitForRunStatus } from './helpers.ts';

/**
 * Tasks in the page, on npm start's server, in both eras: count_in_background answers
 * with a task, the host polls it, every status is a step in the timeline, the halfway
 * question is a gate like any elicitation, and Cancel the task sends tasks/cancel.
 */

const ERAS = ['2025-11-25', '2026-07-28'] as const;

async function openScenario(page: Page, scenario: string, era: string) {
  await page.goto(`/?scenario=${scenario}&era=${era}`);
  await expect(page.getByTestId('scenario-lesson')).toBeVisible();
}

const stepsWithId = (page: Page, id: string) => page.locator(`[data-testid="timeline-step"][data-step-id="${id}"]`);

for (const era of ERAS) {
  test(`task, ${era}: created, polled, asks halfway, completes, and the model answers with its result`, async ({ page }) => {
    await openScenario(page, 'task', era);
    await runToEnd(page);
    await expect(page.getByTestId('answer')).toContainText('Counted to 5 in the background.');
    await expect(stepsWithId(page, 'mcp.task.created')).toHaveCount(1);
    await expect(stepsWithId(page, 'mcp.task.input-required').first()).toBeAttached();
    await expect(stepsWithId(page, 'user.elicitation.answer')).toHaveCount(1);
    expect(await stepsWithId(page, 'mcp.tasks-get.request').count()).toBeGreaterThanOrEqual(1);
    if (era === '2026-07-28') {
      await expect(stepsWithId(page, 'mcp.tasks-update.request')).toHaveCount(1);
      const [completed] = (await readPayloadsOf(page, 'mcp.task.completed')) as { result: { result: { content: { text: string }[] } } }[];
      expect(completed?.result.result.content[0]?.text).toBe('Counted to 5 in the background.');
    } else {
      const [fetched] = (await readPayloadsOf(page, 'mcp.tasks-result.response')) as { result: { content: { text: string }[] } }[];
      expect(fetched?.result.content[0]?.text).toBe('Counted to 5 in the background.');
    }
    // The timeline says where step 16 went: the result came with the task, not as the tools/call answer.
    await expect(page.getByTestId('timeline-missing').filter({ hasText: 'became a task' })).toHaveCount(1);
  });

  test(`task, ${era}: Cancel the task sends tasks/cancel instead of the next poll, and the model is told`, async ({ page }) => {
    await openScenario(page, 'task', era);
    await stepUntil(page, 'buttons', 'mcp.task.created', 40);
    // The next message the host sends is a poll: it waits its interval, then at the gate, where Cancel takes it back unsent.
    const cancel = page.getByRole('button', { name: 'Cancel the task' });
    await expect(cancel).toBeVisible();
    await expect(page.getByTestId('run-status')).toContainText('Cancel the task sends tasks/cancel');
    await cancel.click();
    await runToEnd(page);
    await expect(stepsWithId(page, 'mcp.tasks-cancel.request')).toHaveCount(1);
    await expect(stepsWithId(page, 'mcp.task.cancelled')).toHaveCount(1);
    // No poll went before the cancel: the one at the gate was taken back (2026-07-28 looks once after it).
    const rows = await page.locator('[data-testid="timeline-step"]').evaluateAll((elements) => elements.map((element) => element.getAttribute('data-step-id')));
    expect(rows.indexOf('mcp.tasks-get.request') === -1 || rows.indexOf('mcp.tasks-get.request') > rows.indexOf('mcp.tasks-cancel.request')).toBe(true);
    await expect(page.getByTestId('answer')).toContainText('cancelled');
    await expect(cancel).toBeHidden();
  });

  test(`task-fails, ${era}: the counter overflows, the task ends failed, and the model hears the error`, async ({ page }) => {
    await openScenario(page, 'task-fails', era);
    await runToEnd(page);
    await waitForRunStatus(page, /complete/);
    await expect(stepsWithId(page, 'mcp.task.failed').first()).toBeAttached();
    await expect(page.getByTestId('answer')).toContainText('The counter overflowed at 11');
  });
}
