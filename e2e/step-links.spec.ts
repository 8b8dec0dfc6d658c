import { expect, test, type Browser, type Page } from '@playwright/test';
import { chooseRealProvider, isCurrentRowInTimeline, openConsentPopup, readPayload, stepUntil } from './helpers.ts';

/**
 * A link to step N opens step N: every canonical step of the default scenario in both
 * eras, the bad-arguments lesson's step 14, and a copied link that brings back the
 * learner's question and settings in a fresh page.
 */

async function expectShownStep(page: Page, canonical: number, round = 1): Promise<void> {
  const inspector = page.getByTestId('inspector');
  await expect(inspector).toHaveAttribute('data-canonical', String(canonical), { timeout: 30_000 });
  await expect(inspector).toHaveAttribute('data-round', String(round));
  await expect(page.locator('[data-testid="timeline-step"][aria-current="step"]')).toHaveAttribute('data-canonical', String(canonical));
}

for (const era of ['2025-11-25', '2026-07-28']) {
  test(`a link to each step 1 to 20 opens that step, era ${era}`, async ({ page }) => {
    test.setTimeout(240_000);
    for (let step = 1; step <= 20; step++) {
      await page.goto(`/?scenario=happy-path&era=${era}&step=${step}`);
      await expectShownStep(page, step);
      await expect(page.getByRole('radio', { name: era })).toBeChecked();
    }
  });
}

test('a link draws its step once: the page says it is opening the link, and shows no step on the way', async ({ page }) => {
  await page.addInitScript(() => {
    const seen = { opening: false, shown: [] as string[] };
    Object.assign(window, { linkSeen: seen });
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="link-opening"]')) seen.opening = true;
      const canonical = document.querySelector('[data-testid="inspector"]')?.getAttribute('data-canonical');
      if (canonical && seen.shown.at(-1) !== canonical) seen.shown.push(canonical);
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-canonical'] });
  });
  await page.goto('/?scenario=happy-path&step=12');
  await expectShownStep(page, 12);
  await expect(page.getByTestId('link-opening')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { linkSeen: { opening: boolean; shown: string[] } }).linkSeen)).toEqual({
    opening: true,
    shown: ['12'],
  });
  // The timeline is drawn at once at step 12 too: its current row comes into its list, and stays there.
  await expect.poll(() => isCurrentRowInTimeline(page), { timeout: 5_000 }).toBe(true);
  await page.waitForTimeout(500);
  expect(await isCurrentRowInTimeline(page)).toBe(true);
});

test('the bad-arguments lesson’s step 14 is the validation that says no', async ({ page }) => {
  await page.goto('/?scenario=bad-arguments&step=14');
  await expectShownStep(page, 14);
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-step-id', 'server.validate-arguments');
  await expect(page.getByTestId('scenario-lesson')).toContainText('Watch step 14');
});

test('a link to a step its round went without opens that step of the next round, and says so', async ({ page }) => {
  // bad-arguments: round 1's handler never runs (the server refused the arguments); round 2's does.
  await page.goto('/?scenario=bad-arguments&step=15');
  await expectShownStep(page, 15, 2);
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-step-id', 'server.execute');
  await expect(page.getByTestId('opened-link-banner')).toContainText(
    'round 1 of this run of “Bad arguments: the server’s validation says no” went without it: step 15 of round 2 is on show',
  );
});

test('a link to a step the run never reaches says so', async ({ page }) => {
  await page.goto('/?scenario=no-tool&step=14');
  await expect(page.getByTestId('opened-link-banner')).toContainText('never reached it', { timeout: 30_000 });
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-canonical', '20');
});

