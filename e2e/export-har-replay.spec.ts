import { readFile, writeFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { HarSchema, type HarFile } from '../tests/helpers/har-schema.ts';
import { readServerSentEvents } from '../tests/helpers/read-server-sent-events.ts';
import { runTraceCli } from '../tests/helpers/run-trace-cli.ts';
import { TraceSchema, type HttpExchange } from '../src/trace/trace.ts';
import { stepUntil } from './helpers.ts';

/**
 * Playwright as a HAR reader we did not write: routeFromHAR serves the exported file's
 * responses, with notFound 'abort' so nothing reaches a real server. Each recorded MCP
 * and model request is sent again from a page on its origin, with its method and body,
 * and must come back with the recorded status, headers and body, event streams included.
 */

/** Headers a page may set on fetch and that MCP and the model read: the others are the browser's own. */
const SENT_HEADERS = new Set(['content-type', 'accept', 'mcp-session-id', 'mcp-protocol-version', 'last-event-id', 'traceparent']);

type Replayed = { status: number; headers: Record<string, string>; body: string };

/** The exchanges the run itself recorded (its exported trace), by what was sent: what the replay must give back. */
function indexRecorded(exchanges: HttpExchange[]): Map<string, HttpExchange> {
  return new Map(exchanges.map((http) => [`${http.method} ${http.url} ${http.requestBody ?? ''}`, http]));
}

function expectAsRecorded({ replayed, recorded, label }: { replayed: Replayed; recorded: HttpExchange | undefined; label: string }): void {
  expect(recorded, label).toBeDefined();
  expect(replayed.status, label).toBe(recorded!.status);
  if (recorded!.sse)
    expect(
      readServerSentEvents(replayed.body, { ended: true }).map((frame) => frame.data),
      label,
    ).toEqual(recorded!.sse.map((frame) => frame.data));
  else expect(replayed.body, label).toBe(recorded!.responseBody ?? '');
}

async function replayHar({
  browser,
  file,
  har,
  recorded,
}: {
  browser: Browser;
  file: string;
  har: HarFile;
  recorded?: Map<string, HttpExchange>;
}): Promise<void> {
  const context = await browser.newContext();
  await context.routeFromHAR(file, { notFound: 'abort' });
  const origin = new URL(har.log.entries[0]!.request.url).origin;
  // A blank page on the recorded origin, so its fetches are same-origin; added after the HAR, so it wins for this one address.
  await context.route(`${origin}/__har-replay__`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>replay</title>' }),
  );
  const page: Page = await context.newPage();
  await page.goto(`${origin}/__har-replay__`);
  const answered = har.log.entries.filter((entry) => entry.response.status > 0);
  expect(answered.length).toBeGreaterThanOrEqual(5);
  for (const [index, entry] of answered.entries()) {
    const headers = Object.fromEntries(
      entry.request.headers.filter((header) => SENT_HEADERS.has(header.name.toLowerCase())).map((header) => [header.name, header.value]),
    );
    const replayed: Replayed = await page.evaluate(
      async ({ url, method, headers, body }) => {
        const response = await fetch(url, { method, headers, ...(body === undefined ? {} : { body }) });
        return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
      },
      { url: entry.request.url, method: entry.request.method, headers, body: entry.request.postData?.text },
    );
    const label = `entry ${index}: ${entry.request.method} ${entry.request.url} ${entry.request.postData?.text?.slice(0, 60) ?? ''}`;
    expect(replayed.status, label).toBe(entry.response.status);
    expect(replayed.body, label).toBe(entry.response.content.text ?? '');
    if (recorded)
      expectAsRecorded({ replayed, recorded: recorded.get(`${entry.request.method} ${entry.request.url} ${entry.request.postData?.text ?? ''}`), label });
    for (const header of entry.response.headers) {
      if (['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'set-cookie'].includes(header.name.toLowerCase())) continue;
      expect(replayed.headers[header.name.toLowerCase()], `${label} ${header.name}`).toBe(header.value);
    }
  }
  // notFound 'abort': a request the file does not hold never reaches a server.
  const unrecorded = await page.evaluate(
    async (url) =>
      fetch(url, { method: 'POST', body: '{}' }).then(
        () => 'answered',
        () => 'aborted',
      ),
    `${origin}/mcp?not-recorded`,
  );
  expect(unrecorded).toBe('aborted');
  const streams = answered.filter((entry) => entry.response.content.mimeType.startsWith('text/event-stream'));
  expect(streams.length).toBeGreaterThanOrEqual(1);
  expect(answered.some((entry) => entry.request.url.includes('/mock/'))).toBe(true);
  expect(answered.some((entry) => entry.request.url.endsWith('/mcp'))).toBe(true);
  await context.close();
}

async function downloadHar(page: Page, testInfo: TestInfo): Promise<string> {
  await page.getByRole('button', { name: 'Export as…' }).click();
  const download = page.waitForEvent('download');
  await page.getByTestId('export-menu').getByRole('button', { name: /^HAR/ }).click();
  const file = testInfo.outputPath((await download).suggestedFilename());
  await (await download).saveAs(file);
  return file;
}

test("the page's HAR download replays in Playwright: every MCP and model exchange answers as recorded", async ({ page, browser }, testInfo) => {
  await page.goto('/');
  await stepUntil(page, 'keyboard', 'host.answer');
  const file = await downloadHar(page, testInfo);
  const traceDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export trace' }).click();
  const traceFile = testInfo.outputPath('run.json');
  await (await traceDownload).saveAs(traceFile);
  const trace = TraceSchema.parse(JSON.parse(await readFile(traceFile, 'utf8')));
  const recorded = indexRecorded(trace.steps.flatMap((step) => (step.http ? [step.http] : [])));
  await replayHar({ browser, file, har: HarSchema.parse(JSON.parse(await readFile(file, 'utf8'))), recorded });
});

test("the CLI's --har replays in Playwright, its server long gone", async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const result = await runTraceCli(['--har', '--stream']);
  expect(result.code, result.stderr).toBe(0);
  const file = testInfo.outputPath('cli-run.har');
  await writeFile(file, result.stdout);
  const har = HarSchema.parse(JSON.parse(result.stdout));
  // The model's reply streamed too: two kinds of event stream, MCP's and the provider's.
  expect(har.log.entries.filter((entry) => entry.response.content.mimeType.startsWith('text/event-stream')).length).toBeGreaterThanOrEqual(2);
  await replayHar({ browser, file, har });
});
