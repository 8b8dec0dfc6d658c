import { createServer } from 'node:http';
import { expect, test } from '@playwright/test';
import { pressNext, readPayload, stepUntil } from './helpers.ts';

/**
 * The lesson tools against the real server and the mock model: every answer, alignment,
 * colour and source shown is read from what the page really sent and received.
 */

const lesson = (page: import('@playwright/test').Page) => page.getByTestId('lesson-switches');

test('Predict the next step: questions before each reveal, answers from the real next step, a score at the end', async ({ page }) => {
  await page.goto('/');
  await lesson(page).getByRole('button', { name: 'Predict the next step' }).click();
  const panel = page.getByTestId('predict-panel');
  // Before the first step: who sends it and which method (none: the user asks the host).
  await panel.getByTestId('question-sender').getByLabel('User').check();
  await panel.getByTestId('question-method').getByLabel('tools/list').check();
  await panel.getByRole('button', { name: 'Lock in and reveal' }).click();
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-step-id', 'user.question');
  await expect(panel.getByTestId('prediction').nth(0)).toHaveAttribute('data-result', 'right');
  await expect(panel.getByTestId('prediction').nth(1)).toHaveAttribute('data-result', 'wrong');
  await expect(panel.getByTestId('prediction').nth(1)).toContainText('it was no MCP message');
  // Step by step to translation #2, answering the headers of the coming tools/call wrongly on purpose.
  await stepUntil(page, 'buttons', 'host.translate-tool-call');
  await panel.getByTestId('question-method').getByLabel('tools/call').check();
  await panel.getByTestId('question-headers').getByLabel('mcp-session-id').check();
  await panel.getByTestId('question-error-kind').getByLabel('a success').check();
  await panel.getByRole('button', { name: 'Lock in and reveal' }).click();
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-step-id', 'mcp.tools-call.request');
  const sent = page.getByTestId('inspector');
  await sent.getByRole('tab', { name: 'HTTP' }).click();
  const headerNames = await sent.getByTestId('wire-term').evaluateAll((terms) => terms.map((term) => term.getAttribute('data-term')));
  const results = panel.locator('[data-testid="prediction"]');
  await expect(results.filter({ hasText: 'Which MCP method' }).last()).toHaveAttribute('data-result', 'right');
  const headers = results.filter({ hasText: 'Which MCP headers' }).last();
  await expect(headers).toHaveAttribute('data-result', headerNames.includes('Mcp-Session-Id') ? 'right' : 'wrong');
  await expect(headers).toContainText('mcp-protocol-version');
  await expect(results.filter({ hasText: 'isError' }).last()).toHaveAttribute('data-result', 'pending');
  await stepUntil(page, 'buttons', 'host.answer');
  await expect(results.filter({ hasText: 'isError' }).last()).toHaveAttribute('data-result', 'right');
  await expect(panel.getByTestId('prediction-score')).toContainText(/Final score: \d+ of \d+ right/);
});

test('Predict the next step: the results come in without taking the graph’s height; opened, their list scrolls in 7rem, the newest in view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/');
  await lesson(page).getByRole('button', { name: 'Predict the next step' }).click();
  const panel = page.getByTestId('predict-panel');
  const inspector = page.getByTestId('inspector');
  const list = panel.getByTestId('prediction-list');
  const results = panel.getByTestId('prediction');
  // The height the results take in the panel, from the list's line to the score: what they would take from the graph.
  const resultsHeight = () =>
    panel.evaluate((element) => {
      const top = element.querySelector('[data-testid="prediction-details"]')?.getBoundingClientRect().top ?? 0;
      return (element.querySelector('[data-testid="prediction-score"]')?.getBoundingClientRect().bottom ?? 0) - top;
    });
  let afterFirst: number | undefined;
  // A prediction is asked at the latest recorded step: where the run has recorded ahead, Next goes there first.
  for (let press = 0; press < 24 && (await results.count()) < 8; press++) {
    const shown = Number((await inspector.getAttribute('data-n')) ?? 0);
    const lockIn = panel.getByRole('button', { name: 'Lock in and reveal' });
    // Whatever the step asks (the lesson plan's questions differ from step to step), left unanswered: each is a result all the same.
    // The run may record ahead meanwhile, taking the form away: then Next, as a learner would.
    const locked =
      (await lockIn.count()) > 0 &&
      (await lockIn.click({ timeout: 2_000 }).then(
        () => true,
        () => false,
      ));
    if (!locked) await pressNext(page, 'buttons');
    await expect(inspector).toHaveAttribute('data-n', String(shown + 1));
    if (afterFirst === undefined && locked) afterFirst = await resultsHeight();
  }
  expect(await results.count()).toBeGreaterThanOrEqual(8);
  // The results that came in took no more of the window than the first: they are a list the learner opens.
  expect(await resultsHeight(), 'the results’ height after 8 of them').toBeLessThanOrEqual(afterFirst! + 1);
  await panel.getByText(/^All your predictions \(\d+\)$/).click();
  const listHeight = await list.evaluate((element) => element.getBoundingClientRect().height);
  expect(listHeight, 'the list scrolls in at most 7rem').toBeLessThanOrEqual(112.5);
  await expect(list.getByTestId('prediction').last()).toBeInViewport({ ratio: 1 });
});

