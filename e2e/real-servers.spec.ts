import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { stepUntil } from './helpers.ts';
import { findClosedPort, startHttpServer } from '../tests/helpers/start-http-server.ts';
import { startSdkV1Server, startSdkV2Server } from '../tests/helpers/start-third-party-servers.ts';

/**
 * The page against MCP servers this project did not write, started by the test on
 * loopback with CORS for the app's origin: the v1 SDK server (2025-11-25 only), where the
 * Auto era falls back in the open, and a v2 SDK server that needs a bearer token, given in
 * the headers editor. The token reaches the server and nothing else the page keeps or shows.
 */

const TOKEN = 'tok_e2e_DO-NOT-LEAK_8c7b6a5f4e3d';

async function nameServer(page: Page, url: string, headers: { name: string; value: string; secret?: boolean }[] = [], remember = false): Promise<void> {
  await page.getByTestId('model-settings-button').click();
  const dialog = page.getByRole('dialog', { name: 'Model and wire format' });
  await dialog.getByLabel('Another Streamable HTTP server, by URL.').check();
  await dialog.getByLabel('MCP server URL').fill(url);
  for (const [index, header] of headers.entries()) {
    if ((await dialog.getByTestId('mcp-header-row').count()) <= index) await dialog.getByRole('button', { name: 'Add header' }).click();
    await dialog.getByLabel(`Header ${index + 1} name`).fill(header.name);
    await dialog.getByLabel(`Header ${index + 1} value`).fill(header.value);
    if (header.secret) await dialog.getByTestId('mcp-header-row').nth(index).getByLabel('secret').check();
  }
  const rememberBox = dialog.getByLabel('Remember these headers on this device');
  if (remember) await rememberBox.check();
  else await rememberBox.uncheck();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
}

/** What the page keeps in the browser that a token could land in. */
function readStorage(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const cached: string[] = [];
    for (const cacheName of await caches.keys()) {
      const cache = await caches.open(cacheName);
      for (const request of await cache.keys()) cached.push(request.url, (await (await cache.match(request))?.text()) ?? '');
    }
    return JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cached });
  });
}

test('the Auto era against the v1 SDK server: server/discover refused, the fallback step, then the 2025-11-25 handshake', async ({ page }) => {
  const server = await startSdkV1Server();
  try {
    await page.goto('/');
    await expect(page.getByRole('radio', { name: 'Auto' })).toHaveCount(0);
    await nameServer(page, server.url);
    await expect(page.getByRole('radio', { name: 'Auto' })).toBeChecked();
    await stepUntil(page, 'keyboard', 'mcp.discover.declined', 10);
    await expect(page.getByTestId('inspector')).toContainText('No valid session ID provided');
    await stepUntil(page, 'keyboard', 'host.era-fallback', 3);
    await expect(page.getByTestId('inspector')).toContainText('HTTP 400');
    await stepUntil(page, 'keyboard', 'mcp.initialize.request', 3);
    await stepUntil(page, 'keyboard', 'host.answer', 40);
    // A 2025-11-25 session ends with a DELETE after the answer is shown.
    await expect(page.getByTestId('inspector')).toContainText('5 plus 7 is 12.');
    for (const id of ['mcp.discover.request', 'mcp.discover.declined', 'host.era-fallback', 'mcp.initialize.request']) {
      await expect(page.locator(`[data-testid="timeline-step"][data-step-id="${id}"]`)).toHaveCount(1);
    }

    // Pinned to 2026-07-28, the same server fails with the way out.
    await page.getByText('2026-07-28', { exact: true }).click();
    // The DELETE still waits at the gate, so the run is in progress: the page asks before ending it.
    await page
      .getByRole('dialog', { name: /Switch to/ })
      .getByRole('button', { name: 'Switch' })
      .click();
    await stepUntil(page, 'keyboard', 'host.fault', 10);
    await expect(page.getByTestId('fault')).toContainText('Choose Auto');
  } finally {
    await server.close();
  }
});

