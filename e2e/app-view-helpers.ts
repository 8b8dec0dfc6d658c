import { expect, type FrameLocator, type Page } from '@playwright/test';

/**
 * Driving a run with a tool's view (MCP Apps) in the page: play it to the point where the
 * answer is in and the view stays on screen, and read the view inside its two frames.
 */

/** The view itself: the inner frame of the sandbox frame. */
export function viewOf(page: Page, index = 0): FrameLocator {
  return page.getByTestId('app-view-frame').nth(index).contentFrame().locator('iframe').contentFrame();
}

/** The ids of the recorded steps, in order, as the timeline lists them. */
export function readStepIds(page: Page): Promise<string[]> {
  return page.locator('[data-testid="timeline-step"]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-step-id') ?? ''));
}

/**
 * Plays a run at 4× until it pauses with the answer given and the view still on screen. A
 * scenario is chosen in the page; a server the learner names (`server`) is set in the model
 * settings first by the caller.
 */
export async function playToLiveView(page: Page, { scenario, era, question }: { scenario?: string; era: '2025-11-25' | '2026-07-28' | 'auto'; question?: string }): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto('/');
  if (scenario) await page.getByTestId('scenario-select').selectOption(scenario);
  if (question) await page.getByRole('textbox', { name: 'Question' }).fill(question);
  await page.locator(`input[name="era"][value="${era}"]`).check({ force: true });
  await page.getByLabel('Speed').selectOption({ label: '4×' });
  await page.getByRole('button', { name: /^Play/ }).click();
  await expect(page.getByTestId('close-app-views')).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('[data-testid="timeline-step"][data-step-id="host.app-live"]')).toHaveCount(1, { timeout: 60_000 });
  await page.getByRole('button', { name: /^Play/ }).waitFor({ timeout: 60_000 });
}