test('Era twins: the question performed in both eras, steps aligned, the handshake and the headers named', async ({ page }) => {
  await page.goto('/');
  await lesson(page).getByRole('button', { name: 'Era twins' }).click();
  const view = page.getByTestId('era-twin-view');
  await view.getByRole('button', { name: 'Run the question in both eras' }).click();
  const rows = view.getByTestId('twin-row');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  await expect(view.locator('[data-step-id="mcp.initialize.request"]')).toContainText('Only in 2025-11-25');
  await expect(view.locator('[data-step-id="mcp.discover.request"]')).toContainText('Only in 2026-07-28');
  const call = view.locator('[data-testid="twin-row"][data-step-id="mcp.tools-call.request"]');
  await expect(call).toContainText('2026-07-28 sends the mcp-method header (tools/call)');
  await expect(call).toContainText('mcp-name header (add_numbers)');
  await expect(view.locator('[data-testid="twin-row"][data-step-id="host.answer"]').first()).toContainText('the same');
});

test('What the model sees: the first request coloured by origin, with estimated tokens and what was left out', async ({ page }) => {
  await page.goto('/');
  await lesson(page).getByRole('button', { name: 'What the model sees' }).click();
  await stepUntil(page, 'buttons', 'provider.request');
  const view = page.getByTestId('model-input-view');
  const question = view.locator('[data-testid="input-part"][data-origin="question"]');
  await expect(question).toContainText('What is 5 plus 7?');
  await expect(view.locator('[data-testid="input-part"][data-origin="tool-description"]').first()).toBeVisible();
  await expect(view.locator('[data-testid="origin-total"][data-origin="question"]')).toContainText(`~${Math.ceil('"What is 5 plus 7?"'.length / 4)} tokens`);
  await expect(view).toContainText('1 token per 4 characters');
  await stepUntil(page, 'buttons', 'host.translate-tool-result');
  await expect(view.locator('[data-testid="input-part"][data-origin="tool-result"]')).toContainText('Result: 12');
  const payload = JSON.stringify(await readPayload(page));
  expect(payload).toContain('Result: 12');
});

test('Annotated wire: each MCP header and SSE field explained on focus, with a link to the specification', async ({ page }) => {
  await page.goto('/');
  await stepUntil(page, 'buttons', 'mcp.tools-call.request');
  const inspector = page.getByTestId('inspector');
  await inspector.getByRole('tab', { name: 'HTTP' }).click();
  const version = inspector.locator('[data-testid="wire-term"][data-term="MCP-Protocol-Version"]').first();
  await version.getByRole('button').focus();
  const tip = version.getByRole('tooltip');
  await expect(tip).toBeVisible();
  await expect(tip).toContainText('protocol revision');
  await expect(tip.getByRole('link')).toHaveAttribute(
    'href',
    'https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#protocol-version-header',
  );
  const data = inspector.locator('[data-testid="wire-term"][data-term="data:"]').first();
  await data.hover();
  await expect(data.getByRole('tooltip')).toBeVisible();
  await expect(inspector.locator('[data-testid="wire-term"][data-term="Accept"]').first()).toBeVisible();
});