test('a server that needs a bearer token: the 401 points to the headers, the token in the headers editor completes the run and leaks nowhere', async ({
  page,
}, testInfo) => {
  const server = await startSdkV2Server({ bearerToken: TOKEN, echoToken: true });
  const console: string[] = [];
  page.on('console', (message) => console.push(message.text()));
  page.on('pageerror', (error) => console.push(error.message));
  const sent: Promise<{ url: string; headers: Record<string, string> }>[] = [];
  page.on('request', (request) => sent.push(request.allHeaders().then((headers) => ({ url: request.url(), headers }))));
  try {
    await page.goto('/');
    await nameServer(page, server.url);
    await stepUntil(page, 'keyboard', 'host.fault', 10);
    await expect(page.getByTestId('fault')).toContainText('WWW-Authenticate: Bearer realm="sdk-v2-test-server"');
    await expect(page.getByTestId('fault')).toContainText('MCP server URL');

    await nameServer(page, server.url, [
      { name: 'Authorization', value: `Bearer ${TOKEN}` },
      { name: 'X-Tenant', value: 'tenant-e2e-777777', secret: true },
    ]);
    await stepUntil(page, 'keyboard', 'host.answer', 40);
    await expect(page.getByTestId('answer')).toContainText('5 plus 7 is 12.');

    const toServer = (await Promise.all(sent)).filter((request) => request.url.startsWith(server.url) && request.headers.authorization);
    expect(toServer.length).toBeGreaterThan(1);
    expect(toServer.every((request) => request.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
    const elsewhere = (await Promise.all(sent)).filter((request) => !request.url.startsWith(server.url));
    expect(JSON.stringify(elsewhere)).not.toContain(TOKEN);

    // The inspector says the token was sent, redacted; copy as curl has a placeholder.
    await page.locator('[data-testid="timeline-step"][data-step-id="mcp.tools-call.request"]').click();
    await page.getByTestId('inspector').getByRole('tab', { name: 'HTTP' }).click();
    await expect(page.getByTestId('http-view')).toContainText('authorization');
    await expect(page.getByTestId('http-view')).toContainText('[redacted]');
    await page.getByTestId('http-view').getByText('Show').click();
    await expect(page.getByTestId('curl-command')).toContainText('"$MCP_AUTHORIZATION"');

    expect(await page.evaluate(() => document.body.innerText)).not.toContain(TOKEN);
    expect(page.url()).not.toContain(TOKEN);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export trace' }).click();
    const file = testInfo.outputPath('token-trace.json');
    await (await download).saveAs(file);
    const exported = await readFile(file, 'utf8');
    expect(exported).not.toContain(TOKEN);
    expect(exported).not.toContain('tenant-e2e-777777');
    expect(console.join('\n')).not.toContain(TOKEN);
    expect(await readStorage(page)).not.toContain(TOKEN);

    // Remembering is the learner's choice, and undoing it forgets the headers.
    await nameServer(page, server.url, [{ name: 'Authorization', value: `Bearer ${TOKEN}` }], true);
    expect(await readStorage(page)).toContain(TOKEN);
    await nameServer(page, server.url, [{ name: 'Authorization', value: `Bearer ${TOKEN}` }], false);
    expect(await readStorage(page)).not.toContain(TOKEN);
  } finally {
    await server.close();
  }
});

test('a server URL with a user and password is refused in the settings, and kept nowhere', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('model-settings-button').click();
  const dialog = page.getByRole('dialog', { name: 'Model and wire format' });
  await dialog.getByLabel('Another Streamable HTTP server, by URL.').check();
  await dialog.getByLabel('MCP server URL').fill('http://learner:pw-e2e-24680@127.0.0.1:9/mcp');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByTestId('mcp-server-problems')).toContainText('holds a user name or password');
  await expect(dialog.getByTestId('mcp-server-problems')).not.toContainText('pw-e2e-24680');
  await expect(dialog).toBeVisible();
  expect(await readStorage(page)).not.toContain('pw-e2e-24680');
});

/** Picks an era in the header; a run in progress asks first. */
async function chooseEra(page: Page, era: string): Promise<void> {
  await page.getByText(era, { exact: true }).click();
  const ask = page.getByRole('dialog', { name: /Switch to/ });
  if (await ask.isVisible()) await ask.getByRole('button', { name: 'Switch' }).click();
}

test('a server that does not answer, or that a browser blocks (CORS), is told the same way in Auto, 2026-07-28 and 2025-11-25: never as a version question', async ({
  page,
}) => {
  // A closed port, and a server that answers but allows no other origin: the browser hides both behind the same TypeError.
  const noCors = await startHttpServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{}');
  });
  try {
    await page.goto('/');
    for (const url of [`http://127.0.0.1:${await findClosedPort()}/mcp`, `${noCors.url}/mcp`]) {
      await nameServer(page, url);
      for (const era of ['Auto', '2026-07-28', '2025-11-25']) {
        if (era !== 'Auto') await chooseEra(page, era);
        await stepUntil(page, 'keyboard', 'host.fault', 10);
        const fault = page.getByTestId('fault');
        await expect(fault).toContainText(`Could not reach the MCP server at ${url}`);
        await expect(fault).toContainText('CORS');
        await expect(fault).not.toContainText('negotiation');
        await expect(page.locator('[data-testid="timeline-step"][data-step-id="host.era-fallback"]')).toHaveCount(0);
      }
    }
  } finally {
    await noCors.close();
  }
});
