import { expect, test } from '@playwright/test';
import { stepUntil } from './helpers.ts';
import { startHostileMcpServer } from './hostile-mcp-server.ts';

/**
 * Everything that comes from a server or a model is data: markup is shown as text, no
 * script runs, nothing is injected, and long or deep values do not freeze the page.
 */
test('a hostile MCP server’s markup, long strings, deep nesting and broken Unicode are shown as text', async ({ page }) => {
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