test('Annotated wire on a provider’s stream: the SSE fields and headers of a streamed model reply are explained as the provider’s, not as MCP’s', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByTestId('model-settings-button').click();
  const dialog = page.getByRole('dialog', { name: 'Model and wire format' });
  await dialog.getByLabel('Wire format (how the host talks to the model)').selectOption('anthropic');
  await dialog.getByLabel('The mock model’s replies').selectOption('streamed');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await stepUntil(page, 'buttons', 'provider.response.tool-calls');
  const inspector = page.getByTestId('inspector');
  await inspector.getByRole('tab', { name: 'HTTP' }).click();
  // Anthropic names each event: the first frame is message_start.
  await expect(inspector.getByTestId('http-frames').locator('li').first()).toContainText('message_start');
  const event = inspector.locator('[data-testid="wire-term"][data-term="event:"]').first();
  await event.getByRole('button').focus();
  await expect(event.getByRole('tooltip')).toBeVisible();
  await expect(event.getByRole('tooltip')).toContainText("the model's streamed reply");
  await expect(event.getByRole('tooltip')).not.toContainText('MCP sends its JSON-RPC messages');
  const data = inspector.locator('[data-testid="wire-term"][data-term="data:"]').first();
  await data.hover();
  await expect(data.getByRole('tooltip')).toContainText("One piece of the model's reply");
  await expect(inspector.locator('[data-testid="wire-term"][data-term="anthropic-version"]')).toHaveCount(1);
  await expect(inspector.locator('[data-testid="wire-term"][data-term="Content-Type"]').first()).toBeVisible();
  // No MCP header is on a provider's exchange, so none is explained there.
  await expect(inspector.locator('[data-testid="wire-term"][data-term="MCP-Protocol-Version"]')).toHaveCount(0);
});

test('The code behind the step: translation #1 shows the wire format’s own function, read from the build', async ({ page }) => {
  await page.goto('/');
  await lesson(page).getByRole('button', { name: 'Code behind the step' }).click();
  await stepUntil(page, 'buttons', 'host.translate-tools');
  const code = page.getByTestId('step-code-view');
  await expect(code.locator('[data-path="src/lifecycle/discovery.ts"]')).toContainText("'host.translate-tools'");
  const translator = code.locator('[data-path="src/providers/openai-chat/prepare-openai-chat-tools.ts"]');
  await expect(translator).toContainText('export function prepareOpenAiChatTools(');
  await expect(translator).toContainText('prepareOpenAiChatTools, line');
});

test('Lesson mode: notes from the address, and ?embed=1 is a framed view with no settings that may be framed by any site', async ({ page, baseURL }) => {
  const response = await page.goto('/?embed=1&scenario=happy-path&step=12&note.mcp.tools-call.request=Look+at+the+id');
  // Any site may frame it; the rest of the policy is every page's (script from the app's own files only).
  expect(response?.headers()['content-security-policy']).toMatch(/(^|; )frame-ancestors \*$/);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-step-id', 'mcp.tools-call.request');
  await expect(page.getByTestId('teacher-note')).toContainText('Look at the id');
  await expect(page.getByTestId('model-settings-button')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Open in the full explorer' })).toHaveAttribute(
    'href',
    `${baseURL}/?scenario=happy-path&step=12&note.mcp.tools-call.request=Look+at+the+id`,
  );
  // Framed by a course page of another origin (a real server on another loopback port: Chromium keeps public pages from framing loopback ones), it still runs.
  const course = createServer((_request, answer) => {
    answer.writeHead(200, { 'content-type': 'text/html' });
    answer.end(
      `<!doctype html><title>course</title><iframe title="lesson" src="${baseURL}/?embed=1&scenario=happy-path&step=5" width="1200" height="800"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => course.listen(0, '127.0.0.1', resolve));
  try {
    const address = course.address();
    await page.goto(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/week-1`);
    const framed = page.frameLocator('iframe[title="lesson"]');
    await expect(framed.getByTestId('inspector')).toHaveAttribute('data-step-id', 'mcp.tools-list.response', { timeout: 30_000 });
  } finally {
    course.close();
  }
  expect((await page.goto('/'))?.headers()['x-frame-options']).toBe('SAMEORIGIN');
});

test('?embed=1 shows, read only, the question asked, the scenario and its era, and the scenario’s lesson (the question bar it hides said them)', async ({
  page,
}) => {
  await page.goto('/?embed=1&scenario=two-rounds&era=2026-07-28&step=3');
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-canonical', '3');
  await expect(page.getByTestId('scenario-select')).toHaveCount(0);
  await expect(page.getByTestId('embed-question-text')).toHaveText('What is (5 plus 7) times 3?');
  await expect(page.getByTestId('embed-scenario')).toHaveText('· Scenario: Two rounds: (5 plus 7) times 3 · protocol era 2026-07-28');
  await expect(page.getByTestId('scenario-lesson')).toHaveText(
    'The answer to the first tool call is an input to the second: steps 9 to 18 run again, as round 2.',
  );
  // What was asked is the run's: the question went out in the user's first message.
  await page.getByTestId('timeline-step').first().click();
  expect(JSON.stringify(await readPayload(page))).toContain('What is (5 plus 7) times 3?');
});
