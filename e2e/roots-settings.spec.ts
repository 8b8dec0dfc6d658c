import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { serve, type RunningServer } from '../server/node/serve.ts';
import { toolboxTools } from '../server/mcp/tools-by-endpoint.ts';
import { countRootsTool } from '../tests/helpers/count-roots-tool.ts';
import { runToEnd } from './helpers.ts';

/**
 * Roots from the page's settings: beside a named server's headers, a root that is not a
 * file:// URI is refused with why; a file:// one is applied, the host declares roots, and
 * the server's roots/list (a tool added to the toolbox for this test) is answered with it.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
let app: RunningServer;

test.beforeAll(async () => {
  app = await serve({ port: 0, staticDirectory: `${root}dist`, toolboxTools: [...toolboxTools, countRootsTool] });
});

test.afterAll(async () => {
  await app?.close();
});

test('a root typed in the settings is checked, then shared with the named server, which reads it back', async ({ page }) => {
  await page.goto(`${app.url}/`);
  await page.getByTestId('model-settings-button').click();
  const dialog = page.getByRole('dialog', { name: 'Model and wire format' });
  await dialog.getByLabel('Another Streamable HTTP server, by URL.').check();
  await dialog.getByLabel('MCP server URL').fill(`${app.url}/mcp/toolbox`);
  await dialog.getByRole('button', { name: 'Add root' }).click();
  await dialog.getByLabel('Root 1 URI').fill('https://example.com/repo');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByTestId('mcp-server-problems')).toContainText('Root 1:');
  await expect(dialog.getByTestId('mcp-server-problems')).toContainText('only file:// URIs');
  await dialog.getByLabel('Root 1 URI').fill('file:///srv/app');
  await dialog.getByLabel('Root 1 name').fill('app');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('textbox', { name: 'Question', exact: true }).fill('Count the roots');
  await runToEnd(page);
  await expect(page.getByTestId('run-status')).toContainText(/complete/i);
  // The tool's answer, made from the ListRootsResult the server received, reaches the model's answer.
  await expect(page.getByTestId('answer')).toContainText('file:///srv/app');
  const answer = page.locator('[data-testid="timeline-step"][data-step-id="host.roots.result"]');
  await expect(answer).toHaveCount(1);
  await answer.click();
  await expect(page.getByTestId('inspector')).toContainText('file:///srv/app');
  await expect(page.getByTestId('inspector')).toContainText('not a security boundary');
  // Auto reached 2026-07-28 with this server: the step is marked deprecated there, as sampling's are.
  await expect(page.getByTestId('inspector')).toContainText(/deprecated/i);
});
