import { expect, test, type Page } from '@playwright/test';
import { readPayload, readPayloadsOf, readTranslation, runToEnd, stepUntil, waitForRunStatus } from './helpers.ts';

/**
 * Every scenario, run for real in the page: the assertions read the real messages
 * (what the server said, what the model sent, what came back), never a script.
 */

async function chooseScenario(page: Page, id: string) {
  await page.goto('/');
  await page.getByTestId('scenario-select').selectOption(id);
  await expect(page.getByTestId('scenario-lesson')).toBeVisible();
}

const answer = (page: Page) => page.getByTestId('answer');

test('bad-arguments: the server rejects a = "five", the model recovers', async ({ page }) => {
  await chooseScenario(page, 'bad-arguments');
  await runToEnd(page);
  await expect(answer(page)).toContainText('5 plus 7 is 12.');
  const validations = (await readPayloadsOf(page, 'server.validate-arguments')) as { params: { message: string } }[];
  expect(validations[0]?.params.message).toContain('✗');
  const results = (await readPayloadsOf(page, 'mcp.tools-call.response')) as { result: { isError?: boolean; content: { text: string }[] } }[];
  expect(results[0]?.result.isError).toBe(true);
  expect(results[0]?.result.content[0]?.text).toContain('Input validation error');
  expect(results.at(-1)?.result.content[0]?.text).toBe('Result: 12');
});

test('unknown-tool: a JSON-RPC error comes back, the host tells the model', async ({ page }) => {
  await chooseScenario(page, 'unknown-tool');
  await runToEnd(page);
  await expect(answer(page)).toContainText('5 plus 7 is 12.');
  const responses = (await readPayloadsOf(page, 'mcp.tools-call.response')) as { error?: { code: number } }[];
  expect(responses[0]?.error?.code).toBe(-32602);
});

test('malformed-arguments: translation #2 refuses, no tools/call is sent for it', async ({ page }) => {
  await chooseScenario(page, 'malformed-arguments');
  await runToEnd(page);
  await expect(answer(page)).toContainText('5 plus 7 is 12.');
  const plans = (await readPayloadsOf(page, 'host.translate-tool-call')) as { error?: string }[];
  expect(plans[0]?.error).toContain('not valid JSON');
  expect(await page.locator('[data-testid="timeline-step"][data-step-id="mcp.tools-call.request"]').count()).toBe(1);
});

test('no-tool: the model answers directly; the timeline says which steps did not happen and why', async ({ page }) => {
  await chooseScenario(page, 'no-tool');
  await runToEnd(page);
  await expect(answer(page)).toContainText('Hello!');
  const missing = page.getByTestId('timeline-missing');
  await expect(missing).toHaveCount(10);
  await expect(missing.first()).toContainText('answered without calling a tool');
});

test('two-rounds: round 2 calls multiply with the first result', async ({ page }) => {
  await chooseScenario(page, 'two-rounds');
  await runToEnd(page);
  await expect(answer(page)).toContainText('(5 plus 7) times 3 is 36.');
  const calls = (await readPayloadsOf(page, 'mcp.tools-call.request')) as { params: { name: string; arguments: Record<string, number> } }[];
  expect(calls.map(({ params }) => ({ name: params.name, arguments: params.arguments }))).toEqual([
    { name: 'add_numbers', arguments: { a: 5, b: 7 } },
    { name: 'multiply_numbers', arguments: { a: 12, b: 3 } },
  ]);
  await expect(page.locator('[data-testid="timeline-step"][data-step-id="mcp.tools-call.request"]').nth(1)).toContainText('round 2');
});

test('parallel-calls: two tool calls in one turn, both results in one request', async ({ page }) => {
  await chooseScenario(page, 'parallel-calls');
  await runToEnd(page);
  await expect(answer(page)).toContainText('5 plus 7 is 12, and 3 times 4 is 12.');
  await expect(page.locator('[data-testid="timeline-step"][data-step-id="mcp.tools-call.request"]')).toHaveCount(2);
  const [request] = (await readPayloadsOf(page, 'host.translate-tool-result')) as { messages: { role: string }[] }[];
  expect(request?.messages.filter((message) => message.role === 'tool')).toHaveLength(2);
});

