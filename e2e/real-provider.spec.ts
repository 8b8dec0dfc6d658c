import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { chooseRealProvider, stepUntil } from './helpers.ts';
import { startEchoingProvider } from '../tests/helpers/start-echoing-provider.ts';

/**
 * The real-provider code path, pointed at the mock endpoints (same wire format, real
 * HTTP): the key goes to the provider and nowhere else.
 */

const KEY = 'sk-test-DO-NOT-LEAK-4242';

/** Everything the page keeps in the browser: localStorage, sessionStorage, every IndexedDB store and the Cache Storage. */
async function readStorage(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const readDatabase = (name: string) =>
      new Promise<Record<string, unknown[]>>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const database = opening.result;
          const names = [...database.objectStoreNames];
          const contents: Record<string, unknown[]> = {};
          if (names.length === 0) {
            database.close();
            resolve(contents);
            return;
          }
          const transaction = database.transaction(names, 'readonly');
          for (const store of names) {
            const reading = transaction.objectStore(store).getAll();
            reading.onsuccess = () => (contents[store] = reading.result);
          }
          transaction.oncomplete = () => {
            database.close();
            resolve(contents);
          };
          transaction.onerror = () => reject(transaction.error);
        };
      });
    const databases: Record<string, unknown> = {};
    for (const { name } of await indexedDB.databases()) if (name) databases[name] = await readDatabase(name);
    const cached: string[] = [];
    for (const cacheName of await caches.keys()) {
      const cache = await caches.open(cacheName);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        cached.push(request.url, JSON.stringify([...request.headers]), (await response?.text()) ?? '');
      }
    }
    return JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, databases, cached });
  });
}

test('the key goes only to the chosen provider: not to the MCP server, a URL, the console, storage or an export', async ({ page, baseURL }, testInfo) => {
  const console: string[] = [];
  page.on('console', (message) => console.push(message.text()));
  page.on('pageerror', (error) => console.push(error.message));
  const sent: Promise<{ url: string; headers: Record<string, string>; body: string }>[] = [];
  page.on('request', (request) => sent.push(request.allHeaders().then((headers) => ({ url: request.url(), headers, body: request.postData() ?? '' }))));

  await page.goto('/');
  await chooseRealProvider(page, { wire: 'anthropic', baseUrl: `${baseURL}/mock/anthropic/v1`, key: KEY });
  await expect(page.getByTestId('model-settings-button')).toContainText('test-model · Anthropic Messages');
  await stepUntil(page, 'keyboard', 'host.answer');
  await expect(page.getByTestId('answer')).toContainText('5 plus 7 is 12.');

  const requests = await Promise.all(sent);
  const toProvider = requests.filter((request) => request.url.includes('/mock/anthropic/'));
  expect(toProvider.length).toBe(2);
  for (const request of toProvider) {
    expect(request.headers['x-api-key']).toBe(KEY);
    expect(request.headers['anthropic-dangerous-direct-browser-access']).toBe('true');
  }
  const toMcp = requests.filter((request) => new URL(request.url).pathname === '/mcp');
  expect(toMcp.length).toBeGreaterThan(0);
  expect(JSON.stringify(toMcp)).not.toContain(KEY);
  expect(requests.filter((request) => request.url.includes(KEY))).toEqual([]);
  expect(page.url()).not.toContain(KEY);
  expect(console.join('\n')).not.toContain(KEY);
  expect(await readStorage(page)).not.toContain(KEY);

  // The HTTP view shows the header, redacted.
  await page.locator('[data-testid="timeline-step"][data-step-id="provider.request"]').click();
  await page.getByTestId('inspector').getByRole('tab', { name: 'HTTP' }).click();
  await expect(page.getByTestId('http-view')).toContainText('x-api-key');
  await expect(page.getByTestId('http-view')).toContainText('[redacted]');
  await expect(page.getByTestId('http-view')).not.toContainText(KEY);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export trace' }).click();
  const file = testInfo.outputPath('trace.json');
  await (await download).saveAs(file);
  expect(await readFile(file, 'utf8')).not.toContain(KEY);

  // Remembering is the learner's choice, and undoing it forgets the key.
  await chooseRealProvider(page, { wire: 'anthropic', baseUrl: `${baseURL}/mock/anthropic/v1`, remember: true });
  expect(await readStorage(page)).toContain(KEY);
  await chooseRealProvider(page, { wire: 'anthropic', baseUrl: `${baseURL}/mock/anthropic/v1`, remember: false });
  expect(await readStorage(page)).not.toContain(KEY);
});