test('a copied link brings back the question, the era, the wire format and the scenario in a new page', async ({ page, context, browser }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  await page.getByTestId('scenario-select').selectOption('two-rounds');
  await page.getByRole('radio', { name: '2026-07-28' }).check({ force: true });
  await page.getByTestId('model-settings-button').click();
  const dialog = page.getByRole('dialog', { name: 'Model and wire format' });
  await dialog.getByLabel('Wire format (how the host talks to the model)').selectOption('anthropic');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('textbox', { name: 'Question' }).fill('What is (2 plus 3) times 4?');
  await page.getByRole('button', { name: 'Ask' }).click();
  await stepUntil(page, 'keyboard', 'mcp.tools-call.request');
  const sent = await readPayload(page);

  await page.getByRole('button', { name: 'Copy link to this step' }).click();
  await expect(page.getByTestId('step-link-status')).toHaveText('Link copied.');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toContain('question=');

  // Another browser's page: nothing of the first page's settings is on this device.
  const opened = await (await browser.newContext()).newPage();
  await opened.goto(link);
  await expectShownStep(opened, 12);
  await expect(opened.getByTestId('scenario-select')).toHaveValue('two-rounds');
  await expect(opened.getByRole('textbox', { name: 'Question' })).toHaveValue('What is (2 plus 3) times 4?');
  await expect(opened.getByRole('radio', { name: '2026-07-28' })).toBeChecked();
  await expect(opened.getByTestId('model-settings-button')).toContainText('Anthropic Messages');
  await expect(opened.getByTestId('model-settings-button')).toContainText('Mock');
  // The same message, but a new run: each run is a trace of its own, so its W3C traceparent is new.
  const traceparent = /\b00-[0-9a-f]{32}-[0-9a-f]{16}-01\b/g;
  expect(JSON.stringify(await readPayload(opened)).replace(traceparent, 'TRACEPARENT')).toEqual(JSON.stringify(sent).replace(traceparent, 'TRACEPARENT'));
  expect(JSON.stringify(sent)).toMatch(traceparent);
});

test('a link made with a real provider asks for it, never carries the key, and sends nothing until asked', async ({ page, context, browser }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  // A real provider nobody answers: the link is copied from the first steps, before any model call.
  await chooseRealProvider(page, { wire: 'anthropic', baseUrl: 'http://127.0.0.1:9/v1', key: 'sk-ant-secret-for-the-test' });
  await stepUntil(page, 'keyboard', 'mcp.tools-list.request');
  await page.getByRole('button', { name: 'Copy link to this step' }).click();
  await expect(page.getByTestId('step-link-status')).toContainText('never carries your key');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toContain('model=real');
  expect(link).not.toContain('sk-ant');

  const opened = await (await browser.newContext()).newPage();
  const providerRequests: string[] = [];
  opened.on('request', (request) => {
    if (request.url().includes('127.0.0.1:9')) providerRequests.push(request.url());
  });
  await opened.goto(link);
  const banner = opened.getByTestId('opened-link-banner');
  await expect(banner).toContainText('made with a real provider (Anthropic Messages)');
  await expect(opened.getByTestId('model-settings-button')).toContainText('Anthropic Messages');
  await expect(opened.getByTestId('model-settings-button')).not.toContainText('Mock');
  await expect(opened.getByTestId('timeline-step')).toHaveCount(0);
  await banner.getByRole('button', { name: 'Perform up to step 3' }).click();
  await expectShownStep(opened, 3);
  expect(providerRequests).toEqual([]);
});

/** Copies the link of the step on show, and opens it in a browser with none of this page's settings. */
async function copyAndOpen(page: Page, browser: Browser): Promise<{ link: string; opened: Page }> {
  await page.getByRole('button', { name: 'Copy link to this step' }).click();
  await expect(page.getByTestId('step-link-status')).toContainText('Link copied.');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  const opened = await (await browser.newContext()).newPage();
  await opened.goto(link);
  return { link, opened };
}