test('round-cap: a model that never stops is stopped by the host, which says so', async ({ page }) => {
  await chooseScenario(page, 'round-cap');
  await runToEnd(page);
  await expect(page.getByTestId('fault')).toContainText('after 3 rounds');
});

test('sessions: the session header, the open GET stream, a 404, a new session and the DELETE', async ({ page }) => {
  await chooseScenario(page, 'sessions');
  await runToEnd(page);
  await expect(answer(page)).toContainText('5 plus 7 is 12.');
  await page.locator('[data-testid="timeline-step"][data-step-id="mcp.tools-list.request"]').click();
  await page.getByTestId('inspector').getByRole('tab', { name: 'HTTP' }).click();
  await expect(page.getByTestId('http-view')).toContainText('mcp-session-id');
  await expect(page.locator('[data-testid="timeline-step"][data-step-id="mcp.stream.open"]').first()).toContainText('the stream is open');
  await expect(page.locator('[data-testid="timeline-step"][data-step-id="mcp.session.expired"]').first()).toContainText('404');
  await expect(page.locator('[data-testid="timeline-step"][data-step-id="host.new-session"]')).toHaveCount(1);
  await expect(page.locator('[data-testid="timeline-step"][data-step-id="mcp.session.delete"]')).toHaveCount(1);
});

test('resume: the cut stream, the reconnect with Last-Event-ID and the replayed result', async ({ page }) => {
  await chooseScenario(page, 'resume');
  await runToEnd(page);
  await expect(answer(page)).toContainText('5 plus 7 is 12.');
  await expect(page.locator('[data-testid="timeline-step"][data-step-id="mcp.stream.cut"]')).toContainText('before the result');
  await page.locator('[data-testid="timeline-step"][data-step-id="mcp.stream.resume"]').click();
  await page.getByTestId('inspector').getByRole('tab', { name: 'HTTP' }).click();
  await expect(page.getByTestId('http-view')).toContainText('last-event-id');
  const [result] = (await readPayloadsOf(page, 'mcp.tools-call.response')) as { result: { content: { text: string }[] } }[];
  expect(result?.result.content[0]?.text).toBe('Result: 12');
  await expect(page.locator('[data-testid="timeline-step"][data-step-id="mcp.tools-call.response"]')).toHaveCount(1);
});

test('editing tools/call in flight: the server computes with the edited arguments', async ({ page }) => {
  await page.goto('/');
  await stepUntil(page, 'keyboard', 'host.translate-tool-call');
  await expect(page.getByTestId('step-caption')).toContainText('Next: Client sends tools/call');
  await page.getByRole('button', { name: 'Edit before sending' }).click();
  const editor = page.getByRole('dialog', { name: /Edit before sending/ });
  const text = await editor.getByLabel('Message (JSON)').inputValue();
  await editor.getByLabel('Message (JSON)').fill('{ not json');
  await editor.getByRole('button', { name: 'Send edited message' }).click();
  await expect(editor.getByRole('alert')).toContainText('This is not valid JSON');
  await editor.getByLabel('Message (JSON)').fill(text.replace('"a": 5', '"a": 40').replace('"b": 7', '"b": 2'));
  await editor.getByRole('button', { name: 'Send edited message' }).click();
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-step-id', 'mcp.tools-call.request');
  expect(await readPayload(page)).toMatchObject({ params: { arguments: { a: 40, b: 2 } } });
  await stepUntil(page, 'keyboard', 'server.execute');
  expect(JSON.stringify(await readPayload(page))).toContain('add_numbers(40, 2) returned 42');
});

test('division-by-zero: the tool fails and the result says isError', async ({ page }) => {
  await chooseScenario(page, 'division-by-zero');
  await runToEnd(page);
  await expect(answer(page)).toContainText('reported an error');
  const [response] = (await readPayloadsOf(page, 'mcp.tools-call.response')) as { result: { isError: boolean; content: { text: string }[] } }[];
  expect(response?.result.isError).toBe(true);
  expect(response?.result.content[0]?.text).toContain('Division by zero');
});

