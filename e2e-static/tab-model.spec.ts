import { expect, test } from '@playwright/test';
import { loadTabModel, runToEnd, writeTinyModelFile } from '../e2e/helpers.ts';
import { readPolicyViolations, recordPolicyViolations } from '../e2e/policy-violations.ts';
import { readServedPaths, serveFolder, waitForInBrowserServer, waitForOfflineCopy } from './static-site-helpers.ts';

/**
 * The model in the tab on a static host, with no network: the site's worker serves the MCP
 * server, llama.cpp's WebAssembly is kept once a page asked for it (not in every visitor's
 * offline copy), and a GGUF file opened from disk runs the whole lifecycle offline. The model
 * is the test suite's tiny one with random weights: its answer is gibberish, the run is real.
 * Both run under the site's Content-Security-Policy (the <meta> of each page; the second test
 * the header a host reading _headers sends) and the policy refuses nothing.
 */
test('a GGUF file from disk runs the whole lifecycle in the static site, then again with no network', async ({ page, context, baseURL }) => {
  const site = new URL('/explorer-tab-model/', baseURL).href;
  const file = await writeTinyModelFile();
  await recordPolicyViolations(page);
  await page.goto(site);
  await waitForInBrowserServer(page);
  await waitForOfflineCopy(page);
  // The offline copy every visitor gets leaves the 10 MB of WebAssembly out: it comes when the model in the tab is chosen.
  expect((await readServedPaths(page, site)).filter((pathname) => pathname.startsWith('/explorer-tab-model/') && pathname.endsWith('.wasm'))).toEqual([]);

  await loadTabModel(page, file);
  await runToEnd(page);
  await expect(page.getByTestId('run-status')).toContainText('complete');
  const servedBefore = (await readServedPaths(page, site)).length;
  // The <meta> policy let the WebAssembly compile and the worker start, and refused nothing on the way.
  expect(await readPolicyViolations(page)).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await waitForInBrowserServer(page);
  await loadTabModel(page, file);
  await runToEnd(page);
  await expect(page.getByTestId('run-status')).toContainText('complete');
  await context.setOffline(false);

  const askedOffline = (await readServedPaths(page, site)).slice(servedBefore).filter((pathname) => pathname.startsWith('/explorer-tab-model/'));
  expect(askedOffline.filter((pathname) => pathname !== '/explorer-tab-model/service-worker.js')).toEqual([]);
  // The page reloaded offline records afresh: nothing refused offline either.
  expect(await readPolicyViolations(page)).toEqual([]);
});

test('on a host that sends what the build wrote into _headers, the model in the tab runs under the header policy and it refuses nothing', async ({ page }) => {
  const site = await serveFolder('dist-static', { headersFile: true });
  try {
    const file = await writeTinyModelFile();
    await recordPolicyViolations(page);
    const answer = await page.goto(site.url);
    expect(answer?.headers()['content-security-policy']).toMatch(/script-src 'self' 'report-sample' 'wasm-unsafe-eval' .*worker-src 'self' blob:;/);
    await waitForInBrowserServer(page);
    await loadTabModel(page, file);
    await runToEnd(page);
    await expect(page.getByTestId('run-status')).toContainText('complete');
    expect(await readPolicyViolations(page)).toEqual([]);
  } finally {
    await site.close();
  }
});

test('offline before the model in the tab was ever chosen: the learner is told llama.cpp is not kept yet and what to do, instead of a load that waits forever', async ({
  page,
  context,
}) => {
  const site = await serveFolder('dist-static');
  try {
    const file = await writeTinyModelFile();
    await page.goto(site.url);
    await waitForInBrowserServer(page);
    await waitForOfflineCopy(page);
    await context.setOffline(true);
    await page.reload();
    await waitForInBrowserServer(page);
    await page.getByTestId('model-settings-button').click();
    const dialog = page.getByRole('dialog', { name: 'Model and wire format' });
    await dialog.getByTestId('model-kind-tab').check();
    await dialog.getByTestId('tab-model-file').setInputFiles(file);
    await expect(dialog.getByRole('alert')).toContainText(
      "The model could not be loaded: llama.cpp's WebAssembly (about 10 MB) could not be fetched from this site",
    );
    await expect(dialog.getByRole('alert')).toContainText('connect, load a model once, and it works offline from then on');
    await expect(dialog.getByTestId('tab-model-progress')).toHaveCount(0);
    await context.setOffline(false);
  } finally {
    await site.close();
  }
});
