import { expect, test, type Page } from '@playwright/test';
import { readPayload, readTranslation, stepUntil } from './helpers.ts';

/**
 * Every wire format, with the built-in mock model served in that format: the run
 * completes in the page, and steps 7-11 and 18-19 carry that format's own payloads.
 */

type Json = Record<string, unknown> | unknown[];
type Expectation = {
  label: string;
  path: RegExp;
  tools: Json;
  toolCall: Json;
  rawCall: Json;
};

const ADD = 'add_numbers';
const EXPECTED: Record<string, Expectation> = {
  'openai-chat': {
    label: 'OpenAI Chat Completions',
    path: /\/mock\/openai\/v1\/chat\/completions$/,
    tools: [{ type: 'function', function: { name: ADD, parameters: { type: 'object' } } }],
    toolCall: {
      choices: [{ message: { tool_calls: [{ type: 'function', function: { name: ADD, arguments: '{"a":5,"b":7}' } }] }, finish_reason: 'tool_calls' }],
    },
    rawCall: { type: 'function', function: { name: ADD, arguments: '{"a":5,"b":7}' } },
  },
  'openai-functions': {
    label: 'OpenAI legacy functions',
    path: /\/mock\/openai-functions\/v1\/chat\/completions$/,
    tools: [{ name: ADD, parameters: { type: 'object' } }],
    toolCall: { choices: [{ message: { function_call: { name: ADD, arguments: '{"a":5,"b":7}' } }, finish_reason: 'function_call' }] },
    rawCall: { name: ADD, arguments: '{"a":5,"b":7}' },
  },
  'openai-responses': {
    label: 'OpenAI Responses',
    path: /\/mock\/openai-responses\/v1\/responses$/,
    tools: [{ type: 'function', name: ADD, parameters: { type: 'object' } }],
    toolCall: { output: [{ type: 'function_call', name: ADD, arguments: '{"a":5,"b":7}' }] },
    rawCall: { type: 'function_call', name: ADD, arguments: '{"a":5,"b":7}' },
  },
  anthropic: {
    label: 'Anthropic Messages',
    path: /\/mock\/anthropic\/v1\/messages$/,
    tools: [{ name: ADD, input_schema: { type: 'object' } }],
    toolCall: { content: [{ type: 'tool_use', name: ADD, input: { a: 5, b: 7 } }], stop_reason: 'tool_use' },
    rawCall: { type: 'tool_use', name: ADD, input: { a: 5, b: 7 } },
  },
  gemini: {
    label: 'Google Gemini',
    path: /\/mock\/gemini\/v1beta\/models\/[^/]+:generateContent$/,
    tools: [{ functionDeclarations: [{ name: ADD, parametersJsonSchema: { type: 'object' } }] }],
    toolCall: { candidates: [{ content: { parts: [{ functionCall: { name: ADD, args: { a: 5, b: 7 } } }] } }] },
    rawCall: { functionCall: { name: ADD, args: { a: 5, b: 7 } } },
  },
  ollama: {
    label: 'Ollama',
    path: /\/mock\/ollama\/api\/chat$/,
    tools: [{ type: 'function', function: { name: ADD, parameters: { type: 'object' } } }],
    toolCall: { message: { tool_calls: [{ function: { name: ADD, arguments: { a: 5, b: 7 } } }] }, done: true },
    rawCall: { function: { name: ADD, arguments: { a: 5, b: 7 } } },
  },
};

async function chooseWire(page: Page, wire: string) {
  await page.getByTestId('model-settings-button').click();
  const dialog = page.getByRole('dialog', { name: 'Model and wire format' });
  await dialog.getByLabel('Wire format (how the host talks to the model)').selectOption(wire);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('model-settings-button')).toContainText(EXPECTED[wire]!.label);
}

async function readHttpUrl(page: Page): Promise<string> {
  await page.getByTestId('inspector').getByRole('tab', { name: 'HTTP' }).click();
  return (await page.getByTestId('http-request-line').innerText()).split(' ')[1] ?? '';
}

for (const [wire, expected] of Object.entries(EXPECTED)) {
  test(`a mock run in ${wire} carries that format's payloads`, async ({ page }) => {
    await page.goto('/');
    await chooseWire(page, wire);

    await stepUntil(page, 'keyboard', 'host.translate-tools');
    const first = await readTranslation(page);
    expect(first.output).toMatchObject(expected.tools);

    await stepUntil(page, 'keyboard', 'provider.request');
    const request = (await readPayload(page)) as Record<string, unknown>;
    expect(JSON.stringify(request)).toContain('What is 5 plus 7?');
    expect(await readHttpUrl(page)).toMatch(expected.path);

    await stepUntil(page, 'keyboard', 'llm.decide');
    await stepUntil(page, 'keyboard', 'provider.response.tool-calls');
    expect(await readPayload(page)).toMatchObject(expected.toolCall);
    // A reply's own content array (Anthropic's) is the provider's format, not an MCP tool result. The content view is loaded
    // ahead from this step: once it is there (and two frames on), a view that would show here would have.
    await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('rich-content-view')))).toBe(true);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))));
    await expect(page.getByTestId('rich-content')).toHaveCount(0);

    await stepUntil(page, 'keyboard', 'host.translate-tool-call');
    const second = await readTranslation(page);
    expect(second.input).toMatchObject(expected.rawCall);
    expect(second.output).toEqual({ name: ADD, arguments: { a: 5, b: 7 } });

    await stepUntil(page, 'keyboard', 'host.translate-tool-result');
    const third = await readTranslation(page);
    expect(JSON.stringify(third.output)).toContain('Result: 12');
    expect(JSON.stringify(await readPayload(page))).toContain('Result: 12');

    await stepUntil(page, 'keyboard', 'provider.response.answer');
    expect(JSON.stringify(await readPayload(page))).toContain('5 plus 7 is 12.');
    await stepUntil(page, 'keyboard', 'host.answer');
    await expect(page.getByTestId('answer')).toContainText('5 plus 7 is 12.');
  });
}

test('the compare view shows translations #1-#3 of the run in all six formats', async ({ page }) => {
  await page.goto('/');
  await stepUntil(page, 'keyboard', 'host.translate-tool-result');
  await page
    .getByTestId('inspector')
    .getByRole('tab', { name: /Translation/ })
    .click();
  await page.getByRole('button', { name: 'Compare all six formats' }).click();
  const view = page.getByTestId('compare-view');
  await expect(view.getByTestId('compare-card')).toHaveCount(6);
  await expect(view.getByTestId('compare-card').filter({ hasText: 'this run' })).toHaveCount(1);
  await expect(view).toContainText('input_schema');
  await expect(view).toContainText('parametersJsonSchema');
  await view.getByRole('tab', { name: 'Translation #2' }).click();
  await expect(view).toContainText('tool_use');
  await expect(view).toContainText('functionCall');
  await view.getByRole('tab', { name: 'Translation #3' }).click();
  await expect(view).toContainText('tool_result');
  await expect(view).toContainText('functionResponse');
  await expect(view).toContainText('function_call_output');
});
