import { readFile, writeFile } from 'node:fs/promises';
import axe from 'axe-core';
import { expect, test, type Page } from '@playwright/test';
import { analyzeWithAxe, selectSeriousViolations } from './analyze-with-axe.ts';
import { runToEnd, stepUntil } from './helpers.ts';

/**
 * A tool result shown as what it is: the image-result scenario's PNG drawn as an <img> from
 * a checked data: URL, and the same run, doctored into an SVG with a script and imported,
 * never drawn (the page names why), with no script run.
 */

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned=1"><script>window.__pwned=1</script></svg>';

const EVERY_RULE = Object.fromEntries(axe.getRules().map((rule) => [rule.ruleId, { enabled: true }]));

/** axe with every rule, AAA contrast included, on the content view alone: nothing serious or critical. */
async function expectAccessibleContent(page: Page) {
  const results = await analyzeWithAxe({ page, options: { rules: EVERY_RULE }, include: '[data-testid="rich-content"]' });
  expect(selectSeriousViolations(results).map((violation) => violation.id)).toEqual([]);
}

async function openToolResult(page: Page) {
  await page.locator('[data-testid="timeline-step"][data-step-id="mcp.tools-call.response"]').first().click();
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-step-id', 'mcp.tools-call.response');
}

test('the bar chart is an <img> from data:image/png; an imported SVG in its place is not drawn', async ({ page }, testInfo) => {
  await page.goto('/');
  await page.getByTestId('scenario-select').selectOption('image-result');
  await runToEnd(page);
  await openToolResult(page);
  const image = page.getByTestId('rich-content').getByTestId('rich-content-image');
  await expect(image).toHaveCount(1);
  expect(await image.getAttribute('src')).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
  // Chromium decoded it: the chart's own size, not a broken-image icon.
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => [element.complete, element.naturalWidth, element.naturalHeight]))
    .toEqual([true, 200, 120]);
  await expect(page.getByTestId('rich-content').locator('li[data-kind="text"]')).toContainText('Bar chart');
  await expectAccessibleContent(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export trace' }).click();
  const file = testInfo.outputPath('image-trace.json');
  await (await download).saveAs(file);
  const trace = JSON.parse(await readFile(file, 'utf8')) as {
    steps: { id: string; payload: { result?: { content: { type: string; data?: string; mimeType?: string }[] } } }[];
  };
  const response = trace.steps.find((step) => step.id === 'mcp.tools-call.response')!;
  for (const block of response.payload.result!.content) {
    if (block.type === 'image') Object.assign(block, { mimeType: 'image/svg+xml', data: Buffer.from(SVG).toString('base64') });
  }
  const doctored = testInfo.outputPath('svg-trace.json');
  await writeFile(doctored, JSON.stringify(trace));

  await page.goto('/');
  await page.getByTestId('import-trace-input').setInputFiles(doctored);
  await expect(page.getByTestId('replay-banner')).toBeVisible();
  await openToolResult(page);
  await expect(page.getByTestId('rich-content').locator('li[data-kind="image"]')).toHaveCount(1);
  await expect(page.getByTestId('rich-content').locator('img, svg image, object, embed, iframe')).toHaveCount(0);
  await expect(page.getByTestId('rich-content-refused')).toContainText('"image/svg+xml"');
  expect(await page.locator('img[src^="data:image/svg"]').count()).toBe(0);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  await expectAccessibleContent(page);
});

test("stepping with Next, the tool result's content view is in the result step's first render, and a provider's reply gets none", async ({ page }) => {
  await page.goto('/');
  // Every commit that shows the tool result's step is looked at as it lands: the view must not come later, above the payload, and move its buttons.
  await page.evaluate(() => {
    const seen: boolean[] = [];
    Object.assign(window, { __contentAtResult: seen });
    new MutationObserver(() => {
      const inspector = document.querySelector('[data-testid="inspector"]');
      if (inspector?.getAttribute('data-step-id') === 'mcp.tools-call.response') seen.push(inspector.querySelector('[data-testid="rich-content"]') !== null);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await stepUntil(page, 'keyboard', 'provider.response.tool-calls');
  await expect(page.getByTestId('payload')).toBeVisible();
  await expect(page.getByTestId('rich-content')).toHaveCount(0);
  await stepUntil(page, 'keyboard', 'mcp.tools-call.response');
  await expect(page.getByTestId('rich-content').locator('li[data-kind="text"]')).toContainText('12');
  const seen = await page.evaluate(() => (window as { __contentAtResult?: boolean[] }).__contentAtResult ?? []);
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.every(Boolean)).toBe(true);
});
