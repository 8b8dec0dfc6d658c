import { writeFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { runEngineLifecycle } from '../bench/run-engine-lifecycle.ts';
import { isCurrentRowInTimeline, pressNext } from './helpers.ts';

/**
 * A long imported trace (issue 44): the timeline draws a window of rows near the view, not
 * one row per step, so a step costs the page what is on screen and not the run's length;
 * every step is still reached by Next, the scrubber, and the arrow keys in the list.
 * The trace is a real one: the engine against this server's relentless mock model,
 * until the host's cap on tool rounds stops it, as bench/record-traces.ts records it.
 */

const ROUNDS = 40;
/** The window of a list in the tests' viewport, with its overscan: far fewer than the run's steps. */
const MOST_ROWS_DRAWN = 80;

const countRows = (page: Page) => page.getByTestId('timeline-step').count();
const readFocusedIndex = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-index') ?? null);

test('a long imported trace draws a window of timeline rows, and Next, the scrubber and the arrow keys reach every step', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const trace = await runEngineLifecycle({ serverUrl: baseURL!, model: 'mock-model-relentless', maxToolRounds: ROUNDS });
  const steps = trace.steps.length;
  expect(steps).toBeGreaterThan(300);
  const file = testInfo.outputPath('long-trace.json');
  await writeFile(file, JSON.stringify(trace));

  await page.goto('/');
  await page.getByTestId('import-trace-input').setInputFiles(file);
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-n', '1', { timeout: 30_000 });
  await expect(page.getByTestId('timeline')).toHaveAttribute('data-windowed', '');
  await expect(page.getByRole('heading', { name: `Timeline · ${steps} steps recorded` })).toBeVisible();
  expect(await countRows(page)).toBeLessThanOrEqual(MOST_ROWS_DRAWN);

  for (let press = 0; press < 5; press++) await pressNext(page, 'keyboard');
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-n', '6');
  await expect.poll(() => isCurrentRowInTimeline(page)).toBe(true);

  // The last step, far out of the first window.
  await page.getByTestId('timeline-scrubber').fill(String(steps - 1));
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-n', String(steps));
  await expect(page.locator('[data-testid="timeline-step"][aria-current="step"]')).toHaveAttribute('data-index', String(steps - 1));
  await expect.poll(() => isCurrentRowInTimeline(page)).toBe(true);
  expect(await countRows(page)).toBeLessThanOrEqual(MOST_ROWS_DRAWN);

  // In the list, Home and End reach the first and last steps' rows, drawn for the focus.
  await page.locator('[data-testid="timeline-step"][aria-current="step"]').focus();
  await page.keyboard.press('Home');
  await expect.poll(() => readFocusedIndex(page)).toBe('0');
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => readFocusedIndex(page)).toBe('1');
  await page.keyboard.press('End');
  await expect.poll(() => readFocusedIndex(page)).toBe(String(steps - 1));
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => readFocusedIndex(page)).toBe(String(steps - 2));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-n', String(steps - 1));
  expect(await countRows(page)).toBeLessThanOrEqual(MOST_ROWS_DRAWN);
});
