import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { writeTinyGguf } from '../tests/helpers/write-tiny-gguf.ts';

export type Driver = 'keyboard' | 'buttons';

/**
 * Opens the app and waits for it to be drawn: the load event comes before React's first render,
 * when the page still shows index.html's shell and a key pressed goes nowhere.
 */
export async function openApp(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await expect(findNextButton(page)).toBeVisible();
}

/** The playback bar's Next: not the stream view's "Next frame", nor the Next on index.html's shell, shown while the app loads. */
export function findNextButton(page: Page): Locator {
  // On a phone the → hint is hidden, and the name is "Next" alone.
  return page.getByTestId('playback-bar').getByRole('button', { name: /^Next( →)?$/ });
}

/** One press of Next, by keyboard or by button, as a learner would. */
export async function pressNext(page: Page, driver: Driver): Promise<void> {
  if (driver === 'buttons') return findNextButton(page).click();
  // A click waits for its button; a key does not, and one pressed before the app is drawn is lost.
  await expect(findNextButton(page)).toBeVisible();
  await leaveArrowGroup(page);
  await page.keyboard.press('ArrowRight');
}

/**
 * On a focused radio or tab the arrows move within its group, as in any radio group or
 * tablist (keyboard-controls.spec.ts checks that): a learner who clicked one leaves the
 * group before stepping with the arrows, and so does the keyboard driver.
 */
async function leaveArrowGroup(page: Page): Promise<void> {
  await page.evaluate(() => {
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && (focused.getAttribute('role') === 'tab' || (focused instanceof HTMLInputElement && focused.type === 'radio')))
      focused.blur();
  });
}

export async function pressBack(page: Page, driver: Driver): Promise<void> {
  if (driver === 'buttons') return page.getByRole('button', { name: /^Back/ }).click();
  await expect(findNextButton(page)).toBeVisible();
  await leaveArrowGroup(page);
  await page.keyboard.press('ArrowLeft');
}

/**
 * Presses Next until the inspector shows the step with this stable id, waiting after
 * each press until exactly that press's step is on show; fails after too many presses.
 */
export async function stepUntil(page: Page, driver: Driver, stepId: string, maxPresses = 30): Promise<void> {
  const inspector = page.getByTestId('inspector');
  for (let press = 0; press < maxPresses; press++) {
    if ((await inspector.getAttribute('data-step-id')) === stepId) return;
    const shown = await inspector.getAttribute('data-n');
    await pressNext(page, driver);
    // Polled on every frame: a step appears within a few frames of the press.
    await page.waitForFunction(
      (expected) => document.querySelector('[data-testid="inspector"]')?.getAttribute('data-n') === expected,
      String(Number(shown ?? 0) + 1),
      { polling: 'raf', timeout: 10_000 },
    );
  }
  throw new Error(`Step ${stepId} did not appear within ${maxPresses} presses of Next.`);
}

/** Whether the timeline's current row lies wholly inside the timeline's own list (which scrolls apart from the page). */
export function isCurrentRowInTimeline(page: Page): Promise<boolean> {
  return page.getByTestId('timeline').evaluate((list) => {
    const row = list.querySelector('[aria-current="step"]');
    if (!row) return false;
    const listBox = list.getBoundingClientRect();
    const rowBox = row.getBoundingClientRect();
    return rowBox.top >= listBox.top - 1 && rowBox.bottom <= listBox.bottom + 1;
  });
}

/** The exact JSON of the payload on show, read from the raw view. */
export async function readPayload(page: Page): Promise<unknown> {
  const inspector = page.getByTestId('inspector');
  const messageTab = inspector.getByRole('tab', { name: /Message|Sent payload/ });
  if (await messageTab.count()) await messageTab.click();
  const payload = inspector.getByTestId('payload');
  const toggle = payload.getByRole('button', { name: 'Raw JSON' });
  if (await toggle.count()) await toggle.click();
  return JSON.parse(await payload.getByTestId('payload-raw').innerText());
}

/** Both sides of the translation on show, from their raw views. */
export async function readTranslation(page: Page): Promise<{ input: unknown; output: unknown; warnings: string }> {
  const inspector = page.getByTestId('inspector');
  await inspector.getByRole('tab', { name: /Translation/ }).click();
  const asTrees = inspector.getByRole('button', { name: 'Show as trees' });
  if (await asTrees.count()) await asTrees.click();
  const read = async (testId: string) => {
    const side = inspector.getByTestId(testId);
    await side.getByRole('button', { name: 'Raw JSON' }).click();
    return JSON.parse(await side.getByTestId(`${testId}-raw`).innerText());
  };
  const input = await read('translation-input');
  const output = await read('translation-output');
  const warnings = (await inspector.getByTestId('translation-warnings').count()) ? await inspector.getByTestId('translation-warnings').innerText() : '';
  return { input, output, warnings };
}

/** Plays the run at the fastest speed until it has ended (complete, or stopped with a fault). */
/**
 * Plays the run to its end at 4×, until Play is offered again: a run's status can read as ended while
 * playback still shows the steps after the answer (a 2026-07-28 subscription closed), and a row
 * clicked meanwhile would be left at once for the next one.
 */
export async function runToEnd(page: Page, status: RegExp = /complete|stopped/): Promise<void> {
  await page.getByLabel('Speed').selectOption({ label: '4×' });
  await page.getByRole('button', { name: /^Play/ }).click();
  await page.getByRole('button', { name: /^Play/ }).waitFor({ timeout: 120_000 });
  await waitForRunStatus(page, status);
}

