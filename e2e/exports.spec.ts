import { readFile } from 'node:fs/promises';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { HarSchema } from '../tests/helpers/har-schema.ts';
import { OtlpTraceRequestSchema } from '../tests/helpers/otlp-json-schema.ts';
import { readMermaidSequence } from '../tests/helpers/read-mermaid-sequence.ts';
import { stepUntil } from './helpers.ts';

/** The Export as… menu after a real run in the page: each format downloads a file that its readers accept. */

async function downloadFrom(page: Page, testInfo: TestInfo, choice: RegExp): Promise<{ name: string; text: string }> {
  await page.getByRole('button', { name: 'Export as…' }).click();
  const download = page.waitForEvent('download');
  await page.getByTestId('export-menu').getByRole('button', { name: choice }).click();
  const saved = await download;
  const file = testInfo.outputPath(saved.suggestedFilename());
  await saved.saveAs(file);
  await expect(page.getByTestId('export-menu')).toHaveCount(0);
  return { name: saved.suggestedFilename(), text: await readFile(file, 'utf8') };
}

test('HAR, OpenTelemetry and Mermaid downloads of a run, the export code loaded only when asked for', async ({ page }, testInfo) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Export as…' })).toBeDisabled();
  await stepUntil(page, 'keyboard', 'host.answer');
  expect(scripts.filter((url) => url.includes('export-formats'))).toEqual([]);

  const har = await downloadFrom(page, testInfo, /^HAR/);
  expect(har.name).toMatch(/^mcp-lifecycle-[0-9A-Za-z-]+\.har$/);
  const log = HarSchema.parse(JSON.parse(har.text)).log;
  expect(log.entries.map((entry) => entry.request.method)).toEqual(['POST', 'POST', 'GET', 'POST', 'POST', 'POST', 'POST']);
  expect(log.entries.find((entry) => entry.request.postData?.text?.includes('"tools/call"'))?.response.content.mimeType).toBe('text/event-stream');
  expect(scripts.filter((url) => url.includes('export-formats'))).toHaveLength(1);

  const otlp = await downloadFrom(page, testInfo, /^OpenTelemetry \(OTLP JSON\)/);
  expect(otlp.name).toMatch(/\.otlp\.json$/);
  const spans = OtlpTraceRequestSchema.parse(JSON.parse(otlp.text)).resourceSpans[0]!.scopeSpans[0]!.spans;
  expect(spans.map((span) => span.name)).toContain('tools/call add_numbers');
  expect(new Set(spans.map((span) => span.traceId)).size).toBe(1);

  const mermaid = await downloadFrom(page, testInfo, /^Mermaid/);
  expect(mermaid.name).toMatch(/\.mmd$/);
  const statements = readMermaidSequence(mermaid.text);
  expect(statements).toContainEqual({ type: 'message', from: 'client', arrow: '->>', to: 'server', label: '12 tools/call add_numbers' });
  expect(statements).toContainEqual({ type: 'message', from: 'host', arrow: '-->>', to: 'user', label: '20 answer: 5 plus 7 is 12.' });
});

test('the menu closes with Escape and gives the focus back to its button', async ({ page }) => {
  await page.goto('/');
  await stepUntil(page, 'keyboard', 'mcp.initialize.request');
  const toggle = page.getByRole('button', { name: 'Export as…' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.getByTestId('export-menu').getByRole('button', { name: /^HAR/ }).focus();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('export-menu')).toHaveCount(0);
  await expect(toggle).toBeFocused();
});
