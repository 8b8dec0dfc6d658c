import { expect, test, type Page } from '@playwright/test';
import { chooseRealProvider, readPayload, runToEnd, stepUntil } from './helpers.ts';
import { startLongAnswerProvider } from '../tests/helpers/start-long-answer-provider.ts';

/**
 * The narration's follow-ups (issue 17), seen in Chromium on real runs against the real
 * server and mock model: what each row and caption says is read from the page.
 */

async function chooseScenario(page: Page, id: string) {
  await page.goto('/');
  await page.getByTestId('scenario-select').selectOption(id);
  await expect(page.getByTestId('scenario-lesson')).toBeVisible();
}

const rowsOf = (page: Page, stepId: string) => page.locator(`[data-testid="timeline-step"][data-step-id="${stepId}"]`);

test('parallel calls: each row and the caption name the tool call they are for', async ({ page }) => {
  await chooseScenario(page, 'parallel-calls');
  await stepUntil(page, 'keyboard', 'mcp.tools-call.request');
  await expect(page.getByTestId('caption-call')).toHaveText('for add_numbers(a: 5, b: 7)');
  await runToEnd(page);
  await expect(rowsOf(page, 'mcp.tools-call.request').nth(0).getByTestId('call-label')).toHaveText('· add_numbers(a: 5, b: 7)');
  await expect(rowsOf(page, 'mcp.tools-call.request').nth(1).getByTestId('call-label')).toHaveText('· multiply_numbers(a: 3, b: 4)');
  await expect(rowsOf(page, 'server.execute').nth(1).getByTestId('call-label')).toHaveText('· multiply_numbers(a: 3, b: 4)');
  await expect(rowsOf(page, 'client.result-to-host').nth(0)).toContainText('add_numbers(a: 5, b: 7)');
  // The steps around the calls belong to no one call.
  await expect(rowsOf(page, 'host.translate-tool-result').getByTestId('call-label')).toHaveCount(0);
  await rowsOf(page, 'server.validate-arguments').nth(1).click();
  await expect(page.getByTestId('caption-call')).toHaveText('for multiply_numbers(a: 3, b: 4)');
});

test('the round cap: a setting kept on this device, and the reply that hit it is a row of its own', async ({ page }) => {
  await chooseScenario(page, 'round-cap');
  await page.getByTestId('model-settings-button').click();
  const dialog = page.getByRole('dialog', { name: 'Model and wire format' });
  await expect(dialog.getByLabel('Tool rounds at most')).toHaveValue('5');
  await dialog.getByLabel('Tool rounds at most').fill('2');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await runToEnd(page);
  await expect(page.getByTestId('fault')).toContainText('after 2 rounds');
  const capped = rowsOf(page, 'provider.response.tool-calls').last();
  await expect(capped).toContainText('the reply that hit the round cap');
  await expect(capped).toContainText('round 3');
  const named = /step #(\d+)/.exec(await page.getByTestId('fault').innerText())?.[1];
  await capped.click();
  await expect(page.getByTestId('inspector')).toContainText('past the cap of 2 tool rounds');
  // The step the fault names is that very reply.
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-n', named ?? 'none');
  await page.reload();
  await page.getByTestId('model-settings-button').click();
  await expect(page.getByRole('dialog', { name: 'Model and wire format' }).getByLabel('Tool rounds at most')).toHaveValue('2');
});

test('switching era or scenario mid-run asks first: Keep stays on the run, Switch starts over', async ({ page }) => {
  await chooseScenario(page, 'happy-path');
  // Before the first step nothing is lost, so nothing is asked.
  await page.getByRole('radio', { name: '2026-07-28' }).check({ force: true });
  await expect(page.getByTestId('switch-confirm')).not.toBeVisible();
  await stepUntil(page, 'keyboard', 'mcp.tools-list.request');
  const dialog = page.getByRole('dialog', { name: /Switch to/ });

  await page.getByTestId('scenario-select').selectOption('two-rounds');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('This ends the run on show');
  await expect(dialog).toContainText('“Two rounds');
  await dialog.getByRole('button', { name: 'Keep' }).click();
  await expect(dialog).not.toBeVisible();
  await expect(page.getByTestId('scenario-select')).toHaveValue('happy-path');
  await expect(rowsOf(page, 'mcp.tools-list.request')).toHaveCount(1);
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-step-id', 'mcp.tools-list.request');

  await page.getByRole('radio', { name: '2025-11-25' }).click({ force: true });
  await expect(dialog).toContainText('the 2025-11-25 era');
  await page.keyboard.press('Escape');
  await expect(dialog).not.toBeVisible();
  await expect(page.getByRole('radio', { name: '2026-07-28' })).toBeChecked();
  await expect(rowsOf(page, 'mcp.tools-list.request')).toHaveCount(1);
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-step-id', 'mcp.tools-list.request');

  await page.getByTestId('scenario-select').selectOption('two-rounds');
  await dialog.getByRole('button', { name: 'Switch' }).click();
  await expect(page.getByTestId('scenario-select')).toHaveValue('two-rounds');
  await expect(page.getByTestId('timeline-step')).toHaveCount(0);
});

