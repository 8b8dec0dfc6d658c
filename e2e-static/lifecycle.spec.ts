import { expect, test, type Page, type Response } from '@playwright/test';
import { readPayload, readPayloadsOf, runToEnd, stepUntil } from '../e2e/helpers.ts';
import { readStatusTexts, recordStatusTexts, waitForInBrowserServer } from './static-site-helpers.ts';

/**
 * The static site under /explorer/, on a static file server and nothing else: every
 * MCP and model message is real HTTP answered by the Service Worker in the page's
 * browser, from the same server code `npm start` runs.
 */

/** Every response to the built-in server's paths, with who answered it. */
function watchServerResponses(page: Page): { url: string; fromServiceWorker: boolean; status: number }[] {
  const seen: { url: string; fromServiceWorker: boolean; status: number }[] = [];
  page.on('response', (response: Response) => {
    if (/\/explorer\/(mcp|mock)\b/.test(new URL(response.url()).pathname)) {
      seen.push({ url: response.url(), fromServiceWorker: response.fromServiceWorker(), status: response.status() });
    }
  });
  return seen;
}

async function expectTwentySteps(page: Page) {
  const canonicals = await page
    .getByTestId('timeline-step')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-canonical')).filter((value) => value !== ''));
  expect(canonicals).toEqual(Array.from({ length: 20 }, (_, index) => String(index + 1)));
}

test('first visit: the worker installs, the question shows at once and the first message waits for it, and the whole lifecycle runs in era 2025-11-25', async ({
  page,
  baseURL,
}) => {
  await recordStatusTexts(page);
  const responses = watchServerResponses(page);
  await page.goto('./');
  // No waiting for the worker here: the run shows its first steps at once and holds its first message until the worker answers.
  await stepUntil(page, 'keyboard', 'mcp.initialize.request');
  expect(await readPayload(page)).toMatchObject({ method: 'initialize', params: { protocolVersion: '2025-11-25' } });
  await stepUntil(page, 'keyboard', 'host.answer');
  await expect(page.getByTestId('answer')).toContainText('5 plus 7 is 12.');
  await expectTwentySteps(page);

  const texts = await readStatusTexts(page);
  expect(texts[0]).toContain('Installing the in-browser server…');
  expect(texts.at(-1)).toContain('The in-browser server is ready.');
  // Real HTTP exchanges, to this site's own sub-path, answered by the worker and by nothing else.
  expect(responses.some(({ url }) => url === `${baseURL}mcp`)).toBe(true);
  expect(responses.some(({ url }) => url === `${baseURL}mock/openai/v1/chat/completions`)).toBe(true);
  expect(responses.every(({ fromServiceWorker }) => fromServiceWorker)).toBe(true);
});

test('the whole lifecycle in era 2026-07-28, with the Mcp-Method header on the wire', async ({ page }) => {
  await page.goto('./');
  await waitForInBrowserServer(page);
  await page.getByText('2026-07-28', { exact: true }).click();
  // On a focused radio the arrows choose the era, as in any radio group (e2e/keyboard-controls.spec.ts): the learner leaves the group before stepping.
  await page.getByRole('radio', { name: '2026-07-28' }).blur();
  await stepUntil(page, 'keyboard', 'mcp.discover.request');
  expect(await readPayload(page)).toMatchObject({ method: 'server/discover' });
  await page.getByTestId('inspector').getByRole('tab', { name: 'HTTP' }).click();
  await expect(page.getByTestId('http-view')).toContainText('mcp-method');
  // On a focused tab the arrows move between the tabs: the learner leaves the tablist before stepping.
  await page.getByTestId('inspector').getByRole('tab', { name: 'HTTP' }).blur();
  await stepUntil(page, 'keyboard', 'server.execute');
  expect(await readPayload(page)).toMatchObject({ params: { message: 'Execution: add_numbers(5, 7) returned 12.' } });
  await stepUntil(page, 'keyboard', 'host.answer');
  await expect(page.getByTestId('answer')).toContainText('5 plus 7 is 12.');
  await expectTwentySteps(page);
});

