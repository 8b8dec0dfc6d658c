import { expect, test, type Page } from '@playwright/test';
import { isCurrentRowInTimeline, openApp, pressBack, pressNext, readPayload, readTranslation, stepUntil, type Driver } from './helpers.ts';

/**
 * A learner walks one question through the whole lifecycle in real Chromium against
 * the real server and mock model: every payload checked here really crossed HTTP.
 */

async function expectMessageOn(page: Page, edge: string) {
  await expect(page.locator(`[data-testid="message-in-flight"][data-edge="${edge}"]`)).toHaveCount(1);
}

async function expectLit(page: Page, participant: string, role: 'sender' | 'receiver' | 'working') {
  await expect(page.locator(`.react-flow__node[data-id="${participant}"] [data-role]`)).toHaveAttribute('data-role', role);
}

async function walkThrough(page: Page, driver: Driver, era: '2025-11-25' | '2026-07-28') {
  await page.goto('/');
  await expect(page.getByLabel('Question')).toHaveValue('What is 5 plus 7?');
  for (const name of ['User', 'Host', 'MCP Client', 'MCP Server', 'LLM']) {
    await expect(page.locator('.react-flow__node').filter({ hasText: name }).first()).toBeVisible();
  }
  if (era === '2026-07-28') await page.getByText('2026-07-28', { exact: true }).click();
  await expect(page.getByRole('radio', { name: era })).toBeChecked();
  // On a focused radio the arrows choose the era, as in any radio group (keyboard-controls.spec.ts): the learner leaves the group before stepping.
  await page.getByRole('radio', { name: era }).blur();

  await stepUntil(page, driver, 'user.question');
  expect(await readPayload(page)).toEqual({ question: 'What is 5 plus 7?' });
  await expectMessageOn(page, 'user-host');

  if (era === '2025-11-25') {
    await stepUntil(page, driver, 'mcp.initialize.request');
    expect(await readPayload(page)).toMatchObject({ method: 'initialize', params: { protocolVersion: '2025-11-25' } });
    await stepUntil(page, driver, 'mcp.initialized.notification');
    expect(await readPayload(page)).toMatchObject({ method: 'notifications/initialized' });
  } else {
    await stepUntil(page, driver, 'mcp.discover.request');
    expect(await readPayload(page)).toMatchObject({ method: 'server/discover' });
    await page.getByTestId('inspector').getByRole('tab', { name: 'HTTP' }).click();
    await expect(page.getByTestId('http-view')).toContainText('mcp-method');
    await expect(page.getByTestId('http-view')).toContainText('server/discover');
    // On a focused tab the arrows move between the tabs (keyboard-controls.spec.ts): the learner leaves the tablist before stepping.
    await page.getByTestId('inspector').getByRole('tab', { name: 'HTTP' }).blur();
  }

  await stepUntil(page, driver, 'mcp.tools-list.request');
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-canonical', '3');
  const toolsList = (await readPayload(page)) as { method: string; params?: { _meta?: Record<string, unknown> } };
  expect(toolsList.method).toBe('tools/list');
  if (era === '2026-07-28') {
    expect(toolsList.params?._meta?.['io.modelcontextprotocol/protocolVersion']).toBe('2026-07-28');
  }
  await expectMessageOn(page, 'client-server');
  await expectLit(page, 'client', 'sender');
  await expectLit(page, 'server', 'receiver');

  await stepUntil(page, driver, 'mcp.tools-list.response');
  expect(await readPayload(page)).toMatchObject({ result: { tools: [{ name: 'add_numbers', description: 'Adds two numbers' }] } });

  await stepUntil(page, driver, 'host.translate-tools');
  const first = await readTranslation(page);
  expect(first.input).toMatchObject([{ name: 'add_numbers', inputSchema: { type: 'object' } }]);
  expect(first.output).toMatchObject([{ type: 'function', function: { name: 'add_numbers', parameters: { type: 'object' } } }]);

  await stepUntil(page, driver, 'provider.request');
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-canonical', '8');
  expect(await readPayload(page)).toMatchObject({
    messages: [{ role: 'user', content: 'What is 5 plus 7?' }],
    tools: [{ type: 'function', function: { name: 'add_numbers', description: 'Adds two numbers' } }],
  });
  await expectMessageOn(page, 'host-llm');

  await stepUntil(page, driver, 'mcp.tools-call.request');
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-canonical', '12');
  expect(await readPayload(page)).toMatchObject({ method: 'tools/call', params: { name: 'add_numbers', arguments: { a: 5, b: 7 } } });

  await stepUntil(page, driver, 'server.validate-arguments');
  expect(await readPayload(page)).toMatchObject({ method: 'notifications/progress', params: { message: 'Validation: a = 5 ✓ number, b = 7 ✓ number.' } });

  await stepUntil(page, driver, 'server.execute');
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-canonical', '15');
  expect(await readPayload(page)).toMatchObject({
    method: 'notifications/progress',
    params: { message: 'Execution: add_numbers(5, 7) returned 12.' },
  });
  await expectMessageOn(page, 'client-server');
  await expectLit(page, 'server', 'sender');

  await stepUntil(page, driver, 'mcp.tools-call.response');
  expect(await readPayload(page)).toMatchObject({ result: { content: [{ type: 'text', text: 'Result: 12' }] } });

  await stepUntil(page, driver, 'host.translate-tool-result');
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-canonical', '18');
  const third = await readTranslation(page);
  expect(third.input).toMatchObject([{ content: [{ type: 'text', text: 'Result: 12' }] }]);
  expect(third.output).toMatchObject([{ role: 'tool', content: 'Result: 12' }]);
  const sent = (await readPayload(page)) as { messages: { role: string; content: unknown }[] };
  expect(sent.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);

  await expect(page.getByTestId('answer')).toHaveCount(0);
  await stepUntil(page, driver, 'host.answer');
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-canonical', '20');
  expect(await readPayload(page)).toEqual({ answer: '5 plus 7 is 12.' });
  await expect(page.getByTestId('answer')).toContainText('5 plus 7 is 12.');
  await expectMessageOn(page, 'user-host');
  await expect(page.getByTestId('run-status')).toHaveText('The lifecycle is complete.');
  await expect(page.getByRole('button', { name: /^Next/ })).toBeDisabled();

  // Every one of the twenty steps happened, in order, once.
  const canonicals = await page
    .getByTestId('timeline-step')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-canonical')).filter((value) => value !== ''));
  expect(canonicals).toEqual(Array.from({ length: 20 }, (_, index) => String(index + 1)));

  // Back replays what was recorded; forward returns to the end. In 2026-07-28 the step before
  // translation #3 is the host's look at its tool list (its ttlMs says it is still fresh), not step 17.
  for (let press = 0; press < 3; press++) await pressBack(page, driver);
  if (era === '2026-07-28') await expect(page.getByTestId('inspector')).toHaveAttribute('data-step-id', 'host.tools-list-fresh');
  else await expect(page.getByTestId('inspector')).toHaveAttribute('data-canonical', '17');
  await expect(page.getByTestId('inspector')).toContainText('Replay of a recorded step');
  await expect(page.getByTestId('answer')).toHaveCount(0);
  for (let press = 0; press < 3; press++) await pressNext(page, driver);
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-canonical', '20');
  await expect(page.getByTestId('answer')).toContainText('5 plus 7 is 12.');
}

