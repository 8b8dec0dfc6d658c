import { cp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { stepUntil } from '../e2e/helpers.ts';
import { readCacheNames, waitForInBrowserServer, waitForOfflineCopy } from './static-site-helpers.ts';

/**
 * Deployments under open pages, as a static host sees them: the folder replaced while two
 * tabs are open, and the worker file dropped. Each test deploys into its own folder,
 * mounted under its own sub-path by playwright.config.ts.
 */

async function deployFresh(directory: string | undefined): Promise<string> {
  if (!directory) throw new Error('playwright.config.ts sets the deployment folders.');
  await rm(directory, { recursive: true, force: true });
  await cp('dist-static', directory, { recursive: true });
  return directory;
}

/** The chunk's entry in the worker's manifest, its name with its hash (the minifier may quote either with backticks), with its comma. */
const manifestEntry = (chunk: string) => new RegExp(String.raw`["'\x60]assets/${chunk.replaceAll('.', '\\.')}["'\x60]:["'\x60][0-9a-f]{64}["'\x60],?`);

const readVersion = async (page: Page) => (await page.getByTestId('static-site-status').getAttribute('data-version')) ?? '';

/** A session of the worker's stateful endpoint, opened from this page; returns its id. */
async function openSession(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const response = await fetch('./mcp/sessions', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'tab-a', version: '1' } },
      }),
    });
    await response.text();
    return response.headers.get('mcp-session-id') ?? '';
  });
}

async function pingSession(page: Page, sessionId: string): Promise<number> {
  return page.evaluate(async (id) => {
    const response = await fetch('./mcp/sessions', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': id,
        'mcp-protocol-version': '2025-11-25',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }),
    });
    await response.text();
    return response.status;
  }, sessionId);
}

test('"Reload to update" in tab B: tab A keeps its page, loads its next chunk from its own version although the folder was replaced, and its old cache goes once no tab uses it', async ({
  context,
  baseURL,
}) => {
  const directory = await deployFresh(process.env.STATIC_TABS_DIRECTORY);
  const site = new URL('/explorer-tabs/', baseURL).href;
  const tabA = await context.newPage();
  await tabA.goto(site);
  await waitForInBrowserServer(tabA);
  const firstVersion = await readVersion(tabA);
  const firstCache = `mcp-lifecycle-explorer /explorer-tabs/ ${firstVersion}`;
  await stepUntil(tabA, 'keyboard', 'mcp.tools-list.request');
  const session = await openSession(tabA);
  expect(await pingSession(tabA, session)).toBe(200);
  const tabB = await context.newPage();
  await tabB.goto(site);
  await waitForInBrowserServer(tabB);
  // Tab A's files are in its version's cache only once the offline copy is whole: a first visit caches the rest after its worker activates.
  await waitForOfflineCopy(tabA);

  // The next deployment replaces the folder: the sequence diagram's chunk of the first build is gone from the host.
  const chunk = (await readdir(path.join(directory, 'assets'))).find((name) => /^sequence-diagram-.*\.js$/.test(name));
  if (!chunk) throw new Error('The static build has no sequence-diagram chunk.');
  await rm(path.join(directory, 'assets', chunk));
  expect((await tabA.request.get(new URL(`assets/${chunk}`, site).href)).status()).toBe(404);
  const nextVersion = [...firstVersion].reverse().join('') === firstVersion ? `${firstVersion}0` : [...firstVersion].reverse().join('');
  const workerFile = path.join(directory, 'service-worker.js');
  // The manifest names each file with its hash: the entry goes, and with it the chunk from the list of files to cache.
  const nextWorker = (await readFile(workerFile, 'utf8')).replaceAll(firstVersion, nextVersion).replace(manifestEntry(chunk), '');
  expect(nextWorker).not.toContain(chunk);
  await writeFile(workerFile, nextWorker);

  await tabB.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));
  await tabB.getByRole('button', { name: 'Reload to update' }).click();
  await expect(tabB.getByTestId('static-site-status')).toHaveAttribute('data-version', nextVersion, { timeout: 30_000 });
  await waitForInBrowserServer(tabB);

  // One worker per site: tab A is the new worker's too, but its page, its run and its old files stay.
  await expect(tabA.getByTestId('static-site-status')).toHaveAttribute('data-version', nextVersion);
  expect(await readCacheNames(tabA)).toContain(firstCache);
  await tabA.getByRole('tab', { name: 'Sequence diagram' }).click();
  await expect(tabA.getByTestId('sequence-diagram')).toBeVisible();
  await expect(tabA.getByTestId('view-error')).toHaveCount(0);
  // On a focused tab the arrows move between the tabs (e2e/keyboard-controls.spec.ts): the learner leaves the tablist before stepping.
  await tabA.getByRole('tab', { name: 'Sequence diagram' }).blur();
  await stepUntil(tabA, 'keyboard', 'mcp.tools-list.response');
  // Its session lived in the old worker's memory: the new worker does not know it (the host would start a new one).
  expect(await pingSession(tabA, session)).toBe(404);

  // Tab A closes: the next page load of the site finds no page of the first version, and its cache goes.
  await tabA.close();
  await tabB.reload();
  await waitForInBrowserServer(tabB);
  await expect.poll(() => readCacheNames(tabB)).not.toContain(firstCache);
  expect(await readCacheNames(tabB)).toContain(`mcp-lifecycle-explorer /explorer-tabs/ ${nextVersion}`);
});

test('a deployment that drops service-worker.js: the next load removes the worker and its caches, and the one after shows what the site serves now', async ({
  page,
  context,
  baseURL,
}) => {
  const directory = await deployFresh(process.env.STATIC_REMOVED_DIRECTORY);
  const site = new URL('/explorer-removed/', baseURL).href;
  await page.goto(site);
  await waitForInBrowserServer(page);
  expect((await readCacheNames(page)).some((name) => name.startsWith('mcp-lifecycle-explorer /explorer-removed/ '))).toBe(true);

  // The site moves on: another page at the same address, and no worker file.
  await rm(path.join(directory, 'service-worker.js'));
  await writeFile(path.join(directory, 'index.html'), '<!doctype html><title>Moved</title><p id="moved">The explorer moved elsewhere.</p>');
  await page.reload();
  await expect(page.getByTestId('static-site-status')).toContainText('This site no longer serves the in-browser server (service-worker.js answered 404)');
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration === undefined))).toBe(true);
  expect((await readCacheNames(page)).filter((name) => name.startsWith('mcp-lifecycle-explorer /explorer-removed/ '))).toEqual([]);

  await page.reload();
  await expect(page.locator('#moved')).toHaveText('The explorer moved elsewhere.');
  const other = await context.newPage();
  await other.goto(site);
  await expect(other.locator('#moved')).toHaveText('The explorer moved elsewhere.');
});