test('division-by-zero on /mcp/toolbox: the tool fails and the result says isError', async ({ page }) => {
  await page.goto('./');
  await page.getByTestId('scenario-select').selectOption('division-by-zero');
  await runToEnd(page);
  await expect(page.getByTestId('answer')).toContainText('reported an error');
  const [response] = (await readPayloadsOf(page, 'mcp.tools-call.response')) as { result: { isError: boolean; content: { text: string }[] } }[];
  expect(response?.result.isError).toBe(true);
  expect(response?.result.content[0]?.text).toContain('Division by zero');
});

test('sessions: Mcp-Session-Id, the GET stream, a 404, a new session and the DELETE, with the notice that says where they live', async ({ page }) => {
  await page.goto('./');
  await page.getByTestId('scenario-select').selectOption('sessions');
  await expect(page.getByTestId('static-site-sessions-note')).toContainText('sessions last while the page is open');
  await runToEnd(page);
  await expect(page.getByTestId('answer')).toContainText('5 plus 7 is 12.');
  await page.locator('[data-testid="timeline-step"][data-step-id="mcp.tools-list.request"]').click();
  await page.getByTestId('inspector').getByRole('tab', { name: 'HTTP' }).click();
  await expect(page.getByTestId('http-view')).toContainText('mcp-session-id');
  await expect(page.locator('[data-testid="timeline-step"][data-step-id="mcp.stream.open"]').first()).toContainText('the stream is open');
  await expect(page.locator('[data-testid="timeline-step"][data-step-id="mcp.session.expired"]').first()).toContainText('404');
  await expect(page.locator('[data-testid="timeline-step"][data-step-id="host.new-session"]')).toHaveCount(1);
  await expect(page.locator('[data-testid="timeline-step"][data-step-id="mcp.session.delete"]')).toHaveCount(1);
});

test('a real provider path: Anthropic settings with a key, pointed at the site’s own mock endpoint', async ({ page, baseURL }) => {
  const KEY = 'sk-static-site-dummy-key';
  const toProvider: Promise<{ headers: Record<string, string>; fromServiceWorker: boolean }>[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/explorer/mock/anthropic/')) {
      toProvider.push(
        response
          .request()
          .allHeaders()
          .then((headers) => ({ headers, fromServiceWorker: response.fromServiceWorker() })),
      );
    }
  });
  await page.goto('./');
  await page.getByTestId('model-settings-button').click();
  const dialog = page.getByRole('dialog', { name: 'Model and wire format' });
  await dialog.getByLabel('Wire format (how the host talks to the model)').selectOption('anthropic');
  await dialog.getByLabel('A real provider, with your own key.').check();
  await dialog.getByLabel('Base URL').fill(`${baseURL}mock/anthropic/v1`);
  await dialog.getByLabel('Model name').fill('test-model');
  await dialog.getByLabel(/API key/).fill(KEY);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await stepUntil(page, 'keyboard', 'host.answer');
  await expect(page.getByTestId('answer')).toContainText('5 plus 7 is 12.');
  const requests = await Promise.all(toProvider);
  expect(requests.length).toBe(2);
  for (const request of requests) {
    expect(request.headers['x-api-key']).toBe(KEY);
    expect(request.fromServiceWorker).toBe(true);
  }
});

test('a deep link under the sub-path opens at its step, and the step link keeps the sub-path', async ({ page, baseURL }) => {
  await page.goto('./?scenario=division-by-zero&era=2026-07-28&wire=anthropic&step=8');
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-canonical', '8', { timeout: 30_000 });
  await expect(page.getByTestId('scenario-select')).toHaveValue('division-by-zero');
  const link = await page.getByRole('button', { name: 'Copy link to this step' }).getAttribute('data-step-link');
  expect(link).toBe(`${baseURL}?scenario=division-by-zero&era=2026-07-28&wire=anthropic&step=8`);
});
