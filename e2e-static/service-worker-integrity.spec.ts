import { appendFile, cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { stepUntil } from '../e2e/helpers.ts';
import { serveFolder, waitForInBrowserServer, waitForOfflineCopy } from './static-site-helpers.ts';

/**
 * The Service Worker serves only what the build made. A script that ran once in a page of
 * the site can rewrite the worker's cache (Cache Storage is the origin's): here
 * page.evaluate stands in for it, replacing the cached index.html and the app's main chunk.
 * Every later load must still get the build's files, checked against the hashes baked into
 * the worker (src/service-worker/file-integrity.ts), and never the attacker's.
 */

const REPLACED_PAGE =
  '<!doctype html><meta charset="utf-8"><title>Replaced</title><p id="replaced">The attacker’s page, served by the explorer’s own worker.</p>';
const REPLACED_SCRIPT = "document.title = 'Replaced'; localStorage.setItem('replaced-script-ran', 'yes');";

/** Once every file is cached: then a reload and a new tab are served from the cache alone. */
async function loadWholeSite(page: Page): Promise<void> {
  await page.goto('./');
  await waitForInBrowserServer(page);
  await waitForOfflineCopy(page);
}

/** What an injected script can do: rewrite this version's cached index.html and main chunk. Returns the chunk's path. */
async function rewriteCache(page: Page): Promise<string> {
  return page.evaluate(
    async ({ replacedPage, replacedScript }) => {
      const base = new URL('./', location.href);
      const names = (await caches.keys()).filter((name) => name.startsWith(`mcp-lifecycle-explorer ${base.pathname} `) && !name.endsWith(' pages'));
      if (names.length !== 1) throw new Error(`Expected one version cache, found ${JSON.stringify(names)}.`);
      const cache = await caches.open(names[0]!);
      const chunk = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src;
      if (!chunk) throw new Error('The page has no module script.');
      await cache.put(new URL('index.html', base).href, new Response(replacedPage, { headers: { 'content-type': 'text/html' } }));
      await cache.put(chunk, new Response(replacedScript, { headers: { 'content-type': 'text/javascript' } }));
      return new URL(chunk).pathname;
    },
    { replacedPage: REPLACED_PAGE, replacedScript: REPLACED_SCRIPT },
  );
}

/**
 * Stops the site's worker, as the browser does after half a minute idle. A worker keeps the
 * files it has checked in its memory, out of any page's reach, and serves them from there: a
 * worker started afresh reads and checks the (rewritten) cache.
 */
async function stopWorker(page: Page): Promise<void> {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('ServiceWorker.enable');
  await devtools.send('ServiceWorker.stopAllWorkers');
  await devtools.detach();
}

/** The text the worker's cache holds for a path now. */
async function readCached(page: Page, pathname: string): Promise<string> {
  return page.evaluate(async (path) => (await caches.match(new URL(path, location.href).href))?.text() ?? '', pathname);
}

async function expectTheRealApp(page: Page): Promise<void> {
  await expect(page).toHaveTitle('MCP Lifecycle Explorer');
  await expect(page.locator('#replaced')).toHaveCount(0);
  await waitForInBrowserServer(page);
  await stepUntil(page, 'keyboard', 'mcp.initialize.request');
  expect(await page.evaluate(() => localStorage.getItem('replaced-script-ran'))).toBeNull();
}

test('a script that rewrites the cached index.html and main chunk: a reload and new tabs get the build’s files, and the cache holds them again', async ({
  page,
  context,
}) => {
  await loadWholeSite(page);
  const chunk = await rewriteCache(page);
  expect(await readCached(page, 'index.html')).toBe(REPLACED_PAGE);

  // A worker started afresh reads the rewritten cache, finds it is not the build's, and fetches the real files again.
  await stopWorker(page);
  await page.reload();
  await expectTheRealApp(page);
  expect(await readCached(page, 'index.html')).toContain('<title>MCP Lifecycle Explorer</title>');
  expect(await readCached(page, chunk)).not.toBe(REPLACED_SCRIPT);

  // A worker that has served the files keeps them in its memory: a cache rewritten since is not even read.
  await rewriteCache(page);
  const warm = await context.newPage();
  await warm.goto(page.url());
  await expectTheRealApp(warm);

  // Stopped and started again, it reads that cache, and refuses it again.
  await stopWorker(page);
  const cold = await context.newPage();
  await cold.goto(page.url());
  await expectTheRealApp(cold);
  expect(await readCached(cold, 'index.html')).toContain('<title>MCP Lifecycle Explorer</title>');
});

test('offline, a rewritten index.html is refused with what happened and what to do, never served; online again, the app is back', async ({ page, context }) => {
  await loadWholeSite(page);
  await rewriteCache(page);
  await context.setOffline(true);
  await stopWorker(page);
  await page.reload();
  await expect(page.locator('body')).toContainText('is not the file this version of the site was built with');
  await expect(page.locator('body')).toContainText('Connect to the network and reload.');
  await expect(page.locator('#replaced')).toHaveCount(0);
  await context.setOffline(false);
  await page.reload();
  await expectTheRealApp(page);
});

test('a host that serves a file other than the build made: the worker does not keep it, and the page says which and why', async ({ page }) => {
  // A copy of the site with one lazily loaded chunk changed after the build, as a half-copied deployment or a rewriting host leaves it.
  const directory = await mkdtemp(path.join(tmpdir(), 'mcp-lifecycle-explorer-changed-host-'));
  await cp('dist-static', directory, { recursive: true });
  const chunk = (await readdir(path.join(directory, 'assets'))).find((name) => /^sequence-diagram-.*\.js$/.test(name));
  if (!chunk) throw new Error('The static build has no sequence-diagram chunk.');
  await appendFile(path.join(directory, 'assets', chunk), '\n// changed by the host\n');
  const site = await serveFolder(directory);
  try {
    await page.goto(site.url);
    await waitForInBrowserServer(page);
    const status = page.getByTestId('static-site-status');
    await expect(status).toContainText(`Precaching assets/${chunk} failed: the host sent other bytes than this version was built with`, { timeout: 60_000 });
    await expect(status).not.toContainText('works offline once loaded');
    expect(await page.evaluate(async (path) => (await caches.match(new URL(path, location.href).href)) === undefined, `assets/${chunk}`)).toBe(true);
  } finally {
    await site.close();
    await rm(directory, { recursive: true, force: true });
  }
});
