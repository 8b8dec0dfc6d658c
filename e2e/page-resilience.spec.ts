import { readFile, writeFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { stepUntil } from './helpers.ts';

/**
 * The page must not go blank: a file that names a step after a member every plain object
 * inherits (`__proto__`, `constructor`, …) is refused with a reason, and the run on show stays.
 */

const HOSTILE_STEP_IDS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

test('an imported trace whose step id is an inherited member is refused, and the run on show is kept', async ({ page }, testInfo) => {
  await page.goto('/');
  await stepUntil(page, 'keyboard', 'host.answer');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export trace' }).click();
  const exported = testInfo.outputPath('real-run.json');
  await (await download).saveAs(exported);
  const trace = JSON.parse(await readFile(exported, 'utf8')) as { steps: { id: string }[] };

  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('inspector')).not.toHaveAttribute('data-step-id', 'host.answer');
  const shown = await page.getByTestId('inspector').getAttribute('data-n');
  const rows = await page.getByTestId('timeline-step').count();

  for (const id of HOSTILE_STEP_IDS) {
    const doctored = structuredClone(trace);
    // Every step: some views look up the step on show, others every step of the run.
    for (const step of doctored.steps) step.id = id;
    const file = testInfo.outputPath(`step-id-${id}.json`);
    await writeFile(file, JSON.stringify(doctored));
    await page.getByTestId('import-trace-input').setInputFiles(file);
    await expect(page.getByTestId('import-error')).toContainText(`step 1 has the id "${id}"`);
    await expect(page.getByTestId('import-error')).toContainText('Nothing from it was loaded');
    // The live run is untouched: the same step on show, the same timeline, no replay.
    await expect(page.getByTestId('inspector')).toHaveAttribute('data-n', shown ?? '');
    await expect(page.getByTestId('timeline-step')).toHaveCount(rows);
    await expect(page.getByTestId('replay-banner')).toHaveCount(0);
  }
});

test('a view whose code cannot be loaded says so in its place, and the rest of the app and the run stay', async ({ page }) => {
  // As after a deployment replaced the files under an open page: the diagram's chunk is gone.
  await page.route(/\/assets\/sequence-diagram-[^/]*\.js$/, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
  await page.goto('/');
  await stepUntil(page, 'keyboard', 'mcp.tools-list.response');
  const rows = await page.getByTestId('timeline-step').count();

  await page.getByRole('tab', { name: 'Sequence diagram' }).click();
  await expect(page.getByTestId('view-error')).toContainText('The sequence diagram could not be shown');
  await expect(page.getByTestId('view-error').getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByTestId('timeline-step')).toHaveCount(rows);
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-step-id', 'mcp.tools-list.response');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('inspector')).not.toHaveAttribute('data-step-id', 'mcp.tools-list.response');

  await page.getByRole('tab', { name: 'Graph' }).click();
  await expect(page.getByTestId('view-error')).toHaveCount(0);
});