test.describe('the whole lifecycle, one step at a time', () => {
  for (const driver of ['keyboard', 'buttons'] as const) {
    for (const era of ['2025-11-25', '2026-07-28'] as const) {
      test(`with the ${driver}, era ${era}`, async ({ page }) => {
        await walkThrough(page, driver, era);
      });
    }
  }

  test.describe('with motion', () => {
    test.use({ reducedMotion: 'no-preference' });
    test('the message travels along its edge, started for each step', async ({ page }) => {
      await page.goto('/');
      await stepUntil(page, 'keyboard', 'mcp.tools-list.request');
      const motion = page.locator('[data-testid="message-in-flight"][data-edge="client-server"] animateMotion');
      await expect(motion).toHaveCount(1);
      // Once it has travelled, the dot rests just before the node it reached (had it not been started, it would sit at the origin).
      const restsNear = async (node: string, side: 'left' | 'right') => {
        const distanceToNode = async () => {
          const dot = await page.locator('[data-testid="message-in-flight"] circle').boundingBox();
          const target = await page.locator(`.react-flow__node[data-id="${node}"]`).boundingBox();
          const edgeX = side === 'left' ? target!.x : target!.x + target!.width;
          return { x: Math.abs(dot!.x + dot!.width / 2 - edgeX), y: Math.abs(dot!.y + dot!.height / 2 - (target!.y + target!.height / 2)) };
        };
        await expect
          .poll(
            async () => {
              const { x, y } = await distanceToNode();
              return x < 60 && y < 40;
            },
            { message: `the dot comes to rest within 60 px across and 40 px down of the ${node} node's ${side} edge` },
          )
          .toBe(true);
      };
      await restsNear('server', 'left');
      await stepUntil(page, 'keyboard', 'server.registry-read');
      await expect(page.locator('[data-testid="message-in-flight"][data-edge="client-server"] animateMotion')).toHaveAttribute('keyPoints', /^1;/);
      await restsNear('client', 'right');
    });
  });
});

