import { expect, test } from '@playwright/test';
import { chooseRealProvider, stepUntil } from './helpers.ts';
import { deepValue, MARKUP, startHostileMcpServer } from './hostile-mcp-server.ts';
import { startMisbehavingServer } from './misbehaving-server.ts';

/**
 * Everything that comes from a server or a model is data: markup is shown as text, no
 * script runs, nothing is injected, and long or deep values do not freeze the page.
 */
test('a hostile MCP server’s markup (in a tool name, descriptions and results), long strings, deep nesting and broken Unicode are shown as text', async ({
  page,
}) => {
  const hostile = await startHostileMcpServer();
  try {
    await page.goto('/');
    await page.getByTestId('model-settings-button').click();
    const dialog = page.getByRole('dialog', { name: 'Model and wire format' });
    await dialog.getByLabel('Another Streamable HTTP server, by URL.').check();
    await dialog.getByLabel('MCP server URL').fill(hostile.url);
    await dialog.getByRole('button', { name: 'Apply' }).click();

    await stepUntil(page, 'keyboard', 'mcp.tools-list.response', 40);
    await expect(page.getByTestId('inspector')).toContainText('<script>window.__pwned=1</script>');
    await stepUntil(page, 'keyboard', 'mcp.tools-call.response', 40);
    await expect(page.getByTestId('inspector')).toContainText('onerror=');
    await page.getByTestId('inspector').getByRole('button', { name: 'Tree' }).click();
    await page.getByTestId('inspector').getByRole('button', { name: 'Raw JSON' }).click();
    await stepUntil(page, 'keyboard', 'host.answer', 40);

    // The page still answers at once, and nothing ran or was injected.
    const started = Date.now();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByTestId('inspector')).not.toHaveAttribute('data-step-id', 'host.answer');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('img[src="x"], main script').count()).toBe(0);
  } finally {
    await hostile.close();
  }
});

test('a hostile model’s markup, tool name, long strings, deep nesting and broken Unicode are shown as text', async ({ page }) => {
  let calls = 0;
  const hostileModel = await startMisbehavingServer((_request, response) => {
    calls += 1;
    // First a tool call to a tool that does not exist, named in markup; then an answer made of markup.
    const message =
      calls === 1
        ? {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: `call_${MARKUP}`, type: 'function', function: { name: MARKUP, arguments: `{"a": "${MARKUP.replaceAll('"', '\\"')}"}` } }],
          }
        : { role: 'assistant', content: `Answer ${MARKUP} broken \ud800 unicode ${'y'.repeat(200_000)}` };
    const body = {
      id: MARKUP,
      object: 'chat.completion',
      model: MARKUP,
      choices: [{ index: 0, message, finish_reason: calls === 1 ? 'tool_calls' : 'stop' }],
      deep: deepValue(500),
    };
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  try {
    await page.goto('/');
    await chooseRealProvider(page, { wire: 'openai-chat', baseUrl: `${hostileModel.url}/v1`, model: 'hostile', key: 'sk-test-hostile' });

    await stepUntil(page, 'keyboard', 'host.translate-tool-call', 40);
    await expect(page.getByTestId('inspector')).toContainText('<img src=x onerror=');
    await stepUntil(page, 'keyboard', 'host.answer', 40);
    await expect(page.getByTestId('answer')).toContainText(`Answer ${MARKUP}`);
    await page.locator('[data-testid="timeline-step"][data-step-id="provider.response.answer"]').click();
    await page.getByTestId('inspector').getByRole('button', { name: 'Tree' }).click();
    await page.getByTestId('inspector').getByRole('button', { name: 'Raw JSON' }).click();

    const started = Date.now();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByTestId('inspector')).not.toHaveAttribute('data-step-id', 'provider.response.answer');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('img[src="x"], main script').count()).toBe(0);
  } finally {
    await hostileModel.close();
  }
});
