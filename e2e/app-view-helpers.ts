import { expect, type Frame, type FrameLocator, type Page } from '@playwright/test';
import { findNextButton, waitForRunStatus } from './helpers.ts';

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
export async function playToLiveView(
  page: Page,
  { scenario, era, question }: { scenario?: string; era: '2025-11-25' | '2026-07-28' | 'auto'; question?: string },
): Promise<void> {
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

/** Presses Next until the view shows this text in this element (each press lets one message go). */
export async function nextUntilViewShows(page: Page, view: FrameLocator, selector: string, text: RegExp): Promise<void> {
  for (let press = 0; press < 40; press++) {
    if (text.test((await view.locator(selector).textContent()) ?? '')) return;
    await findNextButton(page).click();
    await page.waitForTimeout(150);
  }
  await expect(view.locator(selector)).toHaveText(text);
}

/**
 * The learner changes a number in the app-view scenario's view and calls the tool from there: its tools/call waits at
 * the host's gate like the model's did, goes to the server and back, and the view shows the new sum. `before` is the
 * step ids before the change; the steps after it are exactly that round trip.
 */
export async function callAgainFromView(page: Page, before: string[]): Promise<void> {
  const view = viewOf(page);
  await view.locator('#a').fill('20');
  await view.locator('#call').click();
  await nextUntilViewShows(page, view, '#sum', /^27$/);
  expect((await readStepIds(page)).slice(before.length)).toEqual([
    'app.tools-call.request',
    'mcp.tools-call.request',
    'server.registry-lookup',
    'server.validate-arguments',
    'server.execute',
    'mcp.tools-call.response',
    'client.result-to-host',
    'app.tools-call.response',
  ]);
}

/** The learner closes the views: the run completes, and its last steps are the view's teardown and its answer. */
export async function closeViewsToEnd(page: Page): Promise<void> {
  await page.getByTestId('close-app-views').click();
  await waitForRunStatus(page, /complete/);
  expect((await readStepIds(page)).slice(-2)).toEqual(['app.teardown.request', 'app.response']);
}

/** What a frame of the view tries against the explorer, and how each attempt ended: every one must be refused. */
export const REFUSED_EVERYWHERE = {
  storage: 'SecurityError',
  cookie: 'SecurityError',
  top: 'SecurityError',
  explorerDocument: 'SecurityError',
  mcp: 'TypeError',
};

/** Tries, from inside a frame, the explorer's storage, cookie, top location and document, and its MCP server at `mcpUrl`. */
export function probeWhatFrameReaches(frame: Frame, mcpUrl: string): Promise<Record<keyof typeof REFUSED_EVERYWHERE, string>> {
  return frame.evaluate(async (url) => {
    const attempt = async (what: () => unknown) => {
      try {
        await what();
        return 'reached';
      } catch (error) {
        return error instanceof Error ? error.name : 'refused';
      }
    };
    return {
      storage: await attempt(() => localStorage.length),
      cookie: await attempt(() => document.cookie),
      top: await attempt(() => window.top?.location.href),
      explorerDocument: await attempt(() => window.top?.document.title),
      mcp: await attempt(() => fetch(url, { method: 'POST', body: '{}' })),
    };
  }, mcpUrl);
}
