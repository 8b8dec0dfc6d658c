import { expect, test, type Page } from '@playwright/test';
import { readPayloadsOf, readTranslation, runToEnd, stepUntil } from './helpers.ts';

/**
 * The reaching-back lifecycles without a gate of their own (prompts, resources,
 * tools-changed), run in the served page in both eras against the real toolbox and mock
 * model, and the two translations they add shown in their own views: #5 (a prompt's
 * messages → the provider's conversation) and #4 (a sampling request → the provider
 * request). Each assertion reads what the page recorded from the wire.
 */

type Era = '2025-11-25' | '2026-07-28';

async function chooseScenario(page: Page, id: string, era: Era) {
  await page.goto(`/?scenario=${id}`);
  await expect(page.getByTestId('scenario-select')).toHaveValue(id);
  if (era === '2026-07-28') await page.getByText('2026-07-28', { exact: true }).click();
  await expect(page.getByRole('radio', { name: era })).toBeChecked();
}

async function showStep(page: Page, stepId: string) {
  await page.locator(`[data-testid="timeline-step"][data-step-id="${stepId}"]`).first().click();
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-step-id', stepId);
}

/** The headings of a translation's two sides, as its view names them. */
async function expectSides(page: Page, input: string, output: string) {
  const view = page.getByTestId('translation-view');
  await expect(view.getByTestId('translation-input')).toContainText(input);
  await expect(view.getByTestId('translation-output')).toContainText(output);
}

for (const era of ['2025-11-25', '2026-07-28'] as const) {
  test(`prompts (${era}): prompts/get's messages become the conversation, in translation #5's own view`, async ({ page }) => {
    await chooseScenario(page, 'prompts', era);
    await runToEnd(page);
    await expect(page.getByTestId('answer')).toContainText('3.11 miles');
    const [got] = (await readPayloadsOf(page, 'mcp.prompts-get.response')) as { result: { messages: unknown[] } }[];
    await showStep(page, 'host.translate-prompt');
    const translation = await readTranslation(page);
    expect(translation.input).toEqual(got!.result.messages);
    expect(translation.output).toEqual([
      { role: 'user', content: 'You answer questions about lengths. Use the convert_units tool for every conversion, and answer in one sentence.' },
      { role: 'assistant', content: 'Understood: I will call convert_units and answer in one sentence.' },
      { role: 'user', content: 'Convert 5 kilometers to miles' },
    ]);
    await expectSides(page, 'MCP prompt messages (input)', 'Provider conversation (output)');
  });

  test(`resources (${era}): the resource_link read through the client, and the host's choice of what the model sees`, async ({ page }) => {
    await chooseScenario(page, 'resources', era);
    await runToEnd(page);
    expect(await readPayloadsOf(page, 'mcp.resources-read.request')).toMatchObject([
      { method: 'resources/read', params: { uri: 'toolbox://tables/length-units' } },
    ]);
    expect(await readPayloadsOf(page, 'host.resource-to-context')).toMatchObject([{ included: true }]);
    const [sent] = await readPayloadsOf(page, 'host.translate-tool-result');
    expect(JSON.stringify(sent)).toContain('1609.344');
  });

  test(`sampling (${era}): translation #4 in its own view, the server's messages in and the provider request out`, async ({ page }) => {
    await chooseScenario(page, 'sampling', era);
    await stepUntil(page, 'buttons', 'client.sampling-to-host', 40);
    await page.getByTestId('sampling-review').getByRole('button', { name: 'Approve' }).click();
    await runToEnd(page);
    const [asked] = (await readPayloadsOf(page, 'client.sampling-to-host')) as { messages: unknown[]; systemPrompt: string }[];
    await showStep(page, 'host.translate-sampling-request');
    const translation = await readTranslation(page);
    expect(translation.input).toMatchObject({ messages: asked!.messages, systemPrompt: asked!.systemPrompt, maxTokens: 100 });
    expect(translation.output).toMatchObject({
      messages: [
        { role: 'system', content: asked!.systemPrompt },
        { role: 'user', content: 'Put this result into one short sentence for the user: 5 + 7 = 12.' },
      ],
      max_completion_tokens: 100,
    });
    await expectSides(page, 'MCP sampling request', 'Provider request');
  });
}

// The unlocked tool belongs to the run that unlocked it (the server keys it by the run's
// traceparent, docs/endpoints.md), so the two eras' runs may go side by side.
test.describe('tools-changed', () => {
  for (const era of ['2025-11-25', '2026-07-28'] as const) {
    test(`tools-changed (${era}): list_changed, the tools listed again, and the next model request carries the new tool`, async ({ page }) => {
      await chooseScenario(page, 'tools-changed', era);
      await runToEnd(page);
      await expect(page.getByTestId('answer')).toContainText('212 fahrenheit');
      expect(await readPayloadsOf(page, 'mcp.tools-list-changed.notification')).toMatchObject([
        { method: 'notifications/tools/list_changed' },
        { method: 'notifications/tools/list_changed' },
      ]);
      // Chat Completions' request body: the names of the tools offered to the model.
      const offered = (body: unknown) => (body as { tools: { function: { name: string } }[] }).tools.map((tool) => tool.function.name);
      const [first] = await readPayloadsOf(page, 'provider.request');
      const [next] = await readPayloadsOf(page, 'host.translate-tool-result');
      expect(offered(first)).not.toContain('convert_temperature');
      expect(offered(next)).toContain('convert_temperature');
      const steps = (id: string) => page.locator(`[data-testid="timeline-step"][data-step-id="${id}"]`);
      if (era === '2026-07-28') {
        // The opt-in, its acknowledgement with the subscription's id, and that id on each change.
        const [listen] = (await readPayloadsOf(page, 'mcp.subscriptions-listen.request')) as {
          id: string;
          params: { notifications: Record<string, boolean> };
        }[];
        expect(listen?.params.notifications).toEqual({ toolsListChanged: true });
        await expect(steps('mcp.subscriptions.acknowledged')).toHaveCount(1);
        await expect(steps('mcp.subscriptions.acknowledged')).toContainText(`subscription "${listen!.id}"`);
        await expect(steps('mcp.tools-list-changed.notification').filter({ hasText: `on subscription "${listen!.id}"` })).toHaveCount(2);
      } else {
        await expect(steps('mcp.subscriptions-listen.request')).toHaveCount(0);
      }
    });
  }
});