test('the learner’s time at the gate is shown apart from the step’s own time', async ({ page }) => {
  await chooseScenario(page, 'happy-path');
  await stepUntil(page, 'keyboard', 'client.tools-to-host');
  // The learner reads for a while before letting translation #1 happen.
  await page.waitForTimeout(1500);
  await stepUntil(page, 'keyboard', 'host.translate-tools');
  const time = page.getByTestId('step-time');
  await expect(page.getByTestId('step-learner-wait')).toContainText('waiting for you at the gate (not counted)');
  expect(Number(await time.getAttribute('data-waited-ms'))).toBeGreaterThanOrEqual(1400);
  expect(Number(await time.getAttribute('data-own-ms'))).toBeLessThan(1000);
  await expect(time).toContainText(/took \d+ ms/);
});

test('sessions: the caption, the live region, says each 404 it shows', async ({ page }) => {
  await chooseScenario(page, 'sessions');
  await stepUntil(page, 'keyboard', 'mcp.tools-call.request');
  const notice = page.getByTestId('step-caption').getByTestId('caption-404');
  await expect(notice).toContainText('404: the session');
  await expect(notice).toContainText('this request was not run');
  await expect(page.getByTestId('step-caption')).toHaveAttribute('aria-live', 'polite');
  await runToEnd(page);
  // Every 404 the run met: the sessions the server forgot (a POST, the GET stream) and the DELETE at the end.
  const expired = rowsOf(page, 'mcp.session.expired');
  expect(await expired.count()).toBeGreaterThanOrEqual(2);
  for (let nth = 0; nth < (await expired.count()); nth++) {
    await expired.nth(nth).click();
    await expect(notice).toContainText(/^404: the session \S+/);
  }
  await rowsOf(page, 'mcp.session.delete').click();
  await expect(notice).toContainText('already gone');
  await expired.last().click();
  await expect(notice).toContainText('already gone');
  await rowsOf(page, 'mcp.tools-call.request').last().click();
  await expect(notice).toHaveCount(0);
});

test('a long answer scrolls in its own box and leaves the graph its height', async ({ page }) => {
  const provider = await startLongAnswerProvider(60);
  try {
    await page.goto('/');
    await chooseRealProvider(page, { wire: 'openai-chat', baseUrl: provider.url, model: 'long-answer-model', key: 'sk-test-long', replies: 'whole' });
    await stepUntil(page, 'keyboard', 'user.question');
    const graphHeight = () => page.getByTestId('main-view').evaluate((element) => element.getBoundingClientRect().height);
    const before = await graphHeight();
    expect(before).toBeGreaterThan(100);
    await runToEnd(page);
    const answer = page.getByTestId('answer');
    await expect(answer).toContainText('Paragraph 60:');
    // The caption's lines come and go (Next: …), but the answer takes none of the graph's height.
    expect(await graphHeight()).toBeGreaterThanOrEqual(before - 1);
    const box = await answer.evaluate((element) => ({ scroll: element.scrollHeight, client: element.clientHeight }));
    expect(box.scroll).toBeGreaterThan(box.client);
    expect(box.client).toBeLessThanOrEqual(6 * 16 + 1);
    // A keyboard reaches it, so it can be scrolled without a mouse.
    await answer.focus();
    await page.keyboard.press('End');
    await expect.poll(() => answer.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
  } finally {
    await provider.close();
  }
});

test('the server’s own reports are badged as this teaching server’s instrumentation, in the caption, the timeline and on the edge', async ({ page }) => {
  await chooseScenario(page, 'happy-path');
  await stepUntil(page, 'keyboard', 'server.validate-arguments');
  await expect(page.getByTestId('caption-instrumentation')).toHaveText('teaching server only');
  await expect(page.getByTestId('caption-instrumentation-note')).toContainText('Real MCP servers do the work but do not send such reports');
  await expect(page.getByTestId('message-label')).toContainText('notifications/progress (teaching server only)');
  for (const stepId of ['server.registry-read', 'server.registry-lookup', 'server.validate-arguments']) {
    await expect(rowsOf(page, stepId)).toContainText('teaching server only');
  }
  await expect(rowsOf(page, 'mcp.tools-call.request')).not.toContainText('teaching server only');
  await stepUntil(page, 'keyboard', 'mcp.tools-call.response');
  await expect(page.getByTestId('caption-instrumentation')).toHaveCount(0);
});

test('the article’s function_call: a button at the model’s tool call switches to OpenAI legacy functions', async ({ page }) => {
  await chooseScenario(page, 'happy-path');
  await stepUntil(page, 'keyboard', 'provider.response.tool-calls');
  const link = page.getByTestId('legacy-functions-link');
  await expect(link).toContainText('function_call');
  await link.getByRole('button', { name: 'See it in OpenAI legacy functions' }).click();
  await expect(page.getByTestId('timeline-step')).toHaveCount(0);
  await stepUntil(page, 'keyboard', 'provider.response.tool-calls');
  expect(await readPayload(page)).toMatchObject({ choices: [{ message: { function_call: { name: 'add_numbers' } } }] });
  await expect(link).toHaveCount(0);
});
