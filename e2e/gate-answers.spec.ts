import { expect, test, type Page } from '@playwright/test';
import { readPayloadsOf, runToEnd, stepUntil } from './helpers.ts';

/**
 * The gates where the user answers, answered with their own controls in real Chromium
 * against the real server and mock model: the assertions read what the host recorded
 * and what the server answered, so a button that released the wrong answer fails.
 */

type Era = '2025-11-25' | '2026-07-28';

async function chooseScenario(page: Page, id: string, era: Era) {
  await page.goto('/');
  await page.getByTestId('scenario-select').selectOption(id);
  if (era === '2026-07-28') await page.getByText('2026-07-28', { exact: true }).click();
  await expect(page.getByTestId('scenario-lesson')).toBeVisible();
}

/** The text of every tools/call result the server sent in this run. */
async function readToolResults(page: Page): Promise<string[]> {
  const responses = (await readPayloadsOf(page, 'mcp.tools-call.response')) as { result?: { content?: { text?: string }[] } }[];
  return responses.map((response) => response.result?.content?.[0]?.text ?? '');
}

test('consent: Allow lets delete_note go, the annotations shown as untrusted hints', async ({ page }) => {
  await chooseScenario(page, 'consent', '2025-11-25');
  await stepUntil(page, 'buttons', 'host.ask-consent');
  const gate = page.getByTestId('consent-answer');
  await expect(gate.getByRole('heading')).toHaveText('Allow the host to call delete_note?');
  await expect(gate).toContainText('destructiveHint: true');
  await expect(gate).toContainText('untrusted hints');
  await gate.getByRole('button', { name: 'Allow delete_note' }).click();
  await expect(gate).toBeHidden();
  await runToEnd(page);
  expect(await readPayloadsOf(page, 'user.consent')).toEqual([{ decision: 'allow' }]);
  expect((await readToolResults(page)).join(' ')).toMatch(/deleted/i);
});

test('consent: Deny sends nothing to the server and the run ends declined', async ({ page }) => {
  await chooseScenario(page, 'consent', '2026-07-28');
  await stepUntil(page, 'buttons', 'host.ask-consent');
  await page.getByTestId('consent-answer').getByRole('button', { name: 'Deny' }).click();
  await runToEnd(page, /declined/);
  expect(await readPayloadsOf(page, 'user.consent')).toEqual([{ decision: 'deny' }]);
  await expect(page.locator('[data-testid="timeline-step"][data-step-id="mcp.tools-call.request"]')).toHaveCount(0);
});

