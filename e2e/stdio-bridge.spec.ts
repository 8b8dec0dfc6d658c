import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { serve, type RunningServer } from '../server/node/serve.ts';
import { runToEnd } from './helpers.ts';

/**
 * A stdio server in the page: the app started with --stdio (here in the test, as
 * `npm start -- --stdio everything="node …/server-everything/dist/index.js stdio"` would),
 * the bridged server picked in the model settings, and a whole lifecycle through it. The
 * bridge appears as a participant of its own, with the lines it wrote and read.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
let app: RunningServer;

test.beforeAll(async () => {
  app = await serve({
    port: 0,
    staticDirectory: `${root}dist`,
    stdioServers: [
      { name: 'everything', command: process.execPath, args: [`${root}node_modules/@modelcontextprotocol/server-everything/dist/index.js`, 'stdio'] },
    ],
  });
});

test.afterAll(async () => {
  await app?.close();
});

test('a bridged stdio server: picked in the settings, it answers 5 plus 7 through the bridge, whose lines are steps', async ({ page }) => {
  await page.goto(`${app.url}/`);
  await page.locator('input[name="era"][value="2025-11-25"]').check({ force: true });
  await page.getByTestId('model-settings-button').click();
  const dialog = page.getByRole('dialog', { name: 'Model and wire format' });
  const bridged = dialog.getByLabel(/The stdio server everything, bridged by this app/);
  await expect(bridged).toBeVisible();
  await bridged.check();
  await expect(dialog).toContainText('The bridge speaks the 2025-11-25 era');
  await expect(dialog).toContainText('Each run gets a program of its own');
  await dialog.getByRole('button', { name: 'Apply' }).click();

  await runToEnd(page);
  await expect(page.getByTestId('run-status')).toContainText(/complete/i);
  await expect(page.getByTestId('answer')).toContainText('5 plus 7 is 12.');

  const timeline = page.locator('[data-testid="timeline-step"]');
  const ids = await timeline.evaluateAll((steps) => steps.map((step) => step.getAttribute('data-step-id')));
  expect(ids).toContain('bridge.stdio.write');
  expect(ids).toContain('bridge.stdio.read');
  expect(ids).toContain('bridge.stderr');
  // The bridge's line carrying get-sum's sentence, in the inspector.
  const reads = page.locator('[data-testid="timeline-step"][data-step-id="bridge.stdio.read"]');
  let found = false;
  for (let index = 0; index < (await reads.count()) && !found; index++) {
    await reads.nth(index).click();
    found = (await page.getByTestId('inspector').innerText()).includes('The sum of 5 and 7 is 12.');
  }
  expect(found).toBe(true);
  // The bridge is drawn, in the graph and the sequence view, only because this run used it.
  await expect(page.getByTestId('lifecycle-graph')).toContainText('stdio bridge');
});
