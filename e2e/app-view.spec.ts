import { expect, test, type Page } from '@playwright/test';
import { findNextButton, readPayloadsOf } from './helpers.ts';
import {
  callAgainFromView,
  closeViewsToEnd,
  nextUntilViewShows,
  playToLiveView,
  probeWhatFrameReaches,
  readStepIds,
  REFUSED_EVERYWHERE,
  viewOf,
} from './app-view-helpers.ts';

/**
 * A tool with a view (MCP Apps) in the served app, against the built-in /mcp/apps in both
 * eras, in Chromium: the view is the server's own page, framed by the host on the server's
 * second port, and every message between them is a step. What the assertions read is what
 * really happened: the view's own text, the steps the timeline lists, the frames' origins.
 */

/** Presses Next, one step at a time, until the host asks the user whether to open the view's link (an answer gate Next must not pass). */
async function nextUntilLinkAsked(page: Page): Promise<void> {
  const gate = page.getByTestId('open-link-answer');
  for (let press = 0; press < 10; press++) {
    if (await gate.isVisible()) return;
    await findNextButton(page).click();
    await gate.waitFor({ timeout: 1_000 }).catch(() => {});
  }
  await expect(gate).toBeVisible();
}

for (const era of ['2025-11-25', '2026-07-28'] as const) {
  test(`app-view in ${era}: the view is told the call and its result, calls the tool again through the host, and closes`, async ({ page }) => {
    await playToLiveView(page, { scenario: 'app-view', era });
    const view = viewOf(page);
    await expect(view.locator('#sum')).toHaveText('12');
    await expect(view.locator('#input-told')).toContainText('{"a":5,"b":7}');
    await expect(view.locator('#result-told')).toContainText('{"sum":12}');
    await expect(page.locator('.react-flow__node[data-id="app"]')).toBeVisible();
    const before = await readStepIds(page);
    expect(before.slice(before.indexOf('host.read-app-view'))).toEqual(
      expect.arrayContaining([
        'mcp.resources-read.request',
        'host.app-render',
        'app.sandbox-ready',
        'app.resource.notification',
        'app.initialize.request',
        'app.initialize.response',
        'app.initialized.notification',
        'app.tool-input.notification',
        'app.tool-result.notification',
        'host.app-live',
      ]),
    );
    expect(before.indexOf('app.tool-input.notification')).toBeLessThan(before.indexOf('mcp.tools-call.request'));
    expect(before.indexOf('app.tool-result.notification')).toBeGreaterThan(before.indexOf('mcp.tools-call.response'));

    await callAgainFromView(page, before);
    const calls = (await readPayloadsOf(page, 'mcp.tools-call.request')) as { params: { arguments: Record<string, number> } }[];
    expect(calls.map((call) => call.params.arguments)).toEqual([
      { a: 5, b: 7 },
      { a: 20, b: 7 },
    ]);

    await closeViewsToEnd(page);
    await expect(page.getByTestId('app-view-panel')).toHaveCount(0);
  });
}

test('app-view: the view runs on an opaque origin inside a sandbox on the server’s other port, and reaches nothing of the explorer', async ({
  page,
  baseURL,
}) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('explorer-test-secret', 'only the explorer’s'));
  await playToLiveView(page, { scenario: 'app-view', era: '2025-11-25' });
  await expect(viewOf(page).locator('#sum')).toHaveText('12');
  const proxy = page.frames().find((frame) => frame.url().includes('/app-sandbox.html'));
  const inner = page.frames().find((frame) => frame.url() === 'about:srcdoc');
  if (!proxy || !inner)
    throw new Error(
      `The view's frames are missing: ${page
        .frames()
        .map((frame) => frame.url())
        .join(', ')}`,
    );
  const explorer = new URL(baseURL ?? '');
  const sandbox = new URL(proxy.url());
  expect(sandbox.hostname).toBe(explorer.hostname);
  expect(sandbox.port).not.toBe(explorer.port);
  expect(await page.getByTestId('app-view-frame').getAttribute('sandbox')).toBe('allow-scripts allow-same-origin');
  expect(await proxy.evaluate(() => localStorage.getItem('explorer-test-secret'))).toBeNull();
  expect(await inner.evaluate(() => self.origin)).toBe('null');
  expect(await probeWhatFrameReaches(inner, new URL('mcp', baseURL).href)).toEqual(REFUSED_EVERYWHERE);
  const render = (await readPayloadsOf(page, 'host.app-render'))[0] as { frames: { proxyOrigin: string }; policy: string };
  expect(render.frames.proxyOrigin).toBe(sandbox.origin);
  expect(render.policy).toContain("connect-src 'none'");
});

test('app-view: a link the view asks for is shown first, and opens only when the learner says so', async ({ page, context }) => {
  await playToLiveView(page, { scenario: 'app-view', era: '2026-07-28' });
  const view = viewOf(page);
  const opened: string[] = [];
  context.on('request', (request) => {
    if (request.url().startsWith('https://modelcontextprotocol.io/')) opened.push(request.url());
  });
  await view.locator('#spec').click();
  const gate = page.getByTestId('open-link-answer');
  await nextUntilLinkAsked(page);
  await expect(page.getByTestId('open-link-url')).toHaveText('https://modelcontextprotocol.io/extensions/apps/overview');
  await gate.getByRole('button', { name: 'Keep it closed' }).click();
  await expect(view.locator('#result-told')).toHaveText('The host answered: The user chose not to open the link.');
  expect(opened).toEqual([]);

  await view.locator('#spec').click();
  await nextUntilLinkAsked(page);
  await gate.getByRole('button', { name: 'Open the link' }).click();
  await expect(view.locator('#result-told')).toHaveText('The host opened the link.');
  await expect.poll(() => opened).toEqual(['https://modelcontextprotocol.io/extensions/apps/overview']);
});

test('app-view: the view reads its own resource and posts a message, each through the host', async ({ page }) => {
  await playToLiveView(page, { scenario: 'app-view', era: '2025-11-25' });
  const view = viewOf(page);
  await view.locator('#read').click();
  await nextUntilViewShows(page, view, '#result-told', /^Read through the host: ui:\/\/sum-view\/view\.html, \d+ characters$/);
  await view.locator('#tell').click();
  await expect(view.locator('#result-told')).toHaveText('The host took the message.');
  const ids = await readStepIds(page);
  expect(ids).toEqual(expect.arrayContaining(['app.resources-read.request', 'app.host-response', 'app.message.request', 'host.app-message']));
  const message = (await readPayloadsOf(page, 'host.app-message'))[0];
  expect(message).toEqual({ role: 'user', content: [{ type: 'text', text: '5 plus 7 is 12.' }] });
});