test('structured-output: structuredContent against the tool’s outputSchema', async ({ page }) => {
  await chooseScenario(page, 'structured-output');
  await runToEnd(page);
  await expect(answer(page)).toContainText('miles');
  const [response] = (await readPayloadsOf(page, 'mcp.tools-call.response')) as { result: { structuredContent: { unit: string } } }[];
  expect(response?.result.structuredContent.unit).toBe('miles');
});

test('image-result: an image block, and a note where the format carries text only', async ({ page }) => {
  await chooseScenario(page, 'image-result');
  await runToEnd(page);
  const [response] = (await readPayloadsOf(page, 'mcp.tools-call.response')) as { result: { content: { type: string; mimeType?: string }[] } }[];
  expect(response?.result.content.some((block) => block.type === 'image' && block.mimeType === 'image/png')).toBe(true);
  await page.locator('[data-testid="timeline-step"][data-step-id="host.translate-tool-result"]').click();
  const third = await readTranslation(page);
  expect(third.warnings).toContain('text only');
});

test('slow-tool: the tool’s own progress arrives before its result', async ({ page }) => {
  await chooseScenario(page, 'slow-tool');
  await runToEnd(page);
  await expect(answer(page)).toContainText('Counted to 5');
  expect(await page.locator('[data-testid="timeline-step"][data-step-id="server.progress"]').count()).toBeGreaterThanOrEqual(5);
});