for (const era of ['2025-11-25', '2026-07-28'] as const) {
  test(`sampling (${era}): the server's messages shown, Approve sends them to the model and its sentence back`, async ({ page }) => {
    await chooseScenario(page, 'sampling', era);
    await stepUntil(page, 'buttons', 'client.sampling-to-host');
    const gate = page.getByTestId('sampling-review');
    const asked = (await readPayloadsOf(page, 'client.sampling-to-host'))[0] as { messages: { content: { text: string } }[] };
    await expect(gate.getByRole('list', { name: /messages the server wants/ })).toContainText(asked.messages[0]!.content.text);
    await gate.getByRole('button', { name: 'Approve' }).click();
    await runToEnd(page);
    expect(await readPayloadsOf(page, 'host.sampling.review')).toMatchObject([{ decision: 'approve' }]);
    await expect(page.locator('[data-testid="timeline-step"][data-step-id="provider.response.sampling"]')).toHaveCount(1);
    const results = (await readPayloadsOf(page, 'host.sampling.result')) as { content: { text: string } }[];
    expect((await readToolResults(page)).at(-1)).toBe(results[0]!.content.text);
    // The graph draws the server asking the host's model: Server → Client → Host → LLM, and back the same way.
    const path = [
      [era === '2025-11-25' ? 'mcp.server-request' : 'mcp.input-required', 'client-server'],
      ['client.sampling-to-host', 'host-client'],
      ['host.sampling.review', 'user-host'],
      ['host.translate-sampling-request', 'host-llm'],
      ['provider.response.sampling', 'host-llm'],
      ['host.sampling.result', 'host-client'],
      [era === '2025-11-25' ? 'mcp.server-request.answer' : 'mcp.tools-call.request', 'client-server'],
    ] as const;
    for (const [stepId, edge] of path) {
      await page.locator(`[data-testid="timeline-step"][data-step-id="${stepId}"]`).last().click();
      await expect(page.getByTestId('inspector')).toHaveAttribute('data-step-id', stepId);
      await expect(page.locator(`[data-testid="message-in-flight"][data-edge="${edge}"]`)).toHaveCount(1);
    }
  });

  test(`sampling (${era}): Decline never asks the model, and the caption says whether the server is told`, async ({ page }) => {
    await chooseScenario(page, 'sampling', era);
    await stepUntil(page, 'buttons', 'client.sampling-to-host');
    await page.getByTestId('sampling-review').getByRole('button', { name: 'Decline' }).click();
    await runToEnd(page, /complete|stopped/);
    expect(await readPayloadsOf(page, 'host.sampling.review')).toMatchObject([{ decision: 'decline' }]);
    expect(await readPayloadsOf(page, 'host.sampling.result')).toEqual([{ error: { code: -1, message: 'The user declined the sampling request' } }]);
    await expect(page.locator('[data-testid="timeline-step"][data-step-id="provider.response.sampling"]')).toHaveCount(0);
    const row = page.locator('[data-testid="timeline-step"][data-step-id="host.sampling.result"]');
    await row.click();
    await expect(page.getByTestId('inspector')).toHaveAttribute('data-step-id', 'host.sampling.result');
    // 2025-11-25 answers the server's request with the error; 2026-07-28's inputResponses cannot carry one, so the call ends at the client.
    await expect(page.getByTestId('step-caption')).toContainText(
      era === '2025-11-25'
        ? 'The user declined: the server is told, and the model is not asked'
        : 'The user declined: the model is not asked, and the call ends at the client (the server is not told)',
    );
  });

  test(`elicitation (${era}): the form from requestedSchema, checked, then accepted with a value`, async ({ page }) => {
    await chooseScenario(page, 'elicitation', era);
    await stepUntil(page, 'buttons', 'host.elicitation.ask');
    const form = page.getByTestId('elicitation-form');
    const number = form.getByLabel(/The second number/);
    await expect(number).toHaveValue('7');
    await expect(form.getByLabel(/Add them/)).toBeChecked();
    await number.fill('');
    await form.getByRole('button', { name: 'Accept' }).click();
    await expect(form.getByRole('alert')).toHaveText('The second number is required.');
    await number.fill('12');
    await form.getByRole('button', { name: 'Accept' }).click();
    await expect(form).toBeHidden();
    await runToEnd(page);
    expect(await readPayloadsOf(page, 'user.elicitation.answer')).toEqual([{ action: 'accept', content: { b: 12, confirm: true } }]);
    expect(await readToolResults(page)).toContain('Result: 17');
  });

  for (const [button, action] of [
    ['Decline', 'decline'],
    ['Cancel', 'cancel'],
  ] as const) {
    test(`elicitation (${era}): ${button} goes back to the server as ${action}, and it adds nothing`, async ({ page }) => {
      await chooseScenario(page, 'elicitation', era);
      await stepUntil(page, 'buttons', 'host.elicitation.ask');
      await page.getByTestId('elicitation-form').getByRole('button', { name: button }).click();
      await runToEnd(page);
      expect(await readPayloadsOf(page, 'user.elicitation.answer')).toEqual([{ action }]);
      if (era === '2026-07-28')
        expect((await readPayloadsOf(page, 'mcp.tools-call.request')).at(-1)).toMatchObject({ params: { inputResponses: { 'missing-number': { action } } } });
      expect((await readToolResults(page)).join(' ')).toContain(`The user chose ${action}`);
    });
  }
}
