import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { stepUntil } from './helpers.ts';

/** Export a real run, import it back: the same steps replay with no server and no key. */

test('export then import gives the same steps, labelled as a replay', async ({ page }, testInfo) => {
  await page.goto('/');
  await stepUntil(page, 'keyboard', 'host.answer');
  const recorded = await page.getByTestId('timeline-step').allInnerTexts();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export trace' }).click();
  const file = testInfo.outputPath('exported-trace.json');
  await (await download).saveAs(file);
  const exported = JSON.parse(await readFile(file, 'utf8'));
  expect(exported).toMatchObject({ format: 'mcp-lifecycle-trace', version: 1, answer: '5 plus 7 is 12.', status: 'complete' });

  // A fresh page, and no server traffic after the page loads: the replay needs none.
  await page.goto('/');
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.getByTestId('import-trace-input').setInputFiles(file);
  await expect(page.getByTestId('replay-banner')).toContainText('Replay of an imported trace');
  await expect(page.getByTestId('timeline-step')).toHaveCount(recorded.length);
  expect(await page.getByTestId('timeline-step').allInnerTexts()).toEqual(recorded);
  for (let press = 1; press < recorded.length; press++) await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('answer')).toContainText('5 plus 7 is 12.');
  // By path, not by text: the page's own chunks load as they are needed, and one is named mcp-headers-….js.
  expect(requests.filter((url) => /^\/(mcp|mock)(\/|$)/.test(new URL(url).pathname))).toEqual([]);

  await page.getByRole('button', { name: 'Back to live runs' }).click();
  await expect(page.getByTestId('replay-banner')).toHaveCount(0);
  await expect(page.getByTestId('timeline-step')).toHaveCount(0);
});

test('a hostile or damaged file is refused with a clear reason, and the run on show is kept', async ({ page }, testInfo) => {
  await page.goto('/');
  await stepUntil(page, 'keyboard', 'mcp.tools-list.request');
  const before = await page.getByTestId('timeline-step').count();

  const notJson = testInfo.outputPath('page.json');
  await (await import('node:fs/promises')).writeFile(notJson, '<html><img src=x onerror="window.__pwned=1"></html>');
  await page.getByTestId('import-trace-input').setInputFiles(notJson);
  await expect(page.getByTestId('import-error')).toContainText('page.json is not JSON');
  // The live run is untouched: the same step on show, nothing removed from the timeline.
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-step-id', 'mcp.tools-list.request');
  expect(await page.getByTestId('timeline-step').count()).toBeGreaterThanOrEqual(before);
  await expect(page.getByTestId('replay-banner')).toHaveCount(0);

  const otherVersion = testInfo.outputPath('future.json');
  await (await import('node:fs/promises')).writeFile(otherVersion, JSON.stringify({ format: 'mcp-lifecycle-trace', version: 7, steps: [] }));
  await page.getByTestId('import-trace-input').setInputFiles(otherVersion);
  await expect(page.getByTestId('import-error')).toContainText('version 7; this explorer reads version 1');

  const hostile = testInfo.outputPath('hostile.json');
  const markup = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>';
  await (
    await import('node:fs/promises')
  ).writeFile(
    hostile,
    JSON.stringify({
      format: 'mcp-lifecycle-trace',
      version: 1,
      question: markup,
      answer: markup,
      status: 'complete',
      startedAt: '2026-11-30T12:00:00.000Z',
      model: { wire: 'openai-chat', kind: 'mock', name: markup },
      mcp: { url: 'http://127.0.0.1/mcp', era: '2025-11-25', protocolVersion: null },
      steps: [
        {
          n: 1,
          id: 'host.answer',
          canonical: 20,
          iteration: 1,
          phase: 'response',
          from: 'host',
          to: 'user',
          kind: 'response',
          title: markup,
          payload: { answer: markup },
          at: 0,
        },
      ],
    }),
  );
  await page.getByTestId('import-trace-input').setInputFiles(hostile);
  await expect(page.getByTestId('replay-banner')).toBeVisible();
  await expect(page.getByTestId('answer')).toContainText('<img src=x onerror=');
  await expect(page.getByTestId('inspector-title')).toHaveText(markup);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.locator('main img, main script').count()).toBe(0);
});

