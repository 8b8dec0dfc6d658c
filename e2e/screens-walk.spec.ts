import { expect, test } from '@playwright/test';
import { pressNext, readPayload, stepUntil } from './helpers.ts';

/**
 * Issue 17's walk, the items no other test held to: a copied link carries Streamed or
 * Whole, and at 1280×720 the line that carries each step's lesson is in view without
 * scrolling the page.
 */

test('a copied link carries Streamed or Whole: the opened page asks the mock the same way, in a browser with none of the settings', async ({
  page,
  context,
  browser,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  await page.getByTestId('model-settings-button').click();
  const dialog = page.getByRole('dialog', { name: 'Model and wire format' });
  const replies = dialog.getByLabel('The mock model’s replies');
  // The other choice than the default, so the link has something to carry.
  const chosen = (await replies.inputValue()) === 'streamed' ? 'whole' : 'streamed';
  await replies.selectOption(chosen);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await stepUntil(page, 'keyboard', 'provider.request');
  const sent = (await readPayload(page)) as { stream?: boolean };
  expect(sent.stream === true).toBe(chosen === 'streamed');

  await page.getByRole('button', { name: 'Copy link to this step' }).click();
  await expect(page.getByTestId('step-link-status')).toHaveText('Link copied.');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(new URL(link).searchParams.get('stream')).toBe(chosen === 'streamed' ? '1' : '0');

  const opened = await (await browser.newContext()).newPage();
  await opened.goto(link);
  await expect(opened.getByTestId('inspector')).toHaveAttribute('data-step-id', 'provider.request', { timeout: 30_000 });
  expect(((await readPayload(opened)) as { stream?: boolean }).stream === true).toBe(chosen === 'streamed');
  await opened.getByTestId('model-settings-button').click();
  await expect(opened.getByRole('dialog', { name: 'Model and wire format' }).getByLabel('The mock model’s replies')).toHaveValue(chosen);
});

test('1280×720: the line that carries each step’s lesson is in view without scrolling the page, at every step of the happy path and off it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  for (const [scenario, lastStepId] of [
    ['happy-path', 'host.answer'],
    ['bad-arguments', 'server.validate-arguments'],
  ] as const) {
    await page.goto(`/?scenario=${scenario}`);
    const withLesson: string[] = [];
    for (let press = 0; press < 30; press++) {
      await pressNext(page, 'buttons');
      const inspector = page.getByTestId('inspector');
      await expect(inspector).toHaveAttribute('data-n', String(press + 1));
      const stepId = (await inspector.getAttribute('data-step-id')) ?? '';
      // Steps whose lesson is the view itself (a translation's two sides) have no lesson line.
      const lesson = page.getByTestId('caption-lesson');
      if (await lesson.count()) {
        withLesson.push(stepId);
        await expect(lesson, `${scenario} ${stepId}`).toBeInViewport({ ratio: 1 });
        expect(await page.evaluate(() => window.scrollY), `${scenario} ${stepId}: the page did not scroll`).toBe(0);
      }
      if (stepId === lastStepId) break;
    }
    expect(withLesson.length, `${scenario}: steps with a lesson line`).toBeGreaterThanOrEqual(scenario === 'happy-path' ? 8 : 4);
  }
});
