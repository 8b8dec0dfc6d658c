import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { findNextButton, loadTabModel, openApp, readPayloadsOf, runToEnd, writeTinyModelFile } from './helpers.ts';
import { readPolicyViolations, recordPolicyViolations } from './policy-violations.ts';

/**
 * The model in the tab, for real: llama.cpp compiled to WebAssembly (@wllama/wllama) loads a
 * GGUF file the learner opens and runs the whole lifecycle in Chromium, on the CPU. No model
 * weights can be downloaded here, so the file is the test suite's own: a tiny llama model with
 * random weights and Qwen2.5's chat template (tests/helpers/write-tiny-gguf.ts). Under the
 * tool grammar it writes a call that parses; its answer after the result is gibberish, as
 * random weights write: the point is the lifecycle, not the words. It runs under the app's
 * Content-Security-Policy, which must let llama.cpp compile and start its worker and report
 * nothing it refused.
 */

test('a GGUF model opened from disk runs the whole lifecycle in the tab: a call under the grammar, the tool run, an answer, and no HTTP request to a model', async ({
  page,
}) => {
  const file = await writeTinyModelFile();
  const sent: string[] = [];
  page.on('request', (request) => sent.push(request.url()));
  await recordPolicyViolations(page);
  await openApp(page);
  await loadTabModel(page, file, { family: /Hermes-style/ });
  const before = sent.length;
  await runToEnd(page);
  await expect(page.getByTestId('run-status')).toContainText('complete');
  // Drawn as what it is: the edge to the model says no HTTP, and the model's messages say where they go.
  await expect(page.getByTestId('lifecycle-graph')).toContainText('In this tab · no HTTP');
  await expect(page.locator('[data-testid="timeline-step"][data-step-id="tab-model.prompt"]')).toHaveCount(1);
  await expect(page.getByTestId('model-settings-button')).toContainText('Model in this tab');
  // The model called a tool: no step is said to be missing for want of a call.
  await expect(page.getByTestId('timeline')).not.toContainText('without calling a tool');
  if (process.env.TAB_MODEL_SCREENSHOT) await page.screenshot({ path: process.env.TAB_MODEL_SCREENSHOT });

  // The grammar was a step, and the call the model wrote under it parsed into a tools/call.
  const [grammar] = await readPayloadsOf(page, 'host.tool-grammar');
  expect(String((grammar as { grammar: string }).grammar)).toMatch(/^root ::= "<tool_call>\\n"/);
  const [prompt] = await readPayloadsOf(page, 'tab-model.prompt');
  expect((prompt as { prompt: string }).prompt).toContain('<|im_start|>user\nWhat is 5 plus 7?<|im_end|>');
  const [output] = (await readPayloadsOf(page, 'tab-model.output.tool-calls')) as {
    text: string;
    tokens: unknown[];
    timings: { tokensPerSecond: number };
    http: string;
  }[];
  expect(output!.text).toMatch(/^<tool_call>\n\{"name": "[^"]+", "arguments": \{[\s\S]*\}\}\n<\/tool_call>$/);
  expect(output!.tokens.length).toBeGreaterThan(10);
  expect(output!.http).toMatch(/no HTTP request/);
  // Translation #1 shows the prompt and its tokens by the file's own vocabulary: as many as llama.cpp read.
  const [translated] = (await readPayloadsOf(page, 'host.translate-tools')) as { prompt: string; tokenCount: number }[];
  expect(translated!.prompt).toBe((prompt as { prompt: string }).prompt);
  expect(translated!.tokenCount).toBe((output as unknown as { timings: { promptTokens: number } }).timings.promptTokens);
  const [call] = await readPayloadsOf(page, 'host.translate-tool-call');
  expect(call).toMatchObject({ name: expect.any(String), arguments: expect.any(Object) });
  // The result went back through the template (translation #3) and the model answered: gibberish words, a real end of turn.
  const [withResults] = await readPayloadsOf(page, 'tab-model.prompt-with-results');
  expect((withResults as { prompt: string }).prompt).toContain('<tool_response>');
  const [answer] = (await readPayloadsOf(page, 'tab-model.output.answer')) as { finish_reason: string }[];
  expect(answer!.finish_reason).toBe('stop');

  // Nothing went to a model over HTTP: every request of the run went to this app (its MCP server), none to /mock.
  const origin = new URL(page.url()).origin;
  const duringRun = sent.slice(before);
  expect(duringRun.some((url) => url.includes('/mcp'))).toBe(true);
  expect(duringRun.filter((url) => url.includes('/mock/') || (!url.startsWith(origin) && !url.startsWith('blob:') && !url.startsWith('data:')))).toEqual([]);
  // The policy let the WebAssembly compile and the worker start, and refused nothing on the way.
  expect(await readPolicyViolations(page)).toEqual([]);
});

test('with the grammar off the model writes unaided: no grammar step, and a random model writes no call', async ({ page }) => {
  const file = await writeTinyModelFile();
  await openApp(page);
  await page.getByTestId('model-settings-button').click();
  const dialog = page.getByRole('dialog', { name: 'Model and wire format' });
  await dialog.getByTestId('model-kind-tab').check();
  await dialog.getByTestId('tab-model-grammar').uncheck();
  await dialog.getByTestId('tab-model-file').setInputFiles(file);
  await expect(dialog.getByTestId('tab-model-loaded')).toBeVisible({ timeout: 120_000 });
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await runToEnd(page);
  // Random weights write no call unaided: no grammar step, and the model's text is its answer.
  expect(await page.locator('[data-testid="timeline-step"][data-step-id="host.tool-grammar"]').count()).toBe(0);
  expect(await page.locator('[data-testid="timeline-step"][data-step-id="tab-model.output.tool-calls"]').count()).toBe(0);
});

test('a model URL that is not http(s) is refused by the URL gate before anything is fetched', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (request) => sent.push(request.url()));
  await openApp(page);
  await page.getByTestId('model-settings-button').click();
  const dialog = page.getByRole('dialog', { name: 'Model and wire format' });
  await dialog.getByTestId('model-kind-tab').check();
  const before = sent.length;
  await dialog.getByPlaceholder('https://…/model.gguf').fill('file:///etc/passwd');
  await dialog.getByRole('button', { name: 'Load', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('the URL was refused');
  expect(sent.slice(before).filter((url) => url.includes('passwd'))).toEqual([]);
  await expect(dialog.getByTestId('tab-model-loaded')).toHaveCount(0);
});

test('a model from a URL, kept in the browser: after a reload it is listed with its size, loads from there and runs; Forget removes it', async ({ page }) => {
  const bytes = await readFile(await writeTinyModelFile());
  // Where a learner's model would be: another origin, which allows the explorer's (CORS), on this machine.
  const host = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes.length, 'access-control-allow-origin': '*' }).end(bytes);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  try {
    await openApp(page);
    await page.getByTestId('model-settings-button').click();
    let dialog = page.getByRole('dialog', { name: 'Model and wire format' });
    await dialog.getByTestId('model-kind-tab').check();
    await dialog.getByPlaceholder('https://…/model.gguf').fill(`http://127.0.0.1:${(host.address() as AddressInfo).port}/models/tiny-random-qwen.gguf`);
    await dialog.getByRole('checkbox', { name: /Keep the file in this browser’s storage/ }).check();
    await dialog.getByRole('button', { name: 'Load', exact: true }).click();
    await expect(dialog.getByTestId('tab-model-loaded')).toContainText('Loaded: tiny-random-qwen.gguf', { timeout: 120_000 });
    await expect(dialog.getByText('Kept in this browser')).toBeVisible();

    // The next visit: nothing loaded, the kept file listed with its size, and it loads without the URL.
    host.closeAllConnections();
    await new Promise<void>((resolve) => host.close(() => resolve()));
    await page.reload();
    await expect(findNextButton(page)).toBeVisible();
    await page.getByTestId('model-settings-button').click();
    dialog = page.getByRole('dialog', { name: 'Model and wire format' });
    await dialog.getByTestId('model-kind-tab').check();
    await expect(dialog.getByTestId('tab-model-loaded')).toHaveCount(0);
    await expect(dialog.getByText(/tiny-random-qwen\.gguf \(0\.4 MB\)/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Load tiny-random-qwen.gguf' }).click();
    await expect(dialog.getByTestId('tab-model-loaded')).toContainText('Loaded: tiny-random-qwen.gguf', { timeout: 120_000 });
    await dialog.getByRole('button', { name: 'Forget tiny-random-qwen.gguf' }).click();
    await expect(dialog.getByText('Kept in this browser')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await runToEnd(page);
    await expect(page.getByTestId('run-status')).toContainText('complete');
    // Forgotten is gone from the browser's storage, not only from the list.
    expect(
      await page.evaluate(async () =>
        (await Promise.all((await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((request) => request.url))))
          .flat()
          .filter((url) => url.includes('.gguf')),
      ),
    ).toEqual([]);
  } finally {
    host.closeAllConnections();
    host.close();
  }
});

test('loading from a URL shows the bytes read so far and Cancel stops it: no model loaded, and the learner is told', async ({ page }) => {
  const bytes = await readFile(await writeTinyModelFile());
  // A host that sends half the file and then nothing: the load is still reading when the learner cancels.
  const host = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes.length, 'access-control-allow-origin': '*' });
    response.write(bytes.subarray(0, 200_000));
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  try {
    await openApp(page);
    await page.getByTestId('model-settings-button').click();
    const dialog = page.getByRole('dialog', { name: 'Model and wire format' });
    await dialog.getByTestId('model-kind-tab').check();
    await dialog.getByPlaceholder('https://…/model.gguf').fill(`http://127.0.0.1:${(host.address() as AddressInfo).port}/tiny-random-qwen.gguf`);
    await dialog.getByRole('button', { name: 'Load', exact: true }).click();
    await expect(dialog.getByTestId('tab-model-progress')).toContainText('Reading the file: 0.2 MB of 0.4 MB');
    await dialog.getByTestId('tab-model-progress').getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Loading was cancelled: no model is loaded.');
    await expect(dialog.getByTestId('tab-model-progress')).toHaveCount(0);
    await expect(dialog.getByTestId('tab-model-loaded')).toHaveCount(0);
  } finally {
    host.closeAllConnections();
    host.close();
  }
});