test('slow-tool, stopped: Stop the tool sends notifications/cancelled and the server stops the call and ends its stream', async ({ page }) => {
  await chooseScenario(page, 'slow-tool');
  // Ten counts of 0.4 s: a window of about four seconds in which the button is offered.
  await page.getByLabel('Question').fill('Count slowly to 10');
  await page.getByLabel('Speed').selectOption({ label: '4×' });
  // The button lives only while tools/call is on the wire. On a loaded machine a round trip
  // from the test to the page can outlast that window, so the page clicks it itself, in the
  // task that renders it, and says when it did.
  await page.evaluate(() => {
    const clickWhenOffered = () => {
      const button = [...document.querySelectorAll('button')].find((candidate) => candidate.textContent?.trim() === 'Stop the tool');
      if (!button) return false;
      button.click();
      document.body.dataset.stopClicked = 'yes';
      return true;
    };
    const observer = new MutationObserver(() => {
      if (clickWhenOffered()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  await page.getByRole('button', { name: /^Play/ }).click();
  await page.waitForFunction(() => document.body.dataset.stopClicked === 'yes', undefined, { timeout: 60_000, polling: 100 });
  await waitForRunStatus(page, /complete|stopped/);
  await expect(page.getByRole('button', { name: 'Stop the tool' })).toBeHidden();
  // The run has ended but Play may still walk the recorded steps: the playback is awaited before rows are clicked, or it would take the inspector away from them.
  await expect(page.getByRole('button', { name: /^Play/ })).toBeDisabled({ timeout: 60_000 });
  // The page offers sampling, so the toolbox gives it a session, whose server ends a cancelled call's stream (issue 40): the host has nothing to close.
  await expect(page.locator('[data-testid="timeline-step"][data-step-id="mcp.call.stopped"]')).toContainText('Server stops the call');
  await expect(page.locator('[data-testid="timeline-step"][data-step-id="mcp.call.closed"]')).toHaveCount(0);
  const requests = (await readPayloadsOf(page, 'mcp.request')) as { method?: string; params?: { requestId?: unknown } }[];
  const [call] = (await readPayloadsOf(page, 'mcp.tools-call.request')) as { id: unknown; params?: { arguments?: unknown } }[];
  expect(call?.params?.arguments).toEqual({ to: 10 });
  expect(requests.find((request) => request.method === 'notifications/cancelled')?.params?.requestId).toBe(call?.id);
  await expect(page.locator('[data-testid="timeline-step"][data-step-id="mcp.tools-call.response"]')).toHaveCount(0);
  expect(await page.locator('[data-testid="timeline-step"][data-step-id="server.progress"]').count()).toBeLessThan(10);
});

test('renamed-tool: translation #1 renames math.power, translation #2 maps it back', async ({ page }) => {
  await chooseScenario(page, 'renamed-tool');
  await stepUntil(page, 'keyboard', 'host.translate-tools', 40);
  const first = await readTranslation(page);
  expect(first.warnings).toContain('"math.power"');
  await stepUntil(page, 'keyboard', 'host.translate-tool-call', 40);
  const second = await readTranslation(page);
  expect(second.output).toMatchObject({ name: 'math.power', arguments: { base: 2, exponent: 10 } });
  await runToEnd(page);
  await expect(answer(page)).toContainText('1024');
});

test('the HTTP view copies an exchange as curl', async ({ page }) => {
  await page.goto('/');
  await stepUntil(page, 'keyboard', 'mcp.tools-list.request');
  await page.getByTestId('inspector').getByRole('tab', { name: 'HTTP' }).click();
  await page.getByTestId('http-view').locator('summary', { hasText: 'Show' }).click();
  const command = await page.getByTestId('curl-command').innerText();
  expect(command).toContain("curl --globoff -X 'POST' --url 'http");
  await expect(page.getByTestId('http-view')).toContainText('For bash, zsh, sh or fish');
  expect(command).toContain('"method":"tools/list"');
  expect(command).toContain('-N');
});

/** Plays the run to its end, whatever its outcome: the status line then says how it ended. */
async function playToOutcome(page: Page, outcome: RegExp): Promise<void> {
  await page.getByLabel('Speed').selectOption({ label: '4×' });
  await page.getByRole('button', { name: /^Play/ }).click();
  await waitForRunStatus(page, outcome);
}

const INTERRUPTED_STATUS = 'The model’s reply did not finish arriving: the last step says what came and what was missing.';

test('interrupted, whole: the reply stops mid-JSON; no tool runs, no answer is shown, and the page says what came', async ({ page }) => {
  await chooseScenario(page, 'interrupted');
  await playToOutcome(page, /did not finish arriving/);
  await expect(page.getByTestId('run-status')).toHaveText(INTERRUPTED_STATUS);
  await expect(answer(page)).toHaveCount(0);
  await expect(page.locator('[data-testid="timeline-step"][data-step-id="mcp.tools-call.request"]')).toHaveCount(0);
  const [stopped] = (await readPayloadsOf(page, 'host.stopped')) as { outcome: string; cause: string; arrived: { bytes: number } }[];
  expect(stopped).toMatchObject({ outcome: 'interrupted', cause: 'body-cut' });
  await expect(page.getByTestId('step-caption')).toContainText(
    `The run ends interrupted: The OpenAI Chat Completions reply stopped after ${stopped!.arrived.bytes} bytes, before its JSON was whole.`,
  );
  await page.getByTestId('recap-button').click();
  await expect(page.getByTestId('recap-differences')).toContainText('The run did not finish: The OpenAI Chat Completions reply stopped after');
});

test('interrupted, streamed (Anthropic): the stream ends before message_stop, mid-arguments, and the playback says the reply never ended', async ({ page }) => {
  await page.goto('/?scenario=interrupted&wire=anthropic&stream=1');
  await expect(page.getByTestId('scenario-lesson')).toBeVisible();
  await playToOutcome(page, /did not finish arriving/);
  await expect(page.getByTestId('run-status')).toHaveText(INTERRUPTED_STATUS);
  await expect(answer(page)).toHaveCount(0);
  await expect(page.locator('[data-testid="timeline-step"][data-step-id="mcp.tools-call.request"]')).toHaveCount(0);
  const [stopped] = (await readPayloadsOf(page, 'host.stopped')) as {
    arrived: { frames: number; calls: { name: string; argumentsText: string; complete: boolean }[] };
  }[];
  expect(stopped!.arrived.calls).toEqual([{ name: 'add_numbers', argumentsText: expect.stringMatching(/^\{"a":5/), complete: false }]);
  await expect(page.getByTestId('step-caption')).toContainText('The Anthropic Messages stream ended before the reply did: no message_stop arrived.');

  await page.locator('[data-testid="timeline-step"][data-step-id="provider.response.stopped"]').click();
  await page.getByTestId('inspector').getByRole('tab', { name: 'Streamed reply' }).click();
  const frames = stopped!.arrived.frames;
  await expect(page.getByTestId('stream-frame-count')).toHaveText(
    `frame ${frames} of ${frames} (server-sent events) · the stream stopped here, before the reply’s end`,
  );
  await expect(page.getByTestId('stream-call')).toHaveAttribute('data-parsed', 'false');
});
