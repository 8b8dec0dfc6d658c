import { expect, test } from '@playwright/test';
import { loadTabModel, runToEnd, writeTinyModelFile } from '../e2e/helpers.ts';
import { readServedPaths, waitForInBrowserServer } from './static-site-helpers.ts';

/**
 * The model in the tab on a static host, with no network: the site's worker serves the MCP
 * server, llama.cpp's WebAssembly is kept once a page asked for it (not in every visitor's
 * offline copy), and a GGUF file opened from disk runs the whole lifecycle offline. The model
 * is the test suite's tiny one with random weights: its answer is gibberish, the run is real.
 */
test('a GGUF file from disk runs the whole lifecycle in the static site, then again with no network', async ({ page, context, baseURL }) => {
  const site = new URL('/explorer-tab-model/', baseURL).href;
  const file = await writeTinyModelFile();
  await page.goto(site);
  await waitForInBrowserServer(page);
  await expect(page.getByTestId('static-site-status')).toContainText('works offline once loaded', { timeout: 30_000 });
  // The offline copy every visitor gets leaves the 10 MB of WebAssembly out: it comes when the model in the tab is chosen.
  expect((await readServedPaths(page, site)).filter((pathname) => pathname.startsWith('/explorer-tab-model/') && pathname.endsWith('.wasm'))).toEqual([]);

  await loadTabModel(page, file);
  await runToEnd(page);
  await expect(page.getByTestId('run-status')).toContainText('complete');
  const servedBefore = (await readServedPaths(page, site)).length;

  await context.setOffline(true);
  await page.reload();
  await waitForInBrowserServer(page);
  await loadTabModel(page, file);
  await runToEnd(page);
  await expect(page.getByTestId('run-status')).toContainText('complete');
  await context.setOffline(false);

  const askedOffline = (await readServedPaths(page, site)).slice(servedBefore).filter((pathname) => pathname.startsWith('/explorer-tab-model/'));
  expect(askedOffline.filter((pathname) => pathname !== '/explorer-tab-model/service-worker.js')).toEqual([]);
});