test('a link copied at sampling’s second step 14 opens that step (#28, after the model’s answer), not the first (#18)', async ({ page, context, browser }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/?scenario=sampling&era=2025-11-25');
  await stepUntil(page, 'buttons', 'mcp.server-request.answer', 40);
  await stepUntil(page, 'buttons', 'server.validate-arguments', 10);
  const copiedAt = await page.getByTestId('inspector').getAttribute('data-n');
  expect(Number(copiedAt)).toBeGreaterThan(20);
  const { link, opened } = await copyAndOpen(page, browser);
  expect(new URL(link).searchParams.get('occurrence')).toBe('2');
  await expect(opened.getByTestId('inspector')).toHaveAttribute('data-n', copiedAt ?? '', { timeout: 30_000 });
  await expect(opened.getByTestId('inspector')).toHaveAttribute('data-step-id', 'server.validate-arguments');
  await expect(opened.getByTestId('opened-link-banner')).toHaveCount(0);
});

test('every step has a link: a handshake step and the consent gate open at themselves', async ({ page, context, browser }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/?scenario=consent&era=2025-11-25');
  for (const stepId of ['mcp.initialized.notification', 'host.ask-consent']) {
    await stepUntil(page, 'buttons', stepId, 40);
    const n = await page.getByTestId('inspector').getAttribute('data-n');
    const { link, opened } = await copyAndOpen(page, browser);
    expect(new URL(link).searchParams.get('step')).toBe(stepId);
    await expect(opened.getByTestId('inspector')).toHaveAttribute('data-step-id', stepId, { timeout: 30_000 });
    await expect(opened.getByTestId('inspector')).toHaveAttribute('data-n', n ?? '');
    await expect(opened.locator('[data-testid="timeline-step"][aria-current="step"]')).toHaveAttribute('data-step-id', stepId);
    await opened.context().close();
  }
});

test('the OAuth steps have links: one before the sign-in opens at once, one after it waits for the learner to sign in and then opens', async ({
  page,
  context,
  browser,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/?scenario=authorization');
  await stepUntil(page, 'buttons', 'auth.server-metadata', 20);
  const { link, opened } = await copyAndOpen(page, browser);
  expect(new URL(link).searchParams.get('step')).toBe('auth.server-metadata');
  await expect(opened.getByTestId('inspector')).toHaveAttribute('data-step-id', 'auth.server-metadata', { timeout: 30_000 });
  await opened.context().close();

  // After the sign-in: the opening says what it waits for, and the Sign in button is there to press.
  const after = await (await browser.newContext()).newPage();
  await after.goto(new URL('/?scenario=authorization&step=auth.token-request', link).toString());
  await expect(after.getByTestId('link-opening')).toContainText('the run waits for you to sign in', { timeout: 30_000 });
  const popup = await openConsentPopup(after, async () => {});
  const closed = popup.waitForEvent('close', { timeout: 30_000 });
  await popup.getByRole('button', { name: 'Approve' }).click();
  await closed;
  await expect(after.getByTestId('inspector')).toHaveAttribute('data-step-id', 'auth.token-request', { timeout: 30_000 });
});

test('?era= without a scenario is honoured; an era or a scenario the explorer does not know is refused with a word', async ({ page }) => {
  await page.goto('/?era=2026-07-28');
  await expect(page.getByRole('radio', { name: '2026-07-28' })).toBeChecked();
  await stepUntil(page, 'keyboard', 'mcp.discover.request');

  await page.goto('/?era=1999-01-01');
  await expect(page.getByTestId('link-refused')).toHaveText(
    'The link asks for the era “1999-01-01”, which this explorer does not speak (it speaks 2025-11-25 and 2026-07-28): the page is in 2025-11-25; change it under Protocol era.',
  );
  await expect(page.getByRole('radio', { name: '2025-11-25' })).toBeChecked();

  await page.goto('/?scenario=no-such-lesson&era=2026-07-28&step=3');
  await expect(page.getByTestId('link-refused')).toContainText('The link names the scenario “no-such-lesson”, which this explorer does not have');
  await expect(page.getByRole('radio', { name: '2026-07-28' })).toBeChecked();
  await page.getByTestId('opened-link-banner').getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByTestId('opened-link-banner')).toHaveCount(0);
});
