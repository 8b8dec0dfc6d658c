import { expect, test, type Page } from '@playwright/test';
import { chooseRealProvider, stepUntil } from './helpers.ts';
import { forwardRequest, startMisbehavingServer } from './misbehaving-server.ts';

/**
 * Connections that break while the page is using them: each becomes a step that says
 * what happened and what to do, the steps recorded so far stay, and the page goes on
 * working. The servers are real HTTP servers started by the test, in front of the app's
 * own server.
 */

async function chooseMcpServer(page: Page, url: string | null) {
  await page.getByTestId('model-settings-button').click();
  const dialog = page.getByRole('dialog', { name: 'Model and wire format' });
  if (url === null) {
    await dialog.getByLabel('The built-in server of this app (the scenario chooses its endpoint).').check();
  } else {
    await dialog.getByLabel('Another Streamable HTTP server, by URL.').check();
    await dialog.getByLabel('MCP server URL').fill(url);
  }
  await dialog.getByRole('button', { name: 'Apply' }).click();
}

const stepIds = (page: Page) => page.locator('[data-testid="timeline-step"]').evaluateAll((steps) => steps.map((step) => step.getAttribute('data-step-id')));

test('an MCP server that dies in the middle of tools/call: a step explains, the steps before stay, and the next run works', async ({ page, baseURL }) => {
  const broken = await startMisbehavingServer(async (request, response, body) => {
    if (request.method === 'POST' && body.includes('"tools/call"')) {
      const id = (JSON.parse(body) as { id: number }).id;
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      // Half of the result frame, then the connection drops.
      response.write(`event: message\ndata: {"jsonrpc":"2.0","id":${id},"result":{"content":[{"type":"text","text":"Res`);
      setTimeout(() => response.socket?.destroy(), 50);
      return;
    }
    await forwardRequest(baseURL!, request, response, body);
  });
  try {
    await page.goto('/');
    await chooseMcpServer(page, `${broken.url}/mcp`);
    await stepUntil(page, 'keyboard', 'mcp.tools-call.request');
    const before = await stepIds(page);
    await stepUntil(page, 'keyboard', 'host.fault', 5);

    await expect(page.getByTestId('fault')).toContainText('ended its answer during tools/call without the result');
    await expect(page.getByTestId('fault')).toContainText('press Reset');
    await expect(page.getByTestId('run-status')).toContainText(/fail|stopped/i);
    const after = await stepIds(page);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.at(-1)).toBe('host.fault');

    // Earlier steps still open in the inspector.
    await page.locator('[data-testid="timeline-step"][data-step-id="mcp.tools-list.response"]').click();
    await expect(page.getByTestId('inspector')).toHaveAttribute('data-step-id', 'mcp.tools-list.response');
    await expect(page.getByTestId('inspector')).toContainText('add_numbers');

    // The page goes on: back to the built-in server (applying settings starts over), a new run completes.
    await chooseMcpServer(page, null);
    await stepUntil(page, 'keyboard', 'host.answer');
    await expect(page.getByTestId('answer')).toContainText('5 plus 7 is 12.');
  } finally {
    await broken.close();
  }
});

test('a provider that hangs: Cancel request stops it, a step says so, and Next sends the same request again', async ({ page, baseURL }) => {
  let calls = 0;
  const slow = await startMisbehavingServer(async (request, response, body) => {
    calls += 1;
    // The first request is left hanging; later ones reach the app's mock model.
    if (calls === 1) return;
    request.url = `/mock/openai${request.url ?? ''}`;
    await forwardRequest(baseURL!, request, response, body);
  });
  try {
    await page.goto('/');
    await chooseRealProvider(page, { wire: 'openai-chat', baseUrl: `${slow.url}/v1`, model: 'mock-model-deterministic', key: 'sk-test-hang' });

    await stepUntil(page, 'keyboard', 'provider.request');
    const before = await stepIds(page);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('run-status')).toContainText('Waiting for the model');
    await page.getByRole('button', { name: 'Cancel request' }).click();

    await expect(page.getByTestId('inspector')).toHaveAttribute('data-step-id', 'host.fault');
    await expect(page.getByTestId('fault')).toContainText('You cancelled the request to the model.');
    await expect(page.getByTestId('run-status')).toContainText('Next sends the same request again');
    expect((await stepIds(page)).slice(0, before.length)).toEqual(before);

    await stepUntil(page, 'keyboard', 'host.answer');
    await expect(page.getByTestId('answer')).toContainText('5 plus 7 is 12.');
    expect(calls).toBeGreaterThanOrEqual(3);
  } finally {
    await slow.close();
  }
});
