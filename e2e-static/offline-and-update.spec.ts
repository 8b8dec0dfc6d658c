import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { runToEnd, stepUntil } from '../e2e/helpers.ts';
import { readCacheNames, readServedPaths, waitForInBrowserServer, waitForOfflineCopy } from './static-site-helpers.ts';

/**
 * What makes the static site a site: it loads again without the network, and a new
 * deployment replaces the worker cleanly. Each test has its own sub-path (and with it
 * its own worker scope and its own lines in the static server's log).
 */

test('offline: a reload is served by the worker, and a whole run completes with nothing from the network', async ({ page, context, baseURL }) => {
  const site = new URL('/explorer-offline/', baseURL).href;
  await page.goto(site);
  await waitForInBrowserServer(page);
  // A first visit keeps the site's files after its worker answers the first step: the banner says when all are kept.
  await waitForOfflineCopy(page);
  const servedBefore = (await readServedPaths(page, site)).length;

  await context.setOffline(true);
  await page.reload();
  await waitForInBrowserServer(page);
  await expect(page.getByTestId('static-site-status')).toContainText('works offline once loaded');
  await runToEnd(page);
  await expect(page.getByTestId('answer')).toContainText('5 plus 7 is 12.');
  await context.setOffline(false);

  // The static host was asked for nothing by this page while it was offline (a browser may still check the worker file for updates).
  const askedOffline = (await readServedPaths(page, site)).slice(servedBefore).filter((pathname) => pathname.startsWith('/explorer-offline/'));
  expect(askedOffline.filter((pathname) => pathname !== '/explorer-offline/service-worker.js')).toEqual([]);
});

test('a new deployment installs beside the running worker, offers a reload, then controls the page with only its own cache', async ({ page, baseURL }) => {
  const directory = process.env.STATIC_UPDATE_DIRECTORY;
  if (!directory) throw new Error('playwright.config.ts sets STATIC_UPDATE_DIRECTORY.');
  await rm(directory, { recursive: true, force: true });
  await cp('dist-static', directory, { recursive: true });
  const site = new URL('/explorer-update/', baseURL).href;
  const status = page.getByTestId('static-site-status');

  await page.goto(site);
  await waitForInBrowserServer(page);
  const firstVersion = (await status.getAttribute('data-version')) ?? '';
  expect(firstVersion).toMatch(/^[0-9a-f]{16}$/);
  expect(await readCacheNames(page)).toEqual([`mcp-lifecycle-explorer /explorer-update/ ${firstVersion}`]);
  await stepUntil(page, 'keyboard', 'mcp.tools-list.request');

  // The next deployment: the worker file with a new version in it, as a rebuild with changed files gives.
  const nextVersion = [...firstVersion].reverse().join('') === firstVersion ? `${firstVersion}0` : [...firstVersion].reverse().join('');
  const workerFile = path.join(directory, 'service-worker.js');
  await writeFile(workerFile, (await readFile(workerFile, 'utf8')).replaceAll(firstVersion, nextVersion));
  await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));
  await expect(page.getByTestId('static-site-update')).toContainText('A new version of the explorer is ready.');

  // The run in progress is not cut off: the old worker still answers it from its own cache.
  await stepUntil(page, 'keyboard', 'mcp.tools-list.response');
  await expect(status).toHaveAttribute('data-version', firstVersion);
  expect((await readCacheNames(page)).sort()).toEqual(
    [`mcp-lifecycle-explorer /explorer-update/ ${firstVersion}`, `mcp-lifecycle-explorer /explorer-update/ ${nextVersion}`].sort(),
  );

  await page.getByRole('button', { name: 'Reload to update' }).click();
  await expect(status).toHaveAttribute('data-version', nextVersion, { timeout: 30_000 });
  await waitForInBrowserServer(page);
  // The page that used the first version is gone once the reloaded one is up: its cache goes.
  await expect.poll(() => readCacheNames(page)).toEqual([`mcp-lifecycle-explorer /explorer-update/ ${nextVersion}`]);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
  await expect(page.getByTestId('static-site-update')).toHaveCount(0);
  await stepUntil(page, 'keyboard', 'mcp.tools-list.response');
});