test('a model URL whose file is over 2 GB is refused by its declared size before its bytes are read, and the learner is told why and what to choose', async ({
  page,
}) => {
  let sentBody = false;
  const host = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': 3 * 1024 ** 3, 'access-control-allow-origin': '*' });
    response.flushHeaders();
    setTimeout(() => {
      sentBody = true;
      response.write(Buffer.alloc(1024));
    }, 5_000);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  try {
    await openApp(page);
    await page.getByTestId('model-settings-button').click();
    const dialog = page.getByRole('dialog', { name: 'Model and wire format' });
    await dialog.getByTestId('model-kind-tab').check();
    await dialog.getByPlaceholder('https://…/model.gguf').fill(`http://127.0.0.1:${(host.address() as AddressInfo).port}/huge.gguf`);
    await dialog.getByRole('button', { name: 'Load', exact: true }).click();
    await expect(dialog.getByRole('alert')).toContainText(
      /The file is 3\.00 GB: llama\.cpp in a browser tab holds a model file in one block of at most 2 GB\. Choose a smaller quantization/,
    );
    expect(sentBody).toBe(false);
    await expect(dialog.getByTestId('tab-model-loaded')).toHaveCount(0);
  } finally {
    host.closeAllConnections();
    host.close();
  }
});

test('a GGUF file cut short is refused with what llama.cpp said, never shown as loaded', async ({ page }) => {
  const whole = await writeTinyModelFile();
  const cut = whole.replace(/\.gguf$/, '-cut.gguf');
  // Its header and metadata whole, its last tensors' data missing: the explorer's own reader finds nothing wrong.
  const bytes = await readFile(whole);
  await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length * 0.9)));
  await openApp(page);
  await page.getByTestId('model-settings-button').click();
  const dialog = page.getByRole('dialog', { name: 'Model and wire format' });
  await dialog.getByTestId('model-kind-tab').check();
  await dialog.getByTestId('tab-model-file').setInputFiles(cut);
  await expect(dialog.getByRole('alert')).toContainText('The model could not be loaded: llama.cpp could not load the file (it said: tensor', {
    timeout: 60_000,
  });
  await expect(dialog.getByRole('alert')).toContainText('data is not within the file bounds');
  await expect(dialog.getByRole('alert')).toContainText('The file may be cut short or damaged: download it again.');
  await expect(dialog.getByTestId('tab-model-loaded')).toHaveCount(0);
});

