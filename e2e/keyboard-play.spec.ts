import { expect, test, type Page } from '@playwright/test';
import { stepUntil } from './helpers.ts';

/** Space toggles Play wherever the learner's focus is, as the shortcut list says: on the graph, the sequence diagram, the page. */

async function expectSpaceToggles(page: Page, where: string): Promise<void> {
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: /^Pause/ }), `Space plays (${where})`).toBeVisible();
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: /^Play/ }), `Space pauses (${where})`).toBeVisible();
}

test('Space plays and pauses after a click on the graph, the page and the sequence diagram', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Speed').selectOption({ label: '0.5×' });
  await stepUntil(page, 'keyboard', 'mcp.tools-list.request');

  // A click on the graph's pane: React Flow's own keyboard handling sees the Space then.
  const graph = page.getByTestId('lifecycle-graph');
  const box = await graph.boundingBox();
  await page.mouse.click((box?.x ?? 0) + 8, (box?.y ?? 0) + (box?.height ?? 0) - 8);
  expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BUTTON');
  await expectSpaceToggles(page, 'graph');

  await page.getByTestId('inspector-title').click();
  await expectSpaceToggles(page, 'inspector text');

  await page.getByRole('tab', { name: 'Sequence diagram' }).click();
  await page.getByTestId('inspector-title').click();
  await expectSpaceToggles(page, 'sequence diagram');
});