test.describe('playback controls', () => {
  test('Play runs the rest with animation, Pause holds it, Reset starts over', async ({ page }) => {
    // The page's clock flows as usual, until the test stops it to run the playback timer by hand.
    await page.clock.install();
    await page.goto('/');
    await page.evaluate(() => document.querySelector<HTMLInputElement>('input[aria-label], input')?.blur());
    await page.getByRole('button', { name: /^Play/ }).click();
    await expect(page.getByRole('button', { name: /^Pause/ })).toBeVisible();
    await expect.poll(() => page.getByTestId('timeline-step').count(), { timeout: 20_000 }).toBeGreaterThan(3);
    await page.getByRole('button', { name: /^Pause/ }).click();
    await expect(page.getByRole('button', { name: /^Play/ })).toBeVisible();
    // Nothing asked for, nothing on the wire: a step that was on its way has arrived.
    await expect(page.getByTestId('run-status')).toHaveText('');
    const paused = await page.getByTestId('inspector').getAttribute('data-n');
    const recorded = await page.getByTestId('timeline-step').count();
    // Three playback intervals of the page's own timers, fired at once: a tick that survived Pause would show a step or release the gate.
    const intervalMs = Number(await page.getByLabel('Speed').inputValue());
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
    await page.clock.runFor(intervalMs * 3);
    await expect(page.getByTestId('inspector')).toHaveAttribute('data-n', paused ?? '');
    await expect(page.getByTestId('run-status')).toHaveText('');
    await expect(page.getByTestId('timeline-step')).toHaveCount(recorded);
    await page.clock.resume();

    await page.keyboard.press('Space');
    await expect(page.getByTestId('answer')).toContainText('5 plus 7 is 12.', { timeout: 60_000 });
    await expect(page.getByRole('button', { name: /^Play/ })).toBeVisible();

    await page.keyboard.press('r');
    await expect(page.getByTestId('timeline-step')).toHaveCount(0);
    await expect(page.getByTestId('run-status')).toHaveText('Ready: press Next to start.');
  });

  test('each press of Next performs and shows exactly one step', async ({ page }) => {
    await openApp(page);
    for (let press = 1; press <= 6; press++) {
      await page.keyboard.press('ArrowRight');
      await expect(page.getByTestId('inspector')).toHaveAttribute('data-n', String(press));
    }
    // The host holds at its gate with the next message: nothing beyond the six steps shown was recorded before it, and nothing is sent until Next.
    await expect(page.getByTestId('timeline-next')).toContainText('Next:');
    await expect(page.getByTestId('timeline-step')).toHaveCount(6);
    await expect(page.getByTestId('inspector')).toHaveAttribute('data-n', '6');
  });

  test('the current row comes into view inside the timeline at every step, and the page itself does not scroll', async ({ page }) => {
    await openApp(page);
    const timeline = page.getByTestId('timeline');
    for (let press = 1; press <= 24; press++) {
      await page.keyboard.press('ArrowRight');
      await expect(page.getByTestId('inspector')).toHaveAttribute('data-n', String(press));
      await expect.poll(() => isCurrentRowInTimeline(page), { message: `the current row after ${press} presses` }).toBe(true);
    }
    // The rows outgrew the list, so the list scrolled, not the page.
    expect(await timeline.evaluate((list) => list.scrollTop)).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('bad input', () => {
  test('an empty question ends the run with a step that says what to do, and keeps the steps before it', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Question').fill('');
    await page.getByRole('button', { name: 'Ask' }).click();
    await expect(page.getByTestId('inspector')).toHaveAttribute('data-step-id', 'user.question');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('inspector')).toHaveAttribute('data-step-id', 'host.fault');
    await expect(page.getByTestId('fault')).toContainText('The question is empty.');
    await expect(page.getByTestId('fault')).toContainText('What to do:');
    await expect(page.getByTestId('run-status')).toHaveText('The run stopped: see the last step.');
    await page.getByTestId('timeline-step').first().click();
    await expect(page.getByTestId('inspector')).toHaveAttribute('data-step-id', 'user.question');
  });
});