// A host may send a stricter policy of its own than the explorer's: the page's document answered with one source taken out.
for (const { source, allowed, refused, needed } of [
  { source: 'WebAssembly', allowed: "'report-sample' 'wasm-unsafe-eval'", refused: "'report-sample'", needed: "script-src needs 'wasm-unsafe-eval'" },
  { source: 'a blob: worker', allowed: "worker-src 'self' blob:;", refused: "worker-src 'self';", needed: 'worker-src needs blob:' },
]) {
  test(`a page whose policy refuses ${source} says so when a model is opened, and what the host must allow, instead of loading forever`, async ({ page }) => {
    await page.route(
      (url) => url.pathname === '/',
      async (route) => {
        const response = await route.fetch();
        const policy = response.headers()['content-security-policy'] ?? '';
        expect(policy).toContain(allowed);
        await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': policy.replace(allowed, refused) } });
      },
    );
    await openApp(page);
    await page.getByTestId('model-settings-button').click();
    const dialog = page.getByRole('dialog', { name: 'Model and wire format' });
    await dialog.getByTestId('model-kind-tab').check();
    await dialog.getByTestId('tab-model-file').setInputFiles(await writeTinyModelFile());
    await expect(dialog.getByRole('alert')).toContainText(`The model could not be loaded: this page's Content-Security-Policy refuses`);
    await expect(dialog.getByRole('alert')).toContainText(needed);
    await expect(dialog.getByTestId('tab-model-loaded')).toHaveCount(0);
  });
}

// A real model, when the environment names one (as the real-provider tests take keys): TAB_MODEL_PATH=/path/to/qwen2.5-0.5b-instruct-q4_k_m.gguf.
test('a real small model named by TAB_MODEL_PATH calls the add tool and answers 12', async ({ page }) => {
  const file = process.env.TAB_MODEL_PATH;
  test.skip(!file, 'TAB_MODEL_PATH names no GGUF file');
  test.setTimeout(600_000);
  await openApp(page);
  await loadTabModel(page, file!);
  await runToEnd(page);
  await expect(page.getByTestId('run-status')).toContainText('complete');
  const [answer] = (await readPayloadsOf(page, 'tab-model.output.answer')) as { text: string }[];
  expect(answer!.text).toContain('12');
});
