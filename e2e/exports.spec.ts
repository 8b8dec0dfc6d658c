import { expect, test } from '@playwright/test';
import { HarSchema } from '../tests/helpers/har-schema.ts';
import { OtlpTraceRequestSchema } from '../tests/helpers/otlp-json-schema.ts';
import { readMermaidSequence } from '../tests/helpers/read-mermaid-sequence.ts';
import { readPngChunks } from '../tests/helpers/decode-png.ts';
import { downloadFrom, stepUntil } from './helpers.ts';

/** The Export as… menu after a real run in the page: each format downloads a file that its readers accept. */

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

test('the sequence view as an SVG and a PNG for slides: pictures Chromium draws at their size, with the participants named', async ({
  page,
  browser,
}, testInfo) => {
  await page.goto('/');
  await stepUntil(page, 'keyboard', 'host.answer');
  const steps = await page.getByTestId('timeline-step').count();

  const svg = await downloadFrom(page, testInfo, /^Sequence picture \(SVG\)/);
  expect(svg.name).toMatch(/^mcp-lifecycle-[0-9A-Za-z-]+\.svg$/);
  // Chromium's own XML parser and image decoder judge the file, in a page of its own.
  const viewer = await browser.newPage();
  const read = await viewer.evaluate(async (text) => {
    const document = new DOMParser().parseFromString(text, 'image/svg+xml');
    const svgElement = document.documentElement;
    const image = new Image();
    image.src = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
    await image.decode();
    return {
      errors: document.getElementsByTagName('parsererror').length,
      root: svgElement.localName,
      size: [Number(svgElement.getAttribute('width')), Number(svgElement.getAttribute('height'))],
      drawn: [image.naturalWidth, image.naturalHeight],
      participants: [...document.querySelectorAll('[data-participant]')].map((node) => node.textContent),
      arrows: document.querySelectorAll('[data-step-id]').length,
      labels: [...document.querySelectorAll('[data-step-id] text')].map((node) => node.textContent),
    };
  }, svg.text);
  expect(read.errors).toBe(0);
  expect(read.root).toBe('svg');
  expect(read.drawn).toEqual(read.size);
  expect(read.size[0]).toBe(90 + 4 * 170 + 90);
  // The page's sequence view's columns, in its order: one layout for the page and its pictures.
  await page.getByRole('tab', { name: 'Sequence diagram' }).click();
  await expect(page.getByTestId('sequence-headers')).toBeVisible();
  const pageColumns = await page.getByTestId('sequence-headers').locator('text').allTextContents();
  expect(pageColumns).toEqual(['User', 'Host', 'MCP Client', 'MCP Server', 'LLM']);
  expect(read.participants).toEqual(pageColumns);
  expect(read.arrows).toBeGreaterThanOrEqual(Math.max(20, steps));
  expect(read.labels).toContain('12 tools/call add_numbers');
  expect(read.labels).toContain('20 answer: 5 plus 7 is 12.');

  const png = await downloadFrom(page, testInfo, /^Sequence picture \(PNG\)/);
  expect(png.name).toBe(svg.name.replace(/\.svg$/, '.png'));
  const chunks = readPngChunks(png.bytes);
  expect(chunks.every((chunk) => chunk.crcValid)).toBe(true);
  const header = chunks.find((chunk) => chunk.type === 'IHDR')!.data;
  expect([header.readUInt32BE(0), header.readUInt32BE(4)]).toEqual([read.size[0]! * 2, read.size[1]! * 2]);
  const drawnPng = await viewer.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    // Not a blank picture: the first participant's box has dark text in it.
    const box = context.getImageData(90 * 2 - 60, 16, 120, 48).data;
    let dark = 0;
    for (let index = 0; index < box.length; index += 4) if (box[index]! < 100 && box[index + 1]! < 100 && box[index + 2]! < 100) dark += 1;
    return { size: [image.naturalWidth, image.naturalHeight], dark };
  }, png.bytes.toString('base64'));
  expect(drawnPng.size).toEqual([read.size[0]! * 2, read.size[1]! * 2]);
  expect(drawnPng.dark).toBeGreaterThan(20);
  await viewer.close();
});