/**
 * Waits until the run's status line reads as this pattern says. Polled ten times a second, not
 * on every frame: a wait that asks for a frame each time keeps the page drawing for as long as
 * the run lasts, a sixth of the CPU of a test that plays a whole run.
 */
export async function waitForRunStatus(page: Page, pattern: RegExp, timeout = 120_000): Promise<void> {
  await page.waitForFunction(
    ({ source, flags }) => new RegExp(source, flags).test(document.querySelector('[data-testid="run-status"]')?.textContent ?? ''),
    { source: pattern.source, flags: pattern.flags },
    { timeout, polling: 100 },
  );
}

/** The payloads of every recorded step with this id, read from the timeline and the inspector. */
export async function readPayloadsOf(page: Page, stepId: string): Promise<unknown[]> {
  const rows = page.locator(`[data-testid="timeline-step"][data-step-id="${stepId}"]`);
  const payloads: unknown[] = [];
  for (let index = 0; index < (await rows.count()); index++) {
    await rows.nth(index).click();
    // The inspector renders the chosen step after the click: reading before it has would read the step shown before.
    await expect(rows.nth(index)).toHaveAttribute('aria-current', 'step');
    await expect(page.getByTestId('inspector')).toHaveAttribute('data-step-id', stepId);
    payloads.push(await readPayload(page));
  }
  return payloads;
}

/** Opens the model settings and chooses a real provider: this wire format at this base URL, with a key unless told otherwise. */
export async function chooseRealProvider(
  page: Page,
  options: { wire: string; baseUrl: string; model?: string; key?: string; remember?: boolean; replies?: 'streamed' | 'whole' },
): Promise<void> {
  await page.getByTestId('model-settings-button').click();
  const dialog = page.getByRole('dialog', { name: 'Model and wire format' });
  await dialog.getByLabel('Wire format (how the host talks to the model)').selectOption(options.wire);
  await dialog.getByLabel('A real provider, with your own key.').check();
  await dialog.getByLabel('Base URL').fill(options.baseUrl);
  await dialog.getByLabel('Model name').fill(options.model ?? 'test-model');
  if (options.key !== undefined) await dialog.getByLabel(/API key/).fill(options.key);
  if (options.replies) await dialog.getByLabel('The provider’s replies').selectOption(options.replies);
  const remember = dialog.getByLabel('Remember my keys on this device');
  if (options.remember) await remember.check();
  else await remember.uncheck();
  await dialog.getByRole('button', { name: 'Apply' }).click();
}

/**
 * Does what starts a sign-in, then presses the sign-in gate's Sign in, and returns the consent window. The page opens
 * it with no opener, so it never opens one by itself (it could not tell whether a blocker stopped it): Sign in is
 * always the learner's click.
 */
export async function openConsentPopup(page: Page, start: () => Promise<void>): Promise<Page> {
  await start();
  const signIn = page.getByTestId('sign-in');
  await signIn.waitFor({ timeout: 60_000 });
  const popupOpened = page.waitForEvent('popup', { timeout: 60_000 });
  await signIn.click();
  return popupOpened;
}

/** The settings dialog: another server by URL (as e2e/real-servers.spec.ts names one). */
export async function nameServer(page: Page, url: string): Promise<void> {
  await page.getByTestId('model-settings-button').click();
  const dialog = page.getByRole('dialog', { name: 'Model and wire format' });
  await dialog.getByLabel('Another Streamable HTTP server, by URL.').check();
  await dialog.getByLabel('MCP server URL').fill(url);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
}

/** The test suite's tiny GGUF model (random weights, Qwen2.5's chat template), written to a file a page can open. */
export async function writeTinyModelFile(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'tab-model-'));
  const file = path.join(folder, 'tiny-random-qwen.gguf');
  const template = await readFile(new URL('../src/providers/chat-template/__fixtures__/qwen2.5-instruct.jinja', import.meta.url), 'utf8');
  await writeFile(file, writeTinyGguf({ chatTemplate: template }));
  return file;
}

/** Opens the model settings, chooses the model in the tab, opens the file and applies once it is loaded. */
export async function loadTabModel(page: Page, file: string, options: { family?: RegExp } = {}): Promise<void> {
  await page.getByTestId('model-settings-button').click();
  const dialog = page.getByRole('dialog', { name: 'Model and wire format' });
  await dialog.getByTestId('model-kind-tab').check();
  await dialog.getByTestId('tab-model-file').setInputFiles(file);
  await expect(dialog.getByTestId('tab-model-loaded')).toContainText(/Loaded: .*gguf/, { timeout: 120_000 });
  if (options.family) await expect(dialog.getByTestId('tab-model-loaded')).toContainText(options.family);
  await dialog.getByRole('button', { name: 'Apply' }).click();
}

/** Downloads the run in one format of the Export as… menu, as a learner would; the file's name, text and bytes. */
export async function downloadFrom(page: Page, testInfo: TestInfo, choice: RegExp): Promise<{ name: string; text: string; bytes: Buffer }> {
  await page.getByRole('button', { name: 'Export as…' }).click();
  const download = page.waitForEvent('download');
  await page.getByTestId('export-menu').getByRole('button', { name: choice }).click();
  const saved = await download;
  const file = testInfo.outputPath(saved.suggestedFilename());
  await saved.saveAs(file);
  await expect(page.getByTestId('export-menu')).toHaveCount(0);
  const bytes = await readFile(file);
  return { name: saved.suggestedFilename(), text: bytes.toString('utf8'), bytes };
}
