import { expect, test } from '@playwright/test';
import { readPayload, stepUntil } from './helpers.ts';

/** A message the learner edited says so everywhere it shows, beside what the host wrote, and what follows from it credits the learner. */

test('an edited tools/call is marked as the learner’s, beside the original, and the answer says it follows from the edit', async ({ page }) => {
  await page.goto('/');
  await stepUntil(page, 'keyboard', 'host.translate-tool-call');
  await page.getByRole('button', { name: 'Edit before sending' }).click();
  const editor = page.getByRole('dialog', { name: /Edit before sending/ });
  const text = await editor.getByLabel('Message (JSON)').inputValue();
  await editor.getByLabel('Message (JSON)').fill(text.replace('"a": 5', '"a": 100'));
  await editor.getByRole('button', { name: 'Send edited message' }).click();

  const inspector = page.getByTestId('inspector');
  await expect(inspector).toHaveAttribute('data-step-id', 'mcp.tools-call.request');
  await expect(inspector.getByTestId('edited-badge')).toHaveText('Edited by you');
  await expect(page.getByTestId('step-caption')).toContainText('edited by you');
  await expect(page.locator('[data-testid="timeline-step"][aria-current="step"]')).toContainText('edited by you');
  await expect(page.locator('[data-testid="timeline-step"][aria-current="step"]')).toHaveAccessibleName(/edited by you$/);

  // What was sent, and beside it what the host wrote, each change marked as the learner's.
  const sent = inspector.getByTestId('payload-highlighted');
  const original = inspector.getByTestId('payload-original-highlighted');
  await expect(sent.locator('[data-path="params.arguments.a"]')).toContainText('100');
  await expect(sent.locator('[data-path="params.arguments.a"]')).toContainText('edited by you: the host wrote 5');
  await expect(original.locator('[data-path="params.arguments.a"]')).toContainText('5');
  await expect(original.locator('[data-path="params.arguments.a"]')).toContainText('you sent 100 instead');
  // The narration no longer says the model wrote what the learner wrote.
  await expect(sent).toContainText('written by the model, now an object, then edited by you');
  expect(await readPayload(page)).toMatchObject({ params: { arguments: { a: 100, b: 7 } } });

  // What follows answers the learner's version, and says so.
  await stepUntil(page, 'keyboard', 'mcp.tools-call.response');
  await expect(inspector.getByTestId('follows-edit')).toContainText('Follows from your edit at step 12 (Client sends tools/call)');
  await expect(inspector.getByTestId('edited-badge')).toHaveCount(0);
  await stepUntil(page, 'keyboard', 'host.answer');
  await expect(page.getByTestId('answer')).toContainText('5 plus 7 is 107.');
  await expect(page.getByTestId('answer-edit-note')).toContainText('follows from your edit at step 12');

  // An unedited run carries none of it.
  await page.keyboard.press('r');
  await stepUntil(page, 'keyboard', 'mcp.tools-call.request');
  await expect(inspector.getByTestId('edited-badge')).toHaveCount(0);
  await expect(inspector.getByTestId('follows-edit')).toHaveCount(0);
});