test('a provider that answers 404 becomes a step that explains, Retry sends the same request again, and the key stays out of the console and storage', async ({
  page,
  baseURL,
}) => {
  const console: string[] = [];
  page.on('console', (message) => console.push(message.text()));
  page.on('pageerror', (error) => console.push(error.message));
  await page.goto('/');
  await chooseRealProvider(page, { wire: 'openai-chat', baseUrl: `${baseURL}/mock/no-such-provider/v1`, key: KEY });
  await stepUntil(page, 'keyboard', 'provider.request');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-step-id', 'host.fault');
  await expect(page.getByTestId('fault')).toContainText('HTTP 404');
  await expect(page.getByTestId('fault')).toContainText('base URL');
  await expect(page.getByTestId('run-status')).toContainText('Next sends the same request again');
  const requests = page.locator('[data-testid="timeline-step"][data-step-id="provider.request"]');
  await expect(requests).toHaveCount(1);
  await page.getByTestId('fault').getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-step-id', 'provider.request');
  await expect(requests).toHaveCount(2);
  // The failure path logs nothing that holds the key, and keeps it out of storage too.
  expect(console.join('\n')).not.toContain(KEY);
  expect(await readStorage(page)).not.toContain(KEY);
});

test('a provider that echoes the key in its answer, a response header and a 401 message: the key is shown redacted and reaches no view, export, console or storage', async ({
  page,
  baseURL,
}, testInfo) => {
  const echoing = await startEchoingProvider(baseURL!);
  try {
    const console: string[] = [];
    page.on('console', (message) => console.push(message.text()));
    page.on('pageerror', (error) => console.push(error.message));
    await page.goto('/');
    // Whole replies: the echoing provider rewrites a whole body, not a stream.
    await chooseRealProvider(page, { wire: 'anthropic', baseUrl: `${echoing.url}/mock/anthropic/v1`, key: KEY, replies: 'whole' });
    await stepUntil(page, 'keyboard', 'host.answer');
    // The echo happened, and the page shows it redacted.
    await expect(page.getByTestId('answer')).toContainText('5 plus 7 is 12. (your key is [redacted])');
    await page.locator('[data-testid="timeline-step"][data-step-id="provider.response.answer"]').last().click();
    await page.getByTestId('inspector').getByRole('tab', { name: 'HTTP' }).click();
    await expect(page.getByTestId('http-view')).toContainText('x-echo');
    // Everything the page shows (the settings dialog's own key field is the one place it may be, and innerText leaves it out).
    expect(await page.evaluate(() => document.body.innerText)).not.toContain(KEY);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export trace' }).click();
    const file = testInfo.outputPath('echoed-trace.json');
    await (await download).saveAs(file);
    const exported = await readFile(file, 'utf8');
    expect(exported).toContain('"x-echo": "[redacted]"');
    expect(exported).not.toContain(KEY);

    // A 401 that quotes the key: the fault says what the provider said, redacted.
    await chooseRealProvider(page, { wire: 'anthropic', baseUrl: `${echoing.url}/unauthorized/v1`, key: KEY });
    await stepUntil(page, 'keyboard', 'host.fault');
    await expect(page.getByTestId('fault')).toContainText('invalid x-api-key: [redacted]');
    expect(await page.evaluate(() => document.body.innerText)).not.toContain(KEY);
    expect(console.join('\n')).not.toContain(KEY);
    expect(await readStorage(page)).not.toContain(KEY);
  } finally {
    await echoing.close();
  }
});

test('the storage reader sees IndexedDB and Cache Storage, so the checks above can fail', async ({ page }) => {
  await page.goto('/');
  expect(await readStorage(page)).not.toContain('probe-');
  await page.evaluate(async () => {
    await new Promise<void>((resolve, reject) => {
      const opening = indexedDB.open('probe-database');
      opening.onupgradeneeded = () => opening.result.createObjectStore('probe-store', { autoIncrement: true });
      opening.onerror = () => reject(opening.error);
      opening.onsuccess = () => {
        const transaction = opening.result.transaction('probe-store', 'readwrite');
        transaction.objectStore('probe-store').add({ secret: 'probe-in-indexeddb' });
        transaction.oncomplete = () => {
          opening.result.close();
          resolve();
        };
      };
    });
    await (await caches.open('probe-cache')).put('/probe', new Response('probe-in-cache'));
  });
  const storage = await readStorage(page);
  expect(storage).toContain('probe-in-indexeddb');
  expect(storage).toContain('probe-in-cache');
});
