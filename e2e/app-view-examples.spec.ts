import { expect, test, type Page } from '@playwright/test';
import { serve, type RunningServer } from '../server/node/serve.ts';
import { findExampleProgram, startExampleOverHttp, type RunningExample } from '../tests/helpers/start-example-app-server.ts';
import { findNextButton, nameServer, readPayloadsOf, waitForRunStatus } from './helpers.ts';
import { playToLiveView, readStepIds, viewOf } from './app-view-helpers.ts';

/**
 * The official MCP Apps example servers from npm, run as real servers, each with its own view
 * built on the official App SDK: server-basic-vanillajs over HTTP (named by URL in the page),
 * server-basic-react as a stdio program through the app's bridge (as `npm start -- --stdio`
 * starts one). Both speak 2025-11-25. Their views run in the explorer's sandbox and call their
 * server's get-time through the host, one step at a time.
 */

/** Presses Next (each lets one message go) until the view's text changes from what it was. */
async function nextUntilChanged(page: Page, read: () => Promise<string>, before: string): Promise<string> {
  for (let press = 0; press < 40; press++) {
    const now = await read();
    if (now !== before) return now;
    await findNextButton(page).click();
    await page.waitForTimeout(150);
  }
  // On a loaded machine the answer may still be on its way through the bridge and the view after the presses: it is waited for, not pressed again.
  await expect.poll(read, { timeout: 30_000, message: `The view still showed ${before} after 40 presses of Next.` }).not.toBe(before);
  return read();
}

/** What each example's view must show and do, driven as a user would, with the steps it leaves. */
async function useExampleView(page: Page, { withSession = false }: { withSession?: boolean } = {}): Promise<void> {
  const view = viewOf(page);
  const time = view.getByText(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
  // The view loads through the sandbox (and, for the React example, the stdio bridge): slow on a loaded machine.
  await expect(time).toBeVisible({ timeout: 60_000 });
  // The time as the host told it to the view: the result's text (server-basic-react sends no structuredContent).
  const results = (await readPayloadsOf(page, 'app.tool-result.notification')) as { params: { content: { text: string }[] } }[];
  await expect(time).toHaveText(results[0]!.params.content[0]!.text);
  const before = await readStepIds(page);
  expect(before).toEqual(
    expect.arrayContaining([
      'host.read-app-view',
      'host.app-render',
      'app.sandbox-ready',
      'app.initialize.request',
      'app.initialize.response',
      'app.initialized.notification',
      'app.tool-input.notification',
      'app.tool-result.notification',
      'host.app-live',
    ]),
  );
  const initialize = (await readPayloadsOf(page, 'app.initialize.request'))[0] as { params: { appInfo: { name: string } } };
  expect(initialize.params.appInfo.name).toBeTruthy();

  // Get Server Time: the view's own tools/call, held at the host's gate, then the server's newer time in the view.
  const shown = (await time.textContent()) ?? '';
  await view.getByRole('button', { name: 'Get Server Time' }).click();
  const newer = await nextUntilChanged(page, async () => (await view.getByText(/^\d{4}-\d{2}-\d{2}T/).textContent()) ?? '', shown);
  expect(newer > shown).toBe(true);
  const after = (await readStepIds(page)).slice(before.length);
  expect(after).toEqual(expect.arrayContaining(['app.tools-call.request', 'mcp.tools-call.request', 'mcp.tools-call.response', 'app.tools-call.response']));

  // Send Log and Send Message: a log line and a message for the chat, each a step.
  await view.getByRole('button', { name: 'Send Log' }).click();
  await expect(page.locator('[data-testid="timeline-step"][data-step-id="app.notification"]').first()).toBeVisible();
  await view.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.locator('[data-testid="timeline-step"][data-step-id="host.app-message"]')).toHaveCount(1);

  await page.getByTestId('close-app-views').click();
  await expect(page.locator('[data-testid="timeline-step"][data-step-id="app.response"]').last()).toBeVisible();
  // A server with a session (the bridge gives each run a program of its own, and a session id) is then sent DELETE, a message that waits
  // for Next like any other; a press before it waits does nothing, so Next is pressed until it has gone.
  for (let press = 0; withSession && press < 20 && !(await readStepIds(page)).includes('mcp.session.delete'); press++) {
    await findNextButton(page).click();
    await page.waitForTimeout(300);
  }
  await waitForRunStatus(page, /complete/);
  expect((await readStepIds(page)).slice(-3)).toEqual(
    withSession ? ['app.teardown.request', 'app.response', 'mcp.session.delete'] : [expect.any(String), 'app.teardown.request', 'app.response'],
  );
}

test.describe('server-basic-vanillajs over HTTP', () => {
  let example: RunningExample;
  test.beforeAll(async () => {
    example = await startExampleOverHttp('vanillajs');
  });
  test.afterAll(async () => {
    await example?.close();
  });

  test('its get-time view in the explorer’s sandbox: told the call, calling the server again through the host, closed', async ({ page }) => {
    await page.goto('/');
    await nameServer(page, example.url);
    await playToLiveView(page, { era: '2025-11-25', question: 'What time is it?' });
    await useExampleView(page);
  });
});

test.describe('server-basic-react over stdio, through the bridge', () => {
  let app: RunningServer;
  test.beforeAll(async () => {
    const root = new URL('..', import.meta.url).pathname;
    app = await serve({
      port: 0,
      staticDirectory: `${root}dist`,
      stdioServers: [{ name: 'react-app', command: process.execPath, args: [findExampleProgram('react'), '--stdio'] }],
    });
  });
  test.afterAll(async () => {
    await app?.close();
  });

  test('its React view in the explorer’s sandbox, through the stdio bridge', async ({ page }) => {
    await page.goto(`${app.url}/`);
    await page.getByTestId('model-settings-button').click();
    const dialog = page.getByRole('dialog', { name: 'Model and wire format' });
    await dialog.getByLabel(/The stdio server react-app, bridged by this app/).check();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await playToLiveView(page, { era: '2025-11-25', question: 'What time is it?' });
    const ids = await readStepIds(page);
    expect(ids).toContain('bridge.stdio.write');
    await useExampleView(page, { withSession: true });
  });
});
