import { readFile, writeFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { startManyToolsServer } from '../bench/start-many-tools-server.ts';
import { pressNext, runToEnd, stepUntil } from './helpers.ts';

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
  // Next by keyboard, off the tab just clicked (on a tab the arrows move between the tabs).
  await pressNext(page, 'keyboard');
  await expect(page.getByTestId('inspector')).not.toHaveAttribute('data-step-id', 'mcp.tools-list.response');

  await page.getByRole('tab', { name: 'Graph' }).click();
  await expect(page.getByTestId('view-error')).toHaveCount(0);
});

async function chooseMcpServer(page: Page, url: string) {
  await page.getByTestId('model-settings-button').click();
  const dialog = page.getByRole('dialog', { name: 'Model and wire format' });
  await dialog.getByLabel('Another Streamable HTTP server, by URL.').check();
  await dialog.getByLabel('MCP server URL').fill(url);
  await dialog.getByRole('button', { name: 'Apply' }).click();
}

/** Clicks a step's row in the timeline and returns how long the inspector took to show it, in ms (measured in the page). */
async function timeOpeningStep(page: Page, stepId: string): Promise<number> {
  return page.evaluate(async (id) => {
    const row = document.querySelector<HTMLButtonElement>(`[data-testid="timeline-step"][data-step-id="${id}"]`);
    if (!row) throw new Error(`No ${id} row in the timeline.`);
    const started = performance.now();
    row.click();
    while (document.querySelector('[data-testid="inspector"]')?.getAttribute('data-step-id') !== id)
      await new Promise((resolve) => requestAnimationFrame(resolve));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    return performance.now() - started;
  }, stepId);
}

test('a 10,000-tool server: the page runs the lifecycle, opens its tools/list step and shows the list cut, with a way to see the rest', async ({ page }) => {
  test.setTimeout(300_000);
  const server = await startManyToolsServer();
  try {
    await page.goto('/');
    await chooseMcpServer(page, server.mcpUrl);
    const started = Date.now();
    await runToEnd(page);
    const runMs = Date.now() - started;
    await expect(page.getByTestId('run-status')).toContainText('complete');
    await expect(page.getByTestId('answer')).toContainText('12');

    await page.getByTestId('timeline-step').first().click();
    const openMs = await timeOpeningStep(page, 'mcp.tools-list.response');
    const inspector = page.getByTestId('inspector');
    const more = inspector.getByRole('button', { name: /more items/ }).first();
    await expect(more).toBeVisible();
    await expect(inspector.getByTestId('list-cut-notice').first()).toContainText('A list of 10,000 items is cut to the first 50 items here.');
    await more.click();
    await expect(inspector.getByTestId('list-cut-notice').first()).toContainText('cut to the first 100 items');

    await page.getByTestId('timeline-step').first().click();
    const translationMs = await timeOpeningStep(page, 'host.translate-tools');
    await inspector.getByRole('tab', { name: /Translation/ }).click();
    await expect(inspector.getByRole('button', { name: /more items/ }).first()).toBeVisible();
    console.log(`10,000 tools: run ${runMs} ms, tools/list step opened in ${Math.round(openMs)} ms, translation #1 step in ${Math.round(translationMs)} ms`);
    // How fast is the bench's figure (npm run bench -- --only many-tools), never a timed test on a shared machine.
  } finally {
    await server.close();
  }
});
