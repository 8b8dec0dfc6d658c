import { expect, test, type Page } from '@playwright/test';
import { openApp, stepUntil } from './helpers.ts';

/**
 * The keyboard does what it says: Space and Enter on a focused button, checkbox, radio or
 * tree toggle press that control (Play is Space elsewhere), the arrow keys move between
 * radios and between tabs (one tab in the Tab order, as the WAI-ARIA practices describe),
 * and the era can be changed from the keyboard. Each check also holds the step on show:
 * a key that did the shortcut as well would have moved it or started Play.
 */

const shownStep = (page: Page) => page.getByTestId('inspector').getAttribute('data-n');

async function expectNotPlaying(page: Page): Promise<void> {
  await expect(page.getByTestId('playback-bar').getByRole('button', { name: /^Play/ })).toBeVisible();
}

test('Space and Enter on a focused button press it, not Play', async ({ page }) => {
  await openApp(page);
  await stepUntil(page, 'keyboard', 'mcp.tools-list.request');
  const shown = Number(await shownStep(page));
  const back = page.getByTestId('playback-bar').getByRole('button', { name: /^Back/ });
  await back.focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-n', String(shown - 1));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-n', String(shown - 2));
  await expectNotPlaying(page);

  // A timeline row is a button too: Space opens its step.
  const firstRow = page.getByTestId('timeline-step').first();
  await firstRow.focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-n', '1');
  await expectNotPlaying(page);

  // Away from any control, Space is still Play.
  await page.getByTestId('inspector-title').click();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('playback-bar').getByRole('button', { name: /^Pause/ })).toBeVisible();
  await page.keyboard.press('Space');
  await expectNotPlaying(page);
});

test('Space and Enter on a focused tree toggle fold and unfold that branch of the payload', async ({ page }) => {
  await openApp(page);
  await stepUntil(page, 'keyboard', 'mcp.tools-list.response');
  const shown = await shownStep(page);
  const payload = page.getByTestId('payload');
  await payload.getByRole('button', { name: 'Tree' }).click();
  const rootToggle = payload.getByRole('tree').getByRole('button').first();
  await expect(rootToggle).toHaveAttribute('aria-expanded', 'true');
  await rootToggle.focus();
  await page.keyboard.press('Space');
  await expect(rootToggle).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(rootToggle).toHaveAttribute('aria-expanded', 'true');
  await expectNotPlaying(page);
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-n', shown ?? '');
});

test('the arrow keys move between tabs, and only the chosen tab is in the Tab order', async ({ page }) => {
  await openApp(page);
  await stepUntil(page, 'keyboard', 'mcp.tools-list.request');
  const shown = await shownStep(page);
  const views = page.getByRole('tablist', { name: 'Main view' });
  await expect(views.getByRole('tab', { name: 'Sequence diagram' })).toHaveAttribute('tabindex', '-1');
  await views.getByRole('tab', { name: 'Graph' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(views.getByRole('tab', { name: 'Sequence diagram' })).toHaveAttribute('aria-selected', 'true');
  await expect(views.getByRole('tab', { name: 'Sequence diagram' })).toBeFocused();
  await expect(page.getByTestId('sequence-diagram')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(views.getByRole('tab', { name: 'Graph' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-n', shown ?? '');

  const stepViews = page.getByRole('tablist', { name: 'Views of this step' });
  await stepViews.getByRole('tab', { name: 'Message' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(stepViews.getByRole('tab', { name: 'HTTP' })).toHaveAttribute('aria-selected', 'true');
  await expect(stepViews.getByRole('tab', { name: 'HTTP' })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(stepViews.getByRole('tab', { name: 'Message' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-n', shown ?? '');
  await expectNotPlaying(page);
});

test('the era is changed from the keyboard: the arrows move between its radios, Space chooses the one focused', async ({ page }) => {
  await openApp(page);
  const era = page.getByRole('group', { name: 'Protocol era' });
  await era.getByRole('radio', { name: '2025-11-25' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(era.getByRole('radio', { name: '2026-07-28' })).toBeChecked();
  await expect(era.getByRole('radio', { name: '2026-07-28' })).toBeFocused();
  // Nothing was performed by that arrow: the run has not started.
  await expect(page.getByTestId('timeline-step')).toHaveCount(0);
  await page.keyboard.press('ArrowLeft');
  await expect(era.getByRole('radio', { name: '2025-11-25' })).toBeChecked();
  await era.getByRole('radio', { name: '2026-07-28' }).focus();
  await page.keyboard.press('Space');
  await expect(era.getByRole('radio', { name: '2026-07-28' })).toBeChecked();
  await expectNotPlaying(page);
  await expect(page.getByTestId('timeline-step')).toHaveCount(0);
  // The run then goes in the era chosen.
  await page.getByTestId('inspector').click();
  await stepUntil(page, 'keyboard', 'mcp.discover.request');
});

test('Space on a focused checkbox of the elicitation form ticks it, and leaves the run where it is', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('scenario-select').selectOption('elicitation');
  await stepUntil(page, 'buttons', 'host.elicitation.ask');
  const shown = await shownStep(page);
  const confirm = page.getByTestId('elicitation-form').getByLabel(/Add them/);
  await expect(confirm).toBeChecked();
  await confirm.focus();
  await page.keyboard.press('Space');
  await expect(confirm).not.toBeChecked();
  await page.keyboard.press('Space');
  await expect(confirm).toBeChecked();
  await expectNotPlaying(page);
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-n', shown ?? '');
});