test('an imported trace holding very long strings, deep nesting and broken Unicode replays as text, and the page stays responsive', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await stepUntil(page, 'keyboard', 'host.answer');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export trace' }).click();
  const exportedFile = testInfo.outputPath('real-run.json');
  await (await download).saveAs(exportedFile);

  // A real run, doctored as someone handing out a trace might: every step's title and
  // the tool result carry markup, a lone surrogate, 200,000 characters and 500 levels.
  const markup = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>';
  let deep: unknown = 'bottom';
  for (let level = 0; level < 500; level++) deep = { inner: deep };
  const hostileText = `${markup} broken \ud800 unicode ${'z'.repeat(200_000)}`;
  const trace = JSON.parse(await readFile(exportedFile, 'utf8')) as {
    answer: string;
    steps: { id: string; title: string; payload: unknown; http?: { responseBody?: string; sse?: { data: string }[] } }[];
  };
  trace.answer = hostileText;
  for (const step of trace.steps) {
    step.title = `${step.title} ${markup} \udfff`;
    if (step.id === 'mcp.tools-call.response') {
      step.payload = { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: hostileText }], structuredContent: { nested: deep } } };
      // The HTTP view shows the raw answer: here an SSE stream whose last frame is the hostile text.
      const lastFrame = step.http?.sse?.at(-1);
      if (lastFrame) lastFrame.data = hostileText;
    }
    if (step.id === 'host.answer') step.payload = { answer: hostileText };
  }
  const hostileFile = testInfo.outputPath('doctored-run.json');
  // JSON.stringify writes a lone surrogate as the escape \ud800, as any exporter would.
  await (await import('node:fs/promises')).writeFile(hostileFile, JSON.stringify(trace));

  await page.goto('/');
  await page.getByTestId('import-trace-input').setInputFiles(hostileFile);
  await expect(page.getByTestId('replay-banner')).toContainText('Replay of an imported trace');
  await expect(page.getByTestId('timeline-step')).toHaveCount(trace.steps.length);

  const started = Date.now();
  await stepUntil(page, 'keyboard', 'mcp.tools-call.response', 40);
  await expect(page.getByTestId('inspector')).toContainText('<img src=x onerror=');
  await page.getByTestId('inspector').getByRole('button', { name: 'Tree' }).click();
  await page.getByTestId('inspector').getByRole('button', { name: 'Raw JSON' }).click();
  await page.getByTestId('inspector').getByRole('tab', { name: 'HTTP' }).click();
  await expect(page.getByTestId('http-view')).toContainText('<img src=x onerror=');
  await stepUntil(page, 'keyboard', 'host.answer', 40);
  await expect(page.getByTestId('answer')).toContainText(`${markup} broken`);
  expect(Date.now() - started).toBeLessThan(60_000);

  const pressed = Date.now();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('inspector')).not.toHaveAttribute('data-step-id', 'host.answer');
  expect(Date.now() - pressed).toBeLessThan(5000);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.locator('img[src="x"], main script').count()).toBe(0);
});

test('an imported trace nested past the depth bound replays, and the replay banner says what was cut', async ({ page }, testInfo) => {
  await page.goto('/');
  await stepUntil(page, 'keyboard', 'host.answer');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export trace' }).click();
  const exportedFile = testInfo.outputPath('real-run.json');
  await (await download).saveAs(exportedFile);
  let deep: unknown = 'bottom';
  for (let level = 0; level < 1500; level++) deep = { inner: deep };
  const trace = JSON.parse(await readFile(exportedFile, 'utf8')) as { steps: { id: string; payload: unknown }[] };
  for (const step of trace.steps)
    if (step.id === 'mcp.tools-call.response') step.payload = { jsonrpc: '2.0', id: 2, result: { content: [], structuredContent: { nested: deep } } };
  const deepFile = testInfo.outputPath('deep-run.json');
  await (await import('node:fs/promises')).writeFile(deepFile, JSON.stringify(trace));

  await page.goto('/');
  await page.getByTestId('import-trace-input').setInputFiles(deepFile);
  await expect(page.getByTestId('replay-banner')).toContainText('Replay of an imported trace');
  await expect(page.getByTestId('import-cut')).toContainText('deep-run.json nests its data more than 1000 levels deep');
  await expect(page.getByTestId('timeline-step')).toHaveCount(trace.steps.length);
});
