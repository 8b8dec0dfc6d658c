import { expect, test, type Page, type Route } from '@playwright/test';
import { findNextButton, pressNext } from './helpers.ts';

/**
 * Next on index.html's shell works before the app's script has run: the press shows step 1
 * at once, from the template the build wrote, and is kept: the app's first render shows the
 * same step in its inspector. The app's entry script is held back (then passed on to the
 * real server, unchanged) so that the press surely comes first.
 */

/** What the inspector says of its step, whichever drew it: the shell's template or React. */
async function readInspectorWords(page: Page) {
  const inspector = page.getByTestId('inspector');
  return {
    title: await inspector.getByTestId('inspector-title').textContent(),
    summary: await inspector.getByTestId('step-summary').textContent(),
    phase: await inspector.getByTestId('phase-summary').textContent(),
  };
}

async function holdEntryScript(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let releasing = false;
  await page.route(/\/assets\/index-[^/]+\.js$/, (route) => (releasing ? route.continue() : void held.push(route)));
  return async () => {
    releasing = true;
    await Promise.all(held.map((route) => route.continue()));
  };
}

test('Next pressed on the shell, before the app has loaded, shows step 1 at once, the first render shows the same step, and the run goes on', async ({
  page,
}) => {
  const release = await holdEntryScript(page);
  await page.goto('/', { waitUntil: 'commit' });
  const shellNext = page.locator('#shell-next');
  await expect(shellNext).toBeVisible();
  await expect(findNextButton(page)).toHaveCount(0);
  await shellNext.click();
  const shellStep = page.locator('[data-testid="inspector"][data-n="1"][data-shell-step]');
  await expect(shellStep).toBeVisible();
  await expect(shellStep).toHaveAttribute('data-step-id', 'user.question');
  expect(JSON.parse((await shellStep.getByTestId('shell-step-payload').textContent()) ?? '')).toEqual({ question: 'What is 5 plus 7?' });
  const shellWords = await readInspectorWords(page);
  await expect(page.getByRole('status').filter({ hasText: 'Step 2 is the first real message: Next sends it once the explorer has loaded.' })).toBeVisible();
  await expect(shellNext).toHaveAttribute('aria-disabled', 'true');
  // A second press before the app has loaded changes nothing (the button says it is disabled, so the click is forced).
  await shellNext.click({ force: true });
  await expect(page.locator('[data-testid="inspector"]')).toHaveCount(1);

  // Counted from the first time the inspector is drawn: it must already be at step 1, never at the empty "press Next" state.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { inspectorStates: string[] }).inspectorStates = seen;
    new MutationObserver(() => {
      const inspector = document.querySelector('[data-testid="inspector"]');
      const state = inspector ? (inspector.getAttribute('data-n') ?? 'empty') : null;
      if (state !== null && seen.at(-1) !== state) seen.push(state);
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await release();
  await expect(page.locator('[data-testid="inspector"][data-n="1"]:not([data-shell-step])')).toBeVisible();
  await expect(page.locator('[data-testid="inspector"]')).toHaveAttribute('data-step-id', 'user.question');
  expect(await page.evaluate(() => (window as unknown as { inspectorStates: string[] }).inspectorStates[0])).toBe('1');
  await expect(shellNext).toHaveCount(0);
  // The build wrote the shell's step from the engine's step 1 and the inspector's words: React's inspector says the same.
  expect(await readInspectorWords(page)).toEqual(shellWords);
  await expect(page.getByTestId('payload')).toContainText('What is 5 plus 7?');

  // The engine takes over the step shown ahead: Next performs step 2, a real message.
  await pressNext(page, 'buttons');
  await expect(page.locator('[data-testid="inspector"][data-n="2"]')).toBeVisible();
});

test('with a key or a header remembered on this device, the shell leaves step 1 to the app: the engine redacts them, even in the question', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('mcp-lifecycle-explorer.model-settings', JSON.stringify({ rememberKeys: true })));
  const release = await holdEntryScript(page);
  await page.goto('/', { waitUntil: 'commit' });
  await page.locator('#shell-next').click();
  await expect(page.getByRole('status').filter({ hasText: 'Step 1 shows as soon as the explorer has loaded.' })).toBeVisible();
  await expect(page.getByTestId('inspector')).toHaveCount(0);
  await release();
  await expect(page.locator('[data-testid="inspector"][data-n="1"]')).toBeVisible();
  await expect(page.locator('[data-shell-step]')).toHaveCount(0);
});

test('without a press the shell waits: the app opens ready, at no step', async ({ page }) => {
  await page.goto('/');
  await expect(findNextButton(page)).toBeEnabled();
  await expect(page.locator('#shell-next')).toHaveCount(0);
  await expect(page.getByText('Ready: press Next to start.')).toBeVisible();
});

test('a shared link has no Next on the shell: its run is its own', async ({ page }) => {
  const release = await holdEntryScript(page);
  await page.goto('/?scenario=happy-path&step=3', { waitUntil: 'commit' });
  await expect(page.getByText('Loading the explorer', { exact: false })).toBeVisible();
  await expect(page.locator('#shell-next')).toHaveCount(0);
  await release();
  // The link performs the run up to its step, real messages all: on a loaded machine that outlasts the default 10 s. Step 3 is
  // the third of the twenty (tools/list), recorded after the handshake's extra steps: the inspector only passes recorded #3 on its way.
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-canonical', '3', { timeout: 30_000 });
});
