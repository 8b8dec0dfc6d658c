import { expect, test, type Page } from '@playwright/test';
import { readMermaidSequence } from '../tests/helpers/read-mermaid-sequence.ts';
import { downloadFrom, readPayload, stepUntil } from './helpers.ts';

/** Edits the model's tools/call (a = 100) at translation #2, as a learner would, and sends it. */
async function editToolCall(page: Page): Promise<void> {
  await stepUntil(page, 'keyboard', 'host.translate-tool-call');
  await page.getByRole('button', { name: 'Edit before sending' }).click();
  const editor = page.getByRole('dialog', { name: /Edit before sending/ });
  const text = await editor.getByLabel('Message (JSON)').inputValue();
  await editor.getByLabel('Message (JSON)').fill(text.replace('"a": 5', '"a": 100'));
  await editor.getByRole('button', { name: 'Send edited message' }).click();
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-step-id', 'mcp.tools-call.request');
}

/** A message the learner edited says so everywhere it shows, beside what the host wrote, and what follows from it credits the learner. */

test('an edited tools/call is marked as the learner’s, beside the original, and the answer says it follows from the edit', async ({ page }) => {
  await page.goto('/');
  await editToolCall(page);

  const inspector = page.getByTestId('inspector');
  await expect(inspector.getByTestId('edited-badge')).toHaveText('Edited by you');
  await expect(page.getByTestId('step-caption')).toContainText('edited by you');
  await expect(page.locator('[data-testid="timeline-step"][aria-current="step"]')).toContainText('edited by you');
  await expect(page.locator('[data-testid="timeline-step"][aria-current="step"]')).toHaveAccessibleName(/edited by you$/);

  // What was sent, and beside it what the host wrote, each change marked as the learner's.
  const sent = inspector.getByTestId('payload-highlighted');
  const original = inspector.getByTestId('payload-original-highlighted');
  await expect(sent.locator('[data-path="params.arguments.a"]')).toContainText('100');
  await expect(sent.locator('[data-path="params.arguments.a"]')).toContainText('edited by you: the host wrote 5');
  await expect(original.locator('[data-path="params.arguments.a"]')).toContainText('5');
  await expect(original.locator('[data-path="params.arguments.a"]')).toContainText('you sent 100 instead');
  // The narration no longer says the model wrote what the learner wrote.
  await expect(sent).toContainText('written by the model, now an object, then edited by you');
  expect(await readPayload(page)).toMatchObject({ params: { arguments: { a: 100, b: 7 } } });

  // What follows answers the learner's version, and says so.
  await stepUntil(page, 'keyboard', 'mcp.tools-call.response');
  await expect(inspector.getByTestId('follows-edit')).toContainText('Follows from your edit at step 12 (Client sends tools/call)');
  await expect(inspector.getByTestId('edited-badge')).toHaveCount(0);
  await stepUntil(page, 'keyboard', 'host.answer');
  await expect(page.getByTestId('answer')).toContainText('5 plus 7 is 107.');
  await expect(page.getByTestId('answer-edit-note')).toContainText('follows from your edit at step 12');

  // An unedited run carries none of it.
  await page.keyboard.press('r');
  await stepUntil(page, 'keyboard', 'mcp.tools-call.request');
  await expect(inspector.getByTestId('edited-badge')).toHaveCount(0);
  await expect(inspector.getByTestId('follows-edit')).toHaveCount(0);
});

test('the pictures mark the edited message as the page does: the sequence view, the Mermaid text, the SVG and the PNG drawn from it', async ({
  page,
  browser,
}, testInfo) => {
  await page.goto('/');
  await editToolCall(page);
  await stepUntil(page, 'keyboard', 'host.answer');

  await page.getByRole('tab', { name: 'Sequence diagram' }).click();
  const marked = page.getByTestId('sequence-step').filter({ has: page.getByTestId('sequence-edited') });
  await expect(marked).toHaveCount(1);
  await expect(marked).toHaveAttribute('data-step-id', 'mcp.tools-call.request');
  await expect(marked).toContainText('tools/call (edited by you)');

  const mermaid = await downloadFrom(page, testInfo, /^Mermaid/);
  const messages = readMermaidSequence(mermaid.text).flatMap((statement) => (statement.type === 'message' ? [statement.label] : []));
  expect(messages.filter((label) => label.includes('(edited by you)'))).toEqual(['12 tools/call add_numbers (edited by you)']);

  const svg = await downloadFrom(page, testInfo, /^Sequence picture \(SVG\)/);
  const viewer = await browser.newPage();
  const edited = await viewer.evaluate((text) => {
    const document = new DOMParser().parseFromString(text, 'image/svg+xml');
    return [...document.querySelectorAll('[data-edited="true"]')].map((group) => ({
      id: group.getAttribute('data-step-id'),
      label: group.querySelector('text')?.textContent,
      fill: group.querySelector('text')?.getAttribute('fill'),
    }));
  }, svg.text);
  expect(edited).toEqual([{ id: 'mcp.tools-call.request', label: '12 tools/call add_numbers (edited by you)', fill: '#a21caf' }]);

  // The PNG is the SVG drawn: the mark's fuchsia is in it (no arrow or other label is drawn in that colour).
  const png = await downloadFrom(page, testInfo, /^Sequence picture \(PNG\)/);
  const fuchsia = await viewer.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let count = 0;
    for (let index = 0; index < data.length; index += 4)
      if (Math.abs(data[index]! - 162) < 24 && data[index + 1]! < 60 && Math.abs(data[index + 2]! - 175) < 24) count += 1;
    return count;
  }, png.bytes.toString('base64'));
  expect(fuchsia, 'fuchsia pixels of the mark in the PNG').toBeGreaterThan(50);
  await viewer.close();
});
