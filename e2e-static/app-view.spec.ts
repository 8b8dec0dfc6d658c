import { expect, test, type Page } from '@playwright/test';
import { readPayloadsOf, waitForRunStatus } from '../e2e/helpers.ts';
import { callAgainFromView, closeViewsToEnd, playToLiveView, probeWhatFrameReaches, readStepIds, REFUSED_EVERYWHERE, viewOf } from '../e2e/app-view-helpers.ts';
import { waitForInBrowserServer } from './static-site-helpers.ts';

/**
 * A tool with a view (MCP Apps) on the static site: /mcp/apps is the Service Worker's, and a
 * static host has one origin only, so the view cannot have another origin as npm start gives
 * it. What it gets instead: the sandbox page from the site itself, in a frame with
 * allow-scripts alone, an opaque origin ('null'), and the view in an opaque frame inside it.
 * The view reaches neither the explorer's storage nor its document nor its Service Worker's
 * server; everything it does still goes through the host, step by step.
 */

async function openSite(page: Page): Promise<void> {
  await page.goto('./');
  await waitForInBrowserServer(page);
  await page.evaluate(() => localStorage.setItem('explorer-test-secret', 'only the explorer’s'));
}

for (const era of ['2025-11-25', '2026-07-28'] as const) {
  test(`app-view in ${era} on the static site: the view is told the call, calls the tool again through the host, and closes`, async ({ page }) => {
    await openSite(page);
    await playToLiveView(page, { scenario: 'app-view', era });
    const view = viewOf(page);
    await expect(view.locator('#sum')).toHaveText('12');
    await expect(view.locator('#result-told')).toContainText('{"sum":12}');
    const before = await readStepIds(page);
    expect(before).toEqual(
      expect.arrayContaining([
        'host.read-app-view',
        'host.app-render',
        'app.sandbox-ready',
        'app.initialize.request',
        'app.initialized.notification',
        'app.tool-input.notification',
        'app.tool-result.notification',
        'host.app-live',
      ]),
    );

    await callAgainFromView(page, before);
    await closeViewsToEnd(page);
  });
}

test('app-view on the static site: one origin only, so the sandbox and the view are opaque origins, and reach nothing of the explorer', async ({
  page,
  baseURL,
}) => {
  await openSite(page);
  await playToLiveView(page, { scenario: 'app-view', era: '2025-11-25' });
  await expect(viewOf(page).locator('#sum')).toHaveText('12');
  expect(await page.getByTestId('app-view-frame').getAttribute('sandbox')).toBe('allow-scripts');
  const proxy = page.frames().find((frame) => frame.url().includes('/app-sandbox.html'));
  const inner = page.frames().find((frame) => frame.url() === 'about:srcdoc');
  if (!proxy || !inner)
    throw new Error(
      `The view's frames are missing: ${page
        .frames()
        .map((frame) => frame.url())
        .join(', ')}`,
    );
  // The sandbox page is the site's own file, but its document has no origin of the site's.
  expect(new URL(proxy.url()).origin).toBe(new URL(baseURL ?? '').origin);
  expect(await proxy.evaluate(() => self.origin)).toBe('null');
  expect(await inner.evaluate(() => self.origin)).toBe('null');
  const mcp = new URL('mcp/apps', baseURL).href;
  expect(await probeWhatFrameReaches(inner, mcp)).toEqual(REFUSED_EVERYWHERE);
  expect(await probeWhatFrameReaches(proxy, mcp)).toEqual(REFUSED_EVERYWHERE);
  const render = (await readPayloadsOf(page, 'host.app-render'))[0] as { frames: { proxyOrigin: string } };
  expect(render.frames.proxyOrigin).toMatch(/^opaque: a frame with no allow-same-origin/);
  await page.getByTestId('close-app-views').click();
  await waitForRunStatus(page, /complete/);
  expect(await page.evaluate(() => localStorage.getItem('explorer-test-secret'))).toBe('only the explorer’s');
});
